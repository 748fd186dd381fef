"""What the dealing domain says when input is wrong, as data: a code and its parameters.

(And two things that are not errors: a delayed value's format, shown next to the field where it
is entered, and what an audit of a commitment checked and found.)

The checks of cards, hands and deals (``cards.py``), calls and auctions (``auction.py``),
perfect auctions (``perfect_auction.py``), deal numbers (``numbering.py``), dealing keys
(``generator.py``), commitments' texts and delayed values (``commitment.py``) and the readers of board files (``formats/``: PBN with its analysis tags from ``analysis.py``, DUP, DLM, LIN, CSV)
raise a :class:`~dealing.domain.errors.DealingError` made from a ``Text(code, params)``. ``str(text)``
is the English sentence, from the templates in ``ENGLISH`` below: it is what commands print,
what doctests show and what ``str(error)`` gives. The Django layer (``dealing/texts.py``) says
the same code in the reader's language. Parameters are numbers, strings, seats and suits
(``cards.Seat``/``cards.Suit``: their English names are ``name.title()``/``name.lower()``),
tuples of them, or further ``Text``\\ s: an error inside another ("call 5: …", "North's hand: …")
or the reason a call is illegal.

``Text`` is built on ``clubs.domain.text.TextBase`` (code, parameters, English, nesting), as the
movements domain's is. This module implements no source document; it only holds the domain's words.

>>> t = Text.of("call.at", position=2, error=Text.of("call.unknown", text="1Z"))
>>> str(t)
"call 2: '1Z' is not a call: write P, X, XX or a bid from 1C to 7NT"
>>> [inner.code for inner in t.texts()]
['call.at', 'call.unknown']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from clubs.domain.text import TextBase

if TYPE_CHECKING:
    from dealing.domain.cards import Seat


class Text(TextBase):
    """A message of the dealing domain (its templates: ``ENGLISH`` below)."""

    kind = "dealing"


def seat_name(seat: Seat) -> str:
    """``North`` … (a ``cards.Seat``; imported for the type checker only, cards.py imports this module's users)."""
    return seat.name.title()


# A template's parameters are as varied as the messages (numbers, strings, seats, suits, tuples, nested texts)
# and each template reads its own by name: Any, not a type per code.
_Template = Callable[[dict[str, Any]], str]

#: A JSON value's kind as a message names it (a commitment's field or a log entry of another kind than it should be).
JSON_KINDS = {
    "null": "null",
    "boolean": "true or false",
    "object": "an object",
    "list": "a list",
    "text": "text",
    "whole": "a whole number",
    "number": "a number",
}


def json_kind(value: object) -> str:
    """The :data:`JSON_KINDS` key of a value read from JSON (``json.loads`` gives dict, list, str, int, float, bool,
    None)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict):
        return "object"
    return {str: "text", int: "whole", float: "number"}.get(type(value), "list")


# What the perfect-auction system asks of the player to call (Kersey's words; F and S are the
# two cards being located), used after "<who> must ".
RULES: dict[str, _Template] = {
    "rule.both_one_neither": lambda p: (
        f"bid with both {p['F']} and {p['S']}, double with one of them, or pass with neither"
    ),
    "rule.first_second_neither": lambda p: f"bid with {p['F']}, redouble with {p['S']}, or pass with neither",
    "rule.located": lambda p: f"bid: {p['F']} and {p['S']} are located",
    "rule.first_or_pass": lambda p: f"bid with {p['F']}, or pass without it",
    "rule.second_or_redouble": lambda p: f"bid with {p['S']}, or redouble without it",
    "rule.first_or_pass_second": lambda p: f"bid with {p['F']}, or pass with {p['S']}",
    "rule.both_or_pass": lambda p: f"bid with both {p['F']} and {p['S']}, or pass otherwise",
    "rule.both_or_double": lambda p: f"bid with both {p['F']} and {p['S']}, or double otherwise",
    "rule.redouble_first": lambda p: f"redouble with {p['F']}, or pass without it",
    "rule.pass_neither": lambda p: f"pass (holding neither {p['F']} nor {p['S']})",
    "rule.second_or_pass": lambda p: f"bid with {p['S']}, or pass without it",
    "rule.holding_second": lambda p: f"bid, holding {p['S']}",
}


def _expectation(p: dict[str, Any]) -> str:
    context = f"after {seat_name(p['bidder'])}'s {p['bid']}"
    if p["made"]:
        context += f" ({', '.join(str(m) for m in p['made'])})"
    return f"{context}, {p['must']}"


ENGLISH: dict[str, _Template] = {
    # cards.py
    "seat.unknown": lambda p: f"unknown seat {p['text']!r}: expected N, E, S or W",
    "suit.unknown": lambda p: f"unknown suit {p['text']!r}: expected S, H, D or C",
    "strain.unknown": lambda p: f"unknown strain {p['text']!r}: expected C, D, H, S or NT",
    "rank.unknown": lambda p: f"unknown rank {p['text']!r}: expected A, K, Q, J, T (or 10), 9 … 2",
    "card.index": lambda p: f"card index {p['index']} is outside 0 … 51",
    "card.unknown": lambda p: f"unknown card {p['text']!r}: write a suit and a rank, like HT or SA",
    "hand.suits": lambda p: f"hand {p['text']!r} must have four suits separated by dots (S.H.D.C)",
    "hand.rank": lambda p: f"hand {p['text']!r}: {p['char']!r} is not a rank in {p['suit'].name.lower()}",
    "hand.twice": lambda p: f"hand {p['text']!r} lists a card twice",
    "deal.cards": lambda p: f"a deal places 52 cards, not {p['count']}",
    "deal.counts": lambda p: (
        "every hand must have 13 cards (" + ", ".join(f"{letter} {n}" for letter, n in zip("NESW", p["counts"])) + ")"
    ),
    "deal.hand_size": lambda p: f"{seat_name(p['seat'])}'s hand has {p['count']} cards, not 13",
    "deal.card_twice": lambda p: (
        f"{p['card']} is in both {seat_name(p['first'])}'s and {seat_name(p['second'])}'s hands"
    ),
    "deal.three_hands": lambda p: "a deal needs at least three hands; the fourth can be worked out",
    "deal.pbn_parts": lambda p: f"a PBN deal has four hands separated by spaces, not {p['count']}: {p['text']!r}",
    "deal.hand": lambda p: f"{seat_name(p['seat'])}'s hand: {p['error']}",
    "vulnerability.unknown": lambda p: f"unknown vulnerability {p['text']!r}: expected None, NS, EW or All",
    "board.number": lambda p: f"board numbers start at 1, not {p['board']!r}",
    # auction.py
    "bid.level": lambda p: f"a bid's level is 1 … 7, not {p['level']!r}",
    "bid.index": lambda p: f"bid index {p['index']} is outside 0 … 34",
    # contract.py
    "contract.format": lambda p: (
        f"{p['text']!r} is not a contract: write a level 1 … 7, a strain C, D, H, S or NT "
        "and X or XX when doubled or redoubled (e.g. 4S, 3NTX)"
    ),
    "contract.doubling": lambda p: f"a contract is undoubled (0), doubled (1) or redoubled (2), not {p['value']!r}",
    "contract.tricks": lambda p: f"tricks taken are 0 … 13, not {p['tricks']!r}",
    "contract.penalty": lambda p: f"no number of undertricks costs {p['penalty']} points",
    "call.code": lambda p: f"call code {p['value']!r} is outside 0 … 37",
    "call.unknown": lambda p: f"{p['text']!r} is not a call: write P, X, XX or a bid from 1C to 7NT",
    "call.at": lambda p: f"call {p['position']}: {p['error']}",
    "call.all_pass_last": lambda p: f"call {p['position']}: {p['token']!r} (all pass) must be the last call",
    "call.all_pass_ended": lambda p: (
        f"call {p['position']}: {p['token']!r} (all pass) follows an auction that has already ended"
    ),
    "call.named": lambda p: f"call {p['position']} ({seat_name(p['seat'])}: {p['call']})",
    "call.illegal": lambda p: f"{p['call']} is illegal: {p['reason']}",
    "illegal.ended": lambda p: "the auction has already ended",
    "illegal.no_bid_to_double": lambda p: "there is no bid to double",
    "illegal.double_own_side": lambda p: f"{p['bid']} was bid by your own side; you may double only an opponent's bid",
    "illegal.already_doubled": lambda p: f"{p['bid']} is already doubled",
    "illegal.already_redoubled": lambda p: f"{p['bid']} is already redoubled",
    "illegal.no_bid_to_redouble": lambda p: "there is no bid to redouble",
    "illegal.redouble_opponents": lambda p: f"{p['bid']} was bid by an opponent; you may redouble only your side's bid",
    "illegal.not_doubled": lambda p: f"{p['bid']} is not doubled",
    "illegal.not_higher": lambda p: f"{p['bid']} is not higher than the last bid, {p['last']}",
    "auction.no_contract": lambda p: "the auction has not ended yet, so it has no final contract",
    # play.py (Play it again: a card refused)
    "play.at": lambda p: f"card {p['position']}: {p['error']}",
    "play.over": lambda p: "all thirteen tricks have been played",
    "play.turn": lambda p: (
        f"{p['card']} is {seat_name(p['holder'])}'s card; it is {seat_name(p['seat'])}'s turn to play"
    ),
    "play.played": lambda p: f"{p['card']} has already been played (by {seat_name(p['seat'])}, trick {p['trick']})",
    "play.follow": lambda p: (
        f"{seat_name(p['seat'])} must follow suit in {p['suit'].name.lower()} "
        f"({seat_name(p['seat'])} holds {', '.join(p['holding'])})"
    ),
    # perfect_auction.py
    "dealer.error": lambda p: f"dealer: {p['error']}",
    "scheme.not_a_deal": lambda p: f"expected a Deal, not {p['type']}",
    "scheme.against": lambda p: f"{p['call']} does not fit the scheme: {p['reason']}",
    "scheme.empty": lambda p: "the auction is empty: it starts with the dealer's call",
    "scheme.unfinished": lambda p: f"the auction is unfinished: after {p['call']} {p['reason']}",
    "scheme.too_many": lambda p: (
        f"{p['call']} {p['what']}, giving {seat_name(p['seat'])} {p['count']} cards; a hand has 13"
    ),
    "scheme.shows": lambda p: f"shows every card from {p['first']} to {p['last']}",
    "scheme.places": lambda p: (
        f"places {p['F']} with {seat_name(p['f_seat'])} and {p['S']} with {seat_name(p['s_seat'])}"
    ),
    "scheme.impossible": lambda p: (
        f"{p['call']} is impossible: wherever the calls so far allow {p['F']} and "
        f"{p['S']} to lie, {' or '.join(seat_name(s) for s in p['seats'])} would hold "
        "more than 13 cards"
    ),
    "scheme.ended": lambda p: "the auction has ended",
    "scheme.must_open": lambda p: "someone holds ♠A and must open; a deal cannot be passed out",
    "scheme.open_with_bid": lambda p: "the holder of ♠A opens with a bid",
    "scheme.above_last_step": lambda p: "no bid goes above 6♣, the last step",
    "scheme.higher": lambda p: "a bid must be higher than the last",
    "scheme.after_last_step": lambda p: "every step is located after 6♣; three passes end the auction",
    "scheme.open_or_pass": lambda p: f"{seat_name(p['seat'])} must open holding ♠A, or pass without it",
    "scheme.passes_left": lambda p: f"three passes end the auction after 6♣ ({p['count']} more)",
    "scheme.must": lambda p: f"{seat_name(p['seat'])} must {p['rule']}",
    "scheme.expectation": _expectation,
    "scheme.passed": lambda p: f"{seat_name(p['seat'])} passed",
    "scheme.doubled": lambda p: f"{seat_name(p['seat'])} doubled",
    "scheme.redoubled": lambda p: f"{seat_name(p['seat'])} redoubled",
    **RULES,
    # numbering.py
    "number.whole": lambda p: f"a deal number must be a whole number, not {p['number']!r}",
    "number.range": lambda p: f"a deal number must be 0 … {p['last']} (D − 1), not {p['number']}",
    "number.hex": lambda p: f"{p['text']!r} is not a hexadecimal deal number",
    "number.digits": lambda p: f"{p['text']!r} is not a deal number: write digits 0-9 (or 0x and hex digits)",
    "number.bytes": lambda p: f"a deal number is 12 bytes, not {p['count']}",
    # any file format
    "line": lambda p: f"line {p['line']}: {p['error']}",
    # analysis.py (the analysis tags of a PBN file)
    "table.tricks": lambda p: f"{p['seat']} {p['strain']}: {p['tricks']} tricks is not 0 … 13",
    "table.lacks": lambda p: f"the double-dummy table lacks {', '.join(p['missing'])}",
    "table.twice": lambda p: f"{p['seat']} {p['strain']} appears twice in the table",
    "tricks.pbn": lambda p: (
        f"DoubleDummyTricks must be 20 hex digits 0 … d (N, S, E, W × NT, S, H, D, C), not {p['text']!r}"
    ),
    "par.format": lambda p: f"par contract {p['text']!r} is not like 'NS 4S+1' or 'E 5DX-2'",
    "par.redoubled": lambda p: f"par contract {p['text']!r}: a par contract is never redoubled",
    "par.tricks": lambda p: f"par contract {p['text']!r} takes {p['tricks']} tricks",
    "optimum.format": lambda p: f"OptimumScore {p['text']!r} is not like 'NS 620' or 'EW 450'",
    # formats/__init__.py (writing a dealing-machine file)
    "format.max_board": lambda p: f"format {p['format']} holds boards 1 … {p['max']}; board {p['board']} is too high",
    # formats/pbn.py
    "pbn.tag": lambda p: f"tag {p['tag']}: {p['error']}",
    "pbn.outside_tag": lambda p: f"unexpected text {p['text']!r} outside a tag",
    "pbn.malformed_tag": lambda p: (
        f'malformed tag {p["text"]!r}; expected [{p["tag"] if p["tag"] != "?" else "Name"} "value"]'
    ),
    "pbn.unclosed_brace": lambda p: "a { comment is never closed with }",
    "pbn.nul": lambda p: "a NUL character (byte 0): this is not a PBN text file",
    "pbn.inheritance": lambda p: f"the value {p['value']!r} (inheritance) is not allowed for {p['tag']} (PBN §4.8)",
    "pbn.board": lambda p: f"a board number is a whole number from 1, not {p['text']!r}",
    "pbn.column": lambda p: f"{p['tag']}: column {p['column']!r} has a bad width/alignment \\{p['spec']}",
    "pbn.row": lambda p: f"row {p['row']!r}: {p['error']}",
    "pbn.unclosed_quote": lambda p: f"row {p['row']!r} has an unclosed quote",
    "pbn.columns": lambda p: f"row {p['row']!r} has {p['count']} columns, not {p['columns']}",
    "pbn.header": lambda p: f"the header {p['header']!r} lacks Declarer, Denomination or Result",
    "pbn.result": lambda p: f"invalid literal for int() with base 10: {p['text']!r}",
    # formats/duplimate.py
    "dup.size": lambda p: f"a DUP file is 156 bytes per board; this one has {p['count']} bytes",
    "dup.record": lambda p: f"DUP record {p['record']} (byte {p['byte']}): {p['error']}",
    "dup.digits": lambda p: "the card numbers are not 78 digits",
    "dup.card_number": lambda p: f"card number {p['number']:02d} is not 01 … 52",
    "dup.card_twice": lambda p: f"card {p['card']} (number {p['number']:02d}) is given twice",
    "dup.screen": lambda p: "the on-screen cards (DGE part) differ from the card numbers",
    "dup.trailer": lambda p: f"the trailer {p['trailer']!r} does not start with YN1",
    "dlm.no_equals": lambda p: f"DLM line {p['text']!r} has no '='",
    "dlm.range_lines": lambda p: "a DLM file needs numeric 'From board' and 'To board' lines",
    "dlm.range": lambda p: f"DLM boards {p['low']} … {p['high']} are not a range within 1 … {p['max']}",
    "dlm.duplicates": lambda p: f"DLM 'Duplicates={p['value']}' is not a number",
    "dlm.header_checksum": lambda p: f"DLM header checksum is {p['value']}, expected {p['expected']}",
    "dlm.lacks": lambda p: f"DLM file lacks board {p['board']}",
    "dlm.board": lambda p: f"Board {p['board']:02d}: {p['error']}",
    "dlm.letters": lambda p: f"{p['value']!r} is not 26 letters a … p and a 3-digit checksum",
    "dlm.checksum": lambda p: f"checksum {p['checksum']:03d}, expected {p['expected']:03d}",
    # formats/lin.py
    "lin.md": lambda p: f"md: {p['error']}",
    "lin.dealer": lambda p: f"md|{p['text']}: the dealer digit must be 1 (S), 2 (W), 3 (N) or 4 (E)",
    "lin.board": lambda p: f"board number {p['text']}… is too long to be a board",
    "lin.suit_first": lambda p: f"hand {p['text']!r} has a card before any suit letter",
    "lin.hand_size": lambda p: f"{seat_name(p['seat'])}'s hand {p['text']!r} has {p['count']} cards, not 13",
    # generator.py (a key given for a deal set)
    "key.length": lambda p: f"a dealing key is {p['digits']} hex digits (256 bits), not {p['count']}",
    "key.hex": lambda p: f"a dealing key is hex digits only; {p['char']!r} is not one",
    # commitment.py (a commitment's texts and its delayed value)
    "text.empty": lambda p: f"the {p['name']} is empty",
    "text.too_long": lambda p: f"the {p['name']} is at most {p['limit']} characters, not {p['count']}",
    "commitment.sessions": lambda p: f"a commitment covers 1 … {p['max']} sessions, not {p['count']}",
    "commitment.canonical": lambda p: (
        f"the {p['name']} {p['value']!r} is not in canonical form (expected "
        f"{p['expected']!r}: NFC, single spaces, no control characters)"
    ),
    "commitment.label": lambda p: (
        f"session label {p['label']!r} must be 1–100 characters of letters, digits and "
        ". _ / : - (starting with a letter or digit)"
    ),
    "commitment.dv_format": lambda p: (
        f"unknown delayed-value format {p['dv_format']!r}: expected decimal:0 … decimal:{p['max']} or text"
    ),
    "commitment.hex": lambda p: f"the {p['name']} must be {p['digits']} lowercase hex digits",
    "commitment.boards": lambda p: (
        f"session {p['label']}: the number of boards must be 1 … {p['max']}, not {p['boards']!r}"
    ),
    "commitment.label_twice": lambda p: f"two sessions have the label {p['label']!r}; labels must differ",
    "commitment.format": lambda p: f"unknown commitment format {p['format']!r}: this program reads {p['known']}",
    "commitment.dealer": lambda p: f"unknown dealer {p['dealer']!r}: this program implements {p['known']}",
    "commitment.no_session": lambda p: f"no session labelled {p['label']!r} in this commitment",
    "dv.not_canonical": lambda p: f"the delayed value {p['dv']!r} is not in canonical form; write {p['canonical']!r}",
    # commitment.py: a commitment's JSON (published.json, revealed.json) that is not one
    "commitment_json.object": lambda p: f"a commitment is a JSON object, not {JSON_KINDS[p['kind']]}",
    "commitment_json.missing": lambda p: f"the commitment has no {p['name']!r} field",
    "commitment_json.field": lambda p: (
        f"the commitment's {p['name']!r} is {JSON_KINDS[p['kind']]}, not {JSON_KINDS[p['expected']]}"
    ),
    "commitment_json.session": lambda p: (
        f"session {p['position']} is {JSON_KINDS[p['kind']]}, not an object with label and boards"
    ),
    "dv.empty": lambda p: "the delayed value is empty",
    "dv.too_long": lambda p: f"the delayed value is at most {p['max']} characters",
    "dv.not_number": lambda p: f"the delayed value {p['value']!r} is not a number ({p['format']})",
    "dv.decimals": lambda p: (
        f"the delayed value {p['value']!r} must have exactly {p['decimals']} digit"
        f"{'s' if p['decimals'] > 1 else ''} after the decimal point ({p['format']})"
    ),
    "dv.groups_whole": lambda p: (
        f"the delayed value {p['value']!r} is not a whole number ({p['format']}): thousands "
        "separators must group three digits"
    ),
    "dv_format.text": lambda p: "text (spaces and case as published; runs of spaces count as one)",
    "dv_format.whole": lambda p: "a whole number, e.g. 43276",
    "dv_format.decimals": lambda p: (
        f"a number with exactly {p['decimals']} digit{'s' if p['decimals'] > 1 else ''} "
        f"after the decimal point, e.g. {p['example']}"
    ),
    "dv.groups_decimals": lambda p: (
        f"the delayed value {p['value']!r} is not exactly {p['decimals']} digits after the "
        f"decimal point ({p['format']}): thousands separators must group three digits"
    ),
    # commitment.py: what an audit checked (the title) and found
    "audit.revealed": lambda p: "revealed",
    "audit.record_unchanged": lambda p: "record unchanged",
    "audit.hash": lambda p: "commitment hash",
    "audit.dv": lambda p: "delayed value",
    "audit.deals": lambda p: "deals",
    "audit.deals_of": lambda p: f"deals of {p['label']}",
    "audit.not_revealed": lambda p: (
        "the secret key has not been revealed yet; the hash and the deals can be checked once it is"
    ),
    "audit.record_same": lambda p: "the revealed record repeats the published one field for field",
    "audit.record_differs": lambda p: (
        f"the revealed record differs from the published one in: {', '.join(p['fields'])}"
    ),
    "audit.hash_same": lambda p: f"SHA-256 of the record with the revealed key is {p['computed']}, as published",
    "audit.hash_differs": lambda p: (
        f"SHA-256 of the record with the revealed key is {p['computed']}; the published hash is {p['published']}"
    ),
    "audit.dv_canonical": lambda p: f"DV {p['dv']} is a canonical {p['format']} value ({p['description']})",
    "audit.recomputed": lambda p: (
        f"{p['deals']} deals recomputed in {p['sessions']} session(s); no hand records given to compare"
    ),
    "audit.boards_match": lambda p: f"all {p['boards']} boards match the commitment",
    "audit.problems": lambda p: (
        "; ".join(map(str, p["problems"])) + (f"; and {p['more']} more" if p["more"] > 0 else "")
    ),
    "audit.board_count": lambda p: f"{p['played']} boards played, {p['committed']} committed",
    "audit.not_dealt": lambda p: f"board {p['board']} was not dealt",
    "audit.board_differs": lambda p: f"board {p['board']} is {p['played']}, the commitment gives {p['committed']}",
    # publication_log.py: what the checker of a club's publication log found (each names the entry)
    "log.position": lambda p: (
        f"the entry at place {p['place']} has position {p['position']}: an entry before it is missing"
        if p["position"] > p["place"]
        else f"the entry at place {p['place']} has position {p['position']}: an entry is repeated or out of place"
    ),
    "log.changed": lambda p: (
        f"entry {p['position']} ({p['act']}) was changed after it was written: it hashes to "
        f"{p['computed']}, not to the recorded {p['recorded']}"
    ),
    "log.genesis": lambda p: (
        f"entry {p['position']} is first but names {p['previous']} as the previous hash, not "
        "64 zeros: the entries before it are missing"
    ),
    "log.previous": lambda p: (
        f"entry {p['position']} does not follow entry {p['before']}: it names {p['previous']} "
        f"as the previous hash, but entry {p['before']} has {p['expected']}"
    ),
    "log.time": lambda p: (
        f"entry {p['position']} is dated {p['time']}, before entry {p['before']} ({p['before_time']})"
    ),
    "log_json.entries": lambda p: f"the log's entries are {JSON_KINDS[p['kind']]}, not a list",
    "log_json.entry": lambda p: f"the entry at place {p['place']} is {JSON_KINDS[p['kind']]}, not a JSON object",
    "log_json.missing": lambda p: f"the entry at place {p['place']} has no {p['name']}",
    "log_json.field": lambda p: (
        f"the entry at place {p['place']}: {p['name']} is {JSON_KINDS[p['kind']]}, not {JSON_KINDS[p['expected']]}"
    ),
    "log_json.data": lambda p: f"the entry at place {p['place']}: data must be an object whose values are texts",
    "log.head_missing": lambda p: f"the log has no entry {p['position']}: the head noted ({p['noted']}) is gone",
    "log.head_differs": lambda p: (
        f"entry {p['position']} has the hash {p['hash']}, not {p['noted']} as noted: the log was rewritten up to it"
    ),
    "acts.data": lambda p: (
        f"entry {p['position']}: {p['act']} with the data {', '.join(p['names']) or '(none)'} is not an act of this log"
    ),
    "acts.published_twice": lambda p: f"entry {p['position']}: the commitment is published a second time",
    "acts.before_published": lambda p: f"entry {p['position']}: {p['act']} before the commitment was published",
    "acts.after_reveal": lambda p: f"entry {p['position']}: {p['act']} after the key was revealed",
    "acts.no_dv": lambda p: f"entry {p['position']}: {p['act']} before the delayed value was entered",
    "acts.dv_again": lambda p: f"entry {p['position']}: the delayed value is entered a second time",
    "acts.previous_dv": lambda p: (
        f"entry {p['position']}: corrects the delayed value {p['previous']}, but the value entered was {p['entered']}"
    ),
    "acts.dv_after_dealing": lambda p: (
        f"entry {p['position']}: the delayed value changes after a session was dealt with it"
    ),
    "acts.dv_format": lambda p: (
        f"entry {p['position']}: the delayed value {p['dv']} is not a canonical {p['format']} value"
    ),
    "acts.unknown_session": lambda p: (
        f"entry {p['position']}: {p['act']} of {p['label']}, a session the commitment does not have"
    ),
    "acts.boards": lambda p: (
        f"entry {p['position']}: {p['label']} dealt with {p['boards']} boards, the commitment has {p['committed']}"
    ),
    "acts.download_before_dealt": lambda p: (
        f"entry {p['position']}: a file of {p['label']} downloaded before the session was dealt from the commitment"
    ),
    "acts.revealed_dv": lambda p: (
        f"entry {p['position']}: revealed with the delayed value {p['dv']}, but the value entered was {p['entered']}"
    ),
    "acts.key": lambda p: (
        f"entry {p['position']}: the revealed key does not give the commitment hash (the record with "
        f"it hashes to {p['computed']})"
    ),
    # squaredeal.py: a SquareDeal event's .sqd (description) and .sqk (keys)
    "sqd.boards_zero": lambda p: f"a session has at least one board, not {p['text']}",
    "sqd.boards_range": lambda p: (
        f"boards {p['text']!r}: {p['part']!r} is not a board range like 1-16 (write 16, 1-16,17-32, 3x7 or ?)"
    ),
    "sqd.boards_empty": lambda p: f"boards {p['text']!r}: range {p['part']} is empty or starts below 1",
    "sqd.boards_high": lambda p: (
        f"boards {p['text']!r}: {p['part']!r} goes beyond board {p['max']:,}, the last BigDeal deals"
    ),
    "sqd.boards_ranges": lambda p: (
        f"boards {p['text']!r}: {p['count']:,} board ranges, more than the {p['max']} a phase may cycle through"
    ),
    "sqd.session_number": lambda p: f"sessions are numbered from 1, not {p['session']}",
    "sqd.phase_sessions": lambda p: (
        f"phase {p['phase']} ({p['description']}) has {p['sessions']} sessions, not {p['session']}"
    ),
    "sqd.boards_open": lambda p: f"phase {p['phase']} leaves the number of boards open (?): say which boards",
    "sqd.phase_number": lambda p: f"the tournament has phases 1 … {p['count']}, not {p['number']}",
    "sqd.twice": lambda p: f"a second {p['tag']} line (the first is line {p['first']})",
    "sqd.kh_format": lambda p: f"KH must be 64 hex digits (a SHA-256), not {p['text']!r}",
    "sqd.unknown_line": lambda p: f"unknown line {p['text']!r}: expected TN, DI, DV, SN, KH or a # comment",
    "sqd.no_tn": lambda p: "the .sqd file has no TN (tournament name) line",
    "sqd.no_sn": lambda p: "the .sqd file has no SN (phase) line",
    "sqd.sn_parts": lambda p: f"SN needs nsessions:boards:fileprefix:description, not {p['text']!r}",
    "sqd.sn_count": lambda p: f"SN: the number of sessions must be a number ≥ 0, not {p['text']!r}",
    "sqd.sn": lambda p: f"SN: {p['error']}",
    "sqd.sn_prefix": lambda p: "SN: the file prefix is empty",
    "sqd.dv_empty": lambda p: "the delayed value is empty",
    "sqd.no_dv": lambda p: "the .sqd file has no DV (delayed value) yet: deals cannot be made before it is known",
    "sqk.no_key": lambda p: f"the .sqk file has no key for phase {p['phase']}, session {p['session']}",
    "sqk.not_key_line": lambda p: f"not a key line {p['text']!r}…: expected phase,session:key",
    "sqk.empty_key": lambda p: f"phase {p['phase']}, session {p['session']} has an empty key",
    "sqk.second_key": lambda p: (
        f"phase {p['phase']}, session {p['session']} has a second key (first on line {p['first']})"
    ),
    "sqk.no_keys": lambda p: "the .sqk file holds no keys",
    "sqk.no_kh": lambda p: "the .sqd file has no KH line: the tournament was never published",
    "sqk.length": lambda p: f"{p['length']} characters, the others {p['usual']}",
    "sqk.characters": lambda p: f"characters {p['characters']!r}",
    "sqk.suspect": lambda p: f"line {p['line']} ({p['phase']},{p['session']}: {'; '.join(map(str, p['problems']))})",
    "sqk.kh_mismatch": lambda p: (
        "the key file does not match the published commitment: SHA-256 of the .sqk is "
        f"{p['computed']}, but KH"
        + (f" (line {p['kh_line']} of the .sqd)" if p["kh_line"] else "")
        + f" is {p['published']}"
        + (f"; suspicious key lines: {', '.join(map(str, p['suspects']))}" if p["suspects"] else "")
    ),
    "sqk.missing": lambda p: (
        f"the .sqk file has no key for session(s) {p['sessions']}" + (f" and {p['more']} more" if p["more"] else "")
    ),
    # squaredeal_audit.py: an event's hand records (each error names the file)
    "records.file": lambda p: f"{p['file']}: {p['error']}",
    "records.no_deals": lambda p: "the file holds no deals",
    "records.no_board": lambda p: "a deal without a Board tag",
    "records.board_twice": lambda p: f"board {p['board']} is here twice (first on line {p['first']})",
    "records.order": lambda p: f"unknown order {p['order']!r}: sqd, names or auto",
    "records.name": lambda p: (
        f"its name names no session of the event (SquareDeal names the files {p['examples']}), "
        f"and a file of all deals would hold the event's {p['total']} boards, not {p['count']}"
    ),
    "records.all_count": lambda p: (
        f"{p['count']} deals, but the event has {p['total']} boards in {p['sessions']} "
        "sessions: a file of all deals holds one deal per board of every session, in order"
    ),
    "records.all_open": lambda p: (
        f"phase {p['phase']} ({p['description']}) leaves its sessions or boards open, so "
        "a file of all deals cannot say which deal is which board: give its hand records "
        f"as files named by session, like {p['example']}.pbn"
    ),
    "records.twice": lambda p: f"{p['session']} is also in {p['other']}: give each session's hand records once",
    # squaredeal_audit.py: an event larger than an audit takes (each error names the SN line, or the file)
    "limit.phase_sessions": lambda p: (
        f"phase {p['phase']} ({p['description']}) has {p['sessions']:,} sessions, more "
        f"than the {p['max']} an audit takes in a phase"
    ),
    "limit.session_boards": lambda p: (
        f"phase {p['phase']} ({p['description']}) has sessions of {p['count']:,} boards "
        f"({p['boards']}), more than the {p['max']} an audit takes in a session"
    ),
    "limit.event_deals": lambda p: (
        f"up to phase {p['phase']} ({p['description']}) the event has {p['total']:,} "
        f"deals, more than the {p['max']:,} an audit deals"
    ),
    "limit.board_span": lambda p: (
        f"board {p['board']}: the session would hold boards {p['first']} to {p['board']}, "
        f"{p['count']:,} boards, more than the {p['max']} an audit takes in a session"
    ),
    "limit.audit_deals": lambda p: (
        f"with this file the audit would deal {p['total']:,} deals, more than the {p['max']:,} an audit deals"
    ),
    # formats/csv_format.py
    "csv.line": lambda p: f"not a CSV line: {p['detail']}",
    "csv.fields": lambda p: f"a BigDeal CSV line has 18 fields (16 holdings, board, dealer/vul), not {p['count']}",
    "csv.board": lambda p: f"board number {p['text']!r} is not a whole number from 1",
    "csv.dealer": lambda p: f"board {p['board']}: dealer/vulnerability {p['given']!r}, expected {p['expected']!r}",
}
Text.templates = ENGLISH

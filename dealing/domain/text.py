"""What the dealing domain says when input is wrong, as data: a code and its parameters.

(And two things that are not errors: a delayed value's format, shown next to the field where it
is entered, and what an audit of a commitment checked and found.)

The checks of cards, hands and deals (``cards.py``), calls and auctions (``auction.py``),
perfect auctions (``perfect_auction.py``), deal numbers (``numbering.py``), dealing keys
(``generator.py``), commitments' texts and delayed values (``commitment.py``) and the readers of board files (``formats/``: PBN with its analysis tags from ``analysis.py``, DUP, DLM, LIN, CSV)
raise a :class:`~dealing.domain.errors.DealingError` made from a ``Text(code, params)``. Each sentence is
written once, in ``TEMPLATES`` below (every msgid a literal, so ``make messages`` extracts it; Polish is in
``locale/pl/glossary.json``): ``str(text)`` says it in English (what commands print, what doctests show and
what ``str(error)`` gives); the Django layer's ``clubsite.texts.render`` says it in the reader's language, seats
as the site's Polish names (Północ, Wschód, Południe, Zachód) with their genitive where a sentence needs it
("ręka Północy"). Parameters are numbers, strings, seats and suits
(``cards.Seat``/``cards.Suit``: their English names are ``name.title()``/``name.lower()``),
tuples of them, or further ``Text``\\ s: an error inside another ("call 5: …", "North's hand: …")
or the reason a call is illegal.

``Text`` is built on ``bridge.text.TextBase`` (code, parameters, English, nesting), as the
movements domain's is. This module implements no source document; it only holds the domain's words.

>>> from bridge import words
>>> t = Text.of("dealer.error", error=words.Text.of("seat.unknown", text="Q"))
>>> str(t)
"dealer: unknown seat 'Q': expected N, E, S or W"
>>> [inner.code for inner in t.texts()]
['dealer.error', 'seat.unknown']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import SupportsInt

from bridge.text import Params, Template, TextBase, ngettext, number_format, pgettext, render
from bridge.text import gettext as _
from bridge.words import held_by, in_suit, quoted, said, seat, whose


class Text(TextBase):
    """A message of the dealing domain (its templates: ``TEMPLATES`` below)."""

    kind = "dealing"


def json_kind(value: object) -> str:
    """The kind (a key of :func:`json_kind_words`) of a value read from JSON (``json.loads`` gives dict, list, str, int, float, bool,
    None)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict):
        return "object"
    return {str: "text", int: "whole", float: "number"}.get(type(value), "list")


def json_kind_words(kind: str) -> str:
    """A JSON value's kind (:func:`json_kind`) in words."""
    return {
        "null": "null",
        "boolean": pgettext("a JSON value", "true or false"),
        "object": pgettext("a JSON value", "an object"),
        "list": pgettext("a JSON value", "a list"),
        "text": pgettext("a JSON value", "text"),
        "whole": pgettext("a JSON value", "a whole number"),
        "number": pgettext("a JSON value", "a number"),
    }[kind]


def _grouped(p: Params, *names: str) -> Params:
    """The parameters with the numbers ``names`` written with thousands separators (``1,000``; Polish ``1 000``)."""
    return said(p, **{name: number_format(p[name], force_grouping=True) for name in names})


def _too_many(p: Params) -> str:
    n = p["count"]
    return ngettext(
        "%(call)s %(what)s, giving %(seat)s %(count)d cards; a hand has 13",
        "%(call)s %(what)s, giving %(seat)s %(count)d cards; a hand has 13",
        n,
    ) % said(p, seat=seat(p["seat"]))


def _either(seats: Sequence[SupportsInt]) -> str:
    said = seat(seats[0])
    for other in seats[1:]:
        said = _("%(first)s or %(second)s") % {"first": said, "second": seat(other)}
    return said


def _unfinished(p: Params) -> str:
    call = p["call"].params  # a "call.named" text: said here as "after call 5 (…)"
    after = _("after call %(position)s (%(seat)s: %(call)s)") % {**call, "seat": seat(call["seat"])}
    return _("the auction is unfinished: %(after)s %(reason)s") % {"after": after, "reason": render(p["reason"])}


def _expectation(p: Params) -> str:
    args = said(p, whose=whose(p["bidder"]), made=", ".join(render(m) for m in p["made"]))
    if p["made"]:
        return _("after %(whose)s %(bid)s (%(made)s), %(must)s") % args
    return _("after %(whose)s %(bid)s, %(must)s") % args


def act_name(act: str) -> str:
    """An act of the publication log (``dealing.domain.publication_log.ACTS``): its id in English, words in Polish."""
    names = {
        "published": _("published"),
        "dv-entered": _("dv-entered"),
        "dv-corrected": _("dv-corrected"),
        "session-dealt": _("session-dealt"),
        "deal-file-downloaded": _("deal-file-downloaded"),
        "revealed": _("revealed"),
    }
    return names.get(act, act)


def _act(p: Params, **changes: object) -> Params:
    return said(p, act=act_name(p["act"]), **changes) if "act" in p else said(p, **changes)


def _problems(p: Params) -> str:
    said = "; ".join(render(problem) for problem in p["problems"])
    return said if p["more"] <= 0 else _("%(problems)s; and %(more)s more") % {"problems": said, "more": p["more"]}


def _kh_mismatch(p: Params) -> str:
    said = (
        _(
            "the key file does not match the published commitment: SHA-256 of the .sqk is %(computed)s, but KH "
            "is %(published)s"
        )
        % p
    )
    if p["kh_line"]:
        said = (
            _(
                "the key file does not match the published commitment: SHA-256 of the .sqk is %(computed)s, but KH "
                "(line %(kh_line)s of the .sqd) is %(published)s"
            )
            % p
        )
    if p["suspects"]:
        said += _("; suspicious key lines: %(lines)s") % {"lines": ", ".join(render(t) for t in p["suspects"])}
    return said


def _malformed_tag(p: Params) -> str:
    if p["tag"] == "?":  # no name to give: the pattern says "Name"
        return _('malformed tag %(text)s; expected [Name "value"]') % quoted(p, "text")
    return _('malformed tag %(text)s; expected [%(tag)s "value"]') % quoted(p, "text")


TEMPLATES: dict[str, Template] = {
    # play.py (Play it again)
    "play.at": lambda p: _("card %(position)s: %(error)s") % said(p),
    "play.over": lambda p: _("all thirteen tricks have been played"),
    "play.turn": lambda p: (
        _("%(card)s is %(holder)s card; it is %(seat)s turn to play")
        % {"card": p["card"], "holder": whose(p["holder"]), "seat": whose(p["seat"])}
    ),
    "play.played": lambda p: (
        _("%(card)s has already been played (by %(seat)s, trick %(trick)s)")
        % {"card": p["card"], "seat": seat(p["seat"]), "trick": p["trick"]}
    ),
    "play.follow": lambda p: (
        _("%(seat)s must follow suit %(in_suit)s (%(seat)s holds %(holding)s)")
        % {"seat": seat(p["seat"]), "in_suit": in_suit(p["suit"]), "holding": ", ".join(p["holding"])}
    ),
    # perfect_auction.py
    "dealer.error": lambda p: _("dealer: %(error)s") % said(p),
    "scheme.not_a_deal": lambda p: _("expected a Deal, not %(type)s") % p,
    "scheme.against": lambda p: _("%(call)s does not fit the scheme: %(reason)s") % said(p),
    "scheme.empty": lambda p: _("the auction is empty: it starts with the dealer's call"),
    "scheme.unfinished": _unfinished,
    "scheme.too_many": _too_many,
    "scheme.shows": lambda p: _("shows every card from %(first)s to %(last)s") % p,
    "scheme.places": lambda p: (
        _("places %(F)s %(f_seat)s and %(S)s %(s_seat)s")
        % said(p, f_seat=held_by(p["f_seat"]), s_seat=held_by(p["s_seat"]))
    ),
    "scheme.impossible": lambda p: (
        _(
            "%(call)s is impossible: wherever the calls so far allow %(F)s and %(S)s to "
            "lie, %(seats)s would hold more than 13 cards"
        )
        % said(p, seats=_either(p["seats"]))
    ),
    "scheme.ended": lambda p: _("the auction has ended"),
    "scheme.must_open": lambda p: _("someone holds ♠A and must open; a deal cannot be passed out"),
    "scheme.open_with_bid": lambda p: _("the holder of ♠A opens with a bid"),
    "scheme.above_last_step": lambda p: _("no bid goes above 6♣, the last step"),
    "scheme.higher": lambda p: _("a bid must be higher than the last"),
    "scheme.after_last_step": lambda p: _("every step is located after 6♣; three passes end the auction"),
    "scheme.open_or_pass": lambda p: _("%(seat)s must open holding ♠A, or pass without it") % {"seat": seat(p["seat"])},
    "scheme.passes_left": lambda p: _("three passes end the auction after 6♣ (%(count)s more)") % p,
    "scheme.must": lambda p: _("%(seat)s must %(rule)s") % said(p, seat=seat(p["seat"])),
    "scheme.expectation": _expectation,
    "scheme.passed": lambda p: _("%(seat)s passed") % {"seat": seat(p["seat"])},
    "scheme.doubled": lambda p: _("%(seat)s doubled") % {"seat": seat(p["seat"])},
    "scheme.redoubled": lambda p: _("%(seat)s redoubled") % {"seat": seat(p["seat"])},
    # the perfect-auction system's rules (F and S: the two cards being located)
    "rule.both_one_neither": lambda p: (
        _("bid with both %(F)s and %(S)s, double with one of them, or pass with neither") % p
    ),
    "rule.first_second_neither": lambda p: _("bid with %(F)s, redouble with %(S)s, or pass with neither") % p,
    "rule.located": lambda p: _("bid: %(F)s and %(S)s are located") % p,
    "rule.first_or_pass": lambda p: _("bid with %(F)s, or pass without it") % p,
    "rule.second_or_redouble": lambda p: _("bid with %(S)s, or redouble without it") % p,
    "rule.first_or_pass_second": lambda p: _("bid with %(F)s, or pass with %(S)s") % p,
    "rule.both_or_pass": lambda p: _("bid with both %(F)s and %(S)s, or pass otherwise") % p,
    "rule.both_or_double": lambda p: _("bid with both %(F)s and %(S)s, or double otherwise") % p,
    "rule.redouble_first": lambda p: _("redouble with %(F)s, or pass without it") % p,
    "rule.pass_neither": lambda p: _("pass (holding neither %(F)s nor %(S)s)") % p,
    "rule.second_or_pass": lambda p: _("bid with %(S)s, or pass without it") % p,
    "rule.holding_second": lambda p: _("bid, holding %(S)s") % p,
    # numbering.py
    "number.whole": lambda p: _("a deal number must be a whole number, not %(number)s") % quoted(p, "number"),
    "number.range": lambda p: _("a deal number must be 0 … %(last)s (D − 1), not %(number)s") % p,
    "number.hex": lambda p: _("%(text)s is not a hexadecimal deal number") % quoted(p, "text"),
    "number.digits": lambda p: (
        _("%(text)s is not a deal number: write digits 0-9 (or 0x and hex digits)") % quoted(p, "text")
    ),
    "number.bytes": lambda p: _("a deal number is 12 bytes, not %(count)s") % p,
    # any file format
    # analysis.py (the analysis tags of a PBN file)
    "table.tricks": lambda p: _("%(seat)s %(strain)s: %(tricks)s tricks is not 0 … 13") % p,
    "table.lacks": lambda p: _("the double-dummy table lacks %(missing)s") % {"missing": ", ".join(p["missing"])},
    "table.twice": lambda p: _("%(seat)s %(strain)s appears twice in the table") % p,
    "tricks.pbn": lambda p: (
        _("DoubleDummyTricks must be 20 hex digits 0 … d (N, S, E, W × NT, S, H, D, C), not %(text)s")
        % quoted(p, "text")
    ),
    "par.format": lambda p: _("par contract %(text)s is not like 'NS 4S+1' or 'E 5DX-2'") % quoted(p, "text"),
    "par.redoubled": lambda p: _("par contract %(text)s: a par contract is never redoubled") % quoted(p, "text"),
    "par.tricks": lambda p: _("par contract %(text)s takes %(tricks)s tricks") % quoted(p, "text"),
    "optimum.format": lambda p: _("OptimumScore %(text)s is not like 'NS 620' or 'EW 450'") % quoted(p, "text"),
    # formats/__init__.py (writing a dealing-machine file)
    "format.max_board": lambda p: _("format %(format)s holds boards 1 … %(max)s; board %(board)s is too high") % p,
    # formats/pbn.py
    "pbn.tag": lambda p: _("tag %(tag)s: %(error)s") % said(p),
    "pbn.outside_tag": lambda p: _("unexpected text %(text)s outside a tag") % quoted(p, "text"),
    "pbn.malformed_tag": _malformed_tag,
    "pbn.unclosed_brace": lambda p: _("a { comment is never closed with }"),
    "pbn.nul": lambda p: _("a NUL character (byte 0): this is not a PBN text file"),
    "pbn.inheritance": lambda p: (
        _("the value %(value)s (inheritance) is not allowed for %(tag)s (PBN §4.8)") % quoted(p, "value")
    ),
    "pbn.board": lambda p: _("a board number is a whole number from 1, not %(text)s") % quoted(p, "text"),
    "pbn.column": lambda p: _("%(tag)s: column %(column)s has a bad width/alignment \\%(spec)s") % quoted(p, "column"),
    "pbn.row": lambda p: _("row %(row)s: %(error)s") % quoted(p, "row"),
    "pbn.unclosed_quote": lambda p: _("row %(row)s has an unclosed quote") % quoted(p, "row"),
    "pbn.columns": lambda p: (
        ngettext(
            "row %(row)s has %(count)d columns, not %(columns)s",
            "row %(row)s has %(count)d columns, not %(columns)s",
            p["count"],
        )
        % quoted(p, "row")
    ),
    "pbn.header": lambda p: _("the header %(header)s lacks Declarer, Denomination or Result") % quoted(p, "header"),
    "pbn.result": lambda p: _("invalid literal for int() with base 10: %(text)s") % quoted(p, "text"),
    # formats/duplimate.py
    "dup.size": lambda p: (
        ngettext(
            "a DUP file is 156 bytes per board; this one has %(count)d bytes",
            "a DUP file is 156 bytes per board; this one has %(count)d bytes",
            p["count"],
        )
        % p
    ),
    "dup.record": lambda p: _("DUP record %(record)s (byte %(byte)s): %(error)s") % said(p),
    "dup.digits": lambda p: _("the card numbers are not 78 digits"),
    "dup.card_number": lambda p: _("card number %(number)02d is not 01 … 52") % p,
    "dup.card_twice": lambda p: _("card %(card)s (number %(number)02d) is given twice") % p,
    "dup.screen": lambda p: _("the on-screen cards (DGE part) differ from the card numbers"),
    "dup.trailer": lambda p: _("the trailer %(trailer)s does not start with YN1") % quoted(p, "trailer"),
    "dlm.no_equals": lambda p: _("DLM line %(text)s has no '='") % quoted(p, "text"),
    "dlm.range_lines": lambda p: _("a DLM file needs numeric 'From board' and 'To board' lines"),
    "dlm.range": lambda p: _("DLM boards %(low)s … %(high)s are not a range within 1 … %(max)s") % p,
    "dlm.duplicates": lambda p: _("DLM 'Duplicates=%(value)s' is not a number") % p,
    "dlm.header_checksum": lambda p: _("DLM header checksum is %(value)s, expected %(expected)s") % p,
    "dlm.lacks": lambda p: _("DLM file lacks board %(board)s") % p,
    "dlm.board": lambda p: _("Board %(board)02d: %(error)s") % said(p),
    "dlm.letters": lambda p: _("%(value)s is not 26 letters a … p and a 3-digit checksum") % quoted(p, "value"),
    "dlm.checksum": lambda p: _("checksum %(checksum)03d, expected %(expected)03d") % p,
    # formats/lin.py
    "lin.md": lambda p: _("md: %(error)s") % said(p),
    "lin.dealer": lambda p: _("md|%(text)s: the dealer digit must be 1 (S), 2 (W), 3 (N) or 4 (E)") % p,
    "lin.board": lambda p: _("board number %(text)s… is too long to be a board") % p,
    "lin.suit_first": lambda p: _("hand %(text)s has a card before any suit letter") % quoted(p, "text"),
    "lin.hand_size": lambda p: (
        ngettext(
            "%(whose)s hand %(text)s has %(count)d cards, not 13",
            "%(whose)s hand %(text)s has %(count)d cards, not 13",
            p["count"],
        )
        % quoted(p, "text", whose=whose(p["seat"]))
    ),
    # generator.py (a key given for a deal set)
    "key.length": lambda p: _("a dealing key is %(digits)s hex digits (256 bits), not %(count)s") % p,
    "key.hex": lambda p: _("a dealing key is hex digits only; %(char)s is not one") % quoted(p, "char"),
    # commitment.py (a commitment's texts and its delayed value)
    "text.empty": lambda p: {"event": _("the event is empty"), "promise": _("the promise is empty")}[p["name"]],
    "text.too_long": lambda p: (
        {
            "event": _("the event is at most %(limit)s characters, not %(count)s"),
            "promise": _("the promise is at most %(limit)s characters, not %(count)s"),
        }[p["name"]]
        % p
    ),
    "commitment.sessions": lambda p: _("a commitment covers 1 … %(max)s sessions, not %(count)s") % p,
    "commitment.canonical": lambda p: (
        {
            "event": _(
                "the event %(value)s is not in canonical form (expected %(expected)s: NFC, single spaces, no "
                "control characters)"
            ),
            "promise": _(
                "the promise %(value)s is not in canonical form (expected %(expected)s: NFC, single spaces, no "
                "control characters)"
            ),
        }[p["name"]]
        % quoted(p, "value", "expected")
    ),
    "commitment.label": lambda p: (
        _(
            "session label %(label)s must be 1–100 characters of letters, digits and . _ / : - "
            "(starting with a letter or digit)"
        )
        % quoted(p, "label")
    ),
    "commitment.dv_format": lambda p: (
        _("unknown delayed-value format %(dv_format)s: expected decimal:0 … decimal:%(max)s or text")
        % quoted(p, "dv_format")
    ),
    "commitment.hex": lambda p: (
        {
            "salt": _("the salt must be %(digits)s lowercase hex digits"),
            "commitment": _("the commitment must be %(digits)s lowercase hex digits"),
            "key": _("the key must be %(digits)s lowercase hex digits"),
        }[p["name"]]
        % p
    ),
    "commitment.boards": lambda p: (
        _("session %(label)s: the number of boards must be 1 … %(max)s, not %(boards)s") % quoted(p, "boards")
    ),
    "commitment.label_twice": lambda p: (
        _("two sessions have the label %(label)s; labels must differ") % quoted(p, "label")
    ),
    "commitment.format": lambda p: (
        _("unknown commitment format %(format)s: this program reads %(known)s") % quoted(p, "format")
    ),
    "commitment.dealer": lambda p: (
        _("unknown dealer %(dealer)s: this program implements %(known)s") % quoted(p, "dealer")
    ),
    "commitment.no_session": lambda p: _("no session labelled %(label)s in this commitment") % quoted(p, "label"),
    "dv.not_canonical": lambda p: (
        _("the delayed value %(dv)s is not in canonical form; write %(canonical)s") % quoted(p, "dv", "canonical")
    ),
    # commitment.py: a commitment's JSON that is not one
    "commitment_json.object": lambda p: (
        _("a commitment is a JSON object, not %(kind)s") % said(p, kind=json_kind_words(p["kind"]))
    ),
    "commitment_json.missing": lambda p: _("the commitment has no %(name)s field") % quoted(p, "name"),
    "commitment_json.field": lambda p: (
        _("the commitment's %(name)s is %(kind)s, not %(expected)s")
        % quoted(p, "name", kind=json_kind_words(p["kind"]), expected=json_kind_words(p["expected"]))
    ),
    "commitment_json.session": lambda p: (
        _("session %(position)s is %(kind)s, not an object with label and boards")
        % said(p, kind=json_kind_words(p["kind"]))
    ),
    "dv.empty": lambda p: _("the delayed value is empty"),
    "dv.too_long": lambda p: _("the delayed value is at most %(max)s characters") % p,
    "dv.not_number": lambda p: _("the delayed value %(value)s is not a number (%(format)s)") % quoted(p, "value"),
    "dv.decimals": lambda p: (
        ngettext(
            "the delayed value %(value)s must have exactly %(decimals)d digit after the decimal point (%(format)s)",
            "the delayed value %(value)s must have exactly %(decimals)d digits after the decimal point (%(format)s)",
            p["decimals"],
        )
        % quoted(p, "value")
    ),
    "dv.groups_whole": lambda p: (
        _(
            "the delayed value %(value)s is not a whole number (%(format)s): thousands "
            "separators must group three digits"
        )
        % quoted(p, "value")
    ),
    "dv_format.text": lambda p: _("text (spaces and case as published; runs of spaces count as one)"),
    "dv_format.whole": lambda p: _("a whole number, e.g. 43276"),
    "dv_format.decimals": lambda p: (
        ngettext(
            "a number with exactly %(decimals)d digit after the decimal point, e.g. %(example)s",
            "a number with exactly %(decimals)d digits after the decimal point, e.g. %(example)s",
            p["decimals"],
        )
        % p
    ),
    "dv.groups_decimals": lambda p: (
        ngettext(
            "the delayed value %(value)s is not exactly %(decimals)d digits after the "
            "decimal point (%(format)s): thousands separators must group three digits",
            "the delayed value %(value)s is not exactly %(decimals)d digits after the "
            "decimal point (%(format)s): thousands separators must group three digits",
            p["decimals"],
        )
        % quoted(p, "value")
    ),
    # commitment.py: what an audit checked (the title) and found
    "audit.revealed": lambda p: _("revealed"),
    "audit.record_unchanged": lambda p: _("record unchanged"),
    "audit.hash": lambda p: _("commitment hash"),
    "audit.dv": lambda p: _("delayed value"),
    "audit.deals": lambda p: _("deals"),
    "audit.deals_of": lambda p: _("deals of %(label)s") % p,
    "audit.not_revealed": lambda p: _(
        "the secret key has not been revealed yet; the hash and the deals can be checked once it is"
    ),
    "audit.record_same": lambda p: _("the revealed record repeats the published one field for field"),
    "audit.record_differs": lambda p: (
        _("the revealed record differs from the published one in: %(fields)s") % {"fields": ", ".join(p["fields"])}
    ),
    "audit.hash_same": lambda p: _("SHA-256 of the record with the revealed key is %(computed)s, as published") % p,
    "audit.hash_differs": lambda p: (
        _("SHA-256 of the record with the revealed key is %(computed)s; the published hash is %(published)s") % p
    ),
    "audit.dv_canonical": lambda p: _("DV %(dv)s is a canonical %(format)s value (%(description)s)") % said(p),
    "audit.recomputed": lambda p: (
        _("%(deals)s deals recomputed in %(sessions)s session(s); no hand records given to compare") % p
    ),
    "audit.boards_match": lambda p: _("all %(boards)s boards match the commitment") % p,
    "audit.problems": _problems,
    "audit.board_count": lambda p: _("%(played)s boards played, %(committed)s committed") % p,
    "audit.not_dealt": lambda p: _("board %(board)s was not dealt") % p,
    "audit.board_differs": lambda p: _("board %(board)s is %(played)s, the commitment gives %(committed)s") % p,
    # publication_log.py: what the checker of a club's publication log found
    "log.position": lambda p: (
        (
            _("the entry at place %(place)s has position %(position)s: an entry before it is missing")
            if p["position"] > p["place"]
            else _("the entry at place %(place)s has position %(position)s: an entry is repeated or out of place")
        )
        % p
    ),
    "log.changed": lambda p: (
        _(
            "entry %(position)s (%(act)s) was changed after it was written: it hashes to "
            "%(computed)s, not to the recorded %(recorded)s"
        )
        % _act(p)
    ),
    "log.genesis": lambda p: (
        _(
            "entry %(position)s is first but names %(previous)s as the previous hash, not 64 zeros: "
            "the entries before it are missing"
        )
        % p
    ),
    "log.previous": lambda p: (
        _(
            "entry %(position)s does not follow entry %(before)s: it names %(previous)s as the "
            "previous hash, but entry %(before)s has %(expected)s"
        )
        % p
    ),
    "log.time": lambda p: _("entry %(position)s is dated %(time)s, before entry %(before)s (%(before_time)s)") % p,
    "log_json.entries": lambda p: (
        _("the log's entries are %(kind)s, not a list") % said(p, kind=json_kind_words(p["kind"]))
    ),
    "log_json.entry": lambda p: (
        _("the entry at place %(place)s is %(kind)s, not a JSON object") % said(p, kind=json_kind_words(p["kind"]))
    ),
    "log_json.missing": lambda p: _("the entry at place %(place)s has no %(name)s") % p,
    "log_json.field": lambda p: (
        _("the entry at place %(place)s: %(name)s is %(kind)s, not %(expected)s")
        % said(p, kind=json_kind_words(p["kind"]), expected=json_kind_words(p["expected"]))
    ),
    "log_json.data": lambda p: _("the entry at place %(place)s: data must be an object whose values are texts") % p,
    "log.head_missing": lambda p: _("the log has no entry %(position)s: the head noted (%(noted)s) is gone") % p,
    "log.head_differs": lambda p: (
        _("entry %(position)s has the hash %(hash)s, not %(noted)s as noted: the log was rewritten up to it") % p
    ),
    "acts.data": lambda p: (
        _("entry %(position)s: %(act)s with the data %(names)s is not an act of this log")
        % _act(p, names=", ".join(p["names"]) or _("(none)"))
    ),
    "acts.published_twice": lambda p: _("entry %(position)s: the commitment is published a second time") % p,
    "acts.before_published": lambda p: _("entry %(position)s: %(act)s before the commitment was published") % _act(p),
    "acts.after_reveal": lambda p: _("entry %(position)s: %(act)s after the key was revealed") % _act(p),
    "acts.no_dv": lambda p: _("entry %(position)s: %(act)s before the delayed value was entered") % _act(p),
    "acts.dv_again": lambda p: _("entry %(position)s: the delayed value is entered a second time") % p,
    "acts.previous_dv": lambda p: (
        _("entry %(position)s: corrects the delayed value %(previous)s, but the value entered was %(entered)s") % p
    ),
    "acts.dv_after_dealing": lambda p: (
        _("entry %(position)s: the delayed value changes after a session was dealt with it") % p
    ),
    "acts.dv_format": lambda p: (
        _("entry %(position)s: the delayed value %(dv)s is not a canonical %(format)s value") % p
    ),
    "acts.unknown_session": lambda p: (
        _("entry %(position)s: %(act)s of %(label)s, a session the commitment does not have") % _act(p)
    ),
    "acts.boards": lambda p: (
        _("entry %(position)s: %(label)s dealt with %(boards)s boards, the commitment has %(committed)s") % p
    ),
    "acts.download_before_dealt": lambda p: (
        _("entry %(position)s: a file of %(label)s downloaded before the session was dealt from the commitment") % p
    ),
    "acts.revealed_dv": lambda p: (
        _("entry %(position)s: revealed with the delayed value %(dv)s, but the value entered was %(entered)s") % p
    ),
    "acts.key": lambda p: (
        _(
            "entry %(position)s: the revealed key does not give the commitment hash (the record with "
            "it hashes to %(computed)s)"
        )
        % p
    ),
    # squaredeal.py: a SquareDeal event's .sqd (description) and .sqk (keys)
    "sqd.boards_zero": lambda p: _("a session has at least one board, not %(text)s") % p,
    "sqd.boards_range": lambda p: (
        _("boards %(text)s: %(part)s is not a board range like 1-16 (write 16, 1-16,17-32, 3x7 or ?)")
        % quoted(p, "text", "part")
    ),
    "sqd.boards_empty": lambda p: _("boards %(text)s: range %(part)s is empty or starts below 1") % quoted(p, "text"),
    "sqd.boards_high": lambda p: (
        _("boards %(text)s: %(part)s goes beyond board %(max)s, the last BigDeal deals")
        % quoted(p, "text", "part", max=number_format(p["max"], force_grouping=True))
    ),
    "sqd.boards_ranges": lambda p: (
        _("boards %(text)s: %(count)s board ranges, more than the %(max)s a phase may cycle through")
        % quoted(p, "text", count=number_format(p["count"], force_grouping=True))
    ),
    "sqd.session_number": lambda p: _("sessions are numbered from 1, not %(session)s") % p,
    "sqd.phase_sessions": lambda p: (
        ngettext(
            "phase %(phase)s (%(description)s) has %(sessions)s session, not %(session)s",
            "phase %(phase)s (%(description)s) has %(sessions)s sessions, not %(session)s",
            p["sessions"],
        )
        % p
    ),
    "sqd.boards_open": lambda p: _("phase %(phase)s leaves the number of boards open (?): say which boards") % p,
    "sqd.phase_number": lambda p: _("the tournament has phases 1 … %(count)s, not %(number)s") % p,
    "sqd.twice": lambda p: _("a second %(tag)s line (the first is line %(first)s)") % p,
    "sqd.kh_format": lambda p: _("KH must be 64 hex digits (a SHA-256), not %(text)s") % quoted(p, "text"),
    "sqd.unknown_line": lambda p: (
        _("unknown line %(text)s: expected TN, DI, DV, SN, KH or a # comment") % quoted(p, "text")
    ),
    "sqd.no_tn": lambda p: _("the .sqd file has no TN (tournament name) line"),
    "sqd.no_sn": lambda p: _("the .sqd file has no SN (phase) line"),
    "sqd.sn_parts": lambda p: _("SN needs nsessions:boards:fileprefix:description, not %(text)s") % quoted(p, "text"),
    "sqd.sn_count": lambda p: _("SN: the number of sessions must be a number ≥ 0, not %(text)s") % quoted(p, "text"),
    "sqd.sn": lambda p: _("SN: %(error)s") % said(p),
    "sqd.sn_prefix": lambda p: _("SN: the file prefix is empty"),
    "sqd.dv_empty": lambda p: _("the delayed value is empty"),
    "sqd.no_dv": lambda p: _("the .sqd file has no DV (delayed value) yet: deals cannot be made before it is known"),
    "sqk.no_key": lambda p: _("the .sqk file has no key for phase %(phase)s, session %(session)s") % p,
    "sqk.not_key_line": lambda p: _("not a key line %(text)s…: expected phase,session:key") % quoted(p, "text"),
    "sqk.empty_key": lambda p: _("phase %(phase)s, session %(session)s has an empty key") % p,
    "sqk.second_key": lambda p: (
        _("phase %(phase)s, session %(session)s has a second key (first on line %(first)s)") % p
    ),
    "sqk.no_keys": lambda p: _("the .sqk file holds no keys"),
    "sqk.no_kh": lambda p: _("the .sqd file has no KH line: the tournament was never published"),
    "sqk.length": lambda p: (
        ngettext(
            "%(length)s character, the others %(usual)s", "%(length)s characters, the others %(usual)s", p["length"]
        )
        % p
    ),
    "sqk.characters": lambda p: _("characters %(characters)s") % quoted(p, "characters"),
    "sqk.suspect": lambda p: (
        _("line %(line)s (%(phase)s,%(session)s: %(problems)s)")
        % said(p, problems="; ".join(render(t) for t in p["problems"]))
    ),
    "sqk.kh_mismatch": _kh_mismatch,
    "sqk.missing": lambda p: (
        _("the .sqk file has no key for session(s) %(sessions)s") % p
        + (_(" and %(more)s more") % p if p["more"] else "")
    ),
    # squaredeal_audit.py: an event's hand records (each error names the file)
    "records.file": lambda p: _("%(file)s: %(error)s") % said(p),
    "records.no_deals": lambda p: _("the file holds no deals"),
    "records.no_board": lambda p: _("a deal without a Board tag"),
    "records.board_twice": lambda p: _("board %(board)s is here twice (first on line %(first)s)") % p,
    "records.order": lambda p: _("unknown order %(order)s: sqd, names or auto") % quoted(p, "order"),
    "records.name": lambda p: (
        _(
            "its name names no session of the event (SquareDeal names the files %(examples)s), "
            "and a file of all deals would hold the event's %(total)s boards, not %(count)s"
        )
        % p
    ),
    "records.all_count": lambda p: (
        _(
            "%(count)s deals, but the event has %(total)s boards in %(sessions)s sessions: a "
            "file of all deals holds one deal per board of every session, in order"
        )
        % p
    ),
    "records.all_open": lambda p: (
        _(
            "phase %(phase)s (%(description)s) leaves its sessions or boards open, so a file "
            "of all deals cannot say which deal is which board: give its hand records as "
            "files named by session, like %(example)s.pbn"
        )
        % p
    ),
    "records.twice": lambda p: _("%(session)s is also in %(other)s: give each session's hand records once") % p,
    # squaredeal_audit.py: an event larger than an audit takes
    "limit.phase_sessions": lambda p: (
        _(
            "phase %(phase)s (%(description)s) has %(sessions)s sessions, more than the "
            "%(max)s an audit takes in a phase"
        )
        % _grouped(p, "sessions")
    ),
    "limit.session_boards": lambda p: (
        _(
            "phase %(phase)s (%(description)s) has sessions of %(count)s boards "
            "(%(boards)s), more than the %(max)s an audit takes in a session"
        )
        % _grouped(p, "count")
    ),
    "limit.event_deals": lambda p: (
        _("up to phase %(phase)s (%(description)s) the event has %(total)s deals, more than the %(max)s an audit deals")
        % _grouped(p, "total", "max")
    ),
    "limit.board_span": lambda p: (
        _(
            "board %(board)s: the session would hold boards %(first)s to %(board)s, "
            "%(count)s boards, more than the %(max)s an audit takes in a session"
        )
        % _grouped(p, "count")
    ),
    "limit.audit_deals": lambda p: (
        _("with this file the audit would deal %(total)s deals, more than the %(max)s an audit deals")
        % _grouped(p, "total", "max")
    ),
    # formats/csv_format.py
    "csv.line": lambda p: _("not a CSV line: %(detail)s") % p,
    "csv.fields": lambda p: _("a BigDeal CSV line has 18 fields (16 holdings, board, dealer/vul), not %(count)s") % p,
    "csv.board": lambda p: _("board number %(text)s is not a whole number from 1") % quoted(p, "text"),
    "csv.dealer": lambda p: (
        _("board %(board)s: dealer/vulnerability %(given)s, expected %(expected)s") % quoted(p, "given", "expected")
    ),
}

Text.templates = TEMPLATES

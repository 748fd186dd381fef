"""What the movements domain says to people, as data: a code and its parameters, never a sentence.

The domain builds titles ("Howell for 8 pairs, 4 tables"), construction labels, notes, relay
places, option labels, the "what is provably best" explanations and error messages. A page
shows them in the reader's language, so the domain returns a ``Text(code, params)`` and lets
the Django layer (``movements/texts.py``) say it with gettext/ngettext in Polish or English.
``str(text)`` is the English rendering, from the templates in ``ENGLISH`` below: it is what
``manage.py movement`` writes, what docs quote and what the doctests show. Parameters are
numbers, strings, tuples of numbers, ``None`` or further ``Text``\\ s (a construction inside a
"with a phantom" construction, a method inside a starter).

``method_text(description)`` turns the method recorded by the searches in
``data/starters.json`` ("Hadamard difference set × 7", "squares / non-squares of Z13" …)
into a ``Text``.

>>> t = Text.of("title.howell", pairs=8, tables=4, sits_out=False)
>>> str(t), t.code, t.params["tables"]
('Howell for 8 pairs, 4 tables', 'title.howell', 4)
>>> str(Text.of("place.between", low=1, high=2))
'between tables 1 and 2'
>>> Text.from_json(t.as_json()) == t
True
>>> str(method_text("Hadamard difference set × 7"))
'Hadamard difference set × 7'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, SupportsFloat

from clubs.domain.text import Params, Template, TextBase


class Text(TextBase):
    """A message of the movements domain: ``code`` names it, ``args`` are its (name, value) parameters."""

    kind = "movement"

    def as_json(self) -> dict[str, Any]:  # JSON: the parameters' values are any JSON value
        def plain(v: object) -> object:
            if isinstance(v, Text):
                return v.as_json()
            if isinstance(v, tuple):
                return [plain(x) for x in v]
            return v

        return {"code": self.code, "params": {k: plain(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:  # JSON, as as_json() writes it
        def back(v: object) -> object:
            if isinstance(v, dict) and set(v) == {"code", "params"}:
                return cls.from_json(v)
            if isinstance(v, list):
                return tuple(back(x) for x in v)
            return v

        return cls.of(data["code"], **{k: back(v) for k, v in data["params"].items()})


def english(text: Text | str | None) -> str:
    return "" if text is None else str(text)


# --- English templates -------------------------------------------------------------------------


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _numbers(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in values)


MITCHELL_NAMES = {"plain": "Mitchell", "skip": "Skip Mitchell", "relay": "Relay and bye-stand Mitchell"}
_Template = Template


def _title_mitchell(p: Params) -> str:
    out = (
        f"{MITCHELL_NAMES[p['variant']]} for {p['pairs']} pairs, {_n(p['tables'], 'table', 'tables')}, "
        f"{_n(p['rounds'], 'round', 'rounds')}"
    )
    return out + (", arrow-switched" if p["arrow_switched"] else "")


def _too_many_rounds(p: Params) -> str:
    head = f"{p['pairs']} pairs play at most {p['full']} rounds (a complete Howell); "
    if p["span"] == "range":
        return head + f"choose {p['low']} to {p['high']} rounds for a partial Howell, or leave rounds empty"
    if p["span"] == "band_shape":
        return head + "leave rounds empty (no partial Howell of the band shape exists for 7 or 8 pairs)"
    return head + "leave rounds empty"


def duration(minutes: float) -> str:
    """``165`` → ``"2 h 45 min"``; ``180`` → ``"3 h"``; ``45`` → ``"45 min"``."""
    hours, rest = divmod(int(round(minutes)), 60)
    if hours and rest:
        return f"{hours} h {rest} min"
    return f"{hours} h" if hours else f"{rest} min"


def minutes_number(value: SupportsFloat) -> str:
    """Minutes per board as a club writes them: ``7.5`` → ``"7½"``, ``8`` → ``"8"``."""
    value = float(value)
    whole = int(value)
    if value == whole:
        return str(whole)
    if value - whole == 0.5:
        return f"{whole}½" if whole else "½"
    return f"{value:g}"


def _best_parity(p: Params) -> str:
    out = f"no movement for {p['pairs']} pairs with one board set per round can be perfectly balanced (proven)"
    if not p["reached"]:
        out += "; a little more even than this one is possible"
    return out + ("; two half-sets per round can" if p["half_sets"] else "")


ENGLISH: dict[str, _Template] = {
    # titles
    "title.howell": lambda p: (
        f"Howell for {p['pairs']} pairs, {_n(p['tables'], 'table', 'tables')}"
        + (" (one pair sits out each round at table 1)" if p["sits_out"] else "")
    ),
    "title.two_table_howell": lambda p: f"2-table Howell ({p['pairs']} pairs)",
    "title.three_table_howell": lambda p: (
        "3-table Howell, "
        + (_n(p["sets"], "half-set", "half-sets") if p["half_sets"] else _n(p["sets"], "board set", "board sets"))
        + f" ({p['pairs']} pairs)"
    ),
    "title.partial_howell": lambda p: (
        f"Partial Howell for {p['pairs']} pairs, {_n(p['rounds'], 'round', 'rounds')} "
        f"({_n(p['tables'], 'table', 'tables')})"
    ),
    "title.mitchell": _title_mitchell,
    # constructions
    "construction.berlekamp_hwang": lambda p: f"Berlekamp–Hwang over {p['group']}, α = {p['alpha']}",
    "construction.starter": lambda p: (
        f"{'cyclic starter' if p['cyclic'] else 'starter'} over {p['group']}: {p['method']}"
    ),
    "construction.with_phantom": lambda p: (
        f"{p['base']}; the {p['structure']}-pair movement with its stationary pair as the phantom"
    ),
    "construction.doubling": lambda p: (
        f"Schellenberg's doubling of two balanced {p['q'] + 1}-pair Howells (Room "
        f"squares of side {p['q']} from Hwang's starters over GF({p['q']}))"
        + (f"; pair {p['phantom']} as the phantom" if p["phantom"] else "")
    ),
    "construction.shared_two_tables": lambda p: (
        "2-table Howell with shared boards: both tables play the round's set and exchange boards"
    ),
    "construction.exhaustive_shared": lambda p: (
        "exhaustive search over the 1-factorizations of K6 and all orientations (least Σdev², then least sharing)"
    ),
    "construction.ten_half_sets": lambda p: (
        "the ten 1-factors of K6 that are not rounds, as half-sets; orientation by exhaustive search"
    ),
    "construction.partial_band": lambda p: (
        "band of moving pairs with stationary pairs (KoPS shape), found by seeded search"
    ),
    "construction.mitchell": lambda p: {
        "plain": "Mitchell",
        "skip": "skip Mitchell",
        "relay": "relay and bye-stand Mitchell",
    }[p["variant"]],
    # the methods of the searches (data/starters.json)
    "method.annealed_offsets": lambda p: "annealed offsets",
    "method.annealed_offset_pair": lambda p: "annealed offset pair",
    "method.quadratic_residues": lambda p: "quadratic residues (Paley partial difference set)",
    "method.field_squares": lambda p: f"squares of {p['group']} (Paley partial difference set)",
    "method.hadamard": lambda p: f"Hadamard difference set × {p['multiplier']}",
    "method.squares_two_circuits": lambda p: f"squares on circuit 1, non-squares on circuit 2 ({p['group']})",
    "method.squares_nonsquares": lambda p: f"squares / non-squares of {p['group']}",
    "method.other": lambda p: p["description"],
    # notes
    "note.boards_follow_cards": lambda p: (
        f"Board sets do not follow one path in {p['group']}: each board set's card "
        "gives its table or relay for every round."
    ),
    "note.boards_move_down": lambda p: (
        "Boards move to the next lower-numbered table or relay each round"
        + (f", from table 1 to table {p['last']}" if p["last"] else "")
        + "."
    ),
    "note.stationary_pair": lambda p: f"Pair {p['pair']} is stationary at table 1 NS.",
    "note.stationary_pairs": lambda p: (
        f"Pair {p['pairs'][0]} is stationary."
        if len(p["pairs"]) == 1
        else f"Pairs {_numbers(p['pairs'])} are stationary."
    ),
    "note.two_circuits": lambda p: "Each table plays two half-sets a round, one from each board circuit.",
    "note.doubling_paths": lambda p: (
        "Boards and pairs do not follow one path: each card gives the table or relay for every round."
    ),
    "note.second_stationary": lambda p: f"Pair {p['pair']} stays at table 2 (its direction changes).",
    "note.four_pairs_share": lambda p: (
        "Tables 1 and 2 share each round's board set: start on different boards and swap."
    ),
    "note.shared_table_rounds": lambda p: (
        f"Boards are shared: in {_n(p['count'], 'table-round', 'table-rounds')} "
        "two tables play the same set and exchange boards."
    ),
    "note.sets_wait_on_relay": lambda p: f"Board sets not in play wait on relay {p['relay']}.",
    "note.half_sets_wait_on_relay": lambda p: (
        "Each table plays two half-sets a round; the "
        + (
            f"{p['count']} half-set not in play waits"
            if p["count"] == 1
            else f"{p['count']} half-sets not in play wait"
        )
        + f" on relay {p['relay']}."
    ),
    "note.partial_search": lambda p: (
        f"Search: seed {p['seed']}, {_n(p['restarts'], 'restart', 'restarts')}, "
        f"{p['seconds']:.2f} s; "
        f"NS/EW at each table and round chosen by {p['steps']:,} annealing steps on the "
        "comparisons (some pairs change direction: follow the card)."
    ),
    "note.mitchell_moves": lambda p: (
        "NS pairs stay at their table; EW pairs move up one table (from the last to "
        "table 1); boards move down one table (from table 1 to the last)."
    ),
    "note.mitchell_skip": lambda p: f"After round {p['round']} the EW pairs skip one table (move up two).",
    "note.mitchell_relay": lambda p: (
        f"A bye-stand ({p['relay']}) stands between tables {p['low']} and {p['high']}; "
        f"tables 1 and {p['tables']} share a board set each round. Boards go from table "
        f"{p['high']} to the bye-stand, then to table {p['low']}."
    ),
    "note.mitchell_phantom": lambda p: f"Pair {p['pair']} is the phantom: the NS pair due to meet it sits out.",
    "note.arrow_switch_rounds": lambda p: (
        f"Arrow switch in {'round' if len(p['rounds']) == 1 else 'rounds'} "
        f"{_numbers(p['rounds'])}: every NS pair plays the EW cards; one winner."
    ),
    # where a relay stands
    "place.between": lambda p: f"between tables {p['low']} and {p['high']}",
    "place.beside": lambda p: "beside the tables",
    # what the catalogue offers
    "option.complete": lambda p: (
        f"Complete Howell, {_n(p['rounds'], 'round', 'rounds')}"
        + (", two half-sets per round" if p["half_sets"] else "")
    ),
    "option.three_quarter": lambda p: f"¾ Howell, {_n(p['rounds'], 'round', 'rounds')}",
    "option.mitchell": lambda p: (
        f"{MITCHELL_NAMES[p['variant']]}, {_n(p['rounds'], 'round', 'rounds')}"
        + (", arrow-switched (one winner)" if p["arrow_switch"] else " (two winners)")
    ),
    # what is provably best
    "best.two_winner_mitchell": lambda p: (
        "two-winner Mitchell: each direction is ranked on its own and every two "
        "pairs of one direction play the same boards"
    ),
    "best.half_sets": lambda p: "two half-sets per round remove the parity obstruction: complete balance is possible",
    "best.parity": lambda p: (
        f"{p['pairs']} pairs ≡ 2 (mod 4): complete balance is impossible with one set per "
        f"round; proven bound Σ(c − {p['ideal']})² ≥ (n−1)(n−2)/2 = {p['bound']}"
    ),
    "best.complete_possible": lambda p: (
        f"{p['pairs']} pairs ≡ 0 (mod 4): complete balance (every two pairs "
        f"compared {_n(p['ideal'], 'time', 'times')}) is possible"
    ),
    "best.no_hadamard": lambda p: (
        f"{p['pairs']} pairs ≡ 0 (mod 4): complete balance is not excluded by any theorem; "
        f"no cyclic construction reaches it (no Hadamard difference set in Z{p['order']})"
    ),
    "best.odd": lambda p: (
        "odd field: no theorem excludes complete balance "
        f"({_n(p['ideal'], 'comparison', 'comparisons')} each); it is known for prime powers"
    ),
    "best.rounding": lambda p: "comparisons are whole numbers: the bound is what rounding the mean forces",
    "best.welch": lambda p: (
        "every pair plays every board set once, so each pair's directions form a ±1 vector; "
        "Welch's inequality Σ⟨x_a, x_b⟩² ≥ (N²d − Nd²)/2 bounds how evenly they can be compared"
    ),
    "best.shared": lambda p: f"boards are shared between tables; {p['reason']}",
    "best.six_pairs_five_sets": lambda p: "5 board sets for 6 pairs: Σ(c − 2)² ≥ 10 (exhaustive search, spec §5)",
    # choosing a movement for a session (chooser.py): the target, each offer's facts, the balance said plainly
    "target.about": lambda p: f"about {p['boards']} boards ({p['low']}–{p['high']})",
    "target.range": lambda p: f"{p['low']}–{p['high']} boards",
    "target.length": lambda p: (
        f"at most {duration(p['minutes'])}: up to {_n(p['boards'], 'board', 'boards')} at "
        f"{minutes_number(p['minutes_per_board'])} minutes a board"
    ),
    "offer.boards": lambda p: (
        f"{_n(p['rounds'], 'round', 'rounds')} × {_n(p['boards_per_round'], 'board', 'boards')} "
        f"= {_n(p['boards'], 'board', 'boards')}"
    ),
    "offer.time": lambda p: f"about {duration(p['minutes'])}",
    "offer.shorter": lambda p: f"{_n(p['boards'], 'board', 'boards')} fewer than asked",
    "offer.longer": lambda p: f"{_n(p['boards'], 'board', 'boards')} more than asked",
    "offer.longer_time": lambda p: f"{duration(p['minutes'])} longer than allowed",
    "verdict.perfect": lambda p: (
        f"perfectly balanced within each line: every two pairs of a line are compared on "
        f"{_n(p['boards'], 'board', 'boards')}"
        if p["lines"]
        else f"perfectly balanced: every two pairs are compared on {_n(p['boards'], 'board', 'boards')}"
    ),
    "verdict.best": lambda p: (
        f"as balanced as possible: two pairs are compared on {p['low']} to {_n(p['high'], 'board', 'boards')}"
    ),
    "verdict.good": lambda p: (
        f"well balanced: two pairs are compared on {p['low']} to {_n(p['high'], 'board', 'boards')}"
    ),
    "verdict.fair": lambda p: f"fair: two pairs are compared on {p['low']} to {_n(p['high'], 'board', 'boards')}",
    "verdict.uneven": lambda p: f"uneven: two pairs are compared on {p['low']} to {_n(p['high'], 'board', 'boards')}",
    "words.two_lines": lambda p: (
        "two winners: each line is ranked on its own, and pairs of different lines are never compared"
    ),
    "words.parity": _best_parity,
    "words.possible": lambda p: f"a perfectly balanced movement for {p['pairs']} pairs exists",
    "words.unknown": lambda p: (
        f"nobody knows whether a movement for {p['pairs']} pairs can be perfectly balanced: "
        "this is the most even movement we have"
    ),
    "words.kind": lambda p: (
        "no movement of this kind can be more even (proven)"
        if p["reached"]
        else "a more even movement of this kind is not ruled out"
    ),
    "fact.winners": lambda p: "one winner" if p["count"] == 1 else "two winners (NS and EW)",
    "fact.meets_all": lambda p: "every pair meets every other",
    "fact.meets": lambda p: f"each pair meets {p['count']} of the {p['others']} other pairs",
    "fact.relays": lambda p: "no relays" if p["count"] == 0 else _n(p["count"], "relay", "relays"),
    "fact.bye_stand": lambda p: (
        f"a bye-stand between tables {p['low']} and {p['high']}; tables 1 and {p['tables']} share boards"
    ),
    "fact.skip": lambda p: f"EW pairs skip a table after round {p['round']}",
    "fact.shared_boards": lambda p: "tables share boards",
    "fact.sit_out": lambda p: "one pair sits out each round",
    "fact.deal": lambda p: f"prepare {_n(p['boards'], 'board', 'boards')}",
    "advice.mitchell_only": lambda p: (
        f"Howells are offered for up to {p['max']} pairs: for {p['pairs']} pairs play a "
        "Mitchell (or split the room into sections)."
    ),
    "error.target_boards": lambda p: (
        f"enter about how many boards, e.g. 24, or a range such as 24–28, not {p['value']!r}"
    ),
    "error.target_boards_range": lambda p: f"a session plays {p['low']} to {p['high']} boards, not {p['value']}",
    "error.target_length": lambda p: (
        f"enter how long the session may be, e.g. 3 h, 2:45 or 170 min, not {p['value']!r}"
    ),
    "error.target_length_range": lambda p: f"a session lasts {p['low']} minutes to {p['high']} hours, not {p['value']}",
    "error.target_too_short": lambda p: (
        f"{duration(p['minutes'])} holds only {_n(p['boards'], 'board', 'boards')} at "
        f"{minutes_number(p['minutes_per_board'])} minutes a board: allow more time"
    ),
    "error.minutes_per_board": lambda p: f"minutes per board must be more than 0, not {p['value']}",
    "error.winners": lambda p: f"winners must be one, two or any, not {p['value']!r}",
    "error.pairs_missing": lambda p: "enter the number of pairs or of tables",
    "error.tables_pairs": lambda p: (
        f"{_n(p['tables'], 'table', 'tables')} seat {2 * p['tables'] - 1} or {2 * p['tables']} pairs, not {p['pairs']}"
    ),
    "error.tables_min": lambda p: f"a movement needs at least 2 tables, not {p['value']}",
    # errors: what is wrong and what is possible instead
    "error.boards_min": lambda p: f"boards per round must be at least 1, not {p['value']}; clubs play 2 to 4",
    "error.boards_max": lambda p: f"boards per round can be 1 to {p['max']}, not {p['value']}",
    "error.boards_even": lambda p: (
        "half-sets split each round's boards into two halves: boards per round must be "
        f"even (2, 4, 6, 8), not {p['value']}"
    ),
    "error.kind": lambda p: f"kind must be howell or mitchell, not {p['value']!r}",
    "error.half_sets_mitchell": lambda p: "half-sets are a Howell option; a Mitchell plays whole sets",
    "error.mitchell_options": lambda p: "skip, relay and arrow switches are Mitchell options",
    "error.too_many_rounds": _too_many_rounds,
    "error.half_sets_partial": lambda p: "half-sets are offered for complete Howells only",
    "error.rounds_min": lambda p: f"a movement needs at least 1 round, not {p['value']}",
    "error.howell_min_pairs": lambda p: (
        f"a Howell needs at least 4 pairs (2 tables); {p['pairs']} pairs can only play each other — use 4 to 64 pairs"
    ),
    "error.howell_max_pairs": lambda p: (
        f"complete Howells are offered for 4 to 64 pairs; {p['pairs']} pairs would "
        f"need {p['rounds']} rounds — use a Mitchell or a partial Howell "
        "(fewer rounds)"
    ),
    "error.half_sets_four": lambda p: (
        "half-sets are offered for 5, 6 and n ≡ 2 (mod 4) pairs; 4 pairs share boards "
        "and are already completely balanced"
    ),
    "error.half_sets_not_needed": lambda p: (
        "half-sets are for fields where one set per round cannot be completely "
        "balanced (5, 6, 9, 10, 13, 14 … pairs: n or n+1 ≡ 2 mod 4); "
        f"{p['pairs']} pairs play whole sets"
    ),
    "error.half_sets_unknown": lambda p: (
        f"no two-circuit half-set movement is known for {p['pairs']} pairs; use whole sets"
    ),
    "error.howell_missing": lambda p: f"no complete Howell for {p['pairs']} pairs is embedded yet",
    "error.partial_is_complete": lambda p: (
        f"{p['rounds']} rounds is a complete Howell for {p['pairs']} pairs (at "
        f"most {p['full']} rounds); leave rounds empty for the complete Howell"
    ),
    "error.partial_even_tables": lambda p: (
        f"with {p['rounds']} rounds every one of the {p['tables']} tables needs a "
        "stationary pair, and an even number of tables cannot then avoid repeated "
        f"boards: use a Mitchell (with a skip or a relay), or {p['low']} to "
        f"{p['high']} rounds"
    ),
    "error.partial_none_for_eight": lambda p: (
        f"no partial Howell of the band shape exists for {p['pairs']} pairs "
        "(exhaustive search): play the complete 7-round Howell"
    ),
    "error.partial_too_few": lambda p: (
        f"a partial Howell for {p['pairs']} pairs needs at least {p['low']} rounds "
        f"(one board set per table); use {p['low']} to {p['high']} rounds, "
        "or a Mitchell"
    ),
    "error.partial_not_found": lambda p: (
        f"the search found no partial Howell with {p['rounds']} rounds for "
        f"{p['pairs']} pairs in {p['restarts']} restarts; try another number of "
        f"rounds (a ¾ Howell has about {p['suggest']}) or the complete Howell"
    ),
    "error.mitchell_min_pairs": lambda p: (
        f"a Mitchell needs at least 6 pairs (3 tables); for {p['pairs']} pairs use a Howell"
    ),
    "error.mitchell_max_pairs": lambda p: (
        f"Mitchells are offered for 6 to 128 pairs, not {p['pairs']}; split the field into sections"
    ),
    "error.mitchell_odd_tables": lambda p: f"{p['tables']} tables is odd: a plain Mitchell needs no skip or relay",
    "error.mitchell_even_tables": lambda p: (
        f"{p['tables']} tables is even: choose a skip or a relay (bye-stand) Mitchell"
    ),
    "error.mitchell_rounds": lambda p: (
        f"{'a skip Mitchell' if p['skip'] else 'this Mitchell'} for {p['tables']} "
        f"tables has 1 to {p['max']} rounds, not {p['value']}"
    ),
    "error.internal": lambda p: f"internal error of the movement generator: {p['detail']}",
}
Text.templates = ENGLISH


# --- the searches' method descriptions -----------------------------------------------------------

_METHODS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Text]]] = [
    (re.compile(r"annealed offsets$"), lambda m: Text.of("method.annealed_offsets")),
    (re.compile(r"annealed offset pair$"), lambda m: Text.of("method.annealed_offset_pair")),
    (
        re.compile(r"quadratic residues \(Paley partial difference set\)$"),
        lambda m: Text.of("method.quadratic_residues"),
    ),
    (
        re.compile(r"squares of (\S+) \(Paley partial difference set\)$"),
        lambda m: Text.of("method.field_squares", group=m[1]),
    ),
    (re.compile(r"Hadamard difference set × (\d+)$"), lambda m: Text.of("method.hadamard", multiplier=int(m[1]))),
    (
        re.compile(r"squares on circuit 1, non-squares on circuit 2 \((\S+)\)$"),
        lambda m: Text.of("method.squares_two_circuits", group=m[1]),
    ),
    (re.compile(r"squares / non-squares of (\S+)$"), lambda m: Text.of("method.squares_nonsquares", group=m[1])),
]


def method_text(description: str) -> Text:
    """The ``Text`` of a search method as ``data/starters.json`` records it (cost figures dropped)."""
    description = description.split(" (cost")[0].strip()
    for pattern, make in _METHODS:
        found = pattern.match(description)
        if found:
            return make(found)
    return Text.of("method.other", description=description)

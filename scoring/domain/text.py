"""What the scoring domain says to people, as data: a code and its parameters, never a sentence.

The scorer's shorthand (``shorthand.py``), the results (``results.py``), the engine's checks and
the file readers and writers (``formats/``) raise a :class:`~scoring.domain.errors.ScoringError`
made from a ``Text(code, params)``; the checks of a session's results (``checks.py``) return
``Text``\\ s. ``str(text)`` is the English from ``ENGLISH`` below (what commands print and
doctests show); the Django layer (``scoring/texts.py``) says the same code in the reader's
language. ``Text`` is built on ``bridge.text.TextBase``.

>>> str(Text.of("entry.tricks_range", contract="4S+7", tricks=17))
'4S+7 would be 17 tricks; a side takes 0 … 13'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bridge.text import TextBase


class Text(TextBase):
    """A message of the scoring domain (its templates: ``ENGLISH`` below)."""

    kind = "scoring"


# A template's parameters are as varied as the messages (numbers, strings, tuples, nested texts) and each template
# reads its own by name: Any, not a type per code.
_Template = Callable[[dict[str, Any]], str]

_RESULT_HELP = (
    "a contract, declarer and tricks (4S= N, 3NT-2 W, 4SX N 9), P for passed out, a score (+420) "
    "or an artificial score (A6040)"
)


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def _at(p: dict[str, Any]) -> str:
    where = p["source"] or ""
    if p["line"] is not None:
        where = f"{where}: line {p['line']}" if where else f"line {p['line']}"
    if p["where"]:
        where = f"{where} ({p['where']})"
    return f"{where}: {p['error']}"


ENGLISH: dict[str, _Template] = {
    "at": _at,
    # shorthand.py: the scorer's shorthand
    "entry.empty": lambda p: f"nothing entered: write {_RESULT_HELP}",
    "entry.format": lambda p: f"{p['text']!r} is not a result: write {_RESULT_HELP}",
    "entry.level": lambda p: f"{p['text']!r}: a contract's level is 1 … 7",
    "entry.declarer": lambda p: f"{p['contract']}: who was declarer? Add N, E, S or W (e.g. {p['contract']} N)",
    "entry.tricks_missing": lambda p: (
        f"{p['contract']} by {p['declarer']}: how many tricks? Add =, +1, -2 or the "
        f"tricks taken (e.g. 4S= N or 4S N 10)"
    ),
    "entry.tricks_twice": lambda p: f"{p['text']!r}: give the result once, either as =, +1, -2 or as the tricks taken",
    "entry.tricks_range": lambda p: f"{p['contract']} would be {p['tricks']} tricks; a side takes 0 … 13",
    "entry.artificial": lambda p: (
        f"{p['text']!r}: an artificial score is A and each side's percentage, 0 … 100 (A6040, A5050, A6060)"
    ),
    "entry.score": lambda p: f"{p['score']:+d} is not a score any contract gives",
    "entry.weights": lambda p: f"the weights of a weighted score must add up to 100 %, not {p['total']} %",
    "entry.weight": lambda p: f"{p['text']!r} is not a weight: write a percentage 1 … 99 (e.g. 20% +650, 80% +620)",
    "entry.lead": lambda p: f"{p['text']!r} is not a card: write the lead as a suit and a rank (HK, S10, ♦7)",
    # shorthand.py: a result said back as it is typed
    "entry.said_played": lambda p: (
        f"{p['contract']}{p['result']} by {p['declarer']}, {_tricks(p['tricks'])}: {p['score']}"
    ),
    "entry.said_played_lead": lambda p: (
        f"{p['contract']}{p['result']} by {p['declarer']}, {_tricks(p['tricks'])}, lead {p['lead']}: {p['score']}"
    ),
    "entry.said_passed": lambda p: "Passed out: 0",
    "entry.said_assigned": lambda p: f"Assigned: {p['score']}",
    "entry.said_weighted": lambda p: (
        "Assigned: " + ", ".join(f"{w} % of {s}" for w, s in p["parts"]) + f": {p['score']}"
    ),
    "entry.said_artificial": lambda p: f"Artificial: {p['ns']} % / {p['ew']} %",
    # checks.py: what a director should look at
    "check.far": lambda p: (
        f"board {p['board']}: {p['ns']} v {p['ew']} scored {p['score']}, {p['imps']} IMPs from "
        f"the nearest other result ({p['nearest']})"
    ),
    "check.top_trumps": lambda p: (
        f"board {p['board']}: {p['contract']} by {p['declarer']} took "
        f"{_tricks(p['tricks'])}, but {p['defender']} holds {p['cards']}: declarer can take "
        f"at most {p['most']}"
    ),
    "check.double_dummy": lambda p: (
        f"board {p['board']}: {p['contract']} by {p['declarer']} took "
        f"{_tricks(p['tricks'])}; double dummy it takes {p['dd']}"
    ),
    "check.no_table": lambda p: (
        f"board {p['board']}: {p['ns']} v {p['ew']} is entered at table {p['table']} in round "
        f"{p['round']}, but no such table plays that round"
    ),
    "check.board_not_here": lambda p: (
        f"board {p['board']} is entered at table {p['table']} in round {p['round']}, "
        f"where boards {', '.join(map(str, p['boards']))} are played"
    ),
    "check.pair_not_here": lambda p: (
        f"board {p['board']}: pair {p['pair']} is entered {p['side']} at table "
        f"{p['table']} in round {p['round']}, where pair {p['expected']} sits {p['side']}"
    ),
    "check.swapped": lambda p: (
        f"board {p['board']}: pairs {p['ns']} and {p['ew']} are entered the wrong way round "
        f"(table {p['table']}, round {p['round']}: {p['ew']} sits NS, {p['ns']} EW)"
    ),
    # the director's checks of flagged results (scoring.services.flags)
    "flag.no_line": lambda p: f"board {p['board']}: {p['ns']} v {p['ew']} has no result to check",
    "flag.gone": lambda p: (
        f"board {p['board']}: the result of {p['ns']} v {p['ew']} is no longer flagged (it was corrected): "
        f"nothing to check"
    ),
    # results.py and the engine
    "result.pairs_same": lambda p: f"pair {p['pair']} cannot play against itself",
    "result.pair_missing": lambda p: "a traveller line needs both pairs (NS and EW)",
    "result.twice": lambda p: f"board {p['board']}: pair {p['pair']} has two results ({p['first']} and {p['second']})",
    "result.board": lambda p: f"board numbers start at 1, not {p['board']!r}",
    "result.played": lambda p: f"{p['contract']} by {p['declarer']}, {_tricks(p['tricks'])}",
    "result.passed": lambda p: "passed out",
    "result.weighted": lambda p: ", ".join(f"{w}% of {s}" for w, s in p["parts"]),
    # layout.py
    "layout.board_unknown": lambda p: (
        f"board {p['board']} is not played in this session (boards {p['low']}–{p['high']})"
    ),
    "layout.no_table": lambda p: f"there is no table {p['table']} in round {p['round']}",
    "layout.board_not_here": lambda p: (
        f"board {p['board']} is not played at table {p['table']} in round {p['round']} (boards {p['boards']} are)"
    ),
    "layout.pair_not_here": lambda p: (
        f"pair {p['pair']} is not {p['seat']} at table {p['table']} in round {p['round']} (pair {p['expected']} is)"
    ),
    "layout.swapped": lambda p: (
        f"board {p['board']}: pair {p['ns']} held the NS cards and pair {p['ew']} the EW cards; swap them"
    ),
    "layout.not_meeting": lambda p: (
        f"pairs {p['ns']} and {p['ew']} do not play board {p['board']} against each other in this movement"
    ),
    "layout.boards_missing": lambda p: (
        f"the movement plays {p['boards']} boards ({p['span']}) but {p['dealt']} were "
        f"dealt: boards {p['missing']} are missing"
    ),
    "layout.boards_extra": lambda p: (
        f"the movement plays {p['boards']} boards ({p['span']}) but {p['dealt']} were "
        f"dealt: boards {p['extra']} are not played"
    ),
    "layout.commitment": lambda p: (
        f"the movement plays {p['boards']} boards but the commitment covers {p['committed']}"
    ),
    "layout.no_movement": lambda p: "no movement chosen yet: choose one so the session has rounds and tables",
    # notation.py: a result as data (API, JSON commands)
    "data.not_object": lambda p: f"a result is an object with a contract, a score or an adjustment, not {p['value']!r}",
    "data.number": lambda p: f"{p['field']} must be a whole number, not {p['value']!r}",
    "data.weighted": lambda p: "weighted is a list of [percentage, score] pairs, e.g. [[20, 650], [80, 620]]",
    "data.kind": lambda p: f"unknown kind of result {p['value']!r}: expected played, assigned or artificial",
    "data.contract_missing": lambda p: "the contract is missing: e.g. 4SX, 3NT or PASS",
    # services: recording results
    "result.not_scorer": lambda p: "only the club's scorers and directors may enter or change results",
    "result.final": lambda p: (
        "the results are final: a director must reopen them (step the session back to "
        "provisional results) before a result can change"
    ),
    "result.provisional": lambda p: "the results are published provisionally: only a director may change them now",
    "result.reason_needed": lambda p: "say why: the reason is kept in the board's audit trail",
    "result.pair_unknown": lambda p: f"pair {p['pair']} does not play in this session",
    "result.exists": lambda p: (
        f"board {p['board']}: {p['ns']} v {p['ew']} already has a result ({p['recorded']}); correct it instead"
    ),
    "result.pair_has_result": lambda p: (
        f"board {p['board']}: pair {p['pair']} already has a result ({p['recorded']}, {p['ns']} v {p['ew']})"
    ),
    # services: publication
    "publish.not_director": lambda p: "only the club's directors may do this",
    "publish.hours": lambda p: f"the score-query window is 0 … {p['max']} hours, not {p['value']!r}",
    "publish.not_finished": lambda p: "results are published once play is over: mark the session finished first",
    "publish.no_results": lambda p: "there are no results to publish yet",
    "publish.not_provisional": lambda p: "only provisional results can be made final",
    "options.scale": lambda p: (
        f"unknown matchpoint scale {p['value']!r}: expected ebu (2 per result beaten) or acbl (1 per result beaten)"
    ),
    "options.factoring": lambda p: (
        f"unknown factoring {p['value']!r}: expected neuberg, none or ties (missing results scored as ties)"
    ),
    "options.sections": lambda p: (
        f"unknown way of comparing sections {p['value']!r}: expected across (the whole "
        f"field) or within (each section on its own)"
    ),
    "options.method": lambda p: f"unknown scoring method {p['value']!r}: expected matchpoints, butler or cross_imps",
    # issue 20: conventions as named options
    "options.rounding": lambda p: (
        f"unknown rounding of the lines {p['value']!r}: expected exact, rounded or truncated (cut to the decimals)"
    ),
    "options.decimals": lambda p: f"decimals of the lines {p['value']!r}: expected a whole number 0 … {p['most']}",
    "options.totals": lambda p: (
        f"unknown totals {p['value']!r}: expected exact (from the exact matchpoints) or lines (from the lines as rounded)"
    ),
}
from scoring.domain.formats.words import ENGLISH as _FILE_WORDS  # noqa: E402 (the files' words, beside the files)

Text.templates = {**ENGLISH, **_FILE_WORDS}

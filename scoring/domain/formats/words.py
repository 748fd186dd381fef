"""The English templates of the results files' messages (``usebio.py``, ``pbn_results.py``, ``xmltree.py``,
``usebio_schema.py``, ``travellers.py``) and of the comparison with a file's numbers (``comparison.py``).

Kept apart from ``scoring/domain/text.py`` so that the files' words sit beside the files;
``text.py`` merges them into ``Text.templates``. Imports nothing from the scoring domain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: What a JSON traveller set should have had where it did not (json.shape).
_EXPECTED = {
    "object": "an object with boards",
    "boards": "a list of boards",
    "winners": "1 or 2",
    "board": "an object with board and results",
    "results": "a list of results",
}


def _where(p: dict[str, Any]) -> str:
    """``board 3, 1NS v 1EW (NS)`` for a line's number, ``pair 7`` for a pair's."""
    if p["board"] is None:
        return f"pair {p['pair']}"
    return f"board {p['board']}, {p['ns']} v {p['ew']}" + (f" ({p['side']})" if p["side"] else "")


# A template's parameters are as varied as the messages and each template reads its own by name: Any.
def _convention(code: object) -> str:
    """A convention of the comparison in words (its code when it has none)."""
    words = ENGLISH.get(f"compare.{code}")
    return words({}) if words is not None else str(code)


ENGLISH: dict[str, Callable[[dict[str, Any]], str]] = {
    # xmltree.py: any XML file
    "xml.entity": lambda p: (
        f"the file declares an entity ({p['name']}); entity declarations are refused (they can "
        f"expand without limit or read other files)"
    ),
    "xml.external": lambda p: f"the file refers to an external entity ({p['name']}); it is not read",
    "xml.empty": lambda p: "the file is empty: no XML element found",
    "xml.encoding": lambda p: f"the file's encoding {p['name']!r} cannot be read ({p['reason']}): save it as UTF-8",
    "xml.truncated": lambda p: (
        f"the file ends before <{p['element']}> (opened on line {p['opened']}) is closed: it is truncated"
    ),
    "xml.malformed": lambda p: f"this is not well-formed XML ({p['reason']}, column {p['column']})",
    # any results file
    "file.missing": lambda p: f"<{p['parent']}> has no {p['element']}",
    "file.number": lambda p: f"{p['element']} {p['text']!r} is not a number",
    "file.pair_number": lambda p: (
        f"pair {p['text']!r}: expected a pair number, with NS or EW when NS and EW pairs "
        f"are numbered apart (e.g. 7 or 1NS)"
    ),
    "file.seat": lambda p: f"{p['text']!r} is not a seat: expected North, East, South or West",
    "file.no_results": lambda p: "the file has no traveller lines: there is nothing to score",
    "file.unknown_format": lambda p: f"{p['name']}: not a results file this site reads (USEBIO .xml or PBN .pbn)",
    # usebio.py
    "usebio.root": lambda p: f"not a USEBIO file: the root element is <{p['tag']}>, not <USEBIO>",
    "usebio.event_type_missing": lambda p: (
        "the EVENT does not say its EVENT_TYPE (MP_PAIRS, PAIRS, BUTLER_PAIRS, CROSS_IMP …)"
    ),
    "usebio.event_type": lambda p: (
        f"event type {p['type']} cannot be scored here: only pairs events are (MP_PAIRS, "
        f"PAIRS, BUTLER_PAIRS, CROSS_IMP)"
    ),
    "usebio.method": lambda p: (
        f"board scoring method {p['method']} cannot be scored here: expected MATCH_POINTS, BUTLER, IMPS or CROSS_IMPS"
    ),
    "usebio.sessions": lambda p: f"the file holds {p['count']} sessions: import one session at a time",
    "usebio.date": lambda p: f"date {p['text']!r}: expected day/month/year (dd/mm/yyyy)",
    "usebio.winner_type": lambda p: (
        f"WINNER_TYPE {p['text']!r}: expected 1 (one ranking) or 2 (NS and EW ranked apart)"
    ),
    "usebio.score": lambda p: (
        f"score {p['text']!r}: expected a whole number (North–South's view) or an artificial score such as A6040"
    ),
    # travellers.py: a traveller set as JSON
    "json.invalid": lambda p: f"this is not JSON ({p['reason']}, column {p['column']})",
    "json.unreadable": lambda p: (
        "this JSON cannot be read: it nests too deeply or holds a number of thousands of digits"
    ),
    "json.encoding": lambda p: f"the file is not UTF-8 text (byte {p['position']})",
    "json.shape": lambda p: f"expected {_EXPECTED.get(p['expected'], p['expected'])}",
    # pbn_results.py
    "pbn.board_missing": lambda p: "a game with a ScoreTable has no Board tag",
    "pbn.columns": lambda p: f"{p['table']} row {p['row']!r} has {p['count']} cells for {p['columns']} columns",
    "pbn.column_missing": lambda p: f"the {p['table']} has no {p['column']} column",
    "pbn.no_result": lambda p: "a ScoreTable row has neither a contract nor a score",
    # importing a file as a session (scoring/services/imports.py)
    "import.not_director": lambda p: "only the club's directors may import a session's results",
    "import.too_large": lambda p: f"{p['name']} is larger than {p['megabytes']} MB",
    "import.section": lambda p: (
        f"section {p['section']!r} has a longer name than a session's sections may have ({p['most']} characters)"
    ),
    "import.pair": lambda p: f"pair {p['pair']}: a session numbers its pairs up to {p['most']}",
    "import.board": lambda p: (
        f"board {p['board']}, round {p['round']}, table {p['table']}: a session numbers its "
        f"boards, rounds and tables up to {p['most']}"
    ),
    # usebio_schema.py: where a file departs from the spec's USEBIO
    "schema.missing": lambda p: f"<{p['parent']}> has no {p['element']}",
    "schema.empty": lambda p: f"<{p['element']}> in <{p['parent']}> is empty",
    "schema.repeated": lambda p: (
        f"<{p['element']}> appears {p['count']} times in <{p['parent']}>, where it may appear once"
    ),
    "schema.format": lambda p: f"<{p['element']}> {p['text']!r}: expected {p['expected']}",
    "schema.nesting": lambda p: (
        f"<{p['element']}> sits right under <{p['parent']}> in a USEBIO {p['version']} file: "
        f"1.2 nests it in SESSION and SECTION"
    ),
    "schema.unknown": lambda p: f"<{p['element']}> in <{p['parent']}> is not part of USEBIO as the spec describes it",
    # ../comparison.py: our numbers against a file's
    "compare.factoring_none": lambda p: (
        "the file does not factor short boards (no Neuberg): each board is scored on "
        "its own top and percentages over the actual tops"
    ),
    "compare.factoring_neuberg": lambda p: "the file factors short boards with Neuberg's formula",
    "compare.raw_lines": lambda p: (
        "the file's lines carry raw (unfactored) matchpoints while its totals are factored (Neuberg)"
    ),
    "compare.rounded_lines": lambda p: (
        "the file's percentages are computed from the line matchpoints as it rounds them"
    ),
    "compare.totals_all_boards": lambda p: (
        "a pair that missed boards has its total factored to all boards: total × boards ÷ boards played"
    ),
    "compare.half_even": lambda p: (
        "the file rounds halves to the even digit (12.65 → 12.6), where we round them away from zero (12.65 → 12.7)"
    ),
    "compare.single_precision": lambda p: (
        "the file writes numbers kept as single-precision floats (one unit off in the last decimal)"
    ),
    "compare.override": lambda p: "a director's override in the file: matchpoints no scoring rule gives",
    "compare.override_line": lambda p: (
        f"board {p['board']}, {p['ns']} v {p['ew']} ({p['result']}): the file "
        f"carries {p['theirs']} where the rules give {p['ours']} (a director's "
        f"override)"
    ),
    "compare.unexplained": lambda p: (
        f"{p['what']} of {_where(p)}: the file has {p['theirs']}, we have {p['ours']}, and no convention explains it"
    ),
    # issue 20: an honest comparison
    "compare.factoring_ties": lambda p: (
        "the file scores the results missing on a short board as ties with every result played: "
        "each side gets M + (E − A) (ScoreBridge)"
    ),
    "compare.truncated": lambda p: "the file cuts numbers to the decimals it writes, never rounding up (NZ Scorer)",
    "compare.reproduced": lambda p: f"{_convention(p['convention'])}; re-scored that way, every number agrees",
    "compare.handicap": lambda p: (
        "the file is a handicap event: each pair's percentage is its scratch percentage plus half its handicap, "
        "and its places follow that order; compared so"
    ),
    "compare.session_columns": lambda p: (
        "the file ranks several sessions: its pairs are compared on this session's columns (SessionScoreMP, "
        "SessionPercentage, SessionRank), not on its totals over all sessions so far"
    ),
}

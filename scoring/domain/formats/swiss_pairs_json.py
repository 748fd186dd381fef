"""A Swiss pairs event as JSON: what ``manage.py score_teams`` reads when the file says ``"format": "swiss-pairs"``.

Source: issue 21 and ``docs/teams.md`` §8. The shape is the teams event's (``formats/teams.py``) with two keys
more and one table a match: ``{"format": "swiss-pairs", "method": "imps"|"matchpoints", "scale": "wbf2013"|
"wbf2013-discrete"|"acbl"|"imps", "boards_per_match": 2, "bye_vp": 12, "tie_break": …, "matches": [{"round": 1,
"home": "1", "away": "2", "boards": [{"board": 1, "home_ns": {"contract": "4S", "declarer": "N", "tricks":
10}}, …]}, …]}``. ``home_ns`` is the result at the match's one table, where the home pair sat North–South; an
``away_ns`` is refused (there is no second table). ``method`` is ``imps`` when absent; matchpoints need a 20-VP
scale, and a club's board-a-match or Patton is refused. Every match has ``boards_per_match`` boards; a bye is a
match whose ``away`` is ``null``, without boards.

:func:`read_swiss_pairs` returns a :class:`~scoring.domain.swiss_pairs.SwissPairsEvent` and raises a
:class:`~scoring.domain.errors.ScoringError` naming the file and the place (``matches[1].boards[0].away_ns``).

>>> event = read_swiss_pairs('{"format": "swiss-pairs", "boards_per_match": 1, "matches": ['
...     '{"round": 1, "home": 1, "away": 2, "boards": [{"board": 1, "home_ns": {"score": 420}}]}]}')
>>> event.method, event.matches[0].home, [b for b, _result in event.matches[0].boards]
('imps', '1', [1])
>>> read_swiss_pairs('{"format": "swiss-pairs", "method": "matchpoints", "scale": "imps", "boards_per_match": 1,'
...     ' "matches": []}', source="s.json")
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: s.json (scale): scale 'imps' has no victory points to turn a Swiss pairs \
percentage into: choose wbf2013, wbf2013-discrete or acbl
"""

from __future__ import annotations

from collections.abc import Mapping

from bridge.text import TextBase
from scoring.domain.errors import ScoringError
from scoring.domain.formats.teams import (
    check_rounds,
    load_json,
    read_board_number,
    read_options,
    read_result,
    read_sides,
)
from scoring.domain.results import Artificial, Result
from scoring.domain.swiss_pairs import PAIRS_METHODS, PairsMatch, SwissPairsEvent
from scoring.domain.text import Text
from scoring.domain.victory_points import CLUB_METHODS

__all__ = ["read_swiss_pairs"]


def read_swiss_pairs(data: bytes | str | Mapping[str, object], *, source: str = "") -> SwissPairsEvent:
    """The Swiss pairs event in ``data`` (see the module's docstring)."""

    def fail(text: TextBase | str, where: str) -> ScoringError:
        return ScoringError(text, where=where, source=source or "JSON")

    document = data if isinstance(data, Mapping) else load_json(data, source=source)  # or read already
    options = read_options(document, fail)
    method = document.get("method", "imps")
    if method not in PAIRS_METHODS:
        raise fail(Text.of("swiss_pairs.method", value=str(method)), "method")
    if options.scale in CLUB_METHODS:
        raise fail(Text.of("swiss_pairs.club_scale", value=options.scale), "scale")
    if method == "matchpoints" and options.scale == "imps":
        raise fail(Text.of("swiss_pairs.scale", value=options.scale), "scale")
    items = document.get("matches")
    if not isinstance(items, list) or not items:
        raise fail(Text.of("teams.file"), "matches")
    matches = []
    for index, item in enumerate(items):
        where = f"matches[{index}]"
        number, home, away, boards = read_sides(item, where, fail)
        named = {"home": home, "away": away, "round": number}
        read: list[tuple[int, Result]] = []
        for j, board in enumerate(boards):
            place = f"{where}.boards[{j}]"
            n = read_board_number(board, place, [b for b, _result in read], named, fail)
            if "away_ns" in board:
                raise fail(Text.of("swiss_pairs.away_ns", board=n, **named), f"{place}.away_ns")
            if board.get("home_ns") is None:
                raise fail(Text.of("teams.result_missing", board=n, team=home, **named), f"{place}.home_ns")
            result = read_result(board["home_ns"], f"{place}.home_ns", fail)
            if isinstance(result, Artificial) and result.ns_percent + result.ew_percent != 100:
                raise fail(Text.of("teams.unbalanced", score=str(result)), f"{place}.home_ns")
            read.append((n, result))
        if away is not None and len(read) != options.boards_per_match:
            count = {"count": len(read), "boards": options.boards_per_match}
            raise fail(Text.of("teams.board_count", **count, **named), f"{where}.boards")
        matches.append(PairsMatch(index, number, home, away, tuple(read)))
    check_rounds(matches, fail)
    return SwissPairsEvent(
        boards_per_match=options.boards_per_match,
        matches=tuple(matches),
        scale=options.scale,
        method=str(method),
        bye_vp=options.bye_vp,
        tie_break=options.tie_break,
    )

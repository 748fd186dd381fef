"""A teams event as JSON: what ``manage.py score_teams`` reads.

Source: ``../shared/specs/teams-and-simultaneous.md`` §1–2, issue 21. The shape: ``{"scale": "wbf2013"|
"wbf2013-discrete"|"acbl"|"imps"|"board-a-match"|"patton", "boards_per_match": 8, "fractional": "round"|"exact", "bye": "larger"|
"fixed"|"average", "bye_vp": 12, "tie_break": "imp-difference"|…, "matches": [{"round": 1, "home": "1",
"away": "2", "boards": [{"board": 1, "home_ns": {...}, "away_ns": {...}}, …]}, …]}``; every key but
``boards_per_match`` and ``matches`` optional (``scale`` ``wbf2013``, ``fractional`` ``round``, ``bye`` the larger
of ``bye_vp`` and the team's average, ``bye_vp`` 12 on a 20-VP scale, 0 on ``imps``). A club's ``board-a-match`` or ``patton`` evening
(``victory_points.CLUB_METHODS``) scores each match in those points in place of VPs, for matches of any length.

``home_ns`` is the result at the table where the home team sat NS, ``away_ns`` the one where the away team did;
each is a result as :func:`scoring.domain.notation.from_data` reads it: ``{"contract": "4S", "declarer": "N",
"tricks": 10}``, ``{"score": 420}`` (an assigned score), ``{"weighted": [[20, 650], [80, 620]]}``, ``{"adjusted":
"60/40"}`` (Average plus to NS), ``{"contract": "PASS"}``. A bye is a match whose ``away`` is ``null``, without
boards.

:func:`read_teams` returns a :class:`TeamsEvent` and raises a :class:`~scoring.domain.errors.ScoringError`
naming the file and the place in it (``matches[2].boards[0].away_ns``) and, in the sentence, the match's round,
teams and board.

>>> event = read_teams('{"boards_per_match": 1, "matches": [{"round": 1, "home": 1, "away": 2, "boards": ['
...     '{"board": 1, "home_ns": {"contract": "4S", "declarer": "N", "tricks": 10}, "away_ns": {"score": -50}}]}]}')
>>> event.scale, event.matches[0].home, [b.scores for b in event.matches[0].boards]
('wbf2013', '1', [(420, Assigned(parts=((Fraction(1, 1), -50),), note=''))])
>>> read_teams('{"boards_per_match": 1, "matches": [{"round": 1, "home": "1", "away": "2", "boards": ['
...     '{"board": 1, "home_ns": {"score": 420}}]}]}', source="t.json")
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: t.json (matches[0].boards[0].away_ns): board 1 of 1 v 2 (round 1) has no \
result at the table where 2 sat NS
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Protocol

from bridge.text import TextBase
from scoring.domain.errors import ScoringError
from scoring.domain.notation import from_data
from scoring.domain.results import Played, Result
from scoring.domain.text import Text
from scoring.domain.victory_points import BYE_RULES, CLUB_METHODS, FRACTIONAL, SCALES, TableScore, victory_points

__all__ = [
    "FORMATS",
    "TIE_BREAKS",
    "TeamBoard",
    "TeamMatch",
    "TeamsEvent",
    "check_rounds",
    "event_format",
    "load_json",
    "named_in",
    "read_board_number",
    "read_options",
    "read_result",
    "read_sides",
    "read_teams",
]

#: The tie-breaks a director may choose (spec §3: IMP difference, then the match between the tied teams, is the
#: default), as ``scoring.domain.teams.standings`` applies them.
TIE_BREAKS = ("imp-difference", "head-to-head", "imp-quotient", "none")


@dataclass(frozen=True)
class TeamBoard:
    """One board of a match: the result where the home team sat NS and the one where the away team did."""

    board: int
    home_ns: Result
    away_ns: Result

    @property
    def scores(self) -> tuple[TableScore, TableScore]:
        """The two tables' scores as ``victory_points.board_imps`` takes them (a played board's Law 77 score)."""
        return _table_score(self.home_ns, self.board), _table_score(self.away_ns, self.board)


def _table_score(result: Result, board: int) -> TableScore:
    return result.ns_score(board) if isinstance(result, Played) else result


@dataclass(frozen=True)
class TeamMatch:
    """A match of the event (``away`` None: ``home`` has the round's bye); ``index``: its place in the file."""

    index: int
    round: int
    home: str
    away: str | None
    boards: tuple[TeamBoard, ...]


@dataclass(frozen=True)
class TeamsEvent:
    """A teams event as the file gives it: the scale, the match length, the options, the matches."""

    boards_per_match: int
    matches: tuple[TeamMatch, ...]
    scale: str = "wbf2013"
    fractional: str = "round"
    bye: str = "larger"
    bye_vp: Decimal = Decimal(12)
    tie_break: str = "imp-difference"
    source: str = ""

    @property
    def teams(self) -> tuple[str, ...]:
        """Every team of the event, in the order the file first names them."""
        return named_in(self.matches)


class Sides(Protocol):
    """A match's two sides (``away`` None: a bye), a team's or a pair's."""

    @property
    def home(self) -> str: ...

    @property
    def away(self) -> str | None: ...


def named_in(matches: Iterable[Sides]) -> tuple[str, ...]:
    """Every side the matches name, in the order they first name them."""
    seen: dict[str, None] = {}
    for match in matches:
        seen[match.home] = None
        if match.away is not None:
            seen[match.away] = None
    return tuple(seen)


def _team(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).strip():
        return None
    return str(value).strip()


#: The events the JSON may hold (``"format"``): a teams event (the default), or Swiss pairs
#: (``formats.swiss_pairs_json``).
FORMATS = ("teams", "swiss-pairs")


def load_json(data: bytes | str, *, source: str = "") -> Mapping[str, object]:
    """The JSON object in ``data`` (UTF-8, a BOM allowed); anything else refused naming the file."""

    def fail(text: TextBase | str, where: str) -> ScoringError:
        return ScoringError(text, where=where, source=source or "JSON")

    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise fail(Text.of("json.encoding", position=exc.start), "") from None
    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        raise ScoringError(
            Text.of("json.invalid", reason=exc.msg, column=exc.colno), line=exc.lineno, source=source or "JSON"
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or deep nesting
        raise fail(Text.of("json.unreadable"), "") from None
    if not isinstance(document, Mapping):
        raise fail(Text.of("teams.file"), "")
    return document


def event_format(document: Mapping[str, object], *, source: str = "") -> str:
    """The event's ``"format"`` (``FORMATS``; absent: teams), an unknown one refused naming the place."""
    value = document.get("format", "teams")
    if value not in FORMATS:
        raise ScoringError(Text.of("teams.format", value=str(value)), where="format", source=source or "JSON")
    return str(value)


def read_teams(data: bytes | str | Mapping[str, object], *, source: str = "") -> TeamsEvent:
    """The teams event in ``data`` (see the module's docstring)."""

    def fail(text: TextBase | str, where: str) -> ScoringError:
        return ScoringError(text, where=where, source=source or "JSON")

    document = data if isinstance(data, Mapping) else load_json(data, source=source)  # or read already
    event = read_options(document, fail)
    matches = document.get("matches")
    if not isinstance(matches, list) or not matches:
        raise fail(Text.of("teams.file"), "matches")
    read = tuple(_match(item, i, event.boards_per_match, fail) for i, item in enumerate(matches))
    check_rounds(read, fail)
    return replace(event, matches=read, source=source)


Fail = Callable[[TextBase | str, str], ScoringError]


def read_options(document: Mapping[str, object], fail: Fail) -> TeamsEvent:
    """The event's options (every key but ``matches``), each checked, on an event with no matches yet."""
    scale = document.get("scale", "wbf2013")
    if scale not in SCALES + CLUB_METHODS:
        raise fail(Text.of("teams.scoring", value=str(scale)), "scale")
    boards = document.get("boards_per_match")
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise fail(Text.of("teams.boards", value=boards), "boards_per_match")
    try:
        if scale not in CLUB_METHODS:  # board-a-match and Patton fit matches of any length
            victory_points(0, 0, boards, str(scale))  # the scale has a table for matches of this length
    except ScoringError as exc:
        raise fail(exc.reason, "boards_per_match") from None
    fractional = document.get("fractional", "round")
    if fractional not in FRACTIONAL:
        raise fail(Text.of("teams.fractional", value=str(fractional)), "fractional")
    bye = document.get("bye", "larger")
    if bye not in BYE_RULES:
        raise fail(Text.of("teams.bye_rule", value=str(bye)), "bye")
    bye_vp = document.get("bye_vp", 0 if scale in ("imps", *CLUB_METHODS) else 12)
    try:
        fixed = Decimal(str(bye_vp)) if not isinstance(bye_vp, bool) and isinstance(bye_vp, int | float) else None
    except InvalidOperation:
        fixed = None
    if fixed is None or not fixed.is_finite() or fixed < 0 or (scale in SCALES and scale != "imps" and fixed > 20):
        raise fail(Text.of("teams.bye_vp", value=str(bye_vp)), "bye_vp")
    tie_break = document.get("tie_break", "imp-difference")
    if tie_break not in TIE_BREAKS:
        raise fail(Text.of("teams.tie_break", value=str(tie_break)), "tie_break")
    return TeamsEvent(
        boards_per_match=boards,
        matches=(),
        scale=str(scale),
        fractional=str(fractional),
        bye=str(bye),
        bye_vp=fixed,
        tie_break=str(tie_break),
    )


def read_sides(item: object, where: str, fail: Fail) -> tuple[int, str, str | None, list[Mapping[str, object]]]:
    """A match's round, home and away sides (away None: a bye, which has no boards) and its boards, each an
    object (the match at ``where``: ``matches[2]``)."""
    if not isinstance(item, Mapping):
        raise fail(Text.of("teams.match", value=str(item)[:40]), where)
    number = item.get("round")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise fail(Text.of("teams.round", value=str(number)), f"{where}.round")
    home = _team(item.get("home"))
    if home is None:
        raise fail(Text.of("teams.team", value=str(item.get("home"))), f"{where}.home")
    if item.get("away") is None:
        if item.get("boards"):
            raise fail(Text.of("teams.bye_boards", team=home, round=number), f"{where}.boards")
        return number, home, None, []
    away = _team(item.get("away"))
    if away is None:
        raise fail(Text.of("teams.team", value=str(item.get("away"))), f"{where}.away")
    if away == home:
        raise fail(Text.of("teams.same_team", team=home, round=number), f"{where}.away")
    boards = item.get("boards")
    if not isinstance(boards, list) or not boards:
        raise fail(Text.of("teams.boards_list", home=home, away=away, round=number), f"{where}.boards")
    for j, board in enumerate(boards):
        if not isinstance(board, Mapping):
            raise fail(Text.of("teams.board", value=str(board)[:40]), f"{where}.boards[{j}]")
    return number, home, away, boards


def read_board_number(
    board: Mapping[str, object], place: str, seen: Sequence[int], named: Mapping[str, object], fail: Fail
) -> int:
    """A board's number (1 or more), once in its match (``seen``: the numbers read before it)."""
    n = board.get("board")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise fail(Text.of("result.board", board=n), f"{place}.board")
    if n in seen:
        raise fail(Text.of("teams.board_twice", board=n, **named), f"{place}.board")
    return n


def _match(item: object, index: int, boards_per_match: int, fail: Fail) -> TeamMatch:
    where = f"matches[{index}]"
    number, home, away, boards = read_sides(item, where, fail)
    if away is None:
        return TeamMatch(index, number, home, None, ())
    named = {"home": home, "away": away, "round": number}
    read: list[TeamBoard] = []
    for j, board in enumerate(boards):
        place = f"{where}.boards[{j}]"
        n = read_board_number(board, place, [b.board for b in read], named, fail)
        results = []
        for key, ns in (("home_ns", home), ("away_ns", away)):
            value = board.get(key)
            if value is None:
                raise fail(Text.of("teams.result_missing", board=n, team=ns, **named), f"{place}.{key}")
            results.append(read_result(value, f"{place}.{key}", fail))
        read.append(TeamBoard(n, results[0], results[1]))
    if len(read) != boards_per_match:
        raise fail(Text.of("teams.board_count", count=len(read), boards=boards_per_match, **named), f"{where}.boards")
    return TeamMatch(index, number, home, away, tuple(read))


def read_result(value: object, place: str, fail: Fail) -> Result:
    """A table's result at ``place`` (``from_data``), refused naming the place within it."""
    if not isinstance(value, Mapping):
        raise fail(Text.of("data.not_object", value=str(value)[:40]), place)
    try:
        return from_data(value)
    except ScoringError as exc:
        raise fail(exc.reason, f"{place}.{exc.field}" if exc.field else place) from None


class Drawn(Sides, Protocol):
    """A match of a round, a teams' or a pairs': its place in the file and its round."""

    @property
    def index(self) -> int: ...

    @property
    def round(self) -> int: ...


def check_rounds(matches: Sequence[Drawn], fail: Fail) -> None:
    """No team (or pair) in two matches (or a match and a bye) of one round."""
    seen: dict[tuple[int, str], Drawn] = {}
    for match in matches:
        for team in (match.home, match.away):
            if team is None:
                continue
            first = seen.get((match.round, team))
            if first is not None:
                raise fail(
                    Text.of("teams.twice_in_round", team=team, round=match.round, first=f"matches[{first.index}]"),
                    f"matches[{match.index}]",
                )
            seen[(match.round, team)] = match

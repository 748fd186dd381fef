"""Simultaneous pairs across clubs: every club's results on one traveller per board, matchpointed across the field.

The rules (``../shared/specs/teams-and-simultaneous.md`` §4, issue 22): every club plays the same boards;
each board is matchpointed across all its results from all clubs on the event's scale, and factored
(Neuberg, or no factoring) to the largest number of results of any board in the whole field, so that a
pair's percentage is comparable whatever its club's size; artificial scores get their share of that
top, as in a club session. A pair is its club and its number (numbers repeat across clubs). Beside the
overall result, each pair's local one: its club scored alone, as the club scores its own session.

* :class:`SimultaneousEvent` — the clubs' results as one field's columns
  (:class:`~scoring.domain.array_path.Columns`): each club is a section, each pair ``(club, number)``;
* :func:`read_simultaneous` — the JSON file ``{"scale", "factoring", "clubs": [{"club": "C1", "boards":
  [the boards as ``manage.py matchpoint`` takes them]}, …]}``: each club's boards read straight into
  columns (``array_json.scan_boards``), or, for any other layout and every mistake, by the exact reader
  (``formats.travellers.read_boards``), which names the place (``clubs[3].boards[0].results[2].tricks``)
  and the club;
* :func:`simultaneous_of_files` — clubs' results files (USEBIO, PBN: read by their readers), a club each;
* :func:`score_simultaneous` — the field scored by the array path (``array_path.score_columns``) with
  sections across the field (the overall result) and within each section (each club's local result):
  the engine's numbers exactly (the engine scores what the array path does not take).

>>> event = read_simultaneous(b'{"clubs": [{"club": "North", "boards": [{"board": 1, "results": ['
...     b'{"ns": 1, "ew": 2, "score": 420}, {"ns": 3, "ew": 4, "score": 450}]}]}, '
...     b'{"club": "South", "boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "score": 400}]}]}]}')
>>> score = score_simultaneous(event)
>>> [(p.section, p.pair, str(p.total), p.place) for p in score.overall.pairs][:3]
[('North', '3', '4', '1='), ('South', '2', '4', '1='), ('North', '1', '2', '3=')]
>>> score.local[("North", "3")]
(Fraction(100, 1), '1=')
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from scoring.domain.array_json import columns_of_scanned, scan_boards
from scoring.domain.array_path import BulkScore, Columns, Unit, columns_of, score_columns
from scoring.domain.engine import score_event
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.travellers import json_document, read_boards
from scoring.domain.options import ScoringOptions
from scoring.domain.results import TravellerLine, said
from scoring.domain.text import Text

__all__ = ["SimultaneousEvent", "SimultaneousScore", "read_simultaneous", "simultaneous_of_files", "score_simultaneous"]

_OPTION_KEYS = ("scale", "factoring")
_WS = rb"[ \t\n\r]*"
_NAME = rb'"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"'  # a JSON string
_HEAD = re.compile(
    rb"(?:\xef\xbb\xbf)?" + _WS + rb"\{" + _WS
    + rb'((?:"(?:event|scale|factoring)"' + _WS + rb":" + _WS + rb"(?:" + _NAME + rb"|-?[0-9]+)" + _WS + rb"," + _WS
    + rb')*)"clubs"' + _WS + rb":" + _WS + rb"\[" + _WS
)  # fmt: skip
_CLUB = re.compile(
    rb"\{" + _WS + rb'"club"' + _WS + rb":" + _WS + rb"(" + _NAME + rb")" + _WS + rb"," + _WS
    + rb'"boards"' + _WS + rb":" + _WS + rb"\[" + _WS
)  # fmt: skip
_CLOSE = rb"\]" + _WS + rb"\}" + _WS + rb"\]" + _WS + rb"\}" + _WS  # a club's last board, its boards, the club
_NEXT_CLUB = re.compile(_CLOSE + rb"," + _WS + rb"\Z")
_LAST_CLUB = re.compile(_CLOSE + rb"\]" + _WS + rb"\}" + _WS + rb"\Z")
_BOARD_START = re.compile(rb"\{" + _WS + rb'"board"' + _WS + rb":")
_WINDOW = 64  # bytes before a club's end in which its closing brackets are looked for


@dataclass
class SimultaneousEvent:
    """The clubs' results as one field: each line's section is its club (``columns.sections[1:]``)."""

    name: str
    options: ScoringOptions  # the overall scoring: sections across the field
    columns: Columns
    clubs: list[str]
    places: list[str]  # where each club is written: ``clubs[3]`` in a JSON file, or its file's name
    source: str = ""


@dataclass
class SimultaneousScore:
    """The overall score (pairs ranked across the field) and each pair's local (percentage, place)."""

    overall: BulkScore
    local: dict[tuple[str, str], tuple[Fraction, str]]  # (club, pair) → in its club alone


def _options(document: Mapping[str, object], source: str) -> ScoringOptions:
    try:
        options = ScoringOptions.parse({k: document.get(k) for k in _OPTION_KEYS})
    except ScoringError as exc:
        raise ScoringError(exc.reason, field=exc.field, where=exc.field or "", source=source or "JSON") from None
    return dataclasses.replace(options, sections="across")


def check_club_names(names: Sequence[str], places: Sequence[str], source: str | None) -> None:
    """Every club named, no club twice (``source``: the file they are in; None for clubs' files, named by place)."""
    seen: dict[str, str] = {}
    for name, place in zip(names, places):
        if not name:
            raise ScoringError(Text.of("sim.club_name"), field="club", where=f"{place}.club", source=source)
        if name in seen:
            raise ScoringError(
                Text.of("sim.club_twice", club=name, first=seen[name], second=place), field="club", source=source
            )
        seen[name] = place


def read_simultaneous(data: bytes | str, *, source: str = "") -> SimultaneousEvent:
    """The clubs' results in ``data`` (see the module's docstring); a :class:`ScoringError` naming the place."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    return _scan(data, source) or _read_exact(data, source)


def _scan(data: bytes, source: str) -> SimultaneousEvent | None:
    """The file read straight into columns when it is of the common layout; None for any other (or a mistake)."""
    head = _HEAD.match(data)
    if head is None:
        return None
    try:
        document = json.loads(b"{" + head[1] + b'"clubs": []}')
        options = _options(document, source)
    except (ValueError, ScoringError):
        return None
    clubs = list(_CLUB.finditer(data, head.end()))
    if not clubs or clubs[0].start() != head.end():
        return None
    spans = []
    for k, club in enumerate(clubs):
        last = k == len(clubs) - 1
        end = len(data) if last else clubs[k + 1].start()
        close = (_LAST_CLUB if last else _NEXT_CLUB).search(data, max(club.end(), end - _WINDOW), end)
        if close is None or close.start() <= club.end():
            return None
        spans.append((club.end(), close.start()))
    # every club's boards as one list of boards, read at once: a club's last board closes as any board does
    joined = b"]}, ".join(data[start:end] for start, end in spans)
    boards = scan_boards(joined, 0, len(joined))
    if boards is None:
        return None
    # each club's lines: in boards read exactly, every "{" opens a board or a line
    lines = [data.count(b"{", start, end) - len(_BOARD_START.findall(data, start, end)) for start, end in spans]
    names = [str(json.loads(club[1])).strip() for club in clubs]
    places = [f"clubs[{k}]" for k in range(len(clubs))]
    check_club_names(names, places, source or "JSON")
    section = np.repeat(np.arange(1, len(clubs) + 1, dtype=np.int64), lines)
    if section.size != boards.board.size:
        return None
    columns = columns_of_scanned(boards, ["", *names], section)
    if columns is None:
        return None
    return SimultaneousEvent(str(document.get("event") or ""), options, columns, names, places, source)


def _read_exact(data: bytes, source: str) -> SimultaneousEvent:
    """The file read by ``json`` and the traveller reader, club by club: every mistake said with its place."""
    document = json_document(data, source=source)
    options = _options(document, source)
    clubs = document.get("clubs")
    if not isinstance(clubs, list) or not clubs:
        raise ScoringError(Text.of("json.shape", expected="clubs"), where="clubs", source=source or "JSON")
    names: list[str] = []
    places: list[str] = []
    lines: list[TravellerLine] = []
    for k, club in enumerate(clubs):
        place = f"clubs[{k}]"
        if not isinstance(club, Mapping):
            raise ScoringError(Text.of("json.shape", expected="club"), where=place, source=source or "JSON")
        name = club.get("club")
        name = str(name).strip() if isinstance(name, (str, int)) and not isinstance(name, bool) else ""
        check_club_names([*names, name], [*places, place], source or "JSON")
        names.append(name)
        places.append(place)
        try:
            read = read_boards(club.get("boards"), source=source, at=f"{place}.")
        except ScoringError as exc:
            raise ScoringError(
                Text.of("sim.club", club=name, error=exc.reason),
                field=exc.field,
                where=exc.where,
                source=source or "JSON",
            ) from None
        lines += [dataclasses.replace(line, section=name) for line in read]
    return SimultaneousEvent(str(document.get("event") or ""), options, _columns(lines), names, places, source)


def simultaneous_of_files(
    files: Sequence[tuple[str, FileEvent]], options: ScoringOptions | None = None
) -> SimultaneousEvent:
    """Clubs' results files (their names and events as the readers give them), a club each: named by the file's
    club, else its event's name, else the file's name (the file's name also when two files say the same)."""
    said_names = [event.club_name.strip() or event.name.strip() or name for name, event in files]
    names = [n if said_names.count(n) == 1 else name for n, (name, _) in zip(said_names, files)]
    places = [name for name, _ in files]
    check_club_names(names, places, None)
    lines = [dataclasses.replace(line, section=club) for club, (_, event) in zip(names, files) for line in event.lines]
    options = dataclasses.replace(options or ScoringOptions(), method="matchpoints", sections="across")
    return SimultaneousEvent("", options, _columns(lines), names, places)


def _columns(lines: Sequence[TravellerLine]) -> Columns:
    if not lines:
        raise ScoringError(Text.of("file.no_results"))
    return columns_of(lines)


def score_simultaneous(
    event: SimultaneousEvent, local: Mapping[tuple[str, str], tuple[Fraction, str]] | None = None
) -> SimultaneousScore:
    """The overall score and each pair's local result (see the module's docstring); ``local``: the pairs' local
    results when known already (each club scored alone gives the same: a club's boards are its own units)."""
    columns = event.columns
    if len(columns) == 0:
        raise ScoringError(Text.of("file.no_results"), source=event.source or None)
    _check_repeats(event)
    overall = _scored(columns, event.options)
    if local is None:
        scored = _scored(columns, dataclasses.replace(event.options, sections="within"))
        local = {(p.section, p.pair): (p.percentage or Fraction(0), p.place) for p in scored.pairs}
    return SimultaneousScore(overall, dict(local))


def _check_repeats(event: SimultaneousEvent) -> None:
    """A pair with two results on a board: refused, naming the club, the board and the pair."""
    columns = event.columns
    pairs = len(columns.pairs)
    lines = np.arange(len(columns))
    keys = np.concatenate((columns.board * pairs + columns.ns, columns.board * pairs + columns.ew))
    if int(keys.max()) < 8 * keys.size and int(np.bincount(keys).max()) < 2:  # (boards × pairs: few more than lines)
        return
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    twice = np.flatnonzero(ordered[1:] == ordered[:-1])
    if twice.size == 0:
        return
    both = np.concatenate((lines, lines))
    first, second = sorted(int(both[order[j]]) for j in (int(twice[0]), int(twice[0]) + 1))
    club = int(columns.section[second])
    pair = columns.pairs[int(ordered[twice[0]] % pairs)][1]
    line, before = columns.line(second), columns.line(first)
    error = Text.of("result.twice", board=line.board, pair=pair, first=said(before.result), second=said(line.result))
    raise ScoringError(
        Text.of("sim.club", club=columns.sections[club], error=error),
        field="board",
        where=event.places[event.clubs.index(columns.sections[club])],
        source=event.source or None,
    )


def _scored(columns: Columns, options: ScoringOptions) -> BulkScore:
    """The array path's score, or (a fouled board, numbers beyond int64) the engine's in the same shape."""
    bulk = score_columns(columns, options)
    if bulk is not None:
        return bulk
    lines = [columns.line(i) for i in range(len(columns))]
    at = {id(line): i for i, line in enumerate(lines)}
    scored = score_event(lines, options)
    values = np.zeros((6, len(lines)), dtype=np.int64)  # (a field whose numbers leave int64 is not a real one)
    units = []
    for board in scored.boards:
        units.append(Unit(board.board, board.section, np.array([at[id(s.line)] for s in board.lines], dtype=np.int64)))
        for s in board.lines:
            top = s.top or Fraction(0)
            ratios = (
                s.ns.numerator,
                s.ns.denominator,
                s.ew.numerator,
                s.ew.denominator,
                top.numerator,
                top.denominator,
            )
            values[:, at[id(s.line)]] = ratios
    ns_num, ns_den, ew_num, ew_den, top_num, top_den = values
    return BulkScore(options, units, ns_num, ns_den, ew_num, ew_den, top_num, top_den, scored.pairs, scored.fields)

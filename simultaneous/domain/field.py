"""A simultaneous pairs' field as kept between its combinations, in the engine's column form, and what pages read.

A national field is a thousand clubs' results, combined again each time one more club's arrive. So:

* :class:`ClubResults` — one club's results in the engine's column form (each line's board, pairs and result as
  indices, the distinct results in ``notation.as_data``'s JSON, the pairs' players), made once when they arrive
  (:func:`club_results`: a club's file read at its upload, a club's session when its results change) and kept as
  plain data;
* :func:`club_scored` — a club's results with each pair's local result (the club scored alone), kept with them;
* :func:`field_of_clubs` — the clubs' kept results joined into one field's columns
  (:class:`~scoring.domain.simultaneous.SimultaneousEvent`, each club a section, named as
  ``simultaneous_of_files`` names them): no file read, no line made; :func:`score_field` scores it (the overall
  result by the engine, the local ones as the clubs kept them);
* :func:`field_kept` — what a combination keeps (:class:`KeptField`), in pieces each page reads alone: the
  ranking's rows; each board's **table**, its distinct results across the field, each ``[result, NS score, NS's
  matchpoints, EW's matchpoints, the top, tables]`` (numbers exact, ``"num/den"``); each club's **lines**: every
  line's board, NS and EW pair and its entry in that board's table (columns of integers kept :func:`packed`:
  one text a club, read at once); each club's rows of the ranking (:meth:`KeptField.club_rows`), for its page;
* :func:`frequencies` — a board's page: how often each result was scored, best for NS first;
* :func:`scorecard` — a pair's boards with its overall matchpoints, from its club's lines and the boards' tables;
* :func:`board_results` — every board's every line (club, pairs, result, score, matchpoints), for a whole-field file.

>>> from scoring.domain.options import ScoringOptions
>>> from scoring.domain.results import Played, TravellerLine
>>> north = club_results([TravellerLine(1, "1", "2", Played.of("4S", "N", 10)),
...                       TravellerLine(1, "3", "4", Played.of("4S", "N", 9))], {"1": "Ann – Bob"})
>>> south = club_results([TravellerLine(1, "1", "2", Played.of("4S", "N", 10))], {})
>>> event = field_of_clubs([("North", "n.xml", north), ("South", "s.pbn", south)], ScoringOptions())
>>> kept = field_kept(event, score_simultaneous(event), {("North", "1"): "Ann – Bob"})
>>> [(r["club"], r["pair"], r["names"], r["percentage"], r["place"]) for r in kept.rows][:2]
[('North', '4', '', '100/1', '1'), ('North', '1', 'Ann – Bob', '75/1', '2=')]
>>> [(f.result, f.ns_score, f.count, f.ns_percentage) for f in frequencies(kept.boards[1])]
[('4S N 10', '420', 2, Fraction(75, 1)), ('4S N 9', '-50', 1, Fraction(0, 1))]
>>> [(s.board, s.direction, s.opponents, s.score, s.percentage) for s in scorecard(kept.clubs["North"], kept.boards, "4")]
[(1, 'EW', '3', '50', Fraction(100, 1))]
>>> [(r["pair"], r["place"], r["local_place"]) for r in kept.club_rows()["South"]]
[('1', '2=', '1='), ('2', '4=', '1=')]
"""

from __future__ import annotations

import base64
import dataclasses
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from scoring.domain.array_path import Columns, distinct, scores_of
from scoring.domain.errors import ScoringError
from scoring.domain.notation import as_data, from_data, shorthand
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Result, TravellerLine
from scoring.domain.simultaneous import SimultaneousEvent, SimultaneousScore, check_club_names, score_simultaneous
from scoring.domain.text import Text

__all__ = [
    "ClubResults",
    "club_results",
    "field_of_clubs",
    "scored_as",
    "club_scored",
    "score_field",
    "KeptField",
    "field_kept",
    "Frequency",
    "frequencies",
    "ScorecardLine",
    "scorecard",
    "board_results",
    "boards_of",
    "packed",
    "unpacked",
    "score_simultaneous",
]

#: a board's table entry: [result as a scorer types it, NS score (None: artificial), mp NS, mp EW, top, tables]
TableEntry = list


def packed(rows: Sequence[Any] | np.ndarray) -> str:
    """Rows of small integers (a club's lines' columns) as one text: a JSON document reads it at once, not number by
    number (a national field's clubs hold 1.3 million of them); :func:`unpacked` reads it back.

    >>> unpacked(packed([[1, 2], [30, 4]])).tolist()
    [[1, 2], [30, 4]]
    """
    rows = np.asarray(rows, dtype="<i4")
    return f"{rows.shape[0]}:" + base64.b64encode(rows.tobytes()).decode("ascii")


def unpacked(text: str) -> np.ndarray:
    count, _, data = text.partition(":")
    return np.frombuffer(base64.b64decode(data), dtype="<i4").astype(np.int64).reshape(int(count), -1)


@dataclass(frozen=True, eq=False)
class ClubResults:
    """One club's lines in the engine's column form: line i is ``board[i]``, ``pairs[ns[i]]`` against
    ``pairs[ew[i]]``, ``results[result[i]]`` (``notation.as_data`` as compact JSON); ``names[k]``: pair k's players.
    ``lines`` holds the four columns (board, NS, EW, result), kept :func:`packed`."""

    pairs: list[str]
    names: list[str]
    results: list[str]
    lines: np.ndarray
    fouled: bool = False  # a line of a fouled board's group (the engine scores the field, not the array path)
    #: each pair's local result (its percentage's numerator and denominator, its place): the club scored alone
    #: (:func:`club_scored`) with the options ``scored_as`` says; empty until then
    local: list[list[int | str]] = dataclasses.field(default_factory=list)
    scored_as: str = ""

    def __len__(self) -> int:
        return int(self.lines.shape[1])

    def as_data(self) -> dict[str, object]:
        """As JSON keeps it (:meth:`from_data` reads it back)."""
        return {**dataclasses.asdict(self), "lines": packed(self.lines)}

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> ClubResults:
        return cls(**{**data, "lines": unpacked(str(data["lines"]))})  # type: ignore[arg-type]


def club_results(lines: Sequence[TravellerLine], names: Mapping[str, str]) -> ClubResults:
    """A club's lines (as its file's reader or its session gives them) in column form; ``names``: pair → players."""
    pairs: dict[str, int] = {}
    results: dict[Result, int] = {}
    columns = [
        (line.board, pairs.setdefault(line.ns, len(pairs)), pairs.setdefault(line.ew, len(pairs)))
        + (results.setdefault(line.result, len(results)),)
        for line in lines
    ]
    return ClubResults(
        pairs=list(pairs),
        names=[names.get(pair, "") for pair in pairs],
        results=[json.dumps(as_data(r), separators=(",", ":")) for r in results],
        lines=np.array(columns, dtype=np.int64).reshape(-1, 4).T,
        fouled=any(line.group for line in lines),
    )


def scored_as(options: ScoringOptions) -> str:
    """The options a club's local result was scored with, as :class:`ClubResults` keeps them."""
    return f"{options.scale} {options.factoring}"


def club_scored(club: str, place: str, results: ClubResults, options: ScoringOptions) -> ClubResults:
    """The club's results with each pair's local result (the club scored alone, as the field scores it: what the
    field would refuse of them is refused now, a ScoringError naming the club)."""
    score = score_simultaneous(field_of_clubs([(club, place, results)], options))
    name = score.overall.pairs[0].section if score.overall.pairs else club
    local: list[list[int | str]] = []
    for pair in results.pairs:
        percentage, place_said = score.local.get((name, pair), (Fraction(0), ""))
        local.append([percentage.numerator, percentage.denominator, place_said])
    return dataclasses.replace(results, local=local, scored_as=scored_as(options))


def score_field(
    clubs: Sequence[tuple[str, str, ClubResults]], options: ScoringOptions
) -> tuple[SimultaneousEvent, SimultaneousScore]:
    """The clubs' results as one field (:func:`field_of_clubs`), scored: the overall result by the engine, each
    pair's local one as its club kept it when scored with these options (scored again otherwise)."""
    field = field_of_clubs(clubs, options)
    kept = [club for _, _p, club in clubs if len(club)]
    local: dict[tuple[str, str], tuple[Fraction, str]] = {}
    for name, club in zip(field.clubs, kept):
        if club.scored_as != scored_as(options) or len(club.local) != len(club.pairs):
            return field, score_simultaneous(field, None)
        for pair, (numerator, denominator, place) in zip(club.pairs, club.local):
            local[(name, pair)] = (Fraction(int(numerator), int(denominator)), str(place))
    return field, score_simultaneous(field, local)


def field_of_clubs(clubs: Sequence[tuple[str, str, ClubResults]], options: ScoringOptions) -> SimultaneousEvent:
    """``(club, place, results)`` of each club (a club without lines left out) as one field, each club a section
    (named by its club, by its place when two say the same, as ``simultaneous_of_files`` names them); a
    ScoringError when two clubs are one or there is no result."""
    clubs = [c for c in clubs if len(c[2])]
    if not clubs:
        raise ScoringError(Text.of("file.no_results"))
    said = [club.strip() or place for club, place, _ in clubs]
    count = Counter(said)
    names = [name if count[name] == 1 else place for name, (_, place, _r) in zip(said, clubs)]
    places = [place for _, place, _r in clubs]
    check_club_names(names, places, None)
    codes: dict[str, int] = {}  # each distinct result's JSON → its index in the field
    result_map: list[int] = []  # each club's results' field indices, one club after another
    pairs: list[tuple[str, str]] = []
    sizes, pair_offsets, result_offsets = [], [], []
    for name, (_, _place, club) in zip(names, clubs):
        sizes.append(len(club))
        pair_offsets.append(len(pairs))
        result_offsets.append(len(result_map))
        result_map += [codes.setdefault(text, len(codes)) for text in club.results]
        pairs += [(name, pair) for pair in club.pairs]
    size = np.array(sizes, dtype=np.int64)
    pair_offset = np.repeat(np.array(pair_offsets, dtype=np.int64), size)
    result_offset = np.repeat(np.array(result_offsets, dtype=np.int64), size)
    boards, ns, ew, result = np.concatenate([club.lines for _, _p, club in clubs], axis=1)
    distinct = [from_data(json.loads(text)) for text in codes]
    results = np.array(result_map, dtype=np.int64)[result + result_offset]
    columns = Columns(
        boards,
        np.repeat(np.arange(1, len(clubs) + 1, dtype=np.int64), size),
        ns + pair_offset,
        ew + pair_offset,
        results,
        scores_of(distinct, results, boards),
        distinct,
        ["", *names],
        pairs,
        any(club.fouled for _, _p, club in clubs),
    )
    options = dataclasses.replace(options, method="matchpoints", sections="across")
    return SimultaneousEvent("", options, columns, names, places)


@dataclass
class KeptField:
    """What a combination keeps: the ranking's rows, each board's table (by number), each club's lines (by club)."""

    rows: list[dict[str, object]]
    boards: dict[int, list[TableEntry]]
    clubs: dict[str, dict[str, list]]

    def club_rows(self) -> dict[str, list[dict[str, object]]]:
        """Each club's rows of the ranking, in the overall order (a club's page reads its own alone)."""
        by_club: dict[str, list[dict[str, object]]] = {club: [] for club in self.clubs}
        for row in self.rows:
            by_club.setdefault(str(row["club"]), []).append(row)
        return by_club


def _ratio(numerator: int, denominator: int) -> str:
    value = Fraction(int(numerator), int(denominator) or 1)
    return f"{value.numerator}/{value.denominator}"


def _rows(score: SimultaneousScore, names: Mapping[tuple[str, str], str]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for pair in score.overall.pairs:
        local, local_place = score.local[(pair.section, pair.pair)]
        percentage = pair.percentage or Fraction(0)
        rows.append(
            {
                "club": pair.section,
                "pair": pair.pair,
                "names": names.get((pair.section, pair.pair), ""),
                "percentage": f"{percentage.numerator}/{percentage.denominator}",
                "place": pair.place,
                "local_percentage": f"{local.numerator}/{local.denominator}",
                "local_place": local_place,
            }
        )
    return rows


def field_kept(event: SimultaneousEvent, score: SimultaneousScore, names: Mapping[tuple[str, str], str]) -> KeptField:
    """The field's combination as kept (see the module's docstring); ``names``: (club, pair) → its players."""
    columns, n = event.columns, len(event.columns)
    entries, first, inverse, counts = _table_entries(columns, score)
    entry_board = entries[:, 0]
    local_entry = inverse - np.searchsorted(entry_board, entry_board)[inverse]
    said: dict[int, str] = {}
    boards: dict[int, list[TableEntry]] = {}
    for values, line, count in zip(entries.tolist(), first.tolist(), counts.tolist()):
        number, result, ns_num, ns_den, ew_num, ew_den, top_num, top_den = values
        if result not in said:
            said[result] = shorthand(columns.results[result])
        ns_score = columns.line(line).ns_score
        boards.setdefault(number, []).append(
            [
                said[result],
                None if ns_score is None else str(ns_score),
                _ratio(ns_num, ns_den),
                _ratio(ew_num, ew_den),
                _ratio(top_num, top_den),
                count,
            ]
        )
    # each club's lines: the lines and the pairs of a club are contiguous, club after club
    starts = np.searchsorted(columns.section, np.arange(1, len(event.clubs) + 2)).tolist()
    pair_club = [section for section, _pair in columns.pairs]
    clubs: dict[str, dict[str, Any]] = {}
    pair_start = 0
    for k, club in enumerate(event.clubs):
        a, b = starts[k], starts[k + 1]
        pair_end = pair_start
        while pair_end < len(pair_club) and pair_club[pair_end] == club:
            pair_end += 1
        clubs[club] = {
            "pairs": [pair for _club, pair in columns.pairs[pair_start:pair_end]],
            "lines": packed(
                (columns.board[a:b], columns.ns[a:b] - pair_start, columns.ew[a:b] - pair_start, local_entry[a:b])
            ),
        }
        pair_start = pair_end
    assert pair_start == len(columns.pairs) and starts[-1] == n, "a club's lines or pairs are not together"
    return KeptField(_rows(score, names), boards, clubs)


def _table_entries(columns: Columns, score: SimultaneousScore) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The field's table entries (rows ``board, result, mp NS num/den, mp EW num/den, top num/den``, by board), the
    first line of each, each line's entry and each entry's count. A board's lines of one result have the same
    matchpoints (so one entry) but when the engine gave them otherwise: then the entries are the distinct rows."""
    bulk = score.overall
    values = (bulk.ns_num, bulk.ns_den, bulk.ew_num, bulk.ew_den, bulk.top_num, bulk.top_den)
    keys, inverse = distinct(columns.board * (len(columns.results) + 1) + columns.result)
    first = np.full(keys.size, len(columns), dtype=np.int64)
    np.minimum.at(first, inverse, np.arange(len(columns), dtype=np.int64))
    if all(np.array_equal(v[first][inverse], v) for v in values):
        entries = np.stack((columns.board[first], columns.result[first], *(v[first] for v in values)), axis=1)
        return entries, first, inverse, np.bincount(inverse, minlength=keys.size)
    key = np.stack((columns.board, columns.result, *values), axis=1)
    entries, first, inverse, counts = np.unique(key, axis=0, return_index=True, return_inverse=True, return_counts=True)
    return entries, first, inverse.reshape(-1), counts


@dataclass(frozen=True)
class Frequency:
    """One result on a board across the field: how many tables had it, NS's score, and NS's / EW's overall
    matchpoints as a percentage of the top (the chart's bar: ``share`` of the tables)."""

    result: str
    ns_score: str | None
    count: int
    share: Fraction
    ns_percentage: Fraction
    ew_percentage: Fraction


def _percent(mp: str, top: str) -> Fraction:
    top_value = Fraction(top)
    return Fraction(mp) * 100 / top_value if top_value else Fraction(0)


def _score_key(ns_score: str | None) -> Fraction:
    return Fraction(ns_score) if ns_score is not None else Fraction(-(10**6))


def frequencies(table: Sequence[TableEntry]) -> list[Frequency]:
    """A board's table as its frequencies: each result and score once, with how often it was scored, best for NS
    first (artificial scores last)."""
    counts: dict[tuple[str, str | None], list] = {}
    for entry in table:
        result, ns_score, mp_ns, mp_ew, top, count = entry
        kept = counts.setdefault((result, ns_score), [0, mp_ns, mp_ew, top])
        kept[0] += count
    total = sum(kept[0] for kept in counts.values()) or 1
    out = [
        Frequency(
            result=result,
            ns_score=ns_score,
            count=count,
            share=Fraction(count, total),
            ns_percentage=_percent(mp_ns, top),
            ew_percentage=_percent(mp_ew, top),
        )
        for (result, ns_score), (count, mp_ns, mp_ew, top) in counts.items()
    ]
    return sorted(out, key=lambda f: (-_score_key(f.ns_score), f.result))


@dataclass(frozen=True)
class ScorecardLine:
    """A pair's board in the field: its direction, opponents, result, its score and its overall matchpoints."""

    board: int
    direction: str
    opponents: str
    result: str
    score: str | None
    matchpoints: Fraction
    top: Fraction

    @property
    def percentage(self) -> Fraction:
        return self.matchpoints * 100 / self.top if self.top else Fraction(0)


def scorecard(lines: Mapping[str, Any], tables: Mapping[int, Sequence[TableEntry]], pair: str) -> list[ScorecardLine]:
    """``pair``'s boards from its club's lines and the boards' tables, by board; empty for a pair not in them."""
    pairs = lines["pairs"]
    if pair not in pairs:
        return []
    me = pairs.index(pair)
    out = []
    for number, ns, ew, entry in unpacked(lines["lines"]).T.tolist():
        if me not in (ns, ew):
            continue
        result, score, mp_ns, mp_ew, top, _count = tables[number][entry]
        at_ns = ns == me
        if score is not None and not at_ns:
            score = str(-Fraction(score))
        out.append(
            ScorecardLine(
                board=number,
                direction="NS" if at_ns else "EW",
                opponents=pairs[ew] if at_ns else pairs[ns],
                result=result,
                score=score,
                matchpoints=Fraction(mp_ns if at_ns else mp_ew),
                top=Fraction(top),
            )
        )
    return sorted(out, key=lambda line: line.board)


def boards_of(lines: Mapping[str, object]) -> set[int]:
    """The boards of a club's kept lines."""
    return set(unpacked(str(lines["lines"]))[0].tolist())


def board_results(
    clubs: Mapping[str, Mapping[str, Any]], tables: Mapping[int, Sequence[TableEntry]]
) -> list[dict[str, object]]:
    """Every board's results across the field, by number: each line's club, NS and EW pair, result, NS score (None
    for an artificial one), both sides' overall matchpoints and the top (``"num/den"``), club after club."""
    boards: dict[int, list[dict[str, object]]] = {}
    for club, lines in clubs.items():
        pairs = lines["pairs"]
        for number, ns, ew, entry in unpacked(lines["lines"]).T.tolist():
            result, score, mp_ns, mp_ew, top, _count = tables[number][entry]
            boards.setdefault(number, []).append(
                {
                    "club": club,
                    "ns": pairs[ns],
                    "ew": pairs[ew],
                    "result": result,
                    "ns_score": score,
                    "mp_ns": mp_ns,
                    "mp_ew": mp_ew,
                    "top": top,
                }
            )
    return [{"board": number, "results": boards[number]} for number in sorted(boards)]

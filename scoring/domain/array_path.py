"""Scoring a whole field at the array kernel's speed: traveller lines as columns, never one object per line.

What the commands (``manage.py matchpoint``, ``score_usebio``) score a million lines with. The
engine (``scoring.domain.engine.score_event``) makes a ``TravellerLine``, a ``LineScore`` and
their ``Fraction``\\ s for every line; here a field is a few numpy columns (:class:`Columns`:
board, section, NS and EW pair, what kind of result, NS score, artificial percentages) and its
score is integer columns too (:class:`BulkScore`: every line's NS, EW and top as numerator and
denominator), with the same numbers exactly:

* :func:`supports` — whether the array path takes these options (matchpoints on either scale,
  Neuberg or no factoring, sections across or within); anything else is the engine's;
* :func:`columns_of` — columns from any reader's ``TravellerLine``\\ s (the exact reader's
  output, or a USEBIO file's);
* :func:`score_columns` — the field scored: raw matchpoints of every comparison unit from one
  ``matchpoints.raw_matchpoints`` pass, Neuberg numerators ((M + 1)·E − A over A·h) and artificial
  scores' shares of the top as integer arrays, pair totals summed per denominator with numpy, one
  ``Fraction`` per pair, places as the engine gives them. A unit (a board, or a board in one
  section) holding a weighted assigned score (Law 12C1(c)) is scored by the engine itself, unit
  by unit, with the E the whole field gives it: the array path never guesses.

:func:`score_columns` returns None when it cannot score the field exactly (options it does not
take, a fouled board's groups, a pair with two results on a board, numbers out of int64's range):
the caller then scores with the engine, which also gives the engine's errors.

>>> from scoring.domain.results import Played, TravellerLine as L
>>> board6 = [L(6, "7", "5", Played.of("3S", "N", 9)), L(6, "1", "4", Played.of("4S", "S", 10)),
...           L(6, "8", "6", Played.of("3S", "S", 9)), L(6, "3", "2", Played.of("4S", "N", 9))]
>>> score = score_columns(columns_of(board6), ScoringOptions())
>>> (score.ns_num / score.ns_den).tolist(), [(p.pair, p.place) for p in score.pairs][:3]
([3.0, 6.0, 3.0, 0.0], [('1', '1='), ('2', '1='), ('5', '3=')])
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import cast

import numpy as np
import numpy.typing as npt

from scoring.domain.engine import Fields, PairScore, pair_sort_key, score_event
from scoring.domain.matchpoints import SCORE_SPAN, raw_matchpoints
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Artificial, Assigned, Played, Result, TravellerLine

__all__ = [
    "KIND_SCORE",
    "KIND_ARTIFICIAL",
    "KIND_EXACT",
    "Columns",
    "BulkScore",
    "supports",
    "columns_of",
    "result_kind",
    "scores_of",
    "distinct",
    "score_columns",
]

#: A line's kind: one whole NS score (played, passed out, or one assigned score) ...
KIND_SCORE = 0
#: ... an artificial adjusted score (each side's percentage of the top) ...
KIND_ARTIFICIAL = 1
#: ... or anything else (a weighted assigned score): its unit is scored by the engine.
KIND_EXACT = 2

#: The options the array path takes, each with the values it scores exactly.
_TAKEN = {
    "method": ("matchpoints",),
    "scale": ("ebu", "acbl"),
    "factoring": ("neuberg", "none"),
    "sections": ("across", "within"),
}
_LIMIT = 1 << 62  # numerators and denominators must stay well inside int64


IntArray = npt.NDArray[np.int64]


@dataclass
class Columns:
    """A field's traveller lines as columns (line i is row i of each array)."""

    board: IntArray  # the board number
    section: IntArray  # index into ``sections``
    ns: IntArray  # index into ``pairs``
    ew: IntArray
    result: IntArray  # index into ``results``
    score: IntArray  # NS score of a KIND_SCORE line (0 for the others)
    results: list[Result]  # the distinct results
    sections: list[str]  # index 0 is "" (no section)
    pairs: list[tuple[str, str]]  # (section, pair id as the lines write it), in order of first appearance
    fouled: bool = False  # some line belongs to a fouled board's group

    def __len__(self) -> int:
        return int(self.board.size)

    @property
    def kind(self) -> npt.NDArray[np.int8]:
        """Each line's kind (KIND_SCORE, KIND_ARTIFICIAL or KIND_EXACT)."""
        return np.array([result_kind(r) for r in self.results], dtype=np.int8)[self.result]

    def line(self, i: int) -> TravellerLine:
        """Line ``i`` as the engine takes it."""
        section = self.sections[int(self.section[i])]
        ns, ew = self.pairs[int(self.ns[i])][1], self.pairs[int(self.ew[i])][1]
        return TravellerLine(int(self.board[i]), ns, ew, self.results[int(self.result[i])], section=section)


def result_kind(result: Result) -> int:
    """KIND_SCORE, KIND_ARTIFICIAL or KIND_EXACT."""
    if isinstance(result, Artificial):
        return KIND_ARTIFICIAL
    if isinstance(result, Assigned) and result.is_weighted:
        return KIND_EXACT
    return KIND_SCORE


def scores_of(results: Sequence[Result], result: IntArray, board: IntArray) -> IntArray:
    """Every KIND_SCORE line's NS score (0 for the others): worked out once per result and place in Law 2's cycle."""
    key = result * 16 + (board - 1) % 16
    keys, inverse = distinct(key)
    values = []
    for k in keys.tolist():
        r = results[k // 16]
        if isinstance(r, Played):
            values.append(r.ns_score(k % 16 + 1))
        elif isinstance(r, Assigned) and not r.is_weighted:
            values.append(r.parts[0][1])
        else:
            values.append(0)
    return np.array(values, dtype=np.int64)[inverse]


@dataclass
class Unit:
    """A comparison unit: a board (in one section when sections are scored within); its lines in order."""

    board: int
    section: str  # "" across the field
    lines: IntArray  # line indices, in the lines' order


@dataclass
class BulkScore:
    """Every line's values as integer ratios (NS, EW, the top), the units in the engine's order, the pairs."""

    options: ScoringOptions
    units: list[Unit]
    ns_num: IntArray
    ns_den: IntArray
    ew_num: IntArray
    ew_den: IntArray
    top_num: IntArray
    top_den: IntArray
    pairs: list[PairScore]
    fields: tuple[str, ...]


def supports(options: ScoringOptions) -> bool:
    """Whether the array path scores with these options (every other option at its default)."""
    for spec in dataclasses.fields(options):
        value = getattr(options, spec.name)
        taken = _TAKEN.get(spec.name)
        if taken is None:
            if spec.default is dataclasses.MISSING or value != spec.default:
                return False
        elif value not in taken:
            return False
    return True


def columns_of(lines: Sequence[TravellerLine]) -> Columns:
    """The lines as columns (one Python step per line: for readers that made the lines already)."""
    n = len(lines)
    board, section, ns, ew, result = (np.zeros(n, dtype=np.int64) for _ in range(5))
    sections: dict[str, int] = {"": 0}
    pairs: dict[tuple[str, str], int] = {}
    results: dict[Result, int] = {}
    for i, line in enumerate(lines):
        board[i] = line.board
        section[i] = sections.setdefault(line.section, len(sections))
        ns[i] = pairs.setdefault((line.section, line.ns), len(pairs))
        ew[i] = pairs.setdefault((line.section, line.ew), len(pairs))
        result[i] = results.setdefault(line.result, len(results))
    distinct = list(results)
    score = scores_of(distinct, result, board) if n else np.zeros(0, dtype=np.int64)
    fouled = any(line.group for line in lines)
    return Columns(board, section, ns, ew, result, score, distinct, list(sections), list(pairs), fouled)


def _units(columns: Columns, within: bool) -> tuple[list[Unit], IntArray]:
    """The comparison units in the engine's order (board, then section name) and each line's unit number."""
    scope = columns.section if within else np.zeros(len(columns), dtype=np.int64)
    names = columns.sections
    rank = np.argsort(np.argsort(np.array(names, dtype=object), kind="stable"), kind="stable")  # name order
    key = columns.board * len(names) + rank[scope]
    ordered = bool(np.all(key[1:] >= key[:-1]))  # a file written board by board: nothing to sort
    order = np.arange(key.size) if ordered else np.argsort(key, kind="stable")
    keys = key[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]]) if keys.size else np.zeros(0, dtype=np.int64)
    ends = np.r_[starts[1:], keys.size]
    number = np.empty(len(columns), dtype=np.int64)
    number[order] = np.repeat(np.arange(starts.size), ends - starts)
    first = order[starts]  # each unit's first line
    boards, scopes = columns.board[first].tolist(), scope[first].tolist()
    units = [
        Unit(board, names[s], order[a:b]) for board, s, a, b in zip(boards, scopes, starts.tolist(), ends.tolist())
    ]
    return units, number


def _has_repeats(columns: Columns) -> bool:
    """A pair with two results on one board (the engine's check names the line; so the engine must say it)."""
    pairs = len(columns.pairs)
    board = distinct(columns.board)[1]
    keys = np.concatenate((board * pairs + columns.ns, board * pairs + columns.ew))
    if int(keys.max()) < 4 * keys.size:  # boards × pairs not much more than the lines: count them
        return bool(np.bincount(keys).max() > 1)
    keys.sort()
    return bool(np.any(keys[1:] == keys[:-1]))


def score_columns(
    columns: Columns,
    options: ScoringOptions,
    *,
    fields: Fields | None = None,
    two_winners: bool = False,
) -> BulkScore | None:
    """The field scored as ``score_event`` scores its lines (see the module's docstring); None if not exactly."""
    n = len(columns)
    if not supports(options) or columns.fouled or n == 0 or _has_repeats(columns):
        return None
    if int(columns.board.max()) >= _LIMIT // max(len(columns.sections), 1) // 4:
        return None
    within = options.sections == "within"
    units, unit_of = _units(columns, within)
    half = 2 if options.scale == "acbl" else 1
    neuberg = options.factoring == "neuberg"

    sizes = np.bincount(unit_of, minlength=len(units))  # results of each unit, artificial ones included
    position = {name: i for i, name in enumerate(columns.sections)}  # (a thousand clubs' sections: no list.index)
    scope_of_unit = np.array([position[u.section] for u in units], dtype=np.int64)
    most = np.zeros(len(columns.sections), dtype=np.int64)
    np.maximum.at(most, scope_of_unit, sizes)
    e_unit = most[scope_of_unit]  # E: the most results of any board in the unit's scope
    kind = columns.kind
    plain = kind == KIND_SCORE
    art = kind == KIND_ARTIFICIAL
    a_unit = sizes - np.bincount(unit_of[art], minlength=len(units))
    if np.any(np.abs(columns.score[plain]) >= SCORE_SPAN):
        return None
    m = np.zeros(n, dtype=np.int64)
    index = np.flatnonzero(plain)
    if index.size:
        m[index] = raw_matchpoints(unit_of[index], columns.score[index])[0]
    e, a = e_unit[unit_of], a_unit[unit_of]
    top = 2 * (e - 1) if neuberg else 2 * np.maximum(a - 1, 0)
    ns_num, ns_den = np.zeros(n, dtype=np.int64), np.ones(n, dtype=np.int64)
    ew_num, ew_den = np.zeros(n, dtype=np.int64), np.ones(n, dtype=np.int64)
    if neuberg:
        ns_num[plain] = (m[plain] + 1) * e[plain] - a[plain]
        ew_num[plain] = (2 * a[plain] - 1 - m[plain]) * e[plain] - a[plain]
        ns_den[plain] = ew_den[plain] = a[plain] * half
    else:
        ns_num[plain], ew_num[plain] = m[plain], 2 * (a[plain] - 1) - m[plain]
        ns_den[plain] = ew_den[plain] = half
    percents = np.array(
        [(r.ns_percent, r.ew_percent) if isinstance(r, Artificial) else (0, 0) for r in columns.results] or [(0, 0)],
        dtype=np.int64,
    )[columns.result]
    ns_num[art], ew_num[art] = top[art] * percents[art, 0], top[art] * percents[art, 1]
    ns_den[art] = ew_den[art] = 100 * half
    top_num, top_den = top, np.full(n, half, dtype=np.int64)

    # the units holding a weighted score: the engine's, unit by unit, with the E the field gives them
    for u in np.unique(unit_of[kind == KIND_EXACT]).tolist():
        unit = units[u]
        lines = [columns.line(i) for i in unit.lines.tolist()]
        expected = {unit.board: int(e_unit[u])}
        board = score_event(lines, dataclasses.replace(options, sections="across"), expected=expected).boards[0]
        for i, s in zip(unit.lines.tolist(), board.lines):
            assert s.top is not None  # matchpoints: every line has its top
            values = (s.ns.numerator, s.ns.denominator, s.ew.numerator, s.ew.denominator)
            if max(abs(v) for v in values) >= _LIMIT or max(s.top.numerator, s.top.denominator) >= _LIMIT:
                return None
            ns_num[i], ns_den[i], ew_num[i], ew_den[i] = values
            top_num[i], top_den[i] = s.top.numerator, s.top.denominator

    pairs = _pair_scores(columns, options, (ns_num, ns_den, ew_num, ew_den, top_num, top_den), fields, two_winners)
    if pairs is None:
        return None
    names = tuple(dict.fromkeys(p.field for p in pairs)) or ("",)
    return BulkScore(options, units, ns_num, ns_den, ew_num, ew_den, top_num, top_den, pairs, names)


def distinct(values: IntArray) -> tuple[IntArray, IntArray]:
    """The distinct values in order and each value's index among them.

    Values within a span not much wider than their number (pair and board numbers, denominators) are
    counted through a table over the span; others are sorted.
    """
    if values.size == 0:
        return values, np.zeros(0, dtype=np.int64)
    low, high = int(values.min()), int(values.max())
    if high - low < max(4 * values.size, 1 << 16):
        offsets = values - low
        present = np.zeros(high - low + 1, dtype=np.int64)
        present[offsets] = 1
        rank = np.cumsum(present) - 1
        return np.flatnonzero(present) + low, rank[offsets]
    order = np.argsort(values)
    ordered = values[order]
    new = np.r_[True, ordered[1:] != ordered[:-1]]
    inverse = np.empty(values.size, dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    return ordered[new], inverse


def _sums(pair: IntArray, num: IntArray, den: IntArray, pairs: int) -> list[Fraction] | None:
    """Σ num/den for each pair, exactly: over the denominators' common multiple when it is small (one integer sum
    per pair), else integer sums per (pair, denominator) added over that multiple as Python integers."""
    dens, which = distinct(den)
    common = math.lcm(*dens.tolist())
    largest = int(np.abs(num).max()) * (common // int(dens.min())) if num.size else 0
    if common < 1 << 40 and largest * num.size < _LIMIT:  # no sum, nor any term, can leave int64
        totals = np.zeros(pairs, dtype=np.int64)
        np.add.at(totals, pair, num * (common // dens)[which])
        return _over(totals.tolist(), common)
    key = pair * dens.size + which
    order = np.argsort(key, kind="stable")
    keys = key[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    nums = num[order]
    if nums.size and int(np.abs(nums).max()) * nums.size >= _LIMIT:
        return None
    sums = np.add.reduceat(nums, starts)
    # each pair's sums over the common multiple, with Python's integers (numpy's object arrays): one Fraction a pair
    owner, which_den = np.divmod(keys[starts], dens.size)
    scale = np.array([common // d for d in dens.tolist()], dtype=object)
    terms = sums.astype(object) * scale[which_den]
    firsts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    sums_of_pairs: list[int] = [0] * pairs
    for p, total in zip(owner[firsts].tolist(), np.add.reduceat(terms, firsts).tolist()):
        sums_of_pairs[p] = total
    return _over(sums_of_pairs, common)


def _over(values: Sequence[int], common: int) -> list[Fraction]:
    """Each value / ``common`` as a Fraction, each distinct value made once (tops and small totals repeat)."""
    made: dict[int, Fraction] = {}
    out = []
    for value in values:
        fraction = made.get(value)
        if fraction is None:
            fraction = made[value] = Fraction(value, common)
        out.append(fraction)
    return out


def _ranked(pairs: list[PairScore]) -> list[PairScore]:
    """One field's pairs in order, each with its place (``ranking.competition_places``: ``5=`` when shared).

    Best first, then by section and pair number, as the engine orders them. Floats decide where they differ
    (a larger fraction never has a smaller float); where two floats are equal the fractions decide.
    """
    approximate = np.array([float(p.score) for p in pairs], dtype=np.float64)
    order = np.argsort(-approximate, kind="stable")
    values = approximate[order]
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]]).tolist() + [len(pairs)]
    ordered = [pairs[i] for i in order.tolist()]
    places = list(range(1, len(ordered) + 1))
    for start, end in pairwise(starts):
        if end - start > 1:  # equal floats: the fractions decide the order and whether the place is shared
            run = sorted(ordered[start:end], key=lambda p: (-p.score, p.section, pair_sort_key(p.pair)))
            ordered[start:end] = run
            for i in range(start + 1, end):
                if ordered[i].score == ordered[i - 1].score:
                    places[i] = places[i - 1]
    shared = Counter(places)
    for p, place in zip(ordered, places):
        p.place = f"{place}=" if shared[place] > 1 else str(place)
    return ordered


def _pair_scores(
    columns: Columns,
    options: ScoringOptions,
    ratios: tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray],
    fields: Fields | None,
    two_winners: bool,
) -> list[PairScore] | None:
    ns_num, ns_den, ew_num, ew_den, top_num, top_den = ratios
    count = len(columns.pairs)
    pair = np.concatenate((columns.ns, columns.ew))
    totals = _sums(pair, np.concatenate((ns_num, ew_num)), np.concatenate((ns_den, ew_den)), count)
    tops = _sums(pair, np.concatenate((top_num, top_num)), np.concatenate((top_den, top_den)), count)
    if totals is None or tops is None:
        return None
    boards = np.bincount(pair, minlength=count).tolist()
    as_ns = np.bincount(columns.ns, minlength=count).tolist()
    as_ew = np.bincount(columns.ew, minlength=count).tolist()
    within = options.sections == "within"
    given = cast("Mapping[object, str] | None", fields)  # looked up by (section, id) and by id, as the engine does
    pairs = []
    percentages: dict[tuple[int, int, int, int], Fraction] = {}
    for p, (section, pair_id) in enumerate(columns.pairs):
        if given is not None:
            name = given.get((section, pair_id), given.get(pair_id, ""))
        elif two_winners:
            parts = [section if within else "", "NS" if as_ns[p] >= as_ew[p] else "EW"]
            name = " ".join(part for part in parts if part)
        else:
            name = section if within else ""
        total, top = totals[p], tops[p]
        key = (total.numerator, total.denominator, top.numerator, top.denominator)
        percentage = percentages.get(key)
        if percentage is None:  # (each distinct one made once: a club's pairs share totals and tops)
            percentage = percentages[key] = Fraction(100 * key[0] * key[3], key[1] * key[2]) if top else Fraction(0)
        pairs.append(PairScore(pair_id, name, section, total, top, boards[p], percentage))
    by_field: dict[str, list[PairScore]] = defaultdict(list)
    for s in pairs:
        by_field[s.field].append(s)
    ordered: list[PairScore] = []
    for name in sorted(by_field, key=lambda f: f.replace("NS", "0").replace("EW", "1")):
        ordered.extend(_ranked(by_field[name]))
    return ordered

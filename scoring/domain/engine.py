"""Score a session: every traveller line's matchpoints (or IMPs), each pair's total, percentage and place.

``score_event(lines, options, fields=None, expected=None)`` takes the session's
:class:`~scoring.domain.results.TravellerLine`\\ s and :class:`~scoring.domain.options.ScoringOptions`
and returns an :class:`EventScore`: boards (each line with its NS score and both sides'
matchpoints or IMPs, the board's top, its datum for Butler) and pairs (total, top, percentage,
boards played, place), ranked in their fields. Everything stays exact (``Fraction``) until
shown (``ranking.shown``).

The rules it applies (``../shared/specs/rules-and-formats.md`` §b3–b6):

* **Comparison units.** Results are compared on the same board; within one section only when
  ``sections="within"``; the tables of a **fouled board** (``line.group``) only with their own
  group. Sit-outs have no line.
* **Expected results E** of a board: ``expected`` when given (e.g. from the movement), else the
  most results (artificial ones included) of any board in the same scope (the whole field, or
  the section). **Actual results A** of a unit: its results that are not artificial.
* **Matchpoints**: 2 per result beaten, 1 per tie, among the unit's A results (weighted
  assigned scores part by part, ``matchpoints.weighted_matchpoints``). With Neuberg factoring
  every unit is factored to E, ``M' = (M + 1)·E/A − 1``, and the board's top is 2·(E − 1); a
  fouled board's groups are each factored to the full field. With missing results scored as ties
  (``factoring="ties"``, ScoreBridge) each of the E − A missing results ties with every result:
  each side gets ``M + (E − A)``, on the same top 2·(E − 1). Without factoring the top is the
  unit's own 2·(A − 1). An **artificial score** gets its percentage of that top. The ACBL scale
  halves everything. The lines' matchpoints are kept exact unless ``rounding`` rounds or truncates
  them to ``decimals``; the pairs' totals then come from the exact values, or from the lines as
  rounded when ``totals="lines"``.
* **IMPs**: Butler (datum without the single highest and lowest result) or cross-IMPs; an
  artificial score gives ±3 IMPs for a side above or below 50 %, 0 for 50 %, and is left out
  of the datum and the comparisons.
* **Pairs**: total over the boards they played, top = Σ the tops of those boards, percentage =
  100·total/top (a pair that missed a board is scored on the boards it played); places by
  percentage (matchpoints) or total (IMPs), ``5=`` for ties, within each field (one for a
  one-winner movement; NS and EW for a two-winner Mitchell).

Speed: every line's Law 77 score is worked out once, every line's raw matchpoints come from
one numpy pass (``matchpoints.raw_matchpoints``), factored values and pair totals are summed
as integer numerators per denominator and made exact fractions once; cross-IMPs use one
difference matrix per board. A 30-table session (810 lines) scores in about 3 ms
(``scripts/bench_scoring.py``).

>>> from scoring.domain.results import Played, TravellerLine as L
>>> board6 = [L(6, "7", "5", Played.of("3S", "N", 9)), L(6, "1", "4", Played.of("4S", "S", 10)),
...           L(6, "8", "6", Played.of("3S", "S", 9)), L(6, "3", "2", Played.of("4S", "N", 9))]
>>> event = score_event(board6)
>>> [(s.line.ns, s.ns_score, s.ns, s.ew) for s in event.boards[0].lines]
[('7', 140, Fraction(3, 1), Fraction(3, 1)), ('1', 420, Fraction(6, 1), Fraction(0, 1)), \
('8', 140, Fraction(3, 1), Fraction(3, 1)), ('3', -50, Fraction(0, 1), Fraction(6, 1))]
>>> [(p.pair, p.place, shown(p.percentage)) for p in event.pairs][:3]
[('1', '1=', '100.00'), ('2', '1=', '100.00'), ('5', '3=', '50.00')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

import numpy as np

from bridge import imps as imp_scale
from scoring.domain.errors import ScoringError
from scoring.domain.matchpoints import raw_matchpoints, weighted_matchpoints
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import competition_places, shown
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine, said
from scoring.domain.text import Text

__all__ = ["score_event", "EventScore", "BoardScore", "LineScore", "PairScore", "pair_sort_key", "shown"]

#: A line's NS score: Law 77's, or an assigned one (a fraction when weighted); None for an artificial score.
Score = int | Fraction | None
#: Who is ranked with whom, as a caller gives it: pair → field, the pair named by its id or by (section, id).
Fields = Mapping[str, str] | Mapping[tuple[str, str], str]
#: A line's values as integers: NS numerator and denominator, EW's, the top's.
_Ratios = tuple[int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class LineScore:
    """One line scored: NS's score (``None`` for an artificial score) and each side's matchpoints or IMPs."""

    line: TravellerLine
    ns_score: int | Fraction | None
    ns: Fraction
    ew: Fraction
    top: Fraction | None  # the board's top for this line (matchpoints); None for IMPs


@dataclass(slots=True)
class BoardScore:
    board: int
    section: str  # "" when sections are compared across the field
    lines: list[LineScore]
    expected: int  # E: the results this board should have had
    actual: int  # A: results compared (artificial scores excluded)
    top: Fraction | None  # the top every line is scored on (matchpoints with factoring)
    datum: int | None = None  # Butler
    groups: tuple[str, ...] = ()  # a fouled board's groups

    @property
    def is_fouled(self) -> bool:
        return len(self.groups) > 1


@dataclass(slots=True)
class PairScore:
    pair: str
    field: str
    section: str
    total: Fraction
    top: Fraction
    boards: int
    percentage: Fraction | None = None
    place: str = ""

    @property
    def score(self) -> Fraction:
        """What places are decided on: the percentage (matchpoints) or the total (IMPs)."""
        return self.percentage if self.percentage is not None else self.total


@dataclass(slots=True)
class EventScore:
    options: ScoringOptions
    boards: list[BoardScore]
    pairs: list[PairScore]
    fields: tuple[str, ...] = field(default=("",))

    def pair(self, pair_id: str, section: str | None = None) -> PairScore:
        """The pair of this id (in ``section`` when sections number their pairs alike)."""
        return next(p for p in self.pairs if p.pair == pair_id and (section is None or p.section == section))

    def board(self, number: int, section: str = "") -> BoardScore:
        return next(b for b in self.boards if b.board == number and b.section == section)

    def field_pairs(self, name: str) -> list[PairScore]:
        return [p for p in self.pairs if p.field == name]


def pair_sort_key(pair_id: str) -> tuple[str, int, int, str]:
    """Natural order of pair ids: ``2`` before ``10``, ``1NS`` before ``1EW`` before ``2NS``, sections first."""
    head = pair_id.rstrip("0123456789NSEW") if not pair_id[:1].isdecimal() else ""
    rest = pair_id[len(head) :]
    digits = "".join(ch for ch in rest if ch.isdecimal())  # (what int() reads: "²".isdigit(), but not a number)
    tail = rest[len(digits) :]
    return (head, int(digits[:18]) if digits else 0, {"NS": 0, "EW": 1}.get(tail, 2), tail)


def _check_lines(lines: Sequence[TravellerLine]) -> None:
    seen: dict[tuple[int, str, str], TravellerLine] = {}
    for line in lines:
        for pair in (line.ns, line.ew):
            key = (line.board, line.section, pair)
            if key in seen:
                raise ScoringError(
                    Text.of(
                        "result.twice",
                        board=line.board,
                        pair=pair,
                        first=said(seen[key].result),
                        second=said(line.result),
                    ),
                    field="board",
                    line=line.extra.get("line"),
                    where=line.extra.get("position"),
                )  # where a file has it, when it does
            seen[key] = line


def score_event(
    lines: Sequence[TravellerLine],
    options: ScoringOptions | None = None,
    *,
    fields: Fields | None = None,
    two_winners: bool = False,
    expected: Mapping[int, int] | None = None,
) -> EventScore:
    """Score every line, total and rank every pair (see the module's docstring)."""
    options = options or ScoringOptions()
    lines = list(lines)
    _check_lines(lines)
    within = options.sections == "within"
    scores = [line.ns_score for line in lines]  # Law 77 once per line

    # the lines of each board (in its scope: the field, or a section), and the board's units
    boards: dict[tuple[str, int], dict[str, list[int]]] = {}
    for index, line in enumerate(lines):
        units = boards.setdefault((line.section if within else "", line.board), {})
        units.setdefault(line.group, []).append(index)

    # E: the most results of any board in the scope, unless the caller knows better
    count = {key: sum(map(len, units.values())) for key, units in boards.items()}
    most: dict[str, int] = defaultdict(int)
    for (scope, _board), n in count.items():
        most[scope] = max(most[scope], n)

    scored: dict[int, LineScore] = {}  # line index → its score (each unit scores all its lines)
    ratios: dict[int, _Ratios] = {}  # line index → its exact values as integers
    unit_of = _unit_numbers(boards)
    raw = {} if options.is_imps else _raw_matchpoints(lines, scores, unit_of)
    board_scores: list[BoardScore] = []
    for (scope, board), units in sorted(boards.items(), key=lambda item: (item[0][1], item[0][0])):
        e = max(int(expected[board]), count[(scope, board)]) if expected and board in expected else most[scope]
        board_score = BoardScore(
            board=board, section=scope, lines=[], expected=e, actual=0, top=None, groups=tuple(sorted(units))
        )
        tops: set[Fraction] = set()
        for unit in units.values():
            real = [i for i in unit if not isinstance(lines[i].result, Artificial)]
            board_score.actual += len(real)
            if options.is_imps:
                board_score.datum = _score_imp_unit(lines, scores, unit, real, options, scored, ratios)
            else:
                tops.add(_score_mp_unit(lines, scores, unit, real, e, options, scored, ratios, raw))
        if tops:
            board_score.top = tops.pop() if len(tops) == 1 else None  # fouled, unfactored: each group its own
        if not options.is_imps and options.rounding != "exact":
            _cut_lines([i for unit in units.values() for i in unit], options, scored, ratios)
        board_score.lines = [scored[i] for i in sorted(i for unit in units.values() for i in unit)]
        board_scores.append(board_score)

    pairs = _pair_scores(lines, [ratios[i] for i in range(len(lines))], options, fields, two_winners, within)
    return EventScore(
        options=options, boards=board_scores, pairs=pairs, fields=tuple(dict.fromkeys(p.field for p in pairs)) or ("",)
    )


def _unit_numbers(boards: Mapping[tuple[str, int], Mapping[str, list[int]]]) -> dict[int, int]:
    """Line index → the number of its comparison unit (board in scope, fouled-board group)."""
    out: dict[int, int] = {}
    number = 0
    for units in boards.values():
        for unit in units.values():
            for i in unit:
                out[i] = number
            number += 1
    return out


# --- matchpoints ------------------------------------------------------------------------------
#
# Algorithm notes. Every value stays exact without Fraction arithmetic on the way: a line's raw
# units m (2/1 scale, integers from one numpy pass over every line) become m' = ((m+1)·E − A)/A
# with Neuberg, m without; the ACBL scale doubles the denominator. One Fraction is made per
# distinct (numerator, denominator) — a field of equal-sized boards has only 2A − 1 of them.


def _raw_matchpoints(
    lines: Sequence[TravellerLine], scores: Sequence[Score], unit_of: Mapping[int, int]
) -> dict[int, int]:
    """Raw NS units (2/1 scale) of every line with one integer score, all units at once (numpy)."""
    index = [
        i
        for i, line in enumerate(lines)
        if isinstance(line.result, Played) or (isinstance(line.result, Assigned) and not line.result.is_weighted)
    ]
    if not index:
        return {}
    mp, _counts = raw_matchpoints(
        np.fromiter((unit_of[i] for i in index), dtype=np.int64, count=len(index)),
        np.fromiter((scores[i] for i in index), dtype=np.int64, count=len(index)),
    )
    return dict(zip(index, mp.tolist()))


def _fraction(cache: dict[tuple[int, int], Fraction], numerator: int, denominator: int) -> Fraction:
    key = (numerator, denominator)
    value = cache.get(key)
    if value is None:
        value = cache[key] = Fraction(numerator, denominator)
    return value


_FRACTIONS: dict[tuple[int, int], Fraction] = {}


def _score_mp_unit(
    lines: Sequence[TravellerLine],
    scores: Sequence[Score],
    unit: Sequence[int],
    real: Sequence[int],
    e: int,
    options: ScoringOptions,
    scored: dict[int, LineScore],
    ratios: dict[int, _Ratios],
    raw: Mapping[int, int],
) -> Fraction:
    """Score one unit's lines into ``scored`` (and their values as integer ratios into ``ratios``); its top."""
    a = len(real)
    neuberg = options.factoring == "neuberg"
    ties = options.factoring == "ties" and a > 0  # each missing result a tie with every result: M + (E − A)
    half = 2 if options.scale == "acbl" else 1
    top = 2 * (e - 1) if neuberg or ties else 2 * max(a - 1, 0)
    cache = _FRACTIONS if len(_FRACTIONS) < 100_000 else {}
    top_f = _fraction(cache, top, half)
    weighted = any(isinstance(r, Assigned) and r.is_weighted for r in (lines[i].result for i in real))
    if weighted:
        parts = [_parts(lines[i], scores[i]) for i in real]
        exact = dict(zip(real, weighted_matchpoints(parts)))
    for i in unit:
        line = lines[i]
        result = line.result
        if isinstance(result, Artificial):
            ratio = (top * result.ns_percent, 100 * half, top * result.ew_percent, 100 * half)
        elif weighted:
            ns, ew = exact[i], 2 * (a - 1) - exact[i]
            if neuberg:
                ns, ew = (ns + 1) * e / a - 1, (ew + 1) * e / a - 1
            elif ties:
                ns, ew = ns + e - a, ew + e - a
            ns, ew = ns / half, ew / half
            ratio = (ns.numerator, ns.denominator, ew.numerator, ew.denominator)
        elif neuberg:
            m = raw[i]
            ratio = ((m + 1) * e - a, a * half, (2 * a - 1 - m) * e - a, a * half)
        elif ties:
            m = raw[i]
            ratio = (m + e - a, half, 2 * (a - 1) - m + e - a, half)
        else:
            m = raw[i]
            ratio = (m, half, 2 * (a - 1) - m, half)
        ratios[i] = ratio + (top, half)
        scored[i] = LineScore(
            line, scores[i], _fraction(cache, ratio[0], ratio[1]), _fraction(cache, ratio[2], ratio[3]), top_f
        )
    return top_f


def cut(value: Fraction, rounding: str, decimals: int) -> Fraction:
    """``value`` rounded (halves away from zero) or truncated (towards zero) to ``decimals``, exactly.

    >>> cut(Fraction(17, 3), "rounded", 1), cut(Fraction(17, 3), "truncated", 1), cut(Fraction(-5, 2), "rounded", 0)
    (Fraction(57, 10), Fraction(28, 5), Fraction(-3, 1))
    """
    scale = 10**decimals
    scaled = abs(value) * scale
    units = int(scaled) if rounding == "truncated" else int(scaled + Fraction(1, 2))
    return Fraction(units if value >= 0 else -units, scale)


def _cut_lines(
    indices: Sequence[int], options: ScoringOptions, scored: dict[int, LineScore], ratios: dict[int, _Ratios]
) -> None:
    """The lines' matchpoints as the options round them; the pairs' totals from them when ``totals="lines"``."""
    for i in indices:
        s = scored[i]
        ns, ew = cut(s.ns, options.rounding, options.decimals), cut(s.ew, options.rounding, options.decimals)
        scored[i] = LineScore(s.line, s.ns_score, ns, ew, s.top)
        if options.totals == "lines":
            ratios[i] = (ns.numerator, ns.denominator, ew.numerator, ew.denominator) + ratios[i][4:]


# --- IMPs -------------------------------------------------------------------------------------


def _artificial_imps(result: Artificial) -> tuple[Fraction, Fraction]:
    def side(percent: int) -> Fraction:
        return Fraction(3 if percent > 50 else -3 if percent < 50 else 0)

    return side(result.ns_percent), side(result.ew_percent)


def _compared(score: Score) -> int | Fraction:
    """A compared line's score: only an artificial score, never compared, has none."""
    assert score is not None
    return score


def _whole(score: Score) -> int:
    """A compared line's score in a unit without weighted scores: Law 77's or one assigned score, a whole number."""
    assert isinstance(score, int)
    return score


def _parts(line: TravellerLine, score: Score) -> tuple[tuple[Fraction, int | Fraction], ...]:
    if isinstance(line.result, Assigned):
        return line.result.parts
    return ((Fraction(1), _compared(score)),)


_IMP_BOUNDS = np.array(imp_scale.IMP_SCALE, dtype=np.int64)


def _cross_imp_totals(values: Sequence[int]) -> list[int]:
    """Σ over j of IMPs(s_i − s_j) for every i (integer scores; numpy, one difference matrix)."""
    s = np.asarray(values, dtype=np.int64)
    diff = s[:, None] - s[None, :]
    totals: list[int] = (np.sign(diff) * np.searchsorted(_IMP_BOUNDS, np.abs(diff), side="right")).sum(axis=1).tolist()
    return totals


def _score_imp_unit(
    lines: Sequence[TravellerLine],
    scores: Sequence[Score],
    unit: Sequence[int],
    real: Sequence[int],
    options: ScoringOptions,
    scored: dict[int, LineScore],
    ratios: dict[int, _Ratios],
) -> int | None:
    """Score one unit's lines into ``scored`` and ``ratios``; the Butler datum (None for cross-IMPs)."""
    datum = None
    plain = not any(isinstance(r, Assigned) and r.is_weighted for r in (lines[i].result for i in real))
    if options.method == "butler" and real:
        datum = imp_scale.butler_datum([_compared(scores[i]) for i in real])
        if plain:
            values = {i: _fraction(_FRACTIONS, imp_scale.imps(_compared(scores[i]) - datum), 1) for i in real}
        else:
            values = {
                i: sum((w * imp_scale.imps(s - datum) for w, s in _parts(lines[i], scores[i])), Fraction(0))
                for i in real
            }
    elif plain and len(real) > 1:
        totals = _cross_imp_totals([_whole(scores[i]) for i in real])
        values = {i: Fraction(t, len(real) - 1) for i, t in zip(real, totals)}
    else:
        values = {}
        for i in real:
            total = Fraction(0)
            for j in real:
                if i != j:
                    total += sum(
                        (
                            wa * wb * imp_scale.imps(sa - sb)
                            for wa, sa in _parts(lines[i], scores[i])
                            for wb, sb in _parts(lines[j], scores[j])
                        ),
                        Fraction(0),
                    )
            values[i] = total / (len(real) - 1) if len(real) > 1 else Fraction(0)
    for i in unit:
        line = lines[i]
        if isinstance(line.result, Artificial):
            ns, ew = _artificial_imps(line.result)
        else:
            ns = values[i]
            ew = -ns
        ratios[i] = (ns.numerator, ns.denominator, ew.numerator, ew.denominator, 0, 1)
        scored[i] = LineScore(line, scores[i], ns, ew, None)
    return datum


# --- pairs ------------------------------------------------------------------------------------
#
# A pair's total is summed as integer numerators per denominator (a Fraction sum per line would
# cost more than all the matchpointing), then made one exact Fraction.


def _exact_sum(by_denominator: Mapping[int, int]) -> Fraction:
    return sum((Fraction(n, d) for d, n in by_denominator.items()), Fraction(0))


def _pair_scores(
    lines: Sequence[TravellerLine],
    ratios: Sequence[_Ratios],
    options: ScoringOptions,
    fields: Fields | None,
    two_winners: bool,
    within: bool,
) -> list[PairScore]:
    # a pair is its section and its id: sections may number their pairs alike (A 1, B 1)
    sums: dict[tuple[str, str], dict[int, int]] = {}  # pair → {denominator: Σ numerators}
    tops: dict[tuple[str, str], dict[int, int]] = {}
    boards: dict[tuple[str, str], int] = defaultdict(int)
    directions: dict[tuple[str, str], list[int]] = {}
    for line, (ns_n, ns_d, ew_n, ew_d, top_n, top_d) in zip(lines, ratios):
        for pair, n, d, side in (((line.section, line.ns), ns_n, ns_d, 0), ((line.section, line.ew), ew_n, ew_d, 1)):
            by_denominator = sums.get(pair)
            if by_denominator is None:
                by_denominator = sums[pair] = {}
                tops[pair], directions[pair] = {}, [0, 0]
            by_denominator[d] = by_denominator.get(d, 0) + n
            top_sums = tops[pair]
            top_sums[top_d] = top_sums.get(top_d, 0) + top_n
            boards[pair] += 1
            directions[pair][side] += 1
    field_of: dict[tuple[str, str], str] = {}
    # cast: the caller's fields are looked up by both kinds of key, and one of the other kind is simply not found
    given = cast("Mapping[object, str] | None", fields)
    for pair in sums:
        if given is not None:  # the caller's, by (section, id) or by id
            field_of[pair] = given.get(pair, given.get(pair[1], ""))
        else:  # one field; a section each when scored on their own; NS and EW if two winners
            ns, ew = directions[pair]
            parts = [pair[0] if within else "", ("NS" if ns >= ew else "EW") if two_winners else ""]
            field_of[pair] = " ".join(part for part in parts if part)
    pairs = []
    for (section, pair_id), by_denominator in sums.items():
        total = _exact_sum(by_denominator)
        top = _exact_sum(tops[section, pair_id])
        percentage = None if options.is_imps else (100 * total / top if top else Fraction(0))
        pairs.append(
            PairScore(
                pair=pair_id,
                field=field_of[section, pair_id],
                section=section,
                total=total,
                top=top,
                boards=boards[section, pair_id],
                percentage=percentage,
            )
        )
    by_field: dict[str, list[PairScore]] = defaultdict(list)
    for p in pairs:
        by_field[p.field].append(p)
    ordered: list[PairScore] = []
    for name in sorted(by_field, key=lambda f: f.replace("NS", "0").replace("EW", "1")):
        group = by_field[name]
        for p, place in zip(group, competition_places([p.score for p in group])):
            p.place = place
        group.sort(key=lambda p: (-p.score, p.section, pair_sort_key(p.pair)))
        ordered.extend(group)
    return ordered

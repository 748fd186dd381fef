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
  fouled board's groups are each factored to the full field. Without factoring the top is the
  unit's own 2·(A − 1). An **artificial score** gets its percentage of that top. The ACBL scale
  halves everything.
* **IMPs**: Butler (datum without the single highest and lowest result) or cross-IMPs; an
  artificial score gives ±3 IMPs for a side above or below 50 %, 0 for 50 %, and is left out
  of the datum and the comparisons.
* **Pairs**: total over the boards they played, top = Σ the tops of those boards, percentage =
  100·total/top (a pair that missed a board is scored on the boards it played); places by
  percentage (matchpoints) or total (IMPs), ``5=`` for ties, within each field (one for a
  one-winner movement; NS and EW for a two-winner Mitchell).

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

import numpy as np

from scoring.domain import imps as imp_scale
from scoring.domain.errors import ScoringError
from scoring.domain.matchpoints import raw_matchpoints, weighted_matchpoints
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import competition_places, shown
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine
from scoring.domain.text import Text

__all__ = ["score_event", "EventScore", "BoardScore", "LineScore", "PairScore", "pair_sort_key", "shown"]


@dataclass(frozen=True, slots=True)
class LineScore:
    """One line scored: NS's score (``None`` for an artificial score) and each side's matchpoints or IMPs."""

    line: TravellerLine
    ns_score: int | Fraction | None
    ns: Fraction
    ew: Fraction
    top: Fraction | None          # the board's top for this line (matchpoints); None for IMPs


@dataclass(slots=True)
class BoardScore:
    board: int
    section: str                  # "" when sections are compared across the field
    lines: list[LineScore]
    expected: int                 # E: the results this board should have had
    actual: int                   # A: results compared (artificial scores excluded)
    top: Fraction | None          # the top every line is scored on (matchpoints with factoring)
    datum: int | None = None      # Butler
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

    def pair(self, pair_id: str) -> PairScore:
        return next(p for p in self.pairs if p.pair == pair_id)

    def board(self, number: int, section: str = "") -> BoardScore:
        return next(b for b in self.boards if b.board == number and b.section == section)

    def field_pairs(self, name: str) -> list[PairScore]:
        return [p for p in self.pairs if p.field == name]


def pair_sort_key(pair_id: str) -> tuple:
    """Natural order of pair ids: ``2`` before ``10``, ``1NS`` before ``1EW`` before ``2NS``, sections first."""
    head = pair_id.rstrip("0123456789NSEW") if not pair_id[:1].isdigit() else ""
    rest = pair_id[len(head):]
    digits = "".join(ch for ch in rest if ch.isdigit())
    tail = rest[len(digits):]
    return (head, int(digits) if digits else 0, {"NS": 0, "EW": 1}.get(tail, 2), tail)


def _check_lines(lines: Sequence[TravellerLine]) -> None:
    seen: dict[tuple[int, str, str], TravellerLine] = {}
    for line in lines:
        for pair in (line.ns, line.ew):
            key = (line.board, line.section, pair)
            if key in seen:
                raise ScoringError(Text.of("result.twice", board=line.board, pair=pair, first=str(seen[key].result),
                                           second=str(line.result)), field="board")
            seen[key] = line


def score_event(lines: Sequence[TravellerLine], options: ScoringOptions | None = None, *,
                fields: Mapping[str, str] | None = None, two_winners: bool = False,
                expected: Mapping[int, int] | None = None) -> EventScore:
    """Score every line, total and rank every pair (see the module's docstring)."""
    options = options or ScoringOptions()
    lines = list(lines)
    _check_lines(lines)
    within = options.sections == "within"
    scope_of = (lambda ln: ln.section) if within else (lambda ln: "")

    # E: the most results of any board in the scope, unless the caller knows better
    per_board: dict[tuple[str, int], int] = defaultdict(int)
    for line in lines:
        per_board[(scope_of(line), line.board)] += 1
    most: dict[str, int] = defaultdict(int)
    for (scope, _board), count in per_board.items():
        most[scope] = max(most[scope], count)

    def expected_of(scope: str, board: int) -> int:
        if expected and board in expected:
            return max(int(expected[board]), per_board[(scope, board)])
        return most[scope]

    # group the lines by board (in the scope), then by unit (fouled-board group)
    boards: dict[tuple[str, int], list[int]] = defaultdict(list)
    for index, line in enumerate(lines):
        boards[(scope_of(line), line.board)].append(index)

    scored: list[LineScore | None] = [None] * len(lines)
    board_scores: list[BoardScore] = []
    mp_fast = _fast_matchpoints(lines, scope_of) if not options.is_imps else None
    for (scope, board), indices in sorted(boards.items(), key=lambda item: (item[0][1], item[0][0])):
        e = expected_of(scope, board)
        units: dict[str, list[int]] = defaultdict(list)
        for index in indices:
            units[lines[index].group].append(index)
        board_score = BoardScore(board=board, section=scope, lines=[], expected=e, actual=0, top=None,
                                 groups=tuple(sorted(units)))
        for unit in units.values():
            real = [i for i in unit if not isinstance(lines[i].result, Artificial)]
            board_score.actual += len(real)
            if options.is_imps:
                board_score.datum = _score_imp_unit(lines, unit, real, options, scored)
            else:
                board_score.top = _score_mp_unit(lines, unit, real, e, options, scored, mp_fast)
        board_score.lines = [scored[i] for i in indices]
        board_scores.append(board_score)

    pairs = _pair_scores(lines, scored, options, fields, two_winners, within)
    return EventScore(options=options, boards=board_scores, pairs=pairs,
                      fields=tuple(dict.fromkeys(p.field for p in pairs)) or ("",))


# --- matchpoints ------------------------------------------------------------------------------

def _fast_matchpoints(lines: Sequence[TravellerLine], scope_of) -> dict[int, int]:
    """Raw NS units (2/1 scale) of every plain line, all units at once (numpy)."""
    unit_ids: dict[tuple, int] = {}
    index, units, scores = [], [], []
    for i, line in enumerate(lines):
        result = line.result
        if isinstance(result, Played) or (isinstance(result, Assigned) and not result.is_weighted):
            key = (scope_of(line), line.board, line.group)
            units.append(unit_ids.setdefault(key, len(unit_ids)))
            scores.append(line.ns_score)
            index.append(i)
    mp, _counts = raw_matchpoints(np.array(units, dtype=np.int64), np.array(scores, dtype=np.int64))
    return dict(zip(index, mp.tolist()))


def _score_mp_unit(lines, unit, real, e: int, options: ScoringOptions, scored, mp_fast) -> Fraction:
    a = len(real)
    if any(isinstance(lines[i].result, Assigned) and lines[i].result.is_weighted for i in real):
        parts = [lines[i].result.parts if isinstance(lines[i].result, Assigned)
                 else ((Fraction(1), lines[i].ns_score),) for i in real]
        raw = dict(zip(real, weighted_matchpoints(parts)))
    else:
        raw = {i: Fraction(mp_fast[i]) for i in real}
    neuberg = options.factoring == "neuberg"
    top = Fraction(2 * (e - 1)) if neuberg else Fraction(2 * max(a - 1, 0))
    half = 2 if options.scale == "acbl" else 1
    for i in unit:
        line = lines[i]
        if isinstance(line.result, Artificial):
            ns = top * line.result.ns_percent / 100
            ew = top * line.result.ew_percent / 100
        else:
            ns, ew = raw[i], 2 * (a - 1) - raw[i]
            if neuberg:
                ns, ew = (ns + 1) * e / a - 1, (ew + 1) * e / a - 1
        scored[i] = LineScore(line, line.ns_score, ns / half, ew / half, top / half)
    return top / half


# --- IMPs -------------------------------------------------------------------------------------

def _artificial_imps(result: Artificial) -> tuple[Fraction, Fraction]:
    def side(percent: int) -> Fraction:
        return Fraction(3 if percent > 50 else -3 if percent < 50 else 0)

    return side(result.ns_percent), side(result.ew_percent)


def _parts(line: TravellerLine) -> tuple[tuple[Fraction, int], ...]:
    if isinstance(line.result, Assigned):
        return line.result.parts
    return ((Fraction(1), line.ns_score),)


def _score_imp_unit(lines, unit, real, options: ScoringOptions, scored) -> int | None:
    datum = None
    if options.method == "butler" and real:
        datum = imp_scale.butler_datum([lines[i].ns_score for i in real])
        values = {i: sum((w * imp_scale.imps(s - datum) for w, s in _parts(lines[i])), Fraction(0)) for i in real}
    else:
        values = {}
        for i in real:
            total = Fraction(0)
            for j in real:
                if i != j:
                    total += sum((wa * wb * imp_scale.imps(sa - sb) for wa, sa in _parts(lines[i])
                                  for wb, sb in _parts(lines[j])), Fraction(0))
            values[i] = total / (len(real) - 1) if len(real) > 1 else Fraction(0)
    for i in unit:
        line = lines[i]
        if isinstance(line.result, Artificial):
            ns, ew = _artificial_imps(line.result)
        else:
            ns = values[i]
            ew = -ns
        scored[i] = LineScore(line, line.ns_score, ns, ew, None)
    return datum


# --- pairs ------------------------------------------------------------------------------------

def _pair_scores(lines, scored, options: ScoringOptions, fields, two_winners: bool, within: bool) -> list[PairScore]:
    totals: dict[str, list] = {}
    directions: dict[str, dict[str, int]] = defaultdict(lambda: {"NS": 0, "EW": 0})
    for s in scored:
        line = s.line
        for pair, value, side in ((line.ns, s.ns, "NS"), (line.ew, s.ew, "EW")):
            entry = totals.setdefault(pair, [Fraction(0), Fraction(0), 0, line.section])
            entry[0] += value
            if s.top is not None:
                entry[1] += s.top
            entry[2] += 1
            directions[pair][side] += 1
    if fields is None:      # one field; a section each when sections are scored on their own; NS and EW if two winners
        fields = {}
        for pair, (_total, _top, _boards, section) in totals.items():
            d = directions[pair]
            parts = [section if within else "", ("NS" if d["NS"] >= d["EW"] else "EW") if two_winners else ""]
            fields[pair] = " ".join(part for part in parts if part)
    pairs = []
    for pair, (total, top, boards, section) in totals.items():
        percentage = None if options.is_imps else (100 * total / top if top else Fraction(0))
        pairs.append(PairScore(pair=pair, field=fields.get(pair, ""), section=section, total=total, top=top,
                               boards=boards, percentage=percentage))
    by_field: dict[str, list[PairScore]] = defaultdict(list)
    for p in pairs:
        by_field[p.field].append(p)
    ordered: list[PairScore] = []
    for name in sorted(by_field, key=lambda f: (f.replace("NS", "0").replace("EW", "1"))):
        group = by_field[name]
        for p, place in zip(group, competition_places([p.score for p in group])):
            p.place = place
        group.sort(key=lambda p: (-p.score, pair_sort_key(p.pair)))
        ordered.extend(group)
    return ordered

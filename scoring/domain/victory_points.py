"""A teams match: IMPs per board, the match's totals, and victory points on the director's scale.

Source: ``../shared/specs/teams-and-simultaneous.md`` §1 (a match) and §2 (victory points).

* :func:`board_imps` — one board of a match: the home team's IMPs (Law 78B, ``bridge.imps``) from the
  score at the table where the home team sat NS and the score at the table where the away team did; an
  artificial adjusted score at a table is worth ±3 IMPs (Average plus / minus) or 0 (Average) to the side it
  favours; an assigned score is compared as the table's score (a weighted one part by part, the IMPs weighted);
* :func:`match_imps` — the match: the board IMPs, each side's IMP total and the margin;
* :func:`wbf_vp`, :func:`wbf_scale` — the WBF 2013 continuous 20-VP scale, to two decimals, made concave
  again where rounding broke it (§2.1);
* :func:`wbf_discrete_thresholds`, :func:`build_discrete` — its discrete version: the published tables, and
  how they are built, for the other match lengths;
* :func:`acbl_thresholds` — the ACBL 20-VP scale (§2.2);
* :func:`victory_points` — a match's VPs on a named scale (``wbf2013``, ``wbf2013-discrete``, ``acbl``, or
  ``imps``: plain IMPs, as a knockout counts them), a fractional margin rounded (the default) or read
  exactly on the continuous curve (§2.3);
* :func:`bye_vp` — a bye's VPs (§2.4);
* :func:`board_a_match` — board-a-match: each board won (1), tied (½ each) or lost on the total score.

VPs are ``Decimal`` with two places, so that totals add exactly as they are shown.

>>> board_imps(420, -50), board_imps(420, 450), board_imps(-100, 620)     # home NS +420; the other table
(10, -1, -12)
>>> board_imps(Artificial(60, 40), 420), board_imps(420, Artificial(60, 40))  # Average plus to the NS side
(3, -3)
>>> board_imps(Assigned.weighted(("1/5", 650), ("4/5", 620)), 140), board_imps(Assigned.of(-100), 100)
(Fraction(51, 5), -5)
>>> m = match_imps([(420, 420), (420, -50), (-200, 100), (Fraction(210), 170)])
>>> m.boards, m.imps_home, m.imps_away, m.margin
((0, 10, -7, 1), Fraction(11, 1), Fraction(7, 1), Fraction(4, 1))
>>> wbf_vp(1, 20), wbf_vp(2, 20), wbf_vp(0, 20), wbf_vp(200, 20)       # the federation's check values
(Decimal('10.28'), Decimal('10.55'), Decimal('10.00'), Decimal('20.00'))
>>> victory_points(11, 7, 20, "wbf2013")
(Decimal('11.08'), Decimal('8.92'))
>>> [victory_points(m, 0, 20, "wbf2013-discrete")[0] for m in (0, 1, 2, 5, 6, 9, 10)]
[Decimal('10'), Decimal('10'), Decimal('11'), Decimal('11'), Decimal('12'), Decimal('12'), Decimal('13')]
>>> victory_points(3, 30, 24, "acbl"), victory_points(Fraction(7, 2), 0, 8, "imps")
((Decimal('5'), Decimal('15')), (Decimal('3.50'), Decimal('0.00')))
>>> victory_points(1, 0, 20, "fifa")
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: unknown victory-point scale 'fifa': expected wbf2013, wbf2013-discrete, acbl \
or imps
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache

from bridge.imps import imps
from scoring.domain.errors import ScoringError
from scoring.domain.results import Artificial, Assigned
from scoring.domain.text import Text

#: The VP scales a director may choose (the ``score_teams`` command's names).
SCALES = ("wbf2013", "wbf2013-discrete", "acbl", "imps")
#: The ways a club's teams evening may score a match besides IMPs and VPs: board-a-match, Patton (``teams.py``).
CLUB_METHODS = ("board-a-match", "patton")
#: A fractional IMP margin: ``round``\\ ed to whole IMPs, halves away from zero (the default), or read ``exact``\\ ly.
FRACTIONAL = ("round", "exact")
#: How a bye is scored: a ``fixed`` number of VPs, the team's ``average``, or the ``larger`` of the two (default).
BYE_RULES = ("larger", "fixed", "average")

#: A table's score in a match: the NS score, an assigned score (weighted or not), or an artificial adjusted score.
TableScore = int | Fraction | Assigned | Artificial

#: τ, the golden ratio's inverse, (√5 − 1) / 2.
TAU = (math.sqrt(5) - 1) / 2
CENT = Decimal("0.01")

#: The WBF's published discrete 20-VP tables (§2.1): boards → the least IMP margin that earns 11, 12, … 20 VP.
WBF_DISCRETE: dict[int, tuple[int, ...]] = {
    5:  (1, 3, 5, 7, 10, 13, 16, 20, 25, 31),
    8:  (1, 4, 7, 10, 13, 17, 21, 26, 31, 39),
    12: (2, 5, 8, 12, 16, 20, 25, 31, 38, 47),
    16: (2, 5, 9, 13, 18, 23, 29, 36, 44, 54),
    20: (2, 6, 10, 15, 20, 26, 32, 40, 49, 61),
    24: (2, 6, 11, 16, 22, 28, 35, 44, 54, 66),
    32: (3, 8, 13, 19, 25, 33, 41, 51, 62, 77),
    64: (4, 11, 18, 26, 36, 46, 58, 71, 88, 108),
}  # fmt: skip

#: The ACBL 20-VP scale (§2.2): (most boards in the match, the least margin that earns 11, 12, … 20 VP).
ACBL: tuple[tuple[int, tuple[int, ...]], ...] = (
    (8,  (1, 3, 5, 8, 11, 14, 17, 20, 24, 28)),
    (11, (1, 3, 6, 10, 14, 18, 22, 26, 31, 36)),
    (15, (1, 4, 7, 11, 15, 20, 25, 30, 36, 42)),
    (20, (2, 5, 9, 14, 19, 25, 32, 39, 47, 56)),
    (27, (3, 7, 12, 18, 25, 33, 42, 51, 61, 72)),
    (36, (4, 9, 15, 22, 30, 39, 49, 60, 72, 85)),
)  # fmt: skip


# --- a match in IMPs -------------------------------------------------------------------------------


def artificial_imps(score: Artificial, *, ns: bool) -> int:
    """The IMPs an artificial score gives the NS (``ns``) or EW side: +3 above 50 %, −3 below, 0 at 50 %.

    >>> artificial_imps(Artificial(60, 40), ns=True), artificial_imps(Artificial(60, 40), ns=False)
    (3, -3)
    >>> artificial_imps(Artificial(50, 50), ns=True), artificial_imps(Artificial(40, 40), ns=False)
    (0, -3)
    """
    percent = score.ns_percent if ns else score.ew_percent
    return 3 if percent > 50 else -3 if percent < 50 else 0


def _parts(score: int | Fraction | Assigned) -> tuple[tuple[Fraction, int | Fraction], ...]:
    if isinstance(score, Assigned):
        return tuple(score.parts)
    return ((Fraction(1), score),)


def board_imps(home_ns: TableScore, away_ns: TableScore) -> int | Fraction:
    """The home team's IMPs on one board (the away team's are the negative).

    ``home_ns`` is the NS score at the table where the home team sat NS, ``away_ns`` the NS score at the other
    table (where the home team sat EW). Both played: the difference ``home_ns − away_ns`` on the Law 78B scale.
    An artificial score at a table gives the home team that table's ±3 / 0 from its own side (NS at the first
    table, EW at the second), and the board is then not compared (one played score has nothing to compare with).
    An assigned score replaces the table's score and is compared as usual; a weighted one (Law 12C1(c), e.g.
    20 % of +650 and 80 % of +620) is compared part by part and the IMPs weighted, which can leave a fraction.
    A board of a match is won by one team what the other loses, so an artificial score that favours or faults
    both sides (A6060, A4040) is refused here: such a board scores each team apart, which this module does not do.

    >>> board_imps(Artificial(60, 60), 100)
    Traceback (most recent call last):
    ...
    scoring.domain.errors.ScoringError: A6060: an artificial score that is not Average plus / minus or Average \
(one side's gain the other's loss) cannot be put on a teams match's scorecard
    """
    if isinstance(home_ns, Artificial) or isinstance(away_ns, Artificial):
        for score in (home_ns, away_ns):
            if isinstance(score, Artificial) and artificial_imps(score, ns=True) != -artificial_imps(score, ns=False):
                raise ScoringError(Text.of("teams.unbalanced", score=str(score)), field="result")
        first = artificial_imps(home_ns, ns=True) if isinstance(home_ns, Artificial) else 0
        second = artificial_imps(away_ns, ns=False) if isinstance(away_ns, Artificial) else 0
        return first + second
    if isinstance(home_ns, Assigned) or isinstance(away_ns, Assigned):
        weighted = sum(
            (w * v * imps(Fraction(a) - Fraction(b)) for w, a in _parts(home_ns) for v, b in _parts(away_ns)),
            Fraction(0),
        )
        return int(weighted) if weighted.denominator == 1 else weighted
    return imps(Fraction(home_ns) - Fraction(away_ns))


@dataclass(frozen=True)
class MatchImps:
    """A match in IMPs: each board's IMPs to the home team, and each side's total."""

    boards: tuple[int | Fraction, ...]

    @property
    def imps_home(self) -> Fraction:
        return Fraction(sum(b for b in self.boards if b > 0))

    @property
    def imps_away(self) -> Fraction:
        return Fraction(-sum(b for b in self.boards if b < 0))

    @property
    def margin(self) -> Fraction:
        """|IMPs home − IMPs away|."""
        return abs(self.imps_home - self.imps_away)


def match_imps(boards: Sequence[tuple[TableScore, TableScore]]) -> MatchImps:
    """A match from each board's two table scores (``(home_ns, away_ns)``, as :func:`board_imps` takes them)."""
    return MatchImps(tuple(board_imps(home, away) for home, away in boards))


# --- the WBF 2013 continuous scale ----------------------------------------------------------------


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(Text.of("teams.boards", value=boards), field="boards")


def blitz(boards: int) -> float:
    """The margin at which the winner has 20 VP: 15 · √boards."""
    return 15 * math.sqrt(boards)


def wbf_curve(margin: float, boards: int) -> float:
    """The WBF 2013 curve, unrounded: 10 + 10 · (1 − τ^(3M/B)) / (1 − τ³), 20 from the blitz B on.

    >>> round(wbf_curve(1, 20), 4), wbf_curve(100, 20)
    (10.2787, 20.0)
    """
    cap = blitz(boards)
    if margin >= cap:
        return 20.0
    return 10 + 10 * (1 - math.pow(TAU, 3 * margin / cap)) / (1 - TAU**3)


def _cents(value: float) -> Decimal:
    return Decimal(repr(value)).quantize(CENT, ROUND_HALF_UP)


@cache
def wbf_scale(boards: int) -> tuple[Decimal, ...]:
    """The winner's VPs for each whole margin 0, 1, … up to the first that earns 20, as published.

    Algorithm: the curve rounded to two decimals, then, while some IMP would be worth more than the IMP before
    it (VP(M+1) − VP(M) > VP(M) − VP(M−1)), VP(M) is raised by 0.01 (the step into M grows, the step out of it
    shrinks), until the scale is concave. A value is raised only when every concave scale of whole cents above the
    rounded one must be higher there (it lies below the midpoint of its neighbours), so the result is the least
    such scale, whatever the order of the raises; no value rises more than 0.03 for matches of 1 to 64 boards.

    >>> wbf_scale(8)[:5], len(wbf_scale(8))
    ((Decimal('10.00'), Decimal('10.44'), Decimal('10.86'), Decimal('11.27'), Decimal('11.67')), 44)
    """
    _check_boards(boards)
    top = math.ceil(blitz(boards))
    vp = [_cents(wbf_curve(m, boards)) for m in range(top + 1)]
    changed = True
    while changed:
        changed = False
        for m in range(1, top):
            if vp[m + 1] - vp[m] > vp[m] - vp[m - 1]:
                vp[m] += CENT
                changed = True
    return tuple(vp)


def wbf_vp(margin: int | Fraction, boards: int, *, exact: bool = False) -> Decimal:
    """The winner's VPs for a margin (≥ 0) on the continuous scale, two decimals.

    A whole margin reads the published scale (:func:`wbf_scale`). A fractional one is rounded to whole IMPs
    (halves away from zero) unless ``exact``: then the curve is read at the margin itself, rounded to two
    decimals and kept between the published values of the whole margins either side, so that the scale stays
    monotone.

    >>> wbf_vp(Fraction(3, 2), 20), wbf_vp(Fraction(3, 2), 20, exact=True), wbf_vp(Fraction(7, 5), 20)
    (Decimal('10.55'), Decimal('10.42'), Decimal('10.28'))
    """
    scale = wbf_scale(boards)
    if margin < 0:
        raise ScoringError(Text.of("teams.margin", value=str(margin)), field="margin")
    if exact and Fraction(margin).denominator != 1:
        low = math.floor(margin)
        if low + 1 >= len(scale):
            return scale[-1]
        value = _cents(wbf_curve(float(margin), boards))
        return min(max(value, scale[low]), scale[low + 1])
    whole = round_margin(margin)
    return scale[min(whole, len(scale) - 1)]


def round_margin(margin: int | Fraction) -> int:
    """A margin to whole IMPs, halves away from zero (§2.3).

    >>> round_margin(Fraction(5, 2)), round_margin(Fraction(-5, 2)), round_margin(Fraction(12, 5))
    (3, -3, 2)
    """
    size = math.floor(abs(Fraction(margin)) + Fraction(1, 2))
    return size if margin >= 0 else -size


# --- the discrete scales --------------------------------------------------------------------------


def build_discrete(boards: int) -> tuple[int, ...]:
    """The discrete WBF table for a match length: the least margin that earns 11, 12, … 20 VP.

    Algorithm (§2.1): the upper end u(V) of each band V = 10 … 19 is the largest whole margin at which the
    unrounded curve is still below V + ½. Then the bands are evened out so that a band is never wider than the
    band after it (the 10-VP band counted both ways, 2·u + 1 wide): while one is, its upper end moves down one
    IMP, which gives the IMP to the next band; repeated until no band is. (The spec's sentence says "narrower
    than the band after it"; it is the wider band that gives way, as its 16-board example and every published
    table show.) It reproduces every published table (``WBF_DISCRETE``; the tests hold it).

    >>> build_discrete(16), build_discrete(10)
    ((2, 5, 9, 13, 18, 23, 29, 36, 44, 54), (1, 4, 7, 10, 14, 18, 23, 28, 35, 43))
    """
    _check_boards(boards)
    upper = []
    for v in range(10, 20):
        m = 0
        while wbf_curve(m + 1, boards) < v + 0.5:
            m += 1
        upper.append(m)
    while True:
        widths = [2 * upper[0] + 1] + [upper[i] - upper[i - 1] for i in range(1, 10)]
        wider = next((i for i in range(9) if widths[i] > widths[i + 1]), None)
        if wider is None:
            return tuple(u + 1 for u in upper)
        upper[wider] -= 1


def wbf_discrete_thresholds(boards: int) -> tuple[int, ...]:
    """The discrete WBF table for ``boards``: the published one where there is one, else as it is built."""
    return WBF_DISCRETE.get(boards) or build_discrete(boards)


def acbl_thresholds(boards: int) -> tuple[int, ...]:
    """The ACBL 20-VP table for a match of ``boards`` (up to 36).

    >>> acbl_thresholds(7)[:3], acbl_thresholds(36)[-1]
    ((1, 3, 5), 85)
    """
    _check_boards(boards)
    for most, thresholds in ACBL:
        if boards <= most:
            return thresholds
    raise ScoringError(Text.of("teams.acbl_boards", value=boards), field="boards")


def discrete_vp(margin: int, thresholds: Sequence[int]) -> int:
    """The winner's whole VPs for a whole margin (≥ 0): 10 plus the number of thresholds it reaches."""
    return 10 + sum(1 for t in thresholds if margin >= t)


# --- a match's VPs --------------------------------------------------------------------------------


def _two_places(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(CENT, ROUND_HALF_UP)


def victory_points(
    imps_home: int | Fraction,
    imps_away: int | Fraction,
    boards: int,
    scale: str,
    *,
    fractional: str = "round",
) -> tuple[Decimal, Decimal]:
    """The home and away teams' VPs for a match of ``boards`` that ended ``imps_home`` to ``imps_away``.

    On a 20-VP scale the winner's VPs are read at the margin and the loser gets 20 minus them (a tie 10–10);
    ``imps`` gives the IMPs themselves. ``fractional`` says how a fractional margin is read (``FRACTIONAL``);
    the discrete scales always round it.
    """
    if scale not in SCALES:
        raise ScoringError(Text.of("teams.scale", value=scale), field="scale")
    if fractional not in FRACTIONAL:
        raise ScoringError(Text.of("teams.fractional", value=fractional), field="fractional")
    _check_boards(boards)
    home, away = Fraction(imps_home), Fraction(imps_away)
    if scale == "imps":
        return _two_places(home), _two_places(away)
    margin = abs(home - away)
    if scale == "wbf2013":
        winner = wbf_vp(margin, boards, exact=fractional == "exact")
    else:
        thresholds = wbf_discrete_thresholds(boards) if scale == "wbf2013-discrete" else acbl_thresholds(boards)
        winner = Decimal(discrete_vp(round_margin(margin), thresholds))
    loser = Decimal(20) - winner
    return (winner, loser) if home >= away else (loser, winner)


def bye_vp(played: Sequence[Decimal], *, rule: str = "larger", fixed: Decimal = Decimal(12)) -> Decimal:
    """A bye's VPs (§2.4): ``fixed``, the team's average over the matches it ``played`` (two decimals, halves
    up), or the larger of the two (the default). A team that has played nothing yet gets ``fixed``.

    >>> bye_vp([Decimal("15.50"), Decimal("14.01")]), bye_vp([Decimal("5"), Decimal("9")]), bye_vp([])
    (Decimal('14.76'), Decimal('12'), Decimal('12'))
    >>> bye_vp([Decimal("15.50"), Decimal("14.01")], rule="fixed"), bye_vp([Decimal(5)], rule="average")
    (Decimal('12'), Decimal('5.00'))
    """
    if rule not in BYE_RULES:
        raise ScoringError(Text.of("teams.bye_rule", value=rule), field="bye")
    if rule == "fixed" or not played:
        return fixed
    average = (sum(played, Decimal(0)) / len(played)).quantize(CENT, ROUND_HALF_UP)
    return average if rule == "average" else max(average, fixed)


def board_a_match(boards: Sequence[tuple[TableScore, TableScore]]) -> tuple[Fraction, Fraction]:
    """Board-a-match: each board is worth 1 point, to the team whose two tables' total score is higher (the
    same comparison as :func:`board_imps`, before the IMP scale: any difference wins), ½ each when the totals
    are equal; an artificial score decides the board by the side it favours.

    >>> board_a_match([(420, 420), (420, 400), (-50, -100), (100, 110)])
    (Fraction(5, 2), Fraction(3, 2))
    """
    home = Fraction(0)
    for home_ns, away_ns in boards:
        if isinstance(home_ns, Artificial) or isinstance(away_ns, Artificial):
            difference = Fraction(board_imps(home_ns, away_ns))
        else:
            difference = sum(
                (w * v * (Fraction(a) - Fraction(b)) for w, a in _parts(home_ns) for v, b in _parts(away_ns)),
                Fraction(0),
            )
        home += 1 if difference > 0 else Fraction(1, 2) if difference == 0 else 0
    return home, len(boards) - home

"""IMPs (Law 78B) and IMP pairs: every boundary of the scale, Butler's datum and its rounding,
top and bottom dropped, cross-IMPs, and adjusted scores in an IMP event (spec §b5–b6)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from bridge.imps import IMP_SCALE, butler, butler_datum, cross_imps, imps, round_to_ten
from scoring.domain.engine import score_event
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import competition_places
from scoring.domain.results import Artificial, Assigned
from scoring.domain.results import TravellerLine as L

# the spec's table, as written: (lowest difference, highest difference, IMPs)
LAW_78B = [(20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6), (270, 310, 7),
           (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12), (750, 890, 13),
           (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
           (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23)]  # fmt: skip

BUTLER = ScoringOptions(method="butler")
CROSS = ScoringOptions(method="cross_imps")


@pytest.mark.parametrize("low, high, value", LAW_78B)
def test_every_step_of_the_scale(low, high, value):
    assert imps(low) == imps(high) == value
    assert imps(-low) == imps(-high) == -value
    assert imps(low - 10) == value - 1  # the step below ends 10 lower
    assert imps(high + 10) == value + 1


def test_the_ends_of_the_scale():
    assert [imps(d) for d in (0, 10, -10, 19, 4000, 7600, -15200)] == [0, 0, 0, 0, 24, 24, -24]
    assert imps(3990) == 23 and imps(4000) == 24
    assert len(IMP_SCALE) == 24 and imps(F(-45, 2)) == -1  # a weighted score's fractional difference


@pytest.mark.parametrize(
    "value, rounded",
    [
        (-445, -450),
        (5, 10),
        (-5, -10),
        (4, 0),
        (-4, 0),
        (444, 440),
        (445, 450),
        (0, 0),
        (F(1355, 2), 680),
        (F(-1355, 2), -680),
    ],
)
def test_datum_rounds_to_the_nearest_ten_halves_away_from_zero(value, rounded):
    assert round_to_ten(value) == rounded


def test_butler_datum_drops_the_single_top_and_bottom():
    assert butler_datum([1000, 420, 420, 400, -2000]) == 410  # mean of 420, 420, 400 = 413⅓
    assert butler_datum([420, 420, 420, 420]) == 420  # one of the equal tops only
    assert butler_datum([-440, -450]) == -450  # fewer than three: all of them
    assert butler_datum([-400, -450, -490, -3000, 100]) == -450  # mean −446⅔
    assert butler([420, 420, 170, -50, 450]) == [2, 2, -5, -9, 3]


def test_butler_in_an_event_with_an_average_left_out_of_the_datum():
    lines = [L(1, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate([420, 420, 170, -50, 450], start=1)]
    lines.append(L(1, "6", "6x", Artificial(50, 50)))
    lines.append(L(1, "7", "7x", Artificial(60, 40)))
    board = score_event(lines, BUTLER).board(1)
    assert board.datum == 340 and board.actual == 5
    assert [s.ns for s in board.lines] == [2, 2, -5, -9, 3, 0, 3]
    assert [s.ew for s in board.lines] == [-2, -2, 5, 9, -3, 0, -3]
    assert all(s.top is None for s in board.lines)


def test_butler_datum_rounds_minus_445_to_minus_450():
    lines = [L(1, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate([-100, -440, -450, -1100], start=1)]
    board = score_event(lines, BUTLER).board(1)
    assert board.datum == -450
    assert [s.ns for s in board.lines] == [imps(350), imps(10), imps(0), imps(-650)]


def test_cross_imps():
    assert cross_imps([420, 170, -50]) == [F(8), F(0), F(-8)]
    assert cross_imps([420, 420, -50]) == [F(5), F(5), F(-10)]
    assert cross_imps([100]) == [0]
    lines = [L(1, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate([420, 170, -50, 100], start=1)]
    board = score_event(lines, CROSS).board(1)
    assert [s.ns for s in board.lines] == cross_imps([420, 170, -50, 100])
    assert sum(s.ns for s in board.lines) == 0 and board.datum is None


@pytest.mark.parametrize("options", [BUTLER, CROSS])
def test_adjusted_scores_in_an_imp_event(options):
    lines = [L(1, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate([420, 170, -50], start=1)]
    lines += [
        L(1, "4", "4x", Artificial(50, 50)),
        L(1, "5", "5x", Artificial(60, 40)),
        L(1, "6", "6x", Artificial(40, 60)),
        L(1, "7", "7x", Artificial(60, 60)),
    ]
    board = score_event(lines, options).board(1)
    assert [(s.ns, s.ew) for s in board.lines[3:]] == [(0, 0), (3, -3), (-3, 3), (3, 3)]
    assert board.actual == 3
    assert [s.ns for s in board.lines[:3]] == (
        butler([420, 170, -50]) if options is BUTLER else cross_imps([420, 170, -50])
    )


def test_weighted_assigned_scores_are_imped_part_by_part():
    weighted = Assigned.weighted((F(1, 5), 650), (F(4, 5), 620))
    lines = [L(1, "1", "1x", weighted), L(1, "2", "2x", Assigned.of(170))]
    board = score_event(lines, CROSS).board(1)
    assert board.lines[0].ns == F(1, 5) * imps(480) + F(4, 5) * imps(450) == 10


def test_a_pairs_imp_total_is_the_unrounded_sum_and_places_go_by_total():
    c = cross_imps([420, 170, -50, 150])  # 23/3, 1/3, −7, −1
    lines = []
    for board, scores in ((1, [420, 170, -50, 150]), (2, [420, 170, -50, 150]), (3, [150, 420, 170, -50])):
        lines += [L(board, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate(scores, start=1)]
    event = score_event(lines, CROSS)
    one = event.pair("1")
    assert one.total == 2 * c[0] + c[3] == F(43, 3) and one.percentage is None
    totals = [p.total for p in event.pairs]
    assert totals == sorted(totals, reverse=True)
    assert [p.place for p in event.pairs] == competition_places(totals)

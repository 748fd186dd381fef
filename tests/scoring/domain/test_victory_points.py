"""A teams match and victory points (spec teams-and-simultaneous.md §1–2): board IMPs, artificial scores,
the WBF 2013 continuous scale and its check values, its concavity, the discrete tables as published and as
built, the ACBL scale, fractional margins, byes and board-a-match."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction as F
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.imps import imps
from scoring.domain.errors import ScoringError
from scoring.domain.results import Artificial, Assigned
from scoring.domain.victory_points import (
    ACBL,
    SCALES,
    WBF_DISCRETE,
    acbl_thresholds,
    board_a_match,
    board_imps,
    build_discrete,
    bye_vp,
    discrete_vp,
    match_imps,
    victory_points,
    wbf_curve,
    wbf_discrete_thresholds,
    wbf_scale,
    wbf_vp,
)

BOARDS = range(1, 65)


@pytest.mark.parametrize(
    "home_ns, away_ns, expected",
    [(420, 420, 0), (420, -50, 10), (-50, 420, -10), (620, -100, 12), (100, 110, 0), (170, 140, 1),
     (F(1355, 2), 170, 11), (-1100, 0, -15), (2000, -2000, 24)],
)  # fmt: skip
def test_board_imps_is_law_78b_on_the_difference(home_ns, away_ns, expected):
    assert board_imps(home_ns, away_ns) == expected == imps(F(home_ns) - away_ns)
    assert board_imps(-away_ns, -home_ns) == expected  # the same board seen from the other table


@pytest.mark.parametrize(
    "home_ns, away_ns, expected",
    [(Artificial(60, 40), 420, 3), (Artificial(40, 60), -50, -3), (Artificial(50, 50), 100, 0),
     (420, Artificial(60, 40), -3), (420, Artificial(40, 60), 3), (0, Artificial(50, 50), 0),
     (Artificial(60, 40), Artificial(40, 60), 6), (Artificial(100, 0), Artificial(30, 70), 6),
     (Artificial(40, 60), Artificial(50, 50), -3)],
)  # fmt: skip
def test_an_artificial_score_is_three_imps_or_none(home_ns, away_ns, expected):
    assert board_imps(home_ns, away_ns) == expected


@pytest.mark.parametrize("score", [Artificial(60, 60), Artificial(40, 40), Artificial(50, 60)])
def test_an_artificial_score_that_does_not_balance_is_refused(score):
    for board in ((score, 0), (0, score)):
        with pytest.raises(ScoringError, match="cannot be put on a teams match's scorecard"):
            board_imps(*board)


def test_a_match_totals_each_side_and_its_margin():
    m = match_imps([(420, 420), (420, -50), (-200, 100), (170, 140), (Artificial(40, 60), 0)])
    assert m.boards == (0, 10, -7, 1, -3)
    assert (m.imps_home, m.imps_away, m.margin) == (11, 10, 1)
    assert match_imps([]).margin == 0


def test_the_federations_check_values_for_20_boards():
    assert wbf_vp(1, 20) == D("10.28") and wbf_vp(2, 20) == D("10.55")
    assert victory_points(0, 1, 20, "wbf2013") == (D("9.72"), D("10.28"))
    assert victory_points(5, 5, 20, "wbf2013") == (D("10.00"), D("10.00"))


@pytest.mark.parametrize("boards", BOARDS)
def test_the_continuous_scale_is_concave_increasing_and_capped(boards):
    scale = wbf_scale(boards)
    assert scale[0] == D("10.00") and scale[-1] == D("20.00")
    assert all(v == v.quantize(D("0.01")) for v in scale)
    steps = [b - a for a, b in pairwise(scale)]
    assert all(s > 0 for s, v in zip(steps, scale, strict=False) if v < 20)
    assert all(later <= earlier for earlier, later in pairwise(steps))
    assert len(scale) - 1 >= 15 * boards**0.5  # the first margin at 20 is the blitz, rounded up


@pytest.mark.parametrize("boards", BOARDS)
def test_the_concavity_fix_raises_values_as_little_as_it_can(boards):
    scale = list(wbf_scale(boards))
    for margin, value in enumerate(scale):
        rounded = D(repr(wbf_curve(margin, boards))).quantize(D("0.01"))
        assert D(0) <= value - rounded <= D("0.03"), (margin, value, rounded)
        if value > rounded:  # a raised value cannot come down a cent without breaking concavity
            lowered = [*scale[:margin], value - D("0.01"), *scale[margin + 1 :]]
            steps = [b - a for a, b in pairwise(lowered)]
            assert any(later > earlier for earlier, later in pairwise(steps)), margin


def test_the_loser_gets_twenty_minus_the_winner_and_a_tie_is_ten_all():
    for boards in (8, 12, 20, 32):
        for margin in range(100):
            for scale in ("wbf2013", "wbf2013-discrete", "acbl"):
                home, away = victory_points(margin, 0, boards, scale)
                assert home + away == 20 and home >= away
                assert victory_points(0, margin, boards, scale) == (away, home)


@pytest.mark.parametrize("boards", sorted(WBF_DISCRETE))
def test_the_construction_gives_each_published_discrete_table(boards):
    assert build_discrete(boards) == WBF_DISCRETE[boards] == wbf_discrete_thresholds(boards)


@pytest.mark.parametrize("boards", BOARDS)
def test_discrete_bands_never_shorten_and_stay_near_the_curve(boards):
    thresholds = wbf_discrete_thresholds(boards)
    lower = [-thresholds[0] + 1, *thresholds]
    widths = [b - a for a, b in pairwise(lower)]
    assert all(w > 0 for w in widths) and widths == sorted(widths)
    for margin in range(thresholds[-1] + 5):
        assert abs(discrete_vp(margin, thresholds) - float(wbf_vp(margin, boards))) < 1, (margin,)


def test_the_discrete_check_values_for_20_boards():
    vps = [victory_points(m, 0, 20, "wbf2013-discrete")[0] for m in range(10)]
    assert vps == [10, 10, 11, 11, 11, 11, 12, 12, 12, 12]


def test_plain_rounding_would_shorten_a_band_at_16_boards():
    # the spec's example: rounding gives 11 VP for 2–5 IMPs and 12 for only 6–8; the published table does not
    rounded = [round(float(wbf_vp(m, 16))) for m in range(10)]
    assert rounded[2:9] == [11, 11, 11, 11, 12, 12, 12]
    assert [victory_points(m, 0, 16, "wbf2013-discrete")[0] for m in range(2, 9)] == [11, 11, 11, 12, 12, 12, 12]


@pytest.mark.parametrize("most, thresholds", ACBL)
def test_the_acbl_scale_as_the_spec_prints_it(most, thresholds):
    assert acbl_thresholds(most) == thresholds
    for margin, vp in [(0, 10), (thresholds[0] - 1, 10), (thresholds[0], 11), (thresholds[-1] - 1, 19),
                       (thresholds[-1], 20), (500, 20)]:  # fmt: skip
        assert victory_points(margin, 0, most, "acbl") == (vp, 20 - vp)


def test_the_acbl_rows_by_match_length():
    assert acbl_thresholds(1) == acbl_thresholds(8) != acbl_thresholds(9) == acbl_thresholds(11)
    assert acbl_thresholds(16)[0] == 2 and acbl_thresholds(21)[0] == 3 and acbl_thresholds(28)[0] == 4
    with pytest.raises(ScoringError, match="up to 36 boards, not 37"):
        acbl_thresholds(37)


def test_a_fractional_margin_is_rounded_halves_away_unless_exact():
    assert victory_points(F(5, 2), 0, 20, "wbf2013") == victory_points(3, 0, 20, "wbf2013")
    assert victory_points(F(12, 5), 0, 20, "wbf2013") == victory_points(2, 0, 20, "wbf2013")
    assert victory_points(0, F(5, 2), 20, "wbf2013-discrete") == victory_points(0, 3, 20, "wbf2013-discrete")
    exact = victory_points(F(5, 2), 0, 20, "wbf2013", fractional="exact")[0]
    assert wbf_vp(2, 20) < exact < wbf_vp(3, 20)
    assert victory_points(5, 0, 20, "wbf2013", fractional="exact") == victory_points(5, 0, 20, "wbf2013")


@given(st.integers(1, 64), st.fractions(0, 150, max_denominator=8))
def test_the_exact_reading_is_monotone_between_whole_margins(boards, margin):
    low, high = wbf_vp(int(margin), boards), wbf_vp(int(margin) + 1, boards)
    assert low <= wbf_vp(margin, boards, exact=True) <= high


def test_plain_imps_are_the_totals():
    assert victory_points(F(23, 2), 7, 8, "imps") == (D("11.50"), D("7.00"))


@pytest.mark.parametrize(
    "call, message",
    [(lambda: victory_points(1, 0, 20, "vp25"), "unknown victory-point scale 'vp25'"),
     (lambda: victory_points(1, 0, 0, "wbf2013"), "1 or more, not 0"),
     (lambda: victory_points(1, 0, 20, "wbf2013", fractional="up"), "fractional margin 'up'"),
     (lambda: wbf_vp(-1, 20), "0 or more, not -1"),
     (lambda: bye_vp([], rule="half"), "scoring of a bye 'half'")],
)  # fmt: skip
def test_bad_requests_say_what_was_wrong(call, message):
    with pytest.raises(ScoringError, match=message):
        call()


def test_a_bye_is_the_larger_of_twelve_and_the_average_by_default():
    assert bye_vp([D("15.00"), D("16.00")]) == D("15.50")
    assert bye_vp([D("3.00"), D("16.00")]) == D(12)
    assert bye_vp([D("10"), D("10"), D("11")], rule="average") == D("10.33")
    assert bye_vp([D("18")], rule="fixed", fixed=D(10)) == D(10)
    assert bye_vp([], rule="average") == D(12)


def test_board_a_match_wins_ties_and_artificial_boards():
    assert board_a_match([(420, 420)]) == (F(1, 2), F(1, 2))
    assert board_a_match([(430, 420), (-50, -100), (0, 10)]) == (2, 1)
    assert board_a_match([(Artificial(60, 40), 0), (0, Artificial(50, 50))]) == (F(3, 2), F(1, 2))


def test_every_scale_named_by_the_command_is_accepted():
    assert [victory_points(3, 1, 8, s)[0] for s in SCALES] == [D("10.86"), D(11), D(11), D("3.00")]


def test_an_assigned_score_is_compared_and_a_weighted_one_part_by_part():
    assert board_imps(Assigned.of(420), -50) == 10 and board_imps(100, Assigned.of(-100)) == 5
    weighted = Assigned.weighted(("1/3", 650), ("2/3", 620))
    assert board_imps(weighted, 140) == F(1, 3) * 11 + F(2, 3) * 10 == F(31, 3)  # 510 → 11 IMPs, 480 → 10
    assert board_imps(140, weighted) == -F(31, 3)
    m = match_imps([(weighted, 140), (420, 420)])
    assert (m.imps_home, m.imps_away, m.margin) == (F(31, 3), 0, F(31, 3))
    assert victory_points(m.imps_home, m.imps_away, 8, "wbf2013") == victory_points(10, 0, 8, "wbf2013")
    assert board_a_match([(Assigned.weighted(("1/2", 100), ("1/2", 0)), 60)]) == (F(0), F(1))

"""Properties of matchpoints and IMPs that hold on any traveller (Hypothesis).

NS + EW on a line is the board's top; the NS units of a board add up to A(A − 1) before
factoring; the ACBL scale is the EBU scale halved; Neuberg with A = E changes nothing; the
numpy ``raw_matchpoints`` agrees with the plain ``matchpoints``; cross-IMPs add up to zero.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.contract import Contract
from bridge.imps import cross_imps
from scoring.domain.engine import score_event
from scoring.domain.matchpoints import matchpoints, neuberg, raw_matchpoints
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Assigned, Played, TravellerLine, possible_scores

SCORES = sorted(possible_scores())
score = st.sampled_from(SCORES)
common_score = st.sampled_from([-800, -500, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420, 450, 620, 650, 1430])
contracts = st.builds(
    Contract.from_str, st.sampled_from(["1N", "2H", "3N", "4S", "4SX", "5C", "6NXX"]), st.sampled_from("NESW")
)
result = st.one_of(
    st.builds(Played, contracts, st.integers(0, 13)), st.builds(Assigned.of, common_score), st.just(Played(None))
)
boards = st.lists(st.lists(result, min_size=1, max_size=12), min_size=1, max_size=6)
options = st.builds(
    ScoringOptions, scale=st.sampled_from(["ebu", "acbl"]), factoring=st.sampled_from(["neuberg", "none"])
)


def event_lines(results_by_board) -> list[TravellerLine]:
    return [
        TravellerLine(board, f"{n}NS", f"{n}EW", r)
        for board, results in enumerate(results_by_board, start=1)
        for n, r in enumerate(results, start=1)
    ]


@pytest.mark.slow
@settings(deadline=None, max_examples=150)
@given(boards, options)
def test_ns_and_ew_on_a_line_add_up_to_the_top(results_by_board, opts):
    for board in score_event(event_lines(results_by_board), opts).boards:
        for s in board.lines:
            assert s.ns + s.ew == s.top == board.top


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), score), min_size=1, max_size=80))
def test_a_boards_ns_units_add_up_to_a_times_a_minus_one(rows):
    units, scores = zip(*rows)
    mp, actual = raw_matchpoints(units, scores)
    sums, counts = defaultdict(int), defaultdict(int)
    for unit, m, a in zip(units, mp.tolist(), actual.tolist()):
        sums[unit] += m
        counts[unit] += 1
        assert a == counts_of(units, unit)
    assert all(sums[u] == counts[u] * (counts[u] - 1) for u in sums)


def counts_of(units, unit) -> int:
    return sum(1 for u in units if u == unit)


@pytest.mark.slow
@settings(deadline=None, max_examples=150)
@given(boards, st.sampled_from(["neuberg", "none"]))
def test_acbl_is_ebu_halved(results_by_board, factoring):
    lines = event_lines(results_by_board)
    ebu = score_event(lines, ScoringOptions(scale="ebu", factoring=factoring))
    acbl = score_event(lines, ScoringOptions(scale="acbl", factoring=factoring))
    for b_ebu, b_acbl in zip(ebu.boards, acbl.boards):
        assert b_acbl.top == b_ebu.top / 2
        assert [(s.ns, s.ew) for s in b_acbl.lines] == [(s.ns / 2, s.ew / 2) for s in b_ebu.lines]
    assert [(p.pair, p.percentage, p.place) for p in acbl.pairs] == [(p.pair, p.percentage, p.place) for p in ebu.pairs]


@given(st.integers(1, 200), st.data())
def test_neuberg_with_as_many_results_as_expected_changes_nothing(a, data):
    m = data.draw(st.one_of(st.integers(0, 2 * (a - 1)), st.fractions(0, 2 * (a - 1))))
    assert neuberg(m, actual=a, expected=a) == m


@given(st.integers(1, 200), st.integers(0, 200), st.data())
def test_neuberg_keeps_ns_plus_ew_at_the_factored_top(a, extra, data):
    e = a + extra
    m = data.draw(st.integers(0, 2 * (a - 1)))
    assert neuberg(m, actual=a, expected=e) + neuberg(2 * (a - 1) - m, actual=a, expected=e) == 2 * (e - 1)


@settings(deadline=None)
@given(st.lists(st.lists(score, min_size=1, max_size=40), min_size=1, max_size=8))
def test_raw_matchpoints_agrees_with_matchpoints(scores_by_board):
    units = [u for u, scores in enumerate(scores_by_board) for _ in scores]
    flat = [s for scores in scores_by_board for s in scores]
    mp, actual = raw_matchpoints(units, flat)
    expected = [m for scores in scores_by_board for m in matchpoints(scores)]
    assert mp.tolist() == expected
    assert actual.tolist() == [len(scores) for scores in scores_by_board for _ in scores]


@given(st.lists(score, min_size=1, max_size=30))
def test_cross_imps_add_up_to_zero(scores):
    assert sum(cross_imps(scores)) == 0


@pytest.mark.slow
@settings(deadline=None, max_examples=100)
@given(boards)
def test_cross_imps_in_an_event_add_up_to_zero_on_every_board(results_by_board):
    event = score_event(event_lines(results_by_board), ScoringOptions(method="cross_imps"))
    for board in event.boards:
        assert sum(s.ns for s in board.lines) == 0
        assert all(s.ns == -s.ew for s in board.lines)


@pytest.mark.slow
@settings(deadline=None, max_examples=100)
@given(boards)
def test_percentages_lie_between_0_and_100(results_by_board):
    for p in score_event(event_lines(results_by_board)).pairs:
        assert 0 <= p.percentage <= 100 and isinstance(p.percentage, Fraction)


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), score), min_size=1, max_size=60), st.integers(1, 10**9))
def test_raw_matchpoints_by_counting_and_by_sorting_agree(rows, spread):
    """Unit numbers far apart (a table of units × scores too big to count in) take the sorting path."""
    units, scores = zip(*rows)
    dense = raw_matchpoints(units, scores)
    sparse = raw_matchpoints([u * spread for u in units], scores)
    assert dense[0].tolist() == sparse[0].tolist() and dense[1].tolist() == sparse[1].tolist()

"""The commitment's fit to its evenings: board counts against the movements, the delayed value against its time."""

from __future__ import annotations

import datetime

import pytest

from dealing.domain.commitment_fit import BoardShortfall, board_shortfalls, dv_entered_early, shortfalls_not_accepted

# (session, committed, played by its movement or None), shortfall expected
ROWS = [
    ((1, 24, 28), BoardShortfall(1, 24, 28)),   # the 7- and 8-pair Howell at 4 a round
    ((2, 28, 28), None),
    ((3, 30, 28), None),                        # spare boards are no shortfall
    ((4, 1, None), None),                       # no movement yet: nothing to compare
    ((5, 27, 28), BoardShortfall(5, 27, 28)),
]  # fmt: skip


@pytest.mark.parametrize(("row", "expected"), ROWS)
def test_a_shortfall_is_a_count_below_the_movements_boards(row, expected):
    assert board_shortfalls([row]) == ([expected] if expected else [])


def test_shortfalls_keep_their_order_and_name_the_missing_boards():
    found = board_shortfalls([row for row, _ in ROWS])
    assert [s.session for s in found] == [1, 5]
    assert [s.missing for s in found] == [(25, 28), (28, 28)]


def test_only_the_count_accepted_for_that_session_is_accepted():
    short = [BoardShortfall(1, 24, 28), BoardShortfall(5, 27, 28)]
    assert shortfalls_not_accepted(short, {}) == short
    assert shortfalls_not_accepted(short, {1: 24}) == [BoardShortfall(5, 27, 28)]
    assert shortfalls_not_accepted(short, {1: 25, 5: 27}) == [BoardShortfall(1, 24, 28)]
    assert shortfalls_not_accepted(short, {1: 24, 5: 27}) == []


def test_a_value_entered_before_its_promised_time_is_early():
    promised = datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.UTC)
    in_warsaw = promised.astimezone(datetime.timezone(datetime.timedelta(hours=1)))
    assert dv_entered_early(promised - datetime.timedelta(seconds=1), in_warsaw)
    assert not dv_entered_early(in_warsaw, promised)
    assert not dv_entered_early(promised - datetime.timedelta(days=3), None)

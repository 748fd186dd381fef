"""Law 77's duplicate score, table-driven: every worked example of the spec (§b2), slams,
doubled and redoubled overtricks and undertricks, the extremes, and a passed-out board.

Each row is (contract, declarer, board, tricks, NS score); the board number gives the
vulnerability (Law 2: board 1 none, 2 NS, 3 EW, 4 all; board 6 EW, as in the seed).
"""

from __future__ import annotations

import pytest

from bridge.cards import Seat, Strain, Vulnerability
from bridge.contract import Bid, Contract, score
from scoring.domain.results import Played, TravellerLine, check_score, possible_scores

NONE, NS, EW, ALL = 1, 2, 3, 4  # boards with that vulnerability

ROWS = [
    # the spec's worked checks (Cobalt's vectors)
    ("1SX", "N", NONE, 9, 360),
    ("3DXX", "S", NONE, 9, 640),
    ("3NX", "E", NONE, 5, 800),
    ("7NX", "E", EW, 8, 1400),
    ("2NX", "W", ALL, 9, -890),
    # the seed's traveller (Guzicki, board 6, E–W vulnerable)
    ("3S", "N", 6, 9, 140),
    ("4S", "S", 6, 10, 420),
    ("3S", "S", 6, 9, 140),
    ("4S", "N", 6, 9, -50),
    # partscores and games, undoubled
    ("1C", "N", NONE, 7, 70),
    ("2D", "S", NONE, 9, 110),
    ("2S", "N", NONE, 8, 110),
    ("1N", "N", NONE, 8, 120),
    ("2N", "S", NS, 8, 120),
    ("3N", "N", NONE, 9, 400),
    ("3N", "S", NS, 9, 600),
    ("4H", "E", NONE, 10, -420),
    ("4H", "W", EW, 11, -650),
    ("5C", "N", NONE, 11, 400),
    ("5D", "S", ALL, 12, 620),
    # doubled into game, and the insult
    ("2CX", "N", NONE, 8, 180),
    ("2HX", "N", NONE, 8, 470),
    ("2HX", "N", NS, 8, 670),
    ("1NXX", "S", NONE, 7, 560),
    ("4SX", "N", NONE, 10, 590),
    ("4SX", "N", NS, 10, 790),
    # doubled and redoubled overtricks
    ("1SX", "N", NS, 9, 560),
    ("1NXX", "N", NONE, 8, 760),
    ("1NXX", "N", NS, 8, 1160),
    ("3NXX", "E", EW, 13, -2600),
    # slams
    ("6S", "N", NONE, 12, 980),
    ("6S", "N", NS, 12, 1430),
    ("6N", "S", NONE, 13, 1020),
    ("7S", "N", NONE, 13, 1510),
    ("7N", "N", NONE, 13, 1520),
    ("7N", "E", EW, 13, -2220),
    ("6CX", "W", NONE, 12, -1090),
    ("7NXX", "N", NS, 13, 2980),
    ("7NXX", "S", ALL, 13, 2980),
    ("7NXX", "E", NONE, 13, -2280),
    # undertricks: undoubled, doubled (−100, −300, −500, −800, −1100 / −200, −500, −800, −1100), redoubled ×2
    ("4S", "N", NONE, 9, -50),
    ("4S", "N", NS, 7, -300),
    ("4SX", "N", NONE, 9, -100),
    ("4SX", "N", NONE, 8, -300),
    ("4SX", "N", NONE, 7, -500),
    ("4SX", "N", NONE, 6, -800),
    ("4SX", "N", NONE, 5, -1100),
    ("4SX", "N", NS, 9, -200),
    ("4SX", "N", NS, 8, -500),
    ("4SX", "N", NS, 7, -800),
    ("4SX", "N", NS, 6, -1100),
    ("4SXX", "N", NONE, 9, -200),
    ("4SXX", "N", NONE, 7, -1000),
    ("4SXX", "N", NS, 8, -1000),
    ("4HX", "E", NONE, 9, 100),
    ("4HX", "W", EW, 7, 800),
    # the extremes: 13 down
    ("7N", "N", NONE, 0, -650),
    ("7N", "N", NS, 0, -1300),
    ("7NX", "N", NONE, 0, -3500),
    ("7NX", "N", NS, 0, -3800),
    ("7NXX", "N", NONE, 0, -7000),
    ("7NXX", "N", NS, 0, -7600),
    ("7NXX", "E", EW, 0, 7600),
]  # fmt: skip


@pytest.mark.parametrize("contract, declarer, board, tricks, expected", ROWS)
def test_ns_score(contract, declarer, board, tricks, expected):
    line = TravellerLine(board, "1", "2", Played.of(contract, declarer, tricks))
    assert line.ns_score == expected
    assert expected in possible_scores()


@pytest.mark.parametrize("contract, declarer, board, tricks, expected", ROWS)
def test_the_same_board_in_the_next_cycle_scores_the_same(contract, declarer, board, tricks, expected):
    assert Played.of(contract, declarer, tricks).ns_score(board + 16) == expected
    assert Played.of(contract, declarer, tricks).ns_score(board + 32) == expected


def test_passed_out_scores_nothing():
    assert TravellerLine(4, "1", "2", Played(None)).ns_score == 0
    assert Played.passed_out().is_passed_out and Played.passed_out().result == ""


def test_ew_declarer_is_the_negative_of_ns_declarer_on_a_mirrored_board():
    """Every contract and tricks: E–W declaring when E–W are vulnerable scores minus N–S declaring when N–S are."""
    for bid in (Bid(level, strain) for level in range(1, 8) for strain in Strain):
        for doubling in (0, 1, 2):
            for tricks in range(14):
                ns = Contract(bid, doubling, Seat.NORTH).ns_score(tricks, Vulnerability.NS)
                ew = Contract(bid, doubling, Seat.EAST).ns_score(tricks, Vulnerability.EW)
                assert ns == -ew


def test_score_tables_are_monotonic_in_tricks():
    """One more trick never scores less, for any contract, doubled or not, vulnerable or not."""
    for bid in (Bid(level, strain) for level in range(1, 8) for strain in Strain):
        for doubling in (0, 1, 2):
            for vulnerable in (False, True):
                c = Contract(bid, doubling, Seat.SOUTH)
                points = [score(c, t, vulnerable=vulnerable) for t in range(14)]
                assert points == sorted(points), (c, vulnerable)


@pytest.mark.parametrize("value", [330, 10, -10, 7610, -7700, 425])
def test_impossible_scores_are_refused(value):
    with pytest.raises(ValueError):
        check_score(value)

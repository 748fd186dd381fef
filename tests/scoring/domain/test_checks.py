"""Suspicious results (``scoring.domain.checks``): each check flags what it should, stays quiet
otherwise, and never raises."""

from __future__ import annotations

import pytest

from bridge.cards import Deal
from dealing.domain.analysis import DoubleDummyTable
from scoring.domain.checks import beyond_top_trumps, board_checks, check_line, far_from_double_dummy, far_from_the_field
from scoring.domain.results import Artificial, Assigned, Played
from scoring.domain.results import TravellerLine as L

# East holds ♠AK2, North ♥AKQ and ♦AKQ, West ♣ (432) below East's ♣JT98
DEAL = Deal.from_pbn("N:QJT9.AKQ.AKQ.AKQ AK2.JT9.JT9.JT98 7654.876.876.765 83.5432.5432.432")
# only East's ♣A: a split ♣AK (West the king)
SPLIT = Deal.from_pbn("N:QJT9.AKQ.AKQ.QJT AK2.JT9.JT9.A987 7654.876.876.654 83.5432.5432.K32")
TABLE = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")  # N: NT 9, ♠ 8, ♥ 10; E: NT 4; W: ♠ 5


def line(contract: str, declarer: str, tricks: int, board: int = 1, ns: str = "1", ew: str = "2") -> L:
    return L(board, ns, ew, Played.of(contract, declarer, tricks))


# --- far from the field -----------------------------------------------------------------------


def traveller(*scores):
    return [L(1, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate(scores, start=1)]


@pytest.mark.parametrize(
    "scores, flagged",
    [
        ((420, 420, 450, -1100), [4]),  # 1520 from +420: 17 IMPs
        ((420, 420, 450, -420), [4]),  # the sign the wrong way round: 840, 13 IMPs, just enough
        ((420, 420, 450, -50), []),  # 470: 10 IMPs, one table down in the others' game
        ((620, 620, 650, -100), []),  # 720: 12 IMPs, a vulnerable game gone down
        ((420, 420, 450, 0), []),  # 420: 9 IMPs
        ((420, 420, 450, 50), []),  # 370: 9 IMPs
        ((420, 450, -1100), []),  # three results: too few to judge
        ((1430, 1430, 1430, 1430, -100, -100), []),  # two camps of two or more: each has a near neighbour
    ],
)
def test_far_from_the_field(scores, flagged):
    lines = traveller(*scores)
    found = [n for n, ln in enumerate(lines, start=1) if far_from_the_field(ln, lines) is not None]
    assert found == flagged


def test_far_from_the_field_leaves_out_artificial_scores_and_other_groups():
    lines = traveller(420, 420, 450) + [L(1, "4", "4x", Artificial(60, 40)), L(1, "5", "5x", Assigned.of(-1100))]
    assert far_from_the_field(lines[3], lines) is None
    assert (
        str(far_from_the_field(lines[4], lines))
        == "board 1: 5 v 5x scored −1100, 17 IMPs from the nearest other result (+420)"
    )
    fouled = [L(1, ln.ns, ln.ew, ln.result, group="a") for ln in traveller(420, 420, 450)] + [
        L(1, "5", "5x", Assigned.of(-1100), group="b")
    ]
    assert far_from_the_field(fouled[3], fouled) is None


# --- top trumps -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "contract, declarer, tricks, defender, most",
    [
        ("6S", "N", 12, "E", 11),  # ♠AK in East's hand
        ("4S", "S", 13, "E", 11),
        ("7H", "E", 13, "N", 10),  # ♥AKQ in North's hand
        ("2D", "W", 11, "N", 10),
        ("1C", "N", 13, "E", None),  # ♣ top is E's J: no run from the ace
        ("6S", "N", 11, "E", None),
    ],
)
def test_beyond_top_trumps(contract, declarer, tricks, defender, most):
    found = beyond_top_trumps(line(contract, declarer, tricks), DEAL)
    if most is None:
        assert found is None
    else:
        assert found.params["defender"] == defender and found.params["most"] == most


def test_trumps_split_between_the_defenders_count_only_the_ace():
    assert beyond_top_trumps(line("6C", "S", 12), SPLIT) is None  # ♣A (E) and ♣K (W)
    assert beyond_top_trumps(line("7C", "S", 13), SPLIT).params == {
        "board": 1,
        "contract": "7♣",
        "declarer": "S",
        "tricks": 13,
        "defender": "E",
        "cards": "♣A",
        "most": 12,
    }


def test_no_trumps_and_other_results_are_never_flagged_for_top_trumps():
    assert beyond_top_trumps(line("7N", "N", 13), DEAL) is None
    for result in (Played(None), Assigned.of(420), Artificial(60, 40)):
        assert beyond_top_trumps(L(1, "1", "2", result), DEAL) is None


# --- double dummy -----------------------------------------------------------------------------


@pytest.mark.parametrize("tricks, flagged", [(5, True), (6, True), (7, False), (10, False), (12, False), (13, True)])
def test_far_from_double_dummy(tricks, flagged):
    assert (far_from_double_dummy(line("4H", "N", tricks), TABLE) is not None) == flagged


def test_double_dummy_for_the_contracts_declarer_and_strain():
    assert far_from_double_dummy(line("3N", "E", 6), TABLE) is None  # E: NT 4, so 1 … 6 pass
    assert (
        str(far_from_double_dummy(line("3N", "E", 7), TABLE))
        == "board 1: 3NT by E took 7 tricks; double dummy it takes 4"
    )
    assert far_from_double_dummy(line("3N", "E", 0), TABLE) is not None
    assert far_from_double_dummy(line("3S", "W", 7), TABLE) is None  # W: ♠ 5
    assert far_from_double_dummy(L(1, "1", "2", Played(None)), TABLE) is None


# --- where the movement puts the line ---------------------------------------------------------


class Meeting:  # the layout's own type has these three attributes
    def __init__(self, ns, ew, boards):
        self.ns, self.ew, self.boards = ns, ew, boards


@pytest.mark.parametrize("meeting", [Meeting("8", "1", (1, 2, 3)), {"ns": "8", "ew": "1", "boards": [1, 2, 3]}])
def test_check_line(meeting):
    def codes(board, ns, ew):
        return [t.code for t in check_line(L(board, ns, ew, Played(None), round=1, table=1), expected_meeting=meeting)]

    assert codes(2, "8", "1") == []
    assert codes(4, "8", "1") == ["check.board_not_here"]
    assert codes(2, "8", "3") == ["check.pair_not_here"]
    assert codes(2, "7", "3") == ["check.pair_not_here", "check.pair_not_here"]
    assert codes(2, "1", "8") == ["check.swapped"]
    assert codes(5, "1", "8") == ["check.board_not_here", "check.swapped"]


def test_check_line_with_no_such_table():
    [text] = check_line(L(2, "8", "1", Played(None), round=3, table=9), expected_meeting=None)
    assert str(text) == "board 2: 8 v 1 is entered at table 9 in round 3, but no such table plays that round"


def test_board_checks_runs_every_check():
    meetings = {
        (1, 1): Meeting("1", "2", (1,)),
        (1, 2): Meeting("3", "4", (1,)),
        (1, 3): Meeting("5", "6", (1,)),
        (1, 4): Meeting("7", "8", (1,)),
    }
    lines = [
        L(1, "1", "2", Played.of("4H", "N", 10), round=1, table=1),
        L(1, "3", "4", Played.of("4H", "N", 10), round=1, table=2),
        L(1, "5", "6", Played.of("4H", "N", 11), round=1, table=3),
        L(1, "8", "7", Played.of("7H", "E", 13), round=1, table=4),
    ]
    found = board_checks(lines, deal=DEAL, table=TABLE, meetings=meetings)
    assert [t.code for t in found] == ["check.swapped", "check.far", "check.top_trumps", "check.double_dummy"]
    assert board_checks(lines[:3], deal=DEAL, table=TABLE, meetings=meetings) == []
    assert board_checks([]) == []

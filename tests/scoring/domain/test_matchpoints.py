"""Matchpoints (Law 78A) and the engine's conventions, on the spec's real examples (§b3–b5).

The seed's board 6; ties; the 2/1 (EBU/WBF) and 1/½ (ACBL) scales; Neuberg on the saved real
files' numbers (Compscore, EBUScore, EBU multi-section); artificial scores on the E-result top;
weighted assigned scores; fouled boards; sit-outs; sections across and within; a pair that
missed a board; two-winner fields; ranking ties.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from bridge.cards import Seat, Strain
from bridge.contract import Bid, Contract
from scoring.domain.engine import score_event
from scoring.domain.matchpoints import matchpoints, neuberg, raw_matchpoints, weighted_matchpoints
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import competition_places, shown
from scoring.domain.results import Artificial, Assigned, Played
from scoring.domain.results import TravellerLine as L

BOARD_6 = [
    L(6, "7", "5", Played.of("3S", "N", 9)),
    L(6, "1", "4", Played.of("4S", "S", 10)),
    L(6, "8", "6", Played.of("3S", "S", 9)),
    L(6, "3", "2", Played.of("4S", "N", 9)),
]

# distinct NS scores, best last: every one beats all those before it
LADDER = [-200, -100, -50, 0, 50, 80, 90, 100, 110, 120, 130, 140, 150, 170, 200, 300, 400, 420, 430, 450, 460,
          600, 620, 630, 650, 660, 680]  # fmt: skip


def field(board: int, scores, *, prefix: str = "", section: str = "", group: str = "", first: int = 1):
    """One board's lines with these NS scores (assigned), pairs ``<prefix><n>NS`` v ``<prefix><n>EW``."""
    return [
        L(board, f"{prefix}{n}NS", f"{prefix}{n}EW", Assigned.of(s), section=section, group=group)
        for n, s in enumerate(scores, start=first)
    ]


def ns_of(board) -> list:
    return [s.ns for s in board.lines]


# --- the seed, ties, scales ---------------------------------------------------------------------


def test_seed_board_6():
    assert matchpoints([140, 420, 140, -50]) == [3, 6, 3, 0]
    event = score_event(BOARD_6)
    board = event.board(6)
    assert [s.ns_score for s in board.lines] == [140, 420, 140, -50]
    assert ns_of(board) == [3, 6, 3, 0] and [s.ew for s in board.lines] == [3, 0, 3, 6]
    assert board.top == 6 and board.expected == board.actual == 4


def test_ties_share_the_units():
    assert matchpoints([100, 100, 100]) == [2, 2, 2]
    assert matchpoints([620, 620, 170, -100, 650]) == [5, 5, 2, 0, 8]
    assert matchpoints([0]) == [0]


def test_acbl_scale_is_half_the_ebu_scale():
    ebu = score_event(BOARD_6)
    acbl = score_event(BOARD_6, ScoringOptions(scale="acbl"))
    assert ns_of(acbl.board(6)) == [F(3, 2), 3, F(3, 2), 0] and acbl.board(6).top == 3
    assert [p.percentage for p in acbl.pairs] == [p.percentage for p in ebu.pairs]


def test_two_units_never_compared():
    mp, actual = raw_matchpoints([0, 0, 0, 0, 1, 1], [140, 420, 140, -50, 100, 100])
    assert mp.tolist() == [3, 6, 3, 0, 1, 1] and actual.tolist() == [4, 4, 4, 4, 2, 2]


# --- Neuberg on the real files' numbers -----------------------------------------------------------


@pytest.mark.parametrize(
    "raw, actual, expected, shown_as",
    [
        (28, 16, 17, "29.81"),
        (21, 16, 17, "22.38"),
        (5, 16, 17, "5.38"),  # EBUScore two sections, board 8
        (24, 13, 14, "25.92"),  # EBU multi-section, board 15
        (8, 5, 6, "9.80"),
        (6, 5, 6, "7.40"),
        (4, 5, 6, "5.00"),
        (2, 5, 6, "2.60"),
        (0, 5, 6, "0.20"),  # Compscore 26
    ],
)
def test_neuberg_real_examples(raw, actual, expected, shown_as):
    assert shown(neuberg(raw, actual=actual, expected=expected)) == shown_as


def test_neuberg_ebu_article_principle():
    """E = 11, A = 10: top 21 − 1.1 = 19.9, then steps of 2.2 down to 0.1."""
    values = [neuberg(2 * k, actual=10, expected=11) for k in range(9, -1, -1)]
    assert values[0] == F(199, 10) and values[-1] == F(1, 10)
    assert {a - b for a, b in itertools.pairwise(values)} == {F(22, 10)}


def test_compscore_board_26_in_an_event():
    """Board 26 has 5 results where the others have 6: raw 8, 6, 4, 2, 0 → 9.8, 7.4, 5.0, 2.6, 0.2 of top 10."""
    lines = field(25, LADDER[:6]) + field(26, LADDER[:5])
    board = score_event(lines).board(26)
    assert (board.expected, board.actual, board.top) == (6, 5, 10)
    assert [shown(s.ns) for s in board.lines] == ["0.20", "2.60", "5.00", "7.40", "9.80"]
    assert all(s.ns + s.ew == 10 for s in board.lines)
    unfactored = score_event(lines, ScoringOptions(factoring="none")).board(26)
    assert unfactored.top == 8 and ns_of(unfactored) == [0, 2, 4, 6, 8]


def test_expected_results_may_come_from_the_movement():
    board = score_event(BOARD_6, expected={6: 5}).board(6)
    assert board.expected == 5 and board.top == 8
    assert ns_of(board) == [neuberg(m, actual=4, expected=5) for m in (3, 6, 3, 0)]


# --- adjusted scores ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "adjusted, ns, ew",
    [
        (Artificial(60, 40), 24, 16),
        (Artificial(60, 60), 24, 24),
        (Artificial(50, 50), 20, 20),
        (Artificial(40, 60), 16, 24),
    ],
)
def test_artificial_scores_on_the_e_result_top(adjusted, ns, ew):
    """21 results expected (top 40): the artificial score is its percentage of 40; the other 20 are factored."""
    lines = field(1, LADDER[:21]) + field(2, LADDER[:20]) + [L(2, "21NS", "21EW", adjusted)]
    board = score_event(lines).board(2)
    assert (board.expected, board.actual, board.top) == (21, 20, 40)
    artificial = board.lines[-1]
    assert (artificial.ns_score, artificial.ns, artificial.ew) == (None, ns, ew)
    best = board.lines[19]  # beat the 19 others: raw 38 → 39 × 21/20 − 1
    assert best.ns == F(3995, 100) == neuberg(38, actual=20, expected=21)


def test_an_average_is_half_the_top_without_factoring_too():
    lines = BOARD_6 + [L(6, "9", "10", Artificial(50, 50))]
    board = score_event(lines, ScoringOptions(factoring="none")).board(6)
    assert board.top == 6 and (board.lines[-1].ns, board.lines[-1].ew) == (3, 3)


def test_weighted_assigned_scores():
    """20 % of +650 and 80 % of +620 against +650, +620 and +170: each part with its weight."""
    lines = (
        field(1, [650, 620])
        + [L(1, "3NS", "3EW", Assigned.weighted((F(1, 5), 650), (F(4, 5), 620)))]
        + field(1, [170], first=4)
    )
    board = score_event(lines).board(1)
    assert ns_of(board) == [F(29, 5), F(14, 5), F(17, 5), 0]
    assert all(s.ns + s.ew == 6 for s in board.lines)
    assert board.lines[2].ns_score == 626
    assert weighted_matchpoints([[(1, 650)], [(1, 620)], [(F(1, 5), 650), (F(4, 5), 620)], [(1, 170)]]) == ns_of(board)


def test_a_weighted_score_worth_an_existing_score_is_still_scored_part_by_part():
    lines = field(1, [650, 640, 620]) + [L(1, "4NS", "4EW", Assigned.weighted((F(1, 3), 680), (F(2, 3), 620)))]
    board = score_event(lines).board(1)
    assert board.lines[3].ns_score == 640
    # against 650: 1/3·2; against 640: 1/3·2; against 620: 1/3·2 + 2/3·1
    assert board.lines[3].ns == F(8, 3)


# --- fouled boards, sit-outs, sections ------------------------------------------------------------


def test_fouled_board_groups_are_scored_apart_and_factored_to_the_full_field():
    lines = field(1, LADDER[:6]) + field(2, [420, 170, -50], group="a") + field(2, [620, 600, 100], group="b", first=4)
    board = score_event(lines).board(2)
    assert board.groups == ("a", "b") and board.is_fouled
    assert (board.expected, board.actual, board.top) == (6, 6, 10)
    assert ns_of(board) == [9, 5, 1, 9, 5, 1]  # raw 4, 2, 0 among three → (m + 1)·6/3 − 1
    unfactored = score_event(lines, ScoringOptions(factoring="none")).board(2)
    assert ns_of(unfactored) == [4, 2, 0, 4, 2, 0] and unfactored.lines[0].top == 4


def test_fouled_groups_of_different_sizes_have_their_own_tops_without_factoring():
    lines = field(1, LADDER[:5]) + field(2, [420, 170], group="a") + field(2, [620, 600, 100], group="b", first=3)
    board = score_event(lines, ScoringOptions(factoring="none")).board(2)
    assert [s.top for s in board.lines] == [2, 2, 4, 4, 4] and board.top is None


def test_a_sit_out_has_no_line_and_is_never_scored():
    """Five pairs: pair 5 sits out board 2; it is scored on board 1 alone."""
    lines = [
        L(1, "1", "2", Assigned.of(420)),
        L(1, "3", "4", Assigned.of(170)),
        L(1, "5", "1x", Assigned.of(-50)),
        L(2, "1", "3", Assigned.of(100)),
        L(2, "2", "4", Assigned.of(110)),
    ]
    event = score_event(lines)
    five = event.pair("5")
    assert (five.boards, five.top, five.total, five.percentage) == (1, 4, 0, 0)
    assert all(s.line.ns != "5" and s.line.ew != "5" for s in event.board(2).lines)
    assert event.board(2).expected == 3 and event.board(2).top == 4  # factored to the field's 3 results


def test_sections_across_the_field_and_within_each_section():
    lines = field(1, [420, 170], prefix="A", section="A") + field(1, [620, -50], prefix="B", section="B")
    across = score_event(lines)
    assert [b.section for b in across.boards] == [""]
    assert ns_of(across.board(1)) == [4, 2, 6, 0]
    within = score_event(lines, ScoringOptions(sections="within"))
    assert [b.section for b in within.boards] == ["A", "B"]
    assert ns_of(within.board(1, "A")) == [2, 0] and ns_of(within.board(1, "B")) == [2, 0]
    assert {p.field for p in within.pairs} == {"A", "B"}
    assert [(p.pair, p.place) for p in within.field_pairs("A")] == [
        ("A1NS", "1="),
        ("A2EW", "1="),
        ("A1EW", "3="),
        ("A2NS", "3="),
    ]


def test_sections_may_number_their_pairs_alike():
    """Section A's pair 1 and section B's pair 1 are two pairs, across the field or within each section."""
    lines = [
        L(1, "1", "2", Assigned.of(420), section="A"),
        L(1, "3", "4", Assigned.of(170), section="A"),
        L(1, "1", "2", Assigned.of(-50), section="B"),
        L(1, "3", "4", Assigned.of(100), section="B"),
    ]
    for sections in ("across", "within"):
        event = score_event(lines, ScoringOptions(sections=sections))
        assert len(event.pairs) == 8
        assert event.pair("1", "A").boards == event.pair("1", "B").boards == 1
        assert event.pair("1", "A").total == (6 if sections == "across" else 2)
        assert event.pair("1", "B").total == 0


def test_sections_within_take_each_sections_own_expected_results():
    lines = (
        field(1, [420, 170, 100], prefix="A", section="A")
        + field(1, [620, -50], prefix="B", section="B")
        + field(2, [420, 170, 100], prefix="A", section="A")
        + field(2, [620, -50, 0], prefix="B", section="B")
    )
    within = score_event(lines, ScoringOptions(sections="within"))
    assert within.board(1, "B").expected == 3 and within.board(1, "B").top == 4
    across = score_event(lines)
    assert across.board(1).expected == 6 and across.board(1).top == 10


def test_a_pair_that_missed_a_board_is_scored_on_the_boards_it_played():
    """Pair 1 plays three of four boards: its percentage is over those three boards' tops, which is what
    Compscore's total × boards / boards played (its own average on the missing board) comes to."""
    lines = []
    for board in (1, 2, 3, 4):
        scores = [420, 170, -50] if board != 4 else [170, -50]
        first = 1 if board != 4 else 2
        lines += [L(board, f"{n}", f"{n}x", Assigned.of(s)) for n, s in enumerate(scores, start=first)]
    event = score_event(lines, ScoringOptions(factoring="none"))
    one = event.pair("1")
    assert (one.boards, one.total, one.top) == (3, 12, 12) and one.percentage == 100
    two = event.pair("2")
    assert (two.boards, two.total, two.top) == (4, 8, 14)
    assert two.percentage == F(800, 14)
    compscore = two.total * 4 / 4  # played all four: no uplift
    assert 100 * compscore / (4 * 4) != two.percentage  # tops differ: Σ actual tops (BriAn), not boards × top


def test_two_winner_fields_rank_ns_and_ew_apart():
    lines = field(1, [420, 170, -50]) + field(2, [100, 140, 110])
    event = score_event(lines, two_winners=True)
    assert event.fields == ("NS", "EW")
    assert [(p.pair, p.place) for p in event.field_pairs("NS")] == [("2NS", "1"), ("1NS", "2"), ("3NS", "3")]
    assert [(p.pair, p.place) for p in event.field_pairs("EW")] == [("3EW", "1"), ("1EW", "2"), ("2EW", "3")]
    one_field = score_event(lines)
    assert one_field.fields == ("",) and len(one_field.field_pairs("")) == 6


def test_percentages_stay_exact_until_shown():
    lines = field(1, [420, 170, -50]) + field(2, [100, 110, 140]) + field(3, [200, 50, 0])
    p = score_event(lines).pair("1NS")
    assert (p.total, p.top) == (8, 12) and p.percentage == F(200, 3) and shown(p.percentage) == "66.67"
    assert shown(F(3100, 65)) == "47.69" and shown(F(1, 8)) == "0.13"


# --- ranking ----------------------------------------------------------------------------------


def test_competition_places_with_ties():
    assert competition_places([9, 8, 7, 6, 5, 5, 4]) == ["1", "2", "3", "4", "5=", "5=", "7"]
    assert competition_places([F(55), F(60), F(55)]) == ["2=", "1", "2="]
    assert competition_places([1, 1, 1]) == ["1=", "1=", "1="]


def test_seed_board_6_places():
    event = score_event(BOARD_6)
    assert [(p.pair, p.place) for p in event.pairs] == [
        ("1", "1="),
        ("2", "1="),
        ("5", "3="),
        ("6", "3="),
        ("7", "3="),
        ("8", "3="),
        ("3", "7="),
        ("4", "7="),
    ]


def test_a_pair_with_two_results_on_a_board_is_refused():
    with pytest.raises(ValueError, match="pair 1 has two results"):
        score_event([L(1, "1", "2", Played(None)), L(1, "3", "1", Played(None))])


def test_contracts_of_every_kind_are_scored():
    lines = [
        L(1, str(n), f"{n}x", Played(Contract(Bid(1 + n % 7, Strain(n % 5)), n % 3, Seat(n % 4)), n % 14))
        for n in range(1, 30)
    ]
    board = score_event(lines).board(1)
    assert [s.ns for s in board.lines] == [F(m) for m in matchpoints([s.ns_score for s in board.lines])]

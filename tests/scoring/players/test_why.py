"""The "why" of a result: tricks against double dummy, score against par, the field's contracts, the counting."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridge.cards import Seat, Strain
from dealing.domain.analysis import DoubleDummyTable
from scoring.domain.engine import score_event
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Artificial, Assigned, Played
from scoring.domain.results import TravellerLine as L
from scoring.domain.why import explain, par_contract_words

# N: 10 tricks in hearts, 9 in NT, 8 in spades (the table of tests/dealing/test_visibility.py)
TABLE = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")


def _board(*results, board=1):
    return [L(board, str(i), str(i + 10), r, round=i, table=i) for i, r in enumerate(results, start=1)]


@pytest.mark.parametrize(
    "result, side, declaring, difference, for_pair",
    [
        (Played.of("4H", "N", 10), "NS", True, 0, 0),  # as double dummy
        (Played.of("4H", "N", 11), "NS", True, 1, 1),  # the defence gave a trick
        (Played.of("4H", "N", 9), "NS", True, -1, -1),  # declarer lost one
        (Played.of("4H", "N", 11), "EW", False, 1, -1),  # defending: a trick given away
        (Played.of("4H", "N", 8), "EW", False, -2, 2),  # defending: two gained
    ],
)
def test_tricks_are_set_against_double_dummy_for_that_declarer_and_strain(
    result, side, declaring, difference, for_pair
):
    line = L(1, "1", "2", result)
    why = explain(line, side, [line], table=TABLE)
    assert TABLE[Seat.NORTH, Strain.HEARTS] == why.tricks.possible == 10
    assert (why.tricks.declaring, why.tricks.difference, why.tricks.for_pair) == (declaring, difference, for_pair)
    assert why.tricks.size == abs(difference)


def test_the_declarer_and_strain_matter():
    line = L(1, "1", "2", Played.of("3N", "S", 9))
    assert explain(line, "NS", [line], table=TABLE).tricks.possible == TABLE[Seat.SOUTH, Strain.NOTRUMP]
    east = L(1, "1", "2", Played.of("2H", "E", 8))
    why = explain(east, "NS", [east], table=TABLE)
    assert why.tricks.possible == TABLE[Seat.EAST, Strain.HEARTS] and not why.tricks.declaring


@pytest.mark.parametrize(
    "result, side, score, par, difference",
    [
        (Played.of("4S", "N", 10), "NS", 420, 420, 0),  # board 1: nobody vulnerable
        (Played.of("3S", "N", 10), "NS", 170, 420, -250),
        (Played.of("4S", "N", 9), "EW", 50, -420, 470),  # EW defeated the par contract
        (Assigned.of(-100), "NS", -100, 420, -520),  # an assigned score is a score
    ],
)
def test_the_score_is_set_against_par_from_the_pairs_side(result, side, score, par, difference):
    line = L(1, "1", "2", result)
    why = explain(line, side, [line], par=(420, ("NS 4S=",)))
    assert (why.par.score, why.par.par, why.par.difference, why.par.gap) == (score, par, difference, abs(difference))
    assert why.par.contracts == ("4♠= N–S",)


def test_an_artificial_score_has_neither_tricks_nor_par():
    line = L(1, "1", "2", Artificial(60, 40))
    why = explain(line, "NS", [line], table=TABLE, par=(420, ()))
    assert why.tricks is None and why.par is None and why.adjusted


def test_without_analysis_there_is_no_deal_fact():
    line = L(1, "1", "2", Played.of("4S", "N", 10))
    why = explain(line, "NS", [line])
    assert why.tricks is None and why.par is None and why.contracts[0].ours


def test_the_fields_contracts_are_counted_by_contract_and_side_most_played_first():
    lines = _board(
        Played.of("3N", "S", 9),
        Played.of("4S", "N", 10),
        Played.of("4S", "S", 11),
        Played.of("4S", "N", 9),
        Played.of("5DX", "E", 8),
        Played(None),
        Artificial(50, 50),
    )
    why = explain(lines[0], "NS", lines)
    assert [(c.contract, c.side, c.tables, c.ours) for c in why.contracts] == [
        ("4♠", "NS", 3, False),
        ("3NT", "NS", 1, True),
        ("", "", 1, False),
        ("5♦×", "EW", 1, False),
    ]
    assert why.tables == 7 and why.ours.contract == "3NT" and len(why.others) == 3


def test_the_counting_of_matchpoints_beaten_tied_and_neuberg():
    lines = _board(
        Played.of("4S", "N", 10), Played.of("4S", "N", 10), Played.of("4S", "N", 9), Played.of("3S", "N", 10)
    )
    event = score_event(lines, ScoringOptions(), expected={1: 5})  # one table did not play it: factored
    scored = {s.line: s for s in event.boards[0].lines}
    why = explain(
        lines[0],
        "NS",
        lines,
        scored=scored[lines[0]],
        options={"method": "matchpoints", "factoring": "neuberg", "expected": 5},
    )
    c = why.counting
    assert (c.beaten, c.tied, c.others, c.raw, c.raw_top, c.expected, c.factored) == (2, 1, 3, 5, 6, 5, True)
    assert c.points == Fraction(5 + 1, 1) * 5 / 4 - 1 == scored[lines[0]].ns  # (M + 1) × E / A − 1
    assert c.top == 8 and c.percentage == 100 * c.points / 8
    ew = explain(
        lines[2],
        "EW",
        lines,
        scored=scored[lines[2]],
        options={"method": "matchpoints", "factoring": "neuberg", "expected": 5},
    ).counting
    assert (ew.beaten, ew.tied) == (3, 0) and ew.points == scored[lines[2]].ew


def test_a_board_scored_with_missing_results_as_ties_says_so():
    # 4 results of E = 5: the missing result ties with every result played, M + (E − A) = M + 1 (ScoreBridge)
    lines = _board(
        Played.of("4S", "N", 10), Played.of("4S", "N", 10), Played.of("4S", "N", 9), Played.of("3S", "N", 10)
    )
    options = {"method": "matchpoints", "factoring": "ties", "expected": 5}
    event = score_event(lines, ScoringOptions.parse(options), expected={1: 5})
    scored = {s.line: s for s in event.boards[0].lines}
    c = explain(lines[0], "NS", lines, scored=scored[lines[0]], options=options).counting
    # beat 2 (4S-1 and 3S+1: 420 > -50, 420 > 170), tied 1: raw 5; + 1 for the missing result: 6 of 2 × (5 − 1) = 8
    assert (c.raw, c.expected, c.missing, c.factored, c.tied_missing) == (5, 5, 1, False, True)
    assert c.points == 6 == scored[lines[0]].ns and c.top == 8
    assert [str(t) for t in c.notes] == [
        "The board was played 4 times instead of 5: each missing result is scored as a tie with every result "
        "played, so each side gets 1.00 more: 5.00 + 1.00 = 6.00 of 8.00."
    ]
    neuberg = explain(
        lines[0], "NS", lines, scored=scored[lines[0]], options={**options, "factoring": "neuberg"}
    ).counting
    assert neuberg.notes == () and neuberg.factored  # Neuberg's sentence is the page's own


def test_a_full_board_scored_with_ties_says_nothing_of_them():
    lines = _board(Played.of("4S", "N", 10), Played.of("4S", "N", 9))
    options = {"factoring": "ties", "expected": 2}
    scored = score_event(lines, ScoringOptions.parse(options)).boards[0].lines[0]
    c = explain(lines[0], "NS", lines, scored=scored, options=options).counting
    assert (c.missing, c.tied_missing, c.notes) == (0, False, ())


def test_nothing_is_said_when_rounding_changes_nothing():
    # Neuberg on 3 results of E = 4: beat 1, tied 0 → (2 + 1) × 4 / 3 − 1 = 3, the same rounded
    lines = _board(Played.of("4S", "N", 10), Played.of("4S", "N", 9), Played.of("4S", "N", 11))
    options = {"factoring": "neuberg", "rounding": "rounded", "decimals": 1, "expected": 4}
    scored = score_event(lines, ScoringOptions.parse(options), expected={1: 4}).boards[0].lines[0]
    c = explain(lines[0], "NS", lines, scored=scored, options=options).counting
    assert c.exact == 3 == c.points and not c.cut and c.notes == ()


@pytest.mark.parametrize(
    "rounding, decimals, points, sentence",
    [
        # Neuberg on 3 results of E = 4: beat 2 → (4 + 1) × 4 / 3 − 1 = 17/3 = 5.666…
        ("rounded", 1, Fraction(57, 10), "The matchpoints are rounded to 1 decimal, halves up: 5.667 becomes 5.7."),
        (
            "truncated",
            1,
            Fraction(56, 10),
            "The matchpoints are cut to 1 decimal, never rounded up: 5.667 becomes 5.6.",
        ),
        ("rounded", 0, Fraction(6), "The matchpoints are rounded to 0 decimals, halves up: 5.67 becomes 6."),
        ("truncated", 0, Fraction(5), "The matchpoints are cut to 0 decimals, never rounded up: 5.67 becomes 5."),
    ],
)
def test_rounded_or_truncated_matchpoints_say_what_was_cut(rounding, decimals, points, sentence):
    lines = _board(Played.of("4S", "N", 11), Played.of("4S", "N", 9), Played.of("4S", "N", 10))
    options = {"factoring": "neuberg", "rounding": rounding, "decimals": decimals, "expected": 4}
    scored = score_event(lines, ScoringOptions.parse(options), expected={1: 4}).boards[0].lines[0]
    c = explain(lines[0], "NS", lines, scored=scored, options=options).counting
    assert c.exact == Fraction(17, 3) and c.points == points == scored.ns and c.cut
    assert [str(t) for t in c.notes] == [sentence]


def test_the_counting_of_butler_imps_from_the_pairs_side():
    lines = _board(
        Played.of("4S", "N", 10),
        Played.of("4S", "N", 9),
        Played.of("3S", "N", 9),
        Played.of("4S", "N", 11),
        Played.of("2S", "N", 8),
    )
    options = ScoringOptions(method="butler")
    event = score_event(lines, options)
    scored = {s.line: s for s in event.boards[0].lines}
    c = explain(lines[1], "EW", lines, scored=scored[lines[1]], options=options.as_dict()).counting
    assert c.datum == -event.boards[0].datum and c.score == 50
    assert c.imps_from_datum == c.points == scored[lines[1]].ew


def test_an_artificial_score_is_its_percentage_of_the_top():
    lines = _board(Artificial(60, 40), Played.of("4S", "N", 10), Played.of("4S", "N", 9))
    scored = score_event(lines).boards[0].lines[0]
    c = explain(lines[0], "EW", lines, scored=scored).counting
    assert c.artificial == Artificial(60, 40) and c.percentage == 40


@pytest.mark.parametrize(
    "pbn, words", [("NS 4H=", "4♥= N–S"), ("E 5DX-3", "5♦×−3 E"), ("EW 3N+1", "3NT+1 E–W"), ("Pass", "Pass")]
)
def test_par_contracts_are_said_as_players_write_them(pbn, words):
    assert par_contract_words(pbn) == words


def test_a_side_is_ns_or_ew():
    line = L(1, "1", "2", Played.of("4S", "N", 10))
    with pytest.raises(ValueError):
        explain(line, "N", [line])


def test_the_page_says_the_ties_and_the_cut_in_the_readers_language():
    from django.utils import translation

    from scoring.templatetags.players_tags import why_words

    lines = _board(Played.of("4S", "N", 11), Played.of("4S", "N", 9), Played.of("4S", "N", 10))
    options = {"factoring": "ties", "rounding": "truncated", "decimals": 0, "scale": "acbl", "expected": 4}
    scored = score_event(lines, ScoringOptions.parse(options), expected={1: 4}).boards[0].lines[0]
    why = explain(lines[0], "NS", lines, scored=scored, options=options)
    # beat 2: (4 + (4 − 3)) ÷ 2 = 2.5 of 3 on the ACBL scale, cut to 2
    assert why.counting.exact == Fraction(5, 2) and why.counting.points == 2 == scored.ns
    with translation.override("en"):
        said = why_words(why)["counting"]
    assert "each side gets 0.50 more: 2.00 + 0.50 = 2.50 of 3.00." in said[2]
    assert said[3] == "The matchpoints are cut to 0 decimals, never rounded up: 2.50 becomes 2."
    with translation.override("pl"):
        said = why_words(why)["counting"]
    assert "każdy brakujący wynik liczy się jako remis" in said[2]
    assert said[3] == "Punkty meczowe obcina się do 0 miejsc po przecinku, nigdy w górę: 2,50 daje 2."

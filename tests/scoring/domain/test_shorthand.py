"""The scorer's shorthand (``scoring.domain.shorthand``): every form a scorer types, every mistake
with its message code and field, the result said back, and the round trip through
``notation.shorthand`` (how a recorded line is shown for editing)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.contract import Contract
from scoring.domain.errors import ScoringError
from scoring.domain.notation import shorthand
from scoring.domain.results import Artificial, Assigned, Played, correction, possible_scores
from scoring.domain.shorthand import describe, lead_said, parse_entry, parse_lead


def played(contract: str, declarer: str, tricks: int) -> Played:
    return Played(Contract.from_str(contract, declarer), tricks)


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("4SX N 9", played("4SX", "N", 9)),
        ("4sx n 9", played("4SX", "N", 9)),
        ("4♠× N 9", played("4SX", "N", 9)),
        ("4♠x N 9", played("4SX", "N", 9)),
        ("4S* N 9", played("4SX", "N", 9)),
        ("4SXX N 9", played("4SXX", "N", 9)),
        ("4S= N", played("4S", "N", 10)),
        ("4S=N", played("4S", "N", 10)),
        ("4S N =", played("4S", "N", 10)),
        ("4S N 10", played("4S", "N", 10)),
        ("4SN10", played("4S", "N", 10)),
        ("4S+1 N", played("4S", "N", 11)),
        ("4S N +1", played("4S", "N", 11)),
        ("3NT-2 W", played("3N", "W", 7)),
        ("3N-2W", played("3N", "W", 7)),
        ("3NT−2 W", played("3N", "W", 7)),
        ("3BA-2 W", played("3N", "W", 7)),
        ("3NTN9", played("3N", "N", 9)),
        ("1NS7", played("1N", "S", 7)),
        ("7NXX S 0", played("7NXX", "S", 0)),
        ("7NXX S -13", played("7NXX", "S", 0)),
        ("  2h=e  ", played("2H", "E", 8)),
        ("P", Played(None)),
        ("PASS", Played(None)),
        ("pass", Played(None)),
        ("AP", Played(None)),
        ("All pass", Played(None)),
        ("+420", Assigned.of(420)),
        ("420", Assigned.of(420)),
        ("-50", Assigned.of(-50)),
        ("−50", Assigned.of(-50)),
        ("0", Assigned.of(0)),
        ("A6040", Artificial(60, 40)),
        ("a6040", Artificial(60, 40)),
        ("A60/40", Artificial(60, 40)),
        ("60/40", Artificial(60, 40)),
        ("A 60 / 40", Artificial(60, 40)),
        ("A5050", Artificial(50, 50)),
        ("A6060", Artificial(60, 60)),
        ("A=", Artificial(50, 50)),
        ("A+", Artificial(60, 40)),
        ("A-", Artificial(40, 60)),
        ("A100/0", Artificial(100, 0)),
        ("20% +650 80% +620", Assigned.weighted((F(1, 5), 650), (F(4, 5), 620))),
        ("20%+650, 80%+620", Assigned.weighted((F(1, 5), 650), (F(4, 5), 620))),
        ("20% of +650 and 80% of +620", Assigned.weighted((F(1, 5), 650), (F(4, 5), 620))),
        ("50% 420 50% -50", Assigned.weighted((F(1, 2), 420), (F(1, 2), -50))),
        ("12.5% +650 87.5% +620", Assigned.weighted((F(1, 8), 650), (F(7, 8), 620))),
    ],
)
def test_what_scorers_type(typed, expected):
    assert parse_entry(typed) == expected


@pytest.mark.parametrize(
    "typed, code, field",
    [
        ("", "entry.empty", "result"),
        ("   ", "entry.empty", "result"),
        (None, "entry.empty", "result"),
        ("hello", "entry.format", "result"),
        ("4Z N 9", "entry.format", "result"),
        ("4S Q 9", "entry.format", "result"),
        ("4S N 10 HK", "entry.format", "result"),
        ("20% +650 80%", "entry.format", "result"),
        ("8S N 10", "entry.level", "contract"),
        ("8S", "entry.level", "contract"),
        ("0NT N 7", "entry.level", "contract"),
        ("4S=", "entry.declarer", "declarer"),
        ("4S", "entry.declarer", "declarer"),
        ("4S 10", "entry.declarer", "declarer"),
        ("4S N", "entry.tricks_missing", "tricks"),
        ("4S=N10", "entry.tricks_twice", "tricks"),
        ("4S+1 N 11", "entry.tricks_twice", "tricks"),
        ("4S= N +1", "entry.tricks_twice", "tricks"),
        ("4S+7", "entry.tricks_range", "tricks"),
        ("4S+7 N", "entry.tricks_range", "tricks"),
        ("1S-8 N", "entry.tricks_range", "tricks"),
        ("4S N 14", "entry.tricks_range", "tricks"),
        ("A60/140", "entry.artificial", "adjusted"),
        ("A6", "entry.artificial", "adjusted"),
        ("A", "entry.artificial", "adjusted"),
        ("101/0", "entry.artificial", "adjusted"),
        ("+330", "entry.score", "score"),
        ("7610", "entry.score", "score"),
        ("20% +650 70% +620", "entry.weights", "weighted"),
        ("20% +650 90% +620", "entry.weights", "weighted"),
        ("100% +620", "entry.weight", "weighted"),
        ("0% +650 100% +620", "entry.weight", "weighted"),
        ("20% +650 80% +625", "entry.score", "score"),
    ],
)
def test_each_mistake_says_what_and_where(typed, code, field):
    with pytest.raises(ScoringError) as caught:
        parse_entry(typed)
    assert (caught.value.text.code, caught.value.field) == (code, field)


def test_the_messages_name_what_was_typed():
    def said(typed):
        with pytest.raises(ScoringError) as caught:
            parse_entry(typed)
        return str(caught.value)

    assert said("4S+7") == "4S+7 would be 17 tricks; a side takes 0 … 13"
    assert said("4S N 14") == "4S N 14 would be 14 tricks; a side takes 0 … 13"
    assert said("4S=") == "4S=: who was declarer? Add N, E, S or W (e.g. 4S= N)"
    assert said("3nt w").startswith("3NT by W: how many tricks?")
    assert said("8S").startswith("'8S': a contract's level is 1 … 7")
    assert said("20% +650 70% +620") == "the weights of a weighted score must add up to 100 %, not 90 %"


@pytest.mark.parametrize(
    "typed, board, said",
    [
        ("3S N 9", 6, "3♠= by N, 9 tricks: +140"),  # the seed's board 6
        ("4S= S", 6, "4♠= by S, 10 tricks: +420"),
        ("4S-1 N", 6, "4♠−1 by N, 9 tricks: −50"),
        ("4SX N 9", 1, "4♠×−1 by N, 9 tricks: −100"),
        ("4SX N 9", 2, "4♠×−1 by N, 9 tricks: −200"),  # vulnerability from the board number
        ("4SX N 9", 18, "4♠×−1 by N, 9 tricks: −200"),
        ("4SX E 9", 18, "4♠×−1 by E, 9 tricks: +100"),
        ("1N N 7", 1, "1NT= by N, 7 tricks: +90"),
        ("7NXX W 0", 3, "7NT××−13 by W, 0 tricks: +7600"),
        ("1C W 1", 1, "1♣−6 by W, 1 trick: +300"),
        ("P", 9, "Passed out: 0"),
        ("+420", 1, "Assigned: +420"),
        ("0", 1, "Assigned: 0"),
        ("A6040", 1, "Artificial: 60 % / 40 %"),
        ("20% +650 80% +620", 1, "Assigned: 20 % of +650, 80 % of +620: +626"),
        ("50% +420 50% -50", 1, "Assigned: 50 % of +420, 50 % of −50: +185"),
        ("12.5% +650 87.5% +620", 1, "Assigned: 12.5 % of +650, 87.5 % of +620: +623.75"),
    ],
)
def test_describe(typed, board, said):
    assert str(describe(parse_entry(typed), board)) == said


results = st.one_of(
    st.builds(
        Played,
        st.builds(
            Contract.from_str, st.sampled_from(["1C", "2DX", "3H", "4SXX", "3N", "7NX"]), st.sampled_from("NESW")
        ),
        st.integers(0, 13),
    ),
    st.just(Played(None)),
    st.builds(Assigned.of, st.sampled_from(sorted(possible_scores()))),
    st.builds(Artificial, st.integers(0, 99), st.integers(0, 99)),
    st.builds(
        lambda w, a, b: Assigned.weighted((F(w, 100), a), (F(100 - w, 100), b)),
        st.integers(1, 99),
        st.sampled_from([650, 620, -50, 100]),
        st.sampled_from([420, 170, 0, -100]),
    ),
)


@given(results)
def test_what_a_line_shows_for_editing_reads_back(result):
    assert parse_entry(shorthand(result)) == result


# --- the opening lead (issue 24: kept by a correction, said wherever the result is said) ------------------------


@pytest.mark.parametrize(
    ("typed", "kept", "said"),
    [("HK", "HK", "♥K"), ("h10", "HT", "♥10"), ("K♥", "HK", "♥K"), ("10s", "ST", "♠10"), ("c2", "C2", "♣2")],
)
def test_a_lead_typed_any_way_is_kept_as_one_card_and_said_with_its_symbol(typed, kept, said):
    assert parse_lead(typed) == kept
    assert lead_said(kept) == said


@pytest.mark.parametrize("typed", ["H1", "Z9", "HKQ", "lead", "♥"])
def test_a_lead_that_is_not_a_card_is_refused_on_the_lead_field(typed):
    with pytest.raises(ScoringError) as error:
        parse_lead(typed)
    assert error.value.field == "lead" and error.value.text.code == "entry.lead"


def test_a_result_is_said_with_its_lead():
    assert str(describe(Played.of("3NT", "S", 8, lead="ST"), 1)) == "3NT−1 by S, 8 tricks, lead ♠10: −50"
    assert str(describe(Played.of("3NT", "S", 8), 1)) == "3NT−1 by S, 8 tricks: −50"


@pytest.mark.parametrize(
    ("new", "lead"),
    [
        (Played.of("4S", "W", 10), "HK"),  # the declarer corrected: the card led stays
        (Played.of("4S", "E", 9), "HK"),  # the tricks corrected
        (Played.of("4S", "W", 10, lead="D2"), "D2"),  # another lead given: it replaces
    ],
)
def test_a_correction_without_a_lead_keeps_the_lead_recorded(new, lead):
    assert correction(Played.of("4S", "E", 10, lead="HK"), new).lead == lead


def test_a_correction_to_a_pass_or_an_adjusted_score_has_no_lead():
    old = Played.of("4S", "E", 10, lead="HK")
    assert correction(old, Played(None)) == Played(None)
    assert correction(old, Artificial(60, 40)) == Artificial(60, 40)

"""A knockout's ties and bracket (scoring.domain.knockout), without a database: carry-over, each tie-break, byes to
the top seeds, winners through to the final."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.domain.knockout import bracket, tie_result


@pytest.mark.parametrize(
    ("boards", "carry", "tie_break", "extra", "winner", "decided_by"),
    [
        ([10, -3, 0], (0, 0), "seed", (), "home", "imps"),
        ([10, -3, 0], (0, Fraction(15, 2)), "seed", (), "away", "imps"),  # the carry-over turns it round
        ([3, -3], (2, 2), "extra-boards", (), None, None),  # level: the extra board still to play
        ([3, -3], (0, 0), "extra-boards", (0, -1), "away", "extra-boards"),
        ([3, -3, 0], (0, 0), "last-board", (), "away", "last-board"),  # the last board flat: the one before it
        ([-3, 3], (0, 0), "last-board", (), "home", "last-board"),
        ([0, 0], (1, 1), "seed", (), "home", "seed"),
        ([Fraction(1, 2), Fraction(-1, 2)], (0, 0), "last-board", (), "away", "last-board"),
    ],
)
def test_a_tie_is_decided_by_imps_then_by_its_tie_break(boards, carry, tie_break, extra, winner, decided_by):
    result = tie_result(boards, carry=carry, tie_break=tie_break, extra=extra)
    assert (result.winner, result.decided_by) == (winner, decided_by)
    assert result.home - result.away == Fraction(carry[0]) - Fraction(carry[1]) + sum(Fraction(b) for b in boards)


def test_an_unknown_tie_break_is_refused():
    with pytest.raises(ValueError, match="not a knockout tie-break"):
        tie_result([1], carry=(0, 0), tie_break="coin")


@pytest.mark.parametrize("teams", range(2, 34))
def test_byes_go_to_the_top_seeds_and_the_rounds_halve(teams):
    seeds = [str(n) for n in range(1, teams + 1)]
    rounds = bracket(seeds, {})
    size = 1 << (teams - 1).bit_length()
    assert [len(r) for r in rounds] == [size >> k for k in range(1, size.bit_length())]
    byes = sorted(int(t.home) for t in rounds[0] if t.away is None)
    assert byes == list(range(1, size - teams + 1))  # the top seeds, as many as the field is short
    assert all(t.winner == t.home for t in rounds[0] if t.away is None)
    assert sorted(int(x) for t in rounds[0] for x in (t.home, t.away) if x) == list(range(1, teams + 1))


def test_the_winners_go_through_to_the_final_the_better_seed_at_home():
    seeds = ["A", "B", "C", "D", "E"]  # 8 places: byes to A, B, C; D v E
    first = bracket(seeds, {})
    assert [(t.home, t.away) for t in first[0]] == [("A", None), ("D", "E"), ("B", None), ("C", None)]
    assert [(t.home, t.away) for t in first[1]] == [("A", None), ("B", "C")]
    winners = {(1, 1): "E", (2, 0): "E", (2, 1): "C", (3, 0): "C", (1, 2): "nobody"}
    rounds = bracket(seeds, winners)
    assert [(t.home, t.away, t.winner) for t in rounds[1]] == [("A", "E", "E"), ("B", "C", "C")]
    assert [(t.home, t.away, t.winner) for t in rounds[2]] == [("C", "E", "C")]  # C the better seed: home

"""The seeded knockout bracket (issue 21): every seed once, byes to the top seeds, the seeds kept apart."""

from __future__ import annotations

import pytest

from movements.domain.errors import MovementError
from movements.domain.knockout import bracket_order, first_round

SIZES = [2**k for k in range(1, 8)]


@pytest.mark.parametrize("size", SIZES)
def test_a_full_bracket_seeds_each_team_once_and_pairs_to_size_plus_one(size):
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1)) and order[0] == 1 and order[size // 2] == 2
    assert {order[k] + order[k + 1] for k in range(0, size, 2)} == {size + 1}


@pytest.mark.parametrize("size", SIZES)
def test_the_top_seeds_are_in_different_sections(size):
    order = bracket_order(size)
    sections = 2
    while sections <= size:
        width = size // sections
        tops = [next(s for s in order[k : k + width] if s <= sections) for k in range(0, size, width)]
        assert sorted(tops) == list(range(1, sections + 1)), (size, sections)
        sections *= 2


@pytest.mark.parametrize("teams", range(2, 130))
def test_the_first_round_gives_the_byes_to_the_top_seeds(teams):
    matches = first_round(teams)
    size = 1 << (teams - 1).bit_length()
    seen = [m.seed for m in matches] + [m.opponent for m in matches if m.opponent is not None]
    assert sorted(seen) == list(range(1, teams + 1)) and len(matches) == size // 2
    assert sorted(m.seed for m in matches if m.opponent is None) == list(range(1, size - teams + 1))
    assert all(m.opponent is None or m.seed < m.opponent for m in matches)


def test_sixteen_teams_play_one_against_sixteen_and_eight_against_nine():
    assert [(m.seed, m.opponent) for m in first_round(16)][:2] == [(1, 16), (8, 9)]


@pytest.mark.parametrize("call, message", [
    (lambda: first_round(1), "a knockout needs at least 2 teams, not 1"),
    (lambda: bracket_order(12), "2, 4, 8, 16 … places, not 12"),
    (lambda: bracket_order(1), "not 1"),
])  # fmt: skip
def test_bad_sizes_are_refused(call, message):
    with pytest.raises(MovementError, match=message):
        call()

"""The blossom matching (``movements.domain.matching``): a perfect matching of least cost, the cost brute force
finds over every matching, for random costs of 2 to 10 teams (few distinct costs, so ties and blossoms abound)
and for costs beyond machine integers."""

from __future__ import annotations

import random

import pytest

from movements.domain.errors import MovementError
from movements.domain.matching import least_cost_matching
from tests.movements.domain.test_swiss import matchings


def least_by_brute_force(cost) -> int:
    return min(sum(cost[a][b] for a, b in pairs) for pairs in matchings(list(range(len(cost)))))


def random_costs(rng: random.Random, n: int, high: int) -> list[list[int]]:
    cost = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            cost[i][j] = cost[j][i] = rng.randint(0, high)
    return cost


@pytest.mark.parametrize("high", [1, 3, 10, 1000, 10**30])
def test_the_least_cost_is_brute_forces(high):
    rng = random.Random(high)
    for _ in range(60):
        cost = random_costs(rng, rng.choice([2, 4, 6, 8, 10]), high)
        mate = least_cost_matching(cost)
        assert all(mate[mate[t]] == t != mate[t] for t in range(len(cost)))
        assert sum(cost[t][mate[t]] for t in range(len(cost))) // 2 == least_by_brute_force(cost)


def test_an_odd_number_of_teams_is_refused():
    with pytest.raises(MovementError):
        least_cost_matching([[0, 1, 1], [1, 0, 1], [1, 1, 0]])

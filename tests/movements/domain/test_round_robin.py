"""The round robin of teams (issue 21): for every field of 2 to 40 teams, every team meets every other once,
one match a round, a bye for an odd field, home and away as even as the module's docstring proves best."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from movements.domain.errors import MovementError
from movements.domain.round_robin import round_robin

FIELDS = range(2, 41)


def sequences(teams):
    """Each team's round-by-round letters: H home, A away, - its bye."""
    seq = {t: [] for t in range(1, teams + 1)}
    for r in round_robin(teams):
        for m in r.matches:
            seq[m.home].append("H")
            seq[m.away].append("A")
        if r.bye is not None:
            seq[r.bye].append("-")
    return seq


@pytest.mark.parametrize("teams", FIELDS)
def test_every_team_meets_every_other_once(teams):
    rounds = round_robin(teams)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    assert len(rounds) == teams - 1 + teams % 2
    met = [frozenset((m.home, m.away)) for r in rounds for m in r.matches]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(range(1, teams + 1), 2)), key=sorted)


@pytest.mark.parametrize("teams", FIELDS)
def test_each_team_plays_once_a_round_and_an_odd_field_has_one_bye_each(teams):
    byes = []
    for r in round_robin(teams):
        seated = [t for m in r.matches for t in (m.home, m.away)]
        assert len(r.matches) == teams // 2
        assert sorted([*seated, *([r.bye] if r.bye is not None else [])]) == list(range(1, teams + 1))
        byes.append(r.bye)
    if teams % 2:
        assert sorted(byes) == list(range(1, teams + 1))
    else:
        assert set(byes) == {None}


@pytest.mark.parametrize("teams", FIELDS)
def test_home_and_away_are_as_even_as_the_field_allows(teams):
    seq = sequences(teams)
    homes = sorted(s.count("H") for s in seq.values())
    if teams % 2:
        assert homes == [(teams - 1) // 2] * teams
    else:
        assert homes == [teams // 2 - 1] * (teams // 2) + [teams // 2] * (teams // 2)


@pytest.mark.parametrize("teams", FIELDS)
def test_the_fewest_breaks(teams):
    breaks = {}
    for team, letters in sequences(teams).items():
        played = [x for x in letters if x != "-"]  # across the bye too
        breaks[team] = sum(1 for a, b in pairwise(played) if a == b)
    if teams % 2:
        assert set(breaks.values()) == {0}
    else:
        assert sorted(breaks.values()) == [0, 0] + [1] * (teams - 2)


@pytest.mark.parametrize("teams", [1, 0, -3, True, 2.5])
def test_a_field_too_small_is_refused(teams):
    with pytest.raises(MovementError, match="at least 2 teams") as error:
        round_robin(teams)
    assert error.value.field == "teams"

"""Partial Howells (no repeat meetings, every set once) and Mitchells (plain, skip, relay, arrow switch)."""

from collections import Counter

import pytest

from movements.domain.balance import balance_of, best_possible
from movements.domain.catalogue import movement_for
from movements.domain.check import violations
from movements.domain.errors import MovementError
from movements.domain.mitchell import mitchell
from movements.domain.partial import partial_howell


@pytest.mark.slow
@pytest.mark.parametrize("n, rounds", [(10, 7), (11, 8), (12, 9), (14, 9), (16, 11), (20, 15), (24, 17), (9, 6)])
def test_partial_howell(n, rounds):
    m = partial_howell(n, rounds)
    assert violations(m) == [] and m.round_count == rounds == m.board_sets
    met = Counter(frozenset((t.ns, t.ew)) for r in m.rounds for t in r.tables if m.phantom not in (t.ns, t.ew))
    assert set(met.values()) == {1}
    plays = Counter(
        (p, s)
        for r in m.rounds
        for t in r.tables
        if m.phantom not in (t.ns, t.ew)
        for p in (t.ns, t.ew)
        for s in t.board_sets
    )
    assert set(plays.values()) == {1}
    b = balance_of(m)
    assert b.mean == pytest.approx(b.ideal)
    assert b.std < 1.5 and best_possible(m, b).sumsq <= b.sumsq


@pytest.mark.slow
def test_every_offered_three_quarter_howell_up_to_24_pairs_is_found():
    from movements.domain.catalogue import options_for

    for n in range(4, 25):
        for opt in options_for(n):
            if opt["rounds"]:
                m = movement_for(n, opt["rounds"])
                assert violations(m) == [] and m.round_count == opt["rounds"]


@pytest.mark.slow
def test_twelve_pairs_nine_rounds_reaches_the_welch_bound():
    m = partial_howell(12, 9)
    b = balance_of(m)
    best = best_possible(m, b)
    assert best.reached and best.explanation.code == "best.welch" and "Welch" in str(best.explanation)
    assert best.std == pytest.approx(0.668, abs=1e-3)


@pytest.mark.slow
def test_partial_howell_balances_better_than_its_unoriented_band():
    m = partial_howell(12, 9)
    assert balance_of(m).max - balance_of(m).min <= 4  # a band with 3 stationary pairs all NS gives 0 … 9


@pytest.mark.parametrize(
    "n, rounds, words",
    [
        (8, 8, "at most 7"),
        (8, 4, "Mitchell"),
        (12, 3, "at least 6"),
        (8, 5, "exhaustive search"),
        (7, 6, "exhaustive search"),
    ],
)
def test_partial_bad_rounds(n, rounds, words):
    with pytest.raises(MovementError) as exc:
        movement_for(n, rounds)
    assert words in str(exc.value) and exc.value.field == "rounds"


@pytest.mark.parametrize(
    "n, variant, rounds",
    [
        (14, None, 7),
        (13, None, 7),
        (16, "skip", 7),
        (16, "relay", 8),
        (20, "relay", 10),
        (24, "skip", 11),
        (63, None, 32),
        (30, None, 15),
    ],
)
def test_mitchell_variants(n, variant, rounds):
    m = mitchell(n, variant=variant)
    assert violations(m) == [] and m.round_count == rounds and m.winners == 2
    assert set(m.stationary) == set(range(1, m.tables + 1))
    b = balance_of(m)
    if n % 2 == 0:
        assert b.spread == 0  # within each direction, every two pairs play the same boards


def test_mitchell_relay_table_and_sharing_are_named():
    m = mitchell(16, variant="relay")
    assert m.relays[0].between == (4, 5) and str(m.relays[0].place) == "between tables 4 and 5" and m.shared_boards
    for i in range(m.round_count):
        where = m.location_of_set(i)
        shared = [s for s, places in where.items() if len(places) > 1]
        assert len(shared) == 1 and sorted(where[shared[0]]) == [1, 16 // 2]


def test_arrow_switch_makes_one_winner_and_compares_across_directions():
    plain = mitchell(14)
    switched = mitchell(14, arrow_switch=True)
    assert switched.winners == 1 and any(r.arrow_switched for r in switched.rounds)
    assert violations(switched) == []
    ns, ew = 1, 8
    from movements.domain.balance import comparisons

    pairs, c = comparisons(switched)
    assert c[pairs.index(ns), pairs.index(ew)] > 0
    _, c0 = comparisons(plain)
    assert c0[pairs.index(ns), pairs.index(ew)] == 0


@pytest.mark.parametrize(
    "n, variant, words", [(4, None, "at least 6"), (16, "plain", "skip or a relay"), (14, "skip", "odd")]
)
def test_mitchell_bad_input(n, variant, words):
    with pytest.raises(MovementError) as exc:
        mitchell(n, variant=variant)
    assert words in str(exc.value)

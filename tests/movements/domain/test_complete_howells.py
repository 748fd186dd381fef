"""Every complete Howell from 4 to 64 pairs: valid, complete, as balanced as claimed and as proven possible."""

import itertools
from collections import Counter

import pytest

from movements.domain.balance import balance_of, best_possible
from movements.domain.check import violations
from movements.domain.guide_cards import board_cards, cards_json, pair_cards
from tests.movements.conftest import SIZES, half_set_sizes

COMPLETELY_BALANCED = [7, 8, 11, 12, 13, 16, 17, 19, 20, 23, 24, 25, 27, 28, 29, 31, 32, 36, 37, 40, 41, 43, 44,
                       47, 48, 49, 53, 56, 59, 60, 61, 64]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("n", SIZES)
def test_sound_schedule(complete_howells, n):
    m = complete_howells[n]
    assert violations(m) == []
    assert m.pairs == n and m.round_count == (n if n % 2 else n - 1)
    assert m.phantom == (n + 1 if n % 2 else None)


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_every_other_exactly_once(complete_howells, n):
    m = complete_howells[n]
    met = Counter(frozenset((t.ns, t.ew)) for r in m.rounds for t in r.tables if m.phantom not in (t.ns, t.ew))
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_plays_every_set_once(complete_howells, n):
    m = complete_howells[n]
    plays = Counter()
    for r in m.rounds:
        for t in r.tables:
            if m.phantom in (t.ns, t.ew):
                continue
            for s in t.board_sets:
                plays[(t.ns, s)] += 1
                plays[(t.ew, s)] += 1
    assert set(plays.values()) == {1}
    missed_per_pair = 0 if n % 2 == 0 else len(m.rounds[0].tables[0].board_sets)  # its sit-out table's sets
    for p in range(1, n + 1):
        assert sum(1 for s in range(1, m.board_sets + 1) if plays[(p, s)]) == m.board_sets - missed_per_pair


@pytest.mark.parametrize("n", SIZES)
def test_no_set_in_two_places_unless_shared(complete_howells, n):
    m = complete_howells[n]
    for i, _r in enumerate(m.rounds):
        places = m.location_of_set(i)
        multiple = {s: p for s, p in places.items() if len(p) > 1}
        if n > 6:
            assert not multiple and len(places) == m.board_sets
        else:
            assert m.shared_boards or not multiple


@pytest.mark.parametrize("n", SIZES)
def test_guide_cards_agree_with_the_schedule(complete_howells, n):
    m = complete_howells[n]
    cards = cards_json(m)
    from_schedule = {}
    for r in m.rounds:
        for t in r.tables:
            for p, seat in ((t.ns, "NS"), (t.ew, "EW")):
                if m.phantom not in (t.ns, t.ew):
                    from_schedule.setdefault(str(p), []).append([r.number, t.table, seat])
    assert cards["pair_cards"] == from_schedule
    boards = board_cards(m)
    for _i, r in enumerate(m.rounds):
        for t in r.tables:
            for s in t.board_sets:
                assert (r.number, t.table) in boards[s]
        for h in r.relays:
            assert (r.number, h.relay) in boards[h.board_set]
    assert sum(len(v) for v in boards.values()) == sum(
        sum(len(t.board_sets) for t in r.tables) + len(r.relays) for r in m.rounds
    )
    lines = pair_cards(m)
    assert all(len(lines[p]) == m.round_count for p in m.pair_numbers)


@pytest.mark.parametrize("n", SIZES)
def test_balance_claimed_is_balance_computed(complete_howells, n):
    m = complete_howells[n]
    b = balance_of(m)
    assert (b.min, b.max) == (m.claim["min"], m.claim["max"])
    assert b.sumsq == pytest.approx(m.claim["sumsq"])


@pytest.mark.parametrize("n", COMPLETELY_BALANCED)
def test_completely_balanced_sizes(complete_howells, n):
    b = balance_of(complete_howells[n])
    ideal = (n - 3) / 2 if n % 2 else n / 2 - 1
    assert b.min == b.max == ideal and b.std == 0.0


@pytest.mark.parametrize("n", [n for n in SIZES if n % 4 == 2 and n > 6])
def test_two_mod_four_meets_the_proven_bound(complete_howells, n):
    m = complete_howells[n]
    b = balance_of(m)
    bound = (n - 1) * (n - 2) / 2
    assert b.sumsq >= bound  # the theorem (spec §1.4): nothing beats it
    assert best_possible(m, b).sumsq == bound
    if n != 58:  # the annealing search has not reached it there (docs)
        assert b.sumsq == bound and b.max - b.min == 2


@pytest.mark.parametrize("n", half_set_sizes())
def test_half_sets_are_completely_balanced(half_set_howells, n):
    m = half_set_howells[n]
    assert violations(m) == []
    assert m.half_sets and all(len(t.board_sets) == 2 for r in m.rounds for t in r.tables)
    b = balance_of(m)
    assert b.sumsq == pytest.approx(m.claim["sumsq"])
    if n in (5, 6, 10, 14, 18, 22, 26, 30):
        assert b.min == b.max == b.ideal


def test_one_stationary_pair_in_every_even_howell(complete_howells):
    for n, m in complete_howells.items():
        if n % 2 == 0:
            cards = pair_cards(m)
            fixed = [p for p, lines in cards.items() if len({(c.table, c.direction) for c in lines}) == 1]
            assert fixed == [n], n


def _groups(m):
    return {t.params["group"] for t in m.construction.texts() if "group" in t.params}


def test_boards_move_to_the_lower_numbered_table_in_cyclic_howells(complete_howells):
    """Every movement whose notes say "boards move to the next lower-numbered table" does so; the others
    are the non-cyclic ones (over GF(q), or Schellenberg's doubling) and say that boards follow the cards."""
    for n, m in complete_howells.items():
        if n < 7:
            continue
        codes = {note.code for note in m.notes}
        if "note.boards_move_down" not in codes:
            assert codes & {"note.boards_follow_cards", "note.doubling_paths"}, n
            assert any(g.startswith("GF") for g in _groups(m)) or m.construction.code == "construction.doubling", n
            continue
        assert not any(g.startswith("GF") for g in _groups(m)), n
        for s, path in board_cards(m).items():
            tables = [place for _r, place in path if isinstance(place, int)]
            steps = list(itertools.pairwise(tables))
            assert all(b < a or (a == 1 and b == m.tables) for a, b in steps), (n, s)

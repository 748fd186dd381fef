"""Finite fields, the article's move rules, the difference sets and every embedded search result."""

import itertools

import pytest

from movements.domain import search as S
from movements.domain.finite_fields import FiniteField, group
from movements.domain.howell import berlekamp_hwang_starter, embedded, theory_claim
from movements.domain.starter_translation import Starter


@pytest.mark.parametrize("q", [7, 9, 25, 27, 49])
def test_field_axioms(q):
    f = FiniteField(q)
    for a, b, c in itertools.islice(itertools.product(range(q), repeat=3), 0, None, 7):
        assert f.mul[a][f.add[b][c]] == f.add[f.mul[a][b]][f.mul[a][c]]
        assert f.mul[f.mul[a][b]][c] == f.mul[a][f.mul[b][c]]
    assert all(f.mul[a][f.inv[a]] == 1 for a in range(1, q))
    assert len(f.squares) == (q - 1) // 2


def test_alpha_in_gf27_fails_the_article_and_the_spec_choice_works():
    f = FiniteField(27)
    five_quarters = f.mul[f.add[f.add[2][2]][1]][f.inv[f.add[2][2]]]  # 5/4 in characteristic 3
    assert five_quarters == f.neg[1]  # the article's α = (p+5)/4 is −1
    alpha = f.choose_alpha()
    assert alpha == 4 and alpha not in (0, 1, f.neg[1])
    assert f.mul[f.sub[alpha][1]][f.inv[f.add[alpha][1]]] in f.squares


def move(f, alpha, t, s):
    """Where a pair at (table t, line s) goes next, derived from the seat formulas x = r + t(α−1) (NS),
    x = r − t(α+1) (EW). The (t, +1) rule is the article's; in its (t, −1) rule as printed the two
    outcomes' lines are swapped (its own worked entries (1,−1)→(1,+1) and (2,−1)→(4,−1) follow
    this derivation)."""
    am1, ap1 = f.sub[alpha][1], f.add[alpha][1]
    if t == 0:
        return (0, 1) if s == 1 else (f.inv[ap1], -1)
    if s == 1:
        v = f.sub[1][f.mul[t][am1]]
        if v == 0 or v in f.squares:
            return (f.mul[v][f.inv[ap1]], -1)
        return (f.sub[t][f.inv[am1]], 1)
    v = f.add[1][f.mul[t][ap1]]
    if v in f.squares:
        return (f.add[t][f.inv[ap1]], -1)
    return (f.mul[f.neg[v]][f.inv[am1]], 1)


def test_article_worked_moves_two_entries_wrong():
    f = FiniteField(7)
    alpha = 3
    assert move(f, alpha, 4, 1) == (0, -1)  # the article lists (4,+1) → (4,+1)
    assert move(f, alpha, 4, -1) == (2, 1)  # the article lists (4,−1) → (1,+1)
    assert 3 not in f.squares  # "bo 3 jest resztą kwadratową" is false
    assert move(f, alpha, 1, 1) == (4, 1) and move(f, alpha, 2, -1) == (4, -1)  # entries it gets right
    assert move(f, alpha, 1, -1) == (1, 1) and move(f, alpha, 2, 1) == (1, -1)


def test_rules_agree_with_the_built_schedule():
    starter, alpha = berlekamp_hwang_starter(7)
    f = FiniteField(7)
    where = {}
    for r in range(7):
        where[r] = {f.add[x][r]: (t, 1) for x, _y, t in starter.rows}
        where[r].update({f.add[y][r]: (t, -1) for _x, y, t in starter.rows})
        where[r][r] = (0, -1)
    for r in range(6):
        for pair, pos in where[r].items():
            assert where[r + 1][pair] == move(f, alpha, *pos)


@pytest.mark.parametrize("p", [7, 11, 15, 19, 23, 31, 35, 43, 47, 59, 63])
def test_hadamard_difference_sets(p):
    a = S.hadamard_difference_set(p)
    counts = S.difference_counts(group("Z", p), a)
    assert 0 not in a and len(a) == (p - 1) // 2 and set(counts[1:]) == {(p - 3) // 4}


@pytest.mark.parametrize("p", [39, 51, 55, 27, 9])
def test_no_cyclic_hadamard_set_claimed_where_none_is_known(p):
    assert S.hadamard_difference_set(p) is None


def embedded_records():
    return [(section, n) for section, recs in sorted(embedded().items()) for n in sorted(recs, key=int)]


@pytest.mark.parametrize("section, n", embedded_records())
def test_every_embedded_search_result_is_re_verified(section, n):
    rec = embedded()[section][n]
    starter = Starter(tuple(rec["group"]), tuple(map(tuple, rec["rows"])), tuple(rec.get("second", ())))
    assert starter.problems() == []
    g = group(*starter.group)
    a = starter.ns_offsets()
    if section in ("even", "bound"):
        assert S.cost_even(g, a) == rec["search"]["cost"]
    elif section == "odd":
        assert S.cost_odd(g, a) == rec["search"]["cost"]
    else:
        a2 = [g.add[x][s] for (x, _y, _t), s in zip(starter.rows, starter.second)]
        assert S.cost_two_circuits(g, a, a2) == rec["search"]["cost"]
    assert S.relay_groups(g.order, [t for *_, t in starter.rows]) == rec["relay_groups"]
    claim = theory_claim(starter, phantom=section == "odd")
    assert claim["min"] <= claim["max"]


def test_starter_search_finds_a_valid_starter_for_a_difference_set():
    g = group("Z", 15)
    a = S.hadamard_difference_set(15)
    rows = S.find_starter(g, a, [e for e in range(1, 15) if e not in a], seed=3)
    st = Starter(("Z", 15), tuple(rows))
    assert st.problems() == [] and sorted(st.ns_offsets()) == sorted(a)
    assert theory_claim(st, phantom=False) == {"min": 7, "max": 7, "sumsq": 0.0}

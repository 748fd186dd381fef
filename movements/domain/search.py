"""The documented searches behind the embedded movements (spec §6), bounded and seeded.

What it offers:

* ``hadamard_difference_set(p)`` — a cyclic (p, (p−1)/2, (p−3)/4) difference set when one is
  known by construction: Paley (p prime ≡ 3 mod 4), twin primes p = r(r+2), Singer p = 2^k − 1.
  Such a set as NS offsets makes a cyclic Howell completely balanced (c = 2Δ + 1 = m − 1).
* ``anneal_offsets(g, score, …)`` — simulated annealing for an NS offset set A of size
  (p−1)/2 that minimises a balance score (used where no difference set exists).
* ``find_starter(g, A, B, …)`` — Knuth's Algorithm X, randomised with restarts, for a starter
  whose NS offsets are A and EW offsets B (the exact-cover items: every a ∈ A, every b ∈ B,
  every difference class ±d and every non-zero pair number once; positions at most once).
* ``find_second_adder(g, rows, A2, B2, …)`` — the second board circuit for half-sets.
* ``relay_groups(starter)`` — how many separate places the relays stand in (fewer is easier).

Everything is deterministic for a given seed; every search stops at a node or time budget
and says so. ``scripts/search_movements.py`` runs them and writes the results that
``movements/domain/data/starters.json`` embeds; tests re-verify every embedded result.

>>> sorted(hadamard_difference_set(7))
[1, 2, 4]
>>> len(hadamard_difference_set(15)), len(hadamard_difference_set(63)), hadamard_difference_set(39)
(7, 31, None)
>>> g = group("Z", 7)
>>> rows = find_starter(g, [1, 2, 4], [3, 5, 6], seed=1)
>>> from movements.domain.starter_translation import Starter
>>> Starter(("Z", 7), tuple(rows)).problems()
[]
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from movements.domain.finite_fields import FiniteField, Group, group, prime_power

_Item = TypeVar("_Item", bound=Hashable)  # an item of an exact-cover problem
_Option = TypeVar("_Option", bound=Hashable)  # an option's id


def _is_prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))


def difference_counts(g: Group, offsets: Collection[int]) -> list[int]:
    """Δ_A(d) for every d: the number of ordered (a, b) in A with a − b = d."""
    counts = [0] * g.order
    for a in offsets:
        for b in offsets:
            if a != b:
                counts[g.sub[a][b]] += 1
    return counts


def hadamard_difference_set(p: int) -> list[int] | None:
    """A cyclic Hadamard difference set of size (p−1)/2 in Z_p avoiding 0, or None."""
    if p % 4 != 3:
        return None
    found: list[int] | None = None
    if _is_prime(p):
        found = sorted({(x * x) % p for x in range(1, p)})
    for r in range(3, int(p**0.5) + 1, 2):
        if r * (r + 2) == p and _is_prime(r) and _is_prime(r + 2):

            def chi(a: int, q: int) -> int:
                a %= q
                return 0 if a == 0 else (1 if pow(a, (q - 1) // 2, q) == 1 else -1)

            ds = [z for z in range(p) if (chi(z, r) * chi(z, r + 2) == 1) or z % (r + 2) == 0]
            found = sorted(ds)
    if found is None and (p + 1) & p == 0:  # p = 2^k − 1: Singer (trace-zero set)
        k = p.bit_length()
        f = FiniteField(p + 1)
        x = next(a for a in range(2, p + 1) if _order(f, a) == p)
        power, trace_zero = 1, []
        for i in range(p):
            t, y = 0, power
            for _ in range(k):
                t = f.add[t][y]
                y = f.mul[y][y]
            if t == 0:
                trace_zero.append(i)
            power = f.mul[power][x]
        found = trace_zero
    if found is None:
        return None
    if 0 in found:  # translate away from 0
        for s in range(1, p):
            moved = sorted((a + s) % p for a in found)
            if 0 not in moved:
                return moved
    return found


def _order(f: FiniteField, a: int) -> int:
    k, y = 1, a
    while y != 1:
        y = f.mul[y][a]
        k += 1
    return k


def even_score(g: Group, offsets: Collection[int]) -> list[int]:
    """c(x, x+d) − (m−1) for every d ≠ 0 of an even cyclic movement with NS offsets A."""
    p = g.order
    lam2 = (p - 1) // 2
    counts = difference_counts(g, offsets)
    return [2 * counts[d] + 1 - lam2 for d in range(1, p)]


def odd_score(g: Group, offsets: Iterable[int]) -> list[int]:
    """c(x, x+d) − (n−3)/2 for the odd field (p pairs, the stationary pair a phantom)."""
    p = g.order
    a_set = set(offsets)
    b_set = set(range(1, p)) - a_set
    da = difference_counts(g, a_set)
    db = difference_counts(g, b_set)
    return [da[d] + db[d] - (p - 3) // 2 for d in range(1, p)]


def anneal_offsets(
    g: Group,
    cost: Callable[..., float],  # cost(g, *sets): cost_even / cost_odd take one set, cost_two_circuits two
    *,
    seed: int,
    steps: int = 20000,
    sets: int = 1,
    floor: float = 0.0,
) -> tuple[list[list[int]], float]:
    """``sets`` offset sets A ⊂ G∖{0}, each of size (p−1)/2, minimising ``cost(g, *sets)`` by
    simulated annealing (one element swapped in or out per step)."""
    rng = random.Random(seed)
    p = g.order
    k = (p - 1) // 2
    pool = list(range(1, p))
    current = [rng.sample(pool, k) for _ in range(sets)]
    now = cost(g, *current)
    best, best_cost = [sorted(a) for a in current], now
    for step in range(steps):
        if best_cost <= floor:
            break
        which = rng.randrange(sets)
        inside = set(current[which])
        out_el = rng.choice(current[which])
        in_el = rng.choice([e for e in pool if e not in inside])
        trial = list(current)
        trial[which] = [e for e in current[which] if e != out_el] + [in_el]
        c = cost(g, *trial)
        temp = 3.0 * (1 - step / steps) + 0.05
        if c <= now or rng.random() < math.exp((now - c) / temp):
            current, now = trial, c
            if c < best_cost:
                best, best_cost = [sorted(a) for a in current], c
    return best, best_cost


def cost_even(g: Group, a: Collection[int]) -> float:
    """Σ (c − (m−1))² over d, minus what parity forces (p ≡ 1 mod 4: every |c − (m−1)| ≥ 1)."""
    s = even_score(g, a)
    floor = 1 if g.order % 4 == 1 else 0
    return float(sum(v * v - floor for v in s))


def cost_odd(g: Group, a: Iterable[int]) -> float:
    return float(sum(v * v for v in odd_score(g, a)))


def cost_two_circuits(g: Group, a1: Collection[int], a2: Collection[int]) -> float:
    """Half-sets: c(d) = 2(Δ1 + Δ2) + 2 against the ideal p − 1."""
    d1, d2 = difference_counts(g, a1), difference_counts(g, a2)
    return float(sum((2 * (d1[d] + d2[d]) + 2 - (g.order - 1)) ** 2 for d in range(1, g.order)))


class Budget(Exception):
    pass


def exact_cover(
    items_primary: set[_Item], options: Mapping[_Option, Sequence[_Item]], rng: random.Random, node_limit: int
) -> list[_Option] | None:
    """Algorithm X (dict-of-sets form); options: id → list of items (secondary items allowed)."""
    columns: dict[_Item, set[_Option]] = {}
    for oid, its in options.items():
        for it in its:
            columns.setdefault(it, set()).add(oid)
    for it in items_primary:
        if it not in columns:
            return None
    primary = sorted(set(items_primary), key=repr)  # fixed order: set order depends on the hash seed
    nodes = [0]
    solution: list[_Option] = []

    def select(r: _Option) -> list[set[_Option]]:
        cols = []
        for j in options[r]:
            for i in columns[j]:
                for k in options[i]:
                    if k != j:
                        columns[k].discard(i)
            cols.append(columns.pop(j))
        return cols

    def deselect(r: _Option, cols: list[set[_Option]]) -> None:
        for j in reversed(options[r]):
            columns[j] = cols.pop()
            for i in columns[j]:
                for k in options[i]:
                    if k != j:
                        columns[k].add(i)

    def solve() -> bool:
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise Budget
        open_items = [c for c in primary if c in columns]
        if not open_items:
            return True
        best = min(len(columns[c]) for c in open_items)
        if best == 0:
            return False
        col = rng.choice([c for c in open_items if len(columns[c]) == best])
        choices = sorted(columns[col], key=repr)
        rng.shuffle(choices)
        for r in choices:
            solution.append(r)
            cols = select(r)
            if solve():
                return True
            deselect(r, cols)
            solution.pop()
        return False

    try:
        ok = solve()
    except Budget:
        return None
    return list(solution) if ok else None


def find_starter(
    g: Group,
    ns_offsets: Iterable[int],
    ew_offsets: Iterable[int],
    *,
    seed: int = 0,
    restarts: int = 50,
    node_limit: int = 20000,
    deadline: float | None = None,
) -> list[tuple[int, int, int]] | None:
    """Rows (x, y, t) with NS offsets x + t = A and EW offsets y + t = B, or None."""
    p = g.order
    a_set, b_set = list(ns_offsets), list(ew_offsets)

    def cls(d: int) -> int:
        return min(d, g.neg[d])

    options: dict[tuple[int, int, int], list[tuple[str, int]]] = {}
    for a in a_set:
        for b in b_set:
            c = cls(g.sub[a][b])
            for t in range(1, p):
                if t in (a, b):
                    continue
                x, y = g.sub[a][t], g.sub[b][t]
                options[(a, b, t)] = [("A", a), ("B", b), ("D", c), ("E", x), ("E", y), ("P", t)]
    primary = {("A", a) for a in a_set} | {("B", b) for b in b_set} | {("E", e) for e in range(1, p)}
    primary |= {("D", cls(d)) for d in range(1, p)}
    rng = random.Random(seed)
    for _ in range(restarts):
        if deadline is not None and time.monotonic() > deadline:
            return None
        sol = exact_cover(primary, options, rng, node_limit)
        if sol:
            return sorted((g.sub[a][t], g.sub[b][t], t) for a, b, t in sol)
    return None


def find_second_adder(
    g: Group,
    rows: Sequence[tuple[int, int, int]],
    ns_offsets: Iterable[int],
    ew_offsets: Iterable[int],
    *,
    seed: int = 0,
    restarts: int = 20,
    node_limit: int = 20000,
) -> list[int] | None:
    """Positions s_i (second circuit) with x_i + s_i = A2 and y_i + s_i = B2, or None."""
    p = g.order
    a2, b2 = set(ns_offsets), set(ew_offsets)
    options: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for i, (x, y, _t) in enumerate(rows):
        for s in range(1, p):
            a, b = g.add[x][s], g.add[y][s]
            if a in a2 and b in b2:
                options[(i, s)] = [("R", i), ("A", a), ("B", b), ("P", s)]
    primary = {("R", i) for i in range(len(rows))} | {("A", a) for a in a2} | {("B", b) for b in b2}
    rng = random.Random(seed)
    for _ in range(restarts):
        sol = exact_cover(primary, options, rng, node_limit)
        if sol:
            return [s for _i, s in sorted(sol)]
    return None


def relay_groups(p: int, positions: Iterable[int]) -> int:
    """Separate runs of relay positions around a cyclic board path of length p."""
    tables = set(positions) | {0}
    runs = 0
    for pos in range(p):
        if pos not in tables and (pos - 1) % p in tables:
            runs += 1
    return runs


def squares_split(g: Group) -> tuple[list[int], list[int]]:
    """(non-zero squares, non-squares) of a field (Z_p for a prime, or GF(q))."""
    if hasattr(g, "squares"):
        q = sorted(g.squares)
    else:
        q = sorted({(x * x) % g.order for x in range(1, g.order)})
    return q, [e for e in range(1, g.order) if e not in set(q)]


def group_for(p: int) -> Group:
    """Z_p for a prime, GF(q) for a prime power, else Z_p."""
    pk = prime_power(p)
    if pk and pk[1] > 1:
        return group("GF", p)
    return group("Z", p)

"""Choosing NS/EW at each table in each round to even out the comparisons (arrow switches).

Turning a table's arrow round (NS pair plays EW and vice versa) changes nobody's opponents
or boards, only who is compared with whom. ``anneal_orientation`` flips table-rounds by
simulated annealing to minimise Σ (c − mean)² over all pairs of pairs ranked together (the
mean does not depend on the orientation), updating the comparison counts incrementally.
``fixed`` table-rounds (e.g. a stationary pair that should stay NS) are never flipped.
Seeded, so a given movement always gets the same answer.

>>> from movements.domain.partial import partial_howell
>>> from movements.domain.balance import balance_of
>>> m = partial_howell(12, 9)
>>> balance_of(m).std < 1.0
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

from movements.domain.schedule import Movement, Round, TablePlay


@dataclass(slots=True)
class _Play:
    """A table-round with real pairs only; ``ns``/``ew`` (indexes of the pairs) swap when it flips."""

    round_index: int
    position: int  # position in the round's tables
    sets: tuple[int, ...]
    ns: int
    ew: int
    fixed: bool  # in ``keep``: never flipped


def anneal_orientation(
    movement: Movement,
    *,
    seed: int = 1,
    steps: int = 20000,
    per_round: bool = False,
    keep: frozenset[tuple[int, int]] = frozenset(),
    seconds: float | None = None,
) -> Movement:
    """Flip table-rounds (or whole rounds with ``per_round``) to balance the comparisons.
    ``keep`` = table-rounds (round index, table) that must not flip; ``seconds`` bounds the time."""
    rng = random.Random(seed)
    pairs = list(movement.pair_numbers)
    idx = {p: i for i, p in enumerate(pairs)}
    n = len(pairs)
    phantom = movement.phantom
    plays: list[_Play] = []
    for ri, rnd in enumerate(movement.rounds):
        for ti, t in enumerate(rnd.tables):
            if phantom in (t.ns, t.ew):
                continue
            plays.append(_Play(ri, ti, t.board_sets, idx[t.ns], idx[t.ew], (ri, t.table) in keep))
    by_set: dict[int, list[int]] = {}  # board set → the plays of it
    for k, pl in enumerate(plays):
        for s in pl.sets:
            by_set.setdefault(s, []).append(k)
    c = [[0] * n for _ in range(n)]
    state = {"sumsq": 0.0, "mean": 0.0}

    def bump(i: int, j: int, sign: int) -> None:
        v = c[i][j] - state["mean"]
        state["sumsq"] += sign * (2 * v + sign)
        c[i][j] += sign
        c[j][i] += sign

    def add(k: int, sign: int) -> None:
        pl = plays[k]
        for s in pl.sets:
            for k2 in by_set[s]:
                if k2 == k:
                    continue
                other = plays[k2]
                bump(pl.ns, other.ns, sign)
                bump(pl.ew, other.ew, sign)

    for k in range(len(plays)):
        add(k, 1)
    # the loop above counted every comparison twice (once from each side): halve
    for i in range(n):
        for j in range(n):
            c[i][j] //= 2
    count = n * (n - 1) // 2
    total = sum(c[i][j] for i in range(n) for j in range(i + 1, n))
    state["mean"] = mean = total / count
    state["sumsq"] = sum((c[i][j] - mean) ** 2 for i in range(n) for j in range(i + 1, n))

    def cost() -> float:
        return state["sumsq"]

    def flip(ks: list[int]) -> None:
        for k in ks:
            remove_or_add(k, -1, ks)
        for k in ks:
            plays[k].ns, plays[k].ew = plays[k].ew, plays[k].ns
        for k in ks:
            remove_or_add(k, 1, ks)

    def remove_or_add(k: int, sign: int, group: list[int]) -> None:
        # each comparison between k and another play counted once: pairs inside the group once. ``bump`` written
        # out (the annealing's inner loop: two thirds of its time was the calls), the same sums in the same order.
        pl = plays[k]
        ns, ew = pl.ns, pl.ew
        row_ns, row_ew = c[ns], c[ew]
        mean = state["mean"]
        sumsq = state["sumsq"]
        for s in pl.sets:
            for k2 in by_set[s]:
                if k2 == k or (k2 in group_set and k2 < k):
                    continue
                other = plays[k2]
                o = other.ns  # never ns or ew: a pair plays a board set once
                sumsq += sign * (2 * (row_ns[o] - mean) + sign)
                row_ns[o] += sign
                c[o][ns] += sign
                o = other.ew
                sumsq += sign * (2 * (row_ew[o] - mean) + sign)
                row_ew[o] += sign
                c[o][ew] += sign
        state["sumsq"] = sumsq

    group_set: set[int] = set()

    groups: list[list[int]]
    if per_round:
        groups = [[k for k, pl in enumerate(plays) if pl.round_index == ri] for ri in range(len(movement.rounds))]
    else:
        groups = [[k] for k, pl in enumerate(plays) if not pl.fixed]
    groups = [g for g in groups if g]
    if not groups:
        return movement
    now = cost()
    best_state = [(pl.ns, pl.ew) for pl in plays]
    best = now
    temp0 = max(1.0, now / max(count, 1))
    begin = time.monotonic()
    stop = begin + seconds if seconds else None
    progress = 0.0
    for step in range(steps):
        if stop is not None and step % 64 == 0:
            now_t = time.monotonic()
            if now_t > stop:
                break
            assert seconds  # stop is set only when seconds is
            progress = max(step / steps, (now_t - begin) / seconds)
        elif stop is None:
            progress = step / steps
        g = groups[rng.randrange(len(groups))]
        group_set.clear()
        group_set.update(g)
        flip(g)
        new = cost()
        temp = temp0 * (1 - progress) + 1e-3
        if new <= now or rng.random() < math.exp((now - new) / temp):
            now = new
            if now < best - 1e-9:
                best = now
                best_state = [(pl.ns, pl.ew) for pl in plays]
        else:
            flip(g)
        if best <= 1e-6:
            break
    swapped = {
        (pl.round_index, pl.position)
        for pl, st in zip(plays, best_state)
        if idx[movement.rounds[pl.round_index].tables[pl.position].ns] != st[0]
    }
    rounds = []
    for ri, rnd in enumerate(movement.rounds):
        tables = tuple(
            TablePlay(t.table, t.ew, t.ns, t.board_sets) if (ri, ti) in swapped else t
            for ti, t in enumerate(rnd.tables)
        )
        rounds.append(Round(rnd.number, tables, rnd.relays, rnd.arrow_switched))
    return replace(movement, rounds=tuple(rounds))

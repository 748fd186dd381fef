"""Partial Howells: fewer rounds than a complete Howell, no two pairs meeting twice.

The shape is the one the Polish KoPS library uses for its ¾ Howells (``HOWELL.DAT``): R
rounds, R board sets and R positions around the room (m tables + R − m relays), boards one
step down each round; R *moving* pairs travel one band of seats (pair u + 1 takes the seat
pair u just left), and the other s = 2m − R pairs are stationary, one per table. A table has
either a stationary pair and one moving seat, or two moving seats whose offsets e₁, e₂ make
pair u meet pairs u ± (e₂ − e₁): all those differences distinct, so nobody meets twice; the
board offsets e + t are all distinct, so everybody plays every set once.

``partial_howell(pairs, rounds)`` finds such a band by a seeded, bounded exact-cover search,
then chooses NS/EW at every table in every round by annealing on the comparisons
(``orient.py``). It reports the search (seed, nodes, restarts, seconds) in the
movement's notes. Odd fields: one stationary pair is the phantom (its opponent sits out).

>>> m = partial_howell(12, 9)
>>> m.round_count, m.board_sets, len(m.stationary), m.complete
(9, 9, 3, False)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace

from movements.domain.errors import MovementError
from movements.domain.orient import anneal_orientation
from movements.domain.schedule import Movement, Relay, RelayHold, Round, TablePlay
from movements.domain.search import exact_cover
from movements.domain.text import Text

#: A table of the band: (kind, e1, e2, t) — kind "S" (a stationary pair, moving seat e1, e2 None) or "M" (e1 v e2)
#: at position t.
_Table = tuple[str, int, int | None, int]


def _search(R: int, m: int, s: int, seed: int, node_limit: int) -> tuple[list[_Table] | None, int]:
    """Tables as (kind, e1, e2, t): 'S' = a stationary pair v moving seat e1, 'M' = e1 v e2.
    An exact cover (Knuth's Algorithm X): every moving offset e, every board offset e + t and
    every stationary slot once; positions and difference classes at most once."""
    rng = random.Random(seed)

    def cls(d: int) -> int:
        return min(d % R, (-d) % R)

    options: dict[tuple[str, int, int, int], list[tuple[str, int]]] = {}
    for j in range(1, s):
        for e in range(1, R):
            for t in range(1, R):
                if (e + t) % R:
                    options[("S", j, e, t)] = [("S", j), ("E", e), ("O", (e + t) % R), ("P", t)]
    for e1 in range(1, R):
        for e2 in range(e1 + 1, R):
            c = cls(e2 - e1)
            if R % 2 == 0 and c == R // 2:
                continue
            for t in range(1, R):
                o1, o2 = (e1 + t) % R, (e2 + t) % R
                if o1 and o2:
                    options[("M", e1, e2, t)] = [("E", e1), ("E", e2), ("O", o1), ("O", o2), ("D", c), ("P", t)]
    primary = {("E", e) for e in range(1, R)} | {("O", v) for v in range(1, R)} | {("S", j) for j in range(1, s)}
    sol = exact_cover(primary, options, rng, node_limit)
    if not sol:
        return None, node_limit
    tables: list[_Table] = [("S", 0, None, 0)]
    for opt in sol:
        if opt[0] == "S":
            tables.append(("S", opt[2], None, opt[3]))
        else:
            tables.append(("M", opt[1], opt[2], opt[3]))
    return tables, 0


def _movement(R: int, m: int, n: int, tables: Sequence[_Table], flips: Sequence[bool], phantom: bool) -> Movement:
    n_struct = 2 * m
    order = sorted(range(len(tables)), key=lambda i: tables[i][3])
    table_no = {order[0]: 1}
    for number, i in zip(range(m, 1, -1), order[1:]):
        table_no[i] = number
    stat_ids = sorted((i for i, tb in enumerate(tables) if tb[0] == "S"), key=lambda i: table_no[i])
    stat_no = {stat_ids[0]: n_struct}
    for k, i in enumerate(stat_ids[1:]):
        stat_no[i] = R + 1 + k
    table_at = {tb[3]: table_no[i] for i, tb in enumerate(tables)}
    free = sorted((t for t in range(R) if t not in table_at), key=lambda t: -t)
    relays: list[Relay] = []
    name_of: dict[int, str] = {}
    for k, pos in enumerate(free):
        before = next(table_at[(pos - j) % R] for j in range(1, R) if (pos - j) % R in table_at)
        after = next(table_at[(pos + j) % R] for j in range(1, R) if (pos + j) % R in table_at)
        relays.append(Relay(f"R{k + 1}", (min(before, after), max(before, after))))
        name_of[pos] = f"R{k + 1}"
    rounds = []
    for r in range(R):
        plays = []
        for i, (kind, a, b, t) in enumerate(tables):
            if kind == "S":
                first = stat_no[i]
            else:
                assert b is not None  # a table of two moving seats has both offsets
                first = (b + r) % R + 1
            second = (a + r) % R + 1
            ns, ew = (first, second) if not flips[i] else (second, first)
            plays.append(TablePlay(table_no[i], ns, ew, ((r - t) % R + 1,)))
        plays.sort(key=lambda p: p.table)
        holds = tuple(RelayHold(name, (r - pos) % R + 1) for pos, name in sorted(name_of.items(), key=lambda x: -x[0]))
        rounds.append(Round(r + 1, tuple(plays), holds))
    stationary = tuple(sorted(v for v in stat_no.values() if not (phantom and v == n_struct)))
    return Movement(
        kind="howell",
        pairs=n,
        tables=m,
        board_sets=R,
        rounds=tuple(rounds),
        relays=tuple(relays),
        phantom=n_struct if phantom else None,
        stationary=stationary,
        complete=False,
        title=Text.of("title.partial_howell", pairs=n, rounds=R, tables=m),
        construction=Text.of("construction.partial_band"),
        notes=((Text.of("note.stationary_pairs", pairs=stationary),) if stationary else ())
        + (Text.of("note.boards_move_down", last=None),),
    )


MAX_RESTARTS = 12


def partial_howell(pairs: int, rounds: int, *, seed: int = 1, time_limit: float = 20.0) -> Movement:
    n = pairs
    m = (n + 1) // 2
    n_struct = 2 * m
    R = rounds
    if R < 1:
        raise MovementError(Text.of("error.rounds_min", value=R), field="rounds")
    if R >= n_struct - 1:
        raise MovementError(Text.of("error.partial_is_complete", rounds=R, pairs=n, full=n_struct - 1), field="rounds")
    if R == m and R % 2 == 0:
        raise MovementError(
            Text.of("error.partial_even_tables", rounds=R, tables=m, low=m + 1, high=n_struct - 2), field="rounds"
        )
    if n_struct == 8 and R in (5, 6):
        raise MovementError(Text.of("error.partial_none_for_eight", pairs=n), field="rounds")
    if R < m:
        raise MovementError(Text.of("error.partial_too_few", pairs=n, low=m, high=n_struct - 2), field="rounds")
    s = n_struct - R
    start = time.monotonic()
    tries = 0
    found: list[_Table] | None = None
    while tries < MAX_RESTARTS and time.monotonic() - start < time_limit:  # restarts decide; time is a cap
        tries += 1
        found, _nodes = _search(R, m, s, seed * 7919 + tries, node_limit=3000)
        if found:
            break
    if not found:
        raise MovementError(
            Text.of(
                "error.partial_not_found",
                rounds=R,
                pairs=n,
                restarts=tries,
                suggest=max(m + 1, round(3 * (n_struct - 1) / 4)),
            ),
            field="rounds",
        )
    phantom = n % 2 == 1
    flips = [False] * len(found)
    plain = _movement(R, m, n, found, flips, phantom)
    steps = 60000 if m * R <= 200 else 20000  # steps decide (deterministic); time is only a cap
    oriented = anneal_orientation(plain, seed=seed, steps=steps, seconds=30.0)
    note = Text.of(
        "note.partial_search", seed=seed, restarts=tries, seconds=round(time.monotonic() - start, 2), steps=steps
    )
    return replace(oriented, notes=oriented.notes + (note,))

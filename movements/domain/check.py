"""Validity of a movement, checked from its schedule alone.

``violations(movement)`` lists, in words a director understands, everything that is wrong:
a pair in two places, a pair meeting another twice (or, in a complete Howell, never), a pair
playing a board set twice or missing one, a set in two places at once (unless the movement
documents shared boards), a set neither at a table nor on a relay, a relay that is not named.
An empty list means the movement is sound. The conditions are the seed's (1)–(4): every pair
meets every other pair exactly once and plays every board exactly once; with a phantom the
pair sitting out misses just the set on its sit-out table.

>>> from movements.domain.schedule import Movement, Round, TablePlay
>>> bad = Movement("howell", 4, 2, 3, (Round(1, (TablePlay(1, 4, 1, (1,)), TablePlay(2, 2, 4, (2,)))),),
...                complete=False)
>>> violations(bad)[0]
'round 1: pair 4 is in two places'
"""

from __future__ import annotations

from collections import Counter

from movements.domain.schedule import Movement


def violations(movement: Movement) -> list[str]:
    out: list[str] = []
    real = set(movement.pair_numbers)
    met: Counter[frozenset[int]] = Counter()
    played: Counter[tuple[int, int]] = Counter()  # (pair, board set)
    relay_names = {r.name for r in movement.relays}
    expected_sets = set(range(1, movement.board_sets + 1))
    for rnd in movement.rounds:
        seated: Counter[int] = Counter()
        for t in rnd.tables:
            if not 1 <= t.table <= movement.tables:
                out.append(f"round {rnd.number}: table {t.table} does not exist")
            if t.ns == t.ew:
                out.append(f"round {rnd.number}, table {t.table}: pair {t.ns} plays itself")
            seated.update([t.ns, t.ew])
            if movement.phantom in (t.ns, t.ew):
                continue
            met[frozenset((t.ns, t.ew))] += 1
            for s in t.board_sets:
                if s not in expected_sets:
                    out.append(f"round {rnd.number}, table {t.table}: board set {s} does not exist")
                played[(t.ns, s)] += 1
                played[(t.ew, s)] += 1
        for p, k in seated.items():
            if k > 1:
                out.append(f"round {rnd.number}: pair {p} is in two places")
        tables_here = Counter(t.table for t in rnd.tables)
        for table, k in tables_here.items():
            if k > 1:
                out.append(f"round {rnd.number}: table {table} is listed {k} times")
        where: Counter[int] = Counter()  # board set → places holding it
        for t in rnd.tables:
            where.update(t.board_sets)
        for r in rnd.relays:
            if r.relay not in relay_names:
                out.append(f"round {rnd.number}: relay {r.relay} is not one of the movement's relays")
            if where[r.board_set]:
                out.append(f"round {rnd.number}: board set {r.board_set} is on relay {r.relay} and at a table")
            where[r.board_set] += 1
        if not movement.shared_boards:
            for s, k in where.items():
                if k > 1:
                    out.append(f"round {rnd.number}: board set {s} is in {k} places")
            missing = expected_sets - set(where)
            if missing and movement.relays:
                out.append(f"round {rnd.number}: board sets {sorted(missing)} are nowhere")
    for pair_key, k in met.items():
        if k > 1:
            a, b = sorted(pair_key)
            out.append(f"pairs {a} and {b} meet {k} times")
    if movement.complete:
        for a in real:
            for b in real:
                if a < b and not met[frozenset((a, b))]:
                    out.append(f"pairs {a} and {b} never meet")
    for (p, s), k in played.items():
        if k > 1:
            out.append(f"pair {p} plays board set {s} {k} times")
    sets_per_pair = Counter(p for (p, _s) in played)
    for p in real:
        missed = [s for s in expected_sets if not played[(p, s)]]
        allowed = 0
        if movement.complete and movement.kind == "howell":
            sit_outs = movement.round_count - sum(
                1
                for rnd in movement.rounds
                for t in rnd.tables
                if p in (t.ns, t.ew) and movement.phantom not in (t.ns, t.ew)
            )
            per_round = len(movement.rounds[0].tables[0].board_sets)
            allowed = sit_outs * per_round
            if len(missed) > allowed:
                out.append(f"pair {p} never plays board sets {missed}")
        del sets_per_pair[p]
    return out

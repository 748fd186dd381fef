"""Movements built by translation from a starter: the shape of every Howell we construct.

A *starter* is round 1 of a movement over an additive group G of order p (Z_p, or GF(q) for
a prime power): for each playing table a row (x, y, t) — pair x sits NS and pair y EW at
position t. Pair ∞ (the stationary pair) sits NS at position 0 against pair r. In round r
every pair number and every board moves by r: pair x + r sits where x sat, and board set
r − t is at position t. Positions that are not tables are relays. A *second adder* (one more
position s per row) puts a second half-set r − s on each table: the two-circuit movement of
shared/specs/movements.md §6.

The schedule is then renumbered as clubs expect (seed, "Po tym przenumerowaniu"):
pairs arrive at table 1 EW in the order 1, 2, 3 …; the stationary pair gets the highest
number and sits at table 1 NS; board set k is at table 1 in round k; tables are numbered
along the path of board set 1 so that boards move to the lower-numbered table (from table 1
to the highest); relays are R1, R2 … counted from table 1 against the flow of boards, each
named by the two tables it stands between. For an odd field the stationary pair is the
phantom: whoever meets it sits out at table 1.

The conditions that make the result a complete Howell (checked by ``check.violations``):
{x, y} partition G∖{0}; the differences ±(x − y) cover G∖{0} once; the positions t are
distinct and non-zero; the offsets x + t and y + t are distinct and non-zero. Balance then
depends only on the NS offsets A = {x + t}: c(x, x + d) = 2·Δ_A(d) + 1 (spec §6).

>>> s = Starter(("Z", 7), ((2, 3, 1), (4, 6, 2), (1, 5, 4)))   # Berlekamp–Hwang for p = 7
>>> m = translation_movement(s)
>>> [(t.table, t.ns, t.ew, t.board_sets[0]) for t in m.rounds[0].tables]
[(1, 8, 1, 1), (2, 2, 6, 4), (3, 5, 7, 6), (4, 3, 4, 7)]
>>> [(r.name, str(r.place)) for r in m.relays]
[('R1', 'between tables 1 and 2'), ('R2', 'between tables 1 and 2'), ('R3', 'between tables 2 and 3')]
"""

from __future__ import annotations

from dataclasses import dataclass

from movements.domain.errors import internal
from movements.domain.finite_fields import group
from movements.domain.schedule import Claim, Movement, Relay, RelayHold, Round, TablePlay
from movements.domain.text import Text


@dataclass(frozen=True)
class Starter:
    group: tuple[str, int]  # ("Z", 15) or ("GF", 27)
    rows: tuple[tuple[int, int, int], ...]  # (NS pair, EW pair, position) in round 1
    second: tuple[int, ...] = ()  # positions on the second board circuit

    def ns_offsets(self) -> list[int]:
        g = group(*self.group)
        return [g.add[x][t] for x, _y, t in self.rows]

    def problems(self) -> list[str]:
        """The starter conditions, in words (empty when it is a valid starter)."""
        g = group(*self.group)
        p = g.order
        out = []
        if len(self.rows) * 2 != p - 1:
            out.append(f"a starter over {g.name} needs {(p - 1) // 2} rows, not {len(self.rows)}")
        elements = [e for x, y, _t in self.rows for e in (x, y)]
        if sorted(elements) != list(range(1, p)):
            out.append("the pairs of round 1 do not partition the non-zero elements")
        diffs = set()
        for x, y, _t in self.rows:
            diffs |= {g.sub[x][y], g.sub[y][x]}
        if len(diffs) != p - 1 or 0 in diffs:
            out.append("the differences ±(x − y) do not cover every non-zero element once")
        for label, positions in (("first", [t for *_, t in self.rows]), ("second", list(self.second))):
            if not positions:
                continue
            if len(set(positions)) != len(positions) or 0 in positions:
                out.append(f"the {label} circuit's positions are not distinct and non-zero")
            offsets = [g.add[e][t] for (x, y, _), t in zip(self.rows, positions) for e in (x, y)]
            if len(set(offsets)) != len(offsets) or 0 in offsets:
                out.append(f"on the {label} circuit a pair would play a board set twice")
        return out


def translation_movement(
    starter: Starter,
    *,
    phantom: bool = False,
    title: Text | None = None,
    construction: Text | None = None,
    claim: Claim | None = None,
    notes: tuple[Text, ...] = (),
) -> Movement:
    problems = starter.problems()
    if problems:
        raise internal("; ".join(problems))
    g = group(*starter.group)
    p = g.order
    order = list(range(p))  # round i has translation element order[i]
    index = {e: i for i, e in enumerate(order)}
    inf = p + 1
    two = bool(starter.second)

    def pair_no(e: int) -> int:
        return index[e] + 1

    def set_a(e: int) -> int:
        return index[e] + 1

    def set_b(e: int) -> int:
        return p + index[e] + 1

    # the path of board set 1 lays out the room: positions in the order it visits them
    path = [g.sub[r][order[0]] for r in order]
    at = {pos: i for i, pos in enumerate(path)}
    rows = starter.rows
    m = len(rows) + 1
    table_of_row = {}
    for number, i in zip(range(m, 1, -1), sorted(range(len(rows)), key=lambda i: at[rows[i][2]])):
        table_of_row[i] = number

    def relays_for(positions: list[int], circuit: int, first: int) -> tuple[list[Relay], dict[int, str]]:
        table_at = {0: 1, **{pos: table_of_row[i] for i, pos in enumerate(positions)}}
        free = sorted((pos for pos in range(p) if pos not in table_at), key=lambda pos: -at[pos])
        relays, name_of = [], {}
        for k, pos in enumerate(free):
            i = at[pos]
            before = next(table_at[path[(i - j) % p]] for j in range(1, p) if path[(i - j) % p] in table_at)
            after = next(table_at[path[(i + j) % p]] for j in range(1, p) if path[(i + j) % p] in table_at)
            name = f"R{first + k}"
            relays.append(Relay(name, (min(before, after), max(before, after)), circuit))
            name_of[pos] = name
        return relays, name_of

    relays_a, name_a = relays_for([t for *_, t in rows], 1, 1)
    relays_b, name_b = relays_for(list(starter.second), 2, len(relays_a) + 1) if two else ([], {})

    rounds = []
    for i, r in enumerate(order):
        first_sets = (set_a(r), set_b(r)) if two else (set_a(r),)
        plays = [TablePlay(1, inf, pair_no(r), first_sets)]
        for k, (x, y, t) in enumerate(rows):
            sets = (set_a(g.sub[r][t]),) + ((set_b(g.sub[r][starter.second[k]]),) if two else ())
            plays.append(TablePlay(table_of_row[k], pair_no(g.add[x][r]), pair_no(g.add[y][r]), sets))
        plays.sort(key=lambda t: t.table)
        holds = [RelayHold(name, set_a(g.sub[r][pos])) for pos, name in name_a.items()]
        holds += [RelayHold(name, set_b(g.sub[r][pos])) for pos, name in name_b.items()]
        holds.sort(key=lambda h: int(h.relay[1:]))
        rounds.append(Round(i + 1, tuple(plays), tuple(holds)))

    pairs = p if phantom else p + 1
    return Movement(
        kind="howell",
        pairs=pairs,
        tables=m,
        board_sets=2 * p if two else p,
        rounds=tuple(rounds),
        relays=tuple(relays_a + relays_b),
        phantom=inf if phantom else None,
        stationary=() if phantom else (inf,),
        half_sets=two,
        complete=True,
        title=title,
        construction=construction,
        claim=claim.copy() if claim else Claim(),
        notes=tuple(notes),
    )

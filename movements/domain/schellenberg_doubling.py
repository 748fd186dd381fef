"""Schellenberg's doubling: a completely balanced Howell for 2(q + 1) pairs from two for q + 1.

For a prime power q ≡ 3 (mod 4), q > 3, with x a primitive element of GF(q):

* R is the Room square of Hwang's balanced starter X = {(x^2i, x^(2i+1))} and S that of
  Y = {(x^(2i−1), x^2i)}: row i holds (∞, i) on the diagonal and (a + i, b + i) in column
  a + b + i for each starter pair (a, b). Rows are board sets, columns rounds, and the first
  member of a pair sits NS.
* A = R̂ over Ŝ′ (R without its diagonal, S without its diagonal and with every element
  primed); B = R ⊙ S with (u, v) written (u, v′); D = B with (u, v′) turned round to
  (v′, u) wherever R has a pair; C = [[A, ∅, ∅], [∅, D, ∅], [∅, ∅, (∞′, ∞)]].
* Two diagonals T₁ (offset j₁) and T₂ (offset j₂) of R ⊙ S, both in R, are moved out of D:
  a pair (k′, n) of T₁ in cell (i′, j′) goes to (i′, l) and (∞′, k′), (∞, n) fill cells
  (k, j′), (n, j′); a pair (k′, n) of T₂ in (i′, j′) goes to (l, j′) and (k′, ∞), (∞′, n)
  fill (i′, k), (i′, n).

The result F is a balanced Room square of side 2q + 1 (Theorem 5.4.1–5.4.2 in M. Henderson,
*Room Squares* (2018 survey), after Schellenberg): as a movement, every two of the 2q + 2
pairs are compared q times. Used for 40 (GF(19)) and 56 (GF(27)) pairs, where no cyclic
construction is balanced. The movement is not cyclic: pair and board cards give each
round's table. Pair ∞ stays at table 1 and pair ∞′ at table 2 (both play every round);
board sets stay at their table from one round to the next where they can. Turning a whole
board set round (every pair on it swaps NS/EW) leaves the comparisons unchanged, so ∞
always sits NS.

>>> m = doubled_howell(7)                                   # 16 pairs from two 8-pair Howells
>>> from movements.domain.balance import balance_of
>>> b = balance_of(m); (m.pairs, b.min, b.max)
(16, 7, 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import TypeAlias

from movements.domain.errors import internal
from movements.domain.finite_fields import FiniteField
from movements.domain.schedule import Claim, Movement, Relay, RelayHold, Round, TablePlay
from movements.domain.text import Text

INF, INF2 = "inf", "inf'"

#: A row/column label or a symbol (pair) of the Room square: g ∈ GF(q), ("p", g) primed, ∞ ("inf"), ∞′ ("inf'"),
#: or the extra row/column "l".
Label: TypeAlias = int | str | tuple[str, int]
#: The Room square as cells: {(row, col): (first, second)}.
Square: TypeAlias = dict[tuple[Label, Label], tuple[Label, Label]]


def _primitive(f: FiniteField) -> int:
    for a in range(2, f.order):
        k, y = 1, a
        while y != 1:
            y = f.mul[y][a]
            k += 1
        if k == f.order - 1:
            return a
    raise AssertionError("no primitive element")  # pragma: no cover


def _room(f: FiniteField, starter: list[tuple[int, int]]) -> dict[tuple[int, int], tuple[int | str, int]]:
    """Room square cells {(row, col): (first, second)} with (∞, i) on the diagonal."""
    q = f.order
    cells: dict[tuple[int, int], tuple[int | str, int]] = {(i, i): (INF, i) for i in range(q)}
    for a, b in starter:
        col0 = f.add[a][b]
        for i in range(q):
            cells[(i, f.add[col0][i])] = (f.add[a][i], f.add[b][i])
    return cells


def doubled_room_square(q: int, offsets: tuple[int, int] | None = None) -> tuple[list[Label], Square]:
    """The balanced Room square F of side 2q + 1: (labels, {(row, col): (first, second)})."""
    f = FiniteField(q)
    if q % 4 != 3 or q <= 3:
        raise internal(f"the doubling needs a prime power q ≡ 3 (mod 4), q > 3, not {q}")
    x = _primitive(f)
    pw = [1]
    for _ in range(2 * q):
        pw.append(f.mul[pw[-1]][x])

    def power(e: int) -> int:
        return pw[e % (q - 1)]

    half = (q - 1) // 2
    X = [(power(2 * i), power(2 * i + 1)) for i in range(half)]
    Y = [(power(2 * i - 1), power(2 * i)) for i in range(half)]
    R, S = _room(f, X), _room(f, Y)
    G = list(range(q))
    P = [("p", g) for g in G]  # primed rows/cols and symbols
    L = "l"

    def prime(s: int | str) -> Label:
        if s == INF:
            return "inf'"
        assert isinstance(s, int)  # every other symbol of R and S is a group element
        return ("p", s)

    C: Square = {}
    for i in G:
        for j in G:
            if i == j:
                continue
            if (i, j) in R:
                C[(i, j)] = R[(i, j)]
            else:
                u, v = S[(i, j)]
                C[(i, j)] = (prime(u), prime(v))
    for i in G:
        for j in G:
            u, v = (i, i) if i == j else (R.get((i, j)) or S[(i, j)])
            pair: tuple[Label, Label] = (u, prime(v))
            if i != j and (i, j) in R:
                pair = (prime(v), u)
            C[(("p", i), ("p", j))] = pair
    C[(L, L)] = (INF2, INF)
    in_r = sorted({f.sub[f.add[a][b]][0] for a, b in X})  # column offsets of R's pairs
    j1, j2 = offsets or (in_r[0], in_r[1])
    if j1 == j2 or j1 not in in_r or j2 not in in_r:
        raise internal(f"T1 and T2 must be two different diagonals of R: offsets {in_r}")
    for i in G:  # T1
        j = f.add[i][j1]
        cell = (("p", i), ("p", j))
        first, second = C.pop(cell)
        kp, n = (first, second) if (i, j) in R else (second, first)
        assert isinstance(kp, tuple)  # k′: T1 lies in R, so its cells hold (k′, n) or (n, k′), k′ primed
        C[(("p", i), L)] = (first, second)
        C[(kp[1], ("p", j))] = (INF2, kp)
        C[(n, ("p", j))] = (INF, n)
    for i in G:  # T2
        j = f.add[i][j2]
        cell = (("p", i), ("p", j))
        kp, n = C.pop(cell)
        assert isinstance(kp, tuple)  # k′: T2 lies in R, so its cells hold (k′, n)
        C[(L, ("p", j))] = (kp, n)
        C[(("p", i), kp[1])] = (kp, INF)
        C[(("p", i), n)] = (INF2, n)
    labels: list[Label] = [*G, *P, L]
    return labels, C


def room_square_claim(F: Mapping[tuple[Label, Label], tuple[Label, Label]], *, drop: Label | None = None) -> Claim:
    """Comparisons computed from the Room square's row blocks (first members, second members), independently
    of the schedule built from it; ``drop`` = a phantom symbol whose opponents sit out."""
    rows: dict[Label, tuple[list[Label], list[Label]]] = {}
    for (row, _col), (a, b) in F.items():
        if drop in (a, b):
            continue
        rows.setdefault(row, ([], []))
        rows[row][0].append(a)
        rows[row][1].append(b)
    symbols = sorted({s for pair in F.values() for s in pair if s != drop}, key=repr)
    c = {frozenset(p): 0 for p in combinations(symbols, 2)}
    for firsts, seconds in rows.values():
        for group in (firsts, seconds):
            for a, b in combinations(group, 2):
                c[frozenset((a, b))] += 1
    values = list(c.values())
    n = len(symbols)
    ideal = (n - 3) / 2 if n % 2 else n / 2 - 1
    return {"min": min(values), "max": max(values), "sumsq": float(sum((v - ideal) ** 2 for v in values))}


def doubled_howell(q: int, *, phantom: bool = False) -> Movement:
    labels, F = doubled_room_square(q)
    n_struct = 2 * q + 2
    number: dict[Label, int] = {g: g + 1 for g in range(q)}
    number.update({("p", g): q + g + 1 for g in range(q)})
    number[INF2] = 2 * q + 1
    number[INF] = n_struct
    index = {lab: k for k, lab in enumerate(labels)}
    # turn each board set round so that ∞ (the stationary pair) sits NS
    flip = {row for (row, col), (a, b) in F.items() if b == INF}
    rounds: list[Round] = []
    relay_count = len(labels) - (q + 1)
    previous: dict[int, int] = {}  # board set → table in the round before
    on_relay: dict[int, int] = {}  # board set → relay in the round before
    for col in labels:
        cells = []
        for row in labels:
            if (row, col) in F:
                a, b = F[(row, col)]
                ns, ew = (b, a) if row in flip else (a, b)
                cells.append((index[row] + 1, number[ns], number[ew]))
        table_of: dict[int, int] = {}
        free = set(range(1, q + 2))
        for s, ns, ew in cells:  # ∞ stays at table 1 and ∞′ at table 2
            fixed = 1 if n_struct in (ns, ew) else (2 if n_struct - 1 in (ns, ew) else None)
            if fixed:
                table_of[s] = fixed
                free.discard(fixed)
        for s, _ns, _ew in cells:  # a board set stays where it was, if it can
            if s not in table_of and previous.get(s) in free:
                table_of[s] = previous[s]
                free.discard(previous[s])
        for s, _ns, _ew in cells:
            if s not in table_of:
                table_of[s] = min(free)
                free.discard(table_of[s])
        previous = dict(table_of)
        tables = tuple(sorted((TablePlay(table_of[s], ns, ew, (s,)) for s, ns, ew in cells), key=lambda t: t.table))
        used = {s for s, _ns, _ew in cells}
        idle = [s for s in range(1, len(labels) + 1) if s not in used]
        relay_of: dict[int, int] = {}
        spare = set(range(1, relay_count + 1))
        for s in idle:  # a resting set stays on its relay, if it can
            if on_relay.get(s) in spare:
                relay_of[s] = on_relay[s]
                spare.discard(on_relay[s])
        for s in idle:
            if s not in relay_of:
                relay_of[s] = min(spare)
                spare.discard(relay_of[s])
        on_relay = relay_of
        holds = tuple(sorted((RelayHold(f"R{relay_of[s]}", s) for s in idle), key=lambda h: int(h.relay[1:])))
        rounds.append(Round(len(rounds) + 1, tables, holds))
    m = q + 1
    notes = [Text.of("note.doubling_paths")]
    if not phantom:
        notes.append(Text.of("note.stationary_pair", pair=n_struct))
    notes.append(Text.of("note.second_stationary", pair=n_struct - 1))
    return Movement(
        kind="howell",
        pairs=n_struct - 1 if phantom else n_struct,
        tables=m,
        board_sets=len(labels),
        rounds=tuple(rounds),
        relays=tuple(Relay(f"R{k + 1}", None) for k in range(relay_count)),
        phantom=n_struct if phantom else None,
        stationary=() if phantom else (n_struct,),
        complete=True,
        title=Text.of("title.howell", pairs=n_struct - 1 if phantom else n_struct, tables=m, sits_out=phantom),
        construction=Text.of("construction.doubling", q=q, phantom=n_struct if phantom else None),
        claim=room_square_claim(F, drop=INF if phantom else None),
        notes=tuple(notes),
    )

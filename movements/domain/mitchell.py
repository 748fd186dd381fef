"""Mitchell movements for larger fields: NS pairs stationary, EW pairs up one table, boards down one.

* Odd number of tables m: m rounds (or fewer), m board sets, nothing more to arrange.
* Even m, ``variant="skip"``: after half the rounds the EW pairs skip a table, so they do
  not meet boards again; at most m − 1 rounds (the m-th would bring them back to their first
  table).
* Even m, ``variant="relay"`` (relay and bye-stand): a bye-stand between tables m/2 and
  m/2 + 1 holds one set, and tables 1 and m share a set; m rounds.
* Odd number of pairs: the phantom is the last EW pair (its NS opponent sits out).
* ``arrow_switch``: whole rounds are arrow-switched (every table's NS pair plays the EW
  cards) so that NS and EW pairs are compared with each other and the movement has one
  winner; the rounds are chosen by seeded annealing on the comparisons
  (``choose_arrow_switches``, 3,000 steps, numpy).
  Without it a Mitchell has two winners, and each direction is ranked on its own.

Pairs: NS pairs 1 … m sit at their table number; EW pairs are m + 1 … 2m, EW pair m + k
starting at table k.

>>> m = mitchell(14)
>>> m.tables, m.round_count, m.winners
(7, 7, 2)
>>> [(t.table, t.ns, t.ew, t.board_sets[0]) for t in m.rounds[1].tables][:3]
[(1, 1, 14, 2), (2, 2, 8, 3), (3, 3, 9, 4)]
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np

from movements.domain.balance import seat_matrix
from movements.domain.errors import MovementError
from movements.domain.schedule import Movement, Relay, RelayHold, Round, TablePlay
from movements.domain.text import Text

#: Past 64 pairs a Mitchell is the only movement offered (Howells stop there); past 128, sections.
MIN_PAIRS, MAX_PAIRS = 6, 128


def mitchell(
    pairs: int, rounds: int | None = None, *, variant: str | None = None, arrow_switch: bool = False
) -> Movement:
    n = pairs
    if n < MIN_PAIRS:
        raise MovementError(Text.of("error.mitchell_min_pairs", pairs=n), field="pairs")
    if n > MAX_PAIRS:
        raise MovementError(Text.of("error.mitchell_max_pairs", pairs=n), field="pairs")
    m = (n + 1) // 2
    even = m % 2 == 0
    if variant is None:
        variant = "relay" if even else "plain"
    if not even and variant != "plain":
        raise MovementError(Text.of("error.mitchell_odd_tables", tables=m), field="kind")
    if even and variant not in ("skip", "relay"):
        raise MovementError(Text.of("error.mitchell_even_tables", tables=m), field="kind")
    max_rounds = m - 1 if variant == "skip" else m
    R = max_rounds if rounds is None else rounds
    if not 1 <= R <= max_rounds:
        raise MovementError(
            Text.of("error.mitchell_rounds", skip=variant == "skip", tables=m, max=max_rounds, value=R), field="rounds"
        )

    phantom = 2 * m if n % 2 else None
    rounds_out = []
    relays: tuple[Relay, ...] = ()
    if variant == "relay":
        relays = (Relay("R1", (m // 2, m // 2 + 1)),)
        # the board path: shared slot (tables 1 and m) → m−1 … m/2+1 → bye-stand → m/2 … 2 → shared
        path: list[str | int] = ["1&m"] + list(range(m - 1, m // 2, -1)) + ["R1"] + list(range(m // 2, 1, -1))
    for r in range(R):
        plays = []
        holds = []
        for t in range(1, m + 1):
            if variant == "skip":
                shift = r + (1 if r >= m // 2 else 0)
            else:
                shift = r
            ew = m + (t - 1 - shift) % m + 1
            if variant == "relay":
                slot = "1&m" if t in (1, m) else t
                k = path.index(slot)
                board_set = (k - r) % m + 1
            else:
                board_set = (t - 1 + r) % m + 1
            plays.append(TablePlay(t, t, ew, (board_set,)))
        if variant == "relay":
            holds.append(RelayHold("R1", (path.index("R1") - r) % m + 1))
        rounds_out.append(Round(r + 1, tuple(plays), tuple(holds)))
    ns_pairs = tuple(range(1, m + 1))
    ew_pairs = tuple(p for p in range(m + 1, 2 * m + 1) if p != phantom)
    notes = [Text.of("note.mitchell_moves")]
    if variant == "skip":
        notes.append(Text.of("note.mitchell_skip", round=m // 2))
    if variant == "relay":
        notes.append(Text.of("note.mitchell_relay", relay="R1", low=m // 2, high=m // 2 + 1, tables=m))
    if phantom:
        notes.append(Text.of("note.mitchell_phantom", pair=phantom))
    title = Text.of("title.mitchell", variant=variant, pairs=n, tables=m, rounds=R, arrow_switched=False)
    movement = Movement(
        kind="mitchell",
        pairs=n,
        tables=m,
        board_sets=m,
        rounds=tuple(rounds_out),
        relays=relays,
        phantom=phantom,
        stationary=ns_pairs,
        shared_boards=variant == "relay",
        complete=False,
        fields=(ns_pairs, ew_pairs),
        title=title,
        construction=Text.of("construction.mitchell", variant=variant),
        notes=tuple(notes),
    )
    if arrow_switch:
        flipped = choose_arrow_switches(movement)
        rounds2 = []
        for rnd in movement.rounds:
            if rnd.number in flipped:
                tables = tuple(TablePlay(t.table, t.ew, t.ns, t.board_sets) for t in rnd.tables)
                rounds2.append(Round(rnd.number, tables, rnd.relays, True))
            else:
                rounds2.append(rnd)
        title = Text.of("title.mitchell", **{**title.params, "arrow_switched": True})
        movement = replace(
            movement,
            rounds=tuple(rounds2),
            fields=(),
            title=title,
            notes=movement.notes + (Text.of("note.arrow_switch_rounds", rounds=tuple(flipped)),),
        )
    return movement


def choose_arrow_switches(movement: Movement, *, seed: int = 1, steps: int = 3000) -> list[int]:
    """The rounds to arrow-switch so that all pairs (one field) are compared as evenly as possible.

    Switching round r flips the direction of every play in it, so the seat matrix becomes
    M ∘ (1 − 2·x[round of each play]); the comparisons are P·Pᵀ + N·Nᵀ of its ±1 parts. Simulated
    annealing over x ∈ {0, 1}^R (seeded, ``steps`` single-round flips) minimises Σ(c − mean)².
    """
    pairs, m = seat_matrix(movement)
    index = {p: i for i, p in enumerate(pairs)}
    round_of = np.zeros(m.shape, dtype=np.int64)
    for ri, rnd in enumerate(movement.rounds):
        for t in rnd.tables:
            for s in t.board_sets:
                for p in (t.ns, t.ew):
                    if p in index:
                        round_of[index[p], s - 1] = ri
    iu = np.triu_indices(len(pairs), 1)

    def cost(x: np.ndarray) -> float:
        signed = m * (1 - 2 * x[round_of])
        # the products in floating point (BLAS; numpy multiplies integer matrices without it, several times slower):
        # counts of a few hundred at most are exact there, and are made whole again before the sum
        pos = (signed == 1).astype(np.float64)
        neg = (signed == -1).astype(np.float64)
        c = (pos @ pos.T + neg @ neg.T).astype(np.int64)[iu]
        return float(((c - c.mean()) ** 2).sum())

    rng = random.Random(seed)
    R = len(movement.rounds)
    x = np.zeros(R, dtype=np.int64)
    now = cost(x)
    best, best_x = now, x.copy()
    temp0 = max(1.0, now / max(len(iu[0]), 1))
    for step in range(steps):
        r = rng.randrange(R)
        x[r] ^= 1
        new = cost(x)
        temp = temp0 * (1 - step / steps) + 1e-3
        if new <= now or rng.random() < math.exp((now - new) / temp):
            now = new
            if new < best:
                best, best_x = new, x.copy()
        else:
            x[r] ^= 1
    return [movement.rounds[i].number for i in range(R) if best_x[i]]

"""Balance: how often each two pairs are compared, and how close that is to the best possible.

Two pairs are *compared* on a board set when both play it in the same direction (Guzicki:
"pary grające dane rozdanie na linii NS są porównywane między sobą"). A Howell is
*completely balanced* when every two pairs are compared equally often: m − 1 times for
n = 2m pairs (seed), (n − 3)/2 for an odd field with a sit-out.

``balance_of(movement)`` computes, from the schedule alone: min, max, mean, ideal, std (over
all pairs of pairs ranked together), spread = max − min, the histogram, the number of pairs
of pairs off the ideal and Σ(c − ideal)². ``best_possible(movement)`` says what mathematics
allows for that field (shared/specs/movements.md §1.4, §3): complete balance needs n ≡ 0 (mod 4);
for n ≡ 2 (mod 4) with one set per round Σ(c − (m−1))² ≥ (n − 1)(n − 2)/2; otherwise the
integer rounding of the mean is the only bound we can prove.

>>> from movements.domain.schedule import Movement, Round, TablePlay
>>> rounds = tuple(Round(r + 1, (TablePlay(1, 4, r + 1, (r + 1,)), TablePlay(2, *pair, (r + 1,))))
...                for r, pair in enumerate([(2, 3), (3, 1), (1, 2)]))
>>> b = balance_of(Movement("howell", 4, 2, 3, rounds, shared_boards=True))
>>> b.min, b.max, b.mean, b.ideal, b.std
(1, 1, 1.0, 1.0, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from movements.domain.schedule import Movement
from movements.domain.text import Text


@dataclass(frozen=True)
class Balance:
    min: int
    max: int
    mean: float
    ideal: float
    std: float
    spread: int
    sumsq: float  # Σ (c − ideal)² over pairs of pairs
    off_ideal: int  # pairs of pairs whose count differs from the ideal
    pairs_of_pairs: int
    histogram: dict[int, int]

    def as_json(self) -> dict[str, int | float]:
        """The shape the ``movement`` command prints."""
        return {
            "min": self.min,
            "max": self.max,
            "mean": round(self.mean, 4),
            "ideal": round(self.ideal, 4),
            "std": round(self.std, 4),
        }

    def as_report(self) -> dict[str, int | float | dict[str, int]]:
        return {
            **self.as_json(),
            "spread": self.spread,
            "sumsq": round(self.sumsq, 4),
            "off_ideal": self.off_ideal,
            "pairs_of_pairs": self.pairs_of_pairs,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }


def seat_matrix(movement: Movement) -> tuple[list[int], np.ndarray]:
    """Pairs × board sets: +1 where the pair plays the set NS, −1 EW, 0 not at all."""
    pairs = list(movement.pair_numbers)
    index = {p: i for i, p in enumerate(pairs)}
    m = np.zeros((len(pairs), movement.board_sets), dtype=np.int8)
    for rnd in movement.rounds:
        for t in rnd.tables:
            if movement.phantom in (t.ns, t.ew):
                continue  # the phantom's opponent sits out
            for s in t.board_sets:
                if t.ns in index:
                    m[index[t.ns], s - 1] = 1
                if t.ew in index:
                    m[index[t.ew], s - 1] = -1
    return pairs, m


def comparisons(movement: Movement) -> tuple[list[int], np.ndarray]:
    """c[a, b] = board sets on which pairs a and b played in the same direction."""
    pairs, m = seat_matrix(movement)
    ns = (m == 1).astype(np.int32)
    ew = (m == -1).astype(np.int32)
    return pairs, ns @ ns.T + ew @ ew.T


def _values(movement: Movement) -> list[int]:
    pairs, c = comparisons(movement)
    index = {p: i for i, p in enumerate(pairs)}
    out: list[int] = []
    for group in movement.ranking_fields:
        idx = [index[p] for p in group]
        sub = c[np.ix_(idx, idx)]
        iu = np.triu_indices(len(idx), 1)
        out.extend(int(v) for v in sub[iu])
    return out


def ideal_comparisons(movement: Movement) -> float:
    """m − 1 for a complete Howell of 2m pairs (seed); (n−3)/2 with a sit-out; else the mean."""
    if movement.kind == "howell" and movement.complete and not movement.shared_boards:
        n = movement.pairs
        per_set = 2 if movement.half_sets else 1
        return per_set * ((n - 3) / 2 if n % 2 else n / 2 - 1)
    values = _values(movement)
    return sum(values) / len(values)


def balance_of(movement: Movement) -> Balance:
    values = _values(movement)
    ideal = ideal_comparisons(movement)
    mean = sum(values) / len(values)
    hist: dict[int, int] = {}
    for v in values:
        hist[v] = hist.get(v, 0) + 1
    sumsq = sum((v - ideal) ** 2 for v in values)
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    return Balance(
        min=min(values),
        max=max(values),
        mean=mean,
        ideal=ideal,
        std=std,
        spread=max(values) - min(values),
        sumsq=sumsq,
        off_ideal=sum(1 for v in values if v != ideal),
        pairs_of_pairs=len(values),
        histogram=hist,
    )


def _welch_bound(movement: Movement, total: int, count: int) -> float | None:
    """Σ(c − mean)² ≥ ((N²d − Nd²)/2 − S²/P)/4 when N pairs each play all d sets in one ranking field,
    where c = (d + ⟨x_a, x_b⟩)/2 and S = Σ⟨x_a, x_b⟩ is fixed by the total comparisons."""
    if movement.winners != 1 or movement.half_sets or movement.shared_boards:
        return None
    _pairs, m = seat_matrix(movement)
    if not np.all(m != 0):
        return None
    n_pairs, d = m.shape
    s_ip = 2 * total - count * d
    bound: float = ((n_pairs * n_pairs * d - n_pairs * d * d) / 2 - s_ip * s_ip / count) / 4
    return max(0.0, bound)


@dataclass(frozen=True)
class BestPossible:
    sumsq: float  # a proven lower bound on Σ (c − ideal)²
    std: float  # the matching lower bound on std
    complete_possible: bool | None  # can every two pairs be compared equally often? None = unknown
    reached: bool  # does this movement meet the bound?
    explanation: Text  # why the bound is what it is


def best_possible(movement: Movement, balance: Balance | None = None) -> BestPossible:
    """What mathematics allows for this kind of movement, and whether this one gets there."""
    b = balance or balance_of(movement)
    n = movement.pairs
    count = b.pairs_of_pairs
    if movement.kind == "mitchell" and movement.winners == 2:
        bound, possible, why = 0.0, True, Text.of("best.two_winner_mitchell")
    elif movement.kind == "howell" and movement.complete and not movement.shared_boards:
        if movement.half_sets:
            bound, possible = 0.0, True
            why = Text.of("best.half_sets")
        elif n % 2 == 0 and n % 4 == 2:
            bound, possible = (n - 1) * (n - 2) / 2, False
            why = Text.of("best.parity", pairs=n, ideal=n // 2 - 1, bound=(n - 1) * (n - 2) // 2)
        elif n % 2 == 0:
            bound, possible = 0.0, True
            why = Text.of("best.complete_possible", pairs=n, ideal=n // 2 - 1)
            if n in (40, 52, 56):
                possible = None
                why = Text.of("best.no_hadamard", pairs=n, order=n - 1)
        else:
            bound, possible = 0.0, None
            why = Text.of("best.odd", ideal=(n - 3) // 2)
    else:
        total = sum(k * v for k, v in b.histogram.items())
        mean = Fraction(total, count)
        frac = mean - math.floor(mean)
        # integers around a fractional mean: the least Σ(c − mean)² is count·frac·(1 − frac)
        bound = float(count * frac * (1 - frac))
        possible = None
        why = Text.of("best.rounding")
        welch = _welch_bound(movement, total, count)
        if welch is not None and welch > bound + 1e-9:
            bound = welch
            why = Text.of("best.welch")
        if movement.shared_boards:
            why = Text.of("best.shared", reason=why)
            if n == 6 and movement.board_sets == 5:
                bound, possible = 10.0, False
                why = Text.of("best.six_pairs_five_sets")
    tol = 1e-9
    return BestPossible(
        sumsq=bound,
        std=math.sqrt(bound / count) if count else 0.0,
        complete_possible=possible,
        reached=b.sumsq <= bound + tol,
        explanation=why,
    )

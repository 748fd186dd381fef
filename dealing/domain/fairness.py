"""Fairness statistics: deals against exact probabilities (χ² and per-cell z tests).

Used by ``tests/dealing/domain/test_fairness.py`` and ``scripts/fairness_report.py``
(``docs/fairness.md``). Three properties, each with its exact distribution:

* **card seats** — each of the 52 cards is with N, E, S, W with probability 1/4 (52 × 4 cells);
* **hand patterns** — the sorted suit lengths of one hand per deal (the seat rotates N, E, S,
  W with the deal index so the hands counted are independent); probability of a pattern =
  (orderings over the suits) · Π C(13, length) / C(52, 13): 4-4-3-2 = 21.55 %, 5-3-3-2 = 15.52 %…;
* **HCP** — high-card points of that same hand, exact by counting honour combinations.

Each test reports Pearson's χ² with its p-value and the largest |z| of a single cell with its
Bonferroni-corrected p-value (which is what catches a 1 % bias in one cell). Cells whose
expected count is below :data:`MIN_EXPECTED` are pooled.

>>> round(float(pattern_probabilities()[(4, 4, 3, 2)]), 4), round(float(pattern_probabilities()[(5, 3, 3, 2)]), 4)
(0.2155, 0.1552)
>>> round(float(hcp_probabilities()[10]), 4)
0.0941
>>> round(chi2_sf(3.841458820694124, 1), 4)
0.05
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations

import numpy as np
import numpy.typing as npt

from bridge.cards import DECK

__all__ = [
    "pattern_probabilities",
    "hcp_probabilities",
    "chi2_sf",
    "normal_two_sided",
    "Tally",
    "FairnessResult",
    "MIN_EXPECTED",
]

MIN_EXPECTED = 10.0
_HANDS = math.comb(52, 13)
_POINTS = np.array([max(0, 4 - (c % 13)) for c in range(52)], dtype=np.int64)  # A=4 K=3 Q=2 J=1


@cache
def pattern_probabilities() -> dict[tuple[int, ...], Fraction]:
    """Exact probability of each hand pattern (suit lengths, longest first)."""
    out: dict[tuple[int, ...], Fraction] = {}
    for a in range(14):
        for b in range(a + 1):
            for c in range(b + 1):
                d = 13 - a - b - c
                if 0 <= d <= c:
                    orderings = len(set(permutations((a, b, c, d))))
                    ways = orderings * math.prod(math.comb(13, x) for x in (a, b, c, d))
                    out[(a, b, c, d)] = Fraction(ways, _HANDS)
    assert sum(out.values()) == 1
    return out


@cache
def hcp_probabilities() -> list[Fraction]:
    """Exact probability of 0 … 37 high-card points in a 13-card hand."""
    # ways[k][p]: ways to choose k of the 16 honours worth p points in all
    ways = [[0] * 41 for _ in range(17)]
    ways[0][0] = 1
    for value in (4, 3, 2, 1):  # four honours of each value
        new = [[0] * 41 for _ in range(17)]
        for k in range(17):
            for p in range(41):
                if ways[k][p]:
                    for take in range(5):
                        if k + take <= 16 and p + take * value <= 40:
                            new[k + take][p + take * value] += ways[k][p] * math.comb(4, take)
        ways = new
    probs = [Fraction(sum(ways[k][p] * math.comb(36, 13 - k) for k in range(14)), _HANDS) for p in range(38)]
    assert sum(probs) == 1
    return probs


def _gammaincc(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) (series below a+1, continued fraction above)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return math.exp(log_front) * h


def chi2_sf(x: float, df: int) -> float:
    """P(χ²_df ≥ x)."""
    return _gammaincc(df / 2, x / 2)


def normal_two_sided(z: float) -> float:
    """P(|Z| ≥ z) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class FairnessResult:
    name: str
    deals: int
    chi2: float
    df: int
    p_chi2: float
    worst_cell: str
    worst_z: float
    p_worst: float  # Bonferroni-corrected over the cells

    @property
    def p(self) -> float:
        return min(self.p_chi2, self.p_worst)

    def line(self) -> str:
        return (
            f"{self.name:<13} n={self.deals:>11,}  χ²={self.chi2:10.2f}  df={self.df:<4} p={self.p_chi2:.3g}  "
            f"worst cell {self.worst_cell} z={self.worst_z:+.2f} (Bonferroni p={self.p_worst:.3g})"
        )


def _test(
    name: str,
    observed: np.ndarray,
    probs: np.ndarray,
    labels: list[str],
    n: int,
    groups: int = 1,
    scale: float = 1.0,
    df: int | None = None,
) -> FairnessResult:
    """Pearson χ² over ``groups`` multinomials laid side by side (rows of ``observed``)."""
    observed = observed.reshape(groups, -1).astype(np.float64)
    probs = probs.reshape(groups, -1).astype(np.float64)
    expected = probs * n
    z = (observed - expected) / np.sqrt(expected * (1 - probs))
    chi2 = scale * float(((observed - expected) ** 2 / expected).sum())
    df = df if df is not None else groups * (observed.shape[1] - 1)
    worst = int(np.abs(z).argmax())
    cells = z.size
    return FairnessResult(
        name,
        n,
        chi2,
        df,
        chi2_sf(chi2, df),
        labels[worst],
        float(z.flat[worst]),
        min(1.0, cells * normal_two_sided(float(z.flat[worst]))),
    )


class Tally:
    """Counts accumulated over chunks of deals (owners arrays in deck order), then tested."""

    def __init__(self) -> None:
        self.deals = 0
        self.card_seat = np.zeros((52, 4), dtype=np.int64)
        patterns = sorted(pattern_probabilities(), reverse=True)
        self._patterns = patterns
        index = {p: k for k, p in enumerate(patterns)}
        table = np.zeros(14**4, dtype=np.int64)
        for lengths in np.ndindex(14, 14, 14, 14):
            if sum(lengths) == 13:
                table[((lengths[0] * 14 + lengths[1]) * 14 + lengths[2]) * 14 + lengths[3]] = index[
                    tuple(sorted(lengths, reverse=True))
                ]
        self._pattern_of = table
        self.pattern = np.zeros(len(patterns), dtype=np.int64)
        self.hcp = np.zeros(38, dtype=np.int64)

    def add(self, owners: np.ndarray, first_index: int = 0) -> None:
        owners = np.asarray(owners, dtype=np.uint8).reshape(-1, 52)
        n = owners.shape[0]
        for seat in range(4):
            self.card_seat[:, seat] += (owners == seat).sum(axis=0)
        seats = ((first_index + np.arange(n)) % 4).astype(np.uint8)
        mine = owners == seats[:, None]
        lengths = mine.reshape(n, 4, 13).sum(axis=2)
        code = ((lengths[:, 0] * 14 + lengths[:, 1]) * 14 + lengths[:, 2]) * 14 + lengths[:, 3]
        self.pattern += np.bincount(self._pattern_of[code], minlength=len(self._patterns))
        self.hcp += np.bincount(mine @ _POINTS, minlength=38)
        self.deals += n

    def _pooled(
        self, counts: np.ndarray, probs: list[Fraction], labels: list[str]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], list[str]]:
        """Pool the cells whose expected count is below MIN_EXPECTED into one."""
        keep = [k for k, p in enumerate(probs) if float(p) * self.deals >= MIN_EXPECTED]
        rest = [k for k in range(len(probs)) if k not in keep]
        obs = [int(counts[k]) for k in keep]
        pr = [float(probs[k]) for k in keep]
        lab = [labels[k] for k in keep]
        if rest:
            obs.append(int(counts[rest].sum()))
            pr.append(float(sum(probs[k] for k in rest)))
            lab.append("others")
        return np.array(obs), np.array(pr), lab

    def results(self) -> list[FairnessResult]:
        labels = [f"{DECK[c]}→{'NESW'[s]}" for c in range(52) for s in range(4)]
        # Every deal gives each seat exactly 13 cards, so the 52 × 4 table has fixed column
        # sums too: the statistic is (52/51)·χ² with (52−1)(4−1) = 153 degrees of freedom.
        seats = _test(
            "card seats", self.card_seat, np.full((52, 4), 0.25), labels, self.deals, groups=52, scale=51 / 52, df=153
        )
        pattern_probs = [pattern_probabilities()[p] for p in self._patterns]
        obs, pr, lab = self._pooled(self.pattern, pattern_probs, ["-".join(map(str, p)) for p in self._patterns])
        patterns = _test("hand patterns", obs, pr, lab, self.deals)
        obs, pr, lab = self._pooled(self.hcp, hcp_probabilities(), [f"{h} HCP" for h in range(38)])
        hcp = _test("HCP", obs, pr, lab, self.deals)
        return [seats, patterns, hcp]

"""IMPs (Law 78B) and the two ways IMP pairs compare a result with the field.

* :func:`imps` — a score difference on the Law 78B scale (20–40 → 1 … 4000+ → 24), signed;
* :func:`butler_datum` — the board's datum: the mean of its table scores without the single
  highest and the single lowest (all of them when there are fewer than three), rounded to the
  nearest 10 with halves away from zero (−445 → −450, +5 → +10);
* :func:`butler` — each line's NS IMPs against the datum (EW the negative);
* :func:`cross_imps` — each line's NS IMPs against every other result on the board, divided
  by (results − 1), exact.

These are the conventions of the programs whose files clubs publish (Compscore among them).
In an IMP event an Average (A5050) scores 0 and Average plus / minus ±3 IMPs; artificial
scores are left out of the datum and of the comparisons (``scoring.py`` handles them).
Source: ``../shared/specs/rules-and-formats.md`` §b5–b6.

>>> imps(430), imps(-20), imps(10), imps(4000)
(10, -1, 0, 24)
>>> butler_datum([420, 420, 170, -50, 450]), butler_datum([-440, -450])
(340, -450)
>>> butler([420, 420, 170, -50, 450])
[Fraction(2, 1), Fraction(2, 1), Fraction(-5, 1), Fraction(-9, 1), Fraction(3, 1)]
>>> cross_imps([420, 170, -50])
[Fraction(8, 1), Fraction(0, 1), Fraction(-8, 1)]
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["imps", "IMP_SCALE", "butler_datum", "butler", "cross_imps", "round_to_ten"]

#: The lower bound of each step of Law 78B's scale: a difference of at least IMP_SCALE[k-1] is worth k IMPs.
IMP_SCALE = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
             2250, 2500, 3000, 3500, 4000)  # fmt: skip


def imps(difference: int | Fraction) -> int:
    """IMPs for a score difference (Law 78B), with its sign."""
    size = difference if difference >= 0 else -difference  # abs(), which mypy types as object for int | Fraction
    value = bisect_right(IMP_SCALE, size)
    return value if difference >= 0 else -value


def round_to_ten(value: Fraction | int) -> int:
    """To the nearest multiple of 10, halves away from zero (−445 → −450, +5 → +10).

    >>> [round_to_ten(Fraction(v)) for v in (-445, 5, 4, -4, Fraction(1355, 2))]
    [-450, 10, 0, 0, 680]
    """
    value = Fraction(value)
    tens, rest = divmod(abs(value), 10)
    if rest >= 5:
        tens += 1
    out = int(tens) * 10
    return out if value >= 0 else -out


def butler_datum(scores: Sequence[int | Fraction]) -> int:
    """The Butler datum of a board's NS table scores."""
    if not scores:
        raise ValueError("a datum needs at least one score")
    ordered = sorted(scores)
    kept = ordered[1:-1] if len(ordered) >= 3 else ordered
    return round_to_ten(Fraction(sum(kept)) / len(kept))


def butler(scores: Sequence[int | Fraction]) -> list[Fraction]:
    """NS IMPs of each table score against the board's datum."""
    datum = butler_datum(scores)
    return [Fraction(imps(Fraction(s) - datum)) for s in scores]


def cross_imps(scores: Sequence[int | Fraction]) -> list[Fraction]:
    """NS IMPs of each score against every other, divided by (results − 1); 0 for a lone result."""
    n = len(scores)
    if n < 2:
        return [Fraction(0)] * n
    return [
        Fraction(sum(imps(Fraction(a) - Fraction(b)) for j, b in enumerate(scores) if j != i), n - 1)
        for i, a in enumerate(scores)
    ]

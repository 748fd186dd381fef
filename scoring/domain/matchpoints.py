"""Matchpoints (Law 78A): every result compared with every other result on the same board.

A result earns two units for each result it beats and one for each it ties (the EBU/WBF
"2/1" scale; ACBL's 1/½ scale is exactly half of it). The NS and EW units of one line always
add up to the board's top, 2·(A − 1) for A results. Source: ``../shared/specs/rules-and-formats.md``
§b3–b5; the seed's traveller (Guzicki, board 6) is the first example below.

What it offers:

* :func:`matchpoints` — one board's NS scores → NS units (integers, 2/1 scale);
* :func:`raw_matchpoints` — the same for many boards at once, on integer arrays: each line
  belongs to a *comparison unit* (a board; or a board in one section, or one group of a fouled
  board), and gets its NS units and its unit's number of results (numpy: counting, a few
  passes over the lines for a million of them, no Python object per line or comparison);
* :func:`weighted_matchpoints` — a unit with weighted assigned scores (Law 12C1(c)): every part
  of a line is compared with every part of every other line, each comparison weighted by the
  product of the two parts' weights, exactly (``Fraction``);
* :func:`neuberg` — factoring a board with A results to the E it should have had (EBU article
  "The Neuberg Formula"): ``M' = (M + 1)·E/A − 1`` on the 2/1 scale, exact.

>>> matchpoints([140, 420, 140, -50])          # Guzicki, board 6: NS 3, 6, 3, 0 (top 6)
[3, 6, 3, 0]
>>> [neuberg(m, actual=5, expected=6) for m in (8, 6, 4, 2, 0)]    # Compscore board 26
[Fraction(49, 5), Fraction(37, 5), Fraction(5, 1), Fraction(13, 5), Fraction(1, 5)]
>>> mp, actual = raw_matchpoints([0, 0, 0, 0, 1, 1], [140, 420, 140, -50, 100, 100])
>>> mp.tolist(), actual.tolist()
([3, 6, 3, 0, 1, 1], [4, 4, 4, 4, 2, 2])
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

__all__ = ["matchpoints", "raw_matchpoints", "weighted_matchpoints", "neuberg", "SCORE_SPAN"]

#: Scores lie within ±7,600 (13 down, redoubled, vulnerable); keys leave room for any integer score below this.
SCORE_SPAN = 1 << 15


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Matchpoint the NS scores on one board: 2 per score beaten, 1 per tie.

    >>> matchpoints([620, 620, 170, -100, 650])
    [5, 5, 2, 0, 8]
    """
    ranked = sorted(scores)
    return [bisect_left(ranked, s) + bisect_right(ranked, s) - 1 for s in scores]


def raw_matchpoints(units: npt.ArrayLike, scores: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """NS units on the 2/1 scale and the unit's number of results, for every line.

    ``units`` are non-negative integers naming each line's comparison unit; ``scores`` are the
    NS scores (integers, |score| < ``SCORE_SPAN``). Lines of different units are never compared.

    Algorithm notes. Counting, no sort: the distinct scores are numbered in order through a
    table over the whole score range (mark each score present, a running count of the marks is
    its rank r among the K distinct scores). With key = unit·K + r, one count of each key
    (``bincount``) and a running sum of those counts give, for every line, the number of lines
    with a smaller key; less the number of lines of earlier units, that is how many results of
    its own unit it beats, and its key's count less one is how many it ties. Each step is one
    pass over the lines or over the units × K table, so a million lines cost a few tens of
    milliseconds. When units × K would be much larger than the lines (units numbered sparsely),
    the same counts come from one sort of the keys and binary searches.
    """
    units = np.asarray(units, dtype=np.int64)
    scores = np.asarray(scores, dtype=np.int64)
    if units.shape != scores.shape or units.ndim != 1:
        raise ValueError("units and scores must be one-dimensional and of the same length")
    if units.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if scores.min() <= -SCORE_SPAN or scores.max() >= SCORE_SPAN or units.min() < 0:
        raise ValueError("a score is out of range or a unit is negative")
    offsets = scores + SCORE_SPAN
    present = np.zeros(2 * SCORE_SPAN, dtype=np.int64)
    present[offsets] = 1
    rank_of = np.cumsum(present) - 1
    distinct = int(rank_of[-1]) + 1
    cells = (int(units.max()) + 1) * distinct
    if cells > max(4 * units.size, 1 << 20):
        return raw_matchpoints_sorted(units, units * distinct + rank_of[offsets], distinct)
    keys = units * distinct + rank_of[offsets]
    counts = np.bincount(keys, minlength=cells)
    below = np.cumsum(counts) - counts  # lines with a smaller key
    starts = below[units * distinct]  # lines of earlier units
    mp = 2 * (below[keys] - starts) + (counts[keys] - 1)
    return mp, np.bincount(units)[units]


def raw_matchpoints_sorted(units: np.ndarray, keys: np.ndarray, distinct: int) -> tuple[np.ndarray, np.ndarray]:
    """``raw_matchpoints`` for sparse unit numbers: one sort of the keys, then binary searches."""
    ordered = np.sort(keys)
    below = np.searchsorted(ordered, keys, side="left")
    upto = np.searchsorted(ordered, keys, side="right")
    starts = np.searchsorted(ordered, units * distinct, side="left")
    ends = np.searchsorted(ordered, (units + 1) * distinct, side="left")
    return 2 * (below - starts) + (upto - below - 1), ends - starts


def weighted_matchpoints(lines: Sequence[Sequence[tuple[Fraction | int, int | Fraction]]]) -> list[Fraction]:
    """NS units (2/1 scale) of one unit whose lines may be weighted: each line is its parts
    ``(weight, score)`` with weights adding up to 1; a plain result is ``[(1, score)]``.

    Line i earns, against every other line j, Σ over parts a of i and b of j of
    w_a·w_b·(2 if s_a > s_b, 1 if equal, 0 if less) — each part matchpointed with its weight, as
    Law 12C1(c) assigned scores are. The NS and EW units of a line still add up to 2·(A − 1).

    >>> weighted_matchpoints([[(1, 650)], [(1, 620)], [(Fraction(1, 5), 650), (Fraction(4, 5), 620)], [(1, 170)]])
    [Fraction(29, 5), Fraction(14, 5), Fraction(17, 5), Fraction(0, 1)]
    """
    out: list[Fraction] = []
    for i, mine in enumerate(lines):
        total = Fraction(0)
        for j, theirs in enumerate(lines):
            if i == j:
                continue
            for wa, sa in mine:
                for wb, sb in theirs:
                    total += Fraction(wa) * Fraction(wb) * (2 if sa > sb else 1 if sa == sb else 0)
        out.append(total)
    return out


def neuberg(mp: int | Fraction, *, actual: int, expected: int) -> Fraction:
    """Factor NS (or EW) units earned among ``actual`` results to ``expected`` results (2/1 scale).

    Each of the A results is treated as occurring E/A times: M' = (M + 1)·E/A − 1. With A = E it
    changes nothing; on the ACBL scale halve the result (M'/2 = (M/2 + ½)·E/A − ½).

    >>> neuberg(28, actual=16, expected=17), neuberg(6, actual=4, expected=4)
    (Fraction(477, 16), Fraction(6, 1))
    """
    if actual < 1 or expected < 1:
        raise ValueError("a board needs at least one result to be factored")
    return (Fraction(mp) + 1) * expected / actual - 1

"""Places and shown numbers: standard competition ranking and exact values rounded only when shown.

* :func:`competition_places` — places for values best first; equal values share a place, which
  is written with ``=`` (``5=, 5=, 7``), the next place skipped (``../shared/specs/rules-and-formats.md``
  §b3: RealBridge and EBU write ``5=``, BriAn ``9=``);
* :func:`shown` — an exact ``Fraction`` to a fixed number of decimals, halves rounded away from
  zero (``Decimal``), as results are printed: percentages and matchpoints to two decimals;
* :func:`signed` — a score as results show it: ``+420``, ``−50`` (a minus sign), ``0``;
* :func:`handicap_ranking` — a handicap event's percentages (scratch + half the pair's handicap)
  and places, beside the scratch ranking.

>>> competition_places([Fraction(60), Fraction(55), Fraction(55), Fraction(40)])
['1', '2=', '2=', '4']
>>> shown(Fraction(3100, 65)), shown(Fraction(-1, 200)), shown(Fraction(5, 1), 0)
('47.69', '-0.01', '5')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

__all__ = ["competition_places", "shown", "place_number", "signed", "handicap_ranking"]


def competition_places(values: Sequence[Fraction | int], *, best_first: bool = True) -> list[str]:
    """The place of each value (given in any order): 1 for the best, ``n=`` when shared."""
    order = sorted(values, reverse=best_first)
    first: dict[Fraction | int, int] = {}
    for index, value in enumerate(order, start=1):
        first.setdefault(value, index)
    counts: dict[Fraction | int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return [f"{first[v]}=" if counts[v] > 1 else str(first[v]) for v in values]


def place_number(place: str) -> int:
    """``"5="`` → 5."""
    return int(place.rstrip("="))


def shown(value: Fraction | int, places: int = 2) -> str:
    """``value`` rounded to ``places`` decimals, halves away from zero (exact integer arithmetic)."""
    exact = Fraction(value)
    scaled = abs(exact) * 10**places
    units = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    text = str(Decimal(units).scaleb(-places))
    return f"-{text}" if exact < 0 and units else text


def signed(score: int | Fraction) -> str:
    """A score as results show it: ``+420``, ``−50`` (a minus sign), ``0``; a fraction to two decimals.

    >>> signed(420), signed(-50), signed(0), signed(Fraction(1253, 2))
    ('+420', '−50', '0', '+626.50')
    """
    value = Fraction(score)
    if value == 0:
        return "0"
    size = str(abs(value.numerator)) if value.denominator == 1 else shown(abs(value))
    return ("+" if value > 0 else "−") + size


def handicap_ranking(
    scratch: Mapping[str, Fraction], handicaps: Mapping[str, Fraction]
) -> dict[str, tuple[Fraction, str]]:
    """Each pair's handicap percentage and place, beside its scratch percentage: scratch + half its handicap (a
    pair without a handicap keeps its scratch), places in that order (as USEBIO handicap events are scored).

    >>> handicap_ranking({"1": Fraction(60), "2": Fraction(55)}, {"1": Fraction(-4), "2": Fraction(8)})
    {'1': (Fraction(58, 1), '2'), '2': (Fraction(59, 1), '1')}
    """
    ordered = [(pair, value + handicaps.get(pair, Fraction(0)) / 2) for pair, value in scratch.items()]
    places = competition_places([value for _, value in ordered])
    return {pair: (value, place) for (pair, value), place in zip(ordered, places)}

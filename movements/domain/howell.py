"""Complete Howell movements for every field from 4 to 64 pairs, as balanced as we know how.

``complete_howell(pairs, half_sets=False)`` picks, for each field size:

* n ≡ 0 (mod 4), n − 1 a prime power ≡ 3 (mod 4) (8, 12, 20, 24, 28, 32, 44, 48, 60):
  Berlekamp–Hwang (Guzicki's article), completely balanced. Over Z_p with the article's
  α = (p+5)/4; for 28 pairs over GF(27) with α chosen by ``FiniteField.choose_alpha``.
* 16, 36, 64 pairs: a cyclic starter whose NS offsets form a Hadamard difference set
  (twin primes / Singer), completely balanced; found by ``scripts/search_movements.py``.
* 40 and 56 pairs: Schellenberg's doubling of two Hwang Room squares over GF(19) / GF(27)
  (``schellenberg_doubling.py``), completely balanced; 52 pairs: the best cyclic starter the annealing
  search found (no Hadamard difference set exists in Z_51, and no construction is known to us).
* n ≡ 2 (mod 4): a cyclic starter meeting the proven bound Σ(c − (m−1))² = (n−1)(n−2)/2;
  with ``half_sets`` a two-circuit starter (two half-sets per table per round).
* odd n: the (n+1)-pair structure with the stationary pair as the phantom — Berlekamp–Hwang
  where n is a prime power ≡ 3 (mod 4) (or 27), squares/non-squares of GF(n) for other prime
  powers, else the best search result.
* 4, 5, 6 pairs: ``small.py`` (shared boards, or 10 half-sets for 5 and 6 pairs).

Every movement carries the balance its construction *claims*, computed from the theory (the
difference counts of its offsets, spec §6), not from the schedule; tests compare it with the
balance computed from the schedule.

>>> m = complete_howell(8)
>>> str(m.construction), m.construction.params["alpha"]
('Berlekamp–Hwang over Z7, α = 3', 3)
>>> m.claim
{'min': 3, 'max': 3, 'sumsq': 0.0}
>>> complete_howell(2)
Traceback (most recent call last):
...
movements.domain.errors.MovementError: a Howell needs at least 4 pairs (2 tables);
2 pairs can only play each other — use 4 to 64 pairs
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from movements.domain import small
from movements.domain.errors import MovementError
from movements.domain.finite_fields import FiniteField, group, prime_power
from movements.domain.schedule import Claim, Movement
from movements.domain.schellenberg_doubling import doubled_howell
from movements.domain.search import difference_counts
from movements.domain.starter_translation import Starter, translation_movement
from movements.domain.text import Text, method_text

MIN_PAIRS, MAX_PAIRS = 4, 64
DOUBLED = {40: 19, 56: 27}  # 2(q + 1) pairs by Schellenberg's doubling where no cyclic movement is balanced
DATA = Path(__file__).resolve().parent / "data" / "starters.json"


@lru_cache(maxsize=1)
def embedded() -> dict[str, Any]:  # JSON: section → pairs → the search's record
    """The search results embedded as data (see scripts/search_movements.py)."""
    data: dict[str, Any] = json.loads(DATA.read_text())
    return data


def bh_field_order(n_struct: int) -> int | None:
    """q = n − 1 when it is a prime power ≡ 3 (mod 4) with q > 3, else None."""
    q = n_struct - 1
    pk = prime_power(q)
    return q if pk and q % 4 == 3 and q > 3 else None


def berlekamp_hwang_starter(q: int) -> tuple[Starter, int]:
    """Round 1 of Berlekamp–Hwang over GF(q): at table t (t(α−1) a square) NS t(α−1), EW −t(α+1)."""
    f = FiniteField(q)
    alpha = f.choose_alpha()
    am1, ap1 = f.sub[alpha][1], f.add[alpha][1]
    rows = []
    for t in range(1, q):
        if f.mul[t][am1] in f.squares:
            rows.append((f.mul[t][am1], f.neg[f.mul[t][ap1]], t))
    kind = "Z" if f.k == 1 else "GF"
    return Starter((kind, q), tuple(rows)), alpha


def _values_claim(values: list[tuple[int, int]], ideal: float) -> Claim:
    """values: (comparisons, how many pairs of pairs) → the claim dict."""
    cs = [c for c, k in values if k]
    return {"min": min(cs), "max": max(cs), "sumsq": float(sum(k * (c - ideal) ** 2 for c, k in values))}


def theory_claim(starter: Starter, *, phantom: bool) -> Claim:
    """The balance the offsets promise (spec §6), without building the schedule."""
    g = group(*starter.group)
    p = g.order
    a1 = [g.add[x][t] for x, _y, t in starter.rows]
    b1 = [g.add[y][t] for _x, y, t in starter.rows]
    values: list[tuple[int, int]] = []
    if starter.second:
        a2 = [g.add[x][s] for (x, _y, _t), s in zip(starter.rows, starter.second)]
        d1, d2 = difference_counts(g, a1), difference_counts(g, a2)
        ideal = 2 * ((p - 3) / 2 if phantom else (p - 1) / 2)
        if phantom:
            b2 = [g.add[y][s] for (_x, y, _t), s in zip(starter.rows, starter.second)]
            e1, e2 = difference_counts(g, b1), difference_counts(g, b2)
            values = [(d1[d] + e1[d] + d2[d] + e2[d], p) for d in range(1, p)]
        else:
            values = [(2 * (d1[d] + d2[d]) + 2, p) for d in range(1, p)] + [(p - 1, 2 * p)]
    elif phantom:
        da, db = difference_counts(g, a1), difference_counts(g, b1)
        ideal = (p - 3) / 2
        values = [(da[d] + db[d], p) for d in range(1, p)]
    else:
        da = difference_counts(g, a1)
        ideal = (p - 1) / 2
        values = [(2 * da[d] + 1, p) for d in range(1, p)] + [((p - 1) // 2, 2 * p)]
    # each unordered pair of pairs {x, x+d} is counted for d and −d: halve the weights
    claim = _values_claim([(c, k) for c, k in values], ideal)
    claim["sumsq"] = claim["sumsq"] / 2
    return claim


def _from_record(rec: Mapping[str, Any]) -> Starter:  # a JSON record of embedded()
    return Starter(tuple(rec["group"]), tuple(tuple(r) for r in rec["rows"]), tuple(rec.get("second", ())))


def _translation(starter: Starter, *, phantom: bool, pairs: int, construction: Text, half: bool) -> Movement:
    g = group(*starter.group)
    tables = len(starter.rows) + 1
    notes = []
    if g.name.startswith("GF"):
        notes.append(Text.of("note.boards_follow_cards", group=g.name))
    else:
        notes.append(Text.of("note.boards_move_down", last=tables))
    if not phantom:
        notes.append(Text.of("note.stationary_pair", pair=pairs))
    if half:
        notes.append(Text.of("note.two_circuits"))
    return translation_movement(
        starter,
        phantom=phantom,
        title=Text.of("title.howell", pairs=pairs, tables=tables, sits_out=phantom),
        construction=construction,
        claim=theory_claim(starter, phantom=phantom),
        notes=tuple(notes),
    )


def _search_starter(section: str, n: int) -> tuple[Starter, Text] | None:
    """An embedded search result, with its construction label (the method the search recorded)."""
    rec = embedded().get(section, {}).get(str(n))
    if rec is None:
        return None
    g = group(*rec["group"])
    return _from_record(rec), Text.of(
        "construction.starter", group=g.name, cyclic=g.name.startswith("Z"), method=method_text(rec["search"]["method"])
    )


def _odd_cost(starter: Starter) -> float:
    return theory_claim(starter, phantom=True)["sumsq"]


def complete_howell(pairs: int, *, half_sets: bool = False) -> Movement:
    n = pairs
    if n < MIN_PAIRS:
        raise MovementError(Text.of("error.howell_min_pairs", pairs=n), field="pairs")
    if n > MAX_PAIRS:
        raise MovementError(Text.of("error.howell_max_pairs", pairs=n, rounds=n - 1), field="pairs")
    if n == 4:
        if half_sets:
            raise MovementError(Text.of("error.half_sets_four"), field="half_sets")
        return small.four_pairs()
    if n in (5, 6):
        return small.six_pairs_half_sets(n == 5) if half_sets else small.six_pairs_shared(n == 5)
    phantom = n % 2 == 1
    n_struct = n + 1 if phantom else n
    if half_sets:
        if n_struct % 4 != 2:
            raise MovementError(Text.of("error.half_sets_not_needed", pairs=n), field="half_sets")
        found = _search_starter("half", n_struct)
        if found is None:
            raise MovementError(Text.of("error.half_sets_unknown", pairs=n_struct), field="half_sets")
        starter, how = found
        return _translation(starter, phantom=phantom, pairs=n, construction=how, half=True)
    q = bh_field_order(n_struct)
    candidates: list[tuple[Starter, Text]] = []
    if q:
        starter, alpha = berlekamp_hwang_starter(q)
        g = group(*starter.group)
        candidates.append((starter, Text.of("construction.berlekamp_hwang", group=g.name, alpha=alpha)))
    else:
        section = "even" if n_struct % 4 == 0 else "bound"
        found = _search_starter(section, n_struct)
        if found:
            candidates.append(found)
    if phantom:
        candidates = [
            (st, Text.of("construction.with_phantom", base=how, structure=n_struct)) for st, how in candidates
        ]
        found = _search_starter("odd", n)
        if found:
            candidates.append(found)
        candidates.sort(key=lambda c: _odd_cost(c[0]))
    if n_struct in DOUBLED:
        doubled = doubled_howell(DOUBLED[n_struct], phantom=phantom)
        if not candidates or doubled.claim["sumsq"] <= _odd_cost(candidates[0][0]) or not phantom:
            return doubled
    if not candidates:
        raise MovementError(Text.of("error.howell_missing", pairs=n), field="pairs")
    starter, how = candidates[0]
    return _translation(starter, phantom=phantom, pairs=n, construction=how, half=False)

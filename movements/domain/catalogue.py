"""One entry point for every movement we offer, with the balance report a director reads.

``movement_for(pairs, rounds=None, kind="howell", half_sets=False, variant=None,
arrow_switch=False)`` validates the request and returns the movement, or raises a
``MovementError`` that says what is possible instead. ``options_for(pairs)`` lists the
movements offered for a field (complete Howell, half-sets, a ¾ Howell, Mitchells), and
``balance_report(movement)`` gives min, max, mean, ideal, std, spread and what is provably
best, in words.

>>> movement_for(8).title
'Howell for 8 pairs, 4 tables'
>>> movement_for(12, rounds=13)
Traceback (most recent call last):
...
movements.domain.errors.MovementError: 12 pairs play at most 11 rounds (a complete Howell);
choose 7 to 10 rounds for a partial Howell, or leave rounds empty
>>> [o["label"] for o in options_for(10)][:2]
['Complete Howell, 9 rounds', 'Complete Howell, 9 rounds, two half-sets per round']
"""

from __future__ import annotations

from functools import lru_cache

from movements.domain import howell, mitchell as mitchell_mod, partial
from movements.domain.balance import balance_of, best_possible
from movements.domain.errors import MovementError
from movements.domain.schedule import Movement

KINDS = ("howell", "mitchell")
MAX_BOARDS_PER_ROUND = 8


def check_boards_per_round(boards_per_round: int, half_sets: bool = False) -> None:
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}; clubs play 2 to 4",
                            field="boards_per_round")
    if boards_per_round > MAX_BOARDS_PER_ROUND:
        raise MovementError(f"boards per round can be 1 to {MAX_BOARDS_PER_ROUND}, not {boards_per_round}",
                            field="boards_per_round")
    if half_sets and boards_per_round % 2:
        raise MovementError(f"half-sets split each round's boards into two halves: boards per round must be even "
                            f"(2, 4, 6, 8), not {boards_per_round}", field="boards_per_round")


def _howell_rounds(n: int) -> int:
    return n if n % 2 else n - 1


@lru_cache(maxsize=256)
def movement_for(pairs: int, rounds: int | None = None, kind: str = "howell", half_sets: bool = False,
                 variant: str | None = None, arrow_switch: bool = False) -> Movement:
    if kind not in KINDS:
        raise MovementError(f"kind must be howell or mitchell, not {kind!r}", field="kind")
    if kind == "mitchell":
        if half_sets:
            raise MovementError("half-sets are a Howell option; a Mitchell plays whole sets", field="half_sets")
        return mitchell_mod.mitchell(pairs, rounds, variant=variant, arrow_switch=arrow_switch)
    if variant or arrow_switch:
        raise MovementError("skip, relay and arrow switches are Mitchell options", field="kind")
    if pairs < howell.MIN_PAIRS or pairs > howell.MAX_PAIRS:
        return howell.complete_howell(pairs, half_sets=half_sets)   # raises with the explanation
    full = _howell_rounds(pairs)
    if rounds is None or rounds == full:
        return howell.complete_howell(pairs, half_sets=half_sets)
    m = (pairs + 1) // 2
    low, high = m + (1 if m % 2 == 0 else 0), 2 * m - 2
    if rounds > full:
        span = f"choose {low} to {high} rounds for a partial Howell, or leave rounds empty" if low <= high else \
            "leave rounds empty"
        if 2 * m == 8:
            span = "leave rounds empty (no partial Howell of the band shape exists for 7 or 8 pairs)"
        raise MovementError(f"{pairs} pairs play at most {full} rounds (a complete Howell); {span}", field="rounds")
    if half_sets:
        raise MovementError("half-sets are offered for complete Howells only", field="half_sets")
    if rounds < 1:
        raise MovementError(f"a movement needs at least 1 round, not {rounds}", field="rounds")
    return partial.partial_howell(pairs, rounds)


def balance_report(movement: Movement) -> dict:
    b = balance_of(movement)
    best = best_possible(movement, b)
    return {
        **b.as_report(),
        "winners": movement.winners,
        "completely_balanced": b.spread == 0 and b.min == b.ideal,
        "best_possible": {"sumsq": round(best.sumsq, 4), "std": round(best.std, 4),
                          "complete_balance_possible": best.complete_possible, "reached": best.reached,
                          "explanation": best.explanation},
        "claim": movement.claim,
    }


def options_for(pairs: int) -> list[dict]:
    """The movements offered for a field, as request parameters with a label (cheap: no building)."""
    out: list[dict] = []
    n = pairs
    if howell.MIN_PAIRS <= n <= howell.MAX_PAIRS:
        full = _howell_rounds(n)
        out.append({"label": f"Complete Howell, {full} rounds", "kind": "howell", "rounds": None,
                    "half_sets": False})
        n_struct = n + 1 if n % 2 else n
        if n_struct % 4 == 2 and (n in (5, 6) or str(n_struct) in howell.embedded().get("half", {})):
            out.append({"label": f"Complete Howell, {full} rounds, two half-sets per round", "kind": "howell",
                        "rounds": None, "half_sets": True})
        m = (n + 1) // 2
        three_quarter = max(m + 1, round(3 * (2 * m - 1) / 4))
        if n >= 9 and three_quarter < full and not (three_quarter == m and m % 2 == 0):
            out.append({"label": f"¾ Howell, {three_quarter} rounds", "kind": "howell", "rounds": three_quarter,
                        "half_sets": False})
    if mitchell_mod.MIN_PAIRS <= n <= mitchell_mod.MAX_PAIRS:
        m = (n + 1) // 2
        variants = ["skip", "relay"] if m % 2 == 0 else [None]
        for v in variants:
            name = {None: "Mitchell", "skip": "Skip Mitchell", "relay": "Relay and bye-stand Mitchell"}[v]
            rounds = m - 1 if v == "skip" else m
            for arrow in (False, True):
                out.append({"label": f"{name}, {rounds} rounds" + (", arrow-switched (one winner)" if arrow else
                                                                    " (two winners)"),
                            "kind": "mitchell", "rounds": None, "variant": v, "arrow_switch": arrow,
                            "half_sets": False})
    return out

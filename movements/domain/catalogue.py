"""One entry point for every movement we offer, with the balance report a director reads.

``movement_for(pairs, rounds=None, kind="howell", half_sets=False, variant=None,
arrow_switch=False)`` validates the request and returns the movement, or raises a
``MovementError`` that says what is possible instead. ``options_for(pairs)`` lists the
movements offered for a field (complete Howell, half-sets, a ¾ Howell, Mitchells), and
``balance_report(movement)`` gives min, max, mean, ideal, std, spread and what is provably
best (a ``Text``). Labels, titles and errors are ``Text`` data (``text.py``); ``str`` gives
the English.

>>> str(movement_for(8).title)
'Howell for 8 pairs, 4 tables'
>>> movement_for(12, rounds=13)
Traceback (most recent call last):
...
movements.domain.errors.MovementError: 12 pairs play at most 11 rounds (a complete Howell);
choose 7 to 10 rounds for a partial Howell, or leave rounds empty
>>> [str(o["label"]) for o in options_for(10)][:2]
['Complete Howell, 9 rounds', 'Complete Howell, 9 rounds, two half-sets per round']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from movements.domain import howell, partial
from movements.domain import mitchell as mitchell_mod
from movements.domain.balance import balance_of, best_possible
from movements.domain.errors import MovementError
from movements.domain.schedule import Movement
from movements.domain.text import Text

#: A balance report (``balance_report``): numbers, the histogram, ``best_possible`` (with its explanation, a
#: ``Text``) and the construction's claim. ``Any``: a JSON-shaped report the pages and the API read by key.
Report = dict[str, Any]
#: An option of ``options_for``: the request parameters of ``movement_for`` (kind, rounds, half_sets, and for a
#: Mitchell variant and arrow_switch) with its ``label`` (a ``Text``). ``Any``: JSON-shaped, passed on as keywords.
Option = dict[str, Any]

KINDS = ("howell", "mitchell")
MAX_BOARDS_PER_ROUND = 8


def check_boards_per_round(boards_per_round: int, half_sets: bool = False) -> None:
    if boards_per_round < 1:
        raise MovementError(Text.of("error.boards_min", value=boards_per_round), field="boards_per_round")
    if boards_per_round > MAX_BOARDS_PER_ROUND:
        raise MovementError(
            Text.of("error.boards_max", max=MAX_BOARDS_PER_ROUND, value=boards_per_round), field="boards_per_round"
        )
    if half_sets and boards_per_round % 2:
        raise MovementError(Text.of("error.boards_even", value=boards_per_round), field="boards_per_round")


def _howell_rounds(n: int) -> int:
    return n if n % 2 else n - 1


@lru_cache(maxsize=256)
def movement_for(
    pairs: int,
    rounds: int | None = None,
    kind: str = "howell",
    half_sets: bool = False,
    variant: str | None = None,
    arrow_switch: bool = False,
) -> Movement:
    if kind not in KINDS:
        raise MovementError(Text.of("error.kind", value=str(kind)), field="kind")
    if kind == "mitchell":
        if half_sets:
            raise MovementError(Text.of("error.half_sets_mitchell"), field="half_sets")
        return mitchell_mod.mitchell(pairs, rounds, variant=variant, arrow_switch=arrow_switch)
    if variant or arrow_switch:
        raise MovementError(Text.of("error.mitchell_options"), field="kind")
    if pairs < howell.MIN_PAIRS or pairs > howell.MAX_PAIRS:
        return howell.complete_howell(pairs, half_sets=half_sets)  # raises with the explanation
    full = _howell_rounds(pairs)
    if rounds is None or rounds == full:
        return howell.complete_howell(pairs, half_sets=half_sets)
    m = (pairs + 1) // 2
    low, high = m + (1 if m % 2 == 0 else 0), 2 * m - 2
    if rounds > full:
        span = "band_shape" if 2 * m == 8 else ("range" if low <= high else "none")
        raise MovementError(
            Text.of("error.too_many_rounds", pairs=pairs, full=full, low=low, high=high, span=span), field="rounds"
        )
    if half_sets:
        raise MovementError(Text.of("error.half_sets_partial"), field="half_sets")
    if rounds < 1:
        raise MovementError(Text.of("error.rounds_min", value=rounds), field="rounds")
    return partial.partial_howell(pairs, rounds)


def balance_report(movement: Movement) -> Report:
    b = balance_of(movement)
    best = best_possible(movement, b)
    return {
        **b.as_report(),
        "winners": movement.winners,
        "completely_balanced": b.spread == 0 and b.min == b.ideal,
        "best_possible": {
            "sumsq": round(best.sumsq, 4),
            "std": round(best.std, 4),
            "complete_balance_possible": best.complete_possible,
            "reached": best.reached,
            "explanation": best.explanation,
        },
        "claim": movement.claim,
    }


def options_for(pairs: int) -> list[Option]:
    """The movements offered for a field, as request parameters with a label (cheap: no building)."""
    out: list[Option] = []
    n = pairs
    if howell.MIN_PAIRS <= n <= howell.MAX_PAIRS:
        full = _howell_rounds(n)
        out.append(
            {
                "label": Text.of("option.complete", rounds=full, half_sets=False),
                "kind": "howell",
                "rounds": None,
                "half_sets": False,
            }
        )
        n_struct = n + 1 if n % 2 else n
        if n_struct % 4 == 2 and (n in (5, 6) or str(n_struct) in howell.embedded().get("half", {})):
            out.append(
                {
                    "label": Text.of("option.complete", rounds=full, half_sets=True),
                    "kind": "howell",
                    "rounds": None,
                    "half_sets": True,
                }
            )
        m = (n + 1) // 2
        three_quarter = max(m + 1, round(3 * (2 * m - 1) / 4))
        if n >= 9 and three_quarter < full and not (three_quarter == m and m % 2 == 0):
            out.append(
                {
                    "label": Text.of("option.three_quarter", rounds=three_quarter),
                    "kind": "howell",
                    "rounds": three_quarter,
                    "half_sets": False,
                }
            )
    if mitchell_mod.MIN_PAIRS <= n <= mitchell_mod.MAX_PAIRS:
        m = (n + 1) // 2
        variants = ["skip", "relay"] if m % 2 == 0 else [None]
        for v in variants:
            rounds = m - 1 if v == "skip" else m
            for arrow in (False, True):
                label = Text.of("option.mitchell", variant=v or "plain", rounds=rounds, arrow_switch=arrow)
                out.append(
                    {
                        "label": label,
                        "kind": "mitchell",
                        "rounds": None,
                        "variant": v,
                        "arrow_switch": arrow,
                        "half_sets": False,
                    }
                )
    return out

"""A seeded knockout bracket: 1 v 16, 8 v 9 …, byes to the top seeds when the field is not a power of two.

Source: issue 21 ("a knockout bracket, seeded"). The spec (``../shared/specs/teams-and-simultaneous.md``) says
no more about knockouts; carry-over and the tie-break board are left to the event's later work.

* :func:`bracket_order` — the seeds of a full bracket of ``size`` places (a power of two) from top to bottom:
  each match of the first round is two neighbours of this order, the winners of two neighbouring matches meet
  in the next round;
* :func:`first_round` — the first round for ``teams`` seeds (1 the strongest): the bracket of the next power of
  two, with the seeds above the field left out, so the top seeds have the byes.

Built by doubling: the order for 2 is 1, 2; for 2k each seed ``s`` of the order for k is followed by its
opponent ``2k + 1 − s``. So the seeds of every first-round match add up to ``size + 1``, and seeds 1 … 2ʲ
are in different sections of ``size / 2ʲ`` places: seeds 1 and 2 can meet only in the final, 1 … 4 in the
semi-finals at the earliest, and so on (the tests hold it for every size up to 128).

>>> bracket_order(16)
(1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
>>> [(m.seed, m.opponent) for m in first_round(6)]
[(1, None), (4, 5), (2, None), (3, 6)]
"""

from __future__ import annotations

from dataclasses import dataclass

from movements.domain.errors import MovementError
from movements.domain.text import Text


@dataclass(frozen=True)
class KnockoutMatch:
    """A first-round match: the better ``seed`` and its ``opponent`` (None: a bye, the seed goes through)."""

    seed: int
    opponent: int | None


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds of a full bracket of ``size`` places (a power of two, at least 2), from top to bottom."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 2 or size & (size - 1):
        raise MovementError(Text.of("error.knockout_size", size=repr(size)), field="teams")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return tuple(order)


def first_round(teams: int) -> tuple[KnockoutMatch, ...]:
    """The first round of a knockout of ``teams`` seeds, in bracket order (byes to the top seeds)."""
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise MovementError(Text.of("error.knockout_teams", teams=repr(teams)), field="teams")
    size = 1 << (teams - 1).bit_length()
    order = bracket_order(size)
    return tuple(KnockoutMatch(order[k], order[k + 1] if order[k + 1] <= teams else None) for k in range(0, size, 2))

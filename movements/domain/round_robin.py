"""A complete round robin of teams: every team meets every other once, home and away as even as can be.

Source: issue 21 ("a complete round robin: schedule generated, every team meets every other once, home and
away alternate as evenly as the field allows, a bye for an odd field") and ``../shared/specs/
teams-and-simultaneous.md`` §1 (the home team sits NS at table 1, the away team NS at table 2).

* :func:`round_robin` — the schedule for ``n`` teams (numbered 1 … n): ``n − 1`` rounds for an even field,
  ``n`` for an odd one, each a tuple of :class:`Match`\\ es and the team with the bye (``None`` when even).

Construction: Berger's tables (the circle method). For an even field the last team is fixed and the others
turn round a circle of ``n − 1`` places; in round ``r`` (0-based) the fixed team meets team ``r`` and teams
``r + k`` and ``r − k`` (mod ``n − 1``) meet for ``k = 1 … n/2 − 1``. Orientation: the fixed team is home in
the odd rounds, and of ``r + k`` and ``r − k`` the first is home when ``k`` is odd. An odd field is the even
field one larger with the fixed team as the phantom: whoever meets it has the bye.

What is provably best, and held for every field of 2 to 40 teams by the tests:

* **Odd field**: each team plays ``n − 1`` matches, half of them at home, and its home and away matches
  alternate strictly, across its bye as well: no team ever plays two home or two away matches in a row
  (no *break*). Nothing can be more even.
* **Even field**: each team plays ``n − 1`` matches, an odd number, so one more home than away or the
  reverse: every team is home ``n/2`` or ``n/2 − 1`` times (half the teams each). The schedule has ``n − 2``
  breaks in all, one each for ``n − 2`` teams and none for two, and that is the fewest possible (de Werra,
  1981): a team without a break plays H A H A … or A H A H …, and two teams of the same pattern would both be
  at home in the round they meet, so at most two teams are without a break.

>>> for r in round_robin(4):
...     print(r.number, [(m.home, m.away) for m in r.matches], r.bye)
1 [(1, 4), (2, 3)] None
2 [(4, 2), (3, 1)] None
3 [(3, 4), (1, 2)] None
>>> [(r.number, [(m.home, m.away) for m in r.matches], r.bye) for r in round_robin(3)]
[(1, [(2, 3)], 1), (2, [(3, 1)], 2), (3, [(1, 2)], 3)]
>>> round_robin(1)
Traceback (most recent call last):
...
movements.domain.errors.MovementError: a round robin needs at least 2 teams, not 1
"""

from __future__ import annotations

from dataclasses import dataclass

from movements.domain.errors import MovementError
from movements.domain.text import Text


@dataclass(frozen=True)
class Match:
    """One match of a round: the ``home`` team sits NS at the match's first table, ``away`` at its second."""

    home: int
    away: int


@dataclass(frozen=True)
class Round:
    """A round of the schedule (``number`` from 1): its matches, and the team with the bye, if any."""

    number: int
    matches: tuple[Match, ...]
    bye: int | None = None


def round_robin(teams: int) -> tuple[Round, ...]:
    """The round robin of ``teams`` teams, numbered 1 … ``teams`` (see the module's docstring)."""
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise MovementError(Text.of("error.round_robin_teams", teams=teams), field="teams")
    size = teams + teams % 2  # an odd field plays as the even one above it, the fixed team as the phantom
    fixed = size - 1  # 0-based
    circle = size - 1
    rounds = []
    for r in range(circle):
        pairs = [(fixed, r) if r % 2 else (r, fixed)]
        for k in range(1, size // 2):
            first, second = (r + k) % circle, (r - k) % circle
            pairs.append((first, second) if k % 2 else (second, first))
        bye = None
        if size != teams:
            bye = next(home + away - fixed for home, away in pairs if fixed in (home, away)) + 1
            pairs = [p for p in pairs if fixed not in p]
        rounds.append(Round(r + 1, tuple(Match(home + 1, away + 1) for home, away in pairs), bye))
    return tuple(rounds)

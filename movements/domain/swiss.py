"""Swiss pairing: each round's opponents from the standings, never a rematch that can be avoided.

Source: ``../shared/specs/teams-and-simultaneous.md`` §3 (Swiss pairing) and §2.4 (the bye), issue 21. The
same engine pairs Swiss pairs (pairs in place of teams).

* :func:`swiss_pair` — the next round's draw from the standings (:class:`SwissTeam`: VP total, the teams
  already met, whether it has had a bye, how often it has been home);
* :func:`swiss_swap` — the director's swap of two teams of a proposed draw, refused if it makes a rematch
  (unless the round is Danish);
* :class:`Draw` — the round: its tables (home team NS at the match's first table), the bye, the number of
  rematches (reported in a Danish round too) and the spread (the sum over its matches of the squared
  difference of the two VP totals).

The rule, in order of priority:

1. the fewest rematches: none whenever any draw without one exists (in a ``danish`` round rematches are
   allowed and not counted: the spread alone decides, which pairs 1 v 2, 3 v 4 …);
2. in an odd field, the bye to the lowest-ranked team that has not had one (all teams, if every team has);
   a higher one only when the lower choices would force more rematches. The bye is scored by
   ``scoring.domain.victory_points.bye_vp`` (the larger of 12 VP and the team's average by default);
3. the least spread;
4. the top of the field playing the top: among draws equal so far, the one whose leader's opponent is ranked
   highest, then the same for the best-ranked team not yet drawn, and so on.

The standings are the teams by VP total, highest first; teams on the same total keep the order given (the
caller's tie-breaks: IMP difference, the match between them, lot). Home: the team that has been home less
often; on equal counts the higher-ranked team. Tables are numbered from the top of the field.

Algorithm: an exact minimum-cost perfect matching, not a greedy pass. Costs are whole numbers (the VP totals
scaled to integers), a rematch weighted above any possible spread, so one number orders draws by rule 1 then
rule 3; rule 4 is folded into the same number below the spread (:func:`least_cost_pairing`). The matching is
Edmonds' blossom algorithm in its O(n³) primal-dual form (``matching.py``): polynomial whatever the standings,
where a branch and bound over the assignment problem's bound (this module's first search) took 48 s on a
100-team round whose bound was far from every pairing. The tests hold the result equal to brute force over every
draw of small fields; ``scripts/bench_swiss.py`` and ``scripts/bench_teams_commands.py`` time it.

>>> standings = [SwissTeam("1", 30, met=frozenset({"2"})), SwissTeam("2", 28, met=frozenset({"1"})),
...              SwissTeam("3", 27), SwissTeam("4", 12), SwissTeam("5", 3, had_bye=True)]
>>> draw = swiss_pair(standings, 2)
>>> [(t.table, t.home, t.away) for t in draw.tables], draw.bye, draw.rematches, draw.spread
([(1, '1', '3'), (2, '2', '5')], '4', 0, Fraction(634, 1))
>>> swiss_pair(standings, 2, danish=True).tables[0]
Table(table=1, home='1', away='2')
>>> swiss_swap(draw, standings, "3", "2")
Traceback (most recent call last):
...
movements.domain.errors.MovementError: swapping 3 and 2 would make 2 play 1 again: rematches are allowed only \
in a Danish round
>>> [(t.home, t.away) for t in swiss_swap(draw, standings, "3", "4").tables], swiss_swap(draw, standings, "3", "4").bye
([('1', '4'), ('2', '5')], '3')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from movements.domain.errors import MovementError
from movements.domain.matching import least_cost_matching
from movements.domain.text import Text


@dataclass(frozen=True)
class SwissTeam:
    """A team in the standings: its VP total, the teams it has met, whether it has had a bye, its home matches."""

    team: str
    vp: Decimal | Fraction | int | float
    met: frozenset[str] = field(default_factory=frozenset)
    had_bye: bool = False
    home: int = 0


@dataclass(frozen=True)
class Table:
    """A match of the round: ``home`` sits NS at the match's first table, ``away`` NS at its second."""

    table: int
    home: str
    away: str


@dataclass(frozen=True)
class Draw:
    """A round's draw: its tables, the team with the bye, its rematches and its spread (Σ squared VP differences)."""

    round: int
    tables: tuple[Table, ...]
    bye: str | None
    rematches: int
    spread: Fraction
    danish: bool = False

    def as_json(self) -> dict[str, Any]:  # JSON, as the swiss_pair command prints it
        return {
            "round": self.round,
            "tables": [{"table": t.table, "home": t.home, "away": t.away} for t in self.tables],
            "bye": self.bye,
            "rematches": self.rematches,
        }


# --- the least-cost pairing ------------------------------------------------------------------------------------


def least_cost_pairing(cost: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    """The pairing of teams 0 … n−1 (n even, in ranking order) of least total ``cost``, and among those of
    equal cost the one rule 4 prefers.

    Rule 4 compares two draws at the best-ranked team whose opponent differs (the teams above it have the same
    opponents in both, so it is drawn first in both) and prefers the higher-ranked opponent: the draws ordered by
    their opponents' ranks read as the digits of a number, team 0's first. So each pair (i, j) also costs
    ``j · B^(n−1−i) + i · B^(n−1−j)`` (B a power of two above n − 1), a draw's extra cost is exactly that number,
    always below ``B^n``, and the costs are scaled by ``B^n`` so that it decides only between draws of equal
    cost: one exact minimum-weight perfect matching (``matching.least_cost_matching``) gives the draw.

    >>> least_cost_pairing([[0, 1, 4, 9], [1, 0, 1, 4], [4, 1, 0, 1], [9, 4, 1, 0]])
    ((0, 1), (2, 3))
    >>> least_cost_pairing([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])  # ties: the top plays the top
    ((0, 1), (2, 3))
    """
    n = len(cost)
    digit = 1 << max(1, (n - 1).bit_length())
    scale = digit**n
    power = [digit ** (n - 1 - i) for i in range(n)]
    weights = [[cost[i][j] * scale + j * power[i] + i * power[j] if i != j else 0 for j in range(n)] for i in range(n)]
    mate = least_cost_matching(weights)
    return tuple((i, mate[i]) for i in range(n) if i < mate[i])


def _as_fraction(team: SwissTeam) -> Fraction:
    value = team.vp
    if isinstance(value, bool) or not isinstance(value, Decimal | Fraction | int | float) or not math.isfinite(value):
        raise MovementError(Text.of("error.swiss_vp", team=team.team, value=str(value)), field="vp")
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def _ranked(standings: Sequence[SwissTeam]) -> tuple[list[SwissTeam], list[Fraction]]:
    if len(standings) < 2:
        raise MovementError(Text.of("error.swiss_teams", teams=len(standings)), field="teams")
    seen: set[str] = set()
    for team in standings:
        if team.team in seen:
            raise MovementError(Text.of("error.swiss_duplicate", team=team.team), field="teams")
        seen.add(team.team)
    vps = {team.team: _as_fraction(team) for team in standings}
    ranked = sorted(standings, key=lambda t: -vps[t.team])  # stable: equal totals keep the order given
    return ranked, [vps[t.team] for t in ranked]


def _met(ranked: Sequence[SwissTeam]) -> dict[str, set[str]]:
    """Who has met whom, either team's word being enough."""
    met: dict[str, set[str]] = {t.team: set() for t in ranked}
    for t in ranked:
        for other in t.met:
            if other in met and other != t.team:
                met[t.team].add(other)
                met[other].add(t.team)
    return met


def _spread(pairs: Iterable[tuple[str, str]], vps: dict[str, Fraction]) -> Fraction:
    return sum(((vps[a] - vps[b]) ** 2 for a, b in pairs), Fraction(0))


def _tables(pairs: Iterable[tuple[str, str]], ranked: Sequence[SwissTeam]) -> tuple[Table, ...]:
    place = {t.team: i for i, t in enumerate(ranked)}
    homes = {t.team: t.home for t in ranked}
    seated = []
    for a, b in sorted(pairs, key=lambda p: min(place[p[0]], place[p[1]])):
        high, low = (a, b) if place[a] < place[b] else (b, a)
        seated.append((low, high) if homes[low] < homes[high] else (high, low))
    return tuple(Table(n, home, away) for n, (home, away) in enumerate(seated, start=1))


def swiss_pair(standings: Sequence[SwissTeam], round_number: int, *, danish: bool = False) -> Draw:
    """The draw of round ``round_number`` from the standings (see the module's docstring for the rule)."""
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise MovementError(Text.of("error.swiss_round", value=str(round_number)), field="round")
    ranked, vps = _ranked(standings)
    met = _met(ranked)
    scale = math.lcm(*(v.denominator for v in vps))
    values = [int(v * scale) for v in vps]
    names = [t.team for t in ranked]
    index = {name: i for i, name in enumerate(names)}
    if len(ranked) % 2:
        waiting = [i for i, t in enumerate(ranked) if not t.had_bye] or list(range(len(ranked)))
        candidates = waiting[::-1]
    else:
        candidates = [-1]
    best: tuple[int, int, tuple[tuple[int, int], ...]] | None = None
    for bye in candidates:
        playing = [i for i in range(len(ranked)) if i != bye]
        sub_values = [values[i] for i in playing]
        position = {i: k for k, i in enumerate(playing)}
        masks = [sum(1 << position[index[o]] for o in met[names[i]] if index[o] in position) for i in playing]
        spread_cap = (len(playing) // 2) * (sub_values[0] - sub_values[-1]) ** 2
        weight = 0 if danish else spread_cap + 1  # a rematch costs more than any spread
        cost = [
            [(sub_values[i] - sub_values[j]) ** 2 + (weight if masks[i] >> j & 1 else 0) for j in range(len(playing))]
            for i in range(len(playing))
        ]
        result = least_cost_pairing(cost)
        pairs = tuple((playing[a], playing[b]) for a, b in result)
        rematches = sum(1 for a, b in pairs if names[b] in met[names[a]])
        if best is None or rematches < best[0]:
            best = (rematches, bye, pairs)
        if rematches == 0 or danish:  # a Danish round does not count rematches: the lowest candidate has the bye
            break
    assert best is not None  # at least one candidate was tried
    rematches, bye, pairs = best
    named = [(names[a], names[b]) for a, b in pairs]
    return Draw(
        round=round_number,
        tables=_tables(named, ranked),
        bye=names[bye] if bye >= 0 else None,
        rematches=rematches,
        spread=_spread(named, dict(zip(names, vps, strict=True))),
        danish=danish,
    )


def swiss_swap(draw: Draw, standings: Sequence[SwissTeam], first: str, second: str) -> Draw:
    """The draw with teams ``first`` and ``second`` exchanged (each takes the other's seat, or the bye).

    Refused when a team is not in the draw, when the two are the same team, or, unless the round is Danish, when
    the swap makes a rematch. Two opponents swapped exchange home and away.
    """
    ranked, vps = _ranked(standings)
    met = _met(ranked)
    in_draw = {t for table in draw.tables for t in (table.home, table.away)} | ({draw.bye} if draw.bye else set())
    for team in (first, second):
        if team not in in_draw or team not in met:
            raise MovementError(Text.of("error.swiss_swap_unknown", team=team), field="teams")
    if first == second:
        raise MovementError(Text.of("error.swiss_swap_same", team=first), field="teams")
    swapped = {first: second, second: first}
    tables = tuple(Table(t.table, swapped.get(t.home, t.home), swapped.get(t.away, t.away)) for t in draw.tables)
    bye = swapped.get(draw.bye, draw.bye) if draw.bye is not None else None
    rematches = [t for t in tables if t.away in met[t.home]]
    made = [t for t in rematches if {t.home, t.away} & {first, second}]
    if made and not draw.danish:
        moved = made[0]
        team, opponent = (moved.home, moved.away) if moved.home in (first, second) else (moved.away, moved.home)
        raise MovementError(
            Text.of("error.swiss_swap_rematch", first=first, second=second, team=team, opponent=opponent),
            field="teams",
        )
    return Draw(
        round=draw.round,
        tables=tables,
        bye=bye,
        rematches=len(rematches),
        spread=_spread(((t.home, t.away) for t in tables), dict(zip([t.team for t in ranked], vps, strict=True))),
        danish=draw.danish,
    )

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
rule 3. The bound is the assignment problem's: the teams assigned to the teams (a team not to itself) by the
Hungarian method, whose optimal dual values ``y`` bound every pairing of every subset S from below by
``Σ y(S) / 2`` (:func:`potentials`). A branch and bound then searches the pairings by their excess over that
bound (:class:`_Search`): the best-ranked team of the set takes each opponent, least excess first, the rest
recursively, a branch cut as soon as it cannot beat the limit, and what is learnt about a set of teams kept for
every later question about the same set. The least excess is found with limits 1, 2, 4 … (it is 0 whenever the
assignment's optimum is itself a pairing, and small otherwise), then the draw is built from the top of the
standings, each team taking the first opponent in ranking order with which the rest can still be paired at
the least cost: that is rule 4. The tests hold the result equal to brute force over every draw of small
fields; ``scripts/bench_swiss.py`` times it (60 teams × 9 rounds: tens of milliseconds a round, the rare
round whose assignment bound is far from every pairing some hundreds).

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

import numpy as np

from movements.domain.errors import MovementError
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


# --- the exact search -----------------------------------------------------------------------------------------


def potentials(cost: Sequence[Sequence[int]]) -> list[int]:
    """Whole numbers ``y`` with ``y[i] + y[j] <= 2 · cost[i][j]`` for every two teams, as large in sum as the
    assignment problem makes them: ``y[i] = u[i] + v[i]`` for the optimal duals ``u``, ``v`` of the assignment
    of the teams to themselves (the diagonal forbidden), found by the Hungarian method (Kuhn–Munkres, the
    O(n³) form with row and column potentials).

    Every pairing of a set S of teams is an assignment of S to itself (each team to its opponent, both ways), so
    it costs at least ``sum(y[i] for i in S) / 2``: the bound the search prunes with.

    >>> potentials([[0, 1, 4], [1, 0, 1], [4, 1, 0]])
    [4, -2, 4]
    """
    n = len(cost)
    top = max((c for row in cost for c in row), default=0)
    big = n * top + 1  # the diagonal: dearer than any assignment that avoids it
    wide = 16 * (big + 1) * (n + 1) >= 2**62  # beyond int64: Python's own integers
    kind: Any = object if wide else np.int64
    a = np.zeros((n + 1, n + 1), dtype=kind)
    a[1:, 1:] = np.array(cost, dtype=kind)
    for i in range(1, n + 1):
        a[i, i] = big
    infinity = 4 * big * (n + 1)
    u = np.zeros(n + 1, dtype=kind)
    v = np.zeros(n + 1, dtype=kind)
    match = np.zeros(n + 1, dtype=np.int64)  # column → its row (0: none)
    way = np.zeros(n + 1, dtype=np.int64)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        least = np.full(n + 1, infinity, dtype=kind)
        used = np.zeros(n + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = int(match[j0])
            free = ~used
            reduced = a[i0] - u[i0] - v
            better = free & (reduced < least)
            least[better] = reduced[better]
            way[better] = j0
            candidates = np.where(free, least, infinity)
            j1 = int(np.argmin(candidates))
            delta = candidates[j1]
            u[match[used]] += delta
            v[used] -= delta
            least[free] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = int(way[j0])
            match[j0] = match[j1]
            j0 = j1
    return [int(u[i]) + int(v[i]) for i in range(1, n + 1)]


class _Search:
    """The least-cost pairings of sets of teams 0 … n−1, on costs reduced by :func:`potentials`.

    ``excess[i][j]`` is ``2 · cost[i][j] − y[i] − y[j]`` (never negative), so a pairing of a set S costs
    ``(sum of y over S + its excess) / 2`` and the search minimises the excess: a branch and bound in which the
    best-ranked team of the set takes each opponent, least excess first, and the rest is paired recursively; a
    branch is cut when its excess so far reaches the limit, or when the rest's bound (:meth:`nearest`) says it
    must. What is learnt about a set of teams (its least excess, or that it has none below a limit) is kept for
    every later question about the same set.
    """

    def __init__(self, excess: Sequence[Sequence[int]]) -> None:
        self.excess = excess
        most = max(map(max, excess))
        self.matrix = np.array(excess, dtype=object if most >= 2**61 else np.int64)
        np.fill_diagonal(self.matrix, most + 1)  # a team is not its own opponent
        self.best: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}
        self.floor: dict[int, int] = {}

    def nearest(self, members: list[int]) -> int:
        """A lower bound of the excess of any pairing of ``members``: half the sum of each team's least excess
        to another of them (a match's excess is at least the mean of its two teams' least)."""
        if len(members) < 4:
            return 0
        return (int(self.matrix[members][:, members].min(axis=1).sum()) + 1) // 2

    def solve(self, mask: int, limit: int) -> tuple[int, tuple[tuple[int, int], ...]] | None:
        """The least excess of a pairing of the teams in ``mask`` and one such pairing, if it is below
        ``limit``; else None."""
        if not mask:
            return (0, ()) if limit > 0 else None
        known = self.best.get(mask)
        if known is not None:
            return known if known[0] < limit else None
        if self.floor.get(mask, -1) >= limit:
            return None
        members = [t for t in range(mask.bit_length()) if mask >> t & 1]
        found: tuple[int, tuple[tuple[int, int], ...]] | None = None
        if self.nearest(members) < limit:
            top, rest = members[0], members[1:]
            row = self.excess[top]
            bound = limit
            for partner in sorted(rest, key=row.__getitem__):
                edge = row[partner]
                if edge >= bound:
                    break
                sub = self.solve(mask & ~(1 << top) & ~(1 << partner), bound - edge)
                if sub is not None:
                    bound = edge + sub[0]
                    found = (bound, ((top, partner), *sub[1]))
        if found is None:
            self.floor[mask] = max(self.floor.get(mask, -1), limit)
        else:
            self.best[mask] = found
        return found


def least_cost_pairing(cost: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    """The pairing of teams 0 … n−1 (n even, in ranking order) of least total ``cost``, and among those of
    equal cost the one rule 4 prefers.

    First the least excess over the bound of :func:`potentials` (:class:`_Search` with limits 1, 2, 4 … until
    one is beaten: the excess is small, often 0). Then the draw is built from the top: the best-ranked team
    not yet drawn takes the first opponent, in ranking order, with which the rest can still be paired at the
    least cost (the same search answers, remembering what it learnt).

    >>> least_cost_pairing([[0, 1, 4, 9], [1, 0, 1, 4], [4, 1, 0, 1], [9, 4, 1, 0]])
    ((0, 1), (2, 3))
    >>> least_cost_pairing([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])  # ties: the top plays the top
    ((0, 1), (2, 3))
    """
    y = potentials(cost)
    n = len(cost)
    excess = [[2 * cost[i][j] - y[i] - y[j] for j in range(n)] for i in range(n)]
    search = _Search(excess)
    mask = (1 << n) - 1
    limit = 1
    while (least := search.solve(mask, limit)) is None:
        limit *= 2
    budget = least[0]
    pairs = []
    while mask:
        top = (mask & -mask).bit_length() - 1
        for partner in range(top + 1, n):
            edge = excess[top][partner]
            rest = mask & ~(1 << top) & ~(1 << partner)
            if mask >> partner & 1 and edge <= budget and search.solve(rest, budget - edge + 1) is not None:
                pairs.append((top, partner))
                mask, budget = rest, budget - edge
                break
    return tuple(pairs)


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

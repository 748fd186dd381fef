"""A knockout of teams: each tie scored in plain IMPs with its carry-over and tie-break, the winners through the
bracket.

Source: issue 21 ("a knockout bracket (seeded, with carry-over and a tie-break board rule the director sets)");
the spec (``../shared/specs/teams-and-simultaneous.md`` §1) for the IMPs of a match; the seeding is the movements'
(``movements.domain.knockout``: byes to the top seeds, seeds 1 and 2 apart until the final).

* :func:`tie_result` — a tie decided: each side's IMPs over the boards plus its carry-over; level after them, the
  tie-break the director chose for the tie (``TIE_BREAKS``): ``extra-boards`` (the IMPs of the extra board(s)
  played; level again: not decided yet), ``last-board`` (the winner of the last board that was not flat, counting
  back from the last), ``seed`` (the better seed goes through). It says which rule decided it.
* :func:`bracket` — the whole bracket from the seeds (in seed order) and the winners known: each round's ties, the
  bye's seed through at once, a tie's winner into the next round's tie (the winners of ties ``2k`` and ``2k + 1``
  meet in tie ``k``; the better seed is the home team).

>>> tie = tie_result([3, -10, 0, 2], carry=(Fraction(1), Fraction(0)), tie_break="last-board")
>>> (tie.home, tie.away, tie.winner, tie.decided_by)
(Fraction(6, 1), Fraction(10, 1), 'away', 'imps')
>>> tie_result([5, -5, 2, -2], carry=(0, 0), tie_break="last-board").winner   # the last board went to the away team
'away'
>>> [[(t.home, t.away, t.winner) for t in r] for r in bracket(["A", "B", "C"], {(1, 1): "C"})]
[[('A', None, 'A'), ('B', 'C', 'C')], [('A', 'C', None)]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from movements.domain.knockout import first_round

__all__ = ["TIE_BREAKS", "BracketTie", "TieResult", "bracket", "tie_result"]

#: The tie-breaks a director may choose for a tie, in the order offered.
TIE_BREAKS = ("extra-boards", "last-board", "seed")


@dataclass(frozen=True)
class TieResult:
    """A tie's IMPs each way (carry-over included), its winner ("home", "away"; None: level and not decided yet)
    and what decided it: ``imps``, or the tie-break's name."""

    home: Fraction
    away: Fraction
    winner: str | None
    decided_by: str | None


def tie_result(
    boards: Sequence[int | Fraction],
    *,
    carry: tuple[int | Fraction, int | Fraction],
    tie_break: str,
    extra: Sequence[int | Fraction] = (),
) -> TieResult:
    """The tie whose boards gave ``boards`` IMPs to the home team each (negative: to the away team), with the
    carry-over ``carry`` (home's, away's), decided by ``tie_break`` when level (``extra``: each extra board's IMPs
    to the home team, for ``extra-boards``).

    >>> tie_result([4, -4], carry=(0, 0), tie_break="extra-boards", extra=[-3]).winner
    'away'
    >>> tie_result([4, -4], carry=(0, 0), tie_break="extra-boards").decided_by is None   # the extra board to play
    True
    >>> tie_result([0, 0], carry=(0, 0), tie_break="last-board")   # every board flat: the seed goes through
    TieResult(home=Fraction(0, 1), away=Fraction(0, 1), winner='home', decided_by='seed')
    """
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"not a knockout tie-break: {tie_break!r}")
    home = Fraction(carry[0]) + sum((Fraction(b) for b in boards if b > 0), Fraction(0))
    away = Fraction(carry[1]) + sum((Fraction(-b) for b in boards if b < 0), Fraction(0))
    if home != away:
        return TieResult(home, away, "home" if home > away else "away", "imps")
    if tie_break == "extra-boards":
        margin = sum((Fraction(b) for b in extra), Fraction(0))
        if margin == 0:
            return TieResult(home, away, None, None)
        return TieResult(home, away, "home" if margin > 0 else "away", "extra-boards")
    if tie_break == "last-board":
        for board in reversed(boards):
            if board != 0:
                return TieResult(home, away, "home" if board > 0 else "away", "last-board")
    return TieResult(home, away, "home", "seed")  # the home team is the better seed


@dataclass(frozen=True)
class BracketTie:
    """A tie of the bracket: its round and slot (0 at the top), the teams (None: not known yet; ``away`` None in
    round 1: a bye) and its winner once known."""

    round: int
    slot: int
    home: str | None
    away: str | None
    winner: str | None


def bracket(seeds: Sequence[str], winners: Mapping[tuple[int, int], str]) -> list[list[BracketTie]]:
    """Every round of the knockout of ``seeds`` (the teams, best seed first), with the ``winners`` known by
    (round, slot). A bye's team is through at once; a winner not one of its tie's teams is ignored."""
    rank = {team: index for index, team in enumerate(seeds)}
    ties = [
        BracketTie(
            1,
            slot,
            seeds[m.seed - 1],
            None if m.opponent is None else seeds[m.opponent - 1],
            seeds[m.seed - 1] if m.opponent is None else None,
        )
        for slot, m in enumerate(first_round(len(seeds)))
    ]
    rounds = []
    number = 1
    while True:
        ties = [
            t if t.winner is not None else _won(t, winners.get((number, t.slot)))
            for t in ties  # a recorded winner of this round
        ]
        rounds.append(ties)
        if len(ties) == 1:
            return rounds
        number += 1
        nxt = []
        for slot in range(len(ties) // 2):
            a, b = ties[2 * slot].winner, ties[2 * slot + 1].winner
            if a is not None and b is not None and rank[b] < rank[a]:
                a, b = b, a
            nxt.append(BracketTie(number, slot, a, b, None))
        ties = nxt


def _won(tie: BracketTie, winner: str | None) -> BracketTie:
    if winner is None or tie.home is None or tie.away is None or winner not in (tie.home, tie.away):
        return tie
    return BracketTie(tie.round, tie.slot, tie.home, tie.away, winner)

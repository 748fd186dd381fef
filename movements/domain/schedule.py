"""The shape of a movement: who sits where, which board sets are where, round by round.

A ``Movement`` is a plain schedule, whatever built it (Berlekamp–Hwang, a cyclic starter,
a search, a Mitchell). Everything else — balance, validity checks, guide cards, the JSON the
``movement`` command prints — is computed from this schedule alone, so no construction can
claim more than its schedule shows.

Vocabulary (Guzicki's seed): a *board set* is the group of boards a table plays in a round;
a *relay* (zbiornica, bye-stand) is an extra table that holds sets not in play; the
*stationary* pair never moves; the *phantom* is the missing pair of an odd field (whoever
meets it sits out). Tables and relays are numbered as clubs expect: boards move to the
lower-numbered table, relays are R1, R2 … counted from table 1 against the flow of boards.
What a movement says about itself (title, construction, notes, relay places) is ``Text``
data (``text.py``), rendered in English by ``str`` and in the reader's language by the
Django layer.

>>> t = TablePlay(table=1, ns=8, ew=1, board_sets=(1,))
>>> t.as_json()
{'table': 1, 'ns': 8, 'ew': 1, 'board_set': 1}
>>> TablePlay(table=2, ns=3, ew=4, board_sets=(2, 9)).as_json()["board_sets"]
[2, 9]
>>> str(Relay("R1", (1, 2)).place)
'between tables 1 and 2'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from movements.domain.text import Text


class Claim(TypedDict, total=False):
    """The balance a construction claims (from its theory, not from its schedule); empty when it claims none."""

    min: int  # the fewest comparisons of two pairs
    max: int  # the most
    sumsq: float  # Σ (c − ideal)²


@dataclass(frozen=True)
class TablePlay:
    """One table in one round: the NS pair, the EW pair and the board set(s) they play."""

    table: int
    ns: int
    ew: int
    board_sets: tuple[int, ...]

    def as_json(self) -> dict[str, int | list[int]]:
        out: dict[str, int | list[int]] = {"table": self.table, "ns": self.ns, "ew": self.ew}
        if len(self.board_sets) == 1:
            out["board_set"] = self.board_sets[0]
        else:
            out["board_sets"] = list(self.board_sets)
        return out


@dataclass(frozen=True)
class RelayHold:
    """A board set resting on a relay table in one round."""

    relay: str
    board_set: int


@dataclass(frozen=True)
class Relay:
    """A relay table (bye-stand): its name and where it stands."""

    name: str
    between: tuple[int, int] | None  # the two tables it stands between, lower first
    circuit: int = 1  # 2 for the second board circuit of a half-set movement

    @property
    def place(self) -> Text:
        if self.between is None:
            return Text.of("place.beside")
        a, b = self.between
        return Text.of("place.between", low=a, high=b)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[TablePlay, ...]
    relays: tuple[RelayHold, ...] = ()
    arrow_switched: bool = False


@dataclass(frozen=True)
class Movement:
    """A complete schedule plus what it is and what it claims."""

    kind: str  # "howell" or "mitchell"
    pairs: int  # real pairs
    tables: int  # tables in use (a phantom's table counts)
    board_sets: int  # number of board sets (half-sets for a half-set movement)
    rounds: tuple[Round, ...]
    relays: tuple[Relay, ...] = ()
    phantom: int | None = None  # number of the missing pair of an odd field
    stationary: tuple[int, ...] = ()  # pairs that never move
    half_sets: bool = False  # two half-sets per table per round
    shared_boards: bool = False  # tables share a set in a round (documented, 4–6 pairs)
    complete: bool = True  # every pair meets every other pair
    fields: tuple[tuple[int, ...], ...] = ()  # pairs ranked together (two for a two-winner Mitchell)
    title: Text | None = None
    construction: Text | None = None
    claim: Claim = field(default_factory=Claim)  # balance the construction claims: min, max, sumsq
    notes: tuple[Text, ...] = ()

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    @property
    def pair_numbers(self) -> tuple[int, ...]:
        """The real pairs (phantom excluded), in order."""
        seen = {p for rnd in self.rounds for t in rnd.tables for p in (t.ns, t.ew)}
        seen.discard(self.phantom)
        return tuple(sorted(seen))

    @property
    def ranking_fields(self) -> tuple[tuple[int, ...], ...]:
        return self.fields or (self.pair_numbers,)

    @property
    def winners(self) -> int:
        return len(self.ranking_fields)

    def location_of_set(self, round_index: int) -> dict[int, list[str | int]]:
        """Where each board set is in a round: table numbers and relay names."""
        rnd = self.rounds[round_index]
        where: dict[int, list[str | int]] = {}
        for t in rnd.tables:
            for s in t.board_sets:
                where.setdefault(s, []).append(t.table)
        for r in rnd.relays:
            where.setdefault(r.board_set, []).append(r.relay)
        return where

    def sits_out(self, round_index: int) -> int | None:
        """The pair that meets the phantom in this round, if any."""
        if self.phantom is None:
            return None
        for t in self.rounds[round_index].tables:
            if t.ns == self.phantom:
                return t.ew
            if t.ew == self.phantom:
                return t.ns
        return None

    def relay(self, name: str) -> Relay:
        return next(r for r in self.relays if r.name == name)

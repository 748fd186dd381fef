"""Bids, contracts and their duplicate score (Law 77): the one contract type of the project.

An auction ends in a :class:`Contract` (``auction.py``), a par calculation names contracts
(``analysis.py``), and a traveller line records one (``scoring.domain``); all three use this
type and this module's :func:`score`, so there is one Law 77 table in the whole project.

What it offers:

* :class:`Bid` — a level (1 … 7) and a strain, in auction order;
* :class:`Contract` — a bid, undoubled / doubled / redoubled, and its declarer;
  ``Contract.from_str("4SX", "N")`` reads the spellings scorers and files use (``3NT``/``3N``,
  ``x``/``X``/``×``, suit symbols);
* :func:`score` — the declarer's side's score for the tricks taken, not vulnerable or
  vulnerable (Law 77, 2017; ``../shared/specs/rules-and-formats.md`` §b2), and
  :meth:`Contract.ns_score` — the same from North–South's view, the board's vulnerability
  deciding who is vulnerable;
* :func:`undertricks_for` — how many undertricks a penalty stands for (to read a ``Minimax``
  tag that gives only the score).

The seed's traveller (Guzicki, board 6, E–W vulnerable): 3♠ by N making 9 → +140, 4♠ by S
making 10 → +420, 4♠ by N making 9 → −50.

>>> from bridge.cards import Vulnerability
>>> [Contract.from_str(c, d).ns_score(t, Vulnerability.EW) for c, d, t in
...  [("3S", "N", 9), ("4S", "S", 10), ("3S", "S", 9), ("4S", "N", 9)]]
[140, 420, 140, -50]
>>> c = Contract.from_str("2ntx", "W"); str(c), c.symbol, c.score(9, vulnerable=True)
('2NX by W', '2NT×', 890)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridge.cards import Seat, Strain, Vulnerability
from bridge.errors import BridgeError
from bridge.words import Text

__all__ = ["Bid", "BIDS", "Contract", "DOUBLING_LETTERS", "score", "undertricks_for"]


@dataclass(frozen=True, order=True, slots=True)
class Bid:
    """A bid: a level (1 … 7) and a strain. Bids compare in auction order.

    >>> Bid(1, Strain.NOTRUMP) < Bid(2, Strain.CLUBS), str(Bid(3, Strain.NOTRUMP)), Bid(6, Strain.CLUBS).index
    (True, '3N', 25)
    """

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise BridgeError(Text.of("bid.level", level=self.level))
        object.__setattr__(self, "strain", Strain(self.strain))

    @property
    def index(self) -> int:
        """Place in auction order: 1♣ = 0, 1♦ = 1, … 7NT = 34."""
        return (self.level - 1) * 5 + int(self.strain)

    @classmethod
    def from_index(cls, index: int) -> Bid:
        if not 0 <= index < 35:
            raise BridgeError(Text.of("bid.index", index=index))
        return BIDS[index]

    @property
    def symbol(self) -> str:
        """The bid as players write it: ``1♣``, ``3NT``."""
        return f"{self.level}{self.strain.symbol}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Bid({str(self)!r})"


BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)

#: How a contract's doubling is written after the bid: "", "X", "XX".
DOUBLING_LETTERS = ("", "X", "XX")

_CONTRACT_RE = re.compile(r"([1-7])\s*(NT|N|S|H|D|C|SA|♠|♥|♦|♣|♤|♡|♢|♧)\s*(XX|X|\*\*|\*|××|×|R|D)?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: the bid, its doubling (0 undoubled, 1 doubled, 2 redoubled) and the declarer.

    The declarer is the player of the declaring side who first named the strain (Law 22);
    an auction gives it, a traveller line records it.
    """

    bid: Bid
    doubling: int
    declarer: Seat

    def __post_init__(self) -> None:
        if self.doubling not in (0, 1, 2):
            raise BridgeError(Text.of("contract.doubling", value=self.doubling), field="contract")
        object.__setattr__(self, "declarer", Seat(self.declarer))

    @classmethod
    def of(cls, level: int, strain: Strain | str, doubling: int = 0, declarer: Seat | str = Seat.NORTH) -> Contract:
        strain = strain if isinstance(strain, Strain) else Strain.from_str(strain)
        declarer = declarer if isinstance(declarer, Seat) else Seat.from_str(declarer)
        return cls(Bid(level, strain), doubling, declarer)

    @classmethod
    def from_str(cls, text: str, declarer: Seat | str) -> Contract:
        """Read ``4S``, ``3NT``/``3N``, ``4SX``/``4Sx``/``4♠×``, ``2HXX`` (any case) with its declarer.

        >>> Contract.from_str("3nt", "S"), Contract.from_str("4♥xx", "E").doubling
        (Contract('3N by S'), 2)
        >>> Contract.from_str("8S", "N")
        Traceback (most recent call last):
        ...
        bridge.errors.BridgeError: '8S' is not a contract: write a level 1 … 7, a strain C, D, H, S or NT \
and X or XX when doubled or redoubled (e.g. 4S, 3NTX)
        """
        match = _CONTRACT_RE.fullmatch(str(text).strip())
        if not match:
            raise BridgeError(Text.of("contract.format", text=str(text)), field="contract")
        level, strain, doubling = match.groups()
        doubled = (doubling or "").upper()
        count = 2 if doubled in ("XX", "**", "××", "R") else (1 if doubled else 0)
        seat = declarer if isinstance(declarer, Seat) else Seat.from_str(declarer)
        return cls(Bid(int(level), Strain.from_str(strain)), count, seat)

    @property
    def level(self) -> int:
        return self.bid.level

    @property
    def strain(self) -> Strain:
        return self.bid.strain

    @property
    def side(self) -> str:
        """The declaring side, ``"NS"`` or ``"EW"``."""
        return self.declarer.side

    @property
    def tricks_needed(self) -> int:
        return 6 + self.bid.level

    @property
    def call(self) -> str:
        """The contract without its declarer, as files write it: ``4S``, ``3NX``, ``2HXX``."""
        return f"{self.bid}{DOUBLING_LETTERS[self.doubling]}"

    @property
    def symbol(self) -> str:
        """As players write it: ``4♠``, ``3NT×``, ``2♥××``."""
        return f"{self.bid.symbol}{'×' * self.doubling}"

    def score(self, tricks: int, *, vulnerable: bool) -> int:
        """The declaring side's score for ``tricks`` taken (:func:`score`)."""
        return score(self, tricks, vulnerable=vulnerable)

    def ns_score(self, tricks: int, vulnerability: Vulnerability) -> int:
        """The score from North–South's view on a board of this vulnerability."""
        points = score(self, tricks, vulnerable=vulnerability.is_vulnerable(self.declarer))
        return points if self.side == "NS" else -points

    def __str__(self) -> str:
        return f"{self.call} by {self.declarer.letter}"

    def __repr__(self) -> str:
        return f"Contract({str(self)!r})"


# --- Law 77 ---------------------------------------------------------------------------------
#
# Algorithm notes. Trick score per odd trick: 20 in a minor, 30 in a major or NT, plus 10 for
# the first NT trick; ×2 doubled, ×4 redoubled. 100 or more is a game (300 / 500 vulnerable),
# less a partscore (50). Slams 500/750 (small), 1000/1500 (grand). Making a doubled contract
# earns 50 ("for the insult"), a redoubled one 100. Overtricks: trick value undoubled, 100/200
# doubled (not vulnerable / vulnerable), twice that redoubled. Undertricks undoubled 50/100
# each; doubled not vulnerable 100, 200, 200, then 300 each; doubled vulnerable 200, then 300
# each; redoubled twice doubled.


def _penalty(down: int, doubling: int, vulnerable: bool) -> int:
    if doubling == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * doubling


def score(contract: Contract, tricks: int, *, vulnerable: bool) -> int:
    """The declaring side's duplicate score (Law 77) for taking ``tricks`` (0 … 13).

    >>> c = Contract.from_str
    >>> [score(c("1SX", "N"), 9, vulnerable=False), score(c("3DXX", "S"), 9, vulnerable=False),
    ...  score(c("3NX", "E"), 5, vulnerable=False), score(c("7NX", "E"), 8, vulnerable=True)]
    [360, 640, -800, -1400]
    """
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise BridgeError(Text.of("contract.tricks", tricks=tricks), field="tricks")
    level, strain, doubling = contract.bid.level, contract.bid.strain, contract.doubling
    need = 6 + level
    if tricks < need:
        return -_penalty(need - tricks, doubling, vulnerable)
    per_trick = 20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    trick_score = (per_trick * level + (10 if strain is Strain.NOTRUMP else 0)) * (1, 2, 4)[doubling]
    points = trick_score + ((500 if vulnerable else 300) if trick_score >= 100 else 50)
    if level == 6:
        points += 750 if vulnerable else 500
    elif level == 7:
        points += 1500 if vulnerable else 1000
    points += (0, 50, 100)[doubling]
    over = tricks - need
    points += over * (per_trick if doubling == 0 else (200 if vulnerable else 100) * doubling)
    return points


def undertricks_for(penalty: int, doubling: int, vulnerable: bool) -> int:
    """How many undertricks cost ``penalty`` points (the inverse of Law 77's penalty table).

    >>> undertricks_for(500, 1, False), undertricks_for(1100, 1, True)
    (3, 4)
    """
    for down in range(1, 14):
        if _penalty(down, doubling, vulnerable) == penalty:
            return down
    raise BridgeError(Text.of("contract.penalty", penalty=penalty), field="score")

"""What every deal-file format shares: the run being written and BigDeal's card numbering.

* :class:`Run` — the boards of one output run (lowest, highest, how many). BigDeal's headers
  depend on it: DLM's ``From board``/``To board``, DUP's board count, KOPS's header.
* :class:`DealWriter` — the protocol of a writer: ``header()``, ``board(n, deal)`` once per
  board in ascending order, ``footer()``, each returning bytes. It mirrors BigDeal's
  ``of_init``/``of_printit``/``of_finish`` so a run of any length streams in bounded memory.
* :func:`card_numbers` — BigDeal's "bri" numbering (1 = ♠A … 13 = ♠2, 14 = ♥A … 52 = ♣2),
  which is our deck order plus one, per seat, ascending.
* :func:`holdings` / :func:`pbn_deal` — each seat's suit holdings straight from
  :attr:`Deal.owners` (one pass over the deck; the writers' hot path).

Source: ``../shared/specs/bigdeal-squaredeal.md`` §3.

>>> from bridge.cards import Deal, Seat
>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> card_numbers(deal)[Seat.NORTH][:5]
[1, 2, 3, 4, 18]
>>> Run.of([3, 4, 5])
Run(low=3, high=5, count=3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from bridge.cards import Deal, Seat
from dealing.domain.errors import DealingError

__all__ = ["Run", "DealWriter", "BoardDeal", "card_numbers", "holdings", "pbn_deal", "check_board_order"]

BoardDeal = tuple[int, Deal]


@dataclass(frozen=True)
class Run:
    """The boards of one output run: ``low`` … ``high``, ``count`` of them."""

    low: int
    high: int
    count: int

    @classmethod
    def of(cls, boards: Iterable[int]) -> Run:
        numbers = list(boards)
        if not numbers:
            raise DealingError("there are no boards to write")
        return cls(min(numbers), max(numbers), len(numbers))

    @classmethod
    def range(cls, low: int, high: int) -> Run:
        return cls(low, high, high - low + 1)


class DealWriter(Protocol):
    def header(self) -> bytes: ...

    def board(self, board: int, deal: Deal) -> bytes: ...

    def footer(self) -> bytes: ...


def card_numbers(deal: Deal) -> dict[Seat, list[int]]:
    """For each seat, its cards as BigDeal numbers 1 … 52, ascending."""
    hands: dict[Seat, list[int]] = {seat: [] for seat in Seat}
    for index, seat in enumerate(deal.owners):
        hands[seat].append(index + 1)
    return hands


_RANK_LETTERS = "AKQJT98765432"
_SUIT_OF = tuple(i // 13 for i in range(52))
_RANK_OF = tuple(_RANK_LETTERS[i % 13] for i in range(52))


def holdings(deal: Deal) -> list[list[str]]:
    """``[seat][suit]`` rank letters, seats N, E, S, W and suits ♠ ♥ ♦ ♣, highest rank first.

    >>> from bridge.cards import Deal
    >>> holdings(Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))[3]
    ['432', 'AKQJ', 'T98', '765']
    """
    cells: list[list[list[str]]] = [[[], [], [], []] for _ in range(4)]
    for index, seat in enumerate(deal.owners):
        cells[seat][_SUIT_OF[index]].append(_RANK_OF[index])
    return [["".join(suit) for suit in seat] for seat in cells]


def pbn_deal(deal: Deal, first: int = 0) -> str:
    """The PBN deal string ``"N:S.H.D.C …"`` starting with seat ``first`` (as :meth:`Deal.to_pbn`)."""
    rows = holdings(deal)
    return "NESW"[first] + ":" + " ".join(".".join(rows[(first + i) % 4]) for i in range(4))


def check_board_order(previous: int | None, board: int) -> None:
    if previous is not None and board <= previous:
        raise DealingError(f"boards must be written in ascending order: {board} after {previous}", field="board")

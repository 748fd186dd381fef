"""BigDeal's compact formats for other machines and programs: BER, Borel, KOPS and CDS.

Layouts (``output.c``, spec §3), cards in BigDeal order (♠A … ♣2):

* **ber** (Bernasconi) — 52 characters a board, ``'1' + seat`` per card (1 = N … 4 = W); no
  separators, no newline.
* **borel** (``.bhg``, Borel hand generator) — a leading newline, then one line per board of
  52 letters: the hands starting with the dealer, clockwise, each card ``A`` … ``Z`` for
  numbers 1 … 26 and ``a`` … ``z`` for 27 … 52.
* **kops** (``.rzd``, the Polish KoPS program) — a 13-byte header (the number of boards,
  2 bytes little-endian, then 11 spaces); then 13 bytes a board, one per rank A … 2, each
  ``Σ seat(suit, rank) << 2·(3 − suit)`` with ♠ in the top bits.
* **cds** — per board the board number as one byte, then the KOPS bytes with the seats
  turned one place (N = 1, E = 2, S = 3, W = 0). Like BigDeal, only the low byte of the board
  number is kept (board 257 is written as 1), and KOPS keeps the low 16 bits of the count.

>>> from bridge.cards import Deal
>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> BerWriter(Run.range(1, 1)).board(1, deal)[:16]
b'1111222333444444'
>>> KopsWriter(Run.range(1, 1)).header()
b'\\x01\\x00           '
"""

from __future__ import annotations

from bridge.cards import Deal, board_dealer
from dealing.domain.formats.base import Run, card_numbers

__all__ = ["BerWriter", "BorelWriter", "KopsWriter", "CdsWriter"]


class _Writer:
    def __init__(self, run: Run):
        self.run = run

    def header(self) -> bytes:
        return b""

    def footer(self) -> bytes:
        return b""


class BerWriter(_Writer):
    def board(self, board: int, deal: Deal) -> bytes:
        return bytes(ord("1") + seat for seat in deal.owners)


class BorelWriter(_Writer):
    def header(self) -> bytes:
        return b"\n"

    def board(self, board: int, deal: Deal) -> bytes:
        numbers = card_numbers(deal)
        first = board_dealer(board)
        letters = [
            chr(ord("A") + n - 1) if n <= 26 else chr(ord("a") + n - 27)
            for i in range(4)
            for n in numbers[first.after(i)]
        ]
        return ("".join(letters) + "\n").encode("ascii")


def _rank_bytes(deal: Deal, turn: int) -> bytes:
    owners = deal.owners
    out = bytearray()
    for rank in range(13):
        value = 0
        for suit in range(4):
            value |= ((owners[13 * suit + rank] + turn) % 4) << 2 * (3 - suit)
        out.append(value)
    return bytes(out)


class KopsWriter(_Writer):
    def header(self) -> bytes:
        count = self.run.count
        return bytes([count & 0xFF, (count >> 8) & 0xFF]) + b" " * 11

    def board(self, board: int, deal: Deal) -> bytes:
        return _rank_bytes(deal, 0)


class CdsWriter(_Writer):
    def board(self, board: int, deal: Deal) -> bytes:
        # BigDeal's putc(boardno) keeps the low byte: board 257 is written as 1, like bigdealx does.
        return bytes([board & 0xFF]) + _rank_bytes(deal, 1)

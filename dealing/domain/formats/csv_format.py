"""BigDeal's CSV (for spreadsheets and databases): writer and reader.

One line per board (``output.c`` ``print_csv``, spec §3 "csv"): 16 quoted suit holdings —
North ♠ ♥ ♦ ♣, then East, South, West — then ``"<board>"`` and ``"<dealer>/<vul>"`` with
the vulnerability written ``-``, ``NS``, ``EW`` or ``All``.

>>> from bridge.cards import Deal
>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> line = CsvWriter(Run.range(5, 5)).board(5, deal)
>>> line[:40], line[-13:]
(b'"AKQJ","T98","765","432","T98","765","43', b'","5","N/NS"\\n')
>>> read_csv(line) == [(5, deal)]
True
"""

from __future__ import annotations

import csv
import io
import re

from bridge import words
from bridge.cards import Deal, Hand, Seat, Vulnerability, board_dealer, board_vulnerability
from bridge.errors import BridgeError
from dealing.domain.errors import DealingError
from dealing.domain.formats.base import Run, holdings
from dealing.domain.text import Text

__all__ = ["CsvWriter", "read_csv"]

CSV_VUL = {Vulnerability.NONE: "-", Vulnerability.NS: "NS", Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}


class CsvWriter:
    def __init__(self, run: Run):
        self.run = run

    def header(self) -> bytes:
        return b""

    def board(self, board: int, deal: Deal) -> bytes:
        cells = [held for seat in holdings(deal) for held in seat]
        fields = [*cells, str(board), f"{board_dealer(board).letter}/{CSV_VUL[board_vulnerability(board)]}"]
        return ('"' + '","'.join(fields) + '"\n').encode("ascii")

    def footer(self) -> bytes:
        return b""


def read_csv(data: bytes | str) -> list[tuple[int, Deal]]:
    """Read BigDeal CSV lines; each must hold 16 holdings, the board and dealer/vulnerability,
    and agree with the board's dealer and vulnerability (Law 2)."""
    text = data.decode("latin-1") if isinstance(data, bytes) else data  # BigDeal writes ASCII
    boards = []
    reader = csv.reader(io.StringIO(text, newline=""))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise DealingError(Text.of("csv.line", detail=str(exc)), line=reader.line_num) from None
        lineno = reader.line_num
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) != 18:
            raise DealingError(Text.of("csv.fields", count=len(row)), line=lineno)
        hands = {}
        for seat in Seat:
            pbn = ".".join(row[4 * seat : 4 * seat + 4])
            try:
                hands[seat] = Hand.from_pbn(pbn)
            except BridgeError as exc:
                raise DealingError(
                    words.Text.of("deal.hand", seat=seat, error=exc.said), field=seat.letter, line=lineno
                ) from None
        board_text = row[16].strip()  # (str.strip() takes more than int() does: "4\x1d")
        if not re.fullmatch(r"[0-9]{1,9}", board_text) or int(board_text) < 1:  # ("²".isdigit(): int refuses it)
            raise DealingError(Text.of("csv.board", text=row[16]), field="board", line=lineno)
        board = int(board_text)
        try:
            deal = Deal.from_hands(hands)
        except BridgeError as exc:
            raise DealingError(exc.said, line=lineno) from None
        expected = f"{board_dealer(board).letter}/{CSV_VUL[board_vulnerability(board)]}"
        if row[17].strip() != expected:
            raise DealingError(
                Text.of("csv.dealer", board=board, given=row[17], expected=expected), field="dealer", line=lineno
            )
        boards.append((board, deal))
    return boards

"""BBO's LIN: BigDeal's one-line-per-board writer and a reader for LIN from any program.

BigDeal writes (``output.c`` ``print_lin``, spec §3 "lin")::

    qx|o<n>|md|<dealer><S hand>,<W hand>,<N hand>|rh||ah|Board <n>|sv|<0|n|e|b>|pg||

with the dealer as BBO numbers it (1 = S, 2 = W, 3 = N, 4 = E), hands as ``S…H…D…C…`` and
East left out (BBO works it out).

The reader takes the pipe-separated ``key|value|`` pairs of a LIN record (one record per line,
or a single record), URL-decoded when needed (RealBridge writes ``%2C`` for commas), and reads
``md`` (dealer digit, then the hands of S, W, N and optionally E), the board number from
``ah|Board n`` or ``qx|o<n>``/``c<n>``, the dealer and the vulnerability (``sv``).

>>> from bridge.cards import Deal
>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> line = LinWriter(Run.range(1, 1)).board(1, deal)
>>> line
b'qx|o1|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432|rh||ah|Board 1|sv|0|pg||\\n'
>>> read_lin(line)[0].deal == deal
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

from bridge.cards import SUITS_DESCENDING, Deal, Hand, Seat, Vulnerability, board_dealer, board_vulnerability
from bridge.errors import BridgeError
from dealing.domain.errors import DealingError
from dealing.domain.formats.base import Run, holdings
from dealing.domain.text import Text

__all__ = ["LinWriter", "LinBoard", "read_lin"]

_LIN_SEATS = {1: Seat.SOUTH, 2: Seat.WEST, 3: Seat.NORTH, 4: Seat.EAST}
LIN_DIGIT = {seat: digit for digit, seat in _LIN_SEATS.items()}
_LIN_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
LIN_VUL = {Vulnerability.NONE: "0", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}
_VUL_LIN = {
    "0": Vulnerability.NONE,
    "o": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}


class LinWriter:
    def __init__(self, run: Run):
        self.run = run

    def header(self) -> bytes:
        return b""

    def board(self, board: int, deal: Deal) -> bytes:
        rows = holdings(deal)
        hands = ",".join(
            "".join(letter + held for letter, held in zip("SHDC", rows[seat]))
            for seat in (Seat.SOUTH, Seat.WEST, Seat.NORTH)
        )
        dealer = LIN_DIGIT[board_dealer(board)]
        return (
            f"qx|o{board}|md|{dealer}{hands}|rh||ah|Board {board}|sv|{LIN_VUL[board_vulnerability(board)]}|pg||\n"
        ).encode("ascii")

    def footer(self) -> bytes:
        return b""


@dataclass(frozen=True)
class LinBoard:
    board: int | None
    deal: Deal
    dealer: Seat | None
    vulnerability: Vulnerability | None


def _parse_lin_hand(text: str) -> Hand:
    by_suit = dict.fromkeys(SUITS_DESCENDING, "")
    suit = None
    for ch in text.upper().replace("10", "T"):
        if ch in "SHDC":
            suit = next(s for s in SUITS_DESCENDING if s.letter == ch)
        elif suit is None:
            raise DealingError(Text.of("lin.suit_first", text=text))
        else:
            by_suit[suit] += ch
    return Hand.from_pbn(".".join(by_suit[s] for s in SUITS_DESCENDING))


def _parse_record(record: str, lineno: int) -> LinBoard | None:
    if "%" in record:
        record = unquote(record)
    parts = record.split("|")
    pairs = [
        (parts[i].strip().lower(), parts[i + 1] if i + 1 < len(parts) else "") for i in range(0, len(parts) - 1, 2)
    ]
    values: dict[str, str] = {}
    for key, value in pairs:
        values.setdefault(key, value)
    if "md" not in values:
        return None
    md = values["md"].strip()
    if not md or md[0] not in "1234":
        raise DealingError(Text.of("lin.dealer", text=md[:20]), field="md", line=lineno)
    dealer = _LIN_SEATS[int(md[0])]
    texts = md[1:].split(",")
    hands: dict[Seat, Hand] = {}
    for seat, text in zip(_LIN_ORDER, texts):
        if text.strip():
            try:
                hand = _parse_lin_hand(text.strip())
                if len(hand) != 13:
                    raise DealingError(Text.of("lin.hand_size", seat=seat, text=text, count=len(hand)))
                hands[seat] = hand
            except BridgeError as exc:
                raise DealingError(Text.of("lin.md", error=exc.said), field="md", line=lineno) from None
    try:
        deal = Deal.from_hands(hands)
    except BridgeError as exc:
        raise DealingError(Text.of("lin.md", error=exc.said), field="md", line=lineno) from None
    board = None
    match = re.search(r"(\d+)", values.get("ah", "")) or re.fullmatch(r"[oc](\d+)", values.get("qx", "").strip())
    if match:
        if len(match[1]) > 9:  # no board has such a number (and int() refuses thousands of digits)
            raise DealingError(Text.of("lin.board", text=match[1][:20]), field="ah", line=lineno)
        board = int(match[1])
    vul = _VUL_LIN.get(values.get("sv", "").strip().lower())
    return LinBoard(board, deal, dealer, vul)


def read_lin(data: bytes | str) -> list[LinBoard]:
    """Read every LIN record with a deal (``md``), one record per line."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    boards = []
    for lineno, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if line.strip():
            record = _parse_record(line.strip(), lineno)
            if record is not None:
                boards.append(record)
    return boards

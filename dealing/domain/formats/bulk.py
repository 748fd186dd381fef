"""Every BigDeal format for whole chunks of deals at once: the fast path of ``manage.py bigdeal``.

The writers of this package take one :class:`~bridge.cards.Deal` per board; they are
the reference, easy to read against BigDeal's ``output.c``. This module writes the same bytes
from the arrays the engine makes (:func:`dealing.domain.bigdeal.bigdeal_chunks`: ``numbers``
``(n, 12)`` uint8, BigDeal's numbers big-endian; ``owners`` ``(n, 52)`` uint8, the seat of each
card in deck order), a chunk of consecutive boards at a time, with numpy and compiled (numba)
kernels — no Python object per deal. Tests check it against the reference writers on 100,000
deals in every format.

* :func:`bulk_writer` ``(fmt, run) -> BulkWriter``: ``header()``, ``chunk(first_board, numbers,
  owners)`` for each chunk of the run's boards in order, ``footer()``. Header and footer are
  the reference writer's own (they depend only on the run); ``stats`` adds each chunk's
  totals to the reference writer, whose footer prints them.
* :func:`render_arrays` — a whole file in one call.

How each format is made (:mod:`dealing.domain.deal_text` for the text records):

* pbn, stdout, lin, csv — :func:`~dealing.domain.deal_text.records`: literal text, the board
  number, dealer and vulnerability by ``board % 16``, the hands written in place;
* dge, bri, dup, borel — the hands as fixed-width rows (:func:`~dealing.domain.deal_text.hands`)
  with numpy around them (borel turns each row to start with the dealer);
* ber, kops, cds, dlm — numpy on the owners array;
* goedel — a kernel writes BigDeal's numbers in decimal; stats — a kernel adds up the totals.

>>> import numpy as np
>>> from dealing.domain.formats import render
>>> from bridge.cards import Deal
>>> owners = np.repeat(np.arange(4, dtype=np.uint8), 13).reshape(1, 52)
>>> numbers = np.zeros((1, 12), dtype=np.uint8)
>>> all(render_arrays(name, 7, numbers, owners) == render(name, [(7, Deal(owners[0].tolist()))])
...     for name in ("pbn", "lin", "csv", "dup", "dlm", "ber", "borel", "kops", "cds"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridge.cards import board_dealer, board_vulnerability
from dealing.domain import deal_text
from dealing.domain.errors import DealingError
from dealing.domain.formats import get_format
from dealing.domain.formats.base import DealWriter, Run
from dealing.domain.formats.bigdealx_extras import StatsWriter
from dealing.domain.formats.csv_format import CSV_VUL
from dealing.domain.formats.duplimate import DupWriter, check_machine_board
from dealing.domain.formats.lin import LIN_DIGIT, LIN_VUL
from dealing.domain.jit import kernel as jit
from dealing.domain.text import Text

if TYPE_CHECKING:
    from dealing.domain.formats import DealFormat

__all__ = ["BulkWriter", "bulk_writer", "render_arrays", "FORMATS"]

_CYCLE_BOARDS = range(16, 32)  # boards ≡ 0 … 15 (mod 16)
_DEALER = deal_text.Cycle([board_dealer(b).letter.encode() for b in _CYCLE_BOARDS])
_PBN_VUL = deal_text.Cycle([board_vulnerability(b).pbn.encode() for b in _CYCLE_BOARDS])
_LIN_DEALER = deal_text.Cycle([str(LIN_DIGIT[board_dealer(b)]).encode() for b in _CYCLE_BOARDS])
_LIN_VULNERABLE = deal_text.Cycle([LIN_VUL[board_vulnerability(b)].encode() for b in _CYCLE_BOARDS])
_CSV_DEALER_VUL = deal_text.Cycle(
    [f"{board_dealer(b).letter}/{CSV_VUL[board_vulnerability(b)]}".encode() for b in _CYCLE_BOARDS]
)

_RANKS = deal_text.RANK_LETTERS
_PBN_HANDS = deal_text.Hands([0, 1, 2, 3], [[b"N:", b".", b".", b"."]] + [[b" ", b".", b".", b"."]] * 3, _RANKS)
_LIN_HANDS = deal_text.Hands([2, 3, 0], [[b"S", b"H", b"D", b"C"]] + [[b",S", b"H", b"D", b"C"]] * 2, _RANKS)
_CSV_HANDS = deal_text.Hands([0, 1, 2, 3], [[b'"', b'","', b'","', b'","']] + [[b'","'] * 4] * 3, _RANKS)
_DGE_HANDS = deal_text.Hands([0, 1, 2, 3], [[b"\x06", b"\x03", b"\x04", b"\x05"]] * 4, _RANKS)
_BRI_HANDS = deal_text.Hands([0, 1, 2], [[b""] * 4] * 3, [b"%02d" % (c + 1) for c in range(52)])
_BOREL_HANDS = deal_text.Hands(
    [0, 1, 2, 3], [[b""] * 4] * 4, [bytes([ord("A") + c if c < 26 else ord("a") + c - 26]) for c in range(52)]
)

_PBN_RECORD: list[deal_text.Part] = [
    b'[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "',
    deal_text.BOARD,
    b'"]\n[West "?"]\n[North "?"]\n[East "?"]\n[South "?"]\n[Dealer "',
    _DEALER,
    b'"]\n[Vulnerable "',
    _PBN_VUL,
    b'"]\n[Deal "',
    _PBN_HANDS,
    b'"]\n[Scoring "?"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n',
]
_LIN_RECORD: list[deal_text.Part]
_LIN_RECORD = [b"qx|o", deal_text.BOARD, b"|md|", _LIN_DEALER, _LIN_HANDS, b"|rh||ah|Board ", deal_text.BOARD, b"|sv|",
               _LIN_VULNERABLE, b"|pg||\n"]  # fmt: skip
_CSV_RECORD: list[deal_text.Part] = [_CSV_HANDS, b'","', deal_text.BOARD, b'","', _CSV_DEALER_VUL, b'"\n']


def _boards(first: int, n: int) -> np.ndarray:
    return np.arange(first, first + n, dtype=np.int64)


def _matrix(n: int, width: int, fill: int = 0) -> np.ndarray:
    return np.full((n, width), fill, dtype=np.uint8)


# --- the encoders: (writer, first board, numbers, owners) -> bytes-like --------------------------
# (``array.data`` is ``memoryview(array)``.)

#: An encoder: (writer, first board, BigDeal's numbers, owners (n, 52) uint8) -> the records' bytes.
_Encoder = Callable[["BulkWriter", int, np.ndarray, npt.NDArray[np.uint8]], bytes | memoryview]


def _pbn(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    return deal_text.records(first, owners.shape[0], _PBN_RECORD, owners)


def _lin(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    return deal_text.records(first, owners.shape[0], _LIN_RECORD, owners)


def _csv(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    return deal_text.records(first, owners.shape[0], _CSV_RECORD, owners)


def _bri(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    out = _matrix(owners.shape[0], 128)
    out[:, :78] = deal_text.hands(owners, _BRI_HANDS)
    out[:, 78:110] = ord(" ")
    return out.reshape(-1).data


def _dge(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    out = _matrix(owners.shape[0], 128)
    out[:, :68] = deal_text.hands(owners, _DGE_HANDS)
    return out.reshape(-1).data


def _check_machine_boards(first: int, n: int) -> None:
    if n:
        check_machine_board(first)
        check_machine_board(first + n - 1)


def _dup(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    n = owners.shape[0]
    _check_machine_boards(first, n)
    out = _matrix(n, 156)
    out[:, :78] = deal_text.hands(owners, _BRI_HANDS)
    out[:, 78:146] = deal_text.hands(owners, _DGE_HANDS)
    assert isinstance(w.reference, DupWriter)  # FORMATS: "dup" and "dupblind" are written by DupWriter
    if w.reference.blind and first == 1 and n:
        out[0, 78:146] = ord(" ")
    count = w.run.count
    out[:, 146:] = np.frombuffer(
        b"YN1  0 " + bytes([ord("0") + (count // 10) % 10, ord("0") + count % 10]) + b" ", dtype=np.uint8
    )
    return out.reshape(-1).data


def _dlm(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    n = owners.shape[0]
    _check_machine_boards(first, n)
    letters = (ord("a") + 4 * owners[:, 0::2] + owners[:, 1::2]).astype(np.uint8)
    checksum = np.bitwise_xor.reduce(letters, axis=1).astype(np.int64) ^ _boards(first, n)
    digits = np.stack([checksum // 100, checksum // 10 % 10, checksum % 10], axis=1).astype(np.uint8) + ord("0")
    return deal_text.records(
        first, n, [b"Duplicates ", deal_text.BOARD2, b"=0\nBoard ", deal_text.BOARD2, b"=", letters, digits, b"\n"]
    )


def _ber(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    return (owners + ord("1")).astype(np.uint8).reshape(-1).data


def _borel(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    n = owners.shape[0]
    by_seat = deal_text.hands(owners, _BOREL_HANDS).reshape(n, 4, 13)
    dealer = (_boards(first, n) - 1) % 4  # board_dealer: N on board 1
    seats = (dealer[:, None] + np.arange(4)[None, :]) % 4
    out = _matrix(n, 53, ord("\n"))
    out[:, :52] = np.take_along_axis(by_seat, seats[:, :, None], axis=1).reshape(n, 52)
    return out.reshape(-1).data


def _rank_bytes(owners: np.ndarray) -> np.ndarray:
    """KOPS: per rank A … 2 one byte, each suit's holder in 2 bits, spades highest."""
    o = owners.astype(np.uint8)
    return (o[:, 0:13] << 6) | (o[:, 13:26] << 4) | (o[:, 26:39] << 2) | o[:, 39:52]


def _kops(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    return np.ascontiguousarray(_rank_bytes(owners)).reshape(-1).data


def _cds(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    n = owners.shape[0]
    out = np.empty((n, 14), dtype=np.uint8)
    out[:, 0] = _boards(first, n) & 0xFF  # BigDeal's putc(boardno) keeps the low byte
    out[:, 1:] = _rank_bytes((owners + 1) & 3)
    return out.reshape(-1).data


def _goedel(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    numbers = np.ascontiguousarray(numbers, dtype=np.uint8).reshape(-1, 12)
    out = np.empty((numbers.shape[0], _GOEDEL_WIDTH), dtype=np.uint8)
    if numbers.shape[0]:
        _kernels()["goedel"](numbers, out)
    return out.reshape(-1).data


def _stats(w: BulkWriter, first: int, numbers: np.ndarray, owners: npt.NDArray[np.uint8]) -> bytes | memoryview:
    hcp = np.zeros(4, dtype=np.int64)
    freq = np.zeros(38, dtype=np.int64)
    longest = np.zeros((4, 14), dtype=np.int64)
    squares = np.zeros(1, dtype=np.int64)
    if owners.shape[0]:
        _kernels()["stats"](owners, hcp, freq, longest, squares)
    stats = w.reference
    assert isinstance(stats, StatsWriter)  # FORMATS: "stats" is written by StatsWriter
    stats.sum_squares += int(squares[0])
    for seat in range(4):
        stats.hcp[seat] += int(hcp[seat])
        for length in range(14):
            stats.longest[seat][length] += int(longest[seat, length])
    for points in range(38):
        stats.hcp_freq[points] += int(freq[points])
    lengths = np.flatnonzero(longest.any(axis=0))
    if lengths.size:
        stats.longest_overall = max(stats.longest_overall, int(lengths[-1]))
    return b""


FORMATS: dict[str, _Encoder] = {
    "dup": _dup,
    "dupblind": _dup,
    "dlm": _dlm,
    "dlmblind": _dlm,
    "bri": _bri,
    "dge": _dge,
    "pbn": _pbn,
    "lin": _lin,
    "csv": _csv,
    "ber": _ber,
    "borel": _borel,
    "kops": _kops,
    "cds": _cds,
    "goedel": _goedel,
    "stats": _stats,
    "stdout": _pbn,
}


# --- kernels (compiled by numba on first use, cached on disk) ----------------------------------

_GOEDEL_WIDTH = 39  # 29 digit positions, 9 separators, a newline
#: The compiled kernels by name ("goedel", "stats").
_KERNELS: dict[str, Callable[..., None]] = {}


def _k_goedel(numbers: npt.NDArray[np.uint8], out: npt.NDArray[np.uint8]) -> None:  # pragma: no cover - numba
    # The 96-bit number in base 10^9 by long division of its three 32-bit limbs (every
    # partial remainder times 2^32 fits 63 bits), then BigDeal's print_goedel: 29 digit
    # positions, leading zeros as spaces, a comma (or, among the leading zeros, a space)
    # after every third digit, a newline after the last.
    billion = 1_000_000_000
    digits = np.empty(36, dtype=np.int64)
    limbs = np.zeros(3, dtype=np.int64)
    for i in range(numbers.shape[0]):
        for k in range(3):
            v: int | np.int64 = 0
            for b in range(4):
                v = (v << 8) | np.int64(numbers[i, 4 * k + b])
            limbs[k] = v
        for group in range(4):
            r = 0
            for k in range(3):
                cur = (r << 32) | limbs[k]
                limbs[k] = cur // billion
                r = cur - limbs[k] * billion
            for d in range(9):
                digits[35 - 9 * group - d] = r % 10
                r //= 10
        p = 0
        suppress = True
        for pos in range(29):
            position = 28 - pos
            digit = digits[7 + pos]
            if digit != 0:
                suppress = False
                out[i, p] = 48 + digit
            elif suppress and position != 0:
                out[i, p] = 32
            else:
                out[i, p] = 48
            p += 1
            if position % 3 == 0:
                out[i, p] = 10 if position == 0 else (32 if suppress else 44)
                p += 1


def _k_stats(  # pragma: no cover - compiled by numba
    owners: npt.NDArray[np.uint8],
    hcp: npt.NDArray[np.int64],
    freq: npt.NDArray[np.int64],
    longest: npt.NDArray[np.int64],
    squares: npt.NDArray[np.int64],
) -> None:
    points_of_rank = np.array([4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)
    lengths = np.zeros((4, 4), dtype=np.int64)
    points = np.zeros(4, dtype=np.int64)
    for i in range(owners.shape[0]):
        lengths[:, :] = 0
        points[:] = 0
        for c in range(52):
            seat = owners[i, c]
            lengths[seat, c // 13] += 1
            points[seat] += points_of_rank[c % 13]
        for seat in range(4):
            hcp[seat] += points[seat]
            freq[points[seat]] += 1
            most = 0
            for suit in range(4):
                n = lengths[seat, suit]
                squares[0] += n * n
                if n > most:
                    most = n
            longest[seat, most] += 1


def _kernels() -> dict[str, Callable[..., None]]:
    if not _KERNELS:
        _KERNELS["goedel"] = jit(_k_goedel)
        _KERNELS["stats"] = jit(_k_stats)
    return _KERNELS


# --- the writer ---------------------------------------------------------------------------------


class BulkWriter:
    """One format's file for one run, written a chunk of consecutive boards at a time."""

    def __init__(self, fmt: DealFormat, run: Run, **options: object):
        if fmt.name not in FORMATS:
            raise DealingError(f"format {fmt.name} has no bulk writer", field="format")
        self.format = fmt
        self.run = run
        self.reference: DealWriter = fmt.writer(run, **options)
        self._encode = FORMATS[fmt.name]
        self._next = run.low

    def header(self) -> bytes:
        return self.reference.header()

    def chunk(self, first_board: int, numbers: np.ndarray, owners: np.ndarray) -> bytes | memoryview:
        """Boards ``first_board …`` (one per row of ``owners``; ``numbers``: BigDeal's numbers,
        needed by ``goedel`` only) as bytes or a memoryview."""
        owners = np.ascontiguousarray(owners, dtype=np.uint8).reshape(-1, 52)
        n = owners.shape[0]
        if first_board != self._next or first_board + n - 1 > self.run.high:
            raise DealingError(
                f"boards must come in order, {self._next} … {self.run.high}: not {first_board} … {first_board + n - 1}",
                field="board",
            )
        self._next = first_board + n
        return self._encode(self, first_board, numbers, owners)

    def footer(self) -> bytes:
        if self._next != self.run.high + 1:
            raise DealingError(
                f"the run ends at board {self.run.high}; boards from {self._next} were not written", field="board"
            )
        return self.reference.footer()


def bulk_writer(fmt: str | DealFormat, run: Run, **options: object) -> BulkWriter:
    """The bulk writer of ``fmt`` (a :class:`DealFormat` or its name) for ``run``."""
    fmt = get_format(fmt) if isinstance(fmt, str) else fmt
    if fmt.max_board is not None and run.high > fmt.max_board:
        raise DealingError(
            Text.of("format.max_board", format=fmt.name, max=fmt.max_board, board=run.high), field="format"
        )
    return BulkWriter(fmt, run, **options)


def render_arrays(
    fmt: str | DealFormat, first_board: int, numbers: np.ndarray, owners: np.ndarray, **options: object
) -> bytes:
    """A whole file: boards ``first_board …`` (one per row of ``owners``) in ``fmt``."""
    owners = np.ascontiguousarray(owners, dtype=np.uint8).reshape(-1, 52)
    writer = bulk_writer(fmt, Run.range(first_board, first_board + owners.shape[0] - 1), **options)
    return b"".join([writer.header(), writer.chunk(first_board, numbers, owners), writer.footer()])

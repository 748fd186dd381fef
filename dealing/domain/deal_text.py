"""Deals laid out as text a chunk at a time: the compiled kernels behind every bulk writer.

The writers of :mod:`dealing.domain.formats` take one :class:`~bridge.cards.Deal` per
board; they are the reference. The bulk writers (:mod:`dealing.domain.formats.bulk` for
BigDeal's formats, :mod:`dealing.domain.streaming` for our dealer's) write the same bytes from
the engines' arrays — ``owners`` ``(n, 52)`` uint8, the seat (0 = N … 3 = W) of each card in
deck order (S A … C 2) — with no Python object per deal:

* :class:`Hands` — how a deal's hands are written: for the seats asked for, in that order,
  each suit (♠ ♥ ♦ ♣) as a prefix (``"."``, ``"S"``, ``'","'`` …) followed by the cards held
  in deck order (highest first), each card written as its entry in a per-card table (a rank
  letter, two digits, BigDeal's card letter …). Every seat holds 13 cards, so the width is
  fixed. :func:`hands` writes them as one ``(n, width)`` row per deal.
* :func:`records` — the records of consecutive boards, each the concatenation of parts:
  literal bytes, :data:`BOARD` (the number in decimal), :data:`BOARD2` (``%02d``), a
  :class:`Cycle` (a text chosen by ``board % 16``: dealer and vulnerability follow Law 2's
  cycle), a :class:`Hands` or per-deal rows (a ``(n, w)`` uint8 array).

Algorithm notes. Records differ in length (the board's digits, ``None`` or ``NS``), but 16
consecutive boards with as many digits always take the same bytes in the same places. So
:func:`records` lays out 16 records once in Python — a template, with the places of the board
digits, the hands and the rows — and a compiled (numba) kernel copies the template record by
record and fills those places. The hands are written in two passes per deal: count each seat's
suit lengths, which fixes where every suit starts, then drop each card's text at its place.

>>> import numpy as np
>>> owners = np.repeat(np.arange(4, dtype=np.uint8), 13).reshape(1, 52)   # N ♠, E ♥, S ♦, W ♣
>>> pbn = Hands([0, 1, 2, 3], [[b"N:", b".", b".", b"."]] + [[b" ", b".", b".", b"."]] * 3, RANK_LETTERS)
>>> hands(owners, pbn)[0].tobytes()
b'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
>>> bytes(records(9, 3, [b"Board ", BOARD, b" ", Cycle([b"%d" % (b % 4) for b in range(16)]), b"\\n"]))
b'Board 9 1\\nBoard 10 2\\nBoard 11 3\\n'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np
import numpy.typing as npt

from dealing.domain.jit import kernel as jit

__all__ = ["BOARD", "BOARD2", "Cycle", "Hands", "hands", "records", "RANK_LETTERS"]

#: A record part: the board number in decimal (as ``%d``).
BOARD = "board"
#: A record part: the board number in two digits (as ``%02d``; boards 1 … 99).
BOARD2 = "board2"
#: Each card's rank letter, deck order (S A … C 2).
RANK_LETTERS = [bytes([letter]) for letter in b"AKQJT98765432"] * 4

_PERIOD = 16
_KIND_BOARD, _KIND_HANDS, _KIND_ROWS = 1, 2, 3
#: The compiled kernels by name ("hands", "records"); their results are not used.
_KERNELS: dict[str, Callable[..., object]] = {}


class Cycle:
    """A record part chosen by ``board % 16`` (16 texts; index 0 serves boards 16, 32 …)."""

    def __init__(self, texts: Sequence[bytes]):
        if len(texts) != _PERIOD:
            raise ValueError("a cycle holds 16 texts, one for each board % 16")
        self.texts = [bytes(t) for t in texts]


class Hands:
    """How hands are written: ``seats`` in order; ``prefixes[k][suit]`` before suit ``suit``
    (0 = ♠ … 3 = ♣) of ``seats[k]``; ``cards``: each card's text (52 entries of one length,
    deck order)."""

    def __init__(self, seats: Sequence[int], prefixes: Sequence[Sequence[bytes]], cards: Sequence[bytes]):
        if len(prefixes) != len(seats) or any(len(row) != 4 for row in prefixes):
            raise ValueError("one prefix per suit of every seat written")
        if len(set(seats)) != len(seats) or not set(seats) <= {0, 1, 2, 3}:
            raise ValueError("seats are 0 … 3, each at most once")
        lengths = {len(c) for c in cards}
        if len(cards) != 52 or len(lengths) != 1:
            raise ValueError("a card table has 52 entries of one length")
        self.seats = np.array(seats, dtype=np.int64)
        self.slot_of_seat = np.full(4, -1, dtype=np.int64)
        self.slot_of_seat[self.seats] = np.arange(len(seats))
        longest = max([1] + [len(p) for row in prefixes for p in row])
        self.prefix = np.zeros((len(seats), 4, longest), dtype=np.uint8)
        self.prefix_len = np.zeros((len(seats), 4), dtype=np.int64)
        for slot, row in enumerate(prefixes):
            for suit, text in enumerate(row):
                self.prefix[slot, suit, : len(text)] = np.frombuffer(text, dtype=np.uint8)
                self.prefix_len[slot, suit] = len(text)
        self.cards = np.frombuffer(b"".join(cards), dtype=np.uint8).reshape(52, lengths.pop()).copy()
        self.width = int(self.prefix_len.sum()) + 13 * len(seats) * self.cards.shape[1]
        if self.width >= 1 << 16:  # the kernel keeps positions in 16-bit fields
            raise ValueError("hands are at most 65,535 bytes wide")

    def arguments(
        self,
    ) -> tuple[
        npt.NDArray[np.int64],
        npt.NDArray[np.int64],
        npt.NDArray[np.uint8],
        npt.NDArray[np.int64],
        npt.NDArray[np.uint8],
    ]:
        return self.seats, self.slot_of_seat, self.prefix, self.prefix_len, self.cards


_NO_HANDS = Hands([], [], [b"?"] * 52)

#: A part of :func:`records`: bytes, :data:`BOARD` or :data:`BOARD2`, a :class:`Cycle`, a :class:`Hands` or an array
#: of rows (any integer dtype; written as uint8).
Part = bytes | bytearray | str | Cycle | Hands | np.ndarray


# --- kernels (compiled by numba on first use, cached on disk) --------------------------------


def _k_hand(  # pragma: no cover
    owners: npt.NDArray[np.uint8],
    i: int,
    seats: npt.NDArray[np.int64],
    slot_of_seat: npt.NDArray[np.int64],
    prefix: npt.NDArray[np.uint8],
    prefix_len: npt.NDArray[np.int64],
    cards: npt.NDArray[np.uint8],
    out: npt.NDArray[np.uint8],
    at: int,
    scratch: npt.NDArray[np.int64],
) -> None:
    # Counters live in registers, packed: per suit, each seat's length in 8 bits, then each
    # seat's next position in 16 bits; so the passes over the 52 cards carry no memory
    # round trip from one card to the next.
    width = cards.shape[1]
    for suit in range(4):
        packed = 0
        for c in range(13 * suit, 13 * suit + 13):
            packed += 1 << (8 * owners[i, c])
        scratch[suit] = packed
        scratch[4 + suit] = 0
    p = at
    for slot in range(seats.shape[0]):
        seat = seats[slot]
        for suit in range(4):
            for k in range(prefix_len[slot, suit]):
                out[p] = prefix[slot, suit, k]
                p += 1
            scratch[4 + suit] |= (p - at) << (16 * seat)  # relative: fits 16 bits
            p += width * ((scratch[suit] >> (8 * seat)) & 0xFF)
    for suit in range(4):
        packed = scratch[4 + suit]
        for c in range(13 * suit, 13 * suit + 13):
            seat = owners[i, c]
            shift = 16 * seat
            if slot_of_seat[seat] >= 0:
                q = at + ((packed >> shift) & 0xFFFF)
                if width == 1:
                    out[q] = cards[c, 0]
                else:
                    for b in range(width):
                        out[q + b] = cards[c, b]
            packed += width << shift


def _k_hands(  # pragma: no cover - numba
    owners: npt.NDArray[np.uint8],
    seats: npt.NDArray[np.int64],
    slot_of_seat: npt.NDArray[np.int64],
    prefix: npt.NDArray[np.uint8],
    prefix_len: npt.NDArray[np.int64],
    cards: npt.NDArray[np.uint8],
    out: npt.NDArray[np.uint8],
) -> None:
    start = np.zeros(16, dtype=np.int64)
    flat = out.reshape(-1)
    width = out.shape[1]
    for i in range(owners.shape[0]):
        _k_hand(owners, i, seats, slot_of_seat, prefix, prefix_len, cards, flat, i * width, start)


def _k_records(
    owners: npt.NDArray[np.uint8],
    rows: npt.NDArray[np.uint8],
    first_board: np.uint64,
    count: int,
    template: npt.NDArray[np.uint8],
    ends: npt.NDArray[np.int64],
    kind: npt.NDArray[np.int64],
    place: npt.NDArray[np.int64],
    arg: npt.NDArray[np.int64],
    seats: npt.NDArray[np.int64],
    slot_of_seat: npt.NDArray[np.int64],
    prefix: npt.NDArray[np.uint8],
    prefix_len: npt.NDArray[np.int64],
    cards: npt.NDArray[np.uint8],
    out: npt.NDArray[np.uint8],
) -> int:  # pragma: no cover - numba
    # Record i is template record i % 16 with its places filled: board digits, hands, rows.
    # One simple loop per kind of work, so that each compiles to tight (vectorised) code.
    period = ends[16]
    full = count // 16
    for r in range(full):  # whole 16-record rows: one long copy each
        base = r * period
        for q in range(period):
            out[base + q] = template[q]
    base = full * period
    for q in range(ends[count - full * 16]):
        out[base + q] = template[q]
    start = np.zeros(16, dtype=np.int64)
    ten = np.uint64(10)
    for j in range(kind.shape[1]):
        for i in range(count):
            k = i % 16
            what = kind[k, j]
            if what == 0:
                continue
            at = (i // 16) * period + ends[k] + place[k, j]
            if what == 1:
                v = first_board + np.uint64(i)
                for d in range(arg[k, j, 0] - 1, -1, -1):
                    out[at + d] = np.uint64(48) + v % ten
                    v = v // ten
            elif what == 2:
                _k_hand(owners, i, seats, slot_of_seat, prefix, prefix_len, cards, out, at, start)
            else:
                column = arg[k, j, 0]
                row = rows[i]
                for q in range(arg[k, j, 1]):
                    out[at + q] = row[column + q]
    return count


def _kernels() -> dict[str, Callable[..., object]]:
    if not _KERNELS:
        global _k_hand
        _k_hand = jit(_k_hand)
        _KERNELS["hands"] = jit(_k_hands)
        _KERNELS["records"] = jit(_k_records)
    return _KERNELS


def _owners(owners: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(owners, dtype=np.uint8).reshape(-1, 52)


def hands(owners: np.ndarray, how: Hands) -> np.ndarray:
    """Each deal's hands written as ``how`` says: a ``(n, how.width)`` uint8 array."""
    owners = _owners(owners)
    out = np.empty((owners.shape[0], how.width), dtype=np.uint8)
    if owners.shape[0]:
        _kernels()["hands"](owners, *how.arguments(), out)
    return out


# --- records --------------------------------------------------------------------------------


def _digit_runs(first: int, count: int) -> Iterator[tuple[int, int, int]]:
    """Split boards ``first … first+count−1`` where the number of decimal digits changes."""
    board, stop = first, first + count
    while board < stop:
        digits = len(str(board))
        end = min(stop, 10**digits)
        yield board, end - board, digits
        board = end


def records(first_board: int, count: int, parts: Sequence[Part], owners: np.ndarray | None = None) -> memoryview:
    """Records of boards ``first_board … first_board+count−1``, each the concatenation of
    ``parts`` (bytes, :data:`BOARD`, :data:`BOARD2`, a :class:`Cycle`, a :class:`Hands` — of
    ``owners`` — or a ``(count, w)`` uint8 array whose row k goes with board
    ``first_board + k``). Returns the bytes as a memoryview."""
    if count <= 0:
        return memoryview(b"")
    if first_board < 1 or first_board + count - 1 >= 1 << 64:
        raise ValueError("board numbers are 1 … 2^64 − 1")
    how = [p for p in parts if isinstance(p, Hands)]
    if len(set(map(id, how))) > 1:
        raise ValueError("records take one Hands layout (it may appear more than once)")
    if how and owners is None:
        raise ValueError("hands need the owners array")
    owners = _owners(owners) if owners is not None else np.zeros((count, 52), dtype=np.uint8)
    if owners.shape[0] < count:
        raise ValueError("one owners row per board")
    arrays = [p for p in parts if isinstance(p, np.ndarray)]
    for rows in arrays:
        if rows.ndim != 2 or rows.shape[0] != count:
            raise ValueError("a row part has one row per board")
    if any(part == BOARD2 for part in parts if isinstance(part, str)) and first_board + count - 1 > 99:
        raise ValueError("two-digit board numbers go up to 99")
    rows = np.ascontiguousarray(
        np.hstack([a.astype(np.uint8, copy=False) for a in arrays]) if arrays else np.zeros((count, 1), dtype=np.uint8)
    )
    columns: dict[int, int] = {}
    offset = 0
    for array in arrays:
        columns.setdefault(id(array), offset)
        offset += array.shape[1]
    layout = how[0] if how else _NO_HANDS
    chunks: list[npt.NDArray[np.uint8]] = []
    done = 0
    for first, n, digits in _digit_runs(first_board, count):
        template, ends, kind, place, arg = _template(first, digits, parts, layout, columns)
        full, rest = divmod(n, _PERIOD)
        out = np.empty(full * int(ends[-1]) + int(ends[rest]), dtype=np.uint8)
        _kernels()["records"](
            owners[done : done + n],
            rows[done : done + n],
            np.uint64(first),
            n,
            template,
            ends,
            kind,
            place,
            arg,
            *layout.arguments(),
            out,
        )
        chunks.append(out)
        done += n
    return (chunks[0] if len(chunks) == 1 else np.concatenate(chunks)).data  # = memoryview(array)


def _template(
    first: int, digits: int, parts: Sequence[Part], layout: Hands, columns: dict[int, int]
) -> tuple[
    npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]
]:
    """16 records starting with board ``first``: the bytes they share and where the rest goes."""
    template = bytearray()
    ends = [0]
    places: list[list[tuple[int, int, int, int]]] = []
    for k in range(_PERIOD):
        board = first + k
        start = len(template)
        mine = []
        for part in parts:
            at = len(template) - start
            if isinstance(part, (bytes, bytearray)):
                template += part
            elif isinstance(part, Cycle):
                template += part.texts[board % _PERIOD]
            elif isinstance(part, Hands):
                mine.append((_KIND_HANDS, at, 0, 0))
                template += b"\0" * layout.width
            elif isinstance(part, np.ndarray):
                mine.append((_KIND_ROWS, at, columns[id(part)], part.shape[1]))
                template += b"\0" * part.shape[1]
            elif part == BOARD or part == BOARD2:
                width = digits if part == BOARD else 2
                mine.append((_KIND_BOARD, at, width, 0))
                template += b"\0" * width
            else:
                raise ValueError(f"unknown record part {part!r}")
        places.append(mine)
        ends.append(len(template))
    most = max(1, max(len(m) for m in places))
    kind = np.zeros((_PERIOD, most), dtype=np.int64)
    place = np.zeros((_PERIOD, most), dtype=np.int64)
    arg = np.zeros((_PERIOD, most, 2), dtype=np.int64)
    for k, mine in enumerate(places):
        for j, (what, at, a0, a1) in enumerate(mine):
            kind[k, j], place[k, j], arg[k, j] = what, at, (a0, a1)
    return (np.frombuffer(bytes(template), dtype=np.uint8), np.array(ends, dtype=np.int64), kind, place, arg)

"""Pavlicek's numbering of bridge deals: every number 0 … D−1 ↔ one deal, both directions.

Implements ``../shared/seeds/pavlicek-mapping-bridge-deals.txt`` exactly: cards in Pavlicek's
rank-first order (S A, H A, D A, C A, S K, … C 2), seats N, E, S, W, and at each card the
remaining "space" K is split in proportion to the vacant slots of N, E, S and W.
Number 0 gives North the first 13 cards of that order, East the next 13, South the next 13;
D − 1 gives them to West, South, East and leaves North the last 13.

What it offers:

* ``D`` — the number of deals, 52!/(13!)^4 (96 bits; 12 bytes).
* ``number_to_deal(n) -> Deal`` and ``deal_to_number(deal) -> int`` (the seed's two
  algorithms with Python integers — the reference, easy to audit).
* ``number_to_owners(n)``: the same as a list of seats in deck order (``Deal.owners``).
* ``parse_deal_number(text)`` — a tolerant reader (``1,234``, ``1 234``, ``0x…``) with
  precise errors; ``number_to_bytes``/``number_from_bytes`` (12 bytes, big-endian).
* ``numbers_to_owners(numbers)`` — the fast path: a ``(count, 12)`` uint8 array of
  big-endian numbers → ``(count, 52)`` uint8 owners in deck order, decoded by a numba
  kernel over a precomputed table of multinomial thresholds (see the algorithm notes).

Note: BigDeal numbers deals differently (``dealing.domain.bigdeal``); a BigDeal number is
not a Pavlicek number.

>>> number_to_deal(0).to_pbn()
'N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432'
>>> number_to_deal(D - 1).to_pbn()
'N:432.432.432.5432 765.765.8765.876 T98.JT98.JT9.JT9 AKQJ.AKQ.AKQ.AKQ'
>>> deal_to_number(number_to_deal(12345678901234567890123456789))
12345678901234567890123456789
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import TypedDict

import numpy as np
import numpy.typing as npt

from bridge.cards import Deal
from dealing.domain.errors import DealingError
from dealing.domain.jit import kernel
from dealing.domain.text import Text

__all__ = [
    "D",
    "PAVLICEK_ORDER",
    "number_to_deal",
    "number_to_owners",
    "deal_to_number",
    "parse_deal_number",
    "number_to_bytes",
    "number_from_bytes",
    "numbers_to_owners",
    "numbers_from_ints",
    "numbers_to_ints",
]

D = math.factorial(52) // math.factorial(13) ** 4
assert D == 0xAD55E315634DDA658BF49200

# Pavlicek position p (0 … 51) holds the card of rank p // 4 (ace first) in suit p % 4
# (spades, hearts, diamonds, clubs); its deck-order index (S A = 0 … C 2 = 51) is:
PAVLICEK_ORDER: tuple[int, ...] = tuple((p % 4) * 13 + p // 4 for p in range(52))


def _check_number(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise DealingError(Text.of("number.whole", number=n), field="number")
    if not 0 <= n < D:
        raise DealingError(Text.of("number.range", last=D - 1, number=n), field="number")
    return n


def number_to_owners(number: int) -> list[int]:
    """For each card in deck order, the seat (0 = N … 3 = W) that Pavlicek's ``number`` gives it."""
    i = _check_number(number)
    vacant = [13, 13, 13, 13]
    k = D
    owners = [0] * 52
    for c in range(52, 0, -1):  # the seed's loop: C = 52 … 1
        position = PAVLICEK_ORDER[52 - c]
        for seat in range(4):
            x = k * vacant[seat] // c
            if i < x or seat == 3:
                break
            i -= x
        vacant[seat] -= 1
        owners[position] = seat
        k = x
    return owners


def number_to_deal(number: int) -> Deal:
    """The deal with Pavlicek number ``number`` (0 ≤ number < D)."""
    return Deal(number_to_owners(number))


def deal_to_number(deal: Deal) -> int:
    """Pavlicek's number of ``deal`` (the seed's second algorithm)."""
    owners = [int(seat) for seat in deal.owners]
    vacant = [13, 13, 13, 13]
    k, i = D, 0
    for c in range(52, 0, -1):
        holder = owners[PAVLICEK_ORDER[52 - c]]
        for seat in range(holder):
            i += k * vacant[seat] // c
        x = k * vacant[holder] // c
        vacant[holder] -= 1
        k = x
    return i


_NUMBER_TEXT = re.compile(r"^[0-9][0-9_,' ]*$")


def parse_deal_number(text: str) -> int:
    """Read a deal number written in decimal (``1,234`` ``1 234`` ``1_234`` accepted) or hex (``0x…``).

    >>> parse_deal_number(" 53,644,737,765,488,792,839,237,439,999 ") == D - 1
    True
    """
    raw = str(text).strip()
    if raw.lower().startswith("0x"):
        digits = raw[2:].replace("_", "").lstrip("0")
        try:
            value = int(digits or "0", 16)
        except ValueError:
            raise DealingError(Text.of("number.hex", text=raw[:60]), field="number") from None
    elif _NUMBER_TEXT.match(raw):
        digits = re.sub(r"[_,' ]", "", raw).lstrip("0")
        value = int(digits or "0") if len(digits) <= len(str(D)) else D  # (int() refuses thousands of digits)
    else:
        raise DealingError(Text.of("number.digits", text=raw[:60]), field="number")
    if value >= D:  # said as written (shortened): a number of thousands of digits cannot even be printed
        raise DealingError(
            Text.of("number.range", last=D - 1, number=raw if len(raw) <= 40 else raw[:40] + "…"), field="number"
        )
    return _check_number(value)


def number_to_bytes(number: int) -> bytes:
    """The 12-byte big-endian form of a deal number."""
    return _check_number(number).to_bytes(12, "big")


def number_from_bytes(data: bytes) -> int:
    """Read a 12-byte big-endian deal number (checked to be below D)."""
    if len(data) != 12:
        raise DealingError(Text.of("number.bytes", count=len(data)), field="number")
    return _check_number(int.from_bytes(data, "big"))


def numbers_from_ints(numbers: Iterable[int]) -> np.ndarray:
    """Python ints → ``(count, 12)`` uint8 big-endian array."""
    raw = b"".join(number_to_bytes(n) for n in numbers)
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, 12).copy()


def numbers_to_ints(numbers: np.ndarray) -> list[int]:
    """``(count, 12)`` uint8 big-endian array → Python ints."""
    data = np.ascontiguousarray(numbers, dtype=np.uint8).tobytes()
    return [int.from_bytes(data[k : k + 12], "big") for k in range(0, len(data), 12)]


# --- Fast path -------------------------------------------------------------------------
#
# Algorithm notes.  The space K at any moment is the multinomial count of the deals that
# complete the current partial deal: with n, e, s, w vacant slots, K = (n+e+s+w)!/(n!e!s!w!),
# and the seed's X = K·N/C for seat N is the multinomial of (n−1, e, s, w), etc.  So the
# three cut points of the space — X_N, X_N+X_E, X_N+X_E+X_S — depend only on the vacant
# counts and are tabulated once for all 14^4 states (thresholds[state, 0] = 0 so that the
# base subtracted for the chosen seat is thresholds[state, seat]).  A card's seat is then
# (I ≥ t1) + (I ≥ t2) + (I ≥ t3) — no branches, since a seat without vacant slots has a
# zero-width interval.  Numbers are held as two int64 limbs, value = hi·2^62 + lo, while the
# space exceeds 2^62, then as one int64.

_LIMB = 62
_LOW = (1 << _LIMB) - 1
_STRIDE = (14**3, 14**2, 14, 1)


class _Kernel(TypedDict, total=False):
    decode: Callable[..., None]
    #: th, tl (the thresholds' two limbs), the Pavlicek order, the strides, the two-limb steps
    tables: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], int]


_KERNEL: _Kernel = {}


def _threshold_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # M(state) — the ways to lay out the cards still to place, (n+e+s+w)! / (n! e! s! w!) — for
    # every state at once, in two int64 limbs (value = hi·2^62 + lo, below 2^96), by additions
    # only: M(state) = Σ over the seats with a card left of M(state − that seat's stride), level
    # by level (cards left) from M(no card left) = 1. A hundredth of a second at start-up (the
    # factorials in Python integers took five, a loop over the 14^4 states a tenth).
    size = 14**4
    state = np.arange(size)  # state = n·14³ + e·14² + s·14 + w
    left = [state // stride % 14 for stride in _STRIDE]
    level = left[0] + left[1] + left[2] + left[3]
    m_hi = np.zeros(size, dtype=np.int64)
    m_lo = np.zeros(size, dtype=np.int64)
    m_lo[0] = 1
    for k in range(1, 53):
        here = np.flatnonzero(level == k)
        hi = np.zeros(here.size, dtype=np.int64)
        lo = np.zeros(here.size, dtype=np.int64)
        for seat, stride in enumerate(_STRIDE):
            has = left[seat][here] > 0
            source = np.where(has, here - stride, 0)
            lo += np.where(has, m_lo[source], 0)
            hi += np.where(has, m_hi[source], 0) + (lo >> _LIMB)
            lo &= _LOW
        m_hi[here] = hi
        m_lo[here] = lo
    # Thresholds: the running sums of M(state − stride) over N, E, S (a seat without a card
    # left adds nothing).
    th = np.zeros((size, 4), dtype=np.int64)
    tl = np.zeros((size, 4), dtype=np.int64)
    hi = np.zeros(size, dtype=np.int64)
    lo = np.zeros(size, dtype=np.int64)
    for seat in range(3):
        has = left[seat] > 0
        source = np.where(has, state - _STRIDE[seat], 0)
        lo = lo + np.where(has, m_lo[source], 0)
        hi = hi + np.where(has, m_hi[source], 0) + (lo >> _LIMB)
        lo &= _LOW
        th[:, seat + 1] = hi
        tl[:, seat + 1] = lo
    return th, tl, m_hi


def _k_decode(  # pragma: no cover - numba
    numbers: npt.NDArray[np.uint8],
    owners: npt.NDArray[np.uint8],
    th: npt.NDArray[np.int64],
    tl: npt.NDArray[np.int64],
    order: npt.NDArray[np.int64],
    stride: npt.NDArray[np.int64],
    two_limb_steps: int,
) -> None:
    # Deals are decoded GROUP at a time, step by step, so the table loads of different deals
    # (independent dependency chains) overlap in the CPU instead of waiting one after another.
    group = 8
    low = (1 << 62) - 1
    count = numbers.shape[0]
    hi = np.zeros(group, dtype=np.int64)
    lo = np.zeros(group, dtype=np.int64)
    st = np.zeros(group, dtype=np.int64)
    seats = np.zeros((group, 52), dtype=np.uint8)
    start_state = 13 * (stride[0] + stride[1] + stride[2] + stride[3])
    for base in range(0, count, group):
        m = min(group, count - base)
        for g in range(group):
            i = base + g if g < m else base
            u0 = (
                (np.int64(numbers[i, 0]) << 24)
                | (np.int64(numbers[i, 1]) << 16)
                | (np.int64(numbers[i, 2]) << 8)
                | np.int64(numbers[i, 3])
            )
            u1 = (
                (np.int64(numbers[i, 4]) << 24)
                | (np.int64(numbers[i, 5]) << 16)
                | (np.int64(numbers[i, 6]) << 8)
                | np.int64(numbers[i, 7])
            )
            u2 = (
                (np.int64(numbers[i, 8]) << 24)
                | (np.int64(numbers[i, 9]) << 16)
                | (np.int64(numbers[i, 10]) << 8)
                | np.int64(numbers[i, 11])
            )
            hi[g] = (u0 << 2) | (u1 >> 30)
            lo[g] = ((u1 & 0x3FFFFFFF) << 32) | u2
            st[g] = start_state
        for step in range(two_limb_steps):
            for g in range(group):
                state = st[g]
                h = hi[g]
                x = lo[g]
                h1 = th[state, 1]
                h2 = th[state, 2]
                h3 = th[state, 3]
                seat = (
                    np.int64((h > h1) | ((h == h1) & (x >= tl[state, 1])))
                    + np.int64((h > h2) | ((h == h2) & (x >= tl[state, 2])))
                    + np.int64((h > h3) | ((h == h3) & (x >= tl[state, 3])))
                )
                x -= tl[state, seat]
                h -= th[state, seat]
                borrow = x >> 63
                lo[g] = x + (borrow & (low + 1))
                hi[g] = h + borrow
                st[g] = state - stride[seat]
                seats[g, step] = seat
        for step in range(two_limb_steps, 52):
            for g in range(group):
                state = st[g]
                x = lo[g]
                seat = np.int64(x >= tl[state, 1]) + np.int64(x >= tl[state, 2]) + np.int64(x >= tl[state, 3])
                lo[g] = x - tl[state, seat]
                st[g] = state - stride[seat]
                seats[g, step] = seat
        for g in range(m):
            for step in range(52):
                owners[base + g, order[step]] = seats[g, step]


def _kernel() -> _Kernel:
    if not _KERNEL:
        _KERNEL["decode"] = kernel(_k_decode)
        th, tl, space_hi = _threshold_tables()
        # Steps 0 … two_limb_steps-1 may see a space ≥ 2^62; after that one limb suffices.
        cards = sum((np.arange(14**4) // stride % 14 for stride in _STRIDE), start=np.zeros(14**4, dtype=np.int64))
        two_limb_steps = int((52 - cards[space_hi != 0] + 1).max(initial=0))
        _KERNEL["tables"] = (
            th,
            tl,
            np.array(PAVLICEK_ORDER, dtype=np.int64),
            np.array(_STRIDE, dtype=np.int64),
            two_limb_steps,
        )
    return _KERNEL


def numbers_to_owners(numbers: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Decode a ``(count, 12)`` uint8 array of big-endian Pavlicek numbers (each < D).

    Returns ``(count, 52)`` uint8 owners in deck order (0 = N … 3 = W), written into ``out``
    when given. The caller guarantees every number is below D (the generator only makes such).
    """
    numbers = np.ascontiguousarray(numbers, dtype=np.uint8).reshape(-1, 12)
    if out is None:
        out = np.empty((numbers.shape[0], 52), dtype=np.uint8)
    kernel = _kernel()
    kernel["decode"](numbers, out, *kernel["tables"])
    return out

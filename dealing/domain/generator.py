"""Our dealer (scheme ``v1``): deal *i* of a set is a pure function of a 256-bit key, a label and *i*.

Specified in ``docs/dealing.md`` (byte layouts, tags, test vectors) so that a third party can
reimplement it. In short:

* block ``b = i // 1024`` has the stream ``SHAKE-256(TAG_BLOCK ‖ key ‖ len(label) ‖ label ‖ b)``
  (``len`` 4 bytes and ``b`` 8 bytes, big-endian; label in UTF-8);
* deal ``i`` reads the 36 bytes at offset ``36 · (i mod 1024)`` as three 12-byte big-endian
  candidates and takes the first one below D (rejection, never modulo);
* if all three are ≥ D (3.4 % of deals) it reads 12-byte candidates from the overflow stream
  ``SHAKE-256(TAG_EXTRA ‖ key ‖ len(label) ‖ label ‖ i)`` until one is below D;
* the accepted number is decoded with Pavlicek's mapping (:mod:`dealing.domain.numbering`).

Any deal can be computed alone (one block hash), so sets can be made in parallel chunks and
audited deal by deal. Keys come from :func:`new_key` (``secrets``); the ``random`` module is
never used.

What it offers:

* Reference path (a few obvious lines, Python integers): :func:`deal_number`,
  :func:`deal`, :func:`deal_numbers_reference`.
* Fast path (one SHAKE call per 1,024 deals, a numba kernel for the rejection step, the
  numba Pavlicek decoder of :mod:`dealing.domain.numbering`): :func:`deal_arrays` → ``(numbers (count, 12) uint8 big-endian,
  owners (count, 52) uint8 in deck order)``, :func:`deal_numbers_array`, and
  :func:`deal_chunks` for bounded-memory iteration over an index range.
  Tests check the two paths agree deal for deal.
* :func:`new_key`, :func:`parse_key`, :func:`check_label`.

>>> key = bytes(range(32))
>>> deal_number(key, "doc", 0) == int.from_bytes(deal_numbers_array(key, "doc", 0, 1)[0].tobytes(), "big")
True
>>> deal(key, "doc", 7) == number_to_deal(deal_number(key, "doc", 7))
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterator
from typing import Protocol

import numpy as np
import numpy.typing as npt

from bridge.cards import Deal
from dealing.domain.errors import DealingError
from dealing.domain.jit import kernel
from dealing.domain.numbering import D, number_to_deal, numbers_to_owners
from dealing.domain.pipeline import ordered_map
from dealing.domain.text import Text

__all__ = [
    "SCHEME",
    "TAG_BLOCK",
    "TAG_EXTRA",
    "DEALS_PER_BLOCK",
    "MAX_INDEX",
    "new_key",
    "parse_key",
    "check_label",
    "deal_number",
    "deal",
    "deal_numbers_reference",
    "deal_numbers_array",
    "deal_arrays",
    "deal_chunks",
    "chunk_ranges",
]

SCHEME = "v1"
TAG_BLOCK = b"dealer-v1-block\x00"  # 16 bytes each: domain separation of the two streams
TAG_EXTRA = b"dealer-v1-extra\x00"
DEALS_PER_BLOCK = 1024
CANDIDATE_BYTES = 12
BYTES_PER_DEAL = 3 * CANDIDATE_BYTES
BLOCK_BYTES = DEALS_PER_BLOCK * BYTES_PER_DEAL  # 36,864
KEY_BYTES = 32
MAX_LABEL_BYTES = 1024
MAX_INDEX = 2**63  # deal indices are 0 … 2^63 − 1 (8-byte counters with room to spare)

_D_HI = D >> 64  # first 4 bytes of D, as a number
_D_LO = D & ((1 << 64) - 1)


def new_key() -> bytes:
    """A fresh 256-bit key from the operating system's CSPRNG (``secrets``)."""
    return secrets.token_bytes(KEY_BYTES)


def parse_key(text: str) -> bytes:
    """A key written as 64 hex digits → 32 bytes, with a precise error otherwise."""
    raw = str(text).strip()
    if len(raw) != 2 * KEY_BYTES:
        raise DealingError(Text.of("key.length", digits=2 * KEY_BYTES, count=len(raw)), field="key")
    try:
        return bytes.fromhex(raw)
    except ValueError:
        bad = next(ch for ch in raw if ch not in "0123456789abcdefABCDEF")
        raise DealingError(Text.of("key.hex", char=bad), field="key") from None


def _check_key(key: bytes) -> bytes:
    if not isinstance(key, (bytes, bytearray)) or len(key) != KEY_BYTES:
        raise DealingError(f"a dealing key is {KEY_BYTES} bytes", field="key")
    return bytes(key)


def check_label(label: str) -> bytes:
    """The label's UTF-8 bytes (at most 1,024)."""
    if not isinstance(label, str):
        raise DealingError(f"a label is text, not {type(label).__name__}", field="label")
    data = label.encode("utf-8")
    if len(data) > MAX_LABEL_BYTES:
        raise DealingError(f"a label is at most {MAX_LABEL_BYTES} bytes in UTF-8, not {len(data)}", field="label")
    return data


def _prefix(key: bytes, label: str) -> bytes:
    data = check_label(label)
    return _check_key(key) + len(data).to_bytes(4, "big") + data


def _check_range(start: int, count: int) -> None:
    for name, value in (("start index", start), ("count", count)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DealingError(f"the {name} must be a whole number ≥ 0, not {value!r}", field=name.split()[0])
    if start + count > MAX_INDEX:
        raise DealingError(f"deal indices stop at {MAX_INDEX - 1}", field="count")


# --- Reference path --------------------------------------------------------------------


def _overflow_number(prefix: bytes, i: int) -> int:
    """Deal i's number when its three block candidates are all ≥ D: the overflow stream."""
    want = 16
    read = 0
    while True:
        stream = hashlib.shake_256(TAG_EXTRA + prefix + i.to_bytes(8, "big")).digest(CANDIDATE_BYTES * want)
        for offset in range(read, len(stream), CANDIDATE_BYTES):
            candidate = int.from_bytes(stream[offset : offset + CANDIDATE_BYTES], "big")
            if candidate < D:
                return candidate
        read, want = len(stream), 2 * want


def deal_number(key: bytes, label: str, i: int) -> int:
    """The Pavlicek number of deal ``i`` — the reference definition."""
    _check_range(i, 1)
    prefix = _prefix(key, label)
    block, slot = divmod(i, DEALS_PER_BLOCK)
    stream = hashlib.shake_256(TAG_BLOCK + prefix + block.to_bytes(8, "big")).digest(BYTES_PER_DEAL * (slot + 1))
    mine = stream[BYTES_PER_DEAL * slot :]
    for k in range(3):
        candidate = int.from_bytes(mine[CANDIDATE_BYTES * k : CANDIDATE_BYTES * (k + 1)], "big")
        if candidate < D:
            return candidate
    return _overflow_number(prefix, i)


def deal(key: bytes, label: str, i: int) -> Deal:
    """Deal ``i`` of the set (key, label)."""
    return number_to_deal(deal_number(key, label, i))


def deal_numbers_reference(key: bytes, label: str, start: int, count: int) -> list[int]:
    """Numbers of deals ``start … start+count−1`` by the reference definition (slow, for audits)."""
    _check_range(start, count)
    return [deal_number(key, label, i) for i in range(start, start + count)]


# --- Fast path -------------------------------------------------------------------------


# Algorithm notes.  The fast path hashes whole blocks (one SHAKE-256 call per 1,024 deals,
# via a copy of the hash state already fed with TAG_BLOCK ‖ key ‖ len ‖ label), then a
# numba kernel walks the stream: for each deal it compares its three 12-byte big-endian
# candidates with D (as a 4-byte and an 8-byte limb) and copies the first one below D.
# The few deals with no candidate below D (3.4 %) are finished in Python from the overflow
# stream, as in the reference but from a copied hash state and comparing bytes
# (:func:`_overflow_candidates`, about a microsecond a deal).  Work is done 64 blocks at a
# time so the buffers stay in cache and memory stays bounded.

_SELECT: dict[str, Callable[..., int]] = {}


def _k_select(  # pragma: no cover - numba
    stream: npt.NDArray[np.uint8],
    offset: int,
    count: int,
    numbers: npt.NDArray[np.uint8],
    missing: npt.NDArray[np.int64],
    d_hi: np.uint64,
    d_lo: np.uint64,
) -> int:
    n_missing = 0
    for i in range(count):
        p = offset + 36 * i
        found = False
        for k in range(3):
            q = p + 12 * k
            hi = np.uint64(0)
            for b in range(4):
                hi = (hi << np.uint64(8)) | np.uint64(stream[q + b])
            lo = np.uint64(0)
            for b in range(4, 12):
                lo = (lo << np.uint64(8)) | np.uint64(stream[q + b])
            if hi < d_hi or (hi == d_hi and lo < d_lo):
                for b in range(12):
                    numbers[i, b] = stream[q + b]
                found = True
                break
        if not found:
            missing[n_missing] = i
            n_missing += 1
    return n_missing


def _select_kernel() -> Callable[..., int]:
    if not _SELECT:
        _SELECT["select"] = kernel(_k_select)
    return _SELECT["select"]


_CHUNK_BLOCKS = 64


def _fill_numbers(prefix: bytes, start: int, numbers: np.ndarray) -> None:
    select = _select_kernel()
    count = numbers.shape[0]
    base = hashlib.shake_256(TAG_BLOCK + prefix)
    overflow = hashlib.shake_256(TAG_EXTRA + prefix)
    buffer = np.empty(_CHUNK_BLOCKS * BLOCK_BYTES, dtype=np.uint8)
    missing = np.empty(_CHUNK_BLOCKS * DEALS_PER_BLOCK, dtype=np.int64)
    done = 0
    while done < count:
        i = start + done
        first_block = i // DEALS_PER_BLOCK
        skip = i - first_block * DEALS_PER_BLOCK
        n = min(_CHUNK_BLOCKS * DEALS_PER_BLOCK - skip, count - done)
        blocks = (skip + n + DEALS_PER_BLOCK - 1) // DEALS_PER_BLOCK
        for k in range(blocks):
            h = base.copy()
            h.update((first_block + k).to_bytes(8, "big"))
            buffer[k * BLOCK_BYTES : (k + 1) * BLOCK_BYTES] = np.frombuffer(h.digest(BLOCK_BYTES), dtype=np.uint8)
        part = numbers[done : done + n]
        n_missing = select(buffer, skip * BYTES_PER_DEAL, n, part, missing, np.uint64(_D_HI), np.uint64(_D_LO))
        if n_missing:
            rows = missing[:n_missing]
            found = _overflow_candidates(overflow, prefix, i, rows.tolist())
            part[rows] = np.frombuffer(found, dtype=np.uint8).reshape(n_missing, CANDIDATE_BYTES)
        done += n


# The overflow stream's first 132 bytes (11 candidates) are one SHAKE-256 output block (rate
# 136 bytes): one permutation answers all but 1 in 250,000 of the deals sent here (each candidate
# is below D with probability 0.68); the rest go to the reference, which reads on.
_OVERFLOW_READ = 11 * CANDIDATE_BYTES
_D_BYTES = D.to_bytes(CANDIDATE_BYTES, "big")


class _Shake(Protocol):
    """A SHAKE hash state (``hashlib.shake_256``)."""

    def copy(self) -> _Shake: ...

    def update(self, data: bytes, /) -> None: ...

    def digest(self, length: int) -> bytes: ...


def _overflow_candidates(base: _Shake, prefix: bytes, first: int, slots: list[int]) -> bytes:
    """The numbers of deals ``first + k`` (``k`` in ``slots``) from their overflow streams, as
    12-byte big-endian strings end to end — :func:`_overflow_number` for many deals at once.

    ``base`` is the hash state already fed with ``TAG_EXTRA ‖ prefix``. Equal-length big-endian
    strings compare as their numbers do, so candidates are compared as bytes.
    """
    out = bytearray()
    d = _D_BYTES
    for k in slots:
        h = base.copy()
        h.update((first + k).to_bytes(8, "big"))
        stream = h.digest(_OVERFLOW_READ)
        for offset in range(0, _OVERFLOW_READ, CANDIDATE_BYTES):
            candidate = stream[offset : offset + CANDIDATE_BYTES]
            if candidate < d:
                out += candidate
                break
        else:
            out += _overflow_number(prefix, first + k).to_bytes(CANDIDATE_BYTES, "big")
    return bytes(out)


def deal_numbers_array(key: bytes, label: str, start: int, count: int) -> np.ndarray:
    """Numbers of deals ``start … start+count−1`` as a ``(count, 12)`` uint8 big-endian array."""
    _check_range(start, count)
    prefix = _prefix(key, label)
    numbers = np.empty((count, CANDIDATE_BYTES), dtype=np.uint8)
    _fill_numbers(prefix, start, numbers)
    return numbers


def deal_arrays(key: bytes, label: str, start: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Deals ``start … start+count−1``: ``(numbers (count, 12) uint8 big-endian, owners (count, 52) uint8)``.

    ``owners[k, c]`` is the seat (0 = N … 3 = W) holding card ``c`` in deck order (S A = 0 …
    C 2 = 51) in deal ``start + k`` — the layout of :attr:`Deal.owners`.
    """
    _check_range(start, count)
    prefix = _prefix(key, label)
    numbers = np.empty((count, CANDIDATE_BYTES), dtype=np.uint8)
    owners = np.empty((count, 52), dtype=np.uint8)
    step = _CHUNK_BLOCKS * DEALS_PER_BLOCK
    for done in range(0, count, step):
        n = min(step, count - done)
        _fill_numbers(prefix, start + done, numbers[done : done + n])
        numbers_to_owners(numbers[done : done + n], out=owners[done : done + n])
    return numbers, owners


def chunk_ranges(start: int, count: int, chunk: int = 64 * DEALS_PER_BLOCK) -> Iterator[tuple[int, int]]:
    """``(first_index, n)`` of the chunks :func:`deal_chunks` deals: at most ``chunk`` deals each,
    block-aligned after the first when ``chunk`` is a whole number of blocks."""
    _check_range(start, count)
    if chunk < 1:
        raise DealingError("a chunk holds at least one deal", field="chunk")
    i, stop = start, start + count
    while i < stop:
        n = min(chunk - (i % chunk if chunk % DEALS_PER_BLOCK == 0 else 0), stop - i)
        yield i, n
        i += n


def deal_chunks(
    key: bytes, label: str, start: int, count: int, chunk: int = 64 * DEALS_PER_BLOCK, threads: int = 1
) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
    """Yield ``(first_index, numbers, owners)`` for consecutive chunks of the range; memory stays
    bounded by ``chunk`` whatever ``count`` is. Chunks are block-aligned after the first.

    With ``threads`` > 1 the chunks are dealt on that many threads (they are independent; the
    kernels release the GIL) and still come in order, at most ``threads + 1`` of them at a time.
    """
    ranges = chunk_ranges(start, count, chunk)
    if threads > 1 and count > chunk:
        deal_arrays(key, label, start, 1)  # load the kernels here, not in every thread at once
        yield from ordered_map(lambda r: (r[0], *deal_arrays(key, label, r[0], r[1])), ranges, threads)
        return
    for first, n in ranges:
        numbers, owners = deal_arrays(key, label, first, n)
        yield first, numbers, owners

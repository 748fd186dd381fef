"""Bulk writers for large deal sets: stream an index range of a set to a file, chunk by chunk.

Used by the ``generate_deals`` command and by deal-set jobs: memory stays bounded by the
chunk size (64K deals by default) whatever the count, and every chunk is encoded by compiled
(numba) or numpy code, not a Python loop per deal (the text formats through
:mod:`dealing.domain.deal_text`).

What it offers:

* ``FORMATS`` — the stream formats:

  - ``deals``: one PBN deal string per line, North first (``N:AKQ.… … … …``), 70 bytes a deal;
  - ``pbn``: PBN 2.1 records (``% PBN 2.1`` header; Event = the label, Board = index + 1,
    Dealer and Vulnerable by Law 2's cycle, Deal);
  - ``numbers``: the Pavlicek number of each deal in decimal, one per line;
  - ``csv``: ``index,board,number,deal`` with a header row;
  - ``binary``: each deal's number as 12 bytes big-endian, concatenated, no header.

* :func:`encode_chunk` ``(fmt, first_index, numbers, owners, label) -> bytes`` — one chunk;
  :func:`header` ``(fmt, label) -> bytes``.
* :func:`stream_chunks` — encode any iterator of ``(first_index, numbers, owners)`` chunks
  (from :func:`dealing.domain.generator.deal_chunks`, or BigDeal's chunks) into a binary file.
* :func:`write_deal_set` ``(out, key, label, start, count, fmt)`` — our dealer → file, with an
  optional ``on_progress(done, total)`` callback; ``threads=N`` deals and encodes chunks on N
  threads (:mod:`dealing.domain.pipeline`), written in order.
* :func:`deal_lines` — owners array → ``(count, 69)`` uint8 PBN deal strings (no newline).

>>> import io
>>> buffer = io.BytesIO()
>>> write_deal_set(buffer, bytes(range(32)), "test", 0, 2, "deals")
140
>>> buffer.getvalue().decode().splitlines()[0]
'N:A53.K4.J5.KJ9863 Q7.T3.T72.AQT754 KT84.J652.A963.2 J962.AQ987.KQ84.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

import numpy as np

from bridge.cards import board_dealer, board_vulnerability
from dealing.domain import deal_text
from dealing.domain.errors import DealingError
from dealing.domain.generator import DEALS_PER_BLOCK, chunk_ranges, deal_arrays, deal_chunks
from dealing.domain.numbering import numbers_to_ints
from dealing.domain.pipeline import ordered_map

__all__ = ["FORMATS", "header", "encode_chunk", "stream_chunks", "write_deal_set", "deal_lines", "check_format"]

FORMATS = ("pbn", "deals", "numbers", "csv", "binary")
DEAL_LINE = 69  # "N:" + 52 ranks + 12 dots + 3 spaces


def check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise DealingError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}", field="format")
    return fmt


# --- encoders (dealing.domain.deal_text: a compiled kernel fills each chunk) ---------------------

_LINE = deal_text.Hands(
    [0, 1, 2, 3], [[b"N:", b".", b".", b"."]] + [[b" ", b".", b".", b"."]] * 3, deal_text.RANK_LETTERS
)
_DEALER = deal_text.Cycle([board_dealer(b).letter.encode() for b in range(16, 32)])
_VULNERABLE = deal_text.Cycle([board_vulnerability(b).pbn.encode() for b in range(16, 32)])


def deal_lines(owners: np.ndarray) -> np.ndarray:
    """PBN deal strings, North first, as a ``(count, 69)`` uint8 array (ASCII, no newline)."""
    return deal_text.hands(owners, _LINE)


def _pbn_escape(text: str) -> bytes:
    return text.replace("\\", "\\\\").replace('"', '\\"').encode("utf-8")


def _pbn_records(first_board: int, owners: np.ndarray, label: str) -> memoryview:
    head = b'[Event "' + _pbn_escape(label) + b'"]\n[Site "?"]\n[Date "?"]\n[Board "'
    return deal_text.records(
        first_board,
        owners.shape[0],
        [
            head,
            deal_text.BOARD,
            b'"]\n[Dealer "',
            _DEALER,
            b'"]\n[Vulnerable "',
            _VULNERABLE,
            b'"]\n[Deal "',
            _LINE,
            b'"]\n\n',
        ],
        owners,
    )


# --- formats ---------------------------------------------------------------------------


def header(fmt: str, label: str = "") -> bytes:
    """What a stream in ``fmt`` starts with (empty for the line and binary formats)."""
    check_format(fmt)
    if fmt == "pbn":
        return b'% PBN 2.1\n% EXPORT\n%\n[Generator "clubsite dealer v1"]\n\n'
    if fmt == "csv":
        return b"index,board,number,deal\n"
    return b""


def encode_chunk(fmt: str, first_index: int, numbers: np.ndarray, owners: np.ndarray, label: str = "") -> bytes:
    """Encode deals ``first_index …`` (their numbers and owners arrays) in ``fmt``."""
    return bytes(_encode(fmt, first_index, numbers, owners, label))


def _encode(fmt: str, first_index: int, numbers: np.ndarray, owners: np.ndarray, label: str = "") -> bytes | memoryview:
    """:func:`encode_chunk` as bytes or a memoryview (no copy, for writing straight to a file)."""
    check_format(fmt)
    if fmt == "binary":
        return np.ascontiguousarray(numbers, dtype=np.uint8).reshape(-1).data  # = memoryview(array)
    if fmt == "deals":
        return deal_text.records(first_index + 1, owners.shape[0], [_LINE, b"\n"], owners)
    if fmt == "pbn":
        return _pbn_records(first_index + 1, owners, label)
    values = numbers_to_ints(numbers)
    if fmt == "numbers":
        return ("\n".join(map(str, values)) + "\n").encode("ascii") if values else b""
    lines = deal_lines(owners)
    rows = [
        f"{first_index + k},{first_index + k + 1},{value},{lines[k].tobytes().decode('ascii')}\n"
        for k, value in enumerate(values)
    ]
    return "".join(rows).encode("ascii")


def stream_chunks(
    out: BinaryIO,
    chunks: Iterable[tuple[int, np.ndarray, np.ndarray]],
    fmt: str,
    label: str = "",
    total: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write a header and every chunk to ``out``; return the number of bytes written."""
    written = out.write(header(fmt, label)) or 0
    done = 0
    for first_index, numbers, owners in chunks:
        written += out.write(_encode(fmt, first_index, numbers, owners, label)) or 0
        done += len(numbers)
        if on_progress is not None:
            on_progress(done, total if total is not None else done)
    return written


def write_deal_set(
    out: BinaryIO,
    key: bytes,
    label: str,
    start: int,
    count: int,
    fmt: str,
    chunk: int = 64 * DEALS_PER_BLOCK,
    on_progress: Callable[[int, int], None] | None = None,
    threads: int = 1,
) -> int:
    """Stream deals ``start … start+count−1`` of the set (key, label) to ``out`` in ``fmt``.

    With ``threads`` > 1, chunks are dealt and encoded on that many threads (they are
    independent) and written in order by the calling thread.
    """
    check_format(fmt)
    if threads <= 1 or count <= chunk:
        chunks: Iterator[tuple[int, np.ndarray, np.ndarray]] = deal_chunks(key, label, start, count, chunk=chunk)
        return stream_chunks(out, chunks, fmt, label, total=count, on_progress=on_progress)

    def job(part: tuple[int, int]) -> tuple[int, bytes | memoryview]:
        first, n = part
        numbers, owners = deal_arrays(key, label, first, n)
        return n, _encode(fmt, first, numbers, owners, label)

    job((start, 1))  # load the kernels here, not in every thread at once
    written = out.write(header(fmt, label)) or 0
    done = 0
    for n, data in ordered_map(job, chunk_ranges(start, count, chunk), threads):
        written += out.write(data) or 0
        done += n
        if on_progress is not None:
            on_progress(done, count)
    return written

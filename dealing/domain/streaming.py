"""Bulk writers for large deal sets: stream an index range of a set to a file, chunk by chunk.

Used by the ``generate_deals`` command and by deal-set jobs: memory stays bounded by the
chunk size (64K deals by default) whatever the count, and every chunk is encoded by compiled
(numba) or numpy code, not a Python loop per deal.

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
  optional ``on_progress(done, total)`` callback.
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

from dealing.domain.errors import DealingError
from dealing.domain.generator import DEALS_PER_BLOCK, deal_chunks
from dealing.domain.numbering import numbers_to_ints

__all__ = ["FORMATS", "header", "encode_chunk", "stream_chunks", "write_deal_set", "deal_lines", "check_format"]

FORMATS = ("pbn", "deals", "numbers", "csv", "binary")
DEAL_LINE = 69  # "N:" + 52 ranks + 12 dots + 3 spaces
_RANKS = np.frombuffer(b"AKQJT98765432", dtype=np.uint8)
_VULNERABLE = [b"None", b"NS", b"EW", b"All"]
_KERNELS: dict = {}


def check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise DealingError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}", field="format")
    return fmt


# --- compiled encoders -----------------------------------------------------------------


def _k_deal_lines(owners, ranks, out):  # pragma: no cover - compiled by numba
    # Two passes over the 52 cards: count each seat's suit lengths, which fixes where every
    # suit of every hand starts (hand h starts at 2 + 17h: 13 cards, 3 dots, 1 space), then
    # drop each card's rank letter at its place. Cards come in deck order, so ranks within a
    # suit come out highest first.
    pos = np.empty(16, dtype=np.int64)
    for i in range(owners.shape[0]):
        for k in range(16):
            pos[k] = 0
        for c in range(52):
            pos[owners[i, c] * 4 + c // 13] += 1
        for seat in range(4):
            p = 2 + 17 * seat
            for suit in range(4):
                length = pos[seat * 4 + suit]
                pos[seat * 4 + suit] = p
                p += length
                if suit < 3:
                    out[i, p] = 46
                    p += 1
            if seat < 3:
                out[i, p] = 32
        out[i, 0] = 78
        out[i, 1] = 58
        for c in range(52):
            k = owners[i, c] * 4 + c // 13
            out[i, pos[k]] = ranks[c % 13]
            pos[k] += 1


def _k_pbn_records(lines, first_board, head, mid, vul_text, vul_len, tail, out):  # pragma: no cover
    # Record: head <board> mid <dealer> '"]\n[Vulnerable "' <vul> '"]\n[Deal "' <line> '"]\n\n'
    p = 0
    digits = np.empty(24, dtype=np.uint8)
    for i in range(lines.shape[0]):
        board = first_board + i
        for k in range(head.shape[0]):
            out[p] = head[k]
            p += 1
        n = 0
        b = board
        while True:
            digits[n] = 48 + b % 10
            n += 1
            b //= 10
            if b == 0:
                break
        for k in range(n):
            out[p] = digits[n - 1 - k]
            p += 1
        for k in range(mid.shape[0]):
            out[p] = mid[k]
            p += 1
        dealer = (board - 1) % 4
        if dealer == 0:
            out[p] = 78
        elif dealer == 1:
            out[p] = 69
        elif dealer == 2:
            out[p] = 83
        else:
            out[p] = 87
        p += 1
        k = (board - 1) % 16
        v = (k % 4 + k // 4) % 4
        for c in range(tail.shape[0]):
            if tail[c] == 0:  # marker: the vulnerability goes here
                for q in range(vul_len[v]):
                    out[p] = vul_text[v, q]
                    p += 1
            elif tail[c] == 1:  # marker: the deal string goes here
                for q in range(lines.shape[1]):
                    out[p] = lines[i, q]
                    p += 1
            else:
                out[p] = tail[c]
                p += 1
    return p


def _kernels() -> dict:
    if not _KERNELS:
        import numba

        jit = numba.njit(cache=True, nogil=True)
        _KERNELS["lines"] = jit(_k_deal_lines)
        _KERNELS["pbn"] = jit(_k_pbn_records)
    return _KERNELS


def deal_lines(owners: np.ndarray) -> np.ndarray:
    """PBN deal strings, North first, as a ``(count, 69)`` uint8 array (ASCII, no newline)."""
    owners = np.ascontiguousarray(owners, dtype=np.uint8).reshape(-1, 52)
    out = np.empty((owners.shape[0], DEAL_LINE), dtype=np.uint8)
    _kernels()["lines"](owners, _RANKS, out)
    return out


def _pbn_escape(text: str) -> bytes:
    return text.replace("\\", "\\\\").replace('"', '\\"').encode("utf-8")


def _pbn_records(first_board: int, owners: np.ndarray, label: str) -> bytes:
    lines = deal_lines(owners)
    head = np.frombuffer(b'[Event "' + _pbn_escape(label) + b'"]\n[Site "?"]\n[Date "?"]\n[Board "', dtype=np.uint8)
    mid = np.frombuffer(b'"]\n[Dealer "', dtype=np.uint8)
    tail = np.frombuffer(b'"]\n[Vulnerable "\x00"]\n[Deal "\x01"]\n\n', dtype=np.uint8)
    vul_text = np.zeros((4, 4), dtype=np.uint8)
    vul_len = np.zeros(4, dtype=np.int64)
    for k, text in enumerate(_VULNERABLE):
        vul_text[k, :len(text)] = np.frombuffer(text, dtype=np.uint8)
        vul_len[k] = len(text)
    per_record = head.shape[0] + 20 + mid.shape[0] + 1 + tail.shape[0] + 4 + DEAL_LINE
    out = np.empty(per_record * lines.shape[0], dtype=np.uint8)
    used = _kernels()["pbn"](lines, first_board, head, mid, vul_text, vul_len, tail, out)
    return out[:used].tobytes()


# --- formats ---------------------------------------------------------------------------


def header(fmt: str, label: str = "") -> bytes:
    """What a stream in ``fmt`` starts with (empty for the line and binary formats)."""
    check_format(fmt)
    if fmt == "pbn":
        return b"% PBN 2.1\n% EXPORT\n%\n[Generator \"clubsite dealer v1\"]\n\n"
    if fmt == "csv":
        return b"index,board,number,deal\n"
    return b""


def encode_chunk(fmt: str, first_index: int, numbers: np.ndarray, owners: np.ndarray, label: str = "") -> bytes:
    """Encode deals ``first_index …`` (their numbers and owners arrays) in ``fmt``."""
    check_format(fmt)
    if fmt == "binary":
        return np.ascontiguousarray(numbers, dtype=np.uint8).tobytes()
    if fmt == "deals":
        lines = deal_lines(owners)
        with_newline = np.empty((lines.shape[0], DEAL_LINE + 1), dtype=np.uint8)
        with_newline[:, :DEAL_LINE] = lines
        with_newline[:, DEAL_LINE] = 10
        return with_newline.tobytes()
    if fmt == "pbn":
        return _pbn_records(first_index + 1, owners, label)
    values = numbers_to_ints(numbers)
    if fmt == "numbers":
        return ("\n".join(map(str, values)) + "\n").encode("ascii") if values else b""
    lines = deal_lines(owners)
    rows = [f"{first_index + k},{first_index + k + 1},{value},{lines[k].tobytes().decode('ascii')}\n"
            for k, value in enumerate(values)]
    return "".join(rows).encode("ascii")


def stream_chunks(out: BinaryIO, chunks: Iterable[tuple[int, np.ndarray, np.ndarray]], fmt: str,
                  label: str = "", total: int | None = None,
                  on_progress: Callable[[int, int], None] | None = None) -> int:
    """Write a header and every chunk to ``out``; return the number of bytes written."""
    written = out.write(header(fmt, label)) or 0
    done = 0
    for first_index, numbers, owners in chunks:
        written += out.write(encode_chunk(fmt, first_index, numbers, owners, label)) or 0
        done += len(numbers)
        if on_progress is not None:
            on_progress(done, total if total is not None else done)
    return written


def write_deal_set(out: BinaryIO, key: bytes, label: str, start: int, count: int, fmt: str,
                   chunk: int = 64 * DEALS_PER_BLOCK,
                   on_progress: Callable[[int, int], None] | None = None) -> int:
    """Stream deals ``start … start+count−1`` of the set (key, label) to ``out`` in ``fmt``."""
    check_format(fmt)
    chunks: Iterator = deal_chunks(key, label, start, count, chunk=chunk)
    return stream_chunks(out, chunks, fmt, label, total=count, on_progress=on_progress)

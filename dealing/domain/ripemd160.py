"""RIPEMD-160 in pure Python: the fallback for OpenSSL builds whose ``hashlib`` lacks it.

What it offers:

* :func:`ripemd160` ``(data) -> bytes`` — the 20-byte digest. It uses ``hashlib`` when
  OpenSSL provides RIPEMD-160 and this module's own implementation otherwise.
* :func:`ripemd160_pure` — always this module's implementation (tests compare the two).
* :func:`compress` and the round tables (``R_LEFT``, ``R_RIGHT``, ``S_LEFT``, ``S_RIGHT``,
  ``K_LEFT``, ``K_RIGHT``, ``H0``) — shared with the compiled BigDeal kernel in
  :mod:`dealing.domain.bigdeal`, so the constants live in one place.

Source: H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A Strengthened Version of
RIPEMD" (1996), the algorithm BigDeal hashes with (``../shared/specs/bigdeal-squaredeal.md``
§1). Some OpenSSL 3 builds move RIPEMD-160 to the "legacy" provider, so
``hashlib.new("ripemd160")`` may raise; BigDeal compatibility must not depend on that.

>>> ripemd160_pure(b"abc").hex()
'8eb208f7e05d987a9b044a8e98c6b087f15a0bfc'
>>> ripemd160(b"abc") == ripemd160_pure(b"abc")
True
"""

from __future__ import annotations

import hashlib
import struct

__all__ = ["ripemd160", "ripemd160_pure", "hashlib_has_ripemd160", "compress", "H0"]

H0 = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)

# Message word selected at each of the 80 steps, left and right lines.
R_LEFT = (
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
    3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
    1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
    4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
)  # fmt: skip
R_RIGHT = (
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
    6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
    15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
    8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
    12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
)  # fmt: skip
# Left-rotation amounts.
S_LEFT = (
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
    7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
    11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
    11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
    9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
)  # fmt: skip
S_RIGHT = (
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
    9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
    9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
    15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
    8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
)  # fmt: skip
K_LEFT = (0x00000000, 0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xA953FD4E)
K_RIGHT = (0x50A28BE6, 0x5C4DD124, 0x6D703EF3, 0x7A6D76E9, 0x00000000)

_MASK = 0xFFFFFFFF


def _f(round_: int, x: int, y: int, z: int) -> int:
    """The five boolean functions, one per round of 16 steps."""
    if round_ == 0:
        return x ^ y ^ z
    if round_ == 1:
        return (x & y) | (~x & z)
    if round_ == 2:
        return (x | ~y) ^ z
    if round_ == 3:
        return (x & z) | (y & ~z)
    return x ^ (y | ~z)


def _rol(x: int, n: int) -> int:
    x &= _MASK
    return ((x << n) | (x >> (32 - n))) & _MASK


def compress(state: tuple[int, int, int, int, int], words: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """One RIPEMD-160 compression: 5 state words and 16 little-endian message words in."""
    al, bl, cl, dl, el = state
    ar, br, cr, dr, er = state
    for j in range(80):
        rnd = j // 16
        t = _rol(al + _f(rnd, bl, cl, dl) + words[R_LEFT[j]] + K_LEFT[rnd], S_LEFT[j]) + el
        al, el, dl, cl, bl = el, dl, _rol(cl, 10), bl, t & _MASK
        t = _rol(ar + _f(4 - rnd, br, cr, dr) + words[R_RIGHT[j]] + K_RIGHT[rnd], S_RIGHT[j]) + er
        ar, er, dr, cr, br = er, dr, _rol(cr, 10), br, t & _MASK
    h0, h1, h2, h3, h4 = state
    return (
        (h1 + cl + dr) & _MASK,
        (h2 + dl + er) & _MASK,
        (h3 + el + ar) & _MASK,
        (h4 + al + br) & _MASK,
        (h0 + bl + cr) & _MASK,
    )


def ripemd160_pure(data: bytes) -> bytes:
    """The RIPEMD-160 digest of ``data``, computed by this module."""
    data = bytes(data)
    padded = data + b"\x80" + b"\x00" * ((55 - len(data)) % 64) + struct.pack("<Q", 8 * len(data))
    state = H0
    for offset in range(0, len(padded), 64):
        state = compress(state, struct.unpack_from("<16I", padded, offset))
    return struct.pack("<5I", *state)


def hashlib_has_ripemd160() -> bool:
    """Whether this Python's OpenSSL offers RIPEMD-160 through ``hashlib``."""
    try:
        hashlib.new("ripemd160", b"")
    except (ValueError, TypeError):
        return False
    return True


_HAVE_HASHLIB = hashlib_has_ripemd160()


def ripemd160(data: bytes) -> bytes:
    """The RIPEMD-160 digest of ``data`` (OpenSSL's when available, else :func:`ripemd160_pure`)."""
    if _HAVE_HASHLIB:
        return hashlib.new("ripemd160", data).digest()
    return ripemd160_pure(data)

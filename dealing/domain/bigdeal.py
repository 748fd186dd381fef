"""BigDeal 2.0, bit for bit: RIPEMD-160 counter mode and BigDeal's own (Gödel) numbering.

Implements ``../shared/specs/bigdeal-squaredeal.md`` §1 (checked against the WBG 2024
SquareDeal files, which exercise every step). Given the same ``seed_random`` and owner,
these functions produce the same deals as ``bigdealx`` (any version since 1.0).

Stable interface (used by the formats module and the ``bigdeal`` command):

* ``seed_random_from_entropy(strings: list[bytes | str]) -> bytes`` — RIPEMD-160 of the
  concatenation of every entropy string (``-e`` options in argv order; ``str`` is UTF-8).
* ``seed_from_hex(hex40: str) -> bytes`` — bigdealx ``-h``: exactly 40 hex digits → 20 bytes.
* ``owner_hash(owner: str | bytes) -> bytes`` — RIPEMD-160 of the owner string (``-W`` or the
  ``owner=`` line of ``.bigdealrc``; :data:`DEFAULT_OWNER` when missing).
* ``bigdeal_numbers(seed_random, owner_hash, count) -> list[int]`` — the Gödel numbers of the
  first ``count`` deals (the counter starts at 1; candidates ≥ D are rejected).
* ``bigdeal_deals(seed_random, owner_hash, first_board, last_board) -> list[tuple[int, Deal]]``
  — board numbers with their deals. Like bigdealx ``-n lo-hi``, the counter restarts at 1
  whatever the first board is: ``-n 17-32`` deals what boards 1-16 of ``-n 16`` get.
* ``godel_to_deal(g) -> Deal`` and ``deal_to_godel(deal) -> int`` — the Kuipers/Homburg
  numbering (spec §1.4), exact in both directions over 0 … D−1.
* ``bigdeal_board_attributes(board) -> (Seat, Vulnerability)`` — dealer ``"WNES"[board % 4]``
  and BigDeal's 16-board vulnerability table (the same as Law 2).
* Fast path for large sets: ``bigdeal_arrays(seed_random, owner_hash, count)`` returns
  ``(numbers, owners)`` as numpy arrays — ``numbers`` is ``(count, 12)`` uint8 big-endian,
  ``owners`` is ``(count, 52)`` uint8 in deck order (like :attr:`Deal.owners`). It runs
  RIPEMD-160 and the Gödel decoding in numba kernels (the decoding card by card, eight deals
  side by side) and agrees deal for deal with the reference functions above (tests check both
  against ``hashlib`` and the real bigdealx's files). ``bigdeal_chunks`` yields the same
  arrays a chunk at a time; :mod:`dealing.domain.formats.bulk` writes them in every format.

The PRNG (spec §1.3): ``h = RIPEMD160(seq as 4 bytes little-endian ‖ seed_random ‖
owner_hash)`` for seq = 1, 2, …; the candidate is the first 12 bytes of ``h`` read
big-endian; a candidate ≥ D is skipped (never reduced modulo D).

>>> godel_to_deal(0).to_pbn()
'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
>>> deal_to_godel(godel_to_deal(12345678901234567890123456789))
12345678901234567890123456789
>>> godel_to_deal(12345678901234567890123456789).hand(Seat.NORTH).to_pbn()
'A5.AK.AKQ5.AKQ93'
"""

from __future__ import annotations

import itertools
import math
import struct
from collections.abc import Callable, Iterable, Iterator
from typing import TypedDict

import numpy as np
import numpy.typing as npt

from bridge.cards import Deal, Seat, Vulnerability, board_dealer, board_vulnerability
from dealing.domain import ripemd160 as rmd
from dealing.domain.errors import DealingError
from dealing.domain.jit import kernel as jit
from dealing.domain.pipeline import ordered_map
from dealing.domain.ripemd160 import ripemd160

__all__ = [
    "D",
    "DEFAULT_OWNER",
    "seed_random_from_entropy",
    "seed_from_hex",
    "owner_hash",
    "bigdeal_candidate",
    "bigdeal_numbers",
    "bigdeal_deals",
    "bigdeal_arrays",
    "godel_to_deal",
    "godel_to_owners",
    "godel_to_owners_array",
    "bigdeal_chunks",
    "deal_to_godel",
    "bigdeal_board_attributes",
]

D = math.factorial(52) // math.factorial(13) ** 4
assert D == 0xAD55E315634DDA658BF49200

DEFAULT_OWNER = "Identification of owner or tournament"
MAX_BOARDS = 1_000_000_000  # bigdealx's limit (spec §2)

_C39 = math.comb(39, 13)
_C26 = math.comb(26, 13)


def _as_bytes(value: bytes | str, what: str) -> bytes:
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise DealingError(f"{what} must be text or bytes, not {type(value).__name__}", field=what)


def seed_random_from_entropy(strings: Iterable[bytes | str]) -> bytes:
    """BigDeal's 160-bit seed from collected entropy: RIPEMD-160 of the concatenation.

    >>> seed_random_from_entropy(["ab", b"c"]) == seed_random_from_entropy(["abc"])
    True
    """
    return ripemd160(b"".join(_as_bytes(s, "entropy") for s in strings))


def seed_from_hex(hex40: str) -> bytes:
    """bigdealx ``-h``: 40 hex digits (either case) → the 20-byte seed.

    >>> seed_from_hex("0123456789ABCDEF0123456789abcdef01234567").hex()
    '0123456789abcdef0123456789abcdef01234567'
    """
    text = str(hex40).strip()
    if len(text) != 40:
        raise DealingError(f"a BigDeal seed is exactly 40 hex digits, not {len(text)}", field="seed")
    try:
        return bytes.fromhex(text)
    except ValueError:
        bad = next(ch for ch in text if ch not in "0123456789abcdefABCDEF")
        raise DealingError(f"a BigDeal seed is hex digits only; {bad!r} is not one", field="seed") from None


def owner_hash(owner: str | bytes) -> bytes:
    """RIPEMD-160 of the owner string, as BigDeal hashes it (no terminator)."""
    return ripemd160(_as_bytes(owner, "owner"))


def _check_seed(seed_random: bytes, owner: bytes) -> None:
    for name, value in (("seed", seed_random), ("owner hash", owner)):
        if not isinstance(value, (bytes, bytearray)) or len(value) != 20:
            raise DealingError(f"the {name} must be 20 bytes (a RIPEMD-160 digest)", field=name.replace(" ", "_"))


def bigdeal_candidate(seed_random: bytes, owner: bytes, seq: int) -> int:
    """The 96-bit candidate for counter value ``seq`` (may be ≥ D, then BigDeal skips it)."""
    digest = ripemd160(struct.pack("<I", seq) + bytes(seed_random) + bytes(owner))
    return int.from_bytes(digest[:12], "big")


def _check_count(count: int) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_BOARDS:
        raise DealingError(f"the number of deals must be 0 … {MAX_BOARDS}, not {count!r}", field="count")
    return count


def bigdeal_numbers(seed_random: bytes, owner: bytes, count: int) -> list[int]:
    """The Gödel numbers of the first ``count`` deals BigDeal makes from this seed and owner."""
    _check_seed(seed_random, owner)
    _check_count(count)
    numbers: list[int] = []
    seq = 0
    while len(numbers) < count:
        seq += 1
        g = bigdeal_candidate(seed_random, owner, seq)
        if g < D:
            numbers.append(g)
    return numbers


def bigdeal_deals(seed_random: bytes, owner: bytes, first_board: int, last_board: int) -> list[tuple[int, Deal]]:
    """Boards ``first_board … last_board`` as bigdealx ``-n first-last`` deals them.

    The counter restarts at 1, so the deal of board ``first_board`` is BigDeal's first deal.
    """
    for name, value in (("first board", first_board), ("last board", last_board)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_BOARDS:
            raise DealingError(f"the {name} must be 1 … {MAX_BOARDS}, not {value!r}", field="boards")
    if last_board < first_board:
        raise DealingError(f"board range {first_board}-{last_board} runs backwards", field="boards")
    numbers = bigdeal_numbers(seed_random, owner, last_board - first_board + 1)
    return [(first_board + k, godel_to_deal(g)) for k, g in enumerate(numbers)]


def bigdeal_board_attributes(board: int) -> tuple[Seat, Vulnerability]:
    """Dealer and vulnerability BigDeal writes for a board (identical to Law 2's cycle)."""
    return board_dealer(board), board_vulnerability(board)


# --- Gödel numbering -------------------------------------------------------------------
#
# Algorithm notes (spec §1.4, BigDeal's binomial.c and output.c).  Cards are numbered in
# deck order (S A … C 2).  North's 13-subset of the 52 cards is the most significant
# "digit", then East's subset of the 39 cards left, then South's of the 26 left; West gets
# the rest:  g = C(39,13)·C(26,13)·G_N + C(26,13)·G_E + G_S.
# A hand with indices i_0 < … < i_12 into the n cards still unassigned is written with
# a_j = i_j − j (non-decreasing) and
#     G = Σ_j [ C(n − a_{j−1} − j, 13 − j) − C(n − a_j − j, 13 − j) ],  a_{−1} = 0.
# BigDeal decodes North against the whole g multiplied out; dividing first (divmod by the
# product of the lower radices) gives the same a_j because the remainder is < the radix.


def _c(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def _hand_code(indices: list[int], n: int) -> int:
    code, prev = 0, 0
    for j, i in enumerate(indices):
        a = i - j
        code += _c(n - prev - j, 13 - j) - _c(n - a - j, 13 - j)
        prev = a
    return code


def _hand_indices(code: int, n: int) -> list[int]:
    indices, a = [], 0
    for j in range(13):
        top = _c(n - a - j, 13 - j)
        b = a
        while top - _c(n - b - 1 - j, 13 - j) <= code:
            b += 1
        code -= top - _c(n - b - j, 13 - j)
        indices.append(b + j)
        a = b
    return indices


def _check_number(g: int) -> int:
    if isinstance(g, bool) or not isinstance(g, int):
        raise DealingError(f"a deal number must be a whole number, not {g!r}", field="number")
    if not 0 <= g < D:
        raise DealingError(f"a deal number must be 0 … {D - 1}, not {g}", field="number")
    return g


def godel_to_owners(g: int) -> list[int]:
    """For each card in deck order, the seat (0 = N … 3 = W) that BigDeal's number ``g`` gives it."""
    _check_number(g)
    code_n, rest = divmod(g, _C39 * _C26)
    code_e, code_s = divmod(rest, _C26)
    owners = [3] * 52
    remaining = list(range(52))
    for seat, n, code in ((0, 52, code_n), (1, 39, code_e), (2, 26, code_s)):
        picked = _hand_indices(code, n)
        for k in picked:
            owners[remaining[k]] = seat
        chosen = set(picked)
        remaining = [card for k, card in enumerate(remaining) if k not in chosen]
    return owners


def godel_to_deal(g: int) -> Deal:
    """The deal with BigDeal number ``g`` (0 ≤ g < D)."""
    return Deal(godel_to_owners(g))


def deal_to_godel(deal: Deal) -> int:
    """BigDeal's number of ``deal``."""
    owners = [int(seat) for seat in deal.owners]
    remaining = list(range(52))
    codes = []
    for seat, n in ((0, 52), (1, 39), (2, 26)):
        codes.append(_hand_code([k for k, card in enumerate(remaining) if owners[card] == seat], n))
        remaining = [card for card in remaining if owners[card] != seat]
    return (codes[0] * _C39 + codes[1]) * _C26 + codes[2]


# --- Fast path -------------------------------------------------------------------------
#
# Algorithm notes.  The kernels below run in numba (compiled on first use, cached on disk).
# RIPEMD-160 of the 44-byte message seq ‖ seed ‖ owner is one 64-byte block: words 0 … 10
# are the message (word 0 is seq itself, the words are little-endian), word 11 is the 0x80
# pad byte, word 14 the bit length 352.  The candidate's three big-endian 32-bit limbs are
# the byte-swapped digest words h0, h1, h2.  The accepted numbers are split into the three
# hand codes G_N, G_E, G_S < 2^40 by dividing by C(26,13) and then by C(39,13) with
# 16-bit-limb long division (every partial remainder fits in 64 bits).
#
# A hand code is the lexicographic rank of the hand's 13-subset of the n cards still free
# (the formula above: each card x that the hand skips before its next card adds
# C(n − x − 1, r − 1), r being the cards it still has to take).  So the deal is decoded card
# by card in deck order, the three codes side by side: card x goes to North if North's code
# is below C(51 − x, r_N − 1), else the count is taken off North's code and East, then South,
# is asked the same about the cards North did not take; what nobody takes is West's.  The
# steps are written without branches (the comparisons become 0/1 factors) and eight deals
# are decoded together, so their independent chains of table look-ups overlap in the CPU.

#: The constant arrays the kernels read: RIPEMD-160's R_LEFT, R_RIGHT, S_LEFT, S_RIGHT, K_LEFT, K_RIGHT, H0,
#: then the binomial table and the cut table.
_Tables = tuple[npt.NDArray[np.int64], ...]


class _Kernels(TypedDict, total=False):
    bigdeal: Callable[..., tuple[int, int]]
    decode_many: Callable[..., None]
    tables: _Tables


_KERNELS: _Kernels = {}
_GROUP = 8


def _tables() -> _Tables:
    binom = np.zeros((53, 14), dtype=np.int64)
    for n in range(53):
        for k in range(14):
            binom[n, k] = _c(n, k)
    # cut[m + 1, r] = C(m, r − 1): the number of ways to finish a hand that still takes r cards
    # from the m cards after this one (0 when r = 0 or m = −1).
    cut = np.zeros((53, 14), dtype=np.int64)
    for m in range(-1, 52):
        for r in range(1, 14):
            cut[m + 1, r] = _c(m, r - 1)
    return (
        np.array(rmd.R_LEFT, dtype=np.int64),
        np.array(rmd.R_RIGHT, dtype=np.int64),
        np.array(rmd.S_LEFT, dtype=np.int64),
        np.array(rmd.S_RIGHT, dtype=np.int64),
        np.array(rmd.K_LEFT, dtype=np.int64),
        np.array(rmd.K_RIGHT, dtype=np.int64),
        np.array(rmd.H0, dtype=np.int64),
        binom,
        cut,
    )


def _k_rmd_block(  # pragma: no cover - compiled by numba
    x: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
    rl: npt.NDArray[np.int64],
    rr: npt.NDArray[np.int64],
    sl: npt.NDArray[np.int64],
    sr: npt.NDArray[np.int64],
    kl: npt.NDArray[np.int64],
    kr: npt.NDArray[np.int64],
    h0: npt.NDArray[np.int64],
) -> None:
    mask = 0xFFFFFFFF
    al = h0[0]
    bl = h0[1]
    cl = h0[2]
    dl = h0[3]
    el = h0[4]
    ar = al
    br = bl
    cr = cl
    dr = dl
    er = el
    for j in range(80):
        rnd = j // 16
        if rnd == 0:
            f = bl ^ cl ^ dl
            g = br ^ (cr | (~dr & mask))
        elif rnd == 1:
            f = (bl & cl) | ((~bl & mask) & dl)
            g = (br & dr) | (cr & (~dr & mask))
        elif rnd == 2:
            f = (bl | (~cl & mask)) ^ dl
            g = (br | (~cr & mask)) ^ dr
        elif rnd == 3:
            f = (bl & dl) | (cl & (~dl & mask))
            g = (br & cr) | ((~br & mask) & dr)
        else:
            f = bl ^ (cl | (~dl & mask))
            g = br ^ cr ^ dr
        t = (al + (f & mask) + x[rl[j]] + kl[rnd]) & mask
        t = (((t << sl[j]) | (t >> (32 - sl[j]))) & mask) + el
        al = el
        el = dl
        dl = ((cl << 10) | (cl >> 22)) & mask
        cl = bl
        bl = t & mask
        t = (ar + (g & mask) + x[rr[j]] + kr[rnd]) & mask
        t = (((t << sr[j]) | (t >> (32 - sr[j]))) & mask) + er
        ar = er
        er = dr
        dr = ((cr << 10) | (cr >> 22)) & mask
        cr = br
        br = t & mask
    out[0] = (h0[1] + cl + dr) & mask
    out[1] = (h0[2] + dl + er) & mask
    out[2] = (h0[3] + el + ar) & mask


def _k_bswap32(v: int) -> int:  # pragma: no cover - compiled by numba
    return ((v & 0xFF) << 24) | ((v & 0xFF00) << 8) | ((v >> 8) & 0xFF00) | ((v >> 24) & 0xFF)


def _k_codes(  # pragma: no cover - compiled by numba
    l0: int,
    l1: int,
    l2: int,
    binom: npt.NDArray[np.int64],
    codes: npt.NDArray[np.int64],
    i: int,
    limbs: npt.NDArray[np.int64],
) -> None:
    """The hand codes G_N, G_E, G_S of the number with 32-bit limbs l0 (most significant), l1, l2."""
    c26 = binom[26, 13]
    c39 = binom[39, 13]
    limbs[0] = l0 >> 16
    limbs[1] = l0 & 0xFFFF
    limbs[2] = l1 >> 16
    limbs[3] = l1 & 0xFFFF
    limbs[4] = l2 >> 16
    limbs[5] = l2 & 0xFFFF
    r = 0
    for k in range(6):
        cur = (r << 16) | limbs[k]
        limbs[k] = cur // c26
        r = cur - limbs[k] * c26
    codes[i, 2] = r
    r = 0
    code_n = 0
    for k in range(6):
        cur = (r << 16) | limbs[k]
        q = cur // c39
        r = cur - q * c39
        code_n = (code_n << 16) | q
    codes[i, 0] = code_n
    codes[i, 1] = r


def _k_owners(
    codes: npt.NDArray[np.int64], owners: npt.NDArray[np.uint8], cut: npt.NDArray[np.int64]
) -> None:  # pragma: no cover - compiled by numba
    """Decode the hand codes ``codes[i] = (G_N, G_E, G_S)`` into ``owners[i]``, eight deals at a time."""
    group = 8
    count = codes.shape[0]
    code = np.zeros((3, group), dtype=np.int64)
    left = np.zeros((3, group), dtype=np.int64)  # cards each hand still takes
    seen_e = np.zeros(group, dtype=np.int64)  # cards North did not take, so far
    seen_s = np.zeros(group, dtype=np.int64)  # cards North and East did not take, so far
    seats = np.zeros((group, 52), dtype=np.uint8)
    for base in range(0, count, group):
        m = min(group, count - base)
        for g in range(group):
            i = base + g if g < m else base
            for h in range(3):
                code[h, g] = codes[i, h]
                left[h, g] = 13
            seen_e[g] = 0
            seen_s[g] = 0
        for x in range(52):
            for g in range(group):
                t = cut[52 - x, left[0, g]]
                c = code[0, g]
                north = np.int64(c < t)
                code[0, g] = c - (1 - north) * t
                left[0, g] -= north
                rest = 1 - north
                e = seen_e[g]
                t = cut[39 - e, left[1, g]]
                c = code[1, g]
                east = rest * np.int64(c < t)
                rest -= east
                code[1, g] = c - rest * t
                left[1, g] -= east
                seen_e[g] = e + 1 - north
                s = seen_s[g]
                t = cut[26 - s, left[2, g]]
                c = code[2, g]
                south = rest * np.int64(c < t)
                west = rest - south
                code[2, g] = c - west * t
                left[2, g] -= south
                seen_s[g] = s + rest
                seats[g, x] = east + 2 * south + 3 * west
        for g in range(m):
            for x in range(52):
                owners[base + g, x] = seats[g, x]


def _k_bigdeal(  # pragma: no cover
    words: npt.NDArray[np.int64],
    seq: int,
    stop: int,
    count: int,
    numbers: npt.NDArray[np.uint8],
    owners: npt.NDArray[np.uint8],
    rl: npt.NDArray[np.int64],
    rr: npt.NDArray[np.int64],
    sl: npt.NDArray[np.int64],
    sr: npt.NDArray[np.int64],
    kl: npt.NDArray[np.int64],
    kr: npt.NDArray[np.int64],
    h0: npt.NDArray[np.int64],
    binom: npt.NDArray[np.int64],
    cut: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """Deal up to ``count`` deals from counter value ``seq`` on, trying counter values below
    ``stop`` only; return the next counter value and the number of deals made."""
    x = np.zeros(16, dtype=np.int64)
    for k in range(10):
        x[1 + k] = words[k]
    x[11] = 0x80
    x[14] = 352
    out = np.empty(3, dtype=np.int64)
    codes = np.empty((count, 3), dtype=np.int64)
    limbs = np.empty(6, dtype=np.int64)
    d0 = 0xAD55E315
    d1 = 0x634DDA65
    d2 = 0x8BF49200
    done = 0
    while done < count and seq < stop:
        x[0] = seq & 0xFFFFFFFF
        seq += 1
        _k_rmd_block(x, out, rl, rr, sl, sr, kl, kr, h0)
        l0 = _k_bswap32(out[0])
        l1 = _k_bswap32(out[1])
        l2 = _k_bswap32(out[2])
        if l0 > d0 or (l0 == d0 and (l1 > d1 or (l1 == d1 and l2 >= d2))):
            continue
        for k in range(4):
            numbers[done, k] = (l0 >> (24 - 8 * k)) & 0xFF
            numbers[done, 4 + k] = (l1 >> (24 - 8 * k)) & 0xFF
            numbers[done, 8 + k] = (l2 >> (24 - 8 * k)) & 0xFF
        _k_codes(l0, l1, l2, binom, codes, done, limbs)
        done += 1
    _k_owners(codes[:done], owners, cut)
    return seq, done


def _k_decode_many(
    limbs: npt.NDArray[np.int64],
    owners: npt.NDArray[np.uint8],
    binom: npt.NDArray[np.int64],
    cut: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - numba
    codes = np.empty((limbs.shape[0], 3), dtype=np.int64)
    scratch = np.empty(6, dtype=np.int64)
    for i in range(limbs.shape[0]):
        _k_codes(limbs[i, 0], limbs[i, 1], limbs[i, 2], binom, codes, i, scratch)
    _k_owners(codes, owners, cut)


def _kernels() -> _Kernels:
    """Compile (or load from numba's cache) the kernels on first use."""
    if not _KERNELS:
        global _k_rmd_block, _k_bswap32, _k_codes, _k_owners
        _k_rmd_block = jit(_k_rmd_block)
        _k_bswap32 = jit(_k_bswap32)
        _k_codes = jit(_k_codes)
        _k_owners = jit(_k_owners)
        _KERNELS["bigdeal"] = jit(_k_bigdeal)
        _KERNELS["decode_many"] = jit(_k_decode_many)
        _KERNELS["tables"] = _tables()
    return _KERNELS


def bigdeal_chunks(
    seed_random: bytes, owner: bytes, count: int, chunk: int = 65536, threads: int = 1
) -> Iterator[tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]]:
    """Yield ``(numbers, owners)`` arrays of at most ``chunk`` deals, ``count`` deals in all.

    The first chunk starts with BigDeal's first deal; memory stays bounded for any count.

    With ``threads`` > 1, ranges of ``chunk`` counter values are hashed and decoded on that
    many threads at once (a counter value's candidate depends on nothing else; the deals are
    the accepted candidates in counter order), so chunks hold about two thirds of ``chunk``
    deals each (a third of the candidates are ≥ D); they come in order, the same deals.
    """
    _check_seed(seed_random, owner)
    _check_count(count)
    kernels = _kernels()
    words = np.array(struct.unpack("<10I", bytes(seed_random) + bytes(owner)), dtype=np.int64)
    if threads > 1 and count > chunk:

        def deal_range(first_seq: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
            numbers = np.empty((chunk, 12), dtype=np.uint8)
            owners = np.empty((chunk, 52), dtype=np.uint8)
            _, made = kernels["bigdeal"](
                words, first_seq, first_seq + chunk, chunk, numbers, owners, *kernels["tables"]
            )
            return numbers[:made], owners[:made]

        done = 0
        for numbers, owners in ordered_map(deal_range, itertools.count(1, chunk), threads):
            n = min(len(numbers), count - done)
            done += n
            if n:
                yield numbers[:n], owners[:n]
            if done == count:
                return
    seq = 1
    done = 0
    while done < count:
        n = min(chunk, count - done)
        numbers = np.empty((n, 12), dtype=np.uint8)
        owners = np.empty((n, 52), dtype=np.uint8)
        seq, _ = kernels["bigdeal"](words, seq, 1 << 62, n, numbers, owners, *kernels["tables"])
        done += n
        yield numbers, owners


def bigdeal_arrays(seed_random: bytes, owner: bytes, count: int) -> tuple[np.ndarray, np.ndarray]:
    """The first ``count`` deals as arrays: ``(numbers (count, 12) uint8 big-endian,
    owners (count, 52) uint8 in deck order)``. Same deals as :func:`bigdeal_numbers`."""
    _check_count(count)
    parts = list(bigdeal_chunks(seed_random, owner, count, chunk=max(count, 1)))
    if not parts:
        return np.empty((0, 12), dtype=np.uint8), np.empty((0, 52), dtype=np.uint8)
    return parts[0]


def godel_to_owners_array(numbers: Iterable[int]) -> np.ndarray:
    """Decode many Gödel numbers at once: ``(len, 52)`` uint8 owners in deck order."""
    values = [_check_number(g) for g in numbers]
    limbs = np.array(
        [((g >> 64) & 0xFFFFFFFF, (g >> 32) & 0xFFFFFFFF, g & 0xFFFFFFFF) for g in values], dtype=np.int64
    ).reshape(-1, 3)
    owners = np.empty((len(values), 52), dtype=np.uint8)
    kernels = _kernels()
    kernels["decode_many"](limbs, owners, *kernels["tables"][-2:])
    return owners

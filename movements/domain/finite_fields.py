"""Finite fields GF(q) and the additive groups the movement constructions live in.

Offers ``FiniteField(q)`` for prime powers q < 128 (elements are integers 0 … q−1 whose
base-p digits are the coefficients of a polynomial in x, lowest first; this integer is the
element's *code*), with addition, multiplication, inverses, quadratic character and the
choice of Berlekamp–Hwang's α; and ``CyclicGroup(p)`` (Z_p), which is all a cyclic
movement needs.

Source: Guzicki, *Turnieje Howella* (seed) for Z_p and α = (p+5)/4; shared/specs/movements.md
§1.2 for prime powers: α may be any element outside {0, 1, −1} with (α−1)/(α+1) a square,
because the article's α fails in characteristic 3 (5/4 = −1 in GF(27)).

>>> f = FiniteField(27)
>>> f.choose_alpha()          # the spec: "α has code 4 in GF(27)"
4
>>> FiniteField(7).choose_alpha()   # the article's α = (7+5)/4 = 3
3
>>> sorted(FiniteField(7).squares)
[1, 2, 4]
"""

from __future__ import annotations

from functools import cache
from typing import TypeAlias

from movements.domain.errors import internal


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k for a prime p, or None.

    >>> prime_power(27), prime_power(12), prime_power(13)
    ((3, 3), None, (13, 1))
    """
    if q < 2:
        return None
    for p in range(2, q + 1):
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest //= p
                k += 1
            return (p, k) if rest == 1 else None
    return None


class CyclicGroup:
    """Z_n written additively: elements 0 … n−1."""

    def __init__(self, n: int):
        self.order = n
        self.name = f"Z{n}"
        self.add = [[(a + b) % n for b in range(n)] for a in range(n)]
        self.neg = [(-a) % n for a in range(n)]
        self.sub = [[(a - b) % n for b in range(n)] for a in range(n)]


class FiniteField:
    """GF(q), q = p**k, elements coded as integers (base-p coefficient digits)."""

    def __init__(self, q: int):
        pk = prime_power(q)
        if pk is None:
            raise internal(f"{q} is not a prime power, so there is no field GF({q})")
        self.order = q
        self.p, self.k = pk
        self.name = f"GF({q})"
        p, k = self.p, self.k
        self.modulus = self._irreducible() if k > 1 else None
        digits = [self._digits(a) for a in range(q)]
        self.add = [
            [self._code([(x + y) % p for x, y in zip(digits[a], digits[b])]) for b in range(q)] for a in range(q)
        ]
        self.neg = [self._code([(-x) % p for x in digits[a]]) for a in range(q)]
        self.sub = [[self.add[a][self.neg[b]] for b in range(q)] for a in range(q)]
        self.mul = [[self._mul_poly(digits[a], digits[b]) for b in range(q)] for a in range(q)]
        self.inv = [0] * q
        for a in range(1, q):
            self.inv[a] = next(b for b in range(1, q) if self.mul[a][b] == 1)
        self.squares = frozenset(self.mul[a][a] for a in range(1, q))

    # -- polynomial arithmetic on coefficient lists (lowest degree first) --
    def _digits(self, a: int) -> list[int]:
        out = []
        for _ in range(self.k):
            out.append(a % self.p)
            a //= self.p
        return out

    def _code(self, digits: list[int]) -> int:
        value = 0
        for d in reversed(digits):
            value = value * self.p + d
        return value

    def _reduce(self, poly: list[int]) -> list[int]:
        p, k = self.p, self.k
        poly = poly[:]
        if self.modulus is not None:
            for deg in range(len(poly) - 1, k - 1, -1):
                c = poly[deg] % p
                if c:
                    for i, m in enumerate(self.modulus):  # monic modulus of degree k
                        poly[deg - k + i] = (poly[deg - k + i] - c * m) % p
        return [c % p for c in (poly + [0] * k)[:k]]

    def _mul_poly(self, a: list[int], b: list[int]) -> int:
        prod = [0] * (2 * self.k - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    prod[i + j] += x * y
        return self._code(self._reduce(prod))

    def _irreducible(self) -> list[int]:
        """The modulus: x³+2x²+1 for GF(27) (the reciprocal of the Conway polynomial x³+2x+1;
        under it the spec's α has code 4), else the monic irreducible with the smallest code."""
        p, k = self.p, self.k
        if (p, k) == (3, 3):
            return [1, 0, 2, 1]
        for tail in range(p**k):
            coeffs = [(tail // p**i) % p for i in range(k)] + [1]
            if coeffs[0] and not _has_factor(coeffs, p):
                return coeffs
        raise AssertionError("no irreducible polynomial")  # pragma: no cover

    # -- field facts used by the constructions --
    def chi(self, a: int) -> int:
        """Quadratic character: 0, +1 (non-zero square) or −1."""
        return 0 if a == 0 else (1 if a in self.squares else -1)

    def choose_alpha(self) -> int:
        """Berlekamp–Hwang's α: (p+5)/4 when q is a prime (the article), else the smallest code
        outside {0, 1, −1} with (α−1)/(α+1) a non-zero square (spec §1.2)."""
        if self.k == 1 and self.p % 4 == 3 and self.p > 3:
            return (self.p + 5) // 4 % self.p
        for a in range(2, self.order):
            if a == self.neg[1]:
                continue
            ratio = self.mul[self.sub[a][1]][self.inv[self.add[a][1]]]
            if ratio in self.squares:
                return a
        raise internal(f"GF({self.order}) has no α for the Berlekamp–Hwang construction")


def _has_factor(coeffs: list[int], p: int) -> bool:
    """Does the polynomial (degree ≤ 3 in practice) have a factor of degree ≤ deg/2?"""
    k = len(coeffs) - 1
    for d in range(1, k // 2 + 1):
        for tail in range(p**d):
            divisor = [(tail // p**i) % p for i in range(d)] + [1]
            if _divides(divisor, coeffs, p):
                return True
    return False


def _divides(divisor: list[int], poly: list[int], p: int) -> bool:
    rest = poly[:]
    d = len(divisor) - 1
    for deg in range(len(rest) - 1, d - 1, -1):
        c = rest[deg] % p
        if c:
            for i, m in enumerate(divisor):
                rest[deg - d + i] = (rest[deg - d + i] - c * m) % p
    return not any(x % p for x in rest[:d])


#: The additive group a translation movement lives in: Z_n or (the additive group of) GF(q).
Group: TypeAlias = CyclicGroup | FiniteField


@cache
def group(kind: str, order: int) -> Group:
    """The group named by a data record: ``("Z", 15)`` or ``("GF", 27)`` (cached)."""
    if kind == "Z":
        return CyclicGroup(order)
    if kind == "GF":
        return FiniteField(order)
    raise internal(f"unknown group kind {kind!r}")

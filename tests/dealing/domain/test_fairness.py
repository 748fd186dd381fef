"""Fairness: both dealers against exact probabilities; deliberately biased dealers are caught.

Each test deals a fixed set (fixed key), so it is deterministic; the threshold p < 1e-6 makes a
false failure of a fair dealer essentially impossible, while the biased dealers below (1 %
skews and modulo reduction) give p-values far smaller.
"""

import hashlib
import math
from fractions import Fraction

import numpy as np
import pytest

from dealing.domain import bigdeal, fairness, generator
from dealing.domain.numbering import D, numbers_to_owners

ALPHA = 1e-6
N = 2_000_000  # enough for a 1 % relative bias in one cell to give |z| > 7
KEY = hashlib.sha256(b"fairness test key").digest()


def tally_of(chunks) -> fairness.Tally:
    tally = fairness.Tally()
    for first, owners in chunks:
        tally.add(owners, first)
    return tally


def our_dealer(n=N, label="fairness"):
    for first, _, owners in generator.deal_chunks(KEY, label, 0, n, chunk=1 << 18):
        yield first, owners


def bigdeal_dealer(n=N):
    first = 0
    seed, owner = bigdeal.seed_random_from_entropy(["fairness test"]), bigdeal.owner_hash("fairness")
    for _, owners in bigdeal.bigdeal_chunks(seed, owner, n, chunk=1 << 18):
        yield first, owners
        first += len(owners)


def stream(n: int, label: bytes) -> np.ndarray:
    """Deterministic bytes for the biased dealers (SHAKE-256; no `random`)."""
    return np.frombuffer(hashlib.shake_256(b"biased dealer " + label).digest(n), dtype=np.uint8)


def modulo_dealer(n=N):
    """The classic mistake: a 96-bit number reduced modulo D instead of rejected."""
    raw = stream(12 * n, b"modulo").reshape(n, 12)
    values = [int.from_bytes(row.tobytes(), "big") % D for row in raw]
    numbers = np.frombuffer(b"".join(v.to_bytes(12, "big") for v in values), dtype=np.uint8).reshape(n, 12)
    yield 0, numbers_to_owners(numbers)


def skewed_dealer(n=N):
    """A fair dealer whose spade ace goes to North 25.25 % of the time instead of 25 % (1 % bias)."""
    for first, owners in our_dealer(n, label="skew"):
        owners = owners.copy()
        coin = stream(2 * len(owners), b"skew %d" % first).view(">u2")
        swap = np.flatnonzero((coin < 65536 / 300) & (owners[:, 0] != 0))  # 1/300 of the other 3/4
        for k in swap:  # give North the spade ace, the ace's holder North's lowest card
            north_low = np.flatnonzero(owners[k] == 0)[-1]
            owners[k, north_low], owners[k, 0] = owners[k, 0], 0
        yield first, owners


def pattern_skewed_dealer(n=N):
    """A fair dealer that re-deals 1.6 % of the counted hands that are 4-4-3-2: the 4-4-3-2
    frequency drops by about 1.2 % of itself (21.55 % → 21.29 %)."""
    for first, owners in our_dealer(n, label="pattern"):
        seat = (first + np.arange(len(owners))) % 4
        lengths = (owners == seat[:, None].astype(np.uint8)).reshape(-1, 4, 13).sum(axis=2)
        flat = np.sort(lengths, axis=1) == np.array([2, 3, 4, 4])
        coin = stream(len(owners), b"pattern %d" % first)
        redo = np.flatnonzero(flat.all(axis=1) & (coin < 4))  # 1/64 of the 4-4-3-2 hands
        owners = owners.copy()
        owners[redo] = owners[(redo + 1) % len(owners)]  # replaced by a neighbour's deal
        yield first, owners


def test_exact_probabilities():
    patterns = fairness.pattern_probabilities()
    assert len(patterns) == 39
    assert patterns[(4, 4, 3, 2)] == Fraction(136852887600, 635013559600)
    assert [round(float(patterns[p]) * 100, 2) for p in [(4, 4, 3, 2), (5, 3, 3, 2), (5, 4, 3, 1)]] == [
        21.55,
        15.52,
        12.93,
    ]
    hcp = fairness.hcp_probabilities()
    assert sum(float(p) * h for h, p in enumerate(hcp)) == pytest.approx(10.0)  # 40 points over 4 hands
    assert hcp[37] == Fraction(math.comb(4, 1) * 1, math.comb(52, 13))  # AKQ of each suit + one jack


def test_p_values_of_the_chi_square_and_normal_tails():
    assert fairness.chi2_sf(153, 153) == pytest.approx(0.485, abs=0.01)
    assert fairness.chi2_sf(10.827566170662733, 1) == pytest.approx(0.001, rel=1e-6)
    assert fairness.chi2_sf(300, 153) < 1e-10
    assert fairness.normal_two_sided(1.959963984540054) == pytest.approx(0.05)


@pytest.mark.slow
@pytest.mark.parametrize("dealer", [our_dealer, bigdeal_dealer], ids=["ours", "bigdeal"])
def test_fair_dealers_pass(dealer):
    results = tally_of(dealer()).results()
    for result in results:
        assert result.deals == N
        assert result.p_chi2 > ALPHA, result.line()
        assert result.p_worst > ALPHA, result.line()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("dealer", "caught_by"),
    [(modulo_dealer, "card seats"), (skewed_dealer, "card seats"), (pattern_skewed_dealer, "hand patterns")],
    ids=["modulo", "spade-ace-1%", "pattern-1%"],
)
def test_biased_dealers_are_caught(dealer, caught_by):
    results = {r.name: r for r in tally_of(dealer()).results()}
    assert results[caught_by].p < ALPHA, results[caught_by].line()

"""Fairness report: both dealers against exact probabilities on 10 million deals each.

    .venv/bin/python scripts/fairness_report.py [--deals 10000000]

Prints, for our dealer (scheme v1) and the BigDeal-exact path, the χ² test and the worst
single cell (Bonferroni-corrected) of card seats, hand patterns and HCP, then the observed
and exact pattern and HCP frequencies. The output goes into docs/fairness.md.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealing.domain import bigdeal, fairness, generator

CHUNK = 1 << 18


def run_ours(n: int) -> fairness.Tally:
    tally = fairness.Tally()
    key = hashlib.sha256(b"fairness report key").digest()
    for first, _, owners in generator.deal_chunks(key, "fairness report", 0, n, chunk=CHUNK):
        tally.add(owners, first)
    return tally


def run_bigdeal(n: int) -> fairness.Tally:
    tally = fairness.Tally()
    seed, owner = bigdeal.seed_random_from_entropy(["fairness report"]), bigdeal.owner_hash("fairness report")
    first = 0
    for _, owners in bigdeal.bigdeal_chunks(seed, owner, n, chunk=CHUNK):
        tally.add(owners, first)
        first += len(owners)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=10_000_000)
    n = parser.parse_args().deals
    print(f"Fairness report: {n:,} deals per dealer; a test fails when p < 1e-6.")
    print("Our dealer: key = SHA-256('fairness report key'), label 'fairness report'.")
    print("BigDeal-exact: seed = RIPEMD-160('fairness report'), owner 'fairness report'.\n")
    tallies = {}
    for name, run in (("our dealer (v1)", run_ours), ("BigDeal-exact", run_bigdeal)):
        start = time.perf_counter()
        tally = run(n)
        tallies[name] = tally
        print(f"## {name} ({time.perf_counter() - start:.0f} s)")
        for result in tally.results():
            print(("PASS " if result.p > 1e-6 else "FAIL ") + result.line())
        print()
    patterns = fairness.pattern_probabilities()
    print("Hand patterns (one hand per deal, seat rotating), % of hands:")
    print(f"{'pattern':<10} {'exact':>9} " + " ".join(f"{name:>17}" for name in tallies))
    order = sorted(patterns, key=lambda p: -patterns[p])
    for _k, pattern in enumerate(order[:16]):
        index = sorted(patterns, reverse=True).index(pattern)
        cells = " ".join(f"{100 * t.pattern[index] / t.deals:>17.4f}" for t in tallies.values())
        print(f"{'-'.join(map(str, pattern)):<10} {100 * float(patterns[pattern]):>9.4f} {cells}")
    print("\nHCP of one hand, % of hands:")
    hcp = fairness.hcp_probabilities()
    print(f"{'HCP':<10} {'exact':>9} " + " ".join(f"{name:>17}" for name in tallies))
    for h in range(31):
        cells = " ".join(f"{100 * t.hcp[h] / t.deals:>17.4f}" for t in tallies.values())
        print(f"{h:<10} {100 * float(hcp[h]):>9.4f} {cells}")


if __name__ == "__main__":
    main()

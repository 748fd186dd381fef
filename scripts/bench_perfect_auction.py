"""Benchmark Kersey's perfect auction on one core; prints figures for docs/benchmarks.md (## Perfect bidding).

    .venv/bin/python scripts/bench_perfect_auction.py              # 50,000 deals, best of 5
    .venv/bin/python scripts/bench_perfect_auction.py --deals 10000 --repeat 3

Deals are uniformly random (a seeded shuffle: benchmark data, not dealing). Each figure is
the best of several runs over the same deals, dealers rotating N, E, S, W; the process is
pinned to one CPU where the OS allows. Both wall-clock and CPU-time rates are printed (on a
busy shared machine the CPU time is the fairer one-core figure; the verdict uses wall clock).
"encode + decode" is a deal's full round trip; the issue's target is 10,000 deals/s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge.auction import check_auction  # noqa: E402
from bridge.cards import Deal, Seat  # noqa: E402
from dealing.domain.perfect_auction import decode, encode  # noqa: E402

TARGET = 10_000


def best(fn, repeat: int) -> tuple[float, float]:
    """Best (wall-clock seconds, CPU seconds of this process) over ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})

    rng = random.Random(args.seed)
    owners = [i // 13 for i in range(52)]
    deals = []
    for _ in range(args.deals):
        rng.shuffle(owners)
        deals.append(Deal(owners))
    dealers = [Seat(i % 4) for i in range(args.deals)]
    pairs = list(zip(deals, dealers))
    auctions = [encode(deal, dealer) for deal, dealer in pairs]
    assert all(decode(calls, dealer) == deal for calls, (deal, dealer) in zip(auctions, pairs))
    triples = list(zip(auctions, dealers))

    def run_encode():
        for deal, dealer in pairs:
            encode(deal, dealer)

    def run_decode():
        for calls, dealer in triples:
            decode(calls, dealer)

    def run_round_trip():
        for deal, dealer in pairs:
            decode(encode(deal, dealer), dealer)

    def run_check():
        for calls, dealer in triples:
            check_auction(calls, dealer)

    calls = sum(len(a) for a in auctions)
    print(
        f"Python {sys.version.split()[0]}, one process pinned to one CPU; {args.deals:,} random deals "
        f"(seed {args.seed}), {calls / args.deals:.1f} calls per auction on average "
        f"(min {min(map(len, auctions))}, max {max(map(len, auctions))}); best of {args.repeat}"
    )
    print(f"{'':<28} {'wall clock':>21}  {'CPU time of this process':>24}")
    for what, fn in [
        ("encode", run_encode),
        ("decode", run_decode),
        ("encode + decode", run_round_trip),
        ("check_auction (Laws) alone", run_check),
    ]:
        wall, cpu = best(fn, args.repeat)
        rate, cpu_rate = args.deals / wall, args.deals / cpu
        verdict = (
            f"  target {TARGET:,}/s: {'met' if rate >= TARGET else 'NOT met'} ({rate / TARGET:.2f}×)"
            if what == "encode + decode"
            else ""
        )
        print(
            f"{what:<28} {rate:>10,.0f} deals/s {1e6 / rate:5.1f} µs  {cpu_rate:>10,.0f} deals/s "
            f"{1e6 / cpu_rate:5.1f} µs{verdict}"
        )


if __name__ == "__main__":
    main()

"""Soak test of Kersey's perfect auction: many random deals, every dealer, every auction checked.

    .venv/bin/python scripts/perfect_auction_soak.py                       # 100,000 deals x 4 dealers
    .venv/bin/python scripts/perfect_auction_soak.py --deals 1000000 --seed 12345

For each uniformly random deal (a shuffle seeded from ``secrets`` unless ``--seed`` is
given; the seed is printed so that any failure can be replayed) and each dealer N, E, S, W:
the auction from ``encode`` must be legal under the Laws and complete, end in 6♣ and three
passes, and ``decode`` must give the deal back. Exits 1 on the first failure, naming the
deal and the dealer. The random module only makes test data here; dealing code never uses it.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge.auction import check_auction, is_complete  # noqa: E402
from bridge.cards import Deal, Seat  # noqa: E402
from dealing.domain.perfect_auction import LAST_STEP, decode, encode  # noqa: E402

DEALERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def soak(deals: int, seed: int, progress_every: int = 10_000) -> int:
    """Check ``deals`` random deals with every dealer; return the number of auctions checked."""
    rng = random.Random(seed)
    owners = [i // 13 for i in range(52)]
    checked = longest = 0
    shortest = 10**6
    start = time.perf_counter()
    for number in range(1, deals + 1):
        rng.shuffle(owners)
        deal = Deal(owners)
        for dealer in DEALERS:
            calls = encode(deal, dealer)
            try:
                check_auction(calls, dealer)
                if not is_complete(calls) or calls[-4].bid is None or calls[-4].bid.index != LAST_STEP - 1:
                    raise AssertionError("the auction does not end 6C P P P")
                if decode(calls, dealer) != deal:
                    raise AssertionError("decode gives another deal")
            except (ValueError, AssertionError) as error:
                print(
                    f"FAILED on deal {number} (seed {seed}), dealer {dealer.letter}: {error}\n"
                    f"  deal    {deal.to_pbn()}\n  auction {' '.join(map(str, calls))}",
                    file=sys.stderr,
                )
                raise SystemExit(1) from None
            checked += 1
            longest, shortest = max(longest, len(calls)), min(shortest, len(calls))
        if progress_every and number % progress_every == 0:
            print(f"  {number:,} deals, {checked:,} auctions, {time.perf_counter() - start:.1f} s", flush=True)
    print(
        f"OK: {deals:,} random deals x 4 dealers = {checked:,} auctions legal, complete and decoded back "
        f"(seed {seed}; auctions of {shortest} to {longest} calls; {time.perf_counter() - start:.1f} s)"
    )
    return checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=None, help="replay a run (default: a fresh seed from secrets)")
    args = parser.parse_args()
    seed = secrets.randbits(63) if args.seed is None else args.seed
    print(f"perfect auction soak: {args.deals:,} deals, seed {seed}")
    soak(args.deals, seed)


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Throughput of the deal-file formats and of the double-dummy adapter, in one run.

* writers: boards per second for each format, on the same BigDeal deals (Deal objects
  built beforehand, so only the writing is timed);
* readers: PBN games per second on the real BCDD file (396 games with 20-row tables), and the
  dup/dlm/lin/csv readers on the boards just written;
* analysis: the same dd-oracle deals solved one by one (``double_dummy_table``) and in one
  batch (``double_dummy_tables``, DDS CalcAllTables), then par for each.

Usage:  .venv/bin/python scripts/bench_formats.py [--boards 10000] [--solve 40]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealing.domain import bigdeal  # noqa: E402
from dealing.domain.analysis import double_dummy_table, double_dummy_tables, par  # noqa: E402
from dealing.domain.formats import FORMATS, Run, read_deals, render  # noqa: E402
from dealing.domain.formats.pbn import read_pbn  # noqa: E402

ORACLE = ROOT.parent / "shared" / "data" / "events" / "dd-oracle"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=10000)
    parser.add_argument("--solve", type=int, default=40)
    args = parser.parse_args()

    seed, owner = bigdeal.seed_random_from_entropy(["bench"]), bigdeal.owner_hash("bench")
    started = time.perf_counter()
    boards = bigdeal.bigdeal_deals(seed, owner, 1, args.boards)
    print(f"deals: {args.boards} BigDeal deals built in {time.perf_counter() - started:.2f} s (not counted below)")
    small = boards[:99]
    print(f"\nwriters ({args.boards} boards; dup/dlm formats: 99 boards, their limit):")
    written = {}
    for fmt in FORMATS.values():
        if fmt.name == "stdout":
            continue
        subset = small if fmt.max_board else boards
        for _, deal in subset:  # warm the hands cache so every format pays the same
            _ = deal.hands
        started = time.perf_counter()
        data = render(fmt, subset, run=Run.range(1, len(subset)))
        seconds = time.perf_counter() - started
        written[fmt.name] = data
        print(f"  {fmt.name:9s} {len(subset) / seconds:>10,.0f} boards/s  {len(data) / len(subset):7.1f} bytes/board")

    print("\nreaders:")
    data = (ORACLE / "bcdd-test1.bcdd.pbn").read_bytes()
    started = time.perf_counter()
    games = read_pbn(data).games
    seconds = time.perf_counter() - started
    print(f"  pbn       {len(games) / seconds:>10,.0f} games/s  (real BCDD file, {len(games)} games with tables)")
    for name in ("pbn", "dup", "dlm", "lin", "csv"):
        started = time.perf_counter()
        got = read_deals(name, written[name])
        seconds = time.perf_counter() - started
        print(f"  {name:9s} {len(got) / seconds:>10,.0f} boards/s  (our {len(got)}-board file)")

    games = read_pbn((ORACLE / "bcdd-test1.pbn").read_bytes()).games[: args.solve]
    deals = [g.deal for g in games]
    print(f"\nanalysis ({len(deals)} dd-oracle deals):")
    started = time.perf_counter()
    one_by_one = [double_dummy_table(d) for d in deals]
    single = time.perf_counter() - started
    started = time.perf_counter()
    batch = double_dummy_tables(deals)
    batched = time.perf_counter() - started
    assert one_by_one == batch
    started = time.perf_counter()
    for table, game in zip(batch, games):
        par(table, game.vulnerability, game.dealer)
    par_seconds = time.perf_counter() - started
    print(f"  one by one: {single:6.2f} s  ({single / len(deals) * 1000:.0f} ms a deal)")
    print(
        f"  batch:      {batched:6.2f} s  ({batched / len(deals) * 1000:.0f} ms a deal), "
        f"{single / batched:.2f}x faster, same tables"
    )
    print(f"  par:        {par_seconds * 1000:6.1f} ms for {len(deals)} tables")


if __name__ == "__main__":
    main()

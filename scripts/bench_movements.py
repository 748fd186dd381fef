"""Benchmark: how long each movement takes to build, check and turn into guide cards.

Usage (from the repository root):

    .venv/bin/python scripts/bench_movements.py [--repeat 5] [--markdown]

For every complete Howell from 4 to 64 pairs (and every half-set option) it builds the
movement from scratch (caches cleared) ``--repeat`` times and reports the median build time,
plus the time to compute the balance and the guide cards. Constructed movements
(Berlekamp–Hwang and the embedded starters) should build in well under 200 ms. It then times
the bounded searches that run on request (partial Howells, arrow-switched Mitchells, the
exhaustive 5/6-pair search) and lists the offline searches recorded in starters.json.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from movements.domain import catalogue, howell, small  # noqa: E402
from movements.domain.balance import balance_of  # noqa: E402
from movements.domain.fields import group  # noqa: E402
from movements.domain.guide_cards import cards_json  # noqa: E402


def clear() -> None:
    catalogue.movement_for.cache_clear()
    group.cache_clear()
    small._best_sharing.cache_clear()
    small._best_half_sets.cache_clear()


def timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        clear()
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--markdown", action="store_true", help="print markdown tables")
    args = ap.parse_args()
    howell.embedded()   # the JSON is read once per process, like in the server
    rows = []
    for n in range(4, 65):
        for half in (False, True):
            if half and not any(o["half_sets"] for o in catalogue.options_for(n)):
                continue
            build_ms, m = timed(lambda: catalogue.movement_for(n, half_sets=half), args.repeat)
            t = time.perf_counter()
            b = balance_of(m)
            bal_ms = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            cards_json(m)
            card_ms = (time.perf_counter() - t) * 1000
            rows.append((n, half, m.construction.split(" (")[0][:48], build_ms, bal_ms, card_ms,
                         f"{b.min}–{b.max}", round(b.std, 3)))
    if args.markdown:
        print("| pairs | half-sets | construction | build ms | balance ms | cards ms | c min–max | std |")
        print("|---|---|---|---|---|---|---|---|")
    for n, half, how, bm, blm, cm, rng, std in rows:
        if args.markdown:
            print(f"| {n} | {'yes' if half else ''} | {how} | {bm:.1f} | {blm:.1f} | {cm:.1f} | {rng} | {std} |")
        else:
            print(f"{n:3} {'half' if half else '    '} {how:50} build {bm:7.1f} ms  balance {blm:6.1f} ms  "
                  f"cards {cm:6.1f} ms  c {rng:>7}  std {std}")
    constructed = [r for r in rows if not r[2].startswith("exhaustive") and not r[2].startswith("the ten")]
    worst = max(constructed, key=lambda r: r[3])
    print(f"\nconstructed movements: {len(constructed)}; slowest build {worst[3]:.1f} ms ({worst[0]} pairs"
          f"{', half-sets' if worst[1] else ''}); median {statistics.median(r[3] for r in constructed):.1f} ms")

    print("\nsearches run on request (bounded):")
    for label, fn in [
        ("5/6 pairs, exhaustive (6 × 1,024 orientations)", lambda: catalogue.movement_for(6)),
        ("partial Howell 12 pairs, 9 rounds", lambda: catalogue.movement_for(12, 9)),
        ("partial Howell 24 pairs, 17 rounds", lambda: catalogue.movement_for(24, 17)),
        ("partial Howell 40 pairs, 30 rounds", lambda: catalogue.movement_for(40, 30)),
        ("Mitchell 14 pairs, arrow-switched", lambda: catalogue.movement_for(14, kind="mitchell", arrow_switch=True)),
        ("Mitchell 40 pairs, skip, arrow-switched",
         lambda: catalogue.movement_for(40, kind="mitchell", variant="skip", arrow_switch=True)),
    ]:
        ms, m = timed(fn, 1)
        print(f"  {label:50} {ms:8.0f} ms  (std {balance_of(m).std:.3f})")

    print("\noffline searches embedded in movements/domain/data/starters.json (scripts/search_movements.py):")
    for section, recs in sorted(howell.embedded().items()):
        for n in sorted(recs, key=int):
            s = recs[n]["search"]
            print(f"  {section:5} {int(n):3} pairs: {s['method'][:55]:55} cost {s['cost']:6} in {s['seconds']} s")


if __name__ == "__main__":
    main()

"""Benchmark the dealing engine on one core; prints figures for docs/benchmarks.md (## Dealing).

    .venv/bin/python scripts/bench_dealing.py            # full run (10 M-deal streaming check)
    .venv/bin/python scripts/bench_dealing.py --quick    # smaller counts

Each figure is the best of several runs. Rates are given per CPU-second of this process
(``time.process_time``: what one core does, even when other work shares the machine) and,
in brackets, per wall-clock second. Streaming peak memory is measured in a child process (its
peak RSS: VmHWM of /proc/self/status, which, unlike getrusage's
ru_maxrss, does not inherit the parent's peak across fork and exec), writing 10 million deals as PBN to a temporary file.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from dealing.domain import bigdeal, generator, streaming  # noqa: E402


def best(fn, repeat: int) -> tuple[float, float]:
    """(CPU seconds, wall seconds), the best of ``repeat`` runs each."""
    cpu, wall = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return min(cpu), min(wall)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 500_000 if args.quick else 2_000_000
    stream_n = 1_000_000 if args.quick else 10_000_000
    repeat = 3
    key = bytes(range(32))
    seed, owner = bigdeal.seed_random_from_entropy(["bench"]), bigdeal.owner_hash("bench")
    # warm up: compile or load the numba kernels
    generator.deal_arrays(key, "bench", 0, 2048)
    streaming.write_deal_set(io.BytesIO(), key, "bench", 0, 2048, "pbn")
    bigdeal.bigdeal_arrays(seed, owner, 100)

    print(f"Python {sys.version.split()[0]}, one process, one core; best of {repeat}; {os.cpu_count()} CPUs visible")
    rows = []

    def report(what: str, count: int, seconds: tuple[float, float], target: float | None) -> None:
        rate, wall_rate = count / seconds[0], count / seconds[1]
        verdict = (
            ""
            if target is None
            else f"  target {target:,.0f}/s: {'met' if rate >= target else 'NOT met'} ({rate / target:.2f}×)"
        )
        rows.append((what, rate))
        print(f"{what:<48} {rate:>12,.0f} deals/CPU-s ({wall_rate:>10,.0f}/s wall){verdict}", flush=True)

    report(
        f"ours: numbers only, {n:,} deals to memory",
        n,
        best(lambda: generator.deal_numbers_array(key, "bench", 0, n), repeat),
        None,
    )
    report(
        f"ours: numbers + hands, {n:,} deals to memory",
        n,
        best(lambda: generator.deal_arrays(key, "bench", 0, n), repeat),
        2_000_000,
    )
    for fmt in ("pbn", "deals", "binary", "numbers"):
        report(
            f"ours: streamed as {fmt}, {n:,} deals",
            n,
            best(lambda: streaming.write_deal_set(io.BytesIO(), key, "bench", 0, n, fmt), repeat),
            500_000 if fmt == "pbn" else None,
        )
    bn = n // 2
    report(
        f"BigDeal-exact: numbers + hands, {bn:,} deals",
        bn,
        best(lambda: bigdeal.bigdeal_arrays(seed, owner, bn), repeat),
        217_000,
    )
    ref_n = 2_000
    report(
        f"BigDeal reference (pure Python), {ref_n:,} deals",
        ref_n,
        best(lambda: [bigdeal.godel_to_deal(g) for g in bigdeal.bigdeal_numbers(seed, owner, ref_n)], 1),
        None,
    )
    report(
        f"ours: reference path (Python ints), {ref_n:,} deals",
        ref_n,
        best(lambda: [generator.deal(key, "bench", i) for i in range(ref_n)], 1),
        None,
    )

    # Streaming a large set to a file in a child process: wall time and peak RSS.
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "set.pbn"
        code = (
            "import resource, sys, time\n"
            f"sys.path.insert(0, {str(ROOT)!r})\n"
            "from dealing.domain import streaming\n"
            "t = time.perf_counter()\n"
            "c = time.process_time()\n"
            f"with open({str(target)!r}, 'wb', buffering=1 << 20) as out:\n"
            f"    streaming.write_deal_set(out, bytes(range(32)), 'bench', 0, {stream_n}, 'pbn')\n"
            "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0].split()[1]\n"
            "print(time.process_time() - c, time.perf_counter() - t, hwm)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        cpu_seconds, seconds, peak_kib = done.stdout.split()
        size = target.stat().st_size
    rate, wall_rate = stream_n / float(cpu_seconds), stream_n / float(seconds)
    peak_mb = int(peak_kib) / 1024
    print(
        f"{'ours: ' + f'{stream_n:,} deals streamed to a PBN file':<48} {rate:>12,.0f} deals/CPU-s "
        f"({wall_rate:>10,.0f}/s wall)  "
        f"file {size / 1e6:,.0f} MB, peak RSS {peak_mb:,.0f} MB (target < 500 MB: "
        f"{'met' if peak_mb < 500 else 'NOT met'})"
    )
    print(f"this process's peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB")


if __name__ == "__main__":
    main()

"""Benchmark the scoring domain on one core; prints figures for docs/benchmarks.md (## Scoring).

    .venv/bin/python scripts/bench_scoring.py              # best of 5
    .venv/bin/python scripts/bench_scoring.py --repeat 3

What it times (the process pinned to one CPU with ``os.sched_setaffinity`` where the OS allows;
best of ``--repeat`` runs, wall clock and CPU time of the process):

* **1,000,000 traveller lines, one board** (a simultaneous pairs: one board played a million
  times) and **1,000 boards × 1,000 results** (some boards short by up to 10 results, so that
  Neuberg has work): ``matchpoints.raw_matchpoints`` on integer arrays, then every line's
  Neuberg numerator ((M + 1)·E − A, over the denominator A of its board) as numpy integers — no
  Python object per line. The target is under 1 s on one core.
* for comparison, in the same run: ``raw_matchpoints``' sorting path (what it does when unit
  numbers are sparse) on the million-line board, the plain Python ``matchpoints`` (sort + two binary
  searches per line) on all 1,000,000 lines of the 1,000 × 1,000 set, and a naive per-line
  double loop (each line compared with every other, one Python comparison each) on 10 of
  those boards, scaled up to 1,000 boards;
* **score_event on a 30-table session**: a Mitchell of 30 tables × 27 boards (810 lines of real
  contracts), matchpointed (EBU scale, Neuberg), then Butler and cross-IMPs; cold (the first
  call of the process: Law 77 scores not yet remembered) and warm. The Django layer re-scores
  after each entry and must stay under 20 ms with the database (``scripts/bench_rescore.py``).

Scores are drawn from the scores contracts really give (a seeded generator: benchmark data).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge.contract import Contract  # noqa: E402
from scoring.domain.engine import score_event  # noqa: E402
from scoring.domain.matchpoints import matchpoints, raw_matchpoints, raw_matchpoints_sorted  # noqa: E402
from scoring.domain.options import ScoringOptions  # noqa: E402
from scoring.domain.results import Played, TravellerLine, possible_scores  # noqa: E402

TARGET_SECONDS = 1.0
TARGET_SESSION_MS = 5.0


def best(fn, repeat: int) -> tuple[float, float, object]:
    """Best (wall-clock seconds, CPU seconds of this process) over ``repeat`` runs, and the last result."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        out = fn()
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return min(walls), min(cpus), out


def neuberg_numerators(units: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every line's factored NS units as numerator / denominator: ((M + 1)·E − A) / A, E = the most results."""
    mp, actual = raw_matchpoints(units, scores)
    expected = int(actual.max())
    return (mp + 1) * expected - actual, actual


def naive(scores: list[int]) -> list[int]:
    """Each line against every other, one Python comparison at a time."""
    out = []
    for mine in scores:
        units = 0
        for theirs in scores:
            units += 2 if mine > theirs else 1 if mine == theirs else 0
        out.append(units - 1)
    return out


def session_lines(rng: random.Random, tables: int = 30, boards: int = 27) -> list[TravellerLine]:
    calls = ["1N", "2H", "2S", "3N", "4H", "4S", "4SX", "5D", "6N", "3C", "2NX", "1S"]
    lines = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            contract = Contract.from_str(rng.choice(calls), rng.choice("NESW"))
            tricks = max(0, min(13, contract.tricks_needed + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
            ew = (table + board) % tables + 1
            lines.append(TravellerLine(board, f"{table}NS", f"{ew}EW", Played(contract, tricks), table=table))
    return lines


def line(label: str, lines: int, wall: float, cpu: float, note: str = "") -> None:
    rate = lines / wall if wall else float("inf")
    print(f"{label:<72} {wall * 1000:9.1f} ms wall {cpu * 1000:9.1f} ms CPU  {rate:13,.0f} lines/s {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    pinned = "not pinned (no sched_setaffinity)"
    if hasattr(os, "sched_setaffinity"):
        cpu = sorted(os.sched_getaffinity(0))[0]
        os.sched_setaffinity(0, {cpu})
        pinned = f"pinned to CPU {cpu}"
    print(
        f"scoring benchmark: Python {sys.version.split()[0]}, numpy {np.__version__}, {pinned}, "
        f"best of {args.repeat}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    rng = np.random.default_rng(args.seed)
    table = np.array(sorted(possible_scores()), dtype=np.int64)
    common = table[np.abs(table) <= 2000]  # a board's usual spread; the million-line board takes them all

    # one board played 1,000,000 times
    n = 1_000_000
    one_scores = rng.choice(table, size=n)
    one_units = np.zeros(n, dtype=np.int64)
    wall, cpu, (numerators, denominators) = best(lambda: neuberg_numerators(one_units, one_scores), args.repeat)
    assert int(numerators.sum()) == n * (n - 1) * int(denominators[0])  # Σ units = A(A − 1), ×A
    line(
        "1 board × 1,000,000 results: raw MPs + Neuberg (numpy)",
        n,
        wall,
        cpu,
        f"target < {TARGET_SECONDS:.0f} s: {'met' if wall < TARGET_SECONDS else 'MISSED'}",
    )

    sorted_path = lambda: raw_matchpoints_sorted(one_units, one_scores + (1 << 15), 1 << 16)  # noqa: E731
    wall, cpu, (mp, _actual) = best(sorted_path, args.repeat)
    assert mp.tolist() == raw_matchpoints(one_units, one_scores)[0].tolist()
    line("  the same through the sorting path (for units numbered sparsely)", n, wall, cpu)

    # 1,000 boards × up to 1,000 results
    sizes = 1000 - rng.integers(0, 11, size=1000) * (rng.random(1000) < 0.2)
    many_units = np.repeat(np.arange(1000, dtype=np.int64), sizes)
    many_scores = rng.choice(common, size=many_units.size)
    wall, cpu, (numerators, denominators) = best(lambda: neuberg_numerators(many_units, many_scores), args.repeat)
    line(
        f"1,000 boards × ≤ 1,000 results ({many_units.size:,} lines): numpy",
        many_units.size,
        wall,
        cpu,
        f"target < {TARGET_SECONDS:.0f} s: {'met' if wall < TARGET_SECONDS else 'MISSED'}",
    )
    numpy_wall = wall

    # the same in plain Python, for comparison
    boards = np.split(many_scores, np.cumsum(sizes)[:-1])
    as_lists = [b.tolist() for b in boards]
    wall, cpu, plain = best(lambda: [matchpoints(b) for b in as_lists], max(1, args.repeat // 2))
    assert [m for b in plain for m in b] == raw_matchpoints(many_units, many_scores)[0].tolist()
    line(
        "  the same, Python matchpoints() per line (sort + bisect)",
        many_units.size,
        wall,
        cpu,
        f"({wall / numpy_wall:.0f}× numpy)",
    )
    sample = as_lists[:10]
    wall, cpu, slow = best(lambda: [naive(b) for b in sample], 1)
    assert slow == [matchpoints(b) for b in sample]
    scale = many_units.size / sum(map(len, sample))
    line(
        "  naive double loop per line, 10 boards scaled to 1,000",
        many_units.size,
        wall * scale,
        cpu * scale,
        f"({wall * scale / numpy_wall:.0f}× numpy)",
    )

    # score_event on a 30-table session (the million Python ints above freed first: the cyclic
    # garbage collector's passes over them would be timed with it)
    plain = as_lists = boards = slow = None  # free them before the next figures
    gc.collect()
    session = session_lines(random.Random(args.seed))
    for label, options in (
        ("matchpoints (EBU, Neuberg)", ScoringOptions()),
        ("matchpoints (ACBL, no factoring)", ScoringOptions(scale="acbl", factoring="none")),
        ("Butler IMPs", ScoringOptions(method="butler")),
        ("cross-IMPs", ScoringOptions(method="cross_imps")),
    ):
        if label.startswith("matchpoints (EBU"):
            cold_wall, cold_cpu, _ = best(lambda: score_event(session, options, two_winners=True), 1)
            line(f"score_event, 30 tables × 27 boards, {label}, cold", len(session), cold_wall, cold_cpu)
        wall, cpu, _ = best(lambda: score_event(session, options, two_winners=True), max(args.repeat, 20))
        note = (
            f"target ~{TARGET_SESSION_MS:.0f} ms: {'met' if wall * 1000 < TARGET_SESSION_MS else 'MISSED'}"
            if label.startswith("matchpoints (EBU")
            else ""
        )
        line(f"score_event, 30 tables × 27 boards, {label}", len(session), wall, cpu, note)


if __name__ == "__main__":
    main()

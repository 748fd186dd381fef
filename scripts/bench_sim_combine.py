"""Benchmark ``manage.py sim_combine`` as a user runs it: the whole process, ``python manage.py`` to the last byte.

    .venv/bin/python scripts/bench_sim_combine.py                 # both sizes, best of 3
    .venv/bin/python scripts/bench_sim_combine.py --repeat 1 --small-only

It builds the input in a temporary folder (seeded, so every run reads the same file): issue 22's
national simultaneous, **1,000 clubs × 12 tables × 27 boards = 324,000 results**, and a smaller one of
100 clubs (32,400). Each club runs its own session: half of them a Mitchell-ish one (NS pairs 1–12 stay,
EW pairs 13–24 move a table every three boards), half a Howell-ish one (24 pairs, a round robin's round
every three boards), so pair numbers repeat across clubs. Every club plays the same deals: each board's
results are drawn from the same few likely contracts (``bench_matchpoint_command.board_contracts``), the
tricks varying around them, 1 % passed out and 0.5 % adjusted (60/40, 50/50, 40/60). The file is written
as ``json.dumps`` writes it.

Then it runs ``manage.py sim_combine FILE.json --format json`` as a subprocess, stdout to a file, and prints
wall-clock time, CPU time (user + system) and peak memory (``ru_maxrss``) of that child (``os.wait4``),
best wall time of ``--repeat`` runs, and the text report's run (``--format text``) too. Timings go to
``docs/benchmarks.md``; they are never test assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.bench_matchpoint_command import board_contracts, run  # noqa: E402

#: (what, clubs, tables per club, boards, limit in seconds)
SIZES = (
    ("32,400 results: 100 clubs x 12 tables x 27 boards", 100, 12, 27, None),
    ("324,000 results: 1,000 clubs x 12 tables x 27 boards", 1000, 12, 27, 3.0),
)
BOARDS_PER_ROUND = 3
_ADJUSTED = ("60/40", "50/50", "40/60")


def meetings(howell: bool, tables: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Each round's (NS, EW) pairs at tables 1 … ``tables``: a Mitchell-ish or a Howell-ish (round robin) movement."""
    out = []
    for r in range(rounds):
        if not howell:
            out.append([(t, tables + 1 + (t - 1 + r) % tables) for t in range(1, tables + 1)])
            continue
        others = 2 * tables - 1  # the circle method: pair 2·tables stays, the others turn a place a round
        table = [(2 * tables, r % others + 1)]
        table += [((r + k) % others + 1, (r - k) % others + 1) for k in range(1, tables)]
        out.append(table if r % 2 else [(ew, ns) for ns, ew in table])
    return out


def simultaneous(clubs: int, tables: int, boards: int, seed: int = 22) -> dict:
    """The clubs' results (see the module's docstring)."""
    rng = random.Random(seed)
    likely = {board: board_contracts(rng) for board in range(1, boards + 1)}
    rounds = -(-boards // BOARDS_PER_ROUND)
    out = []
    for c in range(1, clubs + 1):
        movement = meetings(c % 2 == 0, tables, rounds)
        club_boards = []
        for board in range(1, boards + 1):
            results: list[dict[str, object]] = []
            for ns, ew in movement[(board - 1) // BOARDS_PER_ROUND]:
                luck = rng.random()
                if luck < 0.01:
                    results.append({"ns": ns, "ew": ew, "contract": "PASS"})
                elif luck < 0.015:
                    results.append({"ns": ns, "ew": ew, "adjusted": rng.choice(_ADJUSTED)})
                else:
                    contract, declarer, tricks = rng.choice(likely[board])
                    tricks = max(0, min(13, tricks + rng.choice((-2, -1, 0, 0, 0, 0, 1, 1, 2))))
                    results.append({"ns": ns, "ew": ew, "contract": contract, "declarer": declarer, "tricks": tricks})
            club_boards.append({"board": board, "results": results})
        out.append({"club": f"Club {c:04d}", "boards": club_boards})
    return {"scale": "ebu", "factoring": "neuberg", "clubs": out}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (best wall time shown)")
    parser.add_argument("--small-only", action="store_true", help="only the 100 clubs")
    args = parser.parse_args()
    python = str(ROOT / ".venv" / "bin" / "python")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for what, clubs, tables, boards, limit in SIZES[:1] if args.small_only else SIZES:
            path = tmp / f"sim-{clubs}x{tables}x{boards}.json"
            path.write_text(json.dumps(simultaneous(clubs, tables, boards)))
            size = path.stat().st_size / 1e6
            for form in ("json", "text"):
                argv = [python, "manage.py", "sim_combine", str(path), "--format", form]
                runs = [run(argv, tmp / "out") for _ in range(args.repeat)]
                wall, cpu, rss = min(runs)
                written = (tmp / "out").stat().st_size / 1e6
                said = "" if limit is None else f"  target < {limit:g} s: {'met' if wall < limit else 'NOT met'}"
                print(
                    f"sim_combine --format {form:<4} {what}: {size:5.1f} MB in, {written:6.1f} MB out  "
                    f"{wall:6.2f} s wall {cpu:6.2f} s CPU {rss:5d} MB peak{said}"
                )


if __name__ == "__main__":
    main()

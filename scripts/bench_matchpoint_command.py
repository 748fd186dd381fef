"""Benchmark the scoring commands as a user runs them: the whole process, ``python manage.py`` to the last byte.

    .venv/bin/python scripts/bench_matchpoint_command.py                 # both sizes, best of 3
    .venv/bin/python scripts/bench_matchpoint_command.py --repeat 1 --small-only

It builds the input files in a temporary folder (seeded, so every run reads the same files):

* **1,000,000 traveller lines** as JSON: 100 boards × 10,000 tables (a simultaneous pairs across a
  country), NS pair *t* at table *t* on every board, the EW pairs moving one table a board
  (Mitchell-like), each line a contract, declarer and tricks (``{"ns": 1, "ew": 10002, "contract":
  "4S", "declarer": "N", "tricks": 10}``), some passed out, written as ``json.dumps`` writes it;
* **27,000 traveller lines** (1,000 tables × 27 boards) the same way, and the same event as USEBIO
  1.2 (written by ``scoring.domain.formats.usebio_writer`` with its own numbers) for ``score_usebio``.

Then it runs ``manage.py matchpoint FILE.json`` (and ``score_usebio FILE.xml``) as a subprocess,
stdout to a file, and prints wall-clock time, CPU time (user + system) and peak memory
(``ru_maxrss``) of that child (``os.wait4``), best wall time of ``--repeat`` runs, beside the
figures of the path this replaced (issue 20: 659 s and 2.7 GB for the million lines, 5.4 s for 24
boards × 1,000); ``--before`` also runs that path (the exact reader, the engine, ``json.dumps``,
after ``django.setup()``) on the 27,000 lines.
Timings go to ``docs/benchmarks.md`` (## Scoring); they are never test assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.domain.formats.travellers import read_travellers  # noqa: E402
from scoring.domain.formats.usebio_writer import write_usebio  # noqa: E402

#: (what, boards, tables, limit in seconds, the figure before, as measured on this machine)
SIZES = (
    ("27,000 lines: 1,000 tables x 27 boards", 27, 1000, 1.5, "before: 5.4 s for 24 boards x 1,000 results"),
    ("1,000,000 lines: 100 boards x 10,000 tables", 100, 10000, 5.0, "before: 659 s, 2.7 GB (41 MB of JSON)"),
)
MEMORY_LIMIT_MB = 1024

_STRAINS = ("C", "D", "H", "S", "NT")


def board_contracts(rng: random.Random) -> list[tuple[str, str, int]]:
    """A board's likely results: a few contracts (level, strain, doubled) with their declarer and usual tricks."""
    out = []
    for _ in range(rng.randint(2, 6)):
        level = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6))
        strain = rng.choice(_STRAINS)
        double = rng.choice(("", "", "", "", "", "X", "XX")) if level < 7 else ""
        out.append((f"{level}{strain}{double}", rng.choice("NESW"), min(13, level + 6 + rng.choice((-1, 0, 0, 1)))))
    return out


def travellers(boards: int, tables: int, seed: int = 20) -> dict:
    """A traveller set of ``boards`` boards played at ``tables`` tables (see the module's docstring)."""
    rng = random.Random(seed)
    out = []
    for board in range(1, boards + 1):
        likely = board_contracts(rng)
        results = []
        for table in range(1, tables + 1):
            ew = tables + 1 + (table - 1 + board - 1) % tables
            if rng.random() < 0.01:
                results.append({"ns": table, "ew": ew, "contract": "PASS"})
                continue
            contract, declarer, tricks = rng.choice(likely)
            tricks = max(0, min(13, tricks + rng.choice((-2, -1, 0, 0, 0, 0, 1, 1, 2))))
            results.append({"ns": table, "ew": ew, "contract": contract, "declarer": declarer, "tricks": tricks})
        out.append({"board": board, "results": results})
    return {"event": "Simultaneous pairs", "boards": out}


#: The path this replaced, for comparison: the file read by the exact reader, scored by the engine, json.dumps.
BEFORE = (
    "import json, sys; sys.path.insert(0, '.'); import django; from django.conf import settings;"
    "import os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'clubsite.settings'); django.setup();"
    "from scoring.domain.formats.travellers import read_travellers;"
    "from scoring.domain.formats.report import event_report;"
    "e = read_travellers(open(sys.argv[1], 'rb').read(), source='t.json');"
    "sys.stdout.write(json.dumps(event_report(e, e.score()), ensure_ascii=False, indent=1) + '\\n')"
)


def run(argv: list[str], out: Path) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and peak memory (ru_maxrss, MB) of one child process."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL")}
    start = time.perf_counter()
    with out.open("wb") as stdout:
        child = subprocess.Popen(argv, cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE, env=env)
        _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    assert child.stderr is not None
    if status:
        raise SystemExit(f"{' '.join(argv)} failed: {child.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (best wall time shown)")
    parser.add_argument("--small-only", action="store_true", help="only the 27,000-line files")
    parser.add_argument("--before", action="store_true", help="also the path this replaced, on the 27,000 lines")
    args = parser.parse_args()
    python = str(ROOT / ".venv" / "bin" / "python")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for what, boards, tables, limit, before in SIZES[:1] if args.small_only else SIZES:
            document = travellers(boards, tables)
            path = tmp / f"travellers-{boards}x{tables}.json"
            path.write_text(json.dumps(document))
            size = path.stat().st_size / 1e6
            jobs = [("matchpoint", path, size)]
            if args.before and boards * tables <= 27_000:
                jobs.append(("(before)", path, size))
            if boards * tables <= 27_000:
                event = read_travellers(path.read_bytes(), source=path.name)
                xml = tmp / f"travellers-{boards}x{tables}.xml"
                xml.write_bytes(write_usebio(event, event.score()))
                jobs.append(("score_usebio", xml, xml.stat().st_size / 1e6))
            del document
            for command, file, mb in jobs:
                argv = (
                    [python, "-c", BEFORE, str(file)]
                    if command == "(before)"
                    else [python, "manage.py", command, str(file)]
                )
                runs = [run(argv, tmp / "out") for _ in range(args.repeat)]
                wall, cpu, rss = min(runs)
                written = (tmp / "out").stat().st_size / 1e6
                verdict = "met" if wall < limit and rss < MEMORY_LIMIT_MB else "NOT met"
                said = (
                    "the path this replaced"
                    if command == "(before)"
                    else f"target < {limit:g} s, < {MEMORY_LIMIT_MB} MB: {verdict} ({before})"
                )
                print(
                    f"{command:<13} {what}: {mb:5.1f} MB in, {written:6.1f} MB out  "
                    f"{wall:6.2f} s wall {cpu:6.2f} s CPU {rss:5d} MB peak  {said}"
                )


if __name__ == "__main__":
    main()

"""The dealing commands as a user runs them, beside BigDeal's own C program, in one run.

    .venv/bin/python scripts/bench_commands.py --bigdealx /path/to/bigdealx
    .venv/bin/python scripts/bench_commands.py --bigdealx … --deals 200000 --rounds 3   # quicker

Whole processes, each writing DEALS deals as PBN into an empty directory:

* ``bigdealx -W owner -e entropy -n DEALS -p bench -f pbn`` — BigDeal 2.0's extended program,
  built from its public sources (github.com/hansvanstaveren/BigDeal; how the golden files'
  build was made: tests/data/bigdeal/README.md). Not part of this repository.
* ``manage.py bigdeal`` with the same options (the same deals; the files are compared: equal
  apart from PBN's [Generator] line), by default and with ``--threads 1``;
* ``manage.py generate_deals --key K --count DEALS --format pbn --output bench.pbn``, by default
  and with ``--threads 1``;
* ``manage.py generate_deals --count 1``: the start-up alone (Django, numba loading its cached
  kernels).

Every program runs once untimed first (numba's cache and the page cache warm; the times are
printed), then ROUNDS timed rounds, the order turned by one each round. Each run's wall-clock
time and CPU time (user + system, from ``wait4``) are printed, then the medians and the ratios
bigdealx ÷ ours, wall and CPU, from the same run: over all rounds, and over the quiet runs only
(those during which other programs used less than a tenth of a core). The machine may be
shared: before each timed run the script waits (up to --quiet-wait seconds) until other
programs leave the CPU, and it prints the CPU seconds others used during each run ("others").
Timings are never test assertions.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")
OWNER, ENTROPY = "Bench owner", "bench entropy"
KEY = "00112233445566778899aabbccddeeff" * 2


def processes() -> dict[int, tuple[int, str, int]]:
    """Every process: pid → (parent pid, command line, CPU ticks used so far)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        table[int(entry)] = (int(fields[1]), command.strip(), int(fields[11]) + int(fields[12]))
    return table


def others_cpu(before: dict, after: dict) -> tuple[float, str]:
    """CPU seconds other programs (not this script, not kernel threads) used between two snapshots."""
    used: dict[str, float] = {}
    for pid, (_, command, ticks) in after.items():
        if pid == os.getpid() or not command:
            continue
        spent = (ticks - (before[pid][2] if pid in before else 0)) / TICK
        if spent > 0:
            used[command[:60]] = used.get(command[:60], 0) + spent
    busiest = max(used, key=used.get) if used else ""
    return sum(used.values()), busiest


def wait_quiet(limit: float, threshold: float = 0.05) -> None:
    """Wait until other programs use less than ``threshold`` of a core for a second (at most ``limit`` s)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        before = processes()
        time.sleep(1.0)
        if others_cpu(before, processes())[0] < threshold:
            return


class Program:
    def __init__(self, name: str, argv: list[str], output: str, bigdealrc: bool = False):
        self.name, self.argv, self.output, self.bigdealrc = name, argv, output, bigdealrc
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.others: list[float] = []

    def run(self, work: Path) -> tuple[float, float, float, str, Path]:
        """One run in a fresh directory: (wall s, CPU s, others' CPU s, busiest other, directory)."""
        directory = Path(tempfile.mkdtemp(prefix="run-", dir=work))
        if self.bigdealrc:
            (directory / ".bigdealrc").write_text("[BigDeal]\nformats=pbn\naskformats=no\n")
        before = processes()
        start = time.perf_counter()
        with open(os.devnull, "rb") as stdin, open(directory / "stdout.txt", "wb") as stdout:
            child = subprocess.Popen(self.argv, cwd=directory, stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT)
            _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        others, busiest = others_cpu(before, processes())
        if child.returncode != 0:
            sys.exit(f"{self.name} failed ({child.returncode}):\n{(directory / 'stdout.txt').read_text()[-2000:]}")
        if not (directory / self.output).exists():
            sys.exit(f"{self.name} wrote no {self.output}")
        return wall, usage.ru_utime + usage.ru_stime, others, busiest, directory


def without_generator(path: Path) -> bytes:
    data = path.read_bytes()
    start = data.index(b"[Generator ")
    return data[:start] + data[data.index(b"\n", start) + 1 :]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bigdealx",
        default=os.environ.get("BIGDEALX") or shutil.which("bigdealx"),
        help="the bigdealx binary (default: $BIGDEALX, or bigdealx on the PATH)",
    )
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--quiet-wait",
        type=float,
        default=30.0,
        help="wait at most this many seconds for other programs to leave the CPU before a run",
    )
    args = parser.parse_args()
    if not args.bigdealx or not Path(args.bigdealx).exists():
        sys.exit(
            "give the bigdealx binary with --bigdealx (built from github.com/hansvanstaveren/BigDeal's C "
            "sources: `make bigdealx`, see tests/data/bigdeal/README.md)"
        )
    python, manage = sys.executable, str(ROOT / "manage.py")
    n = str(args.deals)
    bigdeal_args = ["-W", OWNER, "-e", ENTROPY, "-n", n, "-p", "bench", "-f", "pbn"]
    generate = [python, manage, "generate_deals", "--key", KEY, "--count", n, "--format", "pbn", "--output",
                "bench.pbn"]  # fmt: skip
    programs = [
        Program("bigdealx", [str(Path(args.bigdealx).resolve()), *bigdeal_args], "bench.pbn", bigdealrc=True),
        Program("manage.py bigdeal", [python, manage, "bigdeal", *bigdeal_args], "bench.pbn"),
        Program(
            "manage.py bigdeal --threads 1", [python, manage, "bigdeal", *bigdeal_args, "--threads", "1"], "bench.pbn"
        ),
        Program("manage.py generate_deals", generate, "bench.pbn"),
        Program("manage.py generate_deals --threads 1", [*generate, "--threads", "1"], "bench.pbn"),
        Program(
            "manage.py generate_deals, 1 deal",
            [
                python,
                manage,
                "generate_deals",
                "--key",
                KEY,
                "--count",
                "1",
                "--format",
                "pbn",
                "--output",
                "bench.pbn",
            ],
            "bench.pbn",
        ),
    ]
    import numba
    import numpy

    cpu_model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    print(
        f"{args.deals:,} deals to PBN, whole processes; {args.rounds} rounds, medians; {cpu_model}, "
        f"{os.cpu_count()} CPUs; Python {platform.python_version()}, numpy {numpy.__version__}, "
        f"numba {numba.__version__}; load average at start {os.getloadavg()[0]:.2f}"
    )
    with tempfile.TemporaryDirectory(prefix="bench-commands-") as tmp:
        work = Path(tmp)
        # Untimed first runs; bigdealx's and bigdeal's files must be the same deals, the same layout.
        first = {}
        for program in programs:
            wall, cpu, _, _, directory = program.run(work)
            first[program.name] = directory
            print(f"  first run, untimed: {program.name:40s} {wall:6.2f} s wall {cpu:6.2f} s CPU")
        theirs = first["bigdealx"] / "bench.pbn"
        same = all(
            without_generator(first[name] / "bench.pbn") == without_generator(theirs)
            for name in ("manage.py bigdeal", "manage.py bigdeal --threads 1")
        )
        generated = first["manage.py generate_deals"] / "bench.pbn"
        print(
            f"  bigdeal's PBN equals bigdealx's apart from the [Generator] line: {same} "
            f"({theirs.stat().st_size:,} bytes); generate_deals wrote {generated.stat().st_size:,} bytes, "
            f"the same with --threads 1: "
            f"{generated.read_bytes() == (first['manage.py generate_deals --threads 1'] / 'bench.pbn').read_bytes()}"
        )
        if not same:
            sys.exit("bigdeal's file differs from bigdealx's")
        for directory in first.values():
            shutil.rmtree(directory)
        for r in range(args.rounds):
            order = programs[r % len(programs) :] + programs[: r % len(programs)]
            for program in order:
                wait_quiet(args.quiet_wait)
                wall, cpu, others, busiest, directory = program.run(work)
                shutil.rmtree(directory)
                program.wall.append(wall)
                program.cpu.append(cpu)
                program.others.append(others)
                note = f" ({busiest})" if others >= 0.05 else ""
                print(
                    f"  round {r + 1}: {program.name:40s} {wall:6.2f} s wall {cpu:6.2f} s CPU"
                    f"   others {others:5.2f} s{note}"
                )
    print()
    summary(programs, "all rounds", lambda program, k: True)
    summary(
        programs,
        f"quiet runs only (others used less than {QUIET:.0%} of a core meanwhile)",
        lambda program, k: program.others[k] < QUIET * program.wall[k],
    )
    print(
        f"load average at the end {os.getloadavg()[0]:.2f}; others' CPU during the timed runs: "
        f"{sum(sum(p.others) for p in programs):.1f} s in all"
    )


QUIET = 0.1


def summary(programs: list[Program], title: str, keep) -> None:
    """Medians of the runs ``keep`` accepts, and bigdealx's medians divided by each program's."""
    print(f"medians, {title}:")
    print(f"  {'program':40s} {'runs':>4s} {'wall':>8s} {'CPU':>8s}  {'bigdealx ÷ ours: wall':>22s} {'CPU':>7s}")
    medians = {}
    for program in programs:
        kept = [k for k in range(len(program.wall)) if keep(program, k)]
        if kept:
            medians[program.name] = (
                statistics.median(program.wall[k] for k in kept),
                statistics.median(program.cpu[k] for k in kept),
            )
        wall, cpu = medians.get(program.name, (float("nan"), float("nan")))
        ratio = ""
        if program is not programs[0] and programs[0].name in medians and program.name in medians:
            ref_wall, ref_cpu = medians[programs[0].name]
            ratio = f"{ref_wall / wall:21.1f}× {ref_cpu / cpu:6.1f}×"
        print(f"  {program.name:40s} {len(kept):4d} {wall:7.2f}s {cpu:7.2f}s  {ratio}")


if __name__ == "__main__":
    main()

"""Where a test run's time went: the phases of ``make test``, the time of each kind of test, the slowest tests.

    python scripts/test_report.py --phases PHASES.tsv --started EPOCH --cpu CPU.tsv junit-*.xml
    python scripts/test_report.py --save junit-*.xml      # refresh tests/module-seconds.json

The failures come last, each with its error and the lines of the traceback that name it, so that the tail of a
run's output (all a CI log may keep) says what failed and why.

``scripts/test.sh`` writes the phases (name, start, end, exit status, tab-separated; the runs of the suite overlap)
and one JUnit report per pytest run, and calls this at the end of every run, passed or failed. ``--save`` writes
each module's summed time to ``tests/module-seconds.json``, which ``tests/conftest.py`` uses to start the longest
modules first; run it now and then on a whole run's reports (a stale file only makes the order less good).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MODULE_SECONDS = REPO / "tests" / "module-seconds.json"
SLOWEST = 25
FAILURE_LINES = 30  # of each failure's traceback: its "E" lines and the file:line lines

#: kinds of test, by where they live (the first that matches)
KINDS = [
    ("browser (tests/e2e, Chromium)", "tests/e2e/"),
    ("hostile inputs (tests/security/test_hostile_*)", "tests/security/test_hostile_"),
    ("visibility matrix and headers (tests/security)", "tests/security/"),
    ("domain tests and doctests (no database)", "/domain/"),
    ("Django layers (pages, API, services, commands)", ""),
]


def test_cases(paths: list[Path]):
    """(run, file, test id, seconds, CPU seconds) of every test case in the reports; the CPU seconds are a pair, the
    test's process's and the children's it waited for (tests/conftest.py, the property ``cpu``), None when not
    recorded."""
    for path in paths:
        run = path.stem.removeprefix("junit-")
        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError) as exc:
            print(f"({path.name}: no report: {exc})")
            continue
        for case in root.iter("testcase"):
            file = case.get("file") or case.get("classname", "").replace(".", "/") + ".py"
            cpu = next(
                (
                    tuple(float(part) for part in prop.get("value", "0").split("+"))
                    for prop in case.iter("property")
                    if prop.get("name") == "cpu"
                ),
                None,
            )
            yield run, file, f"{file}::{case.get('name')}", float(case.get("time") or 0), cpu


def failures(paths: list[Path]):
    """(run, test id, message, the traceback's last lines) of every failed or erred test case in the reports."""
    for path in paths:
        run = path.stem.removeprefix("junit-")
        try:
            root = ET.parse(path).getroot()
        except (OSError, ET.ParseError):
            continue
        for case in root.iter("testcase"):
            for bad in (*case.findall("failure"), *case.findall("error")):
                file = case.get("file") or case.get("classname", "").replace(".", "/") + ".py"
                lines = [line for line in (bad.text or "").splitlines() if line.strip()]
                told = [
                    line
                    for line in lines
                    if line.startswith(
                        ("E ", "tests/", "clubs", "dealing/", "movements/", "scoring/", "tables/", "audits/")
                    )
                ]
                yield run, f"{file}::{case.get('name')}", (bad.get("message") or "").strip(), told[-FAILURE_LINES:]


def phases_table(phases: Path, started: float) -> list[str]:
    rows = []
    for line in phases.read_text().splitlines():
        name, start, end, status = line.split("\t")
        rows.append((float(start), float(end), name, int(status)))
    rows.sort()
    out = [f"{'phase':<78} {'from':>6} {'to':>6} {'seconds':>8}"]
    for start, end, name, status in rows:
        mark = "" if status == 0 else f"  (exit status {status})"
        out.append(f"{name:<78} {start - started:>5.0f}s {end - started:>5.0f}s {end - start:>8.1f}{mark}")
    if rows:
        whole = max(end for _, end, _, _ in rows) - started
        out.append(
            f"{'whole run (wall clock, from make test)':<78} {'':>6} {'':>6} {whole:>8.1f}  = {whole / 60:.1f} min"
        )
    return out


def cpu_table(cpu: Path, whole: float | None) -> list[str]:
    """CPU seconds by process (name, seconds; tab-separated), against what the machine's cores could give."""
    rows = []
    for line in cpu.read_text().splitlines():
        name, _, seconds = line.rpartition("\t")
        if name:
            rows.append((float(seconds), name))
    if not rows:
        return []
    out = [f"{'CPU by process (user + system)':<78} {'seconds':>15}"]
    out += [f"{name:<78} {seconds:>15.1f}" for seconds, name in sorted(rows, reverse=True)]
    total = sum(seconds for seconds, _ in rows)
    cores = os.cpu_count() or 1
    line = f"{'all of them':<78} {total:>15.1f}"
    if whole:
        line += f"  = {total / (whole * cores):.0%} of {cores} cores over the run"
    return out + [line]


def kind_of(file: str) -> str:
    return next(name for name, part in KINDS if part in file or not part)


def report(paths: list[Path], phases: Path | None, started: float | None, cpu: Path | None = None) -> None:
    cases = list(test_cases(paths))
    print("\n=== where the time went " + "=" * 70)
    whole = None
    if phases and started is not None:
        table = phases_table(phases, started)
        print("\n".join(table))
        print()
        ends = [float(line.split("\t")[2]) for line in phases.read_text().splitlines()]
        whole = max(ends) - started if ends else None
    if cpu and cpu.exists():
        print("\n".join(cpu_table(cpu, whole)))
        print()
    by_kind: Counter = Counter()
    count: Counter = Counter()
    for run, file, _, seconds, _cpu in cases:
        key = f"{run}: {kind_of(file)}"
        by_kind[key] += seconds
        count[key] += 1
    print(f"{'tests by run and kind (time summed over the parallel processes)':<78} {'tests':>6} {'seconds':>15}")
    for key in sorted(by_kind, key=lambda k: -by_kind[k]):
        print(f"{key:<78} {count[key]:>6} {by_kind[key]:>15.1f}")
    print(f"\n{SLOWEST} slowest tests (set-up, call and tear-down)")
    for run, _, name, seconds, _cpu in sorted(cases, key=lambda c: -c[3])[:SLOWEST]:
        print(f"{seconds:8.1f}s  {name}  [{run}]")
    measured = [case for case in cases if case[4] is not None]
    if measured:
        print(
            f"\n{SLOWEST} tests that used the most CPU: their process's, then the children's they waited for "
            f"({sum(sum(case[4]) for case in measured):.0f} s in all; a browser kept for a whole process is waited "
            f"for, and so counted, by the last test of that process)"
        )
        for run, _, name, _seconds, cpu in sorted(measured, key=lambda c: -sum(c[4]))[:SLOWEST]:
            print(f"{cpu[0]:8.1f}s {cpu[1]:6.1f}s  {name}  [{run}]")
    failed = list(failures(paths))
    if failed:
        print(f"\n{len(failed)} failed (the error, then where it was raised)")
    for run, name, message, told in failed:
        print(f"\n--- {name}  [{run}]")
        for line in told or message[:600].splitlines():
            print(f"    {line[:300]}")


def save(paths: list[Path]) -> None:
    seconds: Counter = Counter()
    for _, file, _, time, _cpu in test_cases(paths):
        seconds[file] += time
    ordered = {file: round(time, 1) for file, time in sorted(seconds.items(), key=lambda kv: -kv[1])}
    MODULE_SECONDS.write_text(json.dumps(ordered, indent=1) + "\n")
    print(f"{MODULE_SECONDS.relative_to(REPO)}: {len(ordered)} modules")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="*", type=Path, help="JUnit XML reports of the pytest runs")
    parser.add_argument("--phases", type=Path, help="the phases file scripts/test.sh writes")
    parser.add_argument("--started", type=float, help="when the run started (seconds since the epoch)")
    parser.add_argument("--cpu", type=Path, help="the CPU seconds by process scripts/test.sh gathers")
    parser.add_argument("--save", action="store_true", help="write tests/module-seconds.json from the reports")
    args = parser.parse_args(argv)
    if args.save:
        save(args.reports)
    else:
        report(args.reports, args.phases, args.started, args.cpu)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long the front door takes, measured whole from a fresh clone (issue 23; figures in docs/benchmarks.md).

    python scripts/bench_feedback.py            # make serve: until the site answers, and what that time is spent on
    python scripts/bench_feedback.py --check    # and make check, whole

* ``make serve`` in a fresh clone of this repository's HEAD (package caches as they are: warm after the first run),
  timed from the command to the first answer of ``/healthz``; then the same steps one by one in a second fresh
  clone (the virtualenv, the installer, the requirements, the front-end packages, migrate, the demo data), so the
  table says where the time goes.
* ``make check`` in the working tree, whole (its own install step is then a no-op, as in the inner loop).

``make test`` prints its own phase table and slowest tests at the end of every run (scripts/test_report.py).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_clone(into: Path) -> Path:
    """A clone of HEAD beside a link to the shared data, as CI lays them out."""
    clone = into / "main"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True)
    shared = REPO.parent / "shared"
    if shared.exists():
        (into / "shared").symlink_to(shared)
    return clone


def answers(port: int) -> bool:
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
        return True
    except OSError:
        return False


def make_serve(clone: Path) -> float:
    """Seconds from ``make serve`` to the site's first answer; the processes are stopped after."""
    port = free_port()
    started = time.monotonic()
    process = subprocess.Popen(
        ["make", "serve"],
        cwd=clone,
        env={**os.environ, "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        while not answers(port):
            if process.poll() is not None:
                raise SystemExit(f"make serve ended with status {process.returncode} before answering")
            time.sleep(0.1)
        return time.monotonic() - started
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def steps(clone: Path) -> list[tuple[str, float]]:
    """The steps of ``make serve`` one at a time (the Makefile's install, then scripts/serve.sh's set-up)."""
    python = (
        subprocess.run(
            ["make", "-s", "-f", "-", "python"],
            cwd=clone,
            text=True,
            capture_output=True,
            input="include Makefile\npython:\n\t@echo $(PYTHON)\n",
        ).stdout.strip()
        or "python3"
    )
    uv = next(line for line in (clone / "requirements.txt").read_text().splitlines() if line.startswith("uv=="))
    bin_ = clone / ".venv" / "bin"
    plan = [
        ("virtualenv (python -m venv)", [python, "-m", "venv", ".venv"]),
        ("the installer (pip install uv)", [bin_ / "pip", "install", "-q", "--disable-pip-version-check", uv]),
        (
            "the requirements (uv pip install, byte code compiled)",
            [
                bin_ / "uv",
                "pip",
                "install",
                "-q",
                "--compile-bytecode",
                "--python",
                bin_ / "python",
                "-r",
                "requirements.txt",
            ],
        ),
        (
            "front-end packages (npm ci)",
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        ),
        ("migrate (SQLite)", [bin_ / "python", "manage.py", "migrate", "--noinput", "-v0"]),
        ("the demo club (seed_demo)", [bin_ / "python", "manage.py", "seed_demo"]),
    ]
    out = []
    for name, command in plan:
        started = time.monotonic()
        result = subprocess.run([str(part) for part in command], cwd=clone, capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(f"{name} failed (status {result.returncode}):\n{result.stdout}{result.stderr}")
        out.append((name, time.monotonic() - started))
    return out


def make_check() -> float:
    started = time.monotonic()
    result = subprocess.run(["make", "check"], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    if result.returncode:
        raise SystemExit(f"make check failed (status {result.returncode})")
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="time make check too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-feedback-") as folder:
        whole = make_serve(fresh_clone(Path(folder) / "whole"))
        print(f"make serve, fresh clone, to the first answer: {whole:6.1f} s  (target: under 45 s)")
        print("the same steps one by one, in another fresh clone:")
        parts = steps(fresh_clone(Path(folder) / "steps"))
        for name, seconds in parts:
            print(f"  {name:58} {seconds:6.1f} s")
        print(
            f"  {'the rest (the workers and the web server start, the first answer)':58} "
            f"{max(0.0, whole - sum(s for _, s in parts)):6.1f} s"
        )
        shutil.rmtree(folder, ignore_errors=True)
    if args.check:
        print(f"make check, whole: {make_check():6.1f} s  (target: under 90 s)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

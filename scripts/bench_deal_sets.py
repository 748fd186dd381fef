#!/usr/bin/env python
"""Benchmark of deal-set jobs on real Celery workers (issue 4): speed-up from 1 to 2 worker
processes, the overhead of our analysis path over calling DDS directly, and workers' peak memory.

It starts what it needs in a temporary directory — a throw-away PostgreSQL and Redis on free
loopback ports (unless DATABASE_URL and CELERY_BROKER_URL are already set) — and real Celery
workers laid out as in production (README, "Running in production"): a dealing worker
(``-Q dealing -c P``) and an analysis worker (``-Q analysis -c P``), first with P = 1, then with
P = 2. In one run it measures, from the moment a job is committed to the moment its files are
published (SHA-256 and all):

* a PBN job of ``--deals`` deals (default 2,000,000) with 1 and with 2 processes per worker
  (best of ``--pbn-rounds``, default 3; every round is printed);
* a job with double-dummy analysis of ``--dd-deals`` deals (default 200) with 1 and 2 processes;
* the same deals solved by calling endplay (DDS) directly in this process, one thread,
  ``calc_all_tables`` (40 deals a call) + ``par`` per deal, alternating with the 1-process
  analysis job (``--rounds``, best of each) — the yardstick for our analysis path's overhead;
* the peak resident memory (VmHWM) of every worker process, and with a ``--big`` job (default
  10,000,000 deals in every format; 0 to skip) and an analysis job on the same layout.

The machine is shared: before each timed job the script waits (up to ``--quiet-wait`` seconds)
until no other program uses the CPU, and it prints how much CPU other programs took during each
timed job ("others"), so a figure spoilt by someone else's work can be told apart. Between jobs
it waits for the queues to empty and flushes written files to disk (``sync``), so one job's
disk writes do not land in the next one's time. Each worker gets a warm-up job first (numba
kernels and DDS loaded), as a long-running worker would be. Usage::

    .venv/bin/python scripts/bench_deal_sets.py                 # the figures in docs/benchmarks.md
    .venv/bin/python scripts/bench_deal_sets.py --deals 200000 --dd-deals 24 --big 0   # quick look
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_services(work: Path) -> list:
    """A throw-away PostgreSQL and Redis (as scripts/test.sh starts them); returns stop commands."""
    pgbin = sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1]
    pgdata, pgport, redis_port = work / "pgdata", free_port(), free_port()
    pgdata.mkdir()
    root = os.getuid() == 0

    def as_postgres(cmd: str) -> None:
        subprocess.run(
            ["su", "postgres", "-c", cmd] if root else ["bash", "-c", cmd], check=True, stdout=subprocess.DEVNULL
        )

    if root:
        shutil.chown(pgdata, "postgres", "postgres")
        os.chmod(work, 0o755)
    as_postgres(f"{pgbin}/initdb -D {pgdata} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8")
    as_postgres(
        f'{pgbin}/pg_ctl -D {pgdata} -l {pgdata}/server.log -w -o "-h 127.0.0.1 -p {pgport} -k {pgdata} '
        f'-c fsync=off -c synchronous_commit=off -c full_page_writes=off" start'
    )
    subprocess.run(
        [
            "psql",
            "-h",
            "127.0.0.1",
            "-p",
            str(pgport),
            "-U",
            "postgres",
            "-q",
            "-c",
            "CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB",
            "-c",
            "CREATE DATABASE bench OWNER app",
        ],
        check=True,
    )
    subprocess.run(
        [
            "redis-server",
            "--daemonize",
            "yes",
            "--bind",
            "127.0.0.1",
            "--port",
            str(redis_port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(work),
            "--logfile",
            str(work / "redis.log"),
        ],
        check=True,
    )
    os.environ["DATABASE_URL"] = f"postgres://app:app@127.0.0.1:{pgport}/bench"
    os.environ["CELERY_BROKER_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    os.environ["CELERY_RESULT_BACKEND"] = f"redis://127.0.0.1:{redis_port}/1"
    time.sleep(0.5)
    return [
        lambda: subprocess.run(
            ["redis-cli", "-p", str(redis_port), "shutdown", "nosave"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ),
        lambda: as_postgres(f"{pgbin}/pg_ctl -D {pgdata} -m fast -w stop"),
    ]


# --- processes, their memory and CPU ------------------------------------------------------------


def vm_hwm_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


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
    """CPU seconds that other programs (not this script and what it started, not PostgreSQL or
    Redis, not kernel threads) used between two snapshots, and the busiest of them."""
    ours = {os.getpid()}
    grew = True
    while grew:  # this script's descendants
        grew = False
        for pid, (parent, _, _) in after.items():
            if parent in ours and pid not in ours:
                ours.add(pid)
                grew = True
    used = {}
    for pid, (_, command, ticks) in after.items():
        if pid in ours or not command or command.split()[0].rsplit("/", 1)[-1] in ("postgres", "redis-server"):
            continue
        if command.startswith("postgres:"):
            continue
        spent = (ticks - (before[pid][2] if pid in before else 0)) / TICK
        if spent > 0:
            used[command[:70]] = used.get(command[:70], 0) + spent
    busiest = max(used, key=used.get) if used else ""
    return sum(used.values()), busiest


def wait_quiet(limit: float, threshold: float = 0.05) -> float:
    """Wait until other programs use less than ``threshold`` of a core for a second; returns the wait."""
    t0 = time.monotonic()
    while True:
        before = processes()
        time.sleep(1.0)
        spent, busiest = others_cpu(before, processes())
        if spent < threshold:
            return time.monotonic() - t0
        if time.monotonic() - t0 > limit:
            print(f"    (machine not quiet after {limit:.0f} s: others use {spent:.2f} cores, e.g. {busiest!r})")
            return time.monotonic() - t0


class Worker:
    def __init__(self, work: Path, concurrency: int, queues: tuple[str, str], listen: tuple[str, ...]):
        self.log = work / f"worker-{'-'.join(listen)}-c{concurrency}-{uuid.uuid4().hex[:6]}.log"
        env = {
            **os.environ,
            "DEAL_SET_DEALING_QUEUE": queues[0],
            "DEAL_SET_ANALYSIS_QUEUE": queues[1],
            "PYTHONUNBUFFERED": "1",
        }
        self.proc = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("celery")),
                "-A",
                "clubsite",
                "worker",
                "-Q",
                ",".join(listen),
                "-c",
                str(concurrency),
                "--hostname",
                f"bench{concurrency}-{uuid.uuid4().hex[:6]}@%h",
                "-l",
                "WARNING",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=REPO,
            env=env,
            stdout=open(self.log, "wb"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        self.concurrency = concurrency

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 90
        while len(children(self.proc.pid)) < self.concurrency:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"worker did not start:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.2)

    def peak_memory_mb(self) -> dict[str, float]:
        return {
            "main": vm_hwm_kb(self.proc.pid) / 1024,
            **{f"pool {k + 1}": vm_hwm_kb(pid) / 1024 for k, pid in enumerate(children(self.proc.pid))},
        }

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the worker and its pool processes."""
        total = 0
        for pid in [self.proc.pid, *children(self.proc.pid)]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
        return total / TICK

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Pool:
    """The production layout: a dealing worker and an analysis worker, each with P processes."""

    def __init__(self, work: Path, processes_each: int, queues: tuple[str, str]):
        self.dealer = Worker(work, processes_each, queues, listen=queues[:1])
        self.solver = Worker(work, processes_each, queues, listen=queues[1:])
        self.dealer.wait_ready()
        self.solver.wait_ready()
        time.sleep(1.0)  # connected and consuming

    def cpu_seconds(self) -> float:
        return self.dealer.cpu_seconds() + self.solver.cpu_seconds()

    def stop(self) -> None:
        self.dealer.stop()
        self.solver.stop()


_SPIN = (
    "import hashlib, time; data = b'x' * (32 << 20); t = time.perf_counter(); "
    "[hashlib.sha256(data).digest() for _ in range(12)]; print(time.perf_counter() - t)"
)


def parallel_capacity() -> float:
    """How many cores this machine offers right now: the same CPU-bound work (SHA-256 over
    384 MB) in 1 process, then in 2 at once; 2.0 on an idle 2-core machine, less when other
    jobs share it. Our speed-ups can only be read against it."""

    def spin(n: int) -> float:
        procs = [subprocess.Popen([sys.executable, "-c", _SPIN], stdout=subprocess.PIPE) for _ in range(n)]
        return max(float(p.communicate()[0]) for p in procs)

    one = min(spin(1) for _ in range(2))
    two = min(spin(2) for _ in range(2))
    return 2 * one / two


def queues_drained(names: tuple[str, ...], timeout: float = 60) -> None:
    """Wait until the workers have taken every message of the previous job (chunk messages whose
    chunk was dealt meanwhile are still consumed after publication, each doing nothing)."""
    from clubsite.celery import app

    deadline = time.monotonic() + timeout
    with app.connection_for_read() as conn:
        client = conn.default_channel.client
        while any(client.llen(name) for name in names) and time.monotonic() < deadline:
            time.sleep(0.05)
    time.sleep(0.3)  # and finished the last one


class Jobs:
    def __init__(self, service, DealSet, director, club, queues: tuple[str, str], quiet_wait: float):
        self.service, self.DealSet, self.director, self.club = service, DealSet, director, club
        self.queues, self.quiet_wait = queues, quiet_wait

    def run(self, *, timed: bool = True, **kwargs):
        """Run one job to publication; returns (seconds, the job, CPU seconds others used meanwhile)."""
        queues_drained(self.queues)
        os.sync()  # earlier files reach the disk now, not (kernel threads on our cores) during this job
        if timed:
            wait_quiet(self.quiet_wait)
        before = processes()
        t0 = time.perf_counter()
        deal_set = self.service.deal_set_create(user=self.director, club=self.club, **kwargs)
        while True:
            status = self.DealSet.objects.values_list("status", flat=True).get(pk=deal_set.pk)
            if status in ("done", "failed", "cancelled"):
                break
            time.sleep(0.02)
        elapsed = time.perf_counter() - t0
        others, busiest = others_cpu(before, processes())
        deal_set.refresh_from_db()
        if deal_set.status != "done":
            raise SystemExit(f"job {deal_set.pk} {deal_set.status}: {deal_set.error}")
        last_chunk = max(c.finished_at for c in deal_set.chunks.all())
        deal_set.phases = {  # where the time went: queueing, until the last chunk is done, the tail
            "queue": (deal_set.started_at - deal_set.created_at).total_seconds(),
            "chunks": (last_chunk - deal_set.started_at).total_seconds(),
            "tail": (deal_set.finished_at - last_chunk).total_seconds(),
        }
        deal_set.others, deal_set.busiest = others, busiest
        return elapsed, deal_set

    def best(self, rounds: int, **kwargs):
        """The fastest of ``rounds`` runs (after each has waited for a quiet machine), and all times."""
        runs = [self.run(**kwargs) for _ in range(rounds)]
        return min(runs, key=lambda run: run[0]), runs


def others_text(deal_set) -> str:
    return f"others {deal_set.others:.2f} s" + (f" ({deal_set.busiest[:40]})" if deal_set.others >= 0.05 else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2_000_000, help="deals in the PBN job")
    parser.add_argument("--dd-deals", type=int, default=200, help="deals in the job with analysis")
    parser.add_argument("--big", type=int, default=10_000_000, help="deals in the memory job (0: skip)")
    parser.add_argument("--pbn-rounds", type=int, default=3, help="PBN jobs per configuration; the best counts")
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        help="rounds of (our 1-process analysis job, DDS directly); the best of each counts",
    )
    parser.add_argument(
        "--quiet-wait",
        type=float,
        default=300,
        help="seconds to wait at most, before a timed job, for other programs to leave the CPU",
    )
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-deal-sets-"))
    stops = []
    try:
        if not (os.environ.get("DATABASE_URL") and os.environ.get("CELERY_BROKER_URL", "").startswith("redis")):
            stops = start_services(work)
        storage = work / "storage"
        os.environ.update(
            {
                "DJANGO_SETTINGS_MODULE": "clubsite.settings",
                "CLUBSITE_VAR_DIR": str(work / "var"),
                "DEAL_SET_STORAGE_BACKEND": "django.core.files.storage.FileSystemStorage",
                "DEAL_SET_STORAGE_OPTIONS": json.dumps({"location": str(storage)}),
                "CELERY_TASK_ALWAYS_EAGER": "false",
            }
        )
        queues = (f"bench-dealing-{uuid.uuid4().hex[:6]}", f"bench-analysis-{uuid.uuid4().hex[:6]}")
        os.environ["DEAL_SET_DEALING_QUEUE"], os.environ["DEAL_SET_ANALYSIS_QUEUE"] = queues
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        from clubs.services import club_create, club_role_grant
        from dealing.models import DealSet
        from dealing.services import deal_sets as service

        club = club_create(name=f"Bench club {uuid.uuid4().hex[:6]}", slug=f"bench-{uuid.uuid4().hex[:6]}", city="")
        director = get_user_model().objects.create_user(username=f"bench-{uuid.uuid4().hex[:6]}")
        club_role_grant(club=club, user=director, role="director")
        jobs = Jobs(service, DealSet, director, club, queues, args.quiet_wait)
        key = "b3" * 32

        def direct_dds() -> tuple[float, float]:
            """DDS called directly, one thread, on the same deals, in this process: endplay's
            calc_all_tables (40 deals a call) and par from each table."""
            from endplay import _dds
            from endplay.dds import calc_all_tables, par
            from endplay.types import Deal as EDeal
            from endplay.types import Player, Vul

            from bridge.cards import board_dealer, board_vulnerability
            from dealing.domain import generator
            from dealing.domain.numbering import number_to_deal, numbers_to_ints

            _dds.SetMaxThreads(1)
            vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
            numbers = numbers_to_ints(generator.deal_numbers_array(bytes.fromhex(key), "bench-dd", 0, args.dd_deals))
            deals = [EDeal(number_to_deal(n).to_pbn()) for n in numbers]
            boards = [
                (vul[board_vulnerability(i + 1).pbn], Player(int(board_dealer(i + 1)))) for i in range(len(deals))
            ]
            calc_all_tables(deals[:1])  # load the solver, as the workers were warmed up
            wait_quiet(args.quiet_wait)
            t0, c0 = time.perf_counter(), time.process_time()
            for start in range(0, len(deals), 40):
                tables = calc_all_tables(deals[start : start + 40])
                for k, (v, dealer) in enumerate(boards[start : start + 40]):
                    par(tables[k], v, dealer)
            return time.perf_counter() - t0, time.process_time() - c0

        print(
            f"machine: {os.cpu_count()} cores; PBN job {args.deals:,} deals; analysis job {args.dd_deals:,} deals; "
            f"workers as in production: dealing (-Q dealing -c P) and analysis (-Q analysis -c P)"
        )
        results: dict[int, dict] = {}
        for processes_each in (1, 2):
            wait_quiet(args.quiet_wait)
            capacity = parallel_capacity()
            print(f"machine offers {capacity:.2f} cores now (2 processes of pure CPU work vs 1)")
            pool = Pool(work, processes_each, queues)
            try:
                jobs.run(timed=False, count=70_000 * processes_each, formats=["pbn"], key_hex=key, label="warm-up")
                jobs.run(
                    timed=False,
                    count=9 * processes_each,
                    formats=["binary"],
                    analysis=True,
                    key_hex=key,
                    label="warm-up",
                )
                (pbn_time, pbn_set), pbn_runs = jobs.best(
                    args.pbn_rounds, count=args.deals, formats=["pbn"], key_hex=key, label="bench"
                )
                cpu0 = pool.cpu_seconds()
                dd_time, dd_set = jobs.run(
                    count=args.dd_deals, formats=["binary"], analysis=True, key_hex=key, label="bench-dd"
                )
                dd_cpu = pool.cpu_seconds() - cpu0
                if processes_each == 1:  # our path and DDS directly, alternately, on the same deals: best of each
                    direct, direct_cpu = direct_dds()
                    for _ in range(args.rounds - 1):
                        cpu0 = pool.cpu_seconds()
                        again, again_set = jobs.run(
                            count=args.dd_deals, formats=["binary"], analysis=True, key_hex=key, label="bench-dd"
                        )
                        if again < dd_time:
                            dd_time, dd_set = again, again_set
                        dd_cpu = min(dd_cpu, pool.cpu_seconds() - cpu0)
                        wall, cpu = direct_dds()
                        direct, direct_cpu = min(direct, wall), min(direct_cpu, cpu)
                results[processes_each] = {
                    "pbn": pbn_time,
                    "dd": dd_time,
                    "dd_cpu": dd_cpu,
                    "memory": {"dealing": pool.dealer.peak_memory_mb(), "analysis": pool.solver.peak_memory_mb()},
                    "pbn_set": pbn_set,
                    "dd_set": dd_set,
                    "pbn_runs": pbn_runs,
                    "pbn_sha": pbn_set.files.get().sha256,
                    "dd_sha": dd_set.files.get(output="analysis").sha256,
                    "pbn_size": pbn_set.files.get().size,
                }
            finally:
                pool.stop()
            r = results[processes_each]
            label = f"{processes_each} process{'es' if processes_each > 1 else ''} per worker"
            print(
                f"{label}: PBN {args.deals:,} deals {pbn_time:.2f} s ({args.deals / pbn_time:,.0f} deals/s); "
                f"analysis {args.dd_deals:,} deals {dd_time:.2f} s ({args.dd_deals / dd_time:.2f} deals/s)"
            )
            print("    PBN rounds (s): " + ", ".join(f"{t:.2f} ({others_text(s)})" for t, s in r["pbn_runs"]))
            for job in ("pbn", "dd"):
                print(
                    f"    {job} phases (s): "
                    + ", ".join(f"{k} {v:.2f}" for k, v in r[f"{job}_set"].phases.items())
                    + f"; {others_text(r[f'{job}_set'])}"
                )
            print(
                "    peak memory MB: "
                + "; ".join(
                    f"{kind} worker " + ", ".join(f"{k} {v:.0f}" for k, v in memory.items())
                    for kind, memory in r["memory"].items()
                )
            )
        same = results[1]["pbn_sha"] == results[2]["pbn_sha"] and results[1]["dd_sha"] == results[2]["dd_sha"]
        print(
            f"same SHA-256 with 1 and 2 processes: {same} (PBN {results[2]['pbn_sha'][:16]}…, "
            f"{results[2]['pbn_size'] / 1e6:,.0f} MB)"
        )
        print(
            f"speed-up 1 → 2 processes: PBN {results[1]['pbn'] / results[2]['pbn']:.2f}×, "
            f"analysis {results[1]['dd'] / results[2]['dd']:.2f}×"
        )
        print(
            f"DDS directly (endplay calc_all_tables + par, 1 thread): {args.dd_deals:,} deals {direct:.2f} s "
            f"wall, {direct_cpu:.2f} s CPU; our analysis job with 1 process {results[1]['dd']:.2f} s wall, "
            f"{results[1]['dd_cpu']:.2f} s CPU of the workers: overhead "
            f"{100 * (results[1]['dd'] / direct - 1):+.1f} % wall, {100 * (results[1]['dd_cpu'] / direct_cpu - 1):+.1f} % CPU"
        )

        if args.big:
            pool = Pool(work, 2, queues)
            try:
                big_time, big_set = jobs.run(
                    count=args.big, formats=["pbn", "pbn-gz", "csv", "binary"], key_hex=key, label="big"
                )
                jobs.run(count=args.dd_deals, formats=["pbn"], analysis=True, key_hex=key, label="big-dd")
                dealing_memory, analysis_memory = pool.dealer.peak_memory_mb(), pool.solver.peak_memory_mb()
            finally:
                pool.stop()
            sizes = ", ".join(f"{f.output} {f.size / 1e9:.2f} GB" for f in big_set.files.all())
            print(
                f"big job: {args.big:,} deals in every format ({sizes}) on 2 dealing processes: {big_time:.1f} s"
                f" ({others_text(big_set)})"
            )
            print(
                "peak memory MB after it and an analysis job, dealing worker: "
                + ", ".join(f"{k} {v:.0f}" for k, v in dealing_memory.items())
                + "; analysis worker: "
                + ", ".join(f"{k} {v:.0f}" for k, v in analysis_memory.items())
            )
            shutil.rmtree(storage, ignore_errors=True)
    finally:
        for stop in stops:
            stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

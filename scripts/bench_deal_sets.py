#!/usr/bin/env python
"""Benchmark of deal-set jobs on real Celery workers (issue 4): speed-up from 1 to 2 worker
processes, the overhead of our analysis path over calling DDS directly, and workers' peak memory.

It starts what it needs in a temporary directory — a throw-away PostgreSQL and Redis on free
loopback ports (unless DATABASE_URL and CELERY_BROKER_URL are already set), then a Celery
worker with ``-c 1`` and one with ``-c 2`` in turn — and in one run measures, from the moment a
job is committed to the moment its files are published (SHA-256 and all):

* a PBN job of ``--deals`` deals (default 2,000,000) with 1 and with 2 worker processes
  (best of ``--pbn-rounds``, default 3);
* a job with double-dummy analysis of ``--dd-deals`` deals (default 200) with 1 and 2 processes;
* the same deals solved by calling endplay (DDS) directly in this process, one thread,
  ``calc_all_tables`` (40 deals a call) + ``par`` per deal, alternating with the 1-process
  analysis job (``--rounds``, best of each) — the yardstick for our analysis path's overhead;
* the peak resident memory (VmHWM) of every worker process; then, with separate dealing and
  analysis workers as in production, a ``--big`` job (default 10,000,000 deals in every
  format; 0 to skip) and an analysis job, and the peak memory of those processes.

Each worker gets a warm-up job first (numba kernels and DDS loaded), as a long-running
worker would be. Usage::

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
        subprocess.run(["su", "postgres", "-c", cmd] if root else ["bash", "-c", cmd], check=True,
                       stdout=subprocess.DEVNULL)

    if root:
        shutil.chown(pgdata, "postgres", "postgres")
        os.chmod(work, 0o755)
    as_postgres(f"{pgbin}/initdb -D {pgdata} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8")
    as_postgres(f"{pgbin}/pg_ctl -D {pgdata} -l {pgdata}/server.log -w -o \"-h 127.0.0.1 -p {pgport} -k {pgdata} "
                f"-c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start")
    subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(pgport), "-U", "postgres", "-q", "-c",
                    "CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB", "-c", "CREATE DATABASE bench OWNER app"],
                   check=True)
    subprocess.run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", str(redis_port),
                    "--save", "", "--appendonly", "no", "--dir", str(work), "--logfile", str(work / "redis.log")],
                   check=True)
    os.environ["DATABASE_URL"] = f"postgres://app:app@127.0.0.1:{pgport}/bench"
    os.environ["CELERY_BROKER_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    os.environ["CELERY_RESULT_BACKEND"] = f"redis://127.0.0.1:{redis_port}/1"
    time.sleep(0.5)
    return [lambda: subprocess.run(["redis-cli", "-p", str(redis_port), "shutdown", "nosave"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
            lambda: as_postgres(f"{pgbin}/pg_ctl -D {pgdata} -m fast -w stop")]


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


class Worker:
    def __init__(self, work: Path, concurrency: int, queues: tuple[str, str], listen: tuple[str, ...] | None = None):
        self.log = work / f"worker-c{concurrency}-{uuid.uuid4().hex[:6]}.log"
        env = {**os.environ, "DEAL_SET_DEALING_QUEUE": queues[0],
               "DEAL_SET_ANALYSIS_QUEUE": queues[1], "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("celery")), "-A", "clubsite", "worker", "-Q", ",".join(listen or queues),
             "-c", str(concurrency), "--hostname", f"bench{concurrency}-{uuid.uuid4().hex[:6]}@%h", "-l", "WARNING",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=REPO, env=env, stdout=open(self.log, "wb"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 90
        while len(children(self.proc.pid)) < concurrency:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"worker did not start:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.2)
        time.sleep(1.0)  # connected and consuming

    def peak_memory_mb(self) -> dict[str, float]:
        return {"main": vm_hwm_kb(self.proc.pid) / 1024,
                **{f"pool {k + 1}": vm_hwm_kb(pid) / 1024 for k, pid in enumerate(children(self.proc.pid))}}

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the worker and its pool processes."""
        total = 0
        for pid in [self.proc.pid, *children(self.proc.pid)]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
        return total / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


_SPIN = ("import hashlib, time; data = b'x' * (32 << 20); t = time.perf_counter(); "
         "[hashlib.sha256(data).digest() for _ in range(12)]; print(time.perf_counter() - t)")


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


def run_job(service, DealSet, director, club, **kwargs) -> tuple[float, DealSet]:
    t0 = time.perf_counter()
    deal_set = service.deal_set_create(user=director, club=club, **kwargs)
    while True:
        status = DealSet.objects.values_list("status", flat=True).get(pk=deal_set.pk)
        if status in ("done", "failed", "cancelled"):
            break
        time.sleep(0.02)
    elapsed = time.perf_counter() - t0
    deal_set.refresh_from_db()
    if deal_set.status != "done":
        raise SystemExit(f"job {deal_set.pk} {deal_set.status}: {deal_set.error}")
    last_chunk = max(c.finished_at for c in deal_set.chunks.all())
    deal_set.phases = {  # where the time went: queueing, chunks in parallel, assembly and publication
        "queue": (deal_set.started_at - deal_set.created_at).total_seconds(),
        "chunks": (last_chunk - deal_set.started_at).total_seconds(),
        "assembly": (deal_set.finished_at - last_chunk).total_seconds(),
    }
    return elapsed, deal_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2_000_000, help="deals in the PBN job")
    parser.add_argument("--dd-deals", type=int, default=200, help="deals in the job with analysis")
    parser.add_argument("--big", type=int, default=10_000_000, help="deals in the memory job (0: skip)")
    parser.add_argument("--pbn-rounds", type=int, default=3, help="PBN jobs per configuration; the best counts")
    parser.add_argument("--rounds", type=int, default=2,
                        help="rounds of (our 1-process analysis job, DDS directly); the best of each counts")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-deal-sets-"))
    stops = []
    try:
        if not (os.environ.get("DATABASE_URL") and os.environ.get("CELERY_BROKER_URL", "").startswith("redis")):
            stops = start_services(work)
        storage = work / "storage"
        os.environ.update({"DJANGO_SETTINGS_MODULE": "clubsite.settings", "CLUBSITE_VAR_DIR": str(work / "var"),
                           "DEAL_SET_STORAGE_BACKEND": "django.core.files.storage.FileSystemStorage",
                           "DEAL_SET_STORAGE_OPTIONS": json.dumps({"location": str(storage)}),
                           "CELERY_TASK_ALWAYS_EAGER": "false"})
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
        key = "b3" * 32

        def direct_dds() -> tuple[float, float]:
            """DDS called directly, one thread, on the same deals, in this process: endplay's
            calc_all_tables (40 deals a call) and par from each table."""
            from endplay import _dds
            from endplay.dds import calc_all_tables, par
            from endplay.types import Deal as EDeal
            from endplay.types import Player, Vul

            from dealing.domain import generator
            from dealing.domain.cards import board_dealer, board_vulnerability
            from dealing.domain.numbering import number_to_deal, numbers_to_ints

            _dds.SetMaxThreads(1)
            vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
            numbers = numbers_to_ints(generator.deal_numbers_array(bytes.fromhex(key), "bench-dd", 0, args.dd_deals))
            deals = [EDeal(number_to_deal(n).to_pbn()) for n in numbers]
            boards = [(vul[board_vulnerability(i + 1).pbn], Player(int(board_dealer(i + 1))))
                      for i in range(len(deals))]
            calc_all_tables(deals[:1])  # load the solver, as the workers were warmed up
            t0, c0 = time.perf_counter(), time.process_time()
            for start in range(0, len(deals), 40):
                tables = calc_all_tables(deals[start:start + 40])
                for k, (v, dealer) in enumerate(boards[start:start + 40]):
                    par(tables[k], v, dealer)
            return time.perf_counter() - t0, time.process_time() - c0

        print(f"machine: {os.cpu_count()} cores; PBN job {args.deals:,} deals; analysis job {args.dd_deals:,} deals")
        results: dict[int, dict] = {}
        for processes in (1, 2):
            capacity = parallel_capacity()
            print(f"machine offers {capacity:.2f} cores now (2 processes of pure CPU work vs 1)")
            worker = Worker(work, processes, queues)
            try:
                run_job(service, DealSet, director, club, count=70_000 * processes, formats=["pbn"], key_hex=key,
                        label="warm-up")  # one chunk per pool process at least
                run_job(service, DealSet, director, club, count=9 * processes, formats=["binary"], analysis=True,
                        key_hex=key, label="warm-up")
                pbn_time, pbn_set = min((run_job(service, DealSet, director, club, count=args.deals,
                                                 formats=["pbn"], key_hex=key, label="bench")
                                         for _ in range(args.pbn_rounds)), key=lambda run: run[0])
                cpu0 = worker.cpu_seconds()
                dd_time, dd_set = run_job(service, DealSet, director, club, count=args.dd_deals,
                                          formats=["binary"], analysis=True, key_hex=key, label="bench-dd")
                dd_cpu = worker.cpu_seconds() - cpu0
                if processes == 1:  # our path and DDS directly, alternately, on the same deals: best of each
                    direct, direct_cpu = direct_dds()
                    for _ in range(args.rounds - 1):
                        cpu0 = worker.cpu_seconds()
                        again = run_job(service, DealSet, director, club, count=args.dd_deals, formats=["binary"],
                                        analysis=True, key_hex=key, label="bench-dd")[0]
                        dd_time, dd_cpu = min(dd_time, again), min(dd_cpu, worker.cpu_seconds() - cpu0)
                        wall, cpu = direct_dds()
                        direct, direct_cpu = min(direct, wall), min(direct_cpu, cpu)
                results[processes] = {"pbn": pbn_time, "dd": dd_time, "dd_cpu": dd_cpu,
                                      "memory": worker.peak_memory_mb(),
                                      "pbn_phases": pbn_set.phases, "dd_phases": dd_set.phases,
                                      "pbn_sha": pbn_set.files.get().sha256,
                                      "dd_sha": dd_set.files.get(output="analysis").sha256,
                                      "pbn_size": pbn_set.files.get().size}
            finally:
                worker.stop()
            print(f"{processes} worker process{'es' if processes > 1 else ''}: "
                  f"PBN {args.deals:,} deals {pbn_time:.2f} s ({args.deals / pbn_time:,.0f} deals/s); "
                  f"analysis {args.dd_deals:,} deals {dd_time:.2f} s ({args.dd_deals / dd_time:.2f} deals/s); "
                  f"peak memory MB " + ", ".join(f"{k} {v:.0f}" for k, v in results[processes]["memory"].items()))
            for job in ("pbn", "dd"):
                print(f"    {job} phases (s): " + ", ".join(f"{k} {v:.2f}"
                                                          for k, v in results[processes][f"{job}_phases"].items()))
        same = results[1]["pbn_sha"] == results[2]["pbn_sha"] and results[1]["dd_sha"] == results[2]["dd_sha"]
        print(f"same SHA-256 with 1 and 2 processes: {same} (PBN {results[2]['pbn_sha'][:16]}…, "
              f"{results[2]['pbn_size'] / 1e6:,.0f} MB)")
        print(f"speed-up 1 → 2 processes: PBN {results[1]['pbn'] / results[2]['pbn']:.2f}× "
              f"(chunk phase {results[1]['pbn_phases']['chunks'] / results[2]['pbn_phases']['chunks']:.2f}×), "
              f"analysis {results[1]['dd'] / results[2]['dd']:.2f}×")
        print(f"DDS directly (endplay calc_all_tables + par, 1 thread): {args.dd_deals:,} deals {direct:.2f} s "
              f"wall, {direct_cpu:.2f} s CPU; our analysis job with 1 worker process {results[1]['dd']:.2f} s wall, "
              f"{results[1]['dd_cpu']:.2f} s CPU of the worker: overhead {100 * (results[1]['dd'] / direct - 1):+.1f} % "
              f"wall, {100 * (results[1]['dd_cpu'] / direct_cpu - 1):+.1f} % CPU")

        if args.big:
            # Separate pools, as in production: dealing processes and an analysis process.
            dealer = Worker(work, 2, queues, listen=queues[:1])
            solver = Worker(work, 1, queues, listen=queues[1:])
            try:
                big_time, big_set = run_job(service, DealSet, director, club, count=args.big,
                                            formats=["pbn", "pbn-gz", "csv", "binary"], key_hex=key, label="big")
                run_job(service, DealSet, director, club, count=args.dd_deals, formats=["pbn"], analysis=True,
                        key_hex=key, label="big-dd")
                dealing_memory, analysis_memory = dealer.peak_memory_mb(), solver.peak_memory_mb()
            finally:
                dealer.stop()
                solver.stop()
            sizes = ", ".join(f"{f.output} {f.size / 1e9:.2f} GB" for f in big_set.files.all())
            print(f"big job: {args.big:,} deals in every format ({sizes}) on 2 dealing processes: {big_time:.1f} s")
            print("peak memory MB, dealing-only worker: "
                  + ", ".join(f"{k} {v:.0f}" for k, v in dealing_memory.items())
                  + "; analysis-only worker: " + ", ".join(f"{k} {v:.0f}" for k, v in analysis_memory.items()))
            shutil.rmtree(storage, ignore_errors=True)
    finally:
        for stop in stops:
            stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

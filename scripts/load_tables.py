#!/usr/bin/env python
"""Load on table-side entry: simulated phones against gunicorn and PostgreSQL on loopback.

    python scripts/load_tables.py                    # throw-away PostgreSQL, gunicorn, 100 phones, paced
    python scripts/load_tables.py --pace 0           # flat out: every phone sends as fast as it is answered
    python scripts/load_tables.py --devices 100 --workers 4 --pace 0.5 --json out.json

What it does (docs/benchmarks.md, "Table-side entry", has the figures):

1. Starts a throw-away PostgreSQL on a free loopback port (as scripts/test.sh does; or uses DATABASE_URL
   with --database-url) and a throw-away Redis for the cache the server's workers share (``CACHE_URL``, as in
   production; --no-shared-cache: each worker keeps its own), migrates it, and makes a club, a director and a session: a 60-pair relay
   Mitchell, 9 rounds of 3 boards — 30 tables, 27 boards at each, 810 results — with table entry
   started and every round released (the director's releases are not what is measured).
2. Starts gunicorn (``clubsite.wsgi``, --workers sync workers, one a core by default) on another free loopback
   port.
3. Runs --devices phones (asyncio, httpx), spread over the 30 tables (3 or 4 a table). Each joins its
   table through the join page (code and PIN, as a phone would), all at once; the evening starts when
   every phone has joined (as a director starts round 1 once the tables are seated), the tables
   finish their first board at random moments within --pace seconds and the other phones' pages start
   polling at random moments within their 4 s, not all in the same second. The
   first phone of each table plays the evening: for every board, an entry (NS) then a confirmation (EW), each under a new idempotency
   key, with --pace seconds between actions (0: flat out). To make the server's rules earn their keep,
   each request is sent twice with the same key one time in ten (a retry after a lost answer). The other
   phones of the table ask for its state every 4 s as the page does (with If-None-Match: 304 while nothing
   changed) and now and then send a result the table's phone sends too, under keys of their own (two
   phones, one result; a board not yet entered becomes pending and the table's phone's entry is then the
   same). Every answer must be 200 (or 304).
   The director's live room is open all evening (unless --no-room): logged in, its live part (every
   table's progress, conflicts, the running ranking) asked for every 3 s as the page's htmx does.
4. Counts in the database afterwards: 810 results, one per board and table, each equal to what the
   table sent; and no entry left pending.

Reports the latency of each submission (entries and confirmations: p50, p95, p99, max), requests per
second, errors, and the counts; exits non-zero if any error, lost or duplicated result.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAIRS, ROUNDS, BOARDS_PER_ROUND = 60, 9, 3
POLL = 4.0  # seconds between a page's state requests (static/js/tables/table.js)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    """A throw-away PostgreSQL cluster in a temporary folder (as scripts/test.sh starts one)."""

    def __init__(self):
        bins = sorted(
            Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: [int(x) for x in p.parent.name.split(".")]
        )
        if not bins:
            sys.exit("PostgreSQL is not installed (apt-get install postgresql), or pass --database-url")
        self.bin = bins[-1]
        self.work = Path(tempfile.mkdtemp(prefix="tables-load-"))
        self.work.chmod(0o755)
        self.data = self.work / "data"
        self.port = free_port()

    def _run(self, *args: str) -> None:
        command = " ".join(args)
        if os.getuid() == 0:
            subprocess.run(["su", "postgres", "-c", command], check=True, stdout=subprocess.DEVNULL)
        else:
            subprocess.run(["bash", "-c", command], check=True, stdout=subprocess.DEVNULL)

    def start(self) -> str:
        self.data.mkdir()
        if os.getuid() == 0:
            shutil.chown(self.data, "postgres", "postgres")
        self._run(
            f"{self.bin}/initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
        )
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.data} -c max_connections=200 -c fsync=off "
            f"-c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            f"{self.bin}/pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.data / "server.log"),
            "-w",
            "-o",
            f"'{options}'",
            "start",
        )
        subprocess.run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-q",
                "-c",
                "CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB",
                "-c",
                "CREATE DATABASE load OWNER app",
            ],
            check=True,
        )
        return f"postgres://app:app@127.0.0.1:{self.port}/load"

    def stop(self) -> None:
        try:
            self._run(f"{self.bin}/pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.work, ignore_errors=True)


class Redis:
    """A throw-away Redis on a free loopback port, no persistence: the cache gunicorn's workers share
    (``CACHE_URL``, as in production); without it each worker keeps its own."""

    def __init__(self):
        if shutil.which("redis-server") is None:
            sys.exit("Redis is not installed (apt-get install redis-server), or pass --no-shared-cache")
        self.port = free_port()
        self.process = None

    def start(self) -> str:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return f"redis://127.0.0.1:{self.port}/2"
            time.sleep(0.05)
        sys.exit("Redis did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)


def setup_session(env: dict) -> dict:
    """Migrate, and make the session in a child process (Django configured for the load database)."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    code = f"""
import datetime, json
import django
django.setup()
from django.contrib.auth import get_user_model
from clubs.services import club_create, club_role_grant, session_create
from movements.services import session_movement_choose
from tables.models import Table
from tables.services.setup import round_release, table_entry_start
club = club_create(name="Load Club", slug="load", city="Loopback")
director = get_user_model().objects.create_user(username="director", password="director-pass-2026")
club_role_grant(club=club, user=director, role="director")
session = session_create(club=club, name="Load Pairs", date=datetime.date(2026, 11, 24), boards_per_round={BOARDS_PER_ROUND})
session_movement_choose(session=session, user=director, pairs={PAIRS}, rounds={ROUNDS}, kind="mitchell",
                        variant="relay", boards_per_round={BOARDS_PER_ROUND})
session.refresh_from_db()
table_entry_start(session=session, user=director)
for r in range(2, {ROUNDS} + 1):
    round_release(session=session, user=director, round_number=r, playing_confirmed=True)
tables = [dict(number=t.number, code=t.code, pin=t.pin) for t in Table.objects.filter(table_session__session=session)]
print(json.dumps(dict(session=session.pk, tables=tables)))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def start_gunicorn(env: dict, port: int, workers: int, access_log: str = "") -> subprocess.Popen:
    log = (
        ["--access-logfile", access_log, "--access-logformat", "%(t)s %(p)s %(m)s %(U)s %(s)s %(D)s"]
        if access_log
        else []
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "clubsite.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--worker-class",
            "sync",
            "--log-level",
            "warning",
            *log,
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    sys.exit("gunicorn did not start")


def planned(table: int, board: int) -> dict:
    """What table ``table`` sends for ``board``: seeded, a mix of contracts and pass-outs."""
    rnd = random.Random(table * 1000 + board)
    if rnd.random() < 0.05:
        return {"passed_out": True}
    level = rnd.choice([1, 2, 3, 3, 4, 4, 4, 5, 6])
    need = 6 + level
    return {
        "level": level,
        "strain": rnd.choice("CDHSN"),
        "doubling": str(rnd.choice([0, 0, 0, 1])),
        "declarer": rnd.choice("NESW"),
        "tricks": max(0, min(13, need + rnd.choice([-2, -1, 0, 0, 0, 1]))),
    }


class Stats:
    def __init__(self):
        self.latency = {"entry": [], "confirm": [], "state": [], "join": [], "room": []}
        self.errors: list[str] = []
        self.requests = 0
        self.slow: list[tuple[float, str, float]] = []  # (when, kind, seconds) of answers slower than 0.2 s


async def join(client, base: str, table: dict, stats: Stats) -> str:
    t0 = time.perf_counter()
    page = await client.get(f"{base}/t/{table['code']}/", params={"pin": table["pin"]})
    token = client.cookies.get("csrftoken") or re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]
    response = await client.post(
        f"{base}/t/{table['code']}/",
        data={"pin": table["pin"], "csrfmiddlewaretoken": token},
        headers={"Referer": f"{base}/t/{table['code']}/"},
    )
    stats.latency["join"].append(time.perf_counter() - t0)
    stats.requests += 2
    if response.status_code != 302:
        raise RuntimeError(f"join table {table['number']}: {response.status_code}")
    return client.cookies.get("tables_device")


async def post(client, base: str, path: str, token: str, body: dict, kind: str, stats: Stats, retry: bool) -> dict:
    for _attempt in range(2 if retry else 1):  # the same key again: a retry after a lost answer
        t0 = time.perf_counter()
        response = await client.post(f"{base}{path}", json=body, headers={"X-Table-Token": token})
        stats.latency[kind].append(time.perf_counter() - t0)
        if stats.latency[kind][-1] > 0.2:
            stats.slow.append((time.time(), kind, stats.latency[kind][-1]))
        stats.requests += 1
        if response.status_code != 200:
            stats.errors.append(f"{kind} {body.get('board', '')}: {response.status_code} {response.text[:200]}")
            return {}
    return response.json()


async def phone(
    base: str,
    table: dict,
    boards_by_round: dict,
    index: int,
    stats: Stats,
    pace: float,
    rnd: random.Random,
    done: asyncio.Event,
    seated: asyncio.Barrier,
) -> None:
    import httpx

    async with httpx.AsyncClient(timeout=30, follow_redirects=False) as client:
        token = await join(client, base, table, stats)
        await seated.wait()  # the evening starts once every phone has joined
        if index == 0:  # the table's phone: the whole evening
            if pace:  # tables do not finish their first board in the same second
                await asyncio.sleep(pace * rnd.uniform(0, 1))
            for r in sorted(boards_by_round):
                for board in boards_by_round[r]:
                    key = uuid.uuid4().hex
                    answer = await post(
                        client,
                        base,
                        "/api/v1/tables/entries/",
                        token,
                        {"key": key, "board": board, "round": r, **planned(table["number"], board)},
                        "entry",
                        stats,
                        rnd.random() < 0.1,
                    )
                    if pace:
                        await asyncio.sleep(pace * rnd.uniform(0.5, 1.5))
                    await post(
                        client,
                        base,
                        "/api/v1/tables/confirmations/",
                        token,
                        {"key": uuid.uuid4().hex, "entry": answer.get("entry", key), "side": "EW"},
                        "confirm",
                        stats,
                        rnd.random() < 0.1,
                    )
                    if pace:
                        await asyncio.sleep(pace * rnd.uniform(0.5, 1.5))
            return
        # another phone at the table: its page asks for the table's state every POLL seconds (If-None-Match, as
        # the page does), and it sends the same result as the table's phone for one board in three
        boards = [(r, b) for r in sorted(boards_by_round) for b in boards_by_round[r]]
        etag = ""
        await asyncio.sleep(POLL * rnd.uniform(0, 1))  # each page polls on its own clock, not all in one second
        while not done.is_set():
            t0 = time.perf_counter()
            response = await client.get(
                f"{base}/api/v1/tables/state/", headers={"X-Table-Token": token, "If-None-Match": etag}
            )
            stats.latency["state"].append(time.perf_counter() - t0)
            stats.requests += 1
            if response.status_code == 200:
                etag = response.headers.get("ETag", "")
            elif response.status_code != 304:
                stats.errors.append(f"state: {response.status_code}")
            if rnd.random() < 0.1:
                r, board = rnd.choice(boards)
                await post(
                    client,
                    base,
                    "/api/v1/tables/entries/",
                    token,
                    {"key": uuid.uuid4().hex, "board": board, "round": r, **planned(table["number"], board)},
                    "entry",
                    stats,
                    False,
                )
            try:
                await asyncio.wait_for(done.wait(), timeout=POLL * rnd.uniform(0.75, 1.25))
            except TimeoutError:
                pass


ROOM_REFRESH = 3.0  # seconds between the director's room refreshes (tables.views.director.REFRESH_SECONDS)


async def director_room(base: str, session_id: int, stats: Stats, done: asyncio.Event) -> None:
    """The director's live room open all evening: logged in, its live part asked for every ROOM_REFRESH seconds."""
    import httpx

    async with httpx.AsyncClient(timeout=30, follow_redirects=False) as client:
        page = await client.get(f"{base}/accounts/login/")
        token = (
            client.cookies.get("csrftoken") or re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)[1]
        )
        response = await client.post(
            f"{base}/accounts/login/",
            data={"username": "director", "password": "director-pass-2026", "csrfmiddlewaretoken": token},
            headers={"Referer": f"{base}/accounts/login/"},
        )
        if response.status_code != 302:
            raise RuntimeError(f"the director's login: {response.status_code}")
        while not done.is_set():
            t0 = time.perf_counter()
            response = await client.get(
                f"{base}/tables/sessions/{session_id}/room/live/", headers={"HX-Request": "true"}
            )
            stats.latency["room"].append(time.perf_counter() - t0)
            stats.requests += 1
            if response.status_code != 200:
                stats.errors.append(f"room: {response.status_code}")
            try:
                await asyncio.wait_for(done.wait(), timeout=ROOM_REFRESH)
            except TimeoutError:
                pass


def layout_boards(env: dict, session_id: int) -> dict:
    code = f"""
import json, django
django.setup()
from clubs.models import Session
from scoring.selectors.layout import session_layout
layout = session_layout(Session.objects.get(pk={session_id}))
out = {{}}
for m in layout.meetings:
    out.setdefault(str(m.table), {{}})[str(m.round)] = list(m.boards)
print(json.dumps(out))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return {
        int(t): {int(r): b for r, b in rounds.items()} for t, rounds in json.loads(out.stdout.splitlines()[-1]).items()
    }


def count(env: dict, session_id: int) -> dict:
    code = f"""
import json, random, django
django.setup()
from scoring.models import Result
from tables.models import Submission
sys_path = None
rows = list(Result.objects.filter(session_id={session_id}).values("table", "round", "board", "level", "strain",
                                                                   "doubling", "declarer", "tricks"))
keys = [(r["table"], r["board"]) for r in rows]
print(json.dumps(dict(results=len(rows), distinct=len(set(keys)), rows=rows,
                      pending=Submission.objects.filter(status="pending").count(),
                      submissions=Submission.objects.count())))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.splitlines()[-1])


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else 0.0


async def run(
    base: str, tables: list[dict], boards: dict, devices: int, pace: float, seed: int, session_id: int, room: bool
) -> tuple[Stats, float]:
    stats = Stats()
    rnd = random.Random(seed)
    done = asyncio.Event()
    seated = asyncio.Barrier(devices)
    per_table: dict[int, int] = {}
    tasks = []
    for i in range(devices):
        table = tables[i % len(tables)]
        index = per_table.get(table["number"], 0)
        per_table[table["number"]] = index + 1
        tasks.append(
            phone(base, table, boards[table["number"]], index, stats, pace, random.Random(rnd.random()), done, seated)
        )
    t0 = time.perf_counter()
    primaries = [t for t, i in zip(tasks, range(devices)) if i < len(tables)]
    others = [t for t, i in zip(tasks, range(devices)) if i >= len(tables)]
    other_tasks = [asyncio.ensure_future(t) for t in others]
    if room:
        other_tasks.append(asyncio.ensure_future(director_room(base, session_id, stats, done)))
    await asyncio.gather(*primaries)
    elapsed = time.perf_counter() - t0
    done.set()
    await asyncio.gather(*other_tasks)
    return stats, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=100)
    parser.add_argument(
        "--workers",
        type=int,
        default=max(2, os.cpu_count() or 1),
        help="gunicorn sync workers (default: one a core; these requests are CPU, not waiting)",
    )
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a phone's actions (0: flat out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-room", action="store_true", help="without the director's live room open")
    parser.add_argument(
        "--no-shared-cache",
        action="store_true",
        help="no Redis for CACHE_URL: each gunicorn worker keeps its own cache (in memory)",
    )
    parser.add_argument("--database-url", default="", help="an empty PostgreSQL database to use instead")
    parser.add_argument("--json", default="", help="write the figures here too")
    parser.add_argument(
        "--access-log",
        default="",
        help="gunicorn's access log here: time, worker, request, status, microseconds in the server",
    )
    args = parser.parse_args()

    postgres = None if args.database_url else Postgres()
    redis = None if args.no_shared_cache else Redis()
    gunicorn = None
    try:
        database = args.database_url or postgres.start()
        shared_cache = {"CACHE_URL": redis.start()} if redis is not None else {}
        var = Path(tempfile.mkdtemp(prefix="tables-load-var-"))
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "DJANGO_SETTINGS_MODULE": "clubsite.settings",
            "DJANGO_DEBUG": "false",
            "CLUBSITE_VAR_DIR": str(var),
            "DATABASE_CONN_MAX_AGE": "600",
            "CELERY_BROKER_URL": "memory://",
            "PYTHONDONTWRITEBYTECODE": "1",
            **shared_cache,
        }
        if redis is None:
            env.pop("CACHE_URL", None)
        made = setup_session(env)
        boards = layout_boards(env, made["session"])
        port = free_port()
        gunicorn = start_gunicorn(env, port, args.workers, args.access_log)
        base = f"http://127.0.0.1:{port}"
        print(
            f"{len(made['tables'])} tables, {sum(len(b) for r in boards.values() for b in r.values())} results to "
            f"enter, {args.devices} phones{'' if args.no_room else ' and the director’s room'}, gunicorn {args.workers} workers, pace {args.pace} s, "
            f"{'a cache per worker' if redis is None else 'one cache in Redis'}",
            flush=True,
        )
        stats, elapsed = asyncio.run(
            run(base, made["tables"], boards, args.devices, args.pace, args.seed, made["session"], not args.no_room)
        )
        counted = count(env, made["session"])
    finally:
        if gunicorn is not None:
            os.killpg(gunicorn.pid, signal.SIGTERM)
            gunicorn.wait(timeout=30)
        if postgres is not None:
            postgres.stop()
        if redis is not None:
            redis.stop()

    expected = {(t, b): planned(t, b) for t, rounds in boards.items() for bs in rounds.values() for b in bs}
    wrong = 0
    for row in counted["rows"]:
        want = expected.get((row["table"], row["board"]))
        if want is None:
            wrong += 1
        elif want.get("passed_out"):
            wrong += row["level"] is not None
        else:
            wrong += (row["level"], row["strain"], row["doubling"], row["declarer"], row["tricks"]) != (
                want["level"],
                want["strain"],
                int(want["doubling"]),
                want["declarer"],
                want["tricks"],
            )
    submissions = stats.latency["entry"] + stats.latency["confirm"]
    report = {
        "devices": args.devices,
        "workers": args.workers,
        "shared_cache": not args.no_shared_cache,
        "pace_s": args.pace,
        "cores": os.cpu_count(),
        "seconds": round(elapsed, 1),
        "requests": stats.requests,
        "requests_per_s": round(stats.requests / elapsed, 1),
        "submissions": len(submissions),
        "submission_ms": {
            name: round(1000 * f(submissions), 1)
            for name, f in (
                ("p50", lambda v: percentile(v, 50)),
                ("p95", lambda v: percentile(v, 95)),
                ("p99", lambda v: percentile(v, 99)),
                ("max", max),
            )
        }
        if submissions
        else {},
        "entry_p99_ms": round(1000 * percentile(stats.latency["entry"], 99), 1),
        "confirm_p99_ms": round(1000 * percentile(stats.latency["confirm"], 99), 1),
        "state_p99_ms": round(1000 * percentile(stats.latency["state"], 99), 1),
        "room": len(stats.latency["room"]),
        "room_p50_ms": round(1000 * percentile(stats.latency["room"], 50), 1),
        "room_p99_ms": round(1000 * percentile(stats.latency["room"], 99), 1),
        "join_p50_ms": round(1000 * percentile(stats.latency["join"], 50), 1),
        "join_p99_ms": round(1000 * percentile(stats.latency["join"], 99), 1),
        "mean_ms": round(1000 * statistics.mean(submissions), 1) if submissions else None,
        "slow": [
            f"{time.strftime('%H:%M:%S', time.localtime(t))}.{int(t % 1 * 1000):03d} {kind} {1000 * s:.0f} ms"
            for t, kind, s in sorted(stats.slow)
        ],
        "errors": len(stats.errors),
        "error_samples": stats.errors[:5],
        "results_expected": len(expected),
        "results_recorded": counted["results"],
        "lost": len(expected) - counted["distinct"],
        "duplicated": counted["results"] - counted["distinct"],
        "different_from_sent": wrong,
        "left_pending": counted["pending"],
        "submissions_stored": counted["submissions"],
    }
    print(json.dumps(report, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")
    bad = report["errors"] or report["lost"] or report["duplicated"] or report["different_from_sent"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Real Celery worker processes for tests: each in its own process group (a 'machine') so a test can
SIGKILL it, on queues of its own, serving the test database, with a 4 s visibility timeout."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

REPO = Path(__file__).resolve().parents[3]
CELERY = str(Path(sys.executable).with_name("celery"))


class Workers:
    """Celery worker processes of one test: each in its own process group (a 'machine')."""

    def __init__(self, tmp_path: Path, queues: tuple[str, str], storage_root: Path):
        self.tmp_path, self.queues, self.storage_root = tmp_path, queues, storage_root
        self.procs: dict[str, subprocess.Popen] = {}
        db = connection.settings_dict
        if connection.vendor != "postgresql" or not os.environ.get("CELERY_BROKER_URL", "").startswith("redis"):
            pytest.fail("worker tests need PostgreSQL (DATABASE_URL) and Redis (CELERY_BROKER_URL): run make test")
        self.env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{quote(db['HOST'], safe='')}:{db['PORT']}/{db['NAME']}",
            "DATABASE_CONN_MAX_AGE": "0",
            "CELERY_VISIBILITY_TIMEOUT": "4",
            "CELERY_RESTORE_INTERVAL": "1",
            "DEAL_SET_DEALING_QUEUE": queues[0],
            "DEAL_SET_ANALYSIS_QUEUE": queues[1],
            "DEAL_SET_STORAGE_BACKEND": "django.core.files.storage.FileSystemStorage",
            "DEAL_SET_STORAGE_OPTIONS": json.dumps({"location": str(storage_root)}),
            "PYTHONUNBUFFERED": "1",
        }

    def start(self, name: str, concurrency: int = 1, queues: tuple[str, ...] | None = None) -> str:
        hostname = f"{name}-{uuid.uuid4().hex[:8]}@test"
        log = open(self.tmp_path / f"{name}.log", "wb")
        self.procs[hostname] = subprocess.Popen(
            [
                CELERY,
                "-A",
                "clubsite",
                "worker",
                "-Q",
                ",".join(queues or self.queues),
                "-c",
                str(concurrency),
                "--hostname",
                hostname,
                "-l",
                "INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=REPO,
            env={**self.env, "PGAPPNAME": hostname},
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        return hostname

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        waiting = set(self.procs)
        while waiting and time.monotonic() < deadline:
            for hostname in list(waiting):
                assert self.procs[hostname].poll() is None, self.log(hostname)
                if b" ready." in (self.tmp_path / f"{hostname.split('-')[0]}.log").read_bytes():
                    waiting.discard(hostname)
            time.sleep(0.2)
        assert not waiting, f"workers not ready: {waiting}"

    def consume(self, hostname: str, queue: str) -> None:
        """Make a running worker start taking messages from ``queue`` (Celery's remote control)."""
        from clubsite.celery import app

        replies = app.control.add_consumer(queue, destination=[hostname], reply=True, timeout=10)
        assert replies and "ok" in str(replies), replies

    def log(self, hostname: str) -> str:
        return (self.tmp_path / f"{hostname.split('-')[0]}.log").read_text(errors="replace")[-3000:]

    def pause(self, hostname: str) -> None:
        """SIGSTOP the worker and its pool processes; return once the statements they sent have run, so the
        database shows what they did and nothing more comes from them until :meth:`resume` (or a kill)."""
        os.killpg(self.procs[hostname].pid, signal.SIGSTOP)
        with connection.cursor() as cursor:
            wait_for(
                lambda: not _sessions_of(cursor, hostname, active=True), 30, f"the statements of {hostname} to end"
            )

    def resume(self, hostname: str) -> None:
        os.killpg(self.procs[hostname].pid, signal.SIGCONT)

    def kill(self, hostname: str) -> None:
        """SIGKILL the worker and its pool processes at once, like a machine that dies."""
        os.killpg(self.procs[hostname].pid, signal.SIGKILL)
        self.procs[hostname].wait(10)
        # A statement the worker sent just before it died still runs to its end in PostgreSQL (a chunk
        # marked done, say): the kill is over when the worker's database sessions are gone.
        with connection.cursor() as cursor:
            wait_for(lambda: not _sessions_of(cursor, hostname), 30, f"the database sessions of {hostname} to end")

    def stop_all(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGQUIT)  # cold shutdown: the test is over
        for proc in self.procs.values():
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)


def _sessions_of(cursor, hostname: str, active: bool = False) -> int:
    """The worker's database sessions (PGAPPNAME is its name); ``active``: those running a statement."""
    cursor.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
        + (" AND state = 'active'" if active else ""),
        [hostname],
    )
    return cursor.fetchone()[0]


def start_pool(settings, tmp_path) -> Workers:
    """Point this process (settings) and new workers at fresh queues and storage; Celery not eager."""
    from clubsite.celery import app

    queues = (f"test-dealing-{uuid.uuid4().hex[:8]}", f"test-analysis-{uuid.uuid4().hex[:8]}")
    root = tmp_path / "deal-sets"
    settings.DEAL_SET_DEALING_QUEUE, settings.DEAL_SET_ANALYSIS_QUEUE = queues
    settings.STORAGES = {
        **settings.STORAGES,
        "deal_sets": {"BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": str(root)}},
    }
    app.conf.task_always_eager = False  # the suite's autouse fixture restores it
    return Workers(tmp_path, queues, root)


def wait_for(predicate, timeout: float, what: str, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")

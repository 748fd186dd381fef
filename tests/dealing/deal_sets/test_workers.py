"""Deal-set jobs on real Celery worker processes over a real Redis broker and PostgreSQL.

Each test starts its own workers (``celery -A clubsite worker``) on queues of its own, serving
the test database, so it can kill them; run under ``make test`` (which exports DATABASE_URL
and CELERY_BROKER_URL) or with your own PostgreSQL and Redis the same way. The workers use a
visibility timeout of 4 s and look for unacknowledged messages every second, so a task whose
worker was killed is redelivered within seconds.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.core.files.storage import storages
from django.db import connection
from django.db.models import Sum

from dealing.models import DealSet, DealSetChunk, DealSetFile
from dealing.services import deal_sets as service

from .conftest import sequential_output

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

KEY = "5a" * 32
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
            "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
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
            [CELERY, "-A", "clubsite", "worker", "-Q", ",".join(queues or self.queues), "-c", str(concurrency),
             "--hostname", hostname, "-l", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
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

    def log(self, hostname: str) -> str:
        return (self.tmp_path / f"{hostname.split('-')[0]}.log").read_text(errors="replace")[-3000:]

    def kill(self, hostname: str) -> None:
        """SIGKILL the worker and its pool processes at once, like a machine that dies."""
        os.killpg(self.procs[hostname].pid, signal.SIGKILL)
        self.procs[hostname].wait(10)

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


@pytest.fixture
def workers(settings, tmp_path):
    from clubsite.celery import app

    queues = (f"test-dealing-{uuid.uuid4().hex[:8]}", f"test-analysis-{uuid.uuid4().hex[:8]}")
    root = tmp_path / "deal-sets"
    settings.DEAL_SET_DEALING_QUEUE, settings.DEAL_SET_ANALYSIS_QUEUE = queues
    settings.STORAGES = {**settings.STORAGES, "deal_sets": {
        "BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": str(root)}}}
    app.conf.task_always_eager = False  # the autouse fixture restores it
    pool = Workers(tmp_path, queues, root)
    yield pool
    pool.stop_all()


def _wait(predicate, timeout: float, what: str, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def _status(deal_set: DealSet) -> str:
    return DealSet.objects.values_list("status", flat=True).get(pk=deal_set.pk)


def _published(deal_set: DealSet) -> dict[str, bytes]:
    store = storages["deal_sets"]
    out = {}
    for stored in DealSetFile.objects.filter(deal_set=deal_set):
        with store.open(stored.storage_name, "rb") as handle:
            out[stored.output] = handle.read()
        assert hashlib.sha256(out[stored.output]).hexdigest() == stored.sha256
    return out


def test_two_workers_assemble_exactly_the_sequential_output(workers, director, club):
    for name in ("alpha", "beta"):
        workers.start(name)
    workers.wait_ready()
    count = 300_000  # five dealing chunks
    deal_set = service.deal_set_create(user=director, club=club, count=count, key_hex=KEY, label="Simultaneous pairs",
                                       formats=["pbn", "pbn-gz", "csv", "binary"])
    _wait(lambda: _status(deal_set) in ("done", "failed"), 120, "the job")
    assert _status(deal_set) == "done", DealSet.objects.get(pk=deal_set.pk).error
    files = _published(deal_set)
    key = bytes.fromhex(KEY)
    for code in ("pbn", "pbn-gz", "csv", "binary"):
        assert files[code] == sequential_output(code, key, "Simultaneous pairs", count), code
    chunks = DealSetChunk.objects.filter(deal_set=deal_set)
    assert {c.worker.split("-")[0] for c in chunks} == {"alpha", "beta"}  # both did some of it
    assert max(c.peak_memory_kb for c in chunks) < 300 * 1024


def test_analysis_runs_on_the_analysis_queue_and_matches_direct_solving(workers, director, club):
    from clubsite.celery import app

    workers.start("dealer", queues=workers.queues[:1])
    workers.wait_ready()
    deal_set = service.deal_set_create(user=director, club=club, count=10, key_hex=KEY, label="dd", formats=["binary"],
                                       analysis=True)
    # nobody serves the analysis queue yet: the dealing chunk is done, the analysis waits there
    _wait(lambda: DealSetChunk.objects.filter(deal_set=deal_set, kind="deal", status="done").exists(), 60, "dealing")
    with app.connection_for_read() as conn:
        waiting = conn.default_channel.client.llen(workers.queues[1])
    assert waiting == 2 and _status(deal_set) == "running"
    workers.start("solver", queues=workers.queues[1:])
    workers.wait_ready()
    _wait(lambda: _status(deal_set) in ("done", "failed"), 120, "the analysis")
    assert _status(deal_set) == "done"
    files = _published(deal_set)
    assert files["analysis"] == sequential_output("analysis", bytes.fromhex(KEY), "dd", 10)
    assert files["binary"] == sequential_output("binary", bytes.fromhex(KEY), "dd", 10)


def test_a_worker_killed_mid_job_costs_nothing_but_time(workers, director, club):
    doomed = workers.start("doomed")
    workers.start("survivor")
    workers.wait_ready()
    count = 1_000_000  # sixteen chunks
    deal_set = service.deal_set_create(user=director, club=club, count=count, key_hex=KEY, formats=["pbn"])
    running = _wait(lambda: DealSetChunk.objects.filter(deal_set=deal_set, status="running", worker=doomed,
                                                        index__gte=1).first(), 60, "the doomed worker to take a chunk")
    workers.kill(doomed)
    _wait(lambda: _status(deal_set) in ("done", "failed"), 120, "the job after the kill", interval=0.2)
    assert _status(deal_set) == "done"
    killed = DealSetChunk.objects.get(pk=running.pk)
    assert killed.attempts >= 2 and killed.worker.startswith("survivor")  # redelivered and redone
    published = DealSetFile.objects.get(deal_set=deal_set)
    expected = sequential_output("pbn", bytes.fromhex(KEY), deal_set.label, count)
    assert published.sha256 == hashlib.sha256(expected).hexdigest() and published.size == len(expected)
    assert not list(workers.storage_root.rglob("*.tmp-*"))  # the killed chunk's temporary part is gone too


def test_cancel_stops_the_workers_within_seconds_and_publishes_nothing(workers, director, club, api_client_for):
    for name in ("one", "two"):
        workers.start(name)
    workers.wait_ready()
    deal_set = service.deal_set_create(user=director, club=club, count=2_000_000, key_hex=KEY,
                                       formats=["pbn", "pbn-gz"])
    _wait(lambda: DealSetChunk.objects.filter(deal_set=deal_set, status="done").count() >= 2, 60, "two chunks")
    response = api_client_for(director).delete(f"/api/v1/deal-sets/{deal_set.pk}/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    cancelled_at = time.monotonic()
    _wait(lambda: not DealSetChunk.objects.filter(deal_set=deal_set, status="running").exists(), 5,
          "running chunks to stop")
    stopped_after = time.monotonic() - cancelled_at
    done = DealSetChunk.objects.filter(deal_set=deal_set).aggregate(n=Sum("done"))["n"]
    time.sleep(1.5)
    assert DealSetChunk.objects.filter(deal_set=deal_set).aggregate(n=Sum("done"))["n"] == done  # no work goes on
    assert stopped_after < 5
    assert done < 2_000_000
    assert _status(deal_set) == "cancelled" and not DealSetFile.objects.filter(deal_set=deal_set).exists()
    # the cleanup task removes the parts a few seconds later; no file of the job is left at all
    _wait(lambda: not [p for p in workers.storage_root.rglob("*") if p.is_file()], 20, "the cleanup", interval=0.5)

"""Deal-set jobs on real Celery worker processes over a real Redis broker and PostgreSQL.

Each test starts its own workers (``celery -A clubsite worker``) on queues of its own, serving
the test database, so it can kill them; run under ``make test`` (which exports DATABASE_URL
and CELERY_BROKER_URL) or with your own PostgreSQL and Redis the same way. The workers use a
visibility timeout of 4 s and look for unacknowledged messages every second, so a task whose
worker was killed is redelivered within seconds.
"""

from __future__ import annotations

import hashlib
import time

import pytest
from django.core.files.storage import storages
from django.db.models import Sum

from dealing.models import DealSet, DealSetChunk, DealSetFile
from dealing.services import deal_sets as service

from .conftest import sequential_output
from .workers import start_pool, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

KEY = "5a" * 32


@pytest.fixture
def workers(settings, tmp_path):
    pool = start_pool(settings, tmp_path)
    yield pool
    pool.stop_all()


_wait = wait_for


def files_under(folder) -> list[str]:
    """The files left under ``folder``; a folder the cleanup removes while it is read is simply not there
    (``Path.rglob`` raised FileNotFoundError then: a CI run failed on it)."""
    import os

    return [os.path.join(top, name) for top, _, names in os.walk(folder) for name in names]


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
    count = 300_000  # seventeen dealing chunks
    deal_set = service.deal_set_create(
        user=director,
        club=club,
        count=count,
        key_hex=KEY,
        label="Simultaneous pairs",
        formats=["pbn", "pbn-gz", "csv", "binary"],
    )
    _wait(lambda: _status(deal_set) in ("done", "failed"), 120, "the job")
    assert _status(deal_set) == "done", DealSet.objects.get(pk=deal_set.pk).error
    files = _published(deal_set)
    key = bytes.fromhex(KEY)
    for code in ("pbn", "pbn-gz", "csv", "binary"):
        assert files[code] == sequential_output(code, key, "Simultaneous pairs", count), code
    chunks = DealSetChunk.objects.filter(deal_set=deal_set)
    assert {c.worker.split("-")[0] for c in chunks} == {"alpha", "beta"}  # both did some of it
    assert max(c.peak_memory_kb for c in chunks) < 300 * 1024


@pytest.mark.slow
def test_analysis_runs_on_the_analysis_queue_and_matches_direct_solving(workers, director, club):
    from clubsite.celery import app

    workers.start("dealer", queues=workers.queues[:1])
    workers.wait_ready()
    deal_set = service.deal_set_create(
        user=director, club=club, count=10, key_hex=KEY, label="dd", formats=["binary"], analysis=True
    )
    # nobody serves the analysis queue yet: the dealing chunk is done, the analysis waits there
    _wait(lambda: DealSetChunk.objects.filter(deal_set=deal_set, kind="deal", status="done").exists(), 60, "dealing")
    with app.connection_for_read() as conn:
        waiting = conn.default_channel.client.llen(workers.queues[1])
    assert waiting == 3 and _status(deal_set) == "running"  # chunks of 4, 4 and 2 deals
    workers.start("solver", queues=workers.queues[1:])
    workers.wait_ready()
    _wait(lambda: _status(deal_set) in ("done", "failed"), 120, "the analysis")
    assert _status(deal_set) == "done"
    files = _published(deal_set)
    assert files["analysis"] == sequential_output("analysis", bytes.fromhex(KEY), "dd", 10)
    assert files["binary"] == sequential_output("binary", bytes.fromhex(KEY), "dd", 10)


def test_one_worker_process_alone_deals_and_assembles_the_whole_job(workers, director, club):
    """No second process and no chord to wait for: the assembler deals every chunk itself, in order."""
    alone = workers.start("alone")
    workers.wait_ready()
    count = 200_000
    deal_set = service.deal_set_create(
        user=director, club=club, count=count, key_hex=KEY, label="Alone", formats=["pbn", "pbn-gz", "csv", "binary"]
    )
    _wait(lambda: _status(deal_set) in ("done", "failed"), 60, "the job")
    assert _status(deal_set) == "done", DealSet.objects.get(pk=deal_set.pk).error
    files = _published(deal_set)
    for code in ("pbn", "pbn-gz", "csv", "binary"):
        assert files[code] == sequential_output(code, bytes.fromhex(KEY), "Alone", count), code
    workers_of_chunks = set(DealSetChunk.objects.filter(deal_set=deal_set).values_list("worker", flat=True))
    assert len(workers_of_chunks) == 1
    assert (
        workers_of_chunks.pop().startswith(alone)
        and DealSetChunk.objects.filter(deal_set=deal_set, worker__endswith="(assembler)").count()
        == deal_set.chunks.count()
    )


@pytest.mark.parametrize("role", ["assembler", "helper"])
def test_a_worker_killed_mid_job_costs_nothing_but_time(workers, director, club, role):
    """SIGKILL the worker that runs the assembler, or one that only deals chunks, in the middle of a
    job: the job still completes, with the checksum of the uninterrupted sequential output."""
    idle = (f"{workers.queues[0]}-idle",)
    # The first worker on the dealing queue takes the assembler (queued first); the other joins
    # once the job has started, as a helper.
    first = workers.start("doomed" if role == "assembler" else "survivor", queues=workers.queues)
    second = workers.start("survivor" if role == "assembler" else "doomed", queues=idle)
    doomed, survivor = (first, second) if role == "assembler" else (second, first)
    workers.wait_ready()
    count = 1_000_000  # 32 chunks
    deal_set = service.deal_set_create(user=director, club=club, count=count, key_hex=KEY, formats=["pbn"])
    _wait(lambda: DealSetChunk.objects.filter(deal_set=deal_set, status="running").exists(), 60, "the assembler")
    workers.consume(second, workers.queues[0])
    running = _wait(
        lambda: DealSetChunk.objects.filter(
            deal_set=deal_set, status="running", index__gte=1, worker__startswith=doomed
        ).first(),
        60,
        f"the doomed worker to deal a chunk as the {role}",
    )
    assert running.worker.endswith("(assembler)") == (role == "assembler")
    orphaned = _kill_while_dealing(workers, deal_set, doomed)
    _wait(lambda: _status(deal_set) in ("done", "failed"), 120, "the job after the kill", interval=0.2)
    assert _status(deal_set) == "done"
    for killed in DealSetChunk.objects.filter(pk__in=orphaned):
        assert killed.attempts >= 2 and killed.worker.startswith(survivor), (killed, killed.attempts, killed.worker)
    assert not DealSetChunk.objects.filter(deal_set=deal_set).exclude(status="done").exists()
    published = DealSetFile.objects.get(deal_set=deal_set)
    expected = sequential_output("pbn", bytes.fromhex(KEY), deal_set.label, count)
    assert published.sha256 == hashlib.sha256(expected).hexdigest() and published.size == len(expected)
    assert not list(workers.storage_root.rglob("*.tmp-*"))  # the killed chunk's temporary part is gone too


def _kill_while_dealing(workers, deal_set: DealSet, doomed: str) -> list[int]:
    """SIGKILL the worker in the middle of a chunk; the chunks it was dealing. A chunk takes tens of
    milliseconds, so the worker is frozen first and looked at: between two chunks, it is let go on a
    moment and frozen again (a kill there would orphan nothing, or a chunk marked done as it died)."""
    for _ in range(200):
        workers.pause(doomed)
        orphaned = list(
            DealSetChunk.objects.filter(deal_set=deal_set, status="running", worker__startswith=doomed).values_list(
                "pk", flat=True
            )
        )
        if orphaned:
            workers.kill(doomed)
            return orphaned
        workers.resume(doomed)
        time.sleep(0.005)
    raise AssertionError(f"the {doomed} worker was never found dealing a chunk")


def test_cancel_stops_the_workers_within_seconds_and_publishes_nothing(workers, director, club, api_client_for):
    for name in ("one", "two"):
        workers.start(name)
    workers.wait_ready()
    deal_set = service.deal_set_create(
        user=director, club=club, count=2_000_000, key_hex=KEY, formats=["pbn", "pbn-gz"]
    )
    _wait(lambda: DealSetChunk.objects.filter(deal_set=deal_set, status="done").count() >= 2, 60, "two chunks")
    response = api_client_for(director).delete(f"/api/v1/deal-sets/{deal_set.pk}/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    cancelled_at = time.monotonic()
    _wait(
        lambda: not DealSetChunk.objects.filter(deal_set=deal_set, status="running").exists(),
        5,
        "running chunks to stop",
    )
    stopped_after = time.monotonic() - cancelled_at
    done = DealSetChunk.objects.filter(deal_set=deal_set).aggregate(n=Sum("done"))["n"]
    time.sleep(1.5)
    assert DealSetChunk.objects.filter(deal_set=deal_set).aggregate(n=Sum("done"))["n"] == done  # no work goes on
    assert stopped_after < 5
    assert done < 2_000_000
    assert _status(deal_set) == "cancelled" and not DealSetFile.objects.filter(deal_set=deal_set).exists()
    # the cleanup task removes the parts a few seconds later; no file of the job is left at all
    _wait(lambda: not files_under(workers.storage_root), 20, "the cleanup", interval=0.5)

"""Running one chunk of a deal-set job: claim it, deal (or solve) it into its parts, mark it done.

Part of the deal-set service (:mod:`dealing.services.deal_sets` is the entry point). A chunk is
deals ``start … start+count−1`` of the job; deal *i* depends only on the key, the label and *i*
(:mod:`dealing.domain.generator`), so whoever runs a chunk, and however often, writes the same
bytes (:class:`~dealing.services.deal_set_parts.PartWriter` moves each part into place whole).

* **Claiming** (:func:`claim`): one conditional UPDATE (a compare-and-swap on the status and
  heartbeat just read) moves a chunk from waiting (or stopped, or running with a heartbeat older
  than :data:`HEARTBEAT_LOST` seconds: its worker died) to running, so two workers never both
  take it. A dealing chunk's task deals its chunk unless it is done or someone is on it, then
  goes on with the job's waiting chunks (:func:`deal_set_chunk_run`); the assembler
  (:mod:`~dealing.services.deal_set_assembly`) deals waiting chunks itself, in order, and takes
  over a chunk whose heartbeat stopped. An analysis chunk's task runs unless its chunk is done
  with its part stored (analysis chunks are not taken over: their messages are redelivered).
* **Heartbeat** (:class:`Monitor`): about every :data:`PROGRESS_EVERY` seconds a running chunk
  writes how far it got; the same query tells it whether the job was cancelled.
* **Memory**: chunks stream :data:`DEAL_STEP` deals at a time, so a worker's memory does not
  grow with N. Analysis goes through :mod:`dealing.domain.analysis` (the only module that touches
  the solver; it imports endplay on first use, so a dealing-only worker never loads it).
"""

from __future__ import annotations

import resource
import time
import zlib
from collections.abc import Callable, Iterable

from django.db.models import F
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from bridge.cards import board_dealer, board_vulnerability
from dealing.domain import generator, streaming
from dealing.domain.numbering import number_to_deal
from dealing.models import DealSet, DealSetChunk
from dealing.services.deal_set_parts import (
    GZIP_LEVEL,
    GZIP_MEMBER_DEALS,
    OUTPUTS,
    PartWriter,
    deal_codes,
    delete_quietly,
    part_name,
    parts_present,
    storage,
)

DEAL_STEP = 16_384  # deals generated and encoded at a time (bounds a worker's memory)
ANALYSIS_STEP = 4  # deals solved between two progress/cancel checks
PROGRESS_EVERY = 0.5  # seconds between a chunk's progress writes (and cancel checks)
HEARTBEAT_LOST = 5.0  # seconds without a running dealing chunk's heartbeat before another may take it over
HELPER_BUDGET = 60.0  # seconds after which a dealing chunk's task stops taking further chunks


class Stopped(Exception):
    """The job was cancelled (or failed), or the work was taken over, while a worker was on it."""


def job_stopped(deal_set_id: int) -> bool:
    return not DealSet.objects.filter(pk=deal_set_id, status__in=DealSet.ACTIVE).exists()


class Monitor:
    """A chunk's heartbeat: writes progress, reports it, and notices a cancelled job (at most every 0.5 s).

    ``also`` is called at each beat (the assembler renews its lease there); it may raise :class:`Stopped`.
    """

    def __init__(
        self,
        chunk: DealSetChunk,
        on_progress: Callable[[int, int], None] | None,
        also: Callable[[], None] | None = None,
    ):
        self.chunk = chunk
        self.on_progress = on_progress
        self.also = also
        self.last = time.monotonic()

    def tick(self, done: int, *, force: bool = False) -> bool:
        now = time.monotonic()
        if not force and now - self.last < PROGRESS_EVERY:
            return False
        self.last = now
        DealSetChunk.objects.filter(pk=self.chunk.pk).update(done=done, heartbeat_at=timezone.now())
        if self.on_progress is not None:
            self.on_progress(done, self.chunk.count)
        if self.also is not None:
            try:
                self.also()
            except Stopped:
                return True
        return job_stopped(self.chunk.deal_set_id)


def is_free(chunk: DealSetChunk) -> bool:
    """Nobody works on the chunk as read: waiting, stopped, or running without a heartbeat for a while."""
    if chunk.status in (DealSetChunk.Status.PENDING, DealSetChunk.Status.STOPPED):
        return True
    lost = timezone.now() - timezone.timedelta(seconds=HEARTBEAT_LOST)
    return chunk.status == DealSetChunk.Status.RUNNING and (chunk.heartbeat_at is None or chunk.heartbeat_at < lost)


def claim(chunk: DealSetChunk, worker: str, *, force: bool = False) -> bool:
    """Mark the chunk running for ``worker`` if it is still as it was read (a compare-and-swap on its
    status and heartbeat, so two workers never both take it); ``force``: whatever its state."""
    now = timezone.now()
    rows = DealSetChunk.objects.filter(pk=chunk.pk)
    if not force:
        rows = rows.filter(status=chunk.status)
        if chunk.status == DealSetChunk.Status.RUNNING:
            rows = (
                rows.filter(heartbeat_at=chunk.heartbeat_at)
                if chunk.heartbeat_at
                else rows.filter(heartbeat_at__isnull=True)
            )
    taken = (
        rows.update(
            status=DealSetChunk.Status.RUNNING,
            started_at=now,
            heartbeat_at=now,
            done=0,
            worker=worker[:200],
            attempts=F("attempts") + 1,
        )
        == 1
    )
    if taken:
        chunk.status, chunk.heartbeat_at = DealSetChunk.Status.RUNNING, now
    return taken


def claim_free(chunk: DealSetChunk | None, worker: str) -> bool:
    return chunk is not None and is_free(chunk) and claim(chunk, worker)


def _load(deal_set_id: int, kind: str, index: int) -> DealSetChunk | None:
    """The chunk, with its job, if the job is still to be worked on."""
    chunk = (
        DealSetChunk.objects.select_related("deal_set").filter(deal_set_id=deal_set_id, kind=kind, index=index).first()
    )
    if chunk is None or chunk.deal_set.status not in (DealSet.Status.RUNNING, DealSet.Status.QUEUED):
        return None
    return chunk


def _finish(deal_set_id: int, chunk: DealSetChunk, sizes: dict[str, int]) -> bool:
    """Mark the chunk done with its part sizes; False if the job stopped meanwhile (its parts are
    then deleted: the cleanup may have run already)."""
    now = timezone.now()
    DealSetChunk.objects.filter(pk=chunk.pk).update(
        status=DealSetChunk.Status.DONE,
        done=chunk.count,
        part_sizes=sizes,
        finished_at=now,
        heartbeat_at=now,
        peak_memory_kb=peak_memory_kb(),
    )
    chunk.status, chunk.part_sizes = DealSetChunk.Status.DONE, sizes
    if job_stopped(deal_set_id):
        delete_quietly(storage(), [part_name(deal_set_id, code, chunk.index) for code in sizes])
        return False
    return True


def _stopped(chunk: DealSetChunk, writers: Iterable[PartWriter]) -> int:
    for writer in writers:
        writer.discard()
    DealSetChunk.objects.filter(pk=chunk.pk).exclude(status=DealSetChunk.Status.DONE).update(
        status=DealSetChunk.Status.STOPPED, heartbeat_at=timezone.now()
    )
    return 0


def peak_memory_kb() -> int:
    """This process's peak resident memory (VmHWM; ``ru_maxrss`` would carry a parent's peak across exec)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# --- dealing chunks ------------------------------------------------------------------------


class GzipMembers:
    """pbn-gz: the text compressed as one gzip member per GZIP_MEMBER_DEALS deals, fed step by step.

    The bytes equal ``gzip.compress(member_text, GZIP_LEVEL, mtime=0)`` for each member (zlib's
    deflate does not depend on how its input is split), so any process cuts them the same way.
    """

    def __init__(self):
        self.compressor = None
        self.deals = 0

    def feed(self, data: bytes, deals: int) -> bytes:
        if self.compressor is None:
            self.compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 31)
        out = self.compressor.compress(data)
        self.deals += deals
        if self.deals >= GZIP_MEMBER_DEALS:
            out += self.finish()
        return out

    def finish(self) -> bytes:
        if self.compressor is None:
            return b""
        out, self.compressor, self.deals = self.compressor.flush(), None, 0
        return out


@sensitive_variables("key")
def deal_claimed_chunk(
    deal_set: DealSet,
    chunk: DealSetChunk,
    *,
    on_progress: Callable[[int, int], None] | None = None,
    also: Callable[[], None] | None = None,
) -> int:
    """Deal a chunk this worker has claimed into its part files (one per output).

    Returns the deals dealt, or 0 if the job stopped meanwhile (the chunk is then marked stopped
    and its files are gone).
    """
    store = storage()
    key = bytes(deal_set.secret_key)
    monitor = Monitor(chunk, on_progress, also)
    writers = {code: PartWriter(store, part_name(deal_set.pk, code, chunk.index)) for code in deal_codes(deal_set)}
    members = {code: GzipMembers() for code in writers if OUTPUTS[code].gzip}
    try:
        for first, numbers, owners in generator.deal_chunks(
            key, deal_set.label, chunk.start, chunk.count, chunk=DEAL_STEP
        ):
            encoded: dict[str, bytes] = {}
            for code, writer in writers.items():
                output = OUTPUTS[code]
                data = encoded.get(output.stream)
                if data is None:
                    data = encoded[output.stream] = streaming.encode_chunk(
                        output.stream, first, numbers, owners, deal_set.label
                    )
                writer.write(members[code].feed(data, len(numbers)) if output.gzip else data)
            made = first + len(numbers) - chunk.start
            del encoded, numbers, owners
            if monitor.tick(made):
                raise Stopped
        for code, compressor in members.items():
            writers[code].write(compressor.finish())
        sizes = {code: writer.commit() for code, writer in writers.items()}
    except Stopped:
        return _stopped(chunk, writers.values())
    except BaseException:
        for writer in writers.values():
            writer.discard()
        raise
    return chunk.count if _finish(deal_set.pk, chunk, sizes) else 0


def next_free_chunk(deal_set_id: int, after: int = -1) -> DealSetChunk | None:
    """The lowest waiting dealing chunk after ``after``, or None (chunks whose worker died are
    taken over by the assembler, :func:`~dealing.services.deal_set_assembly.deal_set_assemble`)."""
    return (
        DealSetChunk.objects.filter(
            deal_set_id=deal_set_id, kind=DealSetChunk.Kind.DEAL, status=DealSetChunk.Status.PENDING, index__gt=after
        )
        .order_by("index")
        .first()
    )


def deal_set_chunk_run(
    *,
    deal_set_id: int,
    index: int,
    on_progress: Callable[[int, int], None] | None = None,
    worker: str = "",
    others: bool = True,
) -> int:
    """Deal a dealing chunk into its part files, then keep dealing the job's chunks nobody has started.

    The task of chunk *k* deals chunk *k* unless it is done or someone is on it, then claims the
    lowest waiting chunk, and the next, until none is left (or :data:`HELPER_BUDGET` seconds have
    passed: then the other chunks' messages carry on). So a worker process pays for one Celery
    message per stretch of chunks, not per chunk, and the messages of chunks dealt meanwhile find
    nothing to do; ``others=False`` deals chunk *k* alone. Returns the deals dealt (0 if there was
    nothing to do, or the job stopped).
    """
    chunk = _load(deal_set_id, DealSetChunk.Kind.DEAL, index)
    if chunk is None:
        return 0
    deal_set, dealt, since = chunk.deal_set, 0, time.monotonic()
    if not claim_free(chunk, worker):
        chunk = None
    while True:
        if chunk is not None:
            made = deal_claimed_chunk(deal_set, chunk, on_progress=on_progress)
            if not made:
                break
            dealt += made
        if not others or time.monotonic() - since > HELPER_BUDGET:
            break
        chunk = next_free_chunk(deal_set_id)
        while chunk is not None and not claim(chunk, worker):  # someone was quicker: the next one
            chunk = next_free_chunk(deal_set_id, after=chunk.index)
        if chunk is None:
            break
    if dealt and on_progress is not None:
        on_progress(dealt, dealt)
    return dealt


# --- analysis chunks -----------------------------------------------------------------------


def analysis_rows(first_index: int, analyses) -> bytes:
    """CSV rows of the analysis output for deals ``first_index, first_index + 1, …``."""
    rows = [
        f"{first_index + k},{first_index + k + 1},{a.table.to_pbn_tricks()},{a.par.optimum_score_pbn()},"
        f"{a.par.par_contract_pbn()}\n"
        for k, a in enumerate(analyses)
    ]
    return "".join(rows).encode("ascii")


_SOLVER: dict[str, bool] = {}


def analyse_range(key: bytes, label: str, start: int, count: int) -> list:
    """Table and par of deals ``start … start+count−1``; deal *i* is board *i* + 1 (dealer, vulnerability).

    The solver runs one thread per worker process: the worker processes are the parallelism (one
    per core), DDS would otherwise start one thread per core (so one process would take every
    core) and each extra thread costs about 100 MB of transposition tables.
    """
    from dealing.domain import analysis as dd  # endplay only where analysis runs

    if not _SOLVER:
        dd.set_solver_threads(1)
        _SOLVER["one thread"] = True
    # The reference path (plain hashlib): a few deals per call, and an analysis-only worker then
    # never loads numba (about 110 MB of resident memory).
    numbers = generator.deal_numbers_reference(key, label, start, count)
    boards = [
        (number_to_deal(n), board_vulnerability(start + k + 1), board_dealer(start + k + 1))
        for k, n in enumerate(numbers)
    ]
    return dd.analyse_boards(boards)


@sensitive_variables("key")
def deal_set_analysis_chunk_run(
    *, deal_set_id: int, index: int, on_progress: Callable[[int, int], None] | None = None, worker: str = ""
) -> int:
    """Solve one analysis chunk (double-dummy table and par of each deal) into its part file."""
    chunk = _load(deal_set_id, DealSetChunk.Kind.ANALYSIS, index)
    if chunk is None:
        return 0
    deal_set = chunk.deal_set
    store = storage()
    if chunk.status == DealSetChunk.Status.DONE and parts_present(store, deal_set_id, chunk, ["analysis"]):
        return 0
    claim(chunk, worker, force=True)
    key = bytes(deal_set.secret_key)
    monitor = Monitor(chunk, on_progress)
    writer = PartWriter(store, part_name(deal_set_id, "analysis", index))
    try:
        for offset in range(0, chunk.count, ANALYSIS_STEP):
            n = min(ANALYSIS_STEP, chunk.count - offset)
            first = chunk.start + offset
            writer.write(analysis_rows(first, analyse_range(key, deal_set.label, first, n)))
            if monitor.tick(offset + n):
                raise Stopped
        sizes = {"analysis": writer.commit()}
    except Stopped:
        return _stopped(chunk, [writer])
    except BaseException:
        writer.discard()
        raise
    if not _finish(deal_set_id, chunk, sizes):
        return 0
    if on_progress is not None:
        on_progress(chunk.count, chunk.count)
    return chunk.count

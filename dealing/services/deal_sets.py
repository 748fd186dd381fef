"""Deal-set jobs: create, dispatch to Celery workers in chunks, assemble, publish, cancel, resume.

The shape of a job (``dealing.models.deal_set``):

* **Deterministic chunks.** Deal *i* depends only on the key, the label and *i*
  (:mod:`dealing.domain.generator`), so the job is cut once, when it is made, into dealing
  chunks (a multiple of :data:`GZIP_MEMBER_DEALS` deals each) and, with analysis, smaller
  analysis chunks. Whoever runs a chunk, and however often, it writes the same bytes.
* **Idempotent parts.** A chunk writes one part file per output under a temporary name and
  moves it into place in one step (``os.replace`` on a file system; on an object store one
  PUT, which is whole or absent), so a part that exists is complete. A chunk whose parts
  exist is not redone. Tasks are ``acks_late``: a worker that dies (SIGKILL, a lost
  machine) leaves its message unacknowledged and the broker hands it to another worker
  (at once for a lost pool process, ``reject_on_worker_lost``; after
  ``CELERY_VISIBILITY_TIMEOUT`` for a lost machine).
* **Assembly.** When every chunk is done (a chord's callback, which checks the database
  rather than trusting the chord's count) the parts are streamed, in order, into one file
  per output through the ``deal_sets`` storage (Django's storage API), hashing as they go.
  The files are *published* — :class:`~dealing.models.DealSetFile` rows with size and
  SHA-256, status ``done`` — in one transaction that first checks the job was not
  cancelled; until then nothing is listed or downloadable.
* **Memory.** Chunks stream 16,384 deals at a time and the assembler copies 4 MB blocks,
  so a worker's memory does not grow with N.

Outputs: ``pbn`` (PBN 2.1), ``pbn-gz`` (the same text gzip-compressed: one gzip member for
the header and one per 65,536 deals — ``zcat`` and Python's ``gzip`` read it as one
stream), ``csv`` (``index,board,number,deal``), ``binary`` (12 bytes per deal: its
Pavlicek number, big-endian) and, with analysis, ``analysis``: a CSV of
``index,board,double_dummy_tricks,optimum_score,par_contract`` (PBN's DoubleDummyTricks,
OptimumScore and ParContract values).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import logging
import os
import queue
import re
import resource
import secrets
import tempfile
import threading
import time
import uuid
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from celery import chord
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files import File
from django.core.files.storage import FileSystemStorage, storages
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.debug import sensitive_variables

from clubs.models import Club
from clubs.permissions import can_direct
from dealing.domain import analysis as dd
from dealing.domain import commitment as commitment_domain
from dealing.domain import generator, streaming
from dealing.domain.cards import board_dealer, board_vulnerability
from dealing.domain.errors import DealingError
from dealing.domain.numbering import number_to_deal
from dealing.models import Commitment, DealSet, DealSetChunk, DealSetFile
from dealing.tasks.deal_sets import (
    deal_set_analysis_chunk_task,
    deal_set_assemble_task,
    deal_set_chunk_task,
    deal_set_cleanup_task,
    deal_set_start_task,
)

logger = logging.getLogger(__name__)

MAX_DEALS = 100_000_000
DEFAULT_LABEL = "deal-set"
MAX_LABEL = 100
GZIP_MEMBER_DEALS = 65_536  # deals per gzip member of pbn-gz; dealing chunks hold whole members
DEAL_STEP = 16_384  # deals generated and encoded at a time (bounds a worker's memory)
GZIP_LEVEL = 6
TARGET_DEAL_CHUNKS = 48  # dealing chunks aimed at per job (more for very large N: at most 16 members each)
MAX_DEAL_CHUNK_MEMBERS = 16  # 1,048,576 deals
TARGET_ANALYSIS_CHUNKS = 4096
MIN_ANALYSIS_CHUNK = 4  # small chunks even out hard and easy deals between workers
MAX_ANALYSIS_CHUNK = 4000  # about 10–20 minutes of DDS: well inside the broker's visibility timeout
ANALYSIS_STEP = 4  # deals solved between two progress/cancel checks
PROGRESS_EVERY = 0.5  # seconds between a chunk's progress writes (and cancel checks)
STALLED_AFTER = 300  # seconds without any chunk's heartbeat before a running job may be resumed


@dataclass(frozen=True)
class Output:
    code: str
    stream: str  # the dealing.domain.streaming format, or "" for the analysis CSV
    suffix: str
    gzip: bool
    title: str


OUTPUTS: dict[str, Output] = {
    "pbn": Output("pbn", "pbn", ".pbn", False, gettext_lazy("PBN")),
    "pbn-gz": Output("pbn-gz", "pbn", ".pbn.gz", True, gettext_lazy("PBN, gzip-compressed")),
    "csv": Output("csv", "csv", ".csv", False, gettext_lazy("CSV of deal numbers (index, board, number, deal)")),
    "binary": Output("binary", "binary", ".bin", False, gettext_lazy("Binary: 12-byte deal numbers")),
    "analysis": Output("analysis", "", "-dd.csv", False,
                       gettext_lazy("Double-dummy tables and par (CSV)")),
}
DEAL_OUTPUTS = ("pbn", "pbn-gz", "csv", "binary")
ANALYSIS_HEADER = b"index,board,double_dummy_tricks,optimum_score,par_contract\n"


class _Stopped(Exception):
    """The job was cancelled (or failed) while a worker was on it."""


# --- sizes and names ---------------------------------------------------------------------


def deal_chunk_size(count: int) -> int:
    """Deals per dealing chunk: whole gzip members, about TARGET_DEAL_CHUNKS chunks, at most 2^20."""
    members = -(-count // (GZIP_MEMBER_DEALS * TARGET_DEAL_CHUNKS))
    return GZIP_MEMBER_DEALS * min(max(members, 1), MAX_DEAL_CHUNK_MEMBERS)


def analysis_chunk_size(count: int) -> int:
    return min(max(MIN_ANALYSIS_CHUNK, -(-count // TARGET_ANALYSIS_CHUNKS)), MAX_ANALYSIS_CHUNK)


def _storage():
    return storages["deal_sets"]


def _job_dir(deal_set_id: int) -> str:
    return f"jobs/{deal_set_id}"


def _part_name(deal_set_id: int, code: str, index: int) -> str:
    return f"{_job_dir(deal_set_id)}/parts/{code}/{index:07d}"


def outputs_of(deal_set: DealSet) -> list[str]:
    return [code for code in DEAL_OUTPUTS if code in deal_set.formats] + (["analysis"] if deal_set.analysis else [])


def file_name(deal_set: DealSet, code: str) -> str:
    label = slugify(deal_set.label)[:40] or "deals"
    return f"{deal_set.club.slug}-{label}-{deal_set.pk}{OUTPUTS[code].suffix}"


# --- checking a request ------------------------------------------------------------------


def check_count(count) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        try:
            count = int(str(count).strip().replace(",", "").replace("_", ""))
        except ValueError:
            raise DealingError(_("The number of deals must be a whole number, not %(value)r.") % {"value": count},
                               field="count") from None
    if not 1 <= count <= MAX_DEALS:
        raise DealingError(_("A deal set has 1 … 100,000,000 deals, not %(count)s.") % {"count": f"{count:,}"},
                           field="count")
    return count


def check_formats(formats: Iterable[str]) -> list[str]:
    if isinstance(formats, str):
        formats = [part for part in re.split(r"[,\s]+", formats) if part]
    chosen = [str(code).strip().lower() for code in formats]
    for code in chosen:
        if code not in DEAL_OUTPUTS:
            raise DealingError(_("Unknown format %(format)r: choose from %(known)s.")
                               % {"format": code, "known": ", ".join(DEAL_OUTPUTS)}, field="formats")
    if not chosen:
        raise DealingError(_("Choose at least one format (%(known)s).") % {"known": ", ".join(DEAL_OUTPUTS)},
                           field="formats")
    return [code for code in DEAL_OUTPUTS if code in chosen]


def check_label(label: str) -> str:
    text = " ".join(str(label or "").split())
    if not text:
        return DEFAULT_LABEL
    if len(text) > MAX_LABEL:
        raise DealingError(_("A label is at most %(max)d characters, not %(n)d.") % {"max": MAX_LABEL, "n": len(text)},
                           field="label")
    generator.check_label(text)
    return text


def usable_commitments(user, club: Club | None = None):
    """Commitments whose dealing key a director may use: their own clubs', published, delayed value known."""
    from clubs.selectors import clubs_directed_by

    clubs = clubs_directed_by(user)
    if club is not None:
        clubs = clubs.filter(pk=club.pk)
    return (Commitment.objects.filter(club__in=clubs).exclude(status=Commitment.Status.DRAFT)
            .exclude(delayed_value="").select_related("club"))


@sensitive_variables("key", "key_hex")
def _key_for(*, user, club: Club, key_hex: str, commitment, label: str) -> tuple[str, bytes, Commitment | None]:
    if key_hex and commitment not in (None, ""):
        raise DealingError(_("Give a key or a commitment, not both."), field="key")
    if commitment not in (None, ""):
        commitment_id = commitment.pk if isinstance(commitment, Commitment) else commitment
        try:
            commitment_id = int(commitment_id)
        except (TypeError, ValueError):
            raise DealingError(_("A commitment is given by its number."), field="commitment") from None
        found = Commitment.objects.filter(pk=commitment_id, club=club).first()
        if found is None or not can_direct(user, found.club):
            raise DealingError(_("Commitment %(id)s is not one of %(club)s's commitments.")
                               % {"id": commitment_id, "club": club.name}, field="commitment")
        if found.is_draft:
            raise DealingError(_("Commitment %(id)s is a draft: publish it and enter its delayed value first.")
                               % {"id": commitment_id}, field="commitment")
        if not found.has_dv:
            raise DealingError(_("Commitment %(id)s cannot deal yet: its delayed value is not known.")
                               % {"id": commitment_id}, field="commitment")
        if label in {entry.label for entry in found.entries.all()}:
            raise DealingError(_("The label %(label)r is a session of this commitment; a deal set must use "
                                 "another label, or it would show that session's deals.") % {"label": label},
                               field="label")
        revealed = commitment_domain.RevealedCommitment(found.record(), found.delayed_value)
        return DealSet.KeySource.COMMITMENT, revealed.dealing_key(), found
    if key_hex:
        return DealSet.KeySource.GIVEN, generator.parse_key(key_hex), None
    return DealSet.KeySource.NEW, generator.new_key(), None


# --- writes ------------------------------------------------------------------------------


@sensitive_variables("key", "key_hex")
@transaction.atomic
def deal_set_create(*, user, club: Club, count, formats, analysis: bool = False, label: str = "",
                    key_hex: str = "", commitment=None) -> DealSet:
    """Check a request, store the job and its chunks, and queue it when the transaction commits.

    Bad input raises :class:`DealingError` (``field`` names the input); nothing is stored or queued.
    """
    if not can_direct(user, club):
        raise PermissionDenied(_("Only the club's directors may make deal sets."))
    count = check_count(count)
    formats = check_formats(formats)
    label = check_label(label)
    source, key, found = _key_for(user=user, club=club, key_hex=(key_hex or "").strip(), commitment=commitment,
                                  label=label)
    deal_set = DealSet.objects.create(
        club=club, created_by=user, label=label, count=count, formats=formats, analysis=bool(analysis),
        key_source=source, secret_key=key, commitment=found,
        key_fingerprint=hashlib.sha256(key).hexdigest()[:16],
        deal_chunk_size=deal_chunk_size(count), analysis_chunk_size=analysis_chunk_size(count) if analysis else 0)
    rows = [DealSetChunk(deal_set=deal_set, kind=DealSetChunk.Kind.DEAL, index=k, start=start,
                         count=min(deal_set.deal_chunk_size, count - start))
            for k, start in enumerate(range(0, count, deal_set.deal_chunk_size))]
    if analysis:
        rows += [DealSetChunk(deal_set=deal_set, kind=DealSetChunk.Kind.ANALYSIS, index=k, start=start,
                              count=min(deal_set.analysis_chunk_size, count - start))
                 for k, start in enumerate(range(0, count, deal_set.analysis_chunk_size))]
    DealSetChunk.objects.bulk_create(rows, batch_size=2000)
    deal_set_start_task.apply_async_on_commit((deal_set.pk,), queue=settings.DEAL_SET_DEALING_QUEUE)
    logger.info("deal set %s: %d deals, %s%s, requested by %s", deal_set.pk, count, ",".join(formats),
                " + analysis" if analysis else "", user)
    return deal_set


def deal_set_dispatch(*, deal_set_id: int) -> int:
    """Send the job's unfinished chunks to the workers as a chord whose callback assembles the files."""
    deal_set = DealSet.objects.filter(pk=deal_set_id, status__in=[DealSet.Status.QUEUED, DealSet.Status.RUNNING]).first()
    if deal_set is None:
        return 0
    DealSet.objects.filter(pk=deal_set_id, status=DealSet.Status.QUEUED).update(
        status=DealSet.Status.RUNNING, started_at=timezone.now())
    dealing_queue, analysis_queue = settings.DEAL_SET_DEALING_QUEUE, settings.DEAL_SET_ANALYSIS_QUEUE
    header = []
    for kind, index in (deal_set.chunks.exclude(status=DealSetChunk.Status.DONE)
                        .order_by("kind", "index").values_list("kind", "index")):
        if kind == DealSetChunk.Kind.DEAL:
            header.append(deal_set_chunk_task.si(deal_set_id, index).set(queue=dealing_queue))
        else:
            header.append(deal_set_analysis_chunk_task.si(deal_set_id, index).set(queue=analysis_queue))
    callback = deal_set_assemble_task.si(deal_set_id).set(queue=dealing_queue)
    if header:
        chord(header)(callback)
    else:
        callback.apply_async()
    return len(header)


class _Monitor:
    """A chunk's heartbeat: writes progress, reports it, and notices a cancelled job (at most every 0.5 s)."""

    def __init__(self, chunk: DealSetChunk, on_progress: Callable[[int, int], None] | None):
        self.chunk = chunk
        self.on_progress = on_progress
        self.last = time.monotonic()

    def tick(self, done: int, *, force: bool = False) -> bool:
        now = time.monotonic()
        if not force and now - self.last < PROGRESS_EVERY:
            return False
        self.last = now
        DealSetChunk.objects.filter(pk=self.chunk.pk).update(done=done, heartbeat_at=timezone.now())
        if self.on_progress is not None:
            self.on_progress(done, self.chunk.count)
        return _job_stopped(self.chunk.deal_set_id)


def _job_stopped(deal_set_id: int) -> bool:
    return not DealSet.objects.filter(pk=deal_set_id, status__in=DealSet.ACTIVE).exists()


class _GzipMembers:
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


def _is_local(store) -> bool:
    """A storage whose files are files on this machine (``path()`` is real): renames are atomic there."""
    return isinstance(store, FileSystemStorage)


class _PartWriter:
    """One part file: written under a temporary name, then moved into place whole."""

    def __init__(self, store, name: str):
        self.store, self.name, self.size = store, name, 0
        if not _is_local(store):  # an object store: a PUT is whole or absent
            self.final, self.temp = None, None
            self.file = tempfile.TemporaryFile()
        else:
            self.final = store.path(name)
            os.makedirs(os.path.dirname(self.final), exist_ok=True)
            self.temp = f"{self.final}.tmp-{uuid.uuid4().hex}"
            self.file = open(self.temp, "wb")

    def write(self, data: bytes) -> None:
        self.file.write(data)
        self.size += len(data)

    def commit(self) -> int:
        if self.final is not None:
            self.file.close()
            os.replace(self.temp, self.final)
        else:
            self.file.seek(0)
            if not self.store.exists(self.name):  # if it exists, it holds these very bytes
                self.store.save(self.name, File(self.file, name=os.path.basename(self.name)))
            self.file.close()
        return self.size

    def discard(self) -> None:
        self.file.close()
        if self.temp is not None:
            try:
                os.unlink(self.temp)
            except FileNotFoundError:
                pass


def _parts_present(store, deal_set_id: int, chunk: DealSetChunk, codes: Iterable[str]) -> bool:
    try:
        return all(store.exists(_part_name(deal_set_id, code, chunk.index))
                   and store.size(_part_name(deal_set_id, code, chunk.index)) == chunk.part_sizes.get(code)
                   for code in codes)
    except OSError:
        return False


def _chunk_begin(deal_set_id: int, kind: str, index: int) -> tuple[DealSet, DealSetChunk] | None:
    deal_set = DealSet.objects.filter(pk=deal_set_id).select_related("club").first()
    if deal_set is None or deal_set.status not in (DealSet.Status.RUNNING, DealSet.Status.QUEUED):
        return None
    chunk = DealSetChunk.objects.get(deal_set=deal_set, kind=kind, index=index)
    return deal_set, chunk


def _chunk_start(chunk: DealSetChunk, worker: str) -> None:
    now = timezone.now()
    DealSetChunk.objects.filter(pk=chunk.pk).update(
        status=DealSetChunk.Status.RUNNING, started_at=now, heartbeat_at=now, done=0, worker=worker[:200],
        attempts=F("attempts") + 1)


def _chunk_finish(deal_set: DealSet, chunk: DealSetChunk, sizes: dict[str, int]) -> None:
    DealSetChunk.objects.filter(pk=chunk.pk).update(
        status=DealSetChunk.Status.DONE, done=chunk.count, part_sizes=sizes, finished_at=timezone.now(),
        heartbeat_at=timezone.now(), peak_memory_kb=peak_memory_kb())
    if _job_stopped(deal_set.pk):  # cancelled meanwhile: the cleanup may have run already
        _delete_quietly(_storage(), [_part_name(deal_set.pk, code, chunk.index) for code in sizes])


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


def _chunk_stopped(chunk: DealSetChunk, writers: Iterable[_PartWriter]) -> int:
    for writer in writers:
        writer.discard()
    DealSetChunk.objects.filter(pk=chunk.pk).exclude(status=DealSetChunk.Status.DONE).update(
        status=DealSetChunk.Status.STOPPED, heartbeat_at=timezone.now())
    return 0


@sensitive_variables("key")
def deal_set_chunk_run(*, deal_set_id: int, index: int, on_progress: Callable[[int, int], None] | None = None,
                       worker: str = "") -> int:
    """Deal one dealing chunk into its part files (one per output). Returns the deals dealt (0 if stopped)."""
    begun = _chunk_begin(deal_set_id, DealSetChunk.Kind.DEAL, index)
    if begun is None:
        return 0
    deal_set, chunk = begun
    store = _storage()
    codes = [code for code in DEAL_OUTPUTS if code in deal_set.formats]
    if chunk.status == DealSetChunk.Status.DONE and _parts_present(store, deal_set_id, chunk, codes):
        return 0
    _chunk_start(chunk, worker)
    key = bytes(deal_set.secret_key)
    monitor = _Monitor(chunk, on_progress)
    writers = {code: _PartWriter(store, _part_name(deal_set_id, code, index)) for code in codes}
    members = {code: _GzipMembers() for code in codes if OUTPUTS[code].gzip}
    try:
        for first, numbers, owners in generator.deal_chunks(key, deal_set.label, chunk.start, chunk.count,
                                                             chunk=DEAL_STEP):
            encoded: dict[str, bytes] = {}
            for code, writer in writers.items():
                output = OUTPUTS[code]
                data = encoded.get(output.stream)
                if data is None:
                    data = encoded[output.stream] = streaming.encode_chunk(output.stream, first, numbers, owners,
                                                                           deal_set.label)
                writer.write(members[code].feed(data, len(numbers)) if output.gzip else data)
            made = first + len(numbers) - chunk.start
            del encoded, numbers, owners
            if monitor.tick(made):
                raise _Stopped
        for code, compressor in members.items():
            writers[code].write(compressor.finish())
        sizes = {code: writer.commit() for code, writer in writers.items()}
    except _Stopped:
        return _chunk_stopped(chunk, writers.values())
    except BaseException:
        for writer in writers.values():
            writer.discard()
        raise
    _chunk_finish(deal_set, chunk, sizes)
    if on_progress is not None:
        on_progress(chunk.count, chunk.count)
    return chunk.count


def analysis_rows(first_index: int, analyses: Iterable[dd.BoardAnalysis]) -> bytes:
    """CSV rows of the analysis output for deals ``first_index, first_index + 1, …``."""
    rows = [f"{first_index + k},{first_index + k + 1},{a.table.to_pbn_tricks()},{a.par.optimum_score_pbn()},"
            f"{a.par.par_contract_pbn()}\n" for k, a in enumerate(analyses)]
    return "".join(rows).encode("ascii")


_SOLVER: dict[str, bool] = {}


def _one_solver_thread() -> None:
    """One DDS thread per worker process: the workers are the parallelism (one process per core),
    and each extra DDS thread costs about 100 MB of transposition tables.

    DDS starts with as many threads as cores, so one worker on a 2-core machine would take both
    cores and a second worker would gain nothing. The setting belongs in
    ``dealing.domain.analysis`` (the only module meant to touch endplay); until it offers
    ``set_solver_threads``, it is set here directly.
    """
    if _SOLVER:
        return
    setter = getattr(dd, "set_solver_threads", None)
    if setter is not None:
        setter(1)
    else:
        from endplay import _dds

        _dds.SetMaxThreads(1)
    _SOLVER["one thread"] = True


def analyse_range(key: bytes, label: str, start: int, count: int) -> list[dd.BoardAnalysis]:
    """Table and par of deals ``start … start+count−1``; deal *i* is board *i* + 1 (dealer, vulnerability)."""
    _one_solver_thread()
    # The reference path (plain hashlib): a few deals per call, and an analysis-only worker then
    # never loads numba (about 110 MB of resident memory).
    numbers = generator.deal_numbers_reference(key, label, start, count)
    boards = [(number_to_deal(n), board_vulnerability(start + k + 1), board_dealer(start + k + 1))
              for k, n in enumerate(numbers)]
    return dd.analyse_boards(boards)


@sensitive_variables("key")
def deal_set_analysis_chunk_run(*, deal_set_id: int, index: int,
                                on_progress: Callable[[int, int], None] | None = None, worker: str = "") -> int:
    """Solve one analysis chunk (double-dummy table and par of each deal) into its part file."""
    begun = _chunk_begin(deal_set_id, DealSetChunk.Kind.ANALYSIS, index)
    if begun is None:
        return 0
    deal_set, chunk = begun
    store = _storage()
    if chunk.status == DealSetChunk.Status.DONE and _parts_present(store, deal_set_id, chunk, ["analysis"]):
        return 0
    _chunk_start(chunk, worker)
    key = bytes(deal_set.secret_key)
    monitor = _Monitor(chunk, on_progress)
    writer = _PartWriter(store, _part_name(deal_set_id, "analysis", index))
    try:
        for offset in range(0, chunk.count, ANALYSIS_STEP):
            n = min(ANALYSIS_STEP, chunk.count - offset)
            first = chunk.start + offset
            writer.write(analysis_rows(first, analyse_range(key, deal_set.label, first, n)))
            if monitor.tick(offset + n):
                raise _Stopped
        sizes = {"analysis": writer.commit()}
    except _Stopped:
        return _chunk_stopped(chunk, [writer])
    except BaseException:
        writer.discard()
        raise
    _chunk_finish(deal_set, chunk, sizes)
    if on_progress is not None:
        on_progress(chunk.count, chunk.count)
    return chunk.count


# --- assembly ----------------------------------------------------------------------------


class _Concatenation:
    """A read-only stream of byte strings and stored parts, one after another, hashed as it goes.

    A reader thread opens the parts in order, reads 4 MB blocks and feeds them to SHA-256 (which
    releases the GIL) while the storage writes the previous blocks, so hashing costs no extra
    time; at most ``AHEAD`` blocks wait in memory.
    """

    BLOCK = 4 << 20
    AHEAD = 4

    def __init__(self, store, pieces: Iterable[bytes | str]):
        self.store = store
        self.sha256 = hashlib.sha256()
        self.size = 0
        self.blocks: queue.Queue = queue.Queue(maxsize=self.AHEAD)
        self.pending = b""
        self.finished = False
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._produce, args=(list(pieces),), daemon=True)
        self.thread.start()

    def _produce(self, pieces: list[bytes | str]) -> None:
        try:
            for piece in pieces:
                source = io.BytesIO(piece) if isinstance(piece, bytes) else self.store.open(piece, "rb")
                with source:
                    while not self.stop.is_set():
                        data = source.read(self.BLOCK)
                        if not data:
                            break
                        self.sha256.update(data)
                        self.blocks.put(data)
                if self.stop.is_set():
                    return
            self.blocks.put(None)
        except BaseException as exc:  # handed to the reading side
            self.blocks.put(exc)

    def read(self, n: int = -1) -> bytes:
        out = [self.pending] if self.pending else []
        have = len(self.pending)
        self.pending = b""
        while not self.finished and (n is None or n < 0 or have < n):
            block = self.blocks.get()
            if block is None:
                self.finished = True
            elif isinstance(block, BaseException):
                self.finished = True
                raise block
            else:
                out.append(block)
                have += len(block)
        data = b"".join(out)
        if n is not None and 0 <= n < len(data):
            data, self.pending = data[:n], data[n:]
        self.size += len(data)
        return data

    def tell(self) -> int:
        return self.size

    def seek(self, offset: int, whence: int = 0) -> int:
        if (offset, whence) in ((0, 0), (0, 1)) and self.size == 0:
            return 0
        raise io.UnsupportedOperation("a deal-set file is assembled front to back")

    def seekable(self) -> bool:
        return False

    def close(self) -> None:
        self.stop.set()
        while self.thread.is_alive():  # unblock the reader thread if it waits on a full queue
            try:
                self.blocks.get(timeout=0.05)
            except queue.Empty:
                pass
        self.thread.join()


class _AssembledFile(File):
    DEFAULT_CHUNK_SIZE = _Concatenation.BLOCK


class _LocalAssembly(File):
    """A file already assembled next to its place in a file-system storage: ``save`` moves it in."""

    def temporary_file_path(self) -> str:
        return self.file.name


def _assemble_one(store, name: str, pieces: list[bytes | str]) -> tuple[str, int, str]:
    """Store the concatenation of ``pieces`` as ``name``; returns (stored name, size, SHA-256).

    Through the storage API in every case. On a file-system storage the file is first put together
    under a temporary name beside its place, the parts copied by the kernel (``copy_file_range``)
    while a thread hashes them (read into one reused buffer), and ``save`` then moves it into
    place in one rename. Any other
    storage gets the parts streamed to ``save`` in 4 MB blocks, hashed on the way.
    """
    if not _is_local(store):
        reader = _Concatenation(store, pieces)
        try:
            stored = store.save(name, _AssembledFile(reader, name=os.path.basename(name)))
        finally:
            reader.close()
        return stored, reader.size, reader.sha256.hexdigest()
    final = store.path(name)
    os.makedirs(os.path.dirname(final), exist_ok=True)
    temp = f"{final}.tmp-{uuid.uuid4().hex}"
    digest: dict = {}
    hasher = threading.Thread(target=_hash_local, args=(store, pieces, digest), daemon=True)
    hasher.start()  # reads the same parts (from the page cache) and hashes them meanwhile
    size = 0
    try:
        with open(temp, "wb") as out:
            for piece in pieces:
                if isinstance(piece, bytes):
                    out.write(piece)
                    out.flush()
                    size += len(piece)
                    continue
                with open(store.path(piece), "rb") as source:
                    length = os.fstat(source.fileno()).st_size
                    copied = 0
                    while copied < length:
                        step = os.copy_file_range(source.fileno(), out.fileno(), length - copied)
                        if step == 0:
                            raise OSError(f"part {piece} ended early")
                        copied += step
                    size += length
        hasher.join()
        if "error" in digest:
            raise digest["error"]
        if digest["size"] != size:
            raise OSError(f"{name}: copied {size} bytes but hashed {digest['size']}")
        with open(temp, "rb") as handle:
            stored = store.save(name, _LocalAssembly(handle, name=os.path.basename(name)))
    finally:
        hasher.join()
        if os.path.exists(temp):
            os.unlink(temp)
    return stored, size, digest["sha256"]


def _hash_local(store, pieces: list[bytes | str], digest: dict) -> None:
    """SHA-256 and size of the pieces of a file-system storage, read into one reused 4 MB buffer."""
    try:
        sha, size = hashlib.sha256(), 0
        buffer = bytearray(_Concatenation.BLOCK)
        view = memoryview(buffer)
        for piece in pieces:
            if isinstance(piece, bytes):
                sha.update(piece)
                size += len(piece)
                continue
            with open(store.path(piece), "rb", buffering=0) as source:
                while n := source.readinto(buffer):
                    sha.update(view[:n])
                    size += n
        digest.update(sha256=sha.hexdigest(), size=size)
    except BaseException as exc:  # handed to the assembling thread
        digest["error"] = exc


def _pieces(deal_set: DealSet, code: str) -> list[bytes | str]:
    output = OUTPUTS[code]
    if code == "analysis":
        return [ANALYSIS_HEADER] + [_part_name(deal_set.pk, code, k)
                                    for k in range(-(-deal_set.count // deal_set.analysis_chunk_size))]
    head = streaming.header(output.stream, deal_set.label)
    if output.gzip:
        head = gzip.compress(head, compresslevel=GZIP_LEVEL, mtime=0) if head else b""
    return [head] + [_part_name(deal_set.pk, code, k) for k in range(-(-deal_set.count // deal_set.deal_chunk_size))]


def _missing_parts(deal_set: DealSet) -> list[DealSetChunk]:
    """Chunks marked done whose part files are not there, whole: they must be dealt again."""
    store = _storage()
    missing = []
    for chunk in deal_set.chunks.all():
        codes = ["analysis"] if chunk.kind == DealSetChunk.Kind.ANALYSIS else [
            code for code in DEAL_OUTPUTS if code in deal_set.formats]
        if not _parts_present(store, deal_set.pk, chunk, codes):
            missing.append(chunk)
    return missing


def deal_set_assemble(*, deal_set_id: int) -> str:
    """Assemble and publish the files once every chunk is done.

    Returns ``"waiting"`` when chunks are still being dealt (the task then tries again a little
    later), otherwise the job's status after the call. Safe to run twice, even at once: each run
    writes its own files, and only the first to publish keeps them.
    """
    deal_set = DealSet.objects.select_related("club").filter(pk=deal_set_id).first()
    if deal_set is None or deal_set.status not in (DealSet.Status.RUNNING, DealSet.Status.ASSEMBLING):
        return deal_set.status if deal_set else "gone"
    if deal_set.chunks.exclude(status=DealSetChunk.Status.DONE).exists():
        return "waiting"
    missing = _missing_parts(deal_set)
    if missing:
        logger.warning("deal set %s: %d finished chunks lost their parts; dealing them again", deal_set_id,
                       len(missing))
        DealSetChunk.objects.filter(pk__in=[c.pk for c in missing]).update(status=DealSetChunk.Status.PENDING,
                                                                          done=0, part_sizes={})
        for chunk in missing:
            task = deal_set_chunk_task if chunk.kind == DealSetChunk.Kind.DEAL else deal_set_analysis_chunk_task
            queue = (settings.DEAL_SET_DEALING_QUEUE if chunk.kind == DealSetChunk.Kind.DEAL
                     else settings.DEAL_SET_ANALYSIS_QUEUE)
            task.apply_async((deal_set_id, chunk.index), queue=queue)
        return "waiting"
    DealSet.objects.filter(pk=deal_set_id, status=DealSet.Status.RUNNING).update(status=DealSet.Status.ASSEMBLING)
    store = _storage()
    folder = f"{_job_dir(deal_set_id)}/files-{secrets.token_hex(6)}"
    written: list[DealSetFile] = []
    try:
        for code in outputs_of(deal_set):
            name = file_name(deal_set, code)
            stored, size, sha256 = _assemble_one(store, f"{folder}/{name}", _pieces(deal_set, code))
            written.append(DealSetFile(deal_set=deal_set, output=code, name=name, storage_name=stored,
                                       size=size, sha256=sha256))
            if _job_stopped(deal_set_id):
                raise _Stopped
        with transaction.atomic():
            locked = DealSet.objects.select_for_update().get(pk=deal_set_id)
            if locked.status != DealSet.Status.ASSEMBLING:
                raise _Stopped
            DealSetFile.objects.bulk_create(written)
            locked.status = DealSet.Status.DONE
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "finished_at"])
    except _Stopped:
        _delete_quietly(store, [f.storage_name for f in written])
        _delete_tree(store, folder)
        return DealSet.objects.get(pk=deal_set_id).status
    except BaseException:
        _delete_quietly(store, [f.storage_name for f in written])
        raise
    _delete_tree(store, _job_dir(deal_set_id), keep=folder)
    logger.info("deal set %s published: %s", deal_set_id, ", ".join(f"{f.name} {f.sha256}" for f in written))
    return DealSet.Status.DONE


# --- cancel, fail, resume, clean up -----------------------------------------------------------


@transaction.atomic
def deal_set_cancel(*, deal_set: DealSet, user) -> DealSet:
    """Stop a queued or running job: workers notice within a second or two, nothing gets published."""
    if not can_direct(user, deal_set.club):
        raise PermissionDenied(_("Only the club's directors may cancel its deal sets."))
    stopped = DealSet.objects.filter(pk=deal_set.pk, status__in=DealSet.ACTIVE).update(
        status=DealSet.Status.CANCELLED, finished_at=timezone.now())
    deal_set.refresh_from_db()
    if not stopped:
        raise DealingError(_("This deal set is %(status)s; only a queued or running one can be cancelled.")
                           % {"status": deal_set.get_status_display().lower()}, field="status")
    deal_set.chunks.filter(status=DealSetChunk.Status.PENDING).update(status=DealSetChunk.Status.STOPPED)
    deal_set_cleanup_task.apply_async_on_commit((deal_set.pk,), queue=settings.DEAL_SET_DEALING_QUEUE, countdown=3)
    logger.info("deal set %s cancelled by %s", deal_set.pk, user)
    return deal_set


def deal_set_fail(*, deal_set_id: int, message: str) -> None:
    """A chunk failed for good: the job stops with the message; it can be resumed."""
    DealSet.objects.filter(pk=deal_set_id, status__in=DealSet.ACTIVE).update(
        status=DealSet.Status.FAILED, error=str(message)[:2000], finished_at=timezone.now())


def deal_set_is_stalled(deal_set: DealSet) -> bool:
    """Running, but no worker has touched any chunk for STALLED_AFTER seconds (its workers are gone)."""
    if deal_set.status not in (DealSet.Status.RUNNING, DealSet.Status.ASSEMBLING):
        return False
    since = timezone.now() - timezone.timedelta(seconds=STALLED_AFTER)
    if deal_set.started_at and deal_set.started_at > since:
        return False
    return not deal_set.chunks.filter(Q(heartbeat_at__gt=since) | Q(finished_at__gt=since)).exists()


@transaction.atomic
def deal_set_resume(*, deal_set: DealSet, user) -> DealSet:
    """Queue again what a failed or stalled job has not finished; finished chunks are kept."""
    if not can_direct(user, deal_set.club):
        raise PermissionDenied(_("Only the club's directors may resume its deal sets."))
    deal_set = DealSet.objects.select_for_update().get(pk=deal_set.pk)
    if deal_set.status != DealSet.Status.FAILED and not deal_set_is_stalled(deal_set):
        raise DealingError(_("Only a failed or stalled deal set can be resumed; this one is %(status)s.")
                           % {"status": deal_set.get_status_display().lower()}, field="status")
    deal_set.chunks.exclude(status=DealSetChunk.Status.DONE).update(status=DealSetChunk.Status.PENDING, done=0)
    deal_set.status = DealSet.Status.RUNNING
    deal_set.error = ""
    deal_set.finished_at = None
    deal_set.save(update_fields=["status", "error", "finished_at"])
    deal_set_start_task.apply_async_on_commit((deal_set.pk,), queue=settings.DEAL_SET_DEALING_QUEUE)
    return deal_set


def deal_set_cleanup(*, deal_set_id: int) -> int:
    """Delete every stored file of a cancelled or failed job (its parts and any unpublished file)."""
    deal_set = DealSet.objects.filter(pk=deal_set_id).first()
    if deal_set is not None and deal_set.status not in (DealSet.Status.CANCELLED, DealSet.Status.FAILED):
        return 0
    return _delete_tree(_storage(), _job_dir(deal_set_id))


def _delete_quietly(store, names: Iterable[str]) -> None:
    for name in names:
        try:
            store.delete(name)
        except OSError:
            pass


def _delete_tree(store, folder: str, keep: str | None = None) -> int:
    """Delete the files under ``folder`` (except under ``keep``), and the emptied folders."""
    deleted = 0
    try:
        folders, names = store.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return 0
    for sub in folders:
        path = f"{folder}/{sub}"
        if keep is None or (path != keep and not keep.startswith(path + "/")):
            deleted += _delete_tree(store, path)
        elif keep.startswith(path + "/"):
            deleted += _delete_tree(store, path, keep)
    for name in names:
        _delete_quietly(store, [f"{folder}/{name}"])
        deleted += 1
    if keep is None or not keep.startswith(folder + "/"):
        _delete_quietly(store, [folder])
    return deleted

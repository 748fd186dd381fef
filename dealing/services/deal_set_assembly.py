"""Assembling a deal-set job's files alongside its chunks, with their SHA-256, and publishing them.

Part of the deal-set service (:mod:`dealing.services.deal_sets` is the entry point and queues the
assembler; :mod:`dealing.services.deal_set_chunks` runs chunks; part names and outputs are in
:mod:`dealing.services.deal_set_parts`).

**Why alongside.** A file's SHA-256 is sequential: one process must read the whole file, in
order. Done after the chunks, that pass (and the copy of every part into the file) is a serial
tail that no number of workers shortens. So for a job without analysis the assembler is queued
*before* the chunks; the first dealing worker free takes it and walks the job's dealing chunks in
order (:func:`_walk`):

* a finished chunk's parts are appended to the output files and hashed at once;
* a chunk nobody has started, it claims and deals itself (chunks are deterministic and
  idempotent, so this work stealing is safe; when a worker reaches that chunk's own message, it
  finds the chunk claimed or done and does nothing);
* a chunk running elsewhere it leaves to its worker and meanwhile deals the lowest chunk nobody
  has started; when nothing is left to take, it waits for the running ones, and takes over one
  whose heartbeat stopped (its worker died).

Joining and hashing thus happen while the other processes deal, the assembler's process does its
share of the chunks between appends, one process alone does the whole job (no deadlock, no wait
for a chord), and with P processes the only serial tail is the append of the last part.

With analysis the assembler is the chord's callback instead: analysis chunks run on their own
queue, often on other machines, for hours, and a dealing process must not sit waiting for them.
It then finds every chunk done and only appends (still taking over any dealing chunk left
behind, and queueing again any chunk whose part was lost).

**One assembler at a time.** The assembler holds a lease on the job (``DealSet.assembler``, a
random token, renewed about every 0.5 s). A second copy of the task (a duplicate delivery, or the
broker handing out a message unacknowledged for ``CELERY_VISIBILITY_TIMEOUT``) finds the lease
fresh and tries again later (``"busy"``); once the lease is :data:`HEARTBEAT_LOST` seconds old
(its worker died) the next copy takes it over and starts again from the parts. An assembler that
lost its lease stops at its next renewal; publication checks the lease and the job's state.

**Storage.** On a file-system storage each file is put together under a temporary name beside
its place, parts read through one 1 MB buffer that is hashed and appended, and ``save`` moves it
into place in one rename. Any other storage (an S3-compatible store) gets the chunks made first
(stealing as above), then each file streamed to ``save`` in 4 MB blocks, hashed on the way.
Nothing is listed or downloadable until the :class:`~dealing.models.DealSetFile` rows are written,
in one transaction that first checks the job is still being assembled by this assembler.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import logging
import os
import queue
import threading
import time
import uuid
from collections.abc import Callable

from django.core.files import File
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from dealing.domain import streaming
from dealing.models import DealSet, DealSetChunk, DealSetFile
from dealing.services.deal_set_chunks import (
    HEARTBEAT_LOST,
    PROGRESS_EVERY,
    Stopped,
    claim,
    claim_free,
    deal_claimed_chunk,
    next_free_chunk,
)
from dealing.services.deal_set_parts import (
    ANALYSIS_HEADER,
    GZIP_LEVEL,
    OUTPUTS,
    deal_codes,
    delete_quietly,
    delete_tree,
    file_name,
    is_local,
    job_dir,
    outputs_of,
    part_name,
    parts_present,
    storage,
)

logger = logging.getLogger(__name__)

POLL_FIRST, POLL_MAX = 0.005, 0.05  # seconds between looks at chunks running elsewhere (doubling)


class PartLost(Exception):
    """A finished chunk's part is missing or not the size the chunk recorded: the chunk must run again."""

    def __init__(self, chunk: DealSetChunk):
        super().__init__(str(chunk))
        self.chunk = chunk


class _Waiting(Exception):
    """Analysis chunks are still to come (or to run again): the task tries again a little later."""


class Lease:
    """The assembler's claim on a job: a random token in ``DealSet.assembler``, renewed while it works."""

    def __init__(self, deal_set_id: int):
        self.deal_set_id = deal_set_id
        self.token = uuid.uuid4().hex
        self.last = 0.0

    def take(self) -> bool:
        now = timezone.now()
        lost = now - timezone.timedelta(seconds=HEARTBEAT_LOST)
        taken = DealSet.objects.filter(
            Q(assembler="") | Q(assembler_seen_at__isnull=True) | Q(assembler_seen_at__lt=lost),
            pk=self.deal_set_id,
            status__in=[DealSet.Status.RUNNING, DealSet.Status.ASSEMBLING],
        ).update(assembler=self.token, assembler_seen_at=now)
        self.last = time.monotonic()
        return taken == 1

    def renew(self, *, force: bool = False) -> None:
        """Say we are still at it (at most every 0.5 s); :class:`Stopped` if the job stopped or the lease is gone."""
        if not force and time.monotonic() - self.last < PROGRESS_EVERY:
            return
        self.last = time.monotonic()
        if not DealSet.objects.filter(pk=self.deal_set_id, assembler=self.token, status__in=DealSet.ACTIVE).update(
            assembler_seen_at=timezone.now()
        ):
            raise Stopped

    def release(self) -> None:
        DealSet.objects.filter(pk=self.deal_set_id, assembler=self.token).update(assembler="", assembler_seen_at=None)


# --- where the files grow ----------------------------------------------------------------------


class _LocalFiles:
    """The job's files growing beside their places in a file-system storage, hashed as parts are appended."""

    BLOCK = 1 << 20

    def __init__(self, store, folder: str, heads: dict[str, bytes]):
        self.store, self.folder, self.heads = store, folder, heads
        self.buffer = bytearray(self.BLOCK)
        self.view = memoryview(self.buffer)
        self.files: dict[str, dict] = {}

    def open(self, names: dict[str, str]) -> None:
        for code, name in names.items():
            final = self.store.path(f"{self.folder}/{name}")
            os.makedirs(os.path.dirname(final), exist_ok=True)
            temp = f"{final}.tmp-{uuid.uuid4().hex}"
            self.files[code] = {
                "name": f"{self.folder}/{name}",
                "temp": temp,
                "handle": open(temp, "wb", buffering=0),
                "sha256": hashlib.sha256(),
                "size": 0,
            }
            self._write(code, memoryview(self.heads[code]))

    def _write(self, code: str, data: memoryview) -> None:
        growing = self.files[code]
        growing["sha256"].update(data)
        handle, written = growing["handle"], 0
        while written < len(data):
            written += handle.write(data[written:])
        growing["size"] += len(data)

    def append(self, deal_set_id: int, chunk: DealSetChunk, codes: list[str]) -> None:
        """Append the chunk's part of each output, after checking that every one is there whole."""
        sources = []
        try:
            for code in codes:
                try:
                    source = open(self.store.path(part_name(deal_set_id, code, chunk.index)), "rb", buffering=0)
                except FileNotFoundError:
                    raise PartLost(chunk) from None
                sources.append((code, source))
                if os.fstat(source.fileno()).st_size != chunk.part_sizes.get(code):
                    raise PartLost(chunk)
            for code, source in sources:
                expected = self.files[code]["size"] + chunk.part_sizes[code]
                while n := source.readinto(self.buffer):
                    self._write(code, self.view[:n])
                if self.files[code]["size"] != expected:
                    raise OSError(f"part {chunk.index} of {code} changed while it was read")
        finally:
            for _, source in sources:
                source.close()

    def finish(self, renew: Callable[[], None]) -> list[tuple[str, str, int, str]]:
        """Move every file into its place; returns (output, stored name, size, SHA-256) for each."""
        done = []
        for code, growing in self.files.items():
            growing["handle"].close()
            with open(growing["temp"], "rb") as handle:
                stored = self.store.save(
                    growing["name"], _LocalAssembly(handle, name=os.path.basename(growing["name"]))
                )
            growing["stored"] = stored
            done.append((code, stored, growing["size"], growing["sha256"].hexdigest()))
            renew()
        return done

    def discard(self) -> None:
        for growing in self.files.values():
            growing["handle"].close()
            for path in (growing["temp"], *([self.store.path(growing["stored"])] if "stored" in growing else [])):
                try:
                    os.unlink(path)
                except FileNotFoundError:
                    pass


class _LocalAssembly(File):
    """A file already assembled next to its place in a file-system storage: ``save`` moves it in."""

    def temporary_file_path(self) -> str:
        return self.file.name


class _StreamedFiles:
    """Any other storage (an object store): parts are checked as chunks finish, files streamed at the end."""

    def __init__(self, store, folder: str, heads: dict[str, bytes]):
        self.store, self.folder, self.heads = store, folder, heads
        self.pieces: dict[str, list[bytes | str]] = {}
        self.names: dict[str, str] = {}
        self.stored: list[str] = []

    def open(self, names: dict[str, str]) -> None:
        self.names = names
        self.pieces = {code: [self.heads[code]] for code in names}

    def append(self, deal_set_id: int, chunk: DealSetChunk, codes: list[str]) -> None:
        if not parts_present(self.store, deal_set_id, chunk, codes):
            raise PartLost(chunk)
        for code in codes:
            self.pieces[code].append(part_name(deal_set_id, code, chunk.index))

    def finish(self, renew: Callable[[], None]) -> list[tuple[str, str, int, str]]:
        done = []
        for code, name in self.names.items():
            reader = _Concatenation(self.store, self.pieces[code], renew)
            try:
                stored = self.store.save(f"{self.folder}/{name}", _AssembledFile(reader, name=name))
            finally:
                reader.close()
            self.stored.append(stored)
            done.append((code, stored, reader.size, reader.sha256.hexdigest()))
        return done

    def discard(self) -> None:
        delete_quietly(self.store, self.stored)


class _Concatenation:
    """A read-only stream of byte strings and stored parts, one after another, hashed as it goes.

    A reader thread opens the parts in order, reads 4 MB blocks and feeds them to SHA-256 (which
    releases the GIL) while the storage writes the previous blocks; at most ``AHEAD`` blocks wait
    in memory. ``renew`` (the lease) is called from the thread that reads, about every 0.5 s.
    """

    BLOCK = 4 << 20
    AHEAD = 4

    def __init__(self, store, pieces: list[bytes | str], renew: Callable[[], None] | None = None):
        self.store = store
        self.renew = renew
        self.owner = threading.current_thread()
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
        if self.renew is not None and threading.current_thread() is self.owner:
            self.renew()
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


def _heads(deal_set: DealSet) -> dict[str, bytes]:
    """What each file starts with, before the first part: a header (gzip-compressed for pbn-gz)."""
    heads = {}
    for code in outputs_of(deal_set):
        output = OUTPUTS[code]
        if code == "analysis":
            heads[code] = ANALYSIS_HEADER
            continue
        head = streaming.header(output.stream, deal_set.label)
        heads[code] = gzip.compress(head, compresslevel=GZIP_LEVEL, mtime=0) if output.gzip and head else head
    return heads


# --- the walk through the chunks ----------------------------------------------------------------


def _reopen(chunk: DealSetChunk) -> None:
    """A finished chunk whose part was lost is to be made again."""
    logger.warning("deal set %s: chunk %s lost its part; making it again", chunk.deal_set_id, chunk)
    DealSetChunk.objects.filter(pk=chunk.pk, status=DealSetChunk.Status.DONE).update(
        status=DealSetChunk.Status.PENDING, done=0, part_sizes={}
    )


def _walk(deal_set: DealSet, lease: Lease, worker: str, files) -> None:
    """Append the job's dealing chunks to ``files`` in order, each as soon as it is done, dealing
    the chunks nobody has started and taking over those whose worker stopped beating."""
    codes = deal_codes(deal_set)
    chunk_ids = list(deal_set.chunks.filter(kind=DealSetChunk.Kind.DEAL).order_by("index").values_list("pk", flat=True))
    position, pause = 0, POLL_FIRST
    while position < len(chunk_ids):
        lease.renew()
        head = DealSetChunk.objects.get(pk=chunk_ids[position])
        if head.status != DealSetChunk.Status.DONE:
            chunk = head if claim_free(head, worker) else _take_another(deal_set, head, worker)
            if chunk is None:
                time.sleep(pause)  # every chunk from the head on is running elsewhere
                pause = min(2 * pause, POLL_MAX)
                continue
            if not deal_claimed_chunk(deal_set, chunk, also=lease.renew):
                raise Stopped
            pause = POLL_FIRST
            if chunk.pk != head.pk:
                continue
            head = chunk  # just made here: append it without asking again
        try:
            files.append(deal_set.pk, head, codes)
        except PartLost:
            _reopen(head)
            continue
        position, pause = position + 1, POLL_FIRST


def _take_another(deal_set: DealSet, head: DealSetChunk, worker: str) -> DealSetChunk | None:
    """Claim the lowest waiting chunk after the head; failing that, one whose worker stopped beating."""
    after = head.index
    while (chunk := next_free_chunk(deal_set.pk, after=after)) is not None:
        if claim(chunk, worker):
            return chunk
        after = chunk.index  # someone was quicker
    for chunk in (
        deal_set.chunks.filter(kind=DealSetChunk.Kind.DEAL, index__gt=head.index)
        .exclude(status=DealSetChunk.Status.DONE)
        .order_by("index")
    ):
        if claim_free(chunk, worker):
            return chunk
    return None


def _analysis_ready(deal_set: DealSet, store) -> bool:
    """Every analysis chunk is done with its part stored; chunks whose part was lost are queued again."""
    # at call time: dealing.services.deal_sets imports this module
    from dealing.services.deal_sets import requeue_chunks

    chunks = list(deal_set.chunks.filter(kind=DealSetChunk.Kind.ANALYSIS))
    if any(chunk.status != DealSetChunk.Status.DONE for chunk in chunks):
        return False
    lost = [chunk for chunk in chunks if not parts_present(store, deal_set.pk, chunk, ["analysis"])]
    if lost:
        for chunk in lost:
            _reopen(chunk)
        requeue_chunks(deal_set.pk, lost)
        return False
    return True


def deal_set_assemble(*, deal_set_id: int, worker: str = "") -> str:
    """Assemble and publish the job's files, dealing whatever chunks nobody has started.

    Returns the job's status after the call, or ``"busy"`` (another assembler holds the job's
    lease) or ``"waiting"`` (analysis chunks are still to come): the task then tries again a
    little later. Safe to run twice, even at once: one holds the lease, the other waits.
    """
    deal_set = DealSet.objects.select_related("club").filter(pk=deal_set_id).first()
    if deal_set is None or deal_set.status not in (DealSet.Status.RUNNING, DealSet.Status.ASSEMBLING):
        return deal_set.status if deal_set else "gone"
    lease = Lease(deal_set_id)
    if not lease.take():
        return "busy"
    try:
        return _assemble(deal_set, lease, worker)
    finally:
        lease.release()


def _assemble(deal_set: DealSet, lease: Lease, worker: str) -> str:
    store = storage()
    if deal_set.analysis and not _analysis_ready(deal_set, store):
        return "waiting"
    folder = f"{job_dir(deal_set.pk)}/files-{lease.token[:12]}"
    files = (_LocalFiles if is_local(store) else _StreamedFiles)(store, folder, _heads(deal_set))
    try:
        files.open({code: file_name(deal_set, code) for code in outputs_of(deal_set)})
        _walk(deal_set, lease, f"{worker} (assembler)", files)
        if deal_set.analysis:
            for chunk in deal_set.chunks.filter(kind=DealSetChunk.Kind.ANALYSIS).order_by("index"):
                try:
                    files.append(deal_set.pk, chunk, ["analysis"])
                except PartLost:
                    _analysis_ready(deal_set, store)  # queues it again
                    raise _Waiting from None
                lease.renew()
        DealSet.objects.filter(pk=deal_set.pk, status=DealSet.Status.RUNNING).update(status=DealSet.Status.ASSEMBLING)
        lease.renew(force=True)
        written = [
            DealSetFile(
                deal_set=deal_set,
                output=code,
                name=file_name(deal_set, code),
                storage_name=stored,
                size=size,
                sha256=sha256,
            )
            for code, stored, size, sha256 in files.finish(lease.renew)
        ]
        with transaction.atomic():
            locked = DealSet.objects.select_for_update().get(pk=deal_set.pk)
            if locked.status != DealSet.Status.ASSEMBLING or locked.assembler != lease.token:
                raise Stopped
            DealSetFile.objects.bulk_create(written)
            locked.status = DealSet.Status.DONE
            locked.finished_at = timezone.now()
            locked.assembler, locked.assembler_seen_at = "", None
            locked.save(update_fields=["status", "finished_at", "assembler", "assembler_seen_at"])
    except (Stopped, _Waiting) as stop:
        files.discard()
        delete_tree(store, folder)
        return "waiting" if isinstance(stop, _Waiting) else DealSet.objects.get(pk=deal_set.pk).status
    except BaseException:
        files.discard()
        delete_tree(store, folder)
        raise
    delete_tree(store, job_dir(deal_set.pk), keep=folder)  # the parts, and anything a dead assembler left
    logger.info("deal set %s published: %s", deal_set.pk, ", ".join(f"{f.name} {f.sha256}" for f in written))
    return DealSet.Status.DONE

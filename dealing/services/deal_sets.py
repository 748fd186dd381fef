"""Deal-set jobs: check and store a request, queue it, cancel, fail, resume and clean up — the entry point.

A job (``dealing.models.deal_set``) is N deals (1 … 100,000,000) from one key, in chosen output
formats, optionally with double-dummy analysis. It is cut once, when it is made, into dealing
chunks (whole gzip members: big ones, then smaller towards the end, :func:`deal_chunk_bounds`) and,
with analysis, smaller
analysis chunks; deal *i* depends only on the key, the label and *i*, so whoever runs a chunk,
and however often, it writes the same bytes. The service is split by what happens to a job:

* here — :func:`deal_set_create` (bad input raises :class:`~dealing.domain.errors.DealingError`
  and nothing is stored or queued), :func:`deal_set_dispatch` (what goes to the workers, in
  which order), :func:`deal_set_cancel`, :func:`deal_set_fail`, :func:`deal_set_resume`,
  :func:`deal_set_is_stalled`, :func:`deal_set_cleanup`;
* :mod:`dealing.services.deal_set_chunks` — running a chunk (:func:`deal_set_chunk_run`,
  :func:`deal_set_analysis_chunk_run`): claim it, stream it into its parts, mark it done;
* :mod:`dealing.services.deal_set_assembly` — :func:`deal_set_assemble`: the parts joined, in
  order, into one file per output while the chunks are still being dealt, hashed (SHA-256) on
  the way, and published in one transaction;
* :mod:`dealing.services.deal_set_parts` — the outputs, part names and whole-or-absent part files.

Tasks are ``acks_late``: a worker that dies (SIGKILL, a lost machine) leaves its message
unacknowledged and the broker hands it to another worker (at once for a lost pool process,
``reject_on_worker_lost``; after ``CELERY_VISIBILITY_TIMEOUT`` for a lost machine); a dealing
chunk whose worker stopped beating is taken over by the assembler within seconds.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable

from celery import chord
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables

from clubs.models import Club
from clubs.permissions import can_direct
from clubs.selectors import clubs_directed_by
from dealing.domain import commitment as commitment_domain
from dealing.domain import generator
from dealing.domain.errors import DealingError
from dealing.models import Commitment, DealSet, DealSetChunk
from dealing.services.deal_set_assembly import deal_set_assemble
from dealing.services.deal_set_chunks import (
    DEAL_STEP,
    HEARTBEAT_LOST,
    analyse_range,
    analysis_rows,
    deal_set_analysis_chunk_run,
    deal_set_chunk_run,
    peak_memory_kb,
)
from dealing.services.deal_set_parts import (
    ANALYSIS_HEADER,
    DEAL_OUTPUTS,
    GZIP_LEVEL,
    GZIP_MEMBER_DEALS,
    OUTPUTS,
    Output,
    delete_tree,
    file_name,
    job_dir,
    outputs_of,
    part_name,
    storage,
)
from dealing.tasks.deal_sets import (
    deal_set_analysis_chunk_task,
    deal_set_assemble_task,
    deal_set_chunk_task,
    deal_set_cleanup_task,
    deal_set_start_task,
)

__all__ = [
    # requests and the job's life
    "deal_set_create",
    "deal_set_dispatch",
    "deal_set_cancel",
    "deal_set_fail",
    "deal_set_resume",
    "deal_set_is_stalled",
    "deal_set_cleanup",
    "requeue_chunks",
    "usable_commitments",
    "check_count",
    "check_formats",
    "check_label",
    "deal_chunk_size",
    "deal_chunk_bounds",
    "analysis_chunk_size",
    # the work, from the modules that do it
    "deal_set_chunk_run",
    "deal_set_analysis_chunk_run",
    "deal_set_assemble",
    "analyse_range",
    "analysis_rows",
    "peak_memory_kb",
    "DEAL_STEP",
    "HEARTBEAT_LOST",
    # outputs and names
    "Output",
    "OUTPUTS",
    "DEAL_OUTPUTS",
    "ANALYSIS_HEADER",
    "GZIP_MEMBER_DEALS",
    "GZIP_LEVEL",
    "outputs_of",
    "file_name",
    "part_name",
    "job_dir",
    "storage",
    "MAX_DEALS",
]

logger = logging.getLogger(__name__)

MAX_DEALS = 100_000_000
DEFAULT_LABEL = "deal-set"
MAX_LABEL = 100
TARGET_DEAL_CHUNKS = 48  # big dealing chunks aimed at per job (more for very large N: at most 2^20 deals each)
DEAL_CHUNK_UNIT = 65_536  # big dealing chunks are multiples of this (four gzip members) …
MAX_DEAL_CHUNK_UNITS = 16  # … up to 1,048,576 deals
GUIDE = 16  # towards the end of a job, a dealing chunk is at most 1/GUIDE of the deals left
TARGET_ANALYSIS_CHUNKS = 4096
MIN_ANALYSIS_CHUNK = 4  # small chunks even out hard and easy deals between workers
MAX_ANALYSIS_CHUNK = 4000  # about 10–20 minutes of DDS: well inside the broker's visibility timeout
STALLED_AFTER = 300  # seconds without any chunk's or the assembler's heartbeat before a running job may be resumed


# --- sizes -------------------------------------------------------------------------------


def deal_chunk_size(count: int) -> int:
    """Deals in the job's big dealing chunks: about TARGET_DEAL_CHUNKS of them, 65,536 … 1,048,576 deals."""
    units = -(-count // (DEAL_CHUNK_UNIT * TARGET_DEAL_CHUNKS))
    return DEAL_CHUNK_UNIT * min(max(units, 1), MAX_DEAL_CHUNK_UNITS)


def deal_chunk_bounds(count: int) -> list[tuple[int, int]]:
    """``(start, count)`` of each dealing chunk: big chunks, then smaller ones towards the end.

    Guided self-scheduling: a chunk is at most 1/GUIDE of the deals still to cut (rounded up to
    whole gzip members), so the last chunks are single members (16,384 deals, a few hundredths of
    a second) and the worker processes finish together instead of one waiting for another's big
    last chunk. Every boundary is a multiple of GZIP_MEMBER_DEALS, so pbn-gz parts hold whole members.

    >>> [n for _, n in deal_chunk_bounds(200_000)][:3], len(deal_chunk_bounds(200_000))
    ([16384, 16384, 16384], 13)
    >>> sizes = [n for _, n in deal_chunk_bounds(2_000_000)]
    >>> sizes[0], sizes[-2], len(sizes), sum(sizes)
    (65536, 16384, 48, 2000000)
    """
    size = deal_chunk_size(count)
    bounds, start = [], 0
    while start < count:
        left = count - start
        members = -(-left // (GUIDE * GZIP_MEMBER_DEALS))
        n = min(size, members * GZIP_MEMBER_DEALS, left)
        bounds.append((start, n))
        start += n
    return bounds


def analysis_chunk_size(count: int) -> int:
    return min(max(MIN_ANALYSIS_CHUNK, -(-count // TARGET_ANALYSIS_CHUNKS)), MAX_ANALYSIS_CHUNK)


# --- checking a request ------------------------------------------------------------------


def check_count(count) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        try:
            count = int(str(count).strip().replace(",", "").replace("_", ""))
        except ValueError:
            raise DealingError(
                _("The number of deals must be a whole number, not %(value)r.") % {"value": count}, field="count"
            ) from None
    if not 1 <= count <= MAX_DEALS:
        raise DealingError(
            _("A deal set has 1 … 100,000,000 deals, not %(count)s.") % {"count": f"{count:,}"}, field="count"
        )
    return count


def check_formats(formats: Iterable[str]) -> list[str]:
    if isinstance(formats, str):
        formats = [part for part in re.split(r"[,\s]+", formats) if part]
    chosen = [str(code).strip().lower() for code in formats]
    for code in chosen:
        if code not in DEAL_OUTPUTS:
            raise DealingError(
                _("Unknown format %(format)r: choose from %(known)s.")
                % {"format": code, "known": ", ".join(DEAL_OUTPUTS)},
                field="formats",
            )
    if not chosen:
        raise DealingError(
            _("Choose at least one format (%(known)s).") % {"known": ", ".join(DEAL_OUTPUTS)}, field="formats"
        )
    return [code for code in DEAL_OUTPUTS if code in chosen]


def check_label(label: str) -> str:
    text = " ".join(str(label or "").split())
    if not text:
        return DEFAULT_LABEL
    if len(text) > MAX_LABEL:
        raise DealingError(
            _("A label is at most %(max)d characters, not %(n)d.") % {"max": MAX_LABEL, "n": len(text)}, field="label"
        )
    generator.check_label(text)
    return text


def usable_commitments(user, club: Club | None = None):
    """Commitments whose dealing key a director may use: their own clubs', published, delayed value known."""
    clubs = clubs_directed_by(user)
    if club is not None:
        clubs = clubs.filter(pk=club.pk)
    return (
        Commitment.objects.filter(club__in=clubs)
        .exclude(status=Commitment.Status.DRAFT)
        .exclude(delayed_value="")
        .select_related("club")
    )


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
            raise DealingError(
                _("Commitment %(id)s is not one of %(club)s's commitments.") % {"id": commitment_id, "club": club.name},
                field="commitment",
            )
        if found.is_draft:
            raise DealingError(
                _("Commitment %(id)s is a draft: publish it and enter its delayed value first.")
                % {"id": commitment_id},
                field="commitment",
            )
        if not found.has_dv:
            raise DealingError(
                _("Commitment %(id)s cannot deal yet: its delayed value is not known.") % {"id": commitment_id},
                field="commitment",
            )
        if label in {entry.label for entry in found.entries.all()}:
            raise DealingError(
                _(
                    "The label %(label)r is a session of this commitment; a deal set must use "
                    "another label, or it would show that session's deals."
                )
                % {"label": label},
                field="label",
            )
        revealed = commitment_domain.RevealedCommitment(found.record(), found.delayed_value)
        return DealSet.KeySource.COMMITMENT, revealed.dealing_key(), found
    if key_hex:
        return DealSet.KeySource.GIVEN, generator.parse_key(key_hex), None
    return DealSet.KeySource.NEW, generator.new_key(), None


# --- writes ------------------------------------------------------------------------------


@sensitive_variables("key", "key_hex")
@transaction.atomic
def deal_set_create(
    *, user, club: Club, count, formats, analysis: bool = False, label: str = "", key_hex: str = "", commitment=None
) -> DealSet:
    """Check a request, store the job and its chunks, and queue it when the transaction commits.

    Bad input raises :class:`DealingError` (``field`` names the input); nothing is stored or queued.
    """
    if not can_direct(user, club):
        raise PermissionDenied(_("Only the club's directors may make deal sets."))
    count = check_count(count)
    formats = check_formats(formats)
    label = check_label(label)
    source, key, found = _key_for(
        user=user, club=club, key_hex=(key_hex or "").strip(), commitment=commitment, label=label
    )
    deal_set = DealSet.objects.create(
        club=club,
        created_by=user,
        label=label,
        count=count,
        formats=formats,
        analysis=bool(analysis),
        key_source=source,
        secret_key=key,
        commitment=found,
        key_fingerprint=hashlib.sha256(key).hexdigest()[:16],
        deal_chunk_size=deal_chunk_size(count),
        analysis_chunk_size=analysis_chunk_size(count) if analysis else 0,
    )
    rows = [
        DealSetChunk(deal_set=deal_set, kind=DealSetChunk.Kind.DEAL, index=k, start=start, count=n)
        for k, (start, n) in enumerate(deal_chunk_bounds(count))
    ]
    if analysis:
        rows += [
            DealSetChunk(
                deal_set=deal_set,
                kind=DealSetChunk.Kind.ANALYSIS,
                index=k,
                start=start,
                count=min(deal_set.analysis_chunk_size, count - start),
            )
            for k, start in enumerate(range(0, count, deal_set.analysis_chunk_size))
        ]
    DealSetChunk.objects.bulk_create(rows, batch_size=2000)
    deal_set_start_task.apply_async_on_commit((deal_set.pk,), queue=settings.DEAL_SET_DEALING_QUEUE)
    logger.info(
        "deal set %s: %d deals, %s%s, requested by %s",
        deal_set.pk,
        count,
        ",".join(formats),
        " + analysis" if analysis else "",
        user,
    )
    return deal_set


def deal_set_dispatch(*, deal_set_id: int) -> int:
    """Send the job's unfinished chunks to the workers, with the assembler; returns the chunks sent.

    Without analysis the assembler goes first, so it starts at once and joins parts while the
    chunks are dealt (:mod:`~dealing.services.deal_set_assembly`), then one message per dealing
    chunk, in order, for the other worker processes. With analysis the chunks go out as a chord
    whose callback is the assembler: analysis runs on its own queue and takes long, and no
    dealing process should wait for it.
    """
    deal_set = DealSet.objects.filter(
        pk=deal_set_id, status__in=[DealSet.Status.QUEUED, DealSet.Status.RUNNING]
    ).first()
    if deal_set is None:
        return 0
    DealSet.objects.filter(pk=deal_set_id, status=DealSet.Status.QUEUED).update(
        status=DealSet.Status.RUNNING, started_at=timezone.now()
    )
    chunks = list(deal_set.chunks.exclude(status=DealSetChunk.Status.DONE).order_by("kind", "index"))
    assemble = deal_set_assemble_task.si(deal_set_id).set(queue=settings.DEAL_SET_DEALING_QUEUE)
    if not deal_set.analysis:
        assemble.apply_async()
        requeue_chunks(deal_set_id, chunks)
    elif chunks:
        chord([_chunk_signature(deal_set_id, chunk) for chunk in chunks])(assemble)
    else:
        assemble.apply_async()
    return len(chunks)


def _chunk_signature(deal_set_id: int, chunk: DealSetChunk):
    if chunk.kind == DealSetChunk.Kind.DEAL:
        return deal_set_chunk_task.si(deal_set_id, chunk.index).set(queue=settings.DEAL_SET_DEALING_QUEUE)
    return deal_set_analysis_chunk_task.si(deal_set_id, chunk.index).set(queue=settings.DEAL_SET_ANALYSIS_QUEUE)


def requeue_chunks(deal_set_id: int, chunks: Iterable[DealSetChunk]) -> None:
    """Queue a task for each chunk, on its queue, in the order given."""
    for chunk in chunks:
        _chunk_signature(deal_set_id, chunk).apply_async()


# --- cancel, fail, resume, clean up -----------------------------------------------------------


@transaction.atomic
def deal_set_cancel(*, deal_set: DealSet, user) -> DealSet:
    """Stop a queued or running job: workers notice within a second or two, nothing gets published."""
    if not can_direct(user, deal_set.club):
        raise PermissionDenied(_("Only the club's directors may cancel its deal sets."))
    stopped = DealSet.objects.filter(pk=deal_set.pk, status__in=DealSet.ACTIVE).update(
        status=DealSet.Status.CANCELLED, finished_at=timezone.now()
    )
    deal_set.refresh_from_db()
    if not stopped:
        raise DealingError(
            _("This deal set is %(status)s; only a queued or running one can be cancelled.")
            % {"status": deal_set.get_status_display().lower()},
            field="status",
        )
    deal_set.chunks.filter(status=DealSetChunk.Status.PENDING).update(status=DealSetChunk.Status.STOPPED)
    deal_set_cleanup_task.apply_async_on_commit((deal_set.pk,), queue=settings.DEAL_SET_DEALING_QUEUE, countdown=3)
    logger.info("deal set %s cancelled by %s", deal_set.pk, user)
    return deal_set


def deal_set_fail(*, deal_set_id: int, message: str) -> None:
    """A chunk failed for good: the job stops with the message; it can be resumed."""
    DealSet.objects.filter(pk=deal_set_id, status__in=DealSet.ACTIVE).update(
        status=DealSet.Status.FAILED, error=str(message)[:2000], finished_at=timezone.now()
    )


def deal_set_is_stalled(deal_set: DealSet) -> bool:
    """Running, but no worker has touched any chunk for STALLED_AFTER seconds (its workers are gone)."""
    if deal_set.status not in (DealSet.Status.RUNNING, DealSet.Status.ASSEMBLING):
        return False
    since = timezone.now() - timezone.timedelta(seconds=STALLED_AFTER)
    if deal_set.started_at and deal_set.started_at > since:
        return False
    if deal_set.assembler_seen_at and deal_set.assembler_seen_at > since:
        return False
    return not deal_set.chunks.filter(Q(heartbeat_at__gt=since) | Q(finished_at__gt=since)).exists()


@transaction.atomic
def deal_set_resume(*, deal_set: DealSet, user) -> DealSet:
    """Queue again what a failed or stalled job has not finished; finished chunks are kept."""
    if not can_direct(user, deal_set.club):
        raise PermissionDenied(_("Only the club's directors may resume its deal sets."))
    deal_set = DealSet.objects.select_for_update().get(pk=deal_set.pk)
    if deal_set.status != DealSet.Status.FAILED and not deal_set_is_stalled(deal_set):
        raise DealingError(
            _("Only a failed or stalled deal set can be resumed; this one is %(status)s.")
            % {"status": deal_set.get_status_display().lower()},
            field="status",
        )
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
    return delete_tree(storage(), job_dir(deal_set_id))

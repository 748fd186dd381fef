"""Every write to an audit of a SquareDeal event: create, add files, remove a file, start, run, copy, delete.

Who: a site auditor or any club's director may create an audit; only its creator (or a site
auditor) changes a draft. A concluded audit is a permanent record: every function here refuses
to change it (``ValidationError``), and so do the models' ``save``/``delete``.

Bad input raises ``ValidationError`` naming the form field, with a message that names the file and
the line or entry (``WBG2024.sqk: line 7: …``, ``OPRR01.pbn: board 5 is here twice …``); nothing of
a refused upload is saved, and nothing already stored changes. An event larger than an audit takes
(:func:`dealing.domain.squaredeal_audit.check_event`: sessions a phase, boards a session, deals in all)
is refused the same way when its files are uploaded, and again when a run is started, before anything
is dealt.

Running: :func:`audit_start` checks the files and the delayed value, marks the audit running and
queues ``audits.tasks.squaredeal_audit_run_task`` (on commit); the worker calls :func:`audit_run`,
which regenerates every session (progress in the audit's row), compares, and concludes the audit
with its verdicts in one transaction. It is safe to run twice: a concluded audit is left alone.
"""

from __future__ import annotations

import datetime
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audits.models import AuditFile, AuditSession, SquareDealAudit
from audits.tasks import squaredeal_audit_run_task
from bridge.errors import BridgeError
from clubs.permissions import is_site_auditor
from clubs.selectors import clubs_directed_by
from clubsite.texts import error_message
from dealing.domain import squaredeal as sq
from dealing.domain import squaredeal_audit as domain
from dealing.domain.errors import DealingError
from dealing.domain.text import Text

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_HAND_RECORD_FILES = 400


@dataclass(frozen=True)
class Upload:
    """An uploaded file: its name (without folders) and bytes."""

    name: str
    data: bytes

    @classmethod
    def of(cls, uploaded) -> Upload:
        """From a Django ``UploadedFile``."""
        return cls(str(uploaded.name).replace("\\", "/").rsplit("/", 1)[-1][:255], uploaded.read())


def can_audit(user) -> bool:
    """Site auditors and the directors of any club may create audits."""
    return is_site_auditor(user) or (getattr(user, "is_authenticated", False) and clubs_directed_by(user).exists())


def can_change(user, audit: SquareDealAudit) -> bool:
    """The audit's creator (or a site auditor) may change it while it is a draft."""
    if not getattr(user, "is_authenticated", False) or audit.is_concluded:
        return False
    return is_site_auditor(user) or (audit.created_by_id == user.pk and can_audit(user))


def _require_can_change(user, audit: SquareDealAudit) -> None:
    if audit.is_concluded:
        raise ValidationError(
            _(
                "This audit is concluded: it is a permanent record and cannot be changed. "
                "Make a new audit from its files instead."
            )
        )
    if not can_change(user, audit):
        raise PermissionDenied(_("Only the audit's creator or a site auditor may change it."))


def _require_draft(audit: SquareDealAudit) -> None:
    if audit.status == SquareDealAudit.Status.RUNNING:
        raise ValidationError(_("The audit is running; wait for its verdict."))


def _checked(upload: Upload, field: str) -> Upload:
    if not upload.data:
        raise ValidationError({field: _("%(name)s is empty.") % {"name": upload.name}})
    if len(upload.data) > MAX_FILE_BYTES:
        raise ValidationError({field: _("%(name)s is larger than 20 MB.") % {"name": upload.name}})
    return upload


def _file_error(field: str, name: str, exc: BridgeError) -> ValidationError:
    """A domain error about a file, naming it (the hand records' errors already do)."""
    said = error_message(exc)
    if not said.startswith(f"{name}:"):
        said = _("%(name)s: %(error)s") % {"name": name, "error": said}
    return ValidationError({field: said})


def _read_sqd(upload: Upload, field: str) -> sq.Tournament:
    _checked(upload, field)
    try:
        tournament = sq.read_sqd(upload.data)
        if not tournament.key_hash:
            raise DealingError(Text.of("sqk.no_kh"), field="KH")
        domain.check_event(tournament)
    except BridgeError as exc:
        raise _file_error(field, upload.name, exc) from None
    return tournament


def _file(audit: SquareDealAudit, role: str, upload: Upload, **extra) -> AuditFile:
    return AuditFile.objects.create(
        audit=audit,
        role=role,
        name=upload.name,
        content=upload.data,
        sha256=hashlib.sha256(upload.data).hexdigest(),
        size=len(upload.data),
        **extra,
    )


@transaction.atomic
def audit_create(*, user, sqd: Upload) -> SquareDealAudit:
    """A draft audit of the event that ``sqd`` (the description published before it) describes."""
    if not can_audit(user):
        raise PermissionDenied(_("Only site auditors and club directors may audit events."))
    tournament = _read_sqd(sqd, "sqd")
    audit = SquareDealAudit.objects.create(
        event=tournament.name[:300],
        delayed_info=tournament.delayed_info[:500],
        key_hash=tournament.key_hash,
        created_by=user,
    )
    _file(audit, AuditFile.Role.PUBLISHED_SQD, sqd)
    return audit


def _content(file: AuditFile) -> bytes:
    return bytes(file.content)


def _same_event(published: sq.Tournament, final: sq.Tournament, name: str, published_name: str) -> None:
    """The organiser's later .sqd must repeat the published one (TN, DI, phases, KH); only DV may be new."""
    for tag, mine, theirs in (
        ("TN", final.name, published.name),
        ("DI", final.delayed_info, published.delayed_info),
        ("KH", final.key_hash, published.key_hash),
    ):
        if mine != theirs:
            raise ValidationError(
                {
                    "final_sqd": _(
                        "%(name)s: line %(line)s: %(tag)s %(value)s, but the published %(published)s says %(expected)s "
                        "(only the DV may be new after the event)"
                    )
                    % {
                        "name": name,
                        "line": final.tag_lines.get(tag, "?"),
                        "tag": tag,
                        "value": repr(mine),
                        "published": published_name,
                        "expected": repr(theirs),
                    }
                }
            )
    for phase, published_phase in zip(final.phases, published.phases):
        if phase.to_line() != published_phase.to_line():
            raise ValidationError(
                {
                    "final_sqd": _(
                        "%(name)s: line %(line)s: %(value)s, but the published %(published)s says %(expected)s on line "
                        "%(published_line)s"
                    )
                    % {
                        "name": name,
                        "line": phase.line,
                        "value": phase.to_line(),
                        "published": published_name,
                        "expected": published_phase.to_line(),
                        "published_line": published_phase.line,
                    }
                }
            )
    if len(final.phases) != len(published.phases):
        raise ValidationError(
            {
                "final_sqd": _("%(name)s has %(count)s phases, the published %(published)s %(expected)s")
                % {
                    "name": name,
                    "count": len(final.phases),
                    "published": published_name,
                    "expected": len(published.phases),
                }
            }
        )
    if final.delayed_value is None:
        raise ValidationError(
            {"final_sqd": _("%(name)s has no DV line: it adds nothing to the published description.") % {"name": name}}
        )


def _records(upload: Upload) -> domain.HandRecords:
    _checked(upload, "hand_records")
    try:
        return domain.read_hand_records(upload.name, upload.data)
    except BridgeError as exc:
        raise _file_error("hand_records", upload.name, exc) from None


@transaction.atomic
def audit_files_add(
    *,
    audit: SquareDealAudit,
    user,
    sqk: Upload | None = None,
    final_sqd: Upload | None = None,
    hand_records: Sequence[Upload] = (),
) -> SquareDealAudit:
    """Add (or replace) the key file, the organiser's .sqd after the event and hand-record files.

    A new key file or .sqd replaces the one there; a hand-record file replaces the one of the same
    name. Every file is read first, and the hand records are placed on the event's sessions: a
    file that does not fit is refused, naming it, and then nothing is saved.
    """
    audit = SquareDealAudit.objects.select_for_update().get(pk=audit.pk)
    _require_can_change(user, audit)
    _require_draft(audit)
    if sqk is None and final_sqd is None and not hand_records:
        raise ValidationError(_("Choose at least one file."))
    published_file = audit.files.get(role=AuditFile.Role.PUBLISHED_SQD)
    published = sq.read_sqd(_content(published_file))
    if sqk is not None:
        _checked(sqk, "sqk")
        try:
            sq.read_sqk(sqk.data)
        except BridgeError as exc:
            raise _file_error("sqk", sqk.name, exc) from None
    if final_sqd is not None:
        _same_event(published, _read_sqd(final_sqd, "final_sqd"), final_sqd.name, published_file.name)
    new_records = [_records(upload) for upload in hand_records]
    names = [r.name for r in new_records]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise ValidationError({"hand_records": _("%(name)s is chosen twice.") % {"name": twice}})
    kept = [f for f in audit.files.filter(role=AuditFile.Role.HAND_RECORDS) if f.name not in names]
    if len(kept) + len(new_records) > MAX_HAND_RECORD_FILES:
        raise ValidationError(
            {
                "hand_records": _("An audit holds at most %(max)s files of hand records.")
                % {"max": MAX_HAND_RECORD_FILES}
            }
        )
    every = [domain.read_hand_records(f.name, _content(f)) for f in kept] + new_records
    if new_records:
        try:
            domain.place(published, every)
        except BridgeError as exc:
            raise ValidationError({"hand_records": error_message(exc)}) from None
    if sqk is not None:
        audit.files.filter(role=AuditFile.Role.SQK).delete()
        _file(audit, AuditFile.Role.SQK, sqk)
    if final_sqd is not None:
        audit.files.filter(role=AuditFile.Role.FINAL_SQD).delete()
        _file(audit, AuditFile.Role.FINAL_SQD, final_sqd)
    if new_records:
        audit.files.filter(role=AuditFile.Role.HAND_RECORDS, name__in=names).delete()
        for upload, records in zip(hand_records, new_records):
            target = domain.file_target(published, records.name)
            _file(
                audit,
                AuditFile.Role.HAND_RECORDS,
                upload,
                kind=records.kind,
                deals=len(records.deals),
                target=asdict(target) if target else {},
            )
    audit.error = ""
    audit.save(update_fields=["error"])
    return audit


@transaction.atomic
def audit_file_remove(*, audit: SquareDealAudit, user, file_id: int) -> None:
    """Take a file out of a draft (not the published .sqd: it is what the audit is of)."""
    audit = SquareDealAudit.objects.select_for_update().get(pk=audit.pk)
    _require_can_change(user, audit)
    _require_draft(audit)
    file = audit.files.filter(pk=file_id).exclude(role=AuditFile.Role.PUBLISHED_SQD).first()
    if file is None:
        raise ValidationError(_("No such file in this audit (the published .sqd stays: it is what the audit is of)."))
    file.delete()


def known_delayed_values(audit: SquareDealAudit) -> dict[str, str]:
    """The DVs the audit's .sqd files give: ``{"final": …, "published": …}`` (those present)."""
    found: dict[str, str] = {}
    for file in audit.files.filter(role__in=[AuditFile.Role.FINAL_SQD, AuditFile.Role.PUBLISHED_SQD]):
        value = sq.read_sqd(_content(file)).delayed_value
        if value is not None:
            found[
                SquareDealAudit.DvSource.FINAL
                if file.role == AuditFile.Role.FINAL_SQD
                else SquareDealAudit.DvSource.PUBLISHED
            ] = value
    return found


@transaction.atomic
def audit_start(*, audit: SquareDealAudit, user, dv: str = "", order: str = "auto") -> SquareDealAudit:
    """Check that the audit can run, fix the DV it uses and where it comes from, and queue the run."""
    audit = SquareDealAudit.objects.select_for_update().get(pk=audit.pk)
    _require_can_change(user, audit)
    _require_draft(audit)
    errors: dict[str, list[str]] = {}
    if not audit.files.filter(role=AuditFile.Role.SQK).exists():
        errors.setdefault("sqk", []).append(_("Upload the key file (.sqk) first."))
    if not audit.files.filter(role=AuditFile.Role.HAND_RECORDS).exists():
        errors.setdefault("hand_records", []).append(_("Upload the event's hand records first."))
    if order not in SquareDealAudit.Order.values:
        errors.setdefault("order", []).append(_("Choose an order."))
    known = known_delayed_values(audit)
    value = str(dv or "").strip()  # SquareDeal uses the DV exactly as written (trimmed): no other change
    if value and len(value) > 200:
        errors.setdefault("dv", []).append(_("The delayed value is at most 200 characters."))
    source: str
    if value:
        source = next(
            (s for s in (SquareDealAudit.DvSource.FINAL, SquareDealAudit.DvSource.PUBLISHED) if known.get(s) == value),
            SquareDealAudit.DvSource.TYPED,
        )
    elif known:
        source = (
            SquareDealAudit.DvSource.FINAL
            if SquareDealAudit.DvSource.FINAL in known
            else SquareDealAudit.DvSource.PUBLISHED
        )
        value = known[source]
    else:
        source = ""
        errors.setdefault("dv", []).append(_("Neither .sqd file has a DV line: type the delayed value."))
    if not errors:
        _require_fits(audit)
    if errors:
        raise ValidationError(errors)
    audit.dv, audit.dv_source, audit.order = value, source, order
    audit.status, audit.started_at, audit.error = SquareDealAudit.Status.RUNNING, timezone.now(), ""
    audit.progress_done = audit.progress_total = 0
    audit.save()
    squaredeal_audit_run_task.apply_async_on_commit((audit.pk,), queue="default")
    return audit


def _require_fits(audit: SquareDealAudit) -> None:
    """The stored files still fit the event and the audit's limits (a draft saved before the limits may not):
    refused before anything is queued or dealt."""
    tournament, _keys, records = _inputs(audit)
    try:
        domain.place(tournament, records)
    except BridgeError as exc:
        if exc.field == "hand_records":
            raise ValidationError({"hand_records": error_message(exc)}) from None
        raise _file_error("sqd", audit.files.get(role=AuditFile.Role.PUBLISHED_SQD).name, exc) from None


def _inputs(audit: SquareDealAudit) -> tuple[sq.Tournament, sq.SquareDealKeys, list[domain.HandRecords]]:
    files = list(audit.files.all())
    by_role = {f.role: f for f in files if f.role != AuditFile.Role.HAND_RECORDS}
    tournament = sq.read_sqd(_content(by_role[AuditFile.Role.PUBLISHED_SQD]))
    keys = sq.read_sqk(_content(by_role[AuditFile.Role.SQK]))
    records = [domain.read_hand_records(f.name, _content(f)) for f in files if f.role == AuditFile.Role.HAND_RECORDS]
    return tournament, keys, records


def key_check_json(check: sq.KeyCheck) -> dict:
    return {
        "computed": check.key_hash,
        "published": check.published,
        "published_line": check.published_line,
        "matches": check.matches,
        "crlf_restored": check.normalised_line_ends,
        "keys": check.sessions,
        "missing": [list(m) for m in check.missing],
        "suspects": [asdict(s) for s in check.suspects],
    }


def _board(result: domain.BoardResult) -> dict:
    return {**asdict(result), "seats": list(result.seats)}


def audit_run(*, audit_id: int, on_progress: Callable[[int, int], None] | None = None) -> str:
    """The worker's part: regenerate, compare and conclude. Returns the verdict (or the status when
    the audit is not running: a second delivery of the task finds it concluded and does nothing)."""
    audit = SquareDealAudit.objects.filter(pk=audit_id).first()
    if audit is None or audit.status != SquareDealAudit.Status.RUNNING:
        return audit.verdict or audit.status if audit else "gone"
    tournament, keys, records = _inputs(audit)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - last[0] > 0.25:
            last[0] = now
            SquareDealAudit.objects.filter(pk=audit_id, status=SquareDealAudit.Status.RUNNING).update(
                progress_done=done, progress_total=total
            )
        if on_progress is not None:
            on_progress(done, total)

    report = domain.audit(tournament, keys, records, delayed_value=audit.dv, order=audit.order, on_progress=progress)
    return _conclude(audit_id, report)


@transaction.atomic
def _conclude(audit_id: int, report: domain.AuditReport) -> str:
    audit = SquareDealAudit.objects.select_for_update().get(pk=audit_id)
    if audit.status != SquareDealAudit.Status.RUNNING:
        return audit.verdict or audit.status
    audit.sessions.all().delete()  # left by a run that died before concluding
    AuditSession.objects.bulk_create(
        [
            AuditSession(
                audit=audit,
                phase=s.phase,
                session=s.session,
                name=s.name[:200],
                description=s.description[:300],
                first_board=s.first,
                last_board=s.last,
                status=s.status,
                files=list(s.files),
                boards=[_board(b) for b in s.boards],
                matched=s.count("match"),
                reserve=s.count("reserve"),
                differing=s.count("differs"),
                missing=s.count("missing"),
                extra=s.count("extra"),
            )
            for s in report.sessions
        ]
    )
    audit.key_check = key_check_json(report.keys)
    audit.order_used = report.order or ""
    audit.order_matches = report.order_matches
    audit.unchecked_phases = list(report.unchecked_phases)
    audit.extras = [_board(b) for b in report.extras]
    audit.boards, audit.matched, audit.reserve = report.boards, report.count("match"), report.count("reserve")
    audit.differing, audit.missing = report.count("differs"), report.count("missing")
    audit.extra = report.count("extra")
    audit.progress_done = audit.progress_total = len(report.sessions)
    audit.verdict = report.verdict
    audit.status, audit.concluded_at = SquareDealAudit.Status.CONCLUDED, timezone.now()
    audit.save()
    return audit.verdict


#: a run not concluded this long after it started may be queued again (its message may have been lost)
STALLED_AFTER = datetime.timedelta(minutes=2)


def audit_is_stalled(audit: SquareDealAudit) -> bool:
    return (
        audit.status == SquareDealAudit.Status.RUNNING
        and audit.started_at is not None
        and timezone.now() - audit.started_at > STALLED_AFTER
    )


@transaction.atomic
def audit_requeue(*, audit: SquareDealAudit, user) -> SquareDealAudit:
    """Queue the run of a stalled audit again (safe: a run concludes an audit once)."""
    audit = SquareDealAudit.objects.select_for_update().get(pk=audit.pk)
    if not can_change(user, audit):
        raise PermissionDenied(_("Only the audit's creator or a site auditor may change it."))
    if not audit_is_stalled(audit):
        raise ValidationError(_("The audit is not stalled: wait for its verdict."))
    audit.started_at = timezone.now()
    audit.save(update_fields=["started_at"])
    squaredeal_audit_run_task.apply_async_on_commit((audit.pk,), queue="default")
    return audit


def audit_fail(*, audit_id: int, message: str) -> None:
    """A run that failed for good: the audit goes back to a draft with the error, to be run again."""
    SquareDealAudit.objects.filter(pk=audit_id, status=SquareDealAudit.Status.RUNNING).update(
        status=SquareDealAudit.Status.DRAFT, error=message[:2000]
    )


@transaction.atomic
def audit_copy(*, audit: SquareDealAudit, user) -> SquareDealAudit:
    """A new draft with the files of ``audit`` (to run again with another DV, or with a file added)."""
    if not can_audit(user):
        raise PermissionDenied(_("Only site auditors and club directors may audit events."))
    copy = SquareDealAudit.objects.create(
        event=audit.event,
        delayed_info=audit.delayed_info,
        key_hash=audit.key_hash,
        created_by=user,
        copied_from=audit,
        order=audit.order,
    )
    AuditFile.objects.bulk_create(
        [
            AuditFile(
                audit=copy,
                role=f.role,
                name=f.name,
                content=f.content,
                sha256=f.sha256,
                size=f.size,
                kind=f.kind,
                deals=f.deals,
                target=f.target,
            )
            for f in audit.files.all()
        ]
    )
    return copy


@transaction.atomic
def audit_delete(*, audit: SquareDealAudit, user) -> None:
    """Delete a draft (a concluded audit stays for good)."""
    audit = SquareDealAudit.objects.select_for_update().get(pk=audit.pk)
    _require_can_change(user, audit)
    _require_draft(audit)
    audit.delete()

"""Reading audits, with the visibility rule: concluded audits are public; drafts are their creator's.

A concluded audit holds only what SquareDeal publishes after the event (the description, the
revealed keys, the hand records) and its verdicts, so anyone may read it, logged in or not. A
draft or running audit is seen by its creator and by site auditors only; to anyone else it does
not exist (404), so its existence does not leak.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from audits.models import AuditFile, AuditSession, SquareDealAudit
from clubs.permissions import is_site_auditor
from dealing.domain import squaredeal as sq


def audit_list_public() -> QuerySet[SquareDealAudit]:
    """Every concluded audit of the site, the latest first."""
    return SquareDealAudit.objects.filter(status=SquareDealAudit.Status.CONCLUDED).order_by("-concluded_at", "-id")


def audit_list_unfinished_for_user(user) -> QuerySet[SquareDealAudit]:
    """Drafts and running audits the user may see: their own (site auditors: all)."""
    if not getattr(user, "is_authenticated", False):
        return SquareDealAudit.objects.none()
    unfinished = SquareDealAudit.objects.exclude(status=SquareDealAudit.Status.CONCLUDED).order_by("-created_at", "-id")
    return unfinished if is_site_auditor(user) else unfinished.filter(created_by=user)


def _visible(user) -> Q:
    concluded = Q(status=SquareDealAudit.Status.CONCLUDED)
    if is_site_auditor(user):
        return Q()
    if getattr(user, "is_authenticated", False):
        return concluded | Q(created_by=user)
    return concluded


def audit_get_for_viewer(*, user, audit_id: int) -> SquareDealAudit:
    audit = SquareDealAudit.objects.filter(_visible(user), pk=audit_id).select_related("created_by").first()
    if audit is None:
        raise Http404(_("No such audit."))
    return audit


def audit_file_get(*, audit: SquareDealAudit, file_id: int) -> AuditFile:
    file = audit.files.filter(pk=file_id).first()
    if file is None:
        raise Http404(_("No such file."))
    return file


def audit_session_get(*, audit: SquareDealAudit, phase: int, session: int) -> AuditSession:
    found = audit.sessions.filter(phase=phase, session=session).first() if audit.is_concluded else None
    if found is None:
        raise Http404(_("No such session in this audit."))
    return found


def audit_files(audit: SquareDealAudit) -> list[AuditFile]:
    """The audit's files without their bytes, in role order (published .sqd, final .sqd, .sqk, hand records)."""
    order = [AuditFile.Role.PUBLISHED_SQD, AuditFile.Role.FINAL_SQD, AuditFile.Role.SQK, AuditFile.Role.HAND_RECORDS]
    files = list(audit.files.defer("content"))
    return sorted(files, key=lambda f: (order.index(f.role), f.name))


def published_tournament(audit: SquareDealAudit) -> sq.Tournament:
    """The event as the published .sqd describes it."""
    file = audit.files.get(role=AuditFile.Role.PUBLISHED_SQD)
    return sq.read_sqd(bytes(file.content))


def covers(tournament: sq.Tournament, file: AuditFile) -> str:
    """The session(s) a hand-record file's name names (``OPRR01``, ``OPRR01–OPRR02``), "" for all of them."""
    target = file.target or {}
    if not target:
        return ""
    phase = tournament.phase(target["phase"])
    first, last = phase.file_name(target["first"]), phase.file_name(target["last"])
    return first if first == last else f"{first}–{last}"


def key_check(audit: SquareDealAudit) -> sq.KeyCheck | None:
    """The key check a concluded audit recorded, as the domain's :class:`KeyCheck` (to say its problem)."""
    found = audit.key_check or {}
    if not found:
        return None
    return sq.KeyCheck(
        found["computed"],
        found["crlf_restored"],
        found["keys"],
        (),
        found["published"],
        found["published_line"],
        found["matches"],
        tuple(tuple(m) for m in found["missing"]),
        tuple(sq.KeyLineProblem(**s) for s in found["suspects"]),
    )


@dataclass(frozen=True)
class Progress:
    done: int
    total: int

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0


def audit_progress(audit: SquareDealAudit) -> Progress:
    return Progress(audit.progress_done, audit.progress_total)


def audit_record(audit: SquareDealAudit) -> dict:
    """The concluded audit as JSON: what was checked, with what, and what was found (every board)."""
    return {
        "format": "squaredeal-audit-v1",
        "id": audit.pk,
        "event": audit.event,
        "delayed_information": audit.delayed_info,
        "key_hash": audit.key_hash,
        "status": audit.status,
        "verdict": audit.verdict,
        "concluded_at": audit.concluded_at.isoformat() if audit.concluded_at else None,
        "delayed_value": audit.dv,
        "delayed_value_from": audit.dv_source,
        "order": audit.order_used or None,
        "key_check": audit.key_check,
        "counts": {
            "boards": audit.boards,
            "match": audit.matched,
            "reserve": audit.reserve,
            "differs": audit.differing,
            "missing": audit.missing,
            "extra": audit.extra,
        },
        "files": [{"role": f.role, "name": f.name, "size": f.size, "sha256": f.sha256} for f in audit_files(audit)],
        "sessions": [
            {
                "phase": s.phase,
                "session": s.session,
                "name": s.name,
                "description": s.description,
                "first_board": s.first_board,
                "last_board": s.last_board,
                "status": s.status,
                "files": s.files,
                "boards": s.boards,
            }
            for s in audit.sessions.all()
        ],
        "extras": audit.extras,
        "unchecked_phases": audit.unchecked_phases,
    }

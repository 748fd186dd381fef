"""Writes of the movements app: choosing a session's movement, a club's settings for choosing one, and making
guide-card PDFs.

A cards PDF is made once per (movement, boards per round, paper, sections, language, render
version) and kept in the default storage (``GuideCardPdf``); small ones inside the request,
big ones by ``movements.tasks.guide_card_pdf_task`` on the "default" queue, which reports its
progress on the record.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from datetime import timedelta

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from clubs.services import session_set_boards_per_round
from clubsite.texts import error_message
from movements import printing
from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.errors import MovementError
from movements.models import ClubMovementSettings, GuideCardPdf, SessionMovement
from movements.printing import SECTIONS, paper_for, pdf_work, render_version
from movements.tasks import queue_guide_card_pdf

logger = logging.getLogger(__name__)


@transaction.atomic
def session_movement_choose(
    *,
    session,
    user,
    pairs: int,
    boards_per_round: int,
    kind: str = "howell",
    rounds: int | None = None,
    half_sets: bool = False,
    variant: str | None = None,
    arrow_switch: bool = False,
) -> SessionMovement:
    """Build the movement (so an impossible one is refused with the reason) and record the choice.

    Boards per round is the session's own field (``clubs.Session.boards_per_round``, the only copy):
    choosing a movement sets it there through ``clubs.services.session_set_boards_per_round``."""
    if session.status not in (session.Status.PLANNED, session.Status.RUNNING):
        raise MovementError(_("the movement cannot change once the session is finished"), field=None)
    check_boards_per_round(boards_per_round, half_sets)
    m = movement_for(pairs, rounds, kind, half_sets, variant or None, arrow_switch)
    assert m.title is not None  # every movement of the catalogue has its title
    report = {k: v for k, v in balance_report(m).items() if k != "claim"}
    report["best_possible"] = {
        **report["best_possible"],
        "explanation": report["best_possible"]["explanation"].as_json(),
    }
    choice, _created = SessionMovement.objects.update_or_create(
        session=session,
        defaults={
            "kind": kind,
            "pairs": pairs,
            "rounds": rounds,
            "half_sets": half_sets,
            "variant": variant or "",
            "arrow_switch": arrow_switch,
            "title": str(m.title)[:200],
            "title_text": m.title.as_json(),
            "balance": report,
            "chosen_by": user,
        },
    )
    if session.boards_per_round != boards_per_round:
        session_set_boards_per_round(session=session, boards_per_round=boards_per_round)
    return choice


@transaction.atomic
def club_movement_settings_update(
    *, club, user, minutes_per_board, usual_boards_low: int, usual_boards_high: int, winners: str
) -> ClubMovementSettings:
    """Save how the club plays (minutes a board, the boards it usually plays, the winners it prefers); a
    ``ValidationError`` names the field that is wrong and nothing is saved."""
    settings_row = ClubMovementSettings.objects.select_for_update().filter(club=club).first() or ClubMovementSettings(
        club=club
    )
    if usual_boards_low > usual_boards_high:
        usual_boards_low, usual_boards_high = usual_boards_high, usual_boards_low
    settings_row.minutes_per_board = minutes_per_board
    settings_row.usual_boards_low, settings_row.usual_boards_high = usual_boards_low, usual_boards_high
    settings_row.winners = winners
    settings_row.updated_by = user if getattr(user, "is_authenticated", False) else None
    settings_row.full_clean()
    settings_row.save()
    return settings_row


# --- guide-card PDFs: made once, big ones in the background ------------------------------------------

#: A queued or running PDF not heard from for this long is queued again (its worker died or never got it).
PDF_STALE_SECONDS = 600


def _pdf_key(parameters: dict, language: str) -> str:
    blob = json.dumps({**parameters, "language": language}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def guide_card_pdf_get_or_create(
    *,
    user,
    movement: dict,
    boards_per_round: int,
    paper: str,
    sections: tuple[str, ...],
    language: str,
    session=None,
    names: dict[int, tuple[str, str]] | None = None,
    table_codes: dict[int, dict] | None = None,
) -> tuple[GuideCardPdf, bool]:
    """The PDF record for these cards in this language (new ones start queued). ``movement`` holds the
    ``movement_for`` parameters; the movement is built first, so an impossible request is refused. Cards for a
    ``session`` carry its title and its players' ``names`` (``movements.selectors.session_card_names``), so a
    renamed pair makes a new PDF; and, when they are given (``table_codes``: a director's, from table-side entry),
    each table's QR code, code and PIN, so new codes make a new PDF."""
    check_boards_per_round(boards_per_round, movement["half_sets"])
    m = movement_for(**movement)
    sections = tuple(s for s in SECTIONS if s in sections)
    parameters = {
        **movement,
        "boards_per_round": boards_per_round,
        "paper": paper_for(paper).key,
        "sections": list(sections),
        "version": render_version(language),
    }
    if session is not None:
        parameters.update(
            session=session.pk,
            session_title=str(session),
            names={str(number): list(pair) for number, pair in sorted((names or {}).items())},
        )
        if table_codes:
            parameters["tables"] = {
                str(n): [c["url"], c["code"], c["pin"], bool(c.get("stays"))] for n, c in sorted(table_codes.items())
            }
    key = _pdf_key(parameters, language)
    job, created = GuideCardPdf.objects.get_or_create(
        key=key,
        defaults={
            "parameters": {**parameters, "work_rows": pdf_work(m, sections)},
            "language": language,
            "requested_by": user if getattr(user, "is_authenticated", False) else None,
        },
    )
    if job.status == GuideCardPdf.Status.DONE and not (job.file and job.file.storage.exists(job.file.name)):
        GuideCardPdf.objects.filter(pk=job.pk).update(status=GuideCardPdf.Status.QUEUED, file="", parts_done=0)
        job.refresh_from_db()
        created = True  # the stored file is gone: make it again, as if new
    return job, created


@transaction.atomic
def guide_card_pdf_queue(*, job: GuideCardPdf, new: bool = False) -> GuideCardPdf:
    """Ask a worker (queue "default") to make the PDF: when it is new, failed, or stale; never twice at once."""
    job = GuideCardPdf.objects.select_for_update().get(pk=job.pk)
    stale = job.is_active and job.updated_at < timezone.now() - timedelta(seconds=PDF_STALE_SECONDS)
    if job.is_ready or (job.is_active and not new and not stale):
        return job
    job.status, job.parts_done, job.error, job.finished_at = GuideCardPdf.Status.QUEUED, 0, "", None
    job.save(update_fields=["status", "parts_done", "error", "finished_at", "updated_at"])
    queue_guide_card_pdf(job.pk)
    return job


def guide_card_pdf_make(*, job_id: int, in_parts: bool = True) -> GuideCardPdf:
    """Make the PDF and store it (idempotent: a ready PDF is left alone). ``in_parts`` reports progress part by
    part (the background task); the web's small PDFs are made in one part."""

    job = GuideCardPdf.objects.get(pk=job_id)
    if job.is_ready and job.file.storage.exists(job.file.name):
        return job
    started = timezone.now()
    jobs = GuideCardPdf.objects.filter(pk=job_id)
    jobs.update(status=GuideCardPdf.Status.RUNNING, started_at=started, parts_done=0, error="", updated_at=started)

    def progress(done: int, total: int) -> None:
        jobs.update(parts_done=done, parts_total=total, updated_at=timezone.now())

    p = job.parameters
    clock = time.monotonic()
    try:
        m = movement_for(**job.movement_parameters())
        with translation.override(job.language):
            pdf = printing.cards_pdf(
                m,
                boards_per_round=p["boards_per_round"],
                paper=p["paper"],
                sections=tuple(p["sections"]),
                session=p.get("session_title"),
                names={int(number): tuple(pair) for number, pair in p.get("names", {}).items()},
                table_codes={
                    int(n): {"url": u, "code": c, "pin": pin, "stays": bool(rest and rest[0])}
                    for n, (u, c, pin, *rest) in p.get("tables", {}).items()
                },
                on_progress=progress if in_parts else None,
            )
    except Exception as exc:  # the record says what went wrong; nothing half-saved
        logger.exception("guide-card PDF %s failed", job.key)
        with translation.override(job.language):
            message = (
                error_message(exc)
                if isinstance(exc, MovementError)
                else (_("the PDF could not be made (%(error)s)") % {"error": type(exc).__name__})
            )
        jobs.update(status=GuideCardPdf.Status.FAILED, error=message, finished_at=timezone.now())
        return GuideCardPdf.objects.get(pk=job_id)
    seconds = time.monotonic() - clock
    with transaction.atomic():
        job = GuideCardPdf.objects.select_for_update().get(pk=job_id)
        if job.is_ready and job.file.storage.exists(job.file.name):
            return job  # another worker finished first
        name = job.file.field.upload_to(job, "")
        if job.file.storage.exists(name):
            job.file.storage.delete(name)
        job.file.save(name, ContentFile(pdf), save=False)
        job.status, job.size, job.seconds, job.finished_at = GuideCardPdf.Status.DONE, len(pdf), seconds, timezone.now()
        job.parts_done = job.parts_total = max(job.parts_total, 1)
        job.save()
    logger.info(
        "guide-card PDF %s: %s pairs, %s, %.1f s, %d bytes", job.key[:12], p["pairs"], job.language, seconds, len(pdf)
    )
    return job

"""Results by e-mail: when a session's results are published, each player gets their place, percentage and a link
to their scorecard, in their language — once per publication, never twice.

* ``session_publication_changed`` — called on every change of a session's status
  (``scoring.services.sessions.session_status_set``): published
  (provisionally or final) → the sending task is queued after the commit; not published (stepped back) → the
  publication's records are closed, so that a later publication is a new one.
* ``results_email_send`` — what the task does (``scoring.tasks.results_email_send_task``): a record
  (``clubs.ResultsEmail``) for every player with an e-mail address who has not opted out and has none for this
  publication yet, then each record claimed (one conditional UPDATE: whoever claims it sends it) and sent, or
  marked failed. Records already sent, or claimed by another run, are left alone: a repeated or retried task
  sends nothing twice. If any e-mail failed it raises :class:`ResultsEmailNotSent`, and the task retries the
  failed ones later. A run killed between claiming and sending leaves its record "sending": it is not sent again
  (never twice rather than surely once); the admin lists such records.
* ``member_results_settings_set`` — a player's profile: results by e-mail or not, and the e-mails' language.

The figures come from the ranking frozen at publication (``SessionScoring.published_ranking``), as players see
it; the e-mail holds nothing of a deal. The links are absolute: the site's address is ``settings.SITE_URL`` if
set, else the first of ``CSRF_TRUSTED_ORIGINS`` (which a production set-up behind a proxy sets), else the first
allowed host on port 8000 (``make serve``). On the default set-up e-mail goes to the console (``EMAIL_BACKEND``;
``django.core.mail.backends.filebased.EmailBackend`` with ``EMAIL_FILE_PATH`` writes files instead).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Member, Pair, ResultsEmail, Session
from scoring.domain.options import ScoringOptions
from scoring.models import SessionScoring
from scoring.tasks import queue_results_email

logger = logging.getLogger(__name__)

STOP_SALT = "scoring.results-mail.stop"


class ResultsEmailNotSent(Exception):
    """Some results e-mails failed to go; the task retries them."""


def session_publication_changed(*, session: Session) -> None:
    """Queue the results e-mails when ``session`` is published; close its publication's records when it is not."""
    if session.is_published:
        queue_results_email(session.pk)
    else:
        ResultsEmail.objects.filter(session=session, withdrawn_at__isnull=True).update(withdrawn_at=timezone.now())


def site_url() -> str:
    """The site's address for links in e-mails (see the module's docstring)."""
    explicit = getattr(settings, "SITE_URL", "")
    if explicit:
        return explicit.rstrip("/")
    origins = [o for o in getattr(settings, "CSRF_TRUSTED_ORIGINS", []) if o.startswith("http")]
    if origins:
        return origins[0].rstrip("/")
    hosts = [h for h in settings.ALLOWED_HOSTS if h and "*" not in h and not h.startswith(".")]
    return f"http://{hosts[0] if hosts else '127.0.0.1'}:8000"


def stop_token(member: Member) -> str:
    return signing.dumps(member.pk, salt=STOP_SALT)


def _address(member: Member) -> str:
    return member.email or (member.user.email if member.user_id and member.user.email else "")


def _recipients(session: Session) -> list[tuple[Member, str]]:
    """(member, pair label) of every player of the session who wants results by e-mail and has an address."""
    out = []
    for pair in Pair.objects.filter(session=session).select_related("player_1__user", "player_2__user"):
        for member in (pair.player_1, pair.player_2):
            if member is not None and member.results_by_email and _address(member):
                out.append((member, pair.label))
    return out


def _claim_records(session: Session, ranking: dict) -> int:
    """A pending record for each recipient without one in this publication; returns how many were made."""
    ranked = {p["pair"] for p in ranking.get("pairs", ())}
    have = set(
        ResultsEmail.objects.filter(session=session, withdrawn_at__isnull=True).values_list("member_id", flat=True)
    )
    made = 0
    for member, label in _recipients(session):
        if member.pk in have or label not in ranked:
            continue
        try:
            with transaction.atomic():
                ResultsEmail.objects.create(
                    session=session,
                    member=member,
                    pair=label,
                    address=_address(member),
                    language=member.language or settings.LANGUAGE_CODE,
                )
        except IntegrityError:  # another run made it first: that run's record stands
            continue
        have.add(member.pk)
        made += 1
    return made


def _message(record: ResultsEmail, session: Session, ranking: dict, until) -> EmailMessage:
    row = next(p for p in ranking["pairs"] if p["pair"] == record.pair)
    field = [p for p in ranking["pairs"] if p["field"] == row["field"]]
    base = site_url()
    context = {
        "member": record.member,
        "session": session,
        "club": session.club,
        "row": row,
        "pairs_in_field": len(field),
        "imps": ScoringOptions.parse(ranking.get("options")).is_imps,
        "provisional": session.status == Session.Status.PROVISIONAL,
        "until": until,
        "scorecard_url": base + reverse("scoring:player_scorecard", args=[session.pk, record.pair]),
        "ranking_url": base + reverse("scoring:player_ranking", args=[session.pk]),
        "settings_url": base + reverse("scoring:player_settings"),
        "stop_url": base + reverse("scoring:results_mail_stop", args=[stop_token(record.member)]),
    }
    with translation.override(record.language or settings.LANGUAGE_CODE):
        subject = " ".join(render_to_string("scoring/email/results_subject.txt", context).split())
        body = render_to_string("scoring/email/results_body.txt", context)
    message = EmailMessage(subject=subject, body=body, to=[record.address])
    message.extra_headers["List-Unsubscribe"] = f"<{context['stop_url']}>"
    return message


def results_email_send(*, session_id: int) -> dict:
    """Send the results e-mails of the session's current publication not sent yet (see the module's docstring)."""
    session = Session.objects.select_related("club").filter(pk=session_id).first()
    if session is None or not session.is_published:
        return {"sent": 0, "failed": 0}
    scoring = SessionScoring.objects.filter(session=session).first()
    ranking = scoring.published_ranking if scoring is not None else None
    if not ranking:
        return {"sent": 0, "failed": 0}
    _claim_records(session, ranking)
    sent = failed = 0
    todo = ResultsEmail.objects.filter(
        session=session, withdrawn_at__isnull=True, status__in=[ResultsEmail.Status.PENDING, ResultsEmail.Status.FAILED]
    )
    for record in todo.select_related("member__user"):
        claimed = ResultsEmail.objects.filter(pk=record.pk, status=record.status, withdrawn_at__isnull=True).update(
            status=ResultsEmail.Status.SENDING, attempts=F("attempts") + 1
        )
        if not claimed:  # another run has it
            continue
        try:
            _message(record, session, ranking, scoring.provisional_until).send()
        except Exception as exc:
            ResultsEmail.objects.filter(pk=record.pk).update(
                status=ResultsEmail.Status.FAILED, error=f"{type(exc).__name__}: {exc}"[:500]
            )
            logger.warning("results e-mail %s of session %s failed: %s", record.pk, session.pk, type(exc).__name__)
            failed += 1
        else:
            ResultsEmail.objects.filter(pk=record.pk).update(
                status=ResultsEmail.Status.SENT, sent_at=timezone.now(), error=""
            )
            sent += 1
    logger.info("results e-mails of session %s: %d sent, %d failed", session.pk, sent, failed)
    if failed:
        raise ResultsEmailNotSent(f"{failed} results e-mail(s) of session {session.pk} failed")
    return {"sent": sent, "failed": failed}


@transaction.atomic
def member_results_settings_set(*, member: Member, user, results_by_email: bool, language: str) -> Member:
    """A player's own settings (``user`` is the login linked to ``member``; None: the signed link in an e-mail)."""
    if user is not None and member.user_id != getattr(user, "pk", None):
        raise PermissionDenied("Only the player may change their own settings.")
    member.results_by_email = bool(results_by_email)
    member.language = language or ""
    member.full_clean()
    member.save(update_fields=["results_by_email", "language"])
    return member

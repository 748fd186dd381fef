"""Every write to a commitment: create (draft), delete a draft, publish, enter the delayed value, reveal.

Only a director of the commitment's club may do these (``PermissionDenied`` otherwise).
Publishing, the delayed value and the reveal are public acts: each appends an entry to the
club's publication log (:mod:`dealing.services.publication_log`) in the same transaction.
Input errors raise ``ValidationError`` with the field they concern; nothing is half-saved.
The secret key and the salt come from ``secrets`` (:func:`dealing.domain.commitment.new_key`)
and never appear in a message or a log line.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables

from bridge.errors import BridgeError
from clubs.models import Club, Session
from clubs.permissions import can_direct
from clubsite.texts import error_message
from dealing.domain import commitment as domain
from dealing.domain.commitment_fit import BoardShortfall, board_shortfalls, shortfalls_not_accepted
from dealing.models import Commitment, CommitmentSession
from dealing.selectors.commitments import session_boards_played
from dealing.services.publication_log import log_dv, log_published, log_revealed


def _require_director(user, club: Club) -> None:
    if not can_direct(user, club):
        raise PermissionDenied(_("Only the club's directors may do this."))


def _domain_error(exc: BridgeError, default_field: str | None = None) -> ValidationError:
    field = {"dv": "delayed_value", "boards": "sessions", "label": "sessions"}.get(
        exc.field or "", exc.field
    ) or default_field
    message = error_message(exc)
    return ValidationError({field: message} if field else message)


class BoardsShort(ValidationError):
    """A commitment would give a session fewer boards than its movement plays, and the director has not accepted
    that count for that session. ``shortfalls`` says which (the page asks to accept each by name)."""

    def __init__(self, shortfalls: list[BoardShortfall], sessions: Mapping[int, Session]):
        self.shortfalls = shortfalls
        self.sessions = sessions
        super().__init__({"sessions": [shortfall_words(s, sessions[s.session]) for s in shortfalls]})


def shortfall_words(shortfall: BoardShortfall, session: Session) -> str:
    first, last = shortfall.missing
    return _(
        "%(session)s: its movement plays %(played)d boards, the commitment gives %(committed)d, so boards "
        "%(first)d–%(last)d could never be dealt (a session in a published commitment is dealt only from it)."
    ) % {
        "session": session,
        "played": shortfall.played,
        "committed": shortfall.committed,
        "first": first,
        "last": last,
    }


def _check_board_counts(sessions: Sequence[tuple[Session, int]], accepted: Mapping[int, int] | None) -> None:
    """Refuse (:class:`BoardsShort`) a count short of what the session's movement plays, unless accepted."""
    shortfalls = board_shortfalls((s.pk, boards, session_boards_played(session=s)) for s, boards in sessions)
    left = shortfalls_not_accepted(shortfalls, accepted or {})
    if left:
        raise BoardsShort(left, {s.pk: s for s, _boards in sessions})


def session_label(session: Session) -> str:
    """The label a session gets in a commitment: club, date and the session's id (unique and readable)."""
    return f"{session.club.slug}/{session.date:%Y-%m-%d}/s{session.pk}"


@sensitive_variables("key", "salt")
@transaction.atomic
def commitment_create(
    *,
    club: Club,
    user,
    event: str,
    promise: str,
    dv_format: str,
    sessions: Sequence[tuple[Session, int]],
    dv_promised_at: datetime.datetime | None = None,
    accept_boards: Mapping[int, int] | None = None,
) -> Commitment:
    """A draft commitment for ``sessions`` (each with its number of boards) of ``club``.

    ``dv_promised_at``: when the promised value will be public (the audit compares the value's entry with it).
    A count short of the boards a session's movement plays is refused (:class:`BoardsShort`) unless
    ``accept_boards`` (session id → boards) accepts that count for that session."""
    _require_director(user, club)
    errors: dict[str, list[str]] = {}
    event, promise = domain.normalise_text(event or ""), domain.normalise_text(promise or "")
    if not sessions:
        errors.setdefault("sessions", []).append(_("Choose at least one session."))
    for session, _boards in sessions:
        if session.club_id != club.pk:
            errors.setdefault("sessions", []).append(
                _("%(session)s is not a session of %(club)s.") % {"session": session, "club": club}
            )
        elif CommitmentSession.objects.filter(session=session).exists():
            errors.setdefault("sessions", []).append(
                _("%(session)s is already in a commitment.") % {"session": session}
            )
        elif session.boards.exists():
            errors.setdefault("sessions", []).append(_("%(session)s has already been dealt.") % {"session": session})
    if errors:
        raise ValidationError(errors)
    _check_board_counts(sessions, accept_boards)
    key, salt = domain.new_key(), domain.new_salt()
    try:
        entries = [domain.SessionEntry(session_label(s), boards) for s, boards in sessions]
        domain.CommitmentRecord(
            event=event, promise=promise, dv_format=dv_format, salt=salt, sessions=tuple(entries), key=key
        )
    except BridgeError as exc:
        raise _domain_error(exc) from None
    commitment = Commitment(
        club=club,
        event=event,
        promise=promise,
        dv_format=dv_format,
        dv_promised_at=dv_promised_at,
        salt=salt.hex(),
        secret_key=key.hex(),
        created_by=user,
    )
    commitment.full_clean(exclude=["salt", "secret_key", "commitment_hash", "published_text"])
    commitment.save()
    try:
        with transaction.atomic():
            for position, ((session, _boards), entry) in enumerate(zip(sessions, entries), start=1):
                CommitmentSession.objects.create(
                    commitment=commitment, session=session, label=entry.label, boards=entry.boards, position=position
                )
    except IntegrityError:  # another request put one of the sessions in a commitment meanwhile
        raise ValidationError({"sessions": _("One of the sessions was just put in another commitment.")}) from None
    return commitment


@transaction.atomic
def commitment_delete(*, commitment: Commitment, user) -> None:
    _require_director(user, commitment.club)
    commitment = Commitment.objects.select_for_update().get(pk=commitment.pk)
    if not commitment.is_draft:
        raise ValidationError(_("A published commitment cannot be deleted: players may hold copies of it."))
    commitment.delete()


@transaction.atomic
def commitment_publish(*, commitment: Commitment, user, accept_boards: Mapping[int, int] | None = None) -> Commitment:
    """Fix the record: compute its SHA-256 and keep the published text. Nothing committed can change after.

    The movements may have been chosen since the draft: a count short of what a session's movement plays is
    refused (:class:`BoardsShort`) unless ``accept_boards`` accepts it, as when the draft was made."""
    _require_director(user, commitment.club)
    commitment = Commitment.objects.select_for_update().get(pk=commitment.pk)
    if not commitment.is_draft:
        raise ValidationError(_("This commitment is already published."))
    entries = list(commitment.entries.select_related("session", "session__club").order_by("position"))
    dealt = [e.session for e in entries if e.session.boards.exists()]
    if dealt:
        raise ValidationError(
            _(
                "A commitment must come before the deals, but %(sessions)s has been dealt already: "
                "delete this draft and commit to the sessions still to be dealt."
            )
            % {"sessions": ", ".join(map(str, dealt))}
        )
    _check_board_counts([(e.session, e.boards) for e in entries], accept_boards)
    try:
        published = commitment.record().published()
    except BridgeError as exc:
        raise _domain_error(exc) from None
    commitment.commitment_hash = published.commitment
    commitment.published_text = published.to_text()
    commitment.status = Commitment.Status.PUBLISHED
    commitment.published_at = timezone.now()
    commitment.published_by = user
    commitment.save()
    log_published(commitment=commitment)
    return commitment


@transaction.atomic
def commitment_enter_dv(*, commitment: Commitment, user, value: str) -> Commitment:
    """Record the delayed value read from its public source, canonicalised by the promised format.

    It may be corrected until a session has been dealt from it; then it is final.
    """
    _require_director(user, commitment.club)
    commitment = Commitment.objects.select_for_update().get(pk=commitment.pk)
    if commitment.is_draft:
        raise ValidationError(_("Publish the commitment before entering the delayed value."))
    if commitment.is_revealed:
        raise ValidationError(_("This commitment is revealed; its delayed value is final."))
    if commitment.has_dv and commitment.dealings.exists():
        raise ValidationError({"delayed_value": _("Sessions have been dealt with this delayed value; it is final.")})
    try:
        dv = domain.canonical_dv(commitment.dv_format, value or "")
    except BridgeError as exc:
        raise _domain_error(exc, "delayed_value") from None
    previous = commitment.delayed_value
    commitment.delayed_value = dv
    commitment.dv_entered_at = timezone.now()
    commitment.dv_entered_by = user
    commitment.save()
    log_dv(commitment=commitment, previous=previous)
    return commitment


@transaction.atomic
def commitment_reveal(*, commitment: Commitment, user) -> Commitment:
    """Publish the secret key. Needs the delayed value, and every session over (the key gives every deal)."""
    _require_director(user, commitment.club)
    commitment = Commitment.objects.select_for_update().get(pk=commitment.pk)
    if commitment.is_draft:
        raise ValidationError(_("Publish the commitment first."))
    if commitment.is_revealed:
        raise ValidationError(_("This commitment is already revealed."))
    if not commitment.has_dv:
        raise ValidationError({"delayed_value": _("Enter the delayed value before revealing the key.")})
    playing = [entry.session for entry in commitment.entries.select_related("session") if not entry.session.is_over]
    if playing:
        raise ValidationError(
            _(
                "The key gives every deal of the commitment: reveal it when all its sessions are "
                "over. Not over yet: %(sessions)s."
            )
            % {"sessions": ", ".join(map(str, playing))}
        )
    commitment.status = Commitment.Status.REVEALED
    commitment.revealed_at = timezone.now()
    commitment.revealed_by = user
    commitment.save()
    log_revealed(commitment=commitment)
    return commitment

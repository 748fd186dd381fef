"""Every write to a session's boards: deal them, serve (and record) dealing-machine files, analyse them.

A director deals a session in one of three ways:

* :func:`session_deal_from_commitment` — the session is in a published commitment whose
  delayed value is entered: board *b* is deal *b − 1* of our dealer under the dealing key
  derived from the secret key and the DV (``docs/commitments.md``);
* :func:`session_deal_fresh` — a fresh 256-bit key from ``secrets``, not committed to;
* :func:`session_deal_import` — a file from a dealing machine or another program (PBN, DUP,
  DLM, LIN or CSV, read by :mod:`dealing.domain.formats`).
* :func:`session_deal_from_event` — a club's session of an event dealt once for many clubs (a simultaneous
  pairs): the deals another session's commitment entry gives, under the same numbers, held from its players
  past its end until that commitment is revealed (the event's embargo; ``selectors.boards.deals_held_by_commitment``).

Dealing a session from a commitment, and downloading a dealing-machine file of such a session,
are public acts on the commitment: each appends an entry to the club's publication log
(:mod:`dealing.services.publication_log`).

A session is dealt once; a director may deal it again (``replace=True``) only while it is
planned and not bound to a published commitment. Dealer and vulnerability always follow the
board number (Law 2). After dealing, the double-dummy analysis is queued on the "analysis"
queue (:mod:`dealing.tasks.analysis`); it is queued again when a session is finished with
boards still unanalysed, and when a hand record is viewed with boards still unanalysed long
after the last request (:func:`session_analysis_queue`).
"""

from __future__ import annotations

import datetime
import hashlib
import logging
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from pathlib import PurePath
from typing import TypedDict

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.debug import sensitive_variables

from bridge.cards import Deal, board_dealer, board_vulnerability
from bridge.errors import BridgeError
from clubs.models import Session
from clubs.permissions import can_direct
from clubsite.texts import error_message
from dealing.domain import analysis as dd
from dealing.domain import commitment as domain
from dealing.domain import formats, generator
from dealing.domain.numbering import deal_to_number, number_to_deal
from dealing.models import Board, Commitment, DealDownload, SessionDealing
from dealing.printing import dealing_sheets_pdf
from dealing.selectors.boards import (
    board_record,
    boards_for_analysis,
    boards_for_dealing_machine,
    deals_shared_from_commitment,
)
from dealing.services.commitments import session_label
from dealing.services.publication_log import log_download, log_session_dealt
from dealing.tasks.analysis import queue_session_analysis

logger = logging.getLogger(__name__)

MAX_SESSION_BOARDS = domain.MAX_BOARDS
#: Boards offered for a session whose movement is not chosen yet (a common club evening): the dealing page's and
#: a new commitment's default.
DEFAULT_SESSION_BOARDS = 24
IMPORT_FORMATS = {".pbn": "pbn", ".dup": "dup", ".dlm": "dlm", ".lin": "lin", ".csv": "csv"}
MAX_IMPORT_BYTES = 5 * 1024 * 1024
#: Files a director may download to make boards: name → (format, MIME type, description).
DEALING_MACHINE_FORMATS = {
    "pbn": ("application/x-chess-pbn", gettext_lazy("PBN (dealing machines, other programs)")),
    "dup": ("application/octet-stream", gettext_lazy("DUP (Duplimate)")),
    "dlm": ("text/plain", gettext_lazy("DLM (Duplimate, Dealer4)")),
    # not a machine's: the hands printed for a club that deals by hand (dealing.printing.dealing_sheets_pdf)
    "pdf": ("application/pdf", gettext_lazy("Hand records to deal by hand (PDF)")),
}


# Error reports (the e-mails Django sends to ADMINS, the DEBUG page) list the local variables of each
# frame. Every function here that holds deals or keys is marked ``sensitive_variables()`` so that they
# are replaced by asterisks; domain code (which cannot use Django's marker) runs inside
# ``_opaque_errors``, so an unexpected crash there is logged as a plain traceback (no variables) and
# re-raised without its frames.


class DealingFailure(RuntimeError):
    """An unexpected failure inside the dealing domain; the details are in the server log only."""


@contextmanager
def _opaque_errors(what: str):
    try:
        yield
    except (BridgeError, ValidationError, PermissionDenied):
        raise
    except Exception:
        logger.exception("%s failed", what)
        raise DealingFailure(f"{what} failed; the details are in the server log") from None


def _session_for_dealing(*, session: Session, user, replace: bool) -> Session:
    if not can_direct(user, session.club):
        raise PermissionDenied(_("Only the club's directors may deal a session."))
    session = Session.objects.select_for_update().get(pk=session.pk)
    if Board.objects.filter(session=session).exists():
        if not replace:
            raise ValidationError(_("This session has been dealt already."))
        if deals_shared_from_commitment(session.pk) is not None:
            raise ValidationError(_("This session plays an event's deals: they cannot be dealt again."))
        if session.status != Session.Status.PLANNED:
            raise ValidationError(
                _("Boards can be dealt again only while the session is planned; it is %(status)s.")
                % {"status": session.get_status_display()}
            )
    return session


def _bound_commitment(session: Session) -> Commitment | None:
    entry = getattr(session, "commitment_entry", None)
    if entry is not None and not entry.commitment.is_draft:
        return entry.commitment
    return None


@sensitive_variables()
def _store(
    *, session: Session, user, deals: Sequence[tuple[int, int]], queue_analysis: bool = True, **dealing
) -> SessionDealing:
    """Replace the session's boards by ``(board number, Pavlicek number)`` pairs and record how."""
    Board.objects.filter(session=session).delete()
    SessionDealing.objects.filter(session=session).delete()
    boards = []
    with _opaque_errors("making the boards"):
        for number, value in deals:
            boards.append(
                Board(
                    session=session,
                    number=number,
                    dealer=board_dealer(number).letter,
                    vulnerability=board_vulnerability(number).pbn,
                    deal_number=str(value),
                    deal_pbn=number_to_deal(value).to_pbn(),
                )
            )
    Board.objects.bulk_create(boards)
    record = SessionDealing.objects.create(session=session, dealt_by=user, dealt_at=timezone.now(), **dealing)
    if queue_analysis:
        session_analysis_queue(session=session, force=True)
    logger.info("session %s dealt: %d boards (%s) by %s", session.pk, len(deals), record.source, user)
    return record


@sensitive_variables()
@transaction.atomic
def session_deal_from_commitment(
    *, session: Session, user, replace: bool = False, queue_analysis: bool = True
) -> SessionDealing:
    session = _session_for_dealing(session=session, user=user, replace=replace)
    entry = getattr(session, "commitment_entry", None)
    if entry is None:
        raise ValidationError(_("This session is not in any commitment."))
    commitment = Commitment.objects.get(pk=entry.commitment_id)
    if commitment.is_draft:
        raise ValidationError(_("Publish the commitment before dealing from it."))
    if not commitment.has_dv:
        raise ValidationError(_("Enter the commitment's delayed value before dealing: the deals depend on it."))
    with _opaque_errors("dealing from the commitment"):
        revealed = domain.RevealedCommitment(commitment.record(), commitment.delayed_value)
        key = revealed.dealing_key()
        numbers = domain.session_deal_numbers(key, entry.label, entry.boards)
    record = _store(
        session=session,
        user=user,
        deals=list(enumerate(numbers, start=1)),
        source=SessionDealing.Source.COMMITMENT,
        commitment=commitment,
        label=entry.label,
        queue_analysis=queue_analysis,
    )
    log_session_dealt(commitment=commitment, label=entry.label, boards=entry.boards)
    return record


@sensitive_variables()
@transaction.atomic
def session_deal_from_event(
    *,
    session: Session,
    user,
    commitment: Commitment,
    label: str,
    replace: bool = False,
    queue_analysis: bool = True,
) -> SessionDealing:
    """Deal ``session`` the deals an event's commitment gives under ``label`` (one of its sessions'): a simultaneous
    pairs, where every club plays the deals dealt once for the whole event, under the event's board numbers. The
    commitment must be published with its delayed value; the deals stay hidden past the session's end until the
    commitment is revealed (the event's embargo). The caller checks that ``session`` may play them;
    ``replace``: deals the session was given otherwise are replaced (while it is planned)."""
    session = _session_for_dealing(session=session, user=user, replace=replace)
    if _bound_commitment(session) is not None:
        raise ValidationError(_("This session is in a published commitment: deal it from the commitment."))
    commitment = Commitment.objects.get(pk=commitment.pk)
    entry = commitment.entries.filter(label=label).first()
    if commitment.is_draft or entry is None:
        raise ValidationError(_("Publish the commitment before dealing from it."))
    if not commitment.has_dv:
        raise ValidationError(_("Enter the commitment's delayed value before dealing: the deals depend on it."))
    with _opaque_errors("dealing from the event's commitment"):
        key = domain.RevealedCommitment(commitment.record(), commitment.delayed_value).dealing_key()
        numbers = domain.session_deal_numbers(key, entry.label, entry.boards)
    return _store(
        session=session,
        user=user,
        deals=list(enumerate(numbers, start=1)),
        source=SessionDealing.Source.COMMITMENT,
        commitment=commitment,
        label=entry.label,
        queue_analysis=queue_analysis,
    )


@sensitive_variables()
@transaction.atomic
def session_deal_fresh(
    *, session: Session, user, boards: int, replace: bool = False, queue_analysis: bool = True
) -> SessionDealing:
    session = _session_for_dealing(session=session, user=user, replace=replace)
    if _bound_commitment(session) is not None:
        raise ValidationError(_("This session is in a published commitment: deal it from the commitment."))
    if isinstance(boards, bool) or not isinstance(boards, int) or not 1 <= boards <= MAX_SESSION_BOARDS:
        raise ValidationError({"boards": _("The number of boards must be 1 … %(max)d.") % {"max": MAX_SESSION_BOARDS}})
    key = generator.new_key()
    label = session_label(session)
    with _opaque_errors("dealing with a fresh key"):
        numbers = domain.session_deal_numbers(key, label, boards)
    return _store(
        session=session,
        user=user,
        deals=list(enumerate(numbers, start=1)),
        source=SessionDealing.Source.FRESH_KEY,
        label=label,
        secret_key=key.hex(),
        queue_analysis=queue_analysis,
    )


@sensitive_variables()
@transaction.atomic
def session_deal_import(
    *, session: Session, user, filename: str, data: bytes, replace: bool = False, queue_analysis: bool = True
) -> SessionDealing:
    """Boards from a dealing machine's or another program's file; the format is told by the file's suffix."""
    session = _session_for_dealing(session=session, user=user, replace=replace)
    if _bound_commitment(session) is not None:
        raise ValidationError(_("This session is in a published commitment: deal it from the commitment."))
    name = PurePath(filename or "").name
    suffix = PurePath(name).suffix.lower()
    if suffix not in IMPORT_FORMATS:
        raise ValidationError({"file": _("%(name)s: choose a .pbn, .dup, .dlm, .lin or .csv file.") % {"name": name}})
    if not data:
        raise ValidationError({"file": _("%(name)s is empty.") % {"name": name}})
    if len(data) > MAX_IMPORT_BYTES:
        raise ValidationError({"file": _("%(name)s is larger than 5 MB.") % {"name": name}})
    try:
        with _opaque_errors(f"reading {name}"):
            boards = formats.read_deals(IMPORT_FORMATS[suffix], data)
    except BridgeError as exc:
        raise ValidationError(
            {"file": _("%(name)s: %(error)s") % {"name": name, "error": error_message(exc)}}
        ) from None
    if not boards:
        raise ValidationError({"file": _("%(name)s holds no deals.") % {"name": name}})
    seen: set[int] = set()
    for number, _deal in boards:
        if not 1 <= number <= MAX_SESSION_BOARDS:
            raise ValidationError(
                {
                    "file": _("%(name)s: board %(board)d is outside 1 … %(max)d.")
                    % {"name": name, "board": number, "max": MAX_SESSION_BOARDS}
                }
            )
        if number in seen:
            raise ValidationError(
                {"file": _("%(name)s: board %(board)d appears twice.") % {"name": name, "board": number}}
            )
        seen.add(number)
    with _opaque_errors(f"numbering the deals of {name}"):
        deals = sorted((number, deal_to_number(deal)) for number, deal in boards)
    return _store(
        session=session,
        user=user,
        deals=deals,
        source=SessionDealing.Source.IMPORTED,
        imported_filename=name,
        imported_sha256=hashlib.sha256(data).hexdigest(),
        queue_analysis=queue_analysis,
    )


class _SessionTags(TypedDict, total=False):
    event: str
    date: str


def _session_tags(file_format: str, session: Session) -> _SessionTags:
    """What a dealing-machine file says of its session: PBN's Event and Date tags (DUP and DLM have no place for
    them). BigDeal writes "?" there; a file for a session names it, so the boards and the machine's screen do."""
    if file_format != "pbn":
        return {}
    return {"event": session.name, "date": f"{session.date:%Y.%m.%d}"}


@sensitive_variables()
@transaction.atomic
def dealing_file_download(*, session_id: int, user, file_format: str) -> tuple[str, bytes, str]:
    """A dealing-machine file of a session's deals for a director; every download is recorded.

    Returns ``(filename, content, MIME type)``.
    """
    if file_format not in DEALING_MACHINE_FORMATS:
        raise ValidationError(
            {"format": _("Choose one of: %(formats)s.") % {"formats": ", ".join(DEALING_MACHINE_FORMATS)}}
        )
    session, boards = boards_for_dealing_machine(user=user, session_id=session_id)
    if file_format == "pdf":
        records = [board_record(b) for b in Board.objects.filter(session=session).order_by("number")]
        content = dealing_sheets_pdf(session, records)
    else:
        try:
            with _opaque_errors(f"writing the {file_format} file"):
                content = formats.render(file_format, boards, **_session_tags(file_format, session))
        except BridgeError as exc:
            raise ValidationError({"format": error_message(exc)}) from None
    sha256 = hashlib.sha256(content).hexdigest()
    DealDownload.objects.create(
        session=session,
        user=user,
        file_format=file_format,
        board_count=len(boards),
        session_status=session.status,
        sha256=sha256,
    )
    dealing = SessionDealing.objects.filter(session=session).select_related("commitment").first()
    if dealing is not None and dealing.commitment is not None:
        log_download(
            commitment=dealing.commitment,
            label=dealing.label,
            boards=len(boards),
            file_format=file_format,
            sha256=sha256,
            session_status=session.status,
        )
    logger.info("dealing file %s of session %s downloaded by %s", file_format, session.pk, user)
    mime = DEALING_MACHINE_FORMATS[file_format][0]
    return f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}.{file_format}", content, mime


@sensitive_variables()
def session_boards_analyse(*, session_id: int, on_progress: Callable[[int, int], None] | None = None) -> int:
    """Double-dummy table and par of every board of the session not analysed yet. Returns how many were done.

    Idempotent: boards already analysed are skipped, so a retried task redoes nothing.
    """
    boards = boards_for_analysis(session_id=session_id)
    total = len(boards)
    done = 0
    for start in range(0, total, 40):
        chunk = boards[start : start + 40]
        try:
            with _opaque_errors(f"the double-dummy analysis of session {session_id}"):
                items = [
                    (Deal.from_pbn(b.deal_pbn), board_vulnerability(b.number), board_dealer(b.number)) for b in chunk
                ]
                results = dd.analyse_boards(items)
        except (BridgeError, DealingFailure):  # mark the boards (the page says so) and let the task fail
            Board.objects.filter(pk__in=[b.pk for b in chunk]).update(analysis_status=Board.AnalysisStatus.FAILED)
            raise
        now = timezone.now()
        for board, result in zip(chunk, results):
            board.dd_tricks = result.table.to_pbn_tricks()
            board.par_score = result.par.score
            board.par_contracts = result.par.par_contract_pbn()
            board.analysis_status = Board.AnalysisStatus.DONE
            board.analysed_at = now
        Board.objects.bulk_update(chunk, ["dd_tricks", "par_score", "par_contracts", "analysis_status", "analysed_at"])
        done += len(chunk)
        if on_progress is not None:
            on_progress(done, total)
    return done


#: A session's analysis is queued again if it is still not done this long after it was queued
#: (a worker was down, the solver failed …).
ANALYSIS_REQUEUE_AFTER = datetime.timedelta(minutes=10)


def session_analysis_queue(*, session: Session, force: bool = False) -> bool:
    """Queue the double-dummy analysis of the session's unanalysed boards (on commit), unless it was
    queued less than :data:`ANALYSIS_REQUEUE_AFTER` ago (``force`` queues it anyway). Returns whether
    it was queued."""
    if not Board.objects.filter(session=session).exclude(analysis_status=Board.AnalysisStatus.DONE).exists():
        return False
    now = timezone.now()
    due = SessionDealing.objects.filter(session=session)
    if not force:
        due = due.filter(Q(analysis_queued_at__isnull=True) | Q(analysis_queued_at__lt=now - ANALYSIS_REQUEUE_AFTER))
    if not due.update(analysis_queued_at=now):
        return False
    queue_session_analysis(session.pk)
    return True


def session_status_changed(*, session: Session) -> None:
    """When a session is over, make sure its boards get analysed (queued once the change is committed)."""
    if session.is_over:
        session_analysis_queue(session=session, force=True)

"""A simultaneous pairs changed: the event created under its organising club; its deals committed to once for the
whole event (a session of the organising club holds them in a commitment of the dealing app, published before any
club may register), dealt when the delayed value is public, and revealed when the embargo ends; a club's session
registered to play them, and dealt them when its dealing files are released (held from its players until the
embargo ends); a club's results file added, replaced or removed; the field's combination kept up to date
(:func:`field_combination_refresh`, run by ``simultaneous.tasks``), and the organiser's flags across it worked out
then (:func:`field_flags_prepare`, by the same task once the field is kept).

Each club's results are kept in the engine's column form as they arrive (``simultaneous.domain.field``): a file's
when it is uploaded, a registered session's by the next combination after its results change (that club alone);
so a combination reads no file and makes no line, and keeps the ranking, each board's results and each club's
lines and rows of the ranking apart, for the pages that read one of them.

Thin over the scoring engine: a file is read by its reader and its club's results scored as the field scores them
(``scoring.domain.simultaneous``) before anything is saved (the whole field is the task's), so a bad file (not USEBIO or PBN, damaged, a pair with two results on a board, a club already
in) raises its :class:`~scoring.domain.errors.ScoringError` naming the file and the place, and nothing changes.
Only the organising club's directors change an event.
"""

from __future__ import annotations

import datetime
import hashlib
from pathlib import PurePath

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from bridge.errors import BridgeError
from clubs.models import Club, Session
from clubs.permissions import can_direct
from clubs.services import session_create
from clubsite.texts import error_message
from dealing.models import Commitment, SessionDealing
from dealing.services.boards import (
    MAX_SESSION_BOARDS,
    dealing_file_download,
    session_deal_from_commitment,
    session_deal_from_event,
)
from dealing.services.commitments import commitment_create, commitment_enter_dv, commitment_publish, commitment_reveal
from scoring.domain.errors import ScoringError
from scoring.domain.text import Text
from scoring.services.imports import MAX_IMPORT_BYTES
from scoring.services.sessions import session_status_set
from simultaneous.domain.field import ClubResults, KeptField, club_scored, field_kept, scored_as
from simultaneous.models import (
    BoardCommentary,
    ClubEntry,
    ClubResultsFile,
    FieldBoard,
    FieldClub,
    FieldCombination,
    SimultaneousEvent,
)
from simultaneous.selectors import (
    embargo_waits_for,
    event_commitment,
    event_deals_for_check,
    event_dealt,
    event_options,
    field_flags,
    field_inputs,
    field_score,
    file_format_of,
    file_read,
    file_results,
    files_released_at,
    may_organise,
    published_entries,
    session_parts,
    session_place,
    session_results,
)
from simultaneous.tasks import queue_field_combination

__all__ = [
    "event_create",
    "event_deals_commit",
    "event_deals_deal",
    "event_embargo_end",
    "club_session_register",
    "club_boards_release",
    "club_dealing_file",
    "club_file_upload",
    "club_file_remove",
    "field_combination_refresh",
    "field_combination_ask",
    "field_flags_prepare",
    "MAX_FILE_BYTES",
    "commentaries_save",
    "event_results_publish",
]

#: the largest club's results file taken (as for a session's import)
MAX_FILE_BYTES = MAX_IMPORT_BYTES
#: the most boards an event deals (as many as a session may be dealt)
MAX_EVENT_BOARDS = MAX_SESSION_BOARDS
_CLUB = ClubResultsFile._meta.get_field("club_name").max_length
_FILENAME = ClubResultsFile._meta.get_field("filename").max_length


def _organiser(user, club: Club | int) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("Only the organising club's directors may do this.")


def event_create(
    *,
    club: Club,
    user,
    name: str,
    date: datetime.date,
    scale: str = "ebu",
    factoring: str = "neuberg",
    boards: int = 24,
    window_start: datetime.datetime | None = None,
    window_end: datetime.datetime | None = None,
    embargo_until: datetime.datetime | None = None,
    files_hours: int = 6,
    correction_days: int = 7,
) -> SimultaneousEvent:
    """A simultaneous pairs organised by ``club`` (its directors only)."""
    _organiser(user, club)
    if isinstance(boards, bool) or not 1 <= boards <= MAX_EVENT_BOARDS:
        raise ValidationError({"boards": _("The number of boards must be 1 … %(max)d.") % {"max": MAX_EVENT_BOARDS}})
    if window_start and window_end and window_end <= window_start:
        raise ValidationError({"window_end": _("The window must end after it starts.")})
    return SimultaneousEvent.objects.create(
        club=club,
        name=name.strip(),
        date=date,
        scale=scale,
        factoring=factoring,
        boards=boards,
        window_start=window_start,
        window_end=window_end,
        embargo_until=embargo_until,
        files_hours=files_hours,
        correction_days=correction_days,
        created_by=user,
    )


def _locked(event: SimultaneousEvent) -> SimultaneousEvent:
    return SimultaneousEvent.objects.select_for_update().select_related("club").get(pk=event.pk)


@transaction.atomic
def event_deals_commit(
    *, event: SimultaneousEvent, user, promise: str, dv_format: str = "decimal:2", dv_promised_at=None
) -> Commitment:
    """Commit to the event's deals, once for the whole event, before any club registers: a session of the organising
    club (the event's deals) with the event's boards, in a commitment made and published by the dealing app
    (``dealing.services.commitments``). Clubs may register from then on."""
    _organiser(user, event.club_id)
    given, event = event, _locked(event)
    if event.deals_session_id is not None:
        raise ValidationError(_("The event's deals are already committed to."))
    holder = session_create(
        club=event.club, name=(_("%(event)s: the deals") % {"event": event.name})[:120], date=event.date
    )
    commitment = commitment_create(
        club=event.club,
        user=user,
        event=event.name,
        promise=promise,
        dv_format=dv_format,
        sessions=[(holder, event.boards)],
        dv_promised_at=dv_promised_at,
        accept_boards={holder.pk: event.boards},
    )
    commitment = commitment_publish(commitment=commitment, user=user, accept_boards={holder.pk: event.boards})
    event.deals_session = given.deals_session = holder
    event.save(update_fields=["deals_session"])
    return commitment


@transaction.atomic
def event_deals_deal(*, event: SimultaneousEvent, user, delayed_value: str) -> SimultaneousEvent:
    """The delayed value entered (the dealing app canonicalises it) and the event's deals dealt from the commitment
    (the dealing app's dealer, once for the whole event). The clubs' sessions get them when their files are
    released."""
    _organiser(user, event.club_id)
    event = _locked(event)
    commitment = event_commitment(event)
    if commitment is None:
        raise ValidationError(_("Commit to the event's deals first."))
    if event_dealt(event):
        raise ValidationError(_("The event's deals are dealt already."))
    commitment_enter_dv(commitment=commitment, user=user, value=delayed_value)
    session_deal_from_commitment(session=event.deals_session, user=user, queue_analysis=False)
    return event


@transaction.atomic
def event_embargo_end(*, event: SimultaneousEvent, user, now: datetime.datetime | None = None) -> SimultaneousEvent:
    """End the embargo once every club has finished and the organiser's time has come: the event's deals session
    over, every club's deals shown again under the usual rule, the commitment revealed (anyone may check every
    deal), and the field's results open to the clubs' players."""
    _organiser(user, event.club_id)
    event = _locked(event)
    if event.embargo_ended_at is not None:
        raise ValidationError(_("The embargo has ended already."))
    commitment = event_commitment(event)
    if commitment is None or not event_dealt(event):
        raise ValidationError(_("Deal the event's deals first."))
    waiting = embargo_waits_for(event, now)
    if waiting:
        raise ValidationError(
            _("The embargo ends when every club has finished and its time has come; still waiting for: %(what)s.")
            % {"what": "; ".join(waiting)}
        )
    holder = Session.objects.get(pk=event.deals_session_id)
    for status in (Session.Status.RUNNING, Session.Status.FINISHED):
        if holder.status == Session.Status.PLANNED or (
            status == Session.Status.FINISHED and holder.status == Session.Status.RUNNING
        ):
            session_status_set(session=holder, status=status)
    commitment_reveal(  # every club's deals shown from now under the usual rule (dealing's read rule)
        commitment=commitment, user=user
    )
    event.embargo_ended_at = now or timezone.now()
    event.save(update_fields=["embargo_ended_at"])
    queue_field_combination(event.pk)
    return event


@transaction.atomic
def club_session_register(*, event: SimultaneousEvent, session: Session, user) -> ClubEntry:
    """``session`` (a planned pairs session of the director's club, on a day of the window) registered to play the
    event: its boards will be the event's, under the event's numbers, whatever its movement, and it becomes a club's
    session of a simultaneous pairs (``events.kinds.simultaneous``). Only once the event's commitment is published;
    one session a club."""
    if not can_direct(user, session.club_id):
        raise PermissionDenied("Only the club's directors may do this.")
    event = _locked(event)
    commitment = event_commitment(event)
    if commitment is None or commitment.is_draft:
        raise ValidationError(_("Clubs register once the event's commitment to its deals is published."))
    if event.embargo_ended_at is not None:
        raise ValidationError(_("The event is over: its embargo has ended."))
    if event.club_id == session.club_id and session.pk == event.deals_session_id:
        raise ValidationError(
            {"session": _("This session holds the event's deals; register the session the club plays.")}
        )
    first = event.window_start.date() if event.window_start else event.date
    last = event.window_end.date() if event.window_end else event.date
    if not first <= session.date <= last:
        raise ValidationError(
            {"session": _("%(session)s is not on a day of the event's window.") % {"session": session}}
        )
    if session.status != Session.Status.PLANNED or session.boards.exists():
        raise ValidationError({"session": _("%(session)s must be planned and not dealt yet.") % {"session": session}})
    if hasattr(session, "commitment_entry") or ClubEntry.objects.filter(session=session).exists():
        raise ValidationError(
            {"session": _("%(session)s already has its deals promised elsewhere.") % {"session": session}}
        )
    if ClubEntry.objects.filter(event=event, club_id=session.club_id).exists():
        raise ValidationError({"session": _("The club has registered a session for this event already.")})
    if session.kind == Session.Kind.TEAMS:
        raise ValidationError(
            {
                "session": _("%(session)s is a teams session: a pairs session plays a simultaneous pairs.")
                % {"session": session}
            }
        )
    entry = ClubEntry.objects.create(event=event, club_id=session.club_id, session=session, registered_by=user)
    if session.kind != Session.Kind.SIMPAIRS:  # its path and page are a simultaneous pairs' club session's from now
        session.kind = Session.Kind.SIMPAIRS
        session.save(update_fields=["kind"])
    return entry


@transaction.atomic
def club_boards_release(*, entry: ClubEntry, user, now: datetime.datetime | None = None) -> bool:
    """The club's session dealt the event's deals (held from its players until the embargo ends), from the time its
    files are released; True when it was dealt now. Refused earlier, or before the organiser has dealt."""
    if not can_direct(user, entry.club_id):
        raise PermissionDenied("Only the club's directors may do this.")
    event = entry.event
    released = files_released_at(entry)
    if (now or timezone.now()) < released:
        raise ValidationError(
            _("The dealing files are released from %(time)s.")
            % {"time": timezone.localtime(released).strftime("%Y-%m-%d %H:%M")}
        )
    commitment = event_commitment(event)
    if commitment is None or not event_dealt(event):
        raise ValidationError(_("The organiser has not dealt the event's deals yet."))
    label = commitment.entries.get(session_id=event.deals_session_id).label
    dealt = SessionDealing.objects.filter(session=entry.session).values_list("commitment_id", "label").first()
    if dealt == (commitment.pk, label):
        return False
    # not dealt yet, or dealt otherwise since it registered (a fresh key, a file): the event's deals replace those
    session_deal_from_event(
        session=entry.session,
        user=user,
        commitment=commitment,
        label=label,
        replace=dealt is not None,
        queue_analysis=False,
    )
    return True


def club_dealing_file(
    *, entry: ClubEntry, user, file_format: str, now: datetime.datetime | None = None
) -> tuple[str, bytes, str]:
    """A dealing-machine file of the event's deals for the club's director, from its release time; each download is
    recorded by the dealing app (who, when, what) and listed for the organiser."""
    club_boards_release(entry=entry, user=user, now=now)
    return dealing_file_download(session_id=entry.session_id, user=user, file_format=file_format)


@transaction.atomic
def field_combination_refresh(*, event_id: int) -> FieldCombination | None:
    """Combine the field again and keep it, when its inputs have changed since the last (idempotent: the same
    inputs, nothing done). What stops the combination is kept as its problem, with the last results."""
    event = SimultaneousEvent.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        return None
    # (not the ranking's rows as kept: a national field's tens of thousands, replaced below when it changed)
    kept, new = FieldCombination.objects.defer("rows").get_or_create(event=event)
    inputs = field_inputs(event)
    if kept.inputs == inputs and not new:
        return kept
    try:
        field, sources = field_rows(event)
    except (ScoringError, BridgeError) as exc:
        kept.problem = error_message(exc)
    else:
        kept.rows, kept.problem = field.rows if field else [], ""
        kept.clubs, kept.pairs = len(sources), len(kept.rows)
        _keep_field(event, field, sources)
    kept.inputs, kept.combined_at = inputs, timezone.now()
    kept.save()
    return kept


#: where a club's results in the field came from: its registered session's entry id, or its results file's id
Source = tuple[int | None, int | None]


def field_flags_prepare(*, event_id: int) -> int:
    """The organiser's flags across the field worked out for the kept combination and kept (``selectors.field_flags``:
    seconds at national size, paid here by the combination's task, not by the organiser's next view); how many.
    Nothing judged before the event's deals are analysed: if their analysis ends after the field was kept, the
    organiser's first view works them out once, as the selector does for a combination it finds without them."""
    event = SimultaneousEvent.objects.filter(pk=event_id).first()
    if event is None or event.deals_session_id is None:
        return 0
    return len(field_flags(event))


def field_rows(event: SimultaneousEvent) -> tuple[KeptField | None, dict[str, Source]]:
    """The field combined now (the task's work) from every club's kept results (a registered session's remade
    first when its results changed since; a file kept before its results were: read once, and kept), and where each
    club's results came from, by its name in the field. A ScoringError when the clubs' results cannot be combined
    (the kept ones then stay)."""
    options = event_options(event)
    clubs: list[tuple[str, str, ClubResults]] = []
    sources: list[Source] = []
    entries = published_entries(event)
    parts = session_parts(entries)
    for entry in entries:
        club, place = entry.session.club.name, session_place(entry)
        results = ClubResults.from_data(entry.results) if entry.results is not None else None
        if results is None or entry.results_of != parts[entry.pk] or results.scored_as != scored_as(options):
            results = club_scored(club, place, session_results(entry), options)
            entry.results, entry.results_of = results.as_data(), parts[entry.pk]
            entry.save(update_fields=["results", "results_of"])
        clubs.append((club, place, results))
        sources.append((entry.pk, None))
    for club_file in ClubResultsFile.objects.filter(event=event).order_by("club_name").defer("data"):
        results = ClubResults.from_data(club_file.results) if club_file.results is not None else None
        if results is None or results.scored_as != scored_as(options):
            club_file.refresh_from_db(fields=["data"])
            read = file_read(club_file.filename, bytes(club_file.data))
            results = club_scored(club_file.club_name, club_file.filename, file_results(read), options)
            club_file.results = results.as_data()
            club_file.save(update_fields=["results"])
        clubs.append((club_file.club_name, club_file.filename, results))
        sources.append((None, club_file.pk))
    sources = [source for source, club in zip(sources, clubs) if len(club[2])]
    clubs = [club for club in clubs if len(club[2])]
    if not clubs:
        return None, {}
    field, score = field_score(event, clubs)
    names = {
        (name, pair): players
        for name, (_, _p, club) in zip(field.clubs, clubs)
        for pair, players in zip(club.pairs, club.names)
    }
    return field_kept(field, score, names), dict(zip(field.clubs, sources))


def _keep_field(event: SimultaneousEvent, field: KeptField | None, sources: dict[str, Source]) -> None:
    """Each board's and each club's results as combined (a club's lines and its pairs' rows of the ranking, and
    where they came from), in place of the last ones."""
    FieldBoard.objects.filter(event=event).delete()
    FieldClub.objects.filter(event=event).delete()
    if field is None:
        return
    FieldBoard.objects.bulk_create(
        [FieldBoard(event=event, number=number, results=table) for number, table in field.boards.items()]
    )
    rows = field.club_rows()
    FieldClub.objects.bulk_create(
        [
            FieldClub(
                event=event,
                club=club,
                lines=lines,
                rows=rows.get(club, []),
                entry_id=sources.get(club, (None, None))[0],
                club_file_id=sources.get(club, (None, None))[1],
            )
            for club, lines in field.clubs.items()
        ],
        batch_size=500,
    )


def club_file_upload(
    *, event: SimultaneousEvent, upload, user, club_name: str = "", replacing: ClubResultsFile | None = None
) -> ClubResultsFile:
    """A club's results file (Django's ``UploadedFile``) added to the event, or put in place of ``replacing``.

    The club is the one typed, else (a new file) the one the file names, else its event's name, else the file's
    name; a file in place of another keeps that one's club unless another is typed. Every error about the file
    names the field ``file``; a club already in, the field ``club``."""
    _organiser(user, event.club_id)
    filename = PurePath(upload.name or "").name[:_FILENAME]
    if upload.size is not None and upload.size > MAX_FILE_BYTES:
        raise ScoringError(
            Text.of("import.too_large", name=filename, megabytes=MAX_FILE_BYTES // (1024 * 1024)), field="file"
        )
    data = upload.read(MAX_FILE_BYTES + 1)
    try:
        file_format = file_format_of(filename)
        if not data.strip():
            raise ScoringError(Text.of("file.no_results"), source=filename)
        read = file_read(filename, data)
        if not read.lines:
            raise ScoringError(Text.of("file.no_results"), source=filename)
    except ScoringError as exc:
        exc.field = "file"  # whatever is wrong in the file is the upload's fault
        raise
    typed = " ".join(club_name.split())
    club = (typed or (replacing.club_name if replacing else "") or read.club_name or read.name or filename).strip()
    club = " ".join(club.split())[:_CLUB]
    others = list(
        ClubResultsFile.objects.filter(event=event)
        .exclude(pk=replacing.pk if replacing else None)
        .only("pk", "club_name", "filename")
    )
    same = next((f for f in others if f.club_name.casefold() == club.casefold()), None)
    if same is not None:
        raise ScoringError(Text.of("sim.club_twice", club=club, first=same.filename, second=filename), field="club")
    registered = next(
        (e for e in event.entries.select_related("club") if e.club.name.casefold() == club.casefold()), None
    )
    if registered is not None:
        raise ScoringError(
            Text.of("sim.club_twice", club=club, first=str(registered.session), second=filename), field="club"
        )
    _check_against_deals(event, filename, read)
    try:  # what the field would refuse of this club's results is refused now; the field itself is the task's
        # (scoring the club alone: reading every other club's file again made each upload as slow as the whole
        # combination, 17 s at 1,000 clubs; a problem only the whole field shows is kept as the combination's)
        results = club_scored(club, filename, file_results(read), event_options(event))
    except ScoringError as exc:
        exc.field = "file"
        raise
    values = {
        "club_name": club,
        "filename": filename,
        "file_format": file_format,
        "data": data,
        "sha256": hashlib.sha256(data).hexdigest(),
        "pairs": len({line_pair for line in read.lines for line_pair in (line.ns, line.ew)}),
        "boards": len(read.boards),
        "lines": len(read.lines),
        "uploaded_by": user,
        "uploaded_at": timezone.now(),
        "results": results.as_data(),  # read once: the field's combinations read these, not the file
    }
    try:
        with transaction.atomic():
            queue_field_combination(event.pk)
            if replacing is None:
                return ClubResultsFile.objects.create(event=event, **values)
            for key, value in values.items():
                setattr(replacing, key, value)
            replacing.save()
            return replacing
    except IntegrityError:  # the same club's file sent twice at once (a retry): the other one went in first
        first = ClubResultsFile.objects.filter(event=event, club_name=club).values_list("filename", flat=True).first()
        raise ScoringError(
            Text.of("sim.club_twice", club=club, first=first or filename, second=filename), field="club"
        ) from None


def _check_against_deals(event: SimultaneousEvent, filename: str, read) -> None:
    """A club's file belongs to this event: its boards are among the event's numbers, and the hands it carries are
    the event's deals (once dealt). A ``ValidationError`` on ``file`` saying which board is wrong otherwise."""
    outside = sorted({line.board for line in read.lines if not 1 <= line.board <= event.boards})
    if outside:
        raise ValidationError(
            {
                "file": _("%(name)s: board %(board)d is not one of this event's boards (1 … %(boards)d).")
                % {"name": filename, "board": outside[0], "boards": event.boards}
            }
        )
    deals = event_deals_for_check(SimultaneousEvent.objects.get(pk=event.pk))
    for number, deal in sorted(read.deals.items()):
        if number in deals and deals[number] != deal:
            raise ValidationError(
                {
                    "file": _(
                        "%(name)s: the hands of board %(board)d are not this event's deal: the file belongs to another "
                        "event, or its boards were numbered otherwise."
                    )
                    % {"name": filename, "board": number}
                }
            )


@transaction.atomic
def club_file_remove(*, club_file: ClubResultsFile, user) -> None:
    """A club's file taken out of the event (the organising club's directors only)."""
    _organiser(user, club_file.event.club_id)
    queue_field_combination(club_file.event_id)
    club_file.delete()


def field_combination_ask(*, event: SimultaneousEvent) -> bool:
    """Queue the field's combination when the kept one is older than the clubs' results (a club's confirmation or
    correction since); True when queued. The pages call it, and show the kept combination meanwhile."""
    kept = FieldCombination.objects.filter(event=event).values_list("inputs", flat=True).first()
    if kept == field_inputs(event):
        return False
    queue_field_combination(event.pk)
    return True


#: the longest commentary on one board
MAX_COMMENTARY_CHARS = 20_000


@transaction.atomic
def commentaries_save(*, event: SimultaneousEvent, user, texts: dict[int, str]) -> int:
    """The organiser's commentary board by board (``texts``: board number → text; an empty text clears it), the
    organising club's directors only; how many boards' commentary changed. A board outside the event's or a text
    too long is refused, naming the board, and nothing is saved."""
    _organiser(user, event.club_id)
    for number, text in texts.items():
        if not 1 <= number <= event.boards:
            raise ValidationError(
                _("Board %(board)d is not one of this event's boards (1 … %(boards)d).")
                % {"board": number, "boards": event.boards}
            )
        if len(text) > MAX_COMMENTARY_CHARS:
            raise ValidationError(
                _("The commentary on board %(board)d is longer than %(max)d characters.")
                % {"board": number, "max": MAX_COMMENTARY_CHARS}
            )
    kept = {c.number: c for c in BoardCommentary.objects.select_for_update().filter(event=event)}
    changed = 0
    for number, text in sorted(texts.items()):
        text = text.replace("\r\n", "\n").strip()
        current = kept.get(number)
        if (current.text if current else "") == text:
            continue
        BoardCommentary.objects.update_or_create(
            event=event, number=number, defaults={"text": text, "updated_by": user, "updated_at": timezone.now()}
        )
        changed += 1
    return changed


def _when(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


@transaction.atomic
def event_results_publish(
    *, event: SimultaneousEvent, user, final: bool = False, now: datetime.datetime | None = None
) -> SimultaneousEvent:
    """The field's results published to the players by the organiser, recording who and when: provisionally first
    (corrections are taken for the event's ``correction_days`` from then), then, once that period is over, as final.

    Refused, saying why: before the embargo ends (the players cannot read them yet), while the field is being
    combined again or could not be combined (what would be published is not the clubs' results as they stand), a
    second time, and the final results before the provisional ones or before the correction period ends."""
    _organiser(user, event.club_id)
    given, event = event, _locked(event)
    now = now or timezone.now()
    if event.final_at is not None:
        raise ValidationError(
            _("The results are final already (published on %(when)s).") % {"when": _when(event.final_at)}
        )
    if final and event.provisional_at is None:
        raise ValidationError(_("Publish the provisional results first: the correction period runs from them."))
    if not final and event.provisional_at is not None:
        raise ValidationError(
            _("The results are published provisionally already (on %(when)s).") % {"when": _when(event.provisional_at)}
        )
    if event.embargo_ended_at is None:
        raise ValidationError(_("End the embargo first: the players read the field's results once it has ended."))
    until = event.corrections_until
    if final and until is not None and now < until:
        raise ValidationError(
            _("Corrections are taken until %(when)s: the final results can be published after that.")
            % {"when": _when(until)}
        )
    kept = FieldCombination.objects.filter(event=event).first()
    if kept is None or kept.inputs != field_inputs(event):
        queue_field_combination(event.pk)
        raise ValidationError(
            _("The field is being combined again after a club's change: publish once the ranking is up to date.")
        )
    if kept.problem:
        raise ValidationError(_("The field could not be combined: %(problem)s") % {"problem": kept.problem})
    if not kept.rows:
        raise ValidationError(_("No club's results are in the field yet."))
    fields = ["final_at", "final_by", "final_inputs"] if final else ["provisional_at", "provisional_by"]
    for name, value in zip(fields, (now, user, kept.inputs)):
        setattr(event, name, value)
        setattr(given, name, value)
    event.save(update_fields=fields)
    return event

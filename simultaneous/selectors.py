"""A simultaneous pairs read: who may see it (the organising club's directors; site auditors read it; a club's
directors their club's part in it; players its results once the embargo has ended), its commitment and deals'
state, when a club's dealing files are released, the embargo, and the field-wide ranking: worked out from the
registered clubs' published sessions and the uploaded files by the scoring engine (``scoring.domain.simultaneous``:
every board matchpointed across the whole field, factored to its largest board, beside each club's local result)
and KEPT (:class:`~simultaneous.models.FieldCombination`, made by ``simultaneous.tasks``); pages read the kept one,
and a board's page, a club's page of the results or a pair's scorecard only that board's or that club's part
(``simultaneous.domain.field``)."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import PurePath

from django.core.cache import cache
from django.db.models import QuerySet
from django.db.models.fields.json import KT
from django.http import Http404
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from bridge.cards import Deal
from bridge.errors import BridgeError
from clubs.models import Club, Session
from clubs.permissions import can_direct, can_view_club, is_site_auditor
from dealing.models import Board, Commitment, DealDownload
from dealing.selectors.boards import BoardRecord, board_record
from scoring.domain.checks import looks_like_another_board
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FileEvent
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.formats.usebio_field import FieldLine, FieldPair, write_field_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import shown
from scoring.domain.results import Result, TravellerLine
from scoring.domain.shorthand import parse_entry
from scoring.domain.simultaneous import SimultaneousEvent as SimultaneousField
from scoring.domain.simultaneous import SimultaneousScore
from scoring.domain.text import Text
from scoring.models import SessionScoring
from scoring.selectors.results import session_lines, session_pairs
from simultaneous.domain.field import (
    ClubResults,
    Frequency,
    ScorecardLine,
    board_results,
    boards_of,
    club_results,
    frequencies,
    score_field,
    scorecard,
)
from simultaneous.models import (
    BoardCommentary,
    ClubEntry,
    ClubResultsFile,
    FieldBoard,
    FieldClub,
    FieldCombination,
    SimultaneousEvent,
)

__all__ = [
    "FieldRow",
    "file_format_of",
    "file_read",
    "field_score",
    "event_options",
    "file_results",
    "session_parts",
    "published_entries",
    "session_results",
    "session_place",
    "field_lines",
    "event_list_for_organiser",
    "event_get_for_organiser",
    "event_ranking",
    "may_organise",
    "event_commitment",
    "event_dealt",
    "event_deals_for_check",
    "files_released_at",
    "embargo_waits_for",
    "events_open_to_club",
    "event_get_for_club",
    "entry_of",
    "session_entry",
    "event_downloads",
    "may_read_results",
    "event_get_for_results",
    "ClubInField",
    "club_in_field",
    "field_club_sources",
    "field_size",
    "field_row",
    "field_inputs",
    "combination_of",
    "ranking_rows",
    "may_read_boards",
    "event_get_for_boards",
    "event_boards",
    "event_commentaries",
    "Frequency",
    "board_frequencies",
    "ScorecardLine",
    "pair_scorecard",
    "booklet_may",
    "event_get_for_booklet",
    "field_flags",
    "field_usebio",
]


def may_organise(user, club: Club | int) -> bool:
    """Who changes a simultaneous pairs: the organising club's directors."""
    return can_direct(user, club)


def _may_read(user, club: Club | int) -> bool:
    return can_direct(user, club) or is_site_auditor(user)


def event_list_for_organiser(*, user, club: Club) -> QuerySet[SimultaneousEvent]:
    """The club's simultaneous pairs, for its directors and site auditors; anyone else: the site's 404."""
    if not _may_read(user, club):
        raise Http404("No such club.")
    return SimultaneousEvent.objects.filter(club=club).order_by("-date", "-pk")


def event_get_for_organiser(*, user, event_id: int) -> SimultaneousEvent:
    """The event, for the organising club's directors and site auditors; anyone else: the site's 404 (as for another
    club's pages)."""
    event = SimultaneousEvent.objects.select_related("club").filter(pk=event_id).first()
    if event is None or not _may_read(user, event.club_id):
        raise Http404("No such simultaneous pairs.")
    return event


def file_format_of(filename: str) -> str:
    """``usebio`` (``.xml``) or ``pbn`` (``.pbn``) by the file's suffix; a ScoringError naming the file otherwise."""
    suffix = PurePath(filename).suffix.lower()
    if suffix == ".xml":
        return "usebio"
    if suffix == ".pbn":
        return "pbn"
    raise ScoringError(Text.of("file.unknown_format", name=PurePath(filename).name), field="file")


def file_read(filename: str, data: bytes) -> FileEvent:
    """A club's results file read by its reader (a ScoringError naming the file and its line otherwise)."""
    reader = read_usebio if file_format_of(filename) == "usebio" else read_pbn_results
    return reader(data, source=filename)


def event_options(event: SimultaneousEvent) -> ScoringOptions:
    """The event's scoring: its scale and factoring (across the whole field)."""
    return ScoringOptions(scale=event.scale, factoring=event.factoring)


def file_results(read: FileEvent) -> ClubResults:
    """A club's file's results in the engine's column form, with its pairs' players (kept at its upload)."""
    return club_results(read.lines, {pair.id: pair.names for pair in read.pairs})


def field_score(
    event: SimultaneousEvent, clubs: Sequence[tuple[str, str, ClubResults]]
) -> tuple[SimultaneousField, SimultaneousScore]:
    """The field of ``(club, place, results)`` of each club, scored (a ScoringError when it cannot be)."""
    return score_field(clubs, event_options(event))


@dataclass(frozen=True)
class FieldRow:
    """A pair's line of the overall ranking: its club and number, players, overall and local percentage and place."""

    club: str
    pair: str
    names: str
    percentage: Fraction
    place: str
    local_percentage: Fraction
    local_place: str

    @property
    def written(self) -> tuple[str, str]:
        """The two percentages as a file writes them (two decimals, halves away from zero)."""
        return shown(self.percentage), shown(self.local_percentage)


def event_commitment(event: SimultaneousEvent) -> Commitment | None:
    """The commitment to the event's deals (its organiser's deals session's), None before the organiser commits."""
    if event.deals_session_id is None:
        return None
    return Commitment.objects.filter(entries__session_id=event.deals_session_id).first()


def event_dealt(event: SimultaneousEvent) -> bool:
    """Have the event's deals been dealt from its commitment (its deals session's boards)?"""
    return event.deals_session_id is not None and Board.objects.filter(session_id=event.deals_session_id).exists()


def event_deals_for_check(event: SimultaneousEvent) -> dict[int, Deal]:
    """Board number → the event's deal, to check a club's file against (services only: never shown)."""
    if event.deals_session_id is None:
        return {}
    boards = Board.objects.filter(session_id=event.deals_session_id).values_list("number", "deal_pbn")
    return {number: Deal.from_pbn(pbn) for number, pbn in boards}


def _start(event: SimultaneousEvent, session: Session) -> datetime.datetime:
    """When a club's session starts: its date and start time, else the window's opening time, else midnight."""
    when = session.start_time
    if when is None and event.window_start is not None:
        when = timezone.localtime(event.window_start).time()
    return timezone.make_aware(datetime.datetime.combine(session.date, when or datetime.time(0, 0)))


def files_released_at(entry: ClubEntry) -> datetime.datetime:
    """From when the club's director may take the dealing-machine files: ``files_hours`` before its session."""
    return _start(entry.event, entry.session) - datetime.timedelta(hours=entry.event.files_hours)


def embargo_waits_for(event: SimultaneousEvent, now: datetime.datetime | None = None) -> list[str]:
    """What the embargo still waits for (the clubs' sessions not over, the organiser's time); empty when it may end."""
    now = now or timezone.now()
    waiting = [
        str(e.session) for e in event.entries.select_related("session", "session__club") if not e.session.is_over
    ]
    if event.embargo_until is not None and now < event.embargo_until:
        waiting.append(timezone.localtime(event.embargo_until).strftime("%Y-%m-%d %H:%M"))
    return waiting


def events_open_to_club(club: Club) -> QuerySet[SimultaneousEvent]:
    """Events another club may join or has joined: their commitment published, their embargo not ended."""
    return (
        SimultaneousEvent.objects.filter(
            deals_session__commitment_entry__commitment__status__in=["published", "revealed"]
        )
        .exclude(club=club)
        .order_by("-date", "-pk")
    )


def event_get_for_club(*, user, club: Club, event_id: int) -> SimultaneousEvent:
    """The event as ``club``'s directors see it (its commitment published); anyone else: the site's 404."""
    event = SimultaneousEvent.objects.select_related("club").filter(pk=event_id).first()
    commitment = event_commitment(event) if event is not None else None
    if event is None or commitment is None or commitment.is_draft or not _may_read(user, club):
        raise Http404("No such simultaneous pairs.")
    return event


def entry_of(event: SimultaneousEvent, club: Club) -> ClubEntry | None:
    return ClubEntry.objects.select_related("session", "session__club", "event").filter(event=event, club=club).first()


def session_entry(session: Session) -> ClubEntry | None:
    """The club's entry that ``session`` plays (its event and the event's organiser with it), None for a session
    registered for no simultaneous pairs."""
    return ClubEntry.objects.select_related("event", "event__club", "session", "club").filter(session=session).first()


def event_downloads(event: SimultaneousEvent) -> list[DealDownload]:
    """Every download of a dealing-machine file by a registered club (who, when, what), for the organiser."""
    sessions = list(event.entries.values_list("session_id", flat=True))
    return list(
        DealDownload.objects.filter(session_id__in=sessions)
        .select_related("session", "session__club", "user")
        .order_by("downloaded_at", "pk")
    )


def may_read_results(user, event: SimultaneousEvent) -> bool:
    """Who reads the field's results (the ranking, a club's page of it, a pair's scorecard, the downloads): the
    organising club's directors and site auditors at any time; once the embargo has ended, anyone of a club that
    played it (its members and staff)."""
    if _may_read(user, event.club_id):
        return True
    if event.embargo_ended_at is None:
        return False
    clubs = {event.club_id, *event.entries.values_list("club_id", flat=True)}
    return any(can_view_club(user, c) for c in clubs)


def event_get_for_results(*, user, event_id: int) -> SimultaneousEvent:
    """The event, for :func:`may_read_results`; the site's 404 for anyone else (nothing says it is there)."""
    event = SimultaneousEvent.objects.select_related("club").filter(pk=event_id).first()
    if event is None or not may_read_results(user, event):
        raise Http404("No such simultaneous pairs.")
    return event


def _published_entries(event: SimultaneousEvent) -> list[ClubEntry]:
    entries = event.entries.select_related("session", "session__club").order_by("club__name")
    return [e for e in entries if e.session.is_published]


def session_parts(entries: Sequence[ClubEntry]) -> dict[int, str]:
    """Entry id → what its session's confirmed results are as of now (its status and when its ranking was last
    frozen: read in the database, not the rankings themselves); another value once they change."""
    frozen = dict(
        SessionScoring.objects.filter(session__in=[e.session for e in entries])
        .annotate(scored_at=KT("published_ranking__scored_at"))
        .values_list("session_id", "scored_at")
    )
    return {
        e.pk: json.dumps(["session", e.session_id, e.session.status, frozen.get(e.session_id) or ""], default=str)
        for e in entries
    }


def field_inputs(event: SimultaneousEvent) -> str:
    """What the field's combination is made of, as a fingerprint: each registered club's confirmed (published)
    results as of their last freezing, and each uploaded file. A change of any gives another fingerprint."""
    parts: list[object] = list(session_parts(_published_entries(event)).values())
    files = ClubResultsFile.objects.filter(event=event).order_by("pk").values_list("pk", "sha256", "club_name")
    parts += [["file", pk, sha256, club] for pk, sha256, club in files]  # (not the files: each decrypted on reading)
    parts.append([event.scale, event.factoring])
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


def published_entries(event: SimultaneousEvent) -> list[ClubEntry]:
    """The registered clubs whose session's results are confirmed (published), by club."""
    return _published_entries(event)


def session_results(entry: ClubEntry) -> ClubResults:
    """A registered club's published session's results in the engine's column form, with its pairs' players."""
    session = entry.session
    names = {
        label: " – ".join(n for n in pair.player_names if n) for label, pair in session_pairs(session=session).items()
    }
    return club_results(session_lines(session=session), names)


def session_place(entry: ClubEntry) -> str:
    """Where a registered club's results come from, as a file's name says it of a file's."""
    return f"{entry.session.club.slug}/s{entry.session_id}"


def combination_of(event: SimultaneousEvent) -> FieldCombination | None:
    """The kept combination (the ranking's rows; its boards' and clubs' results are kept apart)."""
    return FieldCombination.objects.filter(event=event).first()


def event_ranking(*, event: SimultaneousEvent) -> list[FieldRow]:
    """Every pair of the field, best first, as the field's combination was last KEPT (``simultaneous.tasks``): its
    overall place and percentage, and its local ones (its club alone). Empty before the first combination."""
    kept = combination_of(event)
    return ranking_rows(kept.rows) if kept is not None else []


def ranking_rows(rows: Sequence[dict]) -> list[FieldRow]:
    """The kept combination's rows (or a page of them) as :class:`FieldRow`."""
    return [
        FieldRow(
            club=row["club"],
            pair=row["pair"],
            names=row["names"],
            percentage=Fraction(row["percentage"]),
            place=row["place"],
            local_percentage=Fraction(row["local_percentage"]),
            local_place=row["local_place"],
        )
        for row in rows
    ]


# --- a club's page of the results: its pairs alone, read without the whole field ------------------------------


@dataclass(frozen=True)
class ClubInField:
    """A participating club's part of the field's results: its name in the field (None while none of its results is
    in it), its pairs' rows (in the overall order), and where its results came from (its entry or its file)."""

    name: str | None
    rows: list[FieldRow]
    entry_id: int | None = None
    club_file_id: int | None = None


def club_in_field(
    event: SimultaneousEvent, *, entry_id: int | None = None, club_file_id: int | None = None
) -> ClubInField:
    """The club whose results come from the event's entry ``entry_id`` (a registered session) or its file
    ``club_file_id``, as the field was last kept: its own rows alone are read (never the whole ranking). The site's
    404 when neither names a club of this event; no rows while its results are not in the field."""
    if entry_id is not None:
        name = ClubEntry.objects.filter(event=event, pk=entry_id).values_list("club__name", flat=True).first()
        kept = FieldClub.objects.filter(event=event, entry_id=entry_id)
    else:
        name = ClubResultsFile.objects.filter(event=event, pk=club_file_id).values_list("club_name", flat=True).first()
        kept = FieldClub.objects.filter(event=event, club_file_id=club_file_id)
    if name is None:
        raise Http404("No such club in this simultaneous pairs.")
    found = kept.values_list("club", "rows").first()
    return ClubInField(
        name=found[0] if found else name,
        rows=ranking_rows(found[1]) if found else [],
        entry_id=entry_id,
        club_file_id=club_file_id,
    )


def field_row(event: SimultaneousEvent, club: str, pair: str) -> FieldRow | None:
    """``pair`` of ``club`` (its name in the field) as last kept, from its club's rows alone; None when not in it."""
    rows = FieldClub.objects.filter(event=event, club=club).values_list("rows", flat=True).first()
    return next((row for row in ranking_rows(rows or []) if row.pair == pair), None)


def field_size(event: SimultaneousEvent) -> tuple[int, int]:
    """How many clubs and pairs the field held when last kept (read without its rows)."""
    kept = FieldCombination.objects.filter(event=event).values_list("clubs", "pairs").first()
    return kept if kept is not None else (0, 0)


def field_club_sources(event: SimultaneousEvent, names: Sequence[str]) -> dict[str, tuple[int | None, int | None]]:
    """Club's name in the field → (entry id, file id) its results came from, for the clubs ``names`` (a page of the
    ranking links each to its club's page)."""
    kept = FieldClub.objects.filter(event=event, club__in=set(names)).values_list("club", "entry_id", "club_file_id")
    return {club: (entry_id, file_id) for club, entry_id, file_id in kept}


# --- the boards: deals, commentary, the field's results on each (as secret as the deals) -------------------------


def may_read_boards(user, event: SimultaneousEvent) -> bool:
    """Who reads the event's deals, commentary and results board by board: before the embargo ends, the organising
    club's directors alone (not even a site auditor, nor a participating club's director); after it, whoever may
    read the field's results (:func:`event_get_for_results`)."""
    if can_direct(user, event.club_id):
        return True
    if event.embargo_ended_at is None:
        return False
    clubs = {event.club_id, *event.entries.values_list("club_id", flat=True)}
    return is_site_auditor(user) or any(can_view_club(user, c) for c in clubs)


def event_get_for_boards(*, user, event_id: int) -> SimultaneousEvent:
    """The event, for :func:`may_read_boards`; the site's 404 for anyone else (nothing says it is there)."""
    event = SimultaneousEvent.objects.select_related("club").filter(pk=event_id).first()
    if event is None or not may_read_boards(user, event):
        raise Http404("No such simultaneous pairs.")
    return event


@sensitive_variables()
def event_boards(event: SimultaneousEvent) -> list[BoardRecord]:
    """The event's deals (its deals session's boards, with their analysis when done), by number. For the callers of
    :func:`event_get_for_boards` and the booklet's rule only."""
    if event.deals_session_id is None:
        return []
    return [board_record(b) for b in Board.objects.filter(session_id=event.deals_session_id).order_by("number")]


def event_commentaries(event: SimultaneousEvent) -> dict[int, str]:
    """Board number → the organiser's commentary (the same rule as the deals: :func:`may_read_boards`)."""
    return dict(BoardCommentary.objects.filter(event=event).exclude(text="").values_list("number", "text"))


def board_frequencies(event: SimultaneousEvent, number: int) -> list[Frequency]:
    """Every result of board ``number`` across the field as last kept, with how often it was scored, best for NS
    first (artificial scores last): that board's table alone is read."""
    table = FieldBoard.objects.filter(event=event, number=number).values_list("results", flat=True).first()
    return frequencies(table or [])


def pair_scorecard(event: SimultaneousEvent, club: str, pair: str) -> list[ScorecardLine]:
    """``pair`` of ``club``'s boards with the overall matchpoints (as last kept); empty for a pair not in it. Its
    club's lines and the tables of the boards it played are read, nothing else."""
    lines = FieldClub.objects.filter(event=event, club=club).values_list("lines", flat=True).first()
    if not lines:
        return []
    tables = dict(FieldBoard.objects.filter(event=event, number__in=boards_of(lines)).values_list("number", "results"))
    return scorecard(lines, tables, pair)


def field_lines(event: SimultaneousEvent) -> list[dict]:
    """Every board's every result across the field as last kept (``simultaneous.domain.field.board_results``: club,
    pairs, result, NS score, both sides' overall matchpoints and the top), for a whole-field file."""
    clubs = dict(FieldClub.objects.filter(event=event).order_by("pk").values_list("club", "lines"))
    tables = dict(FieldBoard.objects.filter(event=event).values_list("number", "results"))
    return board_results(clubs, tables)


def booklet_may(user, event: SimultaneousEvent) -> bool:
    """Who takes the booklet (the deals, their analysis, the commentary): the organising club's directors at any
    time once dealt; a participating club's director once the club's session is over (to print for its players);
    whoever may read the field's results once the embargo has ended."""
    if event.deals_session_id is None:
        return False
    if may_read_boards(user, event):
        return True
    return any(
        entry.session.is_over and can_direct(user, entry.club_id) for entry in event.entries.select_related("session")
    )


def event_get_for_booklet(*, user, event_id: int) -> SimultaneousEvent:
    event = SimultaneousEvent.objects.select_related("club").filter(pk=event_id).first()
    if event is None or not booklet_may(user, event):
        raise Http404("No such simultaneous pairs.")
    return event


# --- the organiser's flags across the field -----------------------------------------------------------------------

#: how long the flags worked out for one combination are kept (a new combination asks for them afresh)
FLAGS_KEPT_SECONDS = 24 * 3600


@sensitive_variables()
def field_flags(event: SimultaneousEvent) -> list[Text]:
    """Each club's boards whose results look like another board of the event (two boards swapped at the club's
    dealing machine, a board dealt under another number) or like no deal of it (a board fouled), as the scoring
    domain's :func:`~scoring.domain.checks.looks_like_another_board` judges the kept combination's results against
    the event's double-dummy tables (boards not analysed yet are left out). For the organising club's directors: it
    reads every club's results and, to judge them, the deals' analysis (none of which it shows).

    Worked out once for each kept combination and number of boards analysed (the field's every line read and judged:
    seconds in a national field) and kept in the cache."""
    kept = FieldCombination.objects.filter(event=event).values_list("inputs", "combined_at").first()
    if kept is None:
        return []
    analysed = Board.objects.filter(
        session_id=event.deals_session_id, analysis_status=Board.AnalysisStatus.DONE
    ).count()
    made_of = f"{kept[0]}:{kept[1].timestamp()}:{analysed}"
    key = f"simultaneous:flags:{event.pk}:{hashlib.sha256(made_of.encode()).hexdigest()}"
    flags = cache.get(key)
    if flags is None:
        flags = _field_flags(event)
        cache.set(key, flags, FLAGS_KEPT_SECONDS)
    return flags


def _field_flags(event: SimultaneousEvent) -> list[Text]:
    tables = {b.number: b.analysis.table for b in event_boards(event) if b.analysis is not None}
    clubs: dict[str, list[TravellerLine]] = {}
    results: dict[str, Result | None] = {}  # each result as typed, read once (a field repeats a few thousand)
    for board in field_lines(event) if tables else []:
        number = board["board"]
        if number not in tables:
            continue
        for line in board["results"]:
            typed = line["result"]
            if typed not in results:
                try:
                    results[typed] = parse_entry(typed)
                except BridgeError:  # a result the field kept that is not one (nothing to judge)
                    results[typed] = None
            result = results[typed]
            if result is not None:
                clubs.setdefault(line["club"], []).append(
                    TravellerLine(number, line["ns"], line["ew"], result, section=line["club"])
                )
    return [flag for club in sorted(clubs) for flag in looks_like_another_board(clubs[club], tables, club=club)]


# --- the whole field as one results file -----------------------------------------------------------------------


@sensitive_variables()
def field_usebio(event: SimultaneousEvent) -> bytes:
    """The whole field as kept, as one USEBIO file (``scoring.domain.formats.usebio_field``): a section per club,
    each pair's overall percentage and place, every result with its overall matchpoints; the deals (HANDSET) only
    once the embargo has ended. For the callers of :func:`event_get_for_results`, as the ranking's CSV."""
    kept = combination_of(event)
    pairs = [
        FieldPair(row.club, row.pair, row.names, row.percentage, row.place)
        for row in (ranking_rows(kept.rows) if kept is not None else [])
    ]
    lines = [
        FieldLine(
            board["board"],
            line["club"],
            line["ns"],
            line["ew"],
            parse_entry(line["result"]),
            Fraction(line["mp_ns"]),
            Fraction(line["mp_ew"]),
            Fraction(line["top"]),
        )
        for board in (field_lines(event) if kept is not None else [])
        for line in board["results"]
    ]
    deals = {b.number: b.deal for b in event_boards(event)} if event.embargo_ended_at is not None else None
    return write_field_usebio(
        name=event.name,
        organiser=event.club.name,
        date=event.date,
        options=ScoringOptions(scale=event.scale, factoring=event.factoring),
        pairs=pairs,
        lines=lines,
        deals=deals,
    )

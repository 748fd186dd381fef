"""The director's live room, read in one go (``room_state``): every table's progress in its round (boards
confirmed, pending, missing, in conflict), late tables, phones at each table, codes locked by wrong PINs,
open conflicts with their results in bridge words, tables' correction requests, suspicious results
(``scoring.domain.checks`` through ``scoring.selectors.travellers``) and the running ranking — the
session scored now from its ``Result`` rows, so each confirmed result shows at the next refresh.

Only the club's directors read it (``clubs.selectors.session_get_for_director`` in the views).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils import timezone

from clubs.models import Session
from clubs.texts import render
from scoring.domain.notation import from_data
from scoring.models import Result
from scoring.selectors.travellers import ranking_rows, session_travellers
from tables.domain.codes import WINDOW
from tables.domain.moves import round_notes
from tables.domain.progress import board_states, is_late, table_position
from tables.models import Conflict, CorrectionRequest, Device, JoinAttempt, Submission, Table, TableSession
from tables.selectors.context import session_context
from tables.selectors.table import _pair_json, _recorded, said
from tables.services.joining import SEEN_SECONDS, code_locked_until
from tables.services.setup import table_settings_get


@dataclass
class TableRow:
    table: Table
    round: int
    playing: bool
    ns: dict | None
    ew: dict | None
    boards: list[tuple[int, str]]
    late: bool
    phones: int
    wrong_pins: int
    locked_until: object | None
    notes: list[str] = field(default_factory=list)

    @property
    def confirmed(self) -> int:
        return sum(1 for _b, s in self.boards if s == "confirmed")

    @property
    def missing(self) -> int:
        return sum(1 for _b, s in self.boards if s in ("missing", "pending"))


@dataclass
class ConflictRow:
    conflict: Conflict
    choices: list[tuple[int, str]]  # (submission id, the result said)
    recorded: str


@dataclass
class Room:
    session: Session
    table_session: TableSession | None
    rounds: tuple[int, ...]
    tables: list[TableRow]
    conflicts: list[ConflictRow]
    requests: list[CorrectionRequest]
    flags: list[str]
    ranking: list
    deal_checks_note: str = ""

    @property
    def released(self) -> int:
        return self.table_session.released_round if self.table_session else 0

    @property
    def next_round(self) -> int | None:
        following = self.released + 1
        return following if following in self.rounds else None

    @property
    def done_this_round(self) -> int:
        return sum(1 for t in self.tables if not t.playing)

    @property
    def late(self) -> int:
        return sum(1 for t in self.tables if t.late)


def room_state(*, session: Session, user, now=None) -> Room:
    now = now or timezone.now()
    table_session = TableSession.objects.filter(session=session).first()
    context = session_context(session)
    results = session_travellers(session=session, checks_for=user, layout=context.layout, trail=False)
    ranking = ranking_rows(results.event, results.pairs)
    flags = [render(t) for t in results.flags]
    if table_session is None:
        return Room(session, None, context.rounds, [], [], [], flags, ranking, results.deal_checks_note)
    minutes = table_settings_get(session.club).minutes_per_board
    seen_since = now - timedelta(seconds=SEEN_SECONDS)
    tables = list(Table.objects.filter(table_session=table_session).order_by("number"))
    phones: dict[int, int] = {}
    for device in Device.objects.filter(table__in=tables, left_at__isnull=True, last_seen__gte=seen_since):
        phones[device.table_id] = phones.get(device.table_id, 0) + 1
    wrong: dict[int, int] = {}
    for attempt in JoinAttempt.objects.filter(table__in=tables, ok=False, at__gt=now - WINDOW):
        wrong[attempt.table_id] = wrong.get(attempt.table_id, 0) + 1
    pending = set(
        Submission.objects.filter(
            table__in=tables, kind=Submission.Kind.ENTRY, status=Submission.Status.PENDING
        ).values_list("table_id", "round", "board")
    )
    open_conflicts = list(
        Conflict.objects.filter(table__in=tables, resolved_at__isnull=True)
        .select_related("table")
        .prefetch_related("submissions")
    )
    conflicted = {(c.table_id, c.round, c.board) for c in open_conflicts}
    lines = {
        (row.board, row.ns_pair_id, row.ew_pair_id): row  # read once for every table
        for row in Result.objects.filter(session=session)
    }
    rows = []
    for table in tables:
        by_round = context.boards_by_round(table.number)
        recorded = _recorded(context, table.number, lines)
        position = table_position(by_round, done=set(recorded), released=table_session.released_round)
        r = position.round
        boards = by_round.get(r, ())
        meeting = context.meeting(r, table.number)
        states = board_states(
            boards,
            confirmed={b for b in boards if (r, b) in recorded},
            pending={b for b in boards if (table.pk, r, b) in pending},
            conflicts={b for b in boards if (table.pk, r, b) in conflicted},
        )
        late = is_late(
            position,
            released=table_session.released_round,
            released_at=table_session.released_at,
            now=now,
            boards=len(boards),
            minutes_per_board=minutes,
        )
        rows.append(
            TableRow(
                table,
                r,
                position.playing,
                _pair_json(context, meeting.ns if meeting else None),
                _pair_json(context, meeting.ew if meeting else None),
                states,
                late,
                phones.get(table.pk, 0),
                wrong.get(table.pk, 0),
                code_locked_until(table.code, now=now) if wrong.get(table.pk) else None,
                [
                    render(t)
                    for t in round_notes(context.card_line(table.number, r), movement=context.movement, round_number=r)
                ]
                if r and context.movement
                else [],
            )
        )
    conflicts = []
    for c in open_conflicts:
        recorded_result = _recorded(context, c.table.number, lines).get((c.round, c.board))
        from scoring.selectors.results import domain_result

        choices = []
        seen = set()
        for sub in sorted(c.submissions.all(), key=lambda s: (s.at, s.pk)):
            words = said(from_data(sub.data), c.board)
            if words not in seen:
                seen.add(words)
                choices.append((sub.pk, words))
        conflicts.append(
            ConflictRow(c, choices, said(domain_result(recorded_result), c.board) if recorded_result else "")
        )
    requests = list(CorrectionRequest.objects.filter(table__in=tables, done_at__isnull=True).select_related("table"))
    return Room(
        session, table_session, context.rounds, rows, conflicts, requests, flags, ranking, results.deal_checks_note
    )


@dataclass(frozen=True)
class RoomSummary:
    """Where table entry stands, in a few numbers (the session page's path): no table, phone or ranking read."""

    started_at: object | None  # None: table entry not started
    released: int  # the last round released to the tables (0: not started)
    conflicts: int  # conflicts between phones waiting for the director
    requests: int  # tables' correction requests not yet closed


def room_summary(*, session: Session) -> RoomSummary:
    table_session = TableSession.objects.filter(session=session).first()
    if table_session is None:
        return RoomSummary(None, 0, 0, 0)
    tables = Table.objects.filter(table_session=table_session)
    return RoomSummary(
        table_session.started_at,
        table_session.released_round,
        Conflict.objects.filter(table__in=tables, resolved_at__isnull=True).count(),
        CorrectionRequest.objects.filter(table__in=tables, done_at__isnull=True).count(),
    )

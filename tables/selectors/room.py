"""The director's live room, read in one go (``room_state``): every table's progress in its round (boards
confirmed, pending, missing, in conflict), late tables, phones at each table, codes locked by wrong PINs,
open conflicts with their results in bridge words (each said with the phone that sent it, its side and when),
tables' correction requests, suspicious results (``scoring.domain.checks`` through
``scoring.selectors.travellers``: those to look at, and those a director checked and let stand) and the running
ranking — the session scored now from its ``Result`` rows, so each confirmed result shows at the next refresh.

* ``tables_still_playing`` — the tables with boards still to confirm (what "Start round N" asks about), each table
  where its phones see it (a late table reading where to go included, a board in conflict left to the director);
* ``correction_initial`` — the room's correction form filled in for a table and board (a request's "Correct it",
  a flag's "Correct it"): the round, the result recorded as the scorer types it, its lead;
* ``board_to_check`` — a board's flagged results with the hands beside them, for the director.

Only the club's directors read it (``clubs.selectors.session_get_for_director`` in the views).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Session
from clubsite.texts import render
from dealing.selectors.boards import BoardRecord, board_for_flag_check
from scoring.domain.notation import from_data, shorthand
from scoring.models import Result
from scoring.selectors.results import domain_result
from scoring.selectors.travellers import Flagged, ranking_rows, session_travellers
from tables.domain.codes import WINDOW
from tables.domain.moves import round_notes
from tables.domain.progress import board_states, is_late
from tables.domain.text import Text
from tables.models import Conflict, CorrectionRequest, Device, JoinAttempt, Submission, Table, TableSession
from tables.selectors.context import session_context
from tables.selectors.table import pair_json, recorded_results, said, table_position_now
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
    moving: bool = False  # done with its round after the next was released: reading where to go
    phone_pairs: list[str] = field(default_factory=list)  # the pair each phone seen here goes with ("": none said)

    @property
    def confirmed(self) -> int:
        return sum(1 for _b, s in self.boards if s == "confirmed")

    @property
    def missing(self) -> int:
        return sum(1 for _b, s in self.boards if s in ("missing", "pending"))


@dataclass(frozen=True)
class Choice:
    """One result of a conflict: its submission, the result said, and who sent it — the table's phone (numbered in
    the order the table's phones joined), the side that entered it, and when."""

    pk: int
    words: str
    phone: int | None
    side: str
    at: object


@dataclass
class ConflictRow:
    conflict: Conflict
    choices: list[Choice]
    recorded: str


@dataclass
class Room:
    session: Session
    table_session: TableSession | None
    rounds: tuple[int, ...]
    tables: list[TableRow]
    conflicts: list[ConflictRow]
    requests: list[CorrectionRequest]
    flags: list[Flagged]  # to look at
    ranking: list
    deal_checks_note: str = ""
    checked: list[Flagged] = field(default_factory=list)  # looked at, and let stand

    @property
    def closed(self) -> bool:
        """The results are published: the room shows the evening as it ended and changes nothing."""
        return self.session.is_published

    @property
    def still_playing(self) -> list[int]:
        """The tables with boards still to confirm in their round (late tables included, also one still reading where
        to go after its last round: it has the released round still to play)."""
        return [t.table.number for t in self.tables if t.playing or t.moving]

    @property
    def release_question(self) -> Text | None:
        """What "Start round N" asks while tables are still playing (None: every table is done, nothing to ask)."""
        playing = self.still_playing
        if not playing or self.next_round is None:
            return None
        return Text.of("director.tables_playing", count=len(playing), tables=tuple(playing), round=self.next_round)

    @property
    def released(self) -> int:
        return self.table_session.released_round if self.table_session else 0

    @property
    def next_round(self) -> int | None:
        following = self.released + 1
        return following if following in self.rounds else None

    @property
    def done_this_round(self) -> int:
        return sum(1 for t in self.tables if not (t.playing or t.moving))

    @property
    def late(self) -> int:
        return sum(1 for t in self.tables if t.late)


def room_state(*, session: Session, user, now=None) -> Room:
    now = now or timezone.now()
    table_session = TableSession.objects.filter(session=session).first()
    context = session_context(session)
    results = session_travellers(session=session, checks_for=user, layout=context.layout, trail=False)
    ranking = ranking_rows(results.event, results.pairs)
    flagged = results.flagged()
    flags = [f for f in flagged if f.check is None]
    checked = [f for f in flagged if f.check is not None]
    if table_session is None:
        return Room(session, None, context.rounds, [], [], [], flags, ranking, results.deal_checks_note, checked)
    minutes = table_settings_get(session.club).minutes_per_board
    seen_since = now - timedelta(seconds=SEEN_SECONDS)
    tables = list(Table.objects.filter(table_session=table_session).order_by("number"))
    phones: dict[int, int] = {}
    phone_pairs: dict[int, list[str]] = {}
    devices = list(
        Device.objects.filter(table__in=tables).only("id", "table_id", "joined_at", "left_at", "last_seen", "pair")
    )
    for device in devices:
        if device.left_at is None and device.last_seen is not None and device.last_seen >= seen_since:
            phones[device.table_id] = phones.get(device.table_id, 0) + 1
            phone_pairs.setdefault(device.table_id, []).append(device.pair)
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
    open_by_table: dict[int, set[tuple[int, int]]] = {}
    for c in open_conflicts:
        open_by_table.setdefault(c.table_id, set()).add((c.round, c.board))
    lines = {
        (row.board, row.ns_pair_id, row.ew_pair_id): row  # read once for every table
        for row in Result.objects.filter(session=session)
    }
    rows = []
    for table in tables:
        by_round = context.boards_by_round(table.number)
        recorded = recorded_results(context, table.number, lines)
        table.table_session = table_session
        # as the table's phones see it: a board in conflict is the director's, a late table reads its moves first
        position = table_position_now(context, table, recorded=recorded, conflicts=open_by_table.get(table.pk, set()))
        r = position.round
        boards = by_round.get(r, ())
        meeting = context.meeting(r, table.number)
        states = board_states(
            boards,
            confirmed={b for b in boards if (r, b) in recorded},
            pending={b for b in boards if (table.pk, r, b) in pending},
            conflicts={b for b in boards if (table.pk, r, b) in conflicted},
        )
        late = not session.is_over and (  # (once play is over no table is late)
            position.moving
            or is_late(
                position,
                released=table_session.released_round,
                released_at=table_session.released_at,
                now=now,
                boards=len(boards),
                minutes_per_board=minutes,
            )
        )
        rows.append(
            TableRow(
                table,
                r,
                position.playing,
                pair_json(context, meeting.ns if meeting else None),
                pair_json(context, meeting.ew if meeting else None),
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
                position.moving,
                sorted(phone_pairs.get(table.pk, []), key=lambda p: (not p, p.zfill(4))),
            )
        )
    phone_numbers = {
        device.pk: number
        for table in tables
        for number, device in enumerate(
            sorted((d for d in devices if d.table_id == table.pk), key=lambda d: (d.joined_at, d.pk)), start=1
        )
    }
    conflicts = []
    for c in open_conflicts:
        recorded_result = recorded_results(context, c.table.number, lines).get((c.round, c.board))
        choices = []
        seen = set()
        for sub in sorted(c.submissions.all(), key=lambda s: (s.at, s.pk)):
            words = said(from_data(sub.data), c.board)
            if words not in seen:
                seen.add(words)
                choices.append(Choice(sub.pk, words, phone_numbers.get(sub.device_id), sub.side, sub.at))
        conflicts.append(
            ConflictRow(c, choices, said(domain_result(recorded_result), c.board) if recorded_result else "")
        )
    requests = list(CorrectionRequest.objects.filter(table__in=tables, done_at__isnull=True).select_related("table"))
    return Room(
        session,
        table_session,
        context.rounds,
        rows,
        conflicts,
        requests,
        flags,
        ranking,
        results.deal_checks_note,
        checked,
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


def tables_still_playing(*, session: Session) -> list[int]:
    """The numbers of the tables with boards still to confirm in their round (a late table in an earlier round
    too): what "Start round N" tells the director before it moves the evening on."""
    table_session = TableSession.objects.filter(session=session).first()
    if table_session is None:
        return []
    context = session_context(session)
    lines = {(row.board, row.ns_pair_id, row.ew_pair_id): row for row in Result.objects.filter(session=session)}
    open_conflicts: dict[int, set[tuple[int, int]]] = {}
    for c in Conflict.objects.filter(table__table_session=table_session, resolved_at__isnull=True):
        open_conflicts.setdefault(c.table_id, set()).add((c.round, c.board))
    out = []
    for table in Table.objects.filter(table_session=table_session).order_by("number"):
        table.table_session = table_session
        # as its phones see it (``table_position_now``): a late table reading its moves still has the round to play
        position = table_position_now(context, table, rows=lines, conflicts=open_conflicts.get(table.pk, set()))
        if position.playing or position.moving:
            out.append(table.number)
    return out


def correction_initial(
    *,
    session: Session,
    table: int | None,
    board: int | None,
    round_number: int | None = None,
    request: CorrectionRequest | None = None,
) -> dict:
    """The room's correction form filled in for ``table`` and ``board``: the round the table plays it in, the result
    recorded there as the scorer types it and its lead, and for a table's request its words as the reason."""
    form: dict = {
        "table": table or "",
        "round": round_number or "",
        "board": board or "",
        "typed": "",
        "lead": "",
        "reason": "",
        "request": request.pk if request is not None else "",
    }
    if table and board:
        context = session_context(session)
        found = round_number or context.round_of_board(table, board)
        meeting = context.meeting(found, table) if found else None
        if meeting is not None and board in meeting.boards:
            form["round"] = found
            ns_pair, ew_pair = context.meeting_pairs(meeting)
            recorded = Result.objects.filter(session=session, board=board, ns_pair=ns_pair, ew_pair=ew_pair).first()
            if recorded is not None:
                result = domain_result(recorded)
                form["typed"] = shorthand(result)
                form["lead"] = getattr(result, "lead", "") or ""
    if request is not None:
        form["reason"] = _("Table %(table)s asked: %(note)s") % {"table": request.table.number, "note": request.note}
    return form


@dataclass
class BoardToCheck:
    """A board's lines for the director looking at its flags, and its deal beside them (only when a line of the
    board is flagged: the session may still be in play, and the room shows no other deal)."""

    session: Session
    board: int
    lines: list  # scoring.selectors.travellers.Line, the board's traveller
    record: BoardRecord | None  # the deal and its analysis, or None

    @property
    def flagged(self) -> bool:
        return any(line.flags or line.checked for line in self.lines)


def board_to_check(*, session: Session, user, board: int) -> BoardToCheck:
    """Board ``board``'s traveller with its flags (checked or not) and, when a line is flagged, its deal for the
    club's director (``dealing.selectors.boards.board_for_flag_check``)."""
    results = session_travellers(session=session, board=board, checks_for=user, trail=False)
    traveller = results.traveller(board)
    lines = [line for line in traveller.lines if line.entered] if traveller else []
    found = BoardToCheck(session, board, lines, None)
    if found.flagged:
        _session, found.record = board_for_flag_check(user=user, session_id=session.pk, number=board)
    return found

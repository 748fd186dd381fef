"""A teams session at its tables (issue 21): the phones enter each board of the match at their table, the other
side confirms, and the result goes on the match's score card through the teams engine's service
(``teams.services.match_board_table_set``: ``home_ns`` at the match's first table, ``away_ns`` at its second). The
machinery is the pairs tables' own — codes and PINs, phones joined by token (``tables.services.joining``), every
action under an idempotency key, the rules of one result per board (``tables.services.submissions.entry_decide`` and
``confirm_decide``, from ``tables.domain.decisions``); only where the result is kept differs.

* ``teams_table_entry_start`` — a code and PIN for each of the session's tables (two a match), the session put in
  play; refused before the first round is drawn;
* ``teams_entry_submit`` / ``teams_entry_confirm`` — a board's result entered (NS) and accepted (EW);
* ``teams_correction_request`` — after confirmation the table asks the director (who corrects the score card);
* ``teams_conflict_resolve`` — the director keeps one of the results a table sent for a board.

What a table may enter is the match at it in the rounds open at the tables (``tables.selectors.teams``): a board
of another match or of a round not open yet is refused with its reason, in the phone's language.
"""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from clubs.models import Session
from scoring.domain.notation import as_data, from_data
from scoring.domain.results import Result
from scoring.services.sessions import session_status_set
from tables.domain.button_entry import read_entry
from tables.domain.codes import new_pin
from tables.domain.decisions import check_side
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Conflict, Device, Submission, Table, TableSession
from tables.selectors.teams import TeamsTables, teams_tables
from tables.services.setup import require_director, room_open_check, unique_code
from tables.services.submissions import (
    Answer,
    check_key,
    confirm_decide,
    correction_request_read,
    correction_request_store,
    entry_decide,
    entry_standing,
    line_submissions,
    locked_table,
    replayed,
    table_open_check,
)
from teams.models import Match
from teams.services import match_board_table_set


def _tables(session: Session) -> TeamsTables:
    tables = teams_tables(session)
    if tables is None or not tables.rounds:
        raise TableError(Text.of("teams.not_drawn"), field=None)
    return tables


@transaction.atomic
def teams_table_entry_start(*, session: Session, user) -> TableSession:
    """Start table entry for a teams session (idempotent: a started session keeps its codes; tables a later round
    needs are added)."""
    require_director(user, session.club_id)
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.is_over:
        raise TableError(Text.of("session.over", session=session.name), field=None)
    tables = _tables(session)
    table_session, _created = TableSession.objects.get_or_create(
        session=session, defaults={"started_by": user, "released_round": 1, "released_at": timezone.now()}
    )
    have = set(table_session.tables.values_list("number", flat=True))
    for number in tables.tables:
        if number in have:
            continue
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    Table.objects.create(
                        table_session=table_session, number=number, code=unique_code(), pin=new_pin(secrets.randbelow)
                    )
                break
            except IntegrityError:  # a code taken at the same moment: draw again
                continue
    if session.status == Session.Status.PLANNED:
        session_status_set(session=session, status=Session.Status.RUNNING)
    return table_session


def _seat(tables: TeamsTables, table: Table, board: int, round_given) -> tuple[int, Match, bool]:
    """The round, match and side (first table or not) of ``board`` at ``table``, or the ``TableError`` why not."""
    released = tables.released
    if round_given not in (None, ""):
        try:
            round_number = int(round_given)
        except (TypeError, ValueError):
            raise TableError(Text.of("round.unknown", round=round_given), field="round") from None
        if round_number not in tables.rounds:
            raise TableError(Text.of("round.unknown", round=round_number), field="round")
    else:
        round_number = next((r for r in tables.rounds if board in tables.boards(r)), released)
    if round_number > released or round_number < 1:
        raise TableError(Text.of("round.not_released", round=round_number), field="round")
    seat = tables.seat(round_number, table.number)
    if seat is None:
        raise TableError(Text.of("board.no_play", table=table.number, round=round_number), field="board")
    boards = tuple(tables.boards(round_number))
    if board not in boards:
        raise TableError(
            Text.of("board.not_here", board=board, table=table.number, round=round_number, boards=boards), field="board"
        )
    match, home = seat
    return round_number, match, home


@transaction.atomic
def teams_entry_submit(*, device: Device, key: str, data: dict, replaces: str = "", side: str = "NS") -> Answer:
    """A board's result as the table entered it: pending until the other side confirms it (the same rules as a
    pairs table's, ``tables.services.submissions.entry_decide``)."""
    key = check_key(key)
    table = locked_table(device)
    replay = replayed(table, key, Submission.Kind.ENTRY)
    if replay is not None:
        return replay
    session = table_open_check(table)
    side = check_side(side)
    board, result = read_entry(data)
    tables = _tables(session)
    round_number, match, home = _seat(tables, table, board, data.get("round"))
    return entry_decide(
        table=table,
        device=device,
        key=key,
        side=side,
        round_number=round_number,
        board=board,
        result=result,
        replaces=replaces,
        recorded=tables.recorded(match, home).get(board),
        line=line_submissions(table, round_number, board),
    )


def _record(match: Match, home: bool, board: int, result: Result) -> Result:
    """The result on the match's score card, at this table's side (its shorthand, as the scorer would type it)."""
    match_board_table_set(match=match, board=board, home_table=home, result=result)
    return result


@transaction.atomic
def teams_entry_confirm(*, device: Device, key: str, entry: str, side: str = "EW") -> Answer:
    """The other side accepts the entry ``entry`` (its key): the result goes on the match's score card."""
    key = check_key(key)
    table = locked_table(device)
    replay = replayed(table, key, Submission.Kind.CONFIRM)
    if replay is not None:
        return replay
    session = table_open_check(table)
    side = check_side(side)
    standing = entry_standing(table, entry)
    tables = _tables(session)
    seat = tables.seat(standing.round, table.number)
    if seat is None:
        raise TableError(Text.of("board.no_play", table=table.number, round=standing.round), field="board")
    match, home = seat
    return confirm_decide(
        table=table,
        device=device,
        key=key,
        side=side,
        standing=standing,
        line=line_submissions(table, standing.round, standing.board),
        recorded=tables.recorded(match, home).get(standing.board),
        record=lambda sub: _record(match, home, sub.board, from_data(sub.data)),
    )


@transaction.atomic
def teams_correction_request(*, device: Device, key: str, board, note: str) -> Answer:
    """Ask the director to correct a board's result on the score card (only the director and the scorer change it
    once confirmed)."""
    key = check_key(key)
    table = locked_table(device)
    replay = replayed(table, key, Submission.Kind.REQUEST)
    if replay is not None:
        return replay
    session, number, note = correction_request_read(table, board, note)
    round_number, _match, _home = _seat(_tables(session), table, number, None)
    return correction_request_store(table, device, key, round_number, number, note)


@transaction.atomic
def teams_conflict_resolve(*, conflict: Conflict, user, choice: int) -> Result:
    """Settle a conflict with one of the results the table sent (``choice``: its submission's id): it goes on the
    score card, the others are kept as not chosen."""
    conflict = Conflict.objects.select_for_update().select_related("table__table_session__session").get(pk=conflict.pk)
    session = conflict.table.table_session.session
    require_director(user, session.club_id)
    room_open_check(session)
    if conflict.resolved_at is not None:
        raise TableError(Text.of("director.resolved"), field=None)
    subs = list(conflict.submissions.all())
    chosen = next((s for s in subs if s.pk == choice), None)
    if chosen is None:
        raise TableError(Text.of("director.choice"), field="choice")
    result = from_data(chosen.data)
    seat = _tables(session).seat(conflict.round, conflict.table.number)
    if seat is None:
        raise TableError(Text.of("board.no_play", table=conflict.table.number, round=conflict.round), field="board")
    _record(seat[0], seat[1], conflict.board, result)
    for sub in subs:
        sub.status = Submission.Status.CONFIRMED if sub is chosen else Submission.Status.REJECTED
        sub.save(update_fields=["status"])
    conflict.resolved_at, conflict.resolved_by, conflict.resolution = timezone.now(), user, as_data(result)
    conflict.save()
    return result

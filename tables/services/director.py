"""The director's writes from the live room: resolve a conflict, enter or correct a result for a table,
close a table's correction request, finish the session.

Results go through ``scoring.services.results`` (``result_record`` / ``result_correct`` with the director
as the user and a reason), so the board's audit trail keeps who did what and why. A result is placed by its
table and board (the round is the one in which that table plays the board, unless given); a correction keeps
the lead recorded unless another is given; a correction made from a table's request closes the request.

Once the results are published the room is closed (``room_open_check``): corrections go through the
session's results page, with its own rules for the score-query window.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils import timezone

from clubs.models import Session
from scoring.domain.notation import as_data, from_data
from scoring.domain.results import Played
from scoring.domain.shorthand import parse_entry, parse_lead
from scoring.models import Result
from scoring.services.results import result_correct, result_record
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Conflict, CorrectionRequest, Submission, Table
from tables.selectors.context import session_context
from tables.services.setup import require_director, room_open_check


def board_round(session: Session, *, table: int | None, board: int | None, round_number: int | None = None) -> int:
    """The round in which ``table`` plays ``board`` (``round_number`` when given); a ``TableError`` naming the field
    when the table or the board is missing, or the table does not play that board."""
    if not table:
        raise TableError(Text.of("director.table_missing"), field="table")
    if not board:
        raise TableError(Text.of("director.board_missing"), field="board")
    context = session_context(session)
    by_round = context.boards_by_round(table)
    if not any(by_round.values()):
        raise TableError(Text.of("director.table_unknown", table=table), field="table")
    if round_number:
        return round_number
    found = context.round_of_board(table, board)
    if found is None:
        boards = tuple(sorted(b for bs in by_round.values() for b in bs))
        raise TableError(Text.of("director.board_not_at_table", table=table, board=board, boards=boards), field="board")
    return found


def _line_result(session: Session, *, table: int, round_number: int, board: int):
    context = session_context(session)
    meeting = context.meeting(round_number, table)
    if meeting is None or board not in meeting.boards:
        boards = meeting.boards if meeting else (0,)
        raise TableError(
            Text.of("board.not_here", board=board, table=table, round=round_number, boards=boards), field="board"
        )
    ns_pair, ew_pair = context.meeting_pairs(meeting)
    recorded = Result.objects.filter(session=session, board=board, ns_pair=ns_pair, ew_pair=ew_pair).first()
    return ns_pair, ew_pair, recorded


def _put(session: Session, user, *, table: int, round_number: int, board: int, result, reason: str) -> Result:
    ns_pair, ew_pair, recorded = _line_result(session, table=table, round_number=round_number, board=board)
    if recorded is not None:
        return result_correct(result=recorded, new=result, user=user, reason=reason)
    return result_record(
        session=session,
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        result=result,
        user=user,
        round=round_number,
        table=table,
        reason=reason,
    )


@transaction.atomic
def conflict_resolve(
    *, conflict: Conflict, user, choice: int | None = None, typed: str = "", reason: str = ""
) -> Result:
    """Settle a conflict with one of its submissions (``choice``: its id) or a result typed in the scorer's
    shorthand; the others are kept as not chosen."""
    conflict = Conflict.objects.select_for_update().select_related("table__table_session__session").get(pk=conflict.pk)
    session = conflict.table.table_session.session
    require_director(user, session.club_id)
    room_open_check(session)
    if conflict.resolved_at is not None:
        raise TableError(Text.of("director.resolved"), field=None)
    subs = list(conflict.submissions.all())
    chosen = next((s for s in subs if choice is not None and s.pk == int(choice)), None)
    if chosen is not None:
        result = from_data(chosen.data)
    elif typed.strip():
        result = parse_entry(typed)
    else:
        raise TableError(Text.of("director.choice"), field="choice")
    recorded = _put(
        session,
        user,
        table=conflict.table.number,
        round_number=conflict.round,
        board=conflict.board,
        result=result,
        reason=reason.strip(),
    )
    for sub in subs:
        picked = sub is chosen
        sub.status = Submission.Status.CONFIRMED if picked else Submission.Status.REJECTED
        if picked:
            sub.result = recorded
        sub.save(update_fields=["status", "result"])
    conflict.resolved_at, conflict.resolved_by = timezone.now(), user
    conflict.resolution, conflict.reason = as_data(result), reason.strip()
    conflict.save()
    return recorded


@transaction.atomic
def table_result_set(
    *,
    session: Session,
    user,
    table: int | None,
    board: int | None,
    typed: str,
    round_number: int | None = None,
    lead: str = "",
    reason: str = "",
    request: CorrectionRequest | None = None,
) -> Result:
    """The director enters or corrects a table's result (the scorer's shorthand: ``4S= N``, ``A6040`` …), placed by
    table and board (``round_number``: only to say it; by default the round the table plays the board in). ``lead``:
    the opening lead (``HK``); none given keeps the lead recorded. ``request``: the table's correction request this
    answers, closed with it."""
    require_director(user, session.club_id)
    room_open_check(session)
    round_number = board_round(session, table=table, board=board, round_number=round_number)
    assert table is not None and board is not None  # board_round refuses a missing table or board
    result = parse_entry(typed)
    led = parse_lead(lead)
    if led and isinstance(result, Played) and result.contract is not None:
        result = replace(result, lead=led)
    ns_pair, ew_pair, recorded = _line_result(session, table=table, round_number=round_number, board=board)
    if recorded is not None and not reason.strip():
        raise TableError(Text.of("director.reason"), field="reason")
    recorded = _put(
        session, user, table=table, round_number=round_number, board=board, result=result, reason=reason.strip()
    )
    for conflict in Conflict.objects.filter(
        table__table_session__session=session,
        table__number=table,
        round=round_number,
        board=board,
        resolved_at__isnull=True,
    ):
        conflict.resolved_at, conflict.resolved_by, conflict.resolution = timezone.now(), user, as_data(result)
        conflict.reason = reason.strip()
        conflict.save()
    if request is not None:
        correction_request_done(request=request, user=user)
    return recorded


@transaction.atomic
def correction_request_done(*, request: CorrectionRequest, user) -> CorrectionRequest:
    request = (
        CorrectionRequest.objects.select_for_update().select_related("table__table_session__session").get(pk=request.pk)
    )
    require_director(user, request.table.table_session.session.club_id)
    room_open_check(request.table.table_session.session)
    if request.done_at is None:
        request.done_at, request.done_by = timezone.now(), user
        request.save(update_fields=["done_at", "done_by"])
    return request


def table_of(session: Session, number: int) -> Table:
    return Table.objects.get(table_session__session=session, number=number)

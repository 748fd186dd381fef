"""What phones send from a table: entries, confirmations and correction requests, each under an
idempotency key.

* ``entry_submit`` — a board's result as entered (``tables.domain.button_entry.read_entry``); what it does to
  the board is ``tables.domain.decisions.on_entry``: a new pending entry, the same one again, a
  correction of the pending entry, or a conflict kept for the director;
* ``entry_confirm`` — the other side accepts an entry (``on_confirm``): the result is recorded through
  ``scoring.services.results.result_record`` (``at_table=True``), so scoring sees it at once;
* ``correction_request`` — after confirmation only the director corrects; the table asks, with a note;
* ``table_moved_on`` — the table has read the move instructions of a round it finished late, and goes on.

The rules themselves are written once for every kind of session: ``entry_decide`` and ``confirm_decide`` take the
board's line (``line_submissions``) and its result recorded wherever the session keeps it (a ``scoring.Result`` for a
pairs session; a teams match's score card for a teams session, ``tables.services.teams``).

An action handed over from a signed-out phone (``tables.services.handovers``) is sent by the table's phone
under its first key: once stored, the handover is closed as sent.

Every action is serialised per table (the table's row is locked) and stored as a ``Submission`` with the
answer given: the same key again (a retry, a reload, a queued request sent twice) gets that answer and
changes nothing. Refused actions are not stored, so nothing recorded changes; their ``TableError`` (or a
``ScoringError`` from the scoring services) names the field, in the phone's language.

An answer is plain data (``Answer``); the API adds the words in the phone's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

from django.db import transaction
from django.utils import timezone

from clubs.models import Session
from scoring.domain.notation import as_data, from_data
from scoring.domain.results import Played
from scoring.domain.results import Result as DomainResult
from scoring.models import Result
from scoring.selectors.results import domain_result
from scoring.services.results import result_record
from tables.domain.button_entry import read_board, read_entry
from tables.domain.decisions import ConfirmOutcome, EntryOutcome, Pending, check_side, on_confirm, on_entry
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Conflict, CorrectionRequest, Device, Handover, Submission, Table
from tables.selectors.context import SessionContext, session_context

KEY_LENGTH = (8, 64)


@dataclass
class Answer:
    status: str  # pending, same, conflict, confirmed, requested
    board: int
    round: int
    entry: str  # the key of the entry that stands for the board at this table
    result: dict | None  # the result as data (scoring.domain.notation)
    key: str = ""

    def as_json(self) -> dict:
        return asdict(self)


def check_key(key) -> str:
    key = str(key or "").strip()
    if not KEY_LENGTH[0] <= len(key) <= KEY_LENGTH[1]:
        raise TableError(Text.of("key.missing"), field="key")
    return key


def locked_table(device: Device) -> Table:
    """The phone's table, its row locked: a table's submissions are serialised."""
    return Table.objects.select_for_update().select_related("table_session__session__club").get(pk=device.table_id)


def table_open_check(table: Table) -> Session:
    """The table's session, if the table may enter results now (in play, the table not locked)."""
    session = table.table_session.session
    if session.is_over:
        raise TableError(Text.of("session.over", session=session.name), field=None, code="session_over")
    if session.status != Session.Status.RUNNING:
        raise TableError(Text.of("session.not_running", session=session.name), field=None)
    if table.locked:
        raise TableError(Text.of("table.locked", table=table.number), field=None, code="table_locked")
    return session


def replayed(table: Table, key: str, kind: str) -> Answer | None:
    """The answer given the first time to the action of ``key`` (a retry), or None for a new action."""
    prior = Submission.objects.filter(table=table, key=key).first()
    if prior is None:
        return None
    if prior.kind != kind:
        raise TableError(Text.of("key.reused"), field="key")
    return Answer(**prior.response)


def _round_of(context: SessionContext, table: Table, board: int, round_given) -> int:
    released = table.table_session.released_round
    by_round = context.boards_by_round(table.number)
    if round_given not in (None, ""):
        try:
            round_number = int(round_given)
        except (TypeError, ValueError):
            raise TableError(Text.of("round.unknown", round=round_given), field="round") from None
        if round_number not in by_round:
            raise TableError(Text.of("round.unknown", round=round_number), field="round")
    else:
        round_number = context.round_of_board(table.number, board) or min(released, max(by_round or [1]))
    if round_number > released:
        raise TableError(Text.of("round.not_released", round=round_number), field="round")
    boards = by_round.get(round_number, ())
    if not boards:
        raise TableError(Text.of("board.no_play", table=table.number, round=round_number), field="board")
    if board not in boards:
        raise TableError(
            Text.of("board.not_here", board=board, table=table.number, round=round_number, boards=boards), field="board"
        )
    return round_number


@dataclass
class LineSubmissions:
    """A board's line at a table (one round): the entry waiting for the other side, the entry confirmed, and the
    open conflict, if any."""

    pending: Submission | None
    confirmed: Submission | None
    conflict: Conflict | None


def line_submissions(table: Table, round_number: int, board: int) -> LineSubmissions:
    subs = list(
        Submission.objects.filter(
            table=table,
            round=round_number,
            board=board,
            kind=Submission.Kind.ENTRY,
            status__in=(Submission.Status.PENDING, Submission.Status.CONFIRMED),
        ).order_by("-at", "-id")
    )
    pending = next((s for s in subs if s.status == Submission.Status.PENDING), None)
    confirmed = next((s for s in subs if s.status == Submission.Status.CONFIRMED), None)
    conflict = Conflict.objects.filter(table=table, round=round_number, board=board, resolved_at__isnull=True).first()
    return LineSubmissions(pending, confirmed, conflict)


@dataclass
class _Board(LineSubmissions):
    """The board's line at this table: its pairs and what is recorded, beside the line's submissions."""

    ns_pair: object = None
    ew_pair: object = None
    recorded: Result | None = None


def _board(context: SessionContext, table: Table, round_number: int, board: int) -> _Board:
    meeting = context.meeting(round_number, table.number)
    assert meeting is not None  # a board of the table's round (``_round_of``, or an entry stored after it)
    ns_pair, ew_pair = context.meeting_pairs(meeting)
    recorded = Result.objects.filter(session=context.session, board=board, ns_pair=ns_pair, ew_pair=ew_pair).first()
    line = line_submissions(table, round_number, board)
    return _Board(line.pending, line.confirmed, line.conflict, ns_pair, ew_pair, recorded)


def entered_result(submission: Submission) -> Played:
    """The result of a table's entry (a played result: ``read_entry`` reads nothing else)."""
    result = from_data(submission.data)
    assert isinstance(result, Played)
    return result


def submission_store(table: Table, device: Device | None, key: str, kind: str, answer: Answer, **fields) -> Submission:
    """Keep an action with the answer given (a retry gets it again); a handed-over action sent is closed as sent."""
    answer.key = key
    stored = Submission.objects.create(
        table=table, device=device, key=key, kind=kind, response=answer.as_json(), **fields
    )
    Handover.objects.filter(table=table, key=key, closed_at__isnull=True).update(
        closed_at=timezone.now(), closed_how=Handover.Closed.SENT
    )
    return stored


def entry_decide(
    *,
    table: Table,
    device: Device | None,
    key: str,
    side: str,
    round_number: int,
    board: int,
    result: Played,
    replaces: str,
    recorded: DomainResult | None,
    line: LineSubmissions,
) -> Answer:
    """What an entry of ``result`` does to the board's line (``tables.domain.decisions.on_entry``), kept as a
    submission; ``recorded``: the board's result recorded for this table, wherever the session keeps it."""
    conflicting = tuple(entered_result(s) for s in line.conflict.submissions.all()) if line.conflict else ()
    outcome = on_entry(
        result,
        pending=Pending(line.pending.key, entered_result(line.pending), line.pending.side) if line.pending else None,
        confirmed=recorded,
        replaces=str(replaces or "") or None,
        conflicting=conflicting,
    )
    entry = Submission.Kind.ENTRY
    fields = dict(
        round=round_number,
        board=board,
        side=side,
        data=as_data(result),
        replaces=str(replaces or "")[:64],
    )
    if outcome is EntryOutcome.NEW:
        answer = Answer("pending", board, round_number, key, as_data(result))
        submission_store(table, device, key, entry, answer, status=Submission.Status.PENDING, **fields)
    elif outcome is EntryOutcome.CORRECTION:
        assert line.pending is not None  # a correction replaces the pending entry
        line.pending.status = Submission.Status.REPLACED
        line.pending.save(update_fields=["status"])
        answer = Answer("pending", board, round_number, key, as_data(result))
        submission_store(table, device, key, entry, answer, status=Submission.Status.PENDING, **fields)
    elif outcome is EntryOutcome.SAME:
        standing = line.pending or line.confirmed
        if recorded is not None:
            answer = Answer("confirmed", board, round_number, standing.key if standing else key, as_data(recorded))
        elif line.conflict is not None:
            answer = Answer("conflict", board, round_number, key, as_data(result))
        else:
            assert standing is not None  # nothing recorded, no conflict: the same as the pending entry
            answer = Answer("pending", board, round_number, standing.key, standing.data)
        submission_store(table, device, key, entry, answer, status=Submission.Status.SAME, same_as=standing, **fields)
    else:
        answer = Answer("conflict", board, round_number, key, as_data(result))
        new = submission_store(table, device, key, entry, answer, status=Submission.Status.CONFLICT, **fields)
        conflict = line.conflict or Conflict.objects.create(table=table, round=round_number, board=board)
        for sub in (line.pending, line.confirmed, new):
            if sub is not None:
                conflict.submissions.add(sub)
        if line.pending is not None:
            line.pending.status = Submission.Status.CONFLICT
            line.pending.save(update_fields=["status"])
    return answer


@transaction.atomic
def entry_submit(*, device: Device, key: str, data: dict, replaces: str = "", side: str = "NS") -> Answer:
    """A board's result as the table entered it (see the module's docstring)."""
    key = check_key(key)
    table = locked_table(device)
    replay = replayed(table, key, Submission.Kind.ENTRY)
    if replay is not None:
        return replay
    table_open_check(table)
    side = check_side(side)
    board, result = read_entry(data)
    context = session_context(table.table_session.session)
    round_number = _round_of(context, table, board, data.get("round"))
    line = _board(context, table, round_number, board)
    return entry_decide(
        table=table,
        device=device,
        key=key,
        side=side,
        round_number=round_number,
        board=board,
        result=result,
        replaces=replaces,
        recorded=domain_result(line.recorded) if line.recorded else None,
        line=line,
    )


def entry_standing(table: Table, entry) -> Submission:
    """The entry a confirmation names (its key): the entry itself, or the one it was the same as."""
    named = (
        Submission.objects.select_related("same_as")
        .filter(table=table, key=str(entry or ""), kind=Submission.Kind.ENTRY)
        .first()
    )
    if named is None:
        raise TableError(Text.of("confirm.nothing", board="?"), field="entry")
    return named.same_as if named.status == Submission.Status.SAME and named.same_as else named


def confirm_decide(
    *,
    table: Table,
    device: Device | None,
    key: str,
    side: str,
    standing: Submission,
    line: LineSubmissions,
    recorded: DomainResult | None,
    record: Callable[[Submission], DomainResult],
) -> Answer:
    """Whether ``side`` may confirm the entry ``standing`` (``tables.domain.decisions.on_confirm``); if so,
    ``record`` records its result where the session keeps results (and returns it as recorded), and the entry is
    confirmed. The confirmation is kept as a submission."""
    outcome = on_confirm(
        standing.key,
        side,
        board=standing.board,
        pending=Pending(line.pending.key, entered_result(line.pending), line.pending.side) if line.pending else None,
        confirmed_key=line.confirmed.key if line.confirmed else None,
        in_conflict=line.conflict is not None,
        confirmed=recorded is not None,
    )
    if outcome is ConfirmOutcome.CONFIRM:
        recorded = record(standing)
        standing.status = Submission.Status.CONFIRMED
        standing.save(update_fields=["status", "result"])
    answer = Answer(
        "confirmed",
        standing.board,
        standing.round,
        standing.key,
        as_data(recorded) if recorded is not None else standing.data,
    )
    submission_store(
        table,
        device,
        key,
        Submission.Kind.CONFIRM,
        answer,
        round=standing.round,
        board=standing.board,
        side=side,
        status=Submission.Status.DONE,
        same_as=standing,
    )
    return answer


@transaction.atomic
def entry_confirm(*, device: Device, key: str, entry: str, side: str = "EW") -> Answer:
    """The other side accepts the entry ``entry`` (a key): the result is recorded."""
    key = check_key(key)
    table = locked_table(device)
    replay = replayed(table, key, Submission.Kind.CONFIRM)
    if replay is not None:
        return replay
    session = table_open_check(table)
    side = check_side(side)
    standing = entry_standing(table, entry)
    context = session_context(session)
    line = _board(context, table, standing.round, standing.board)

    def record(standing: Submission) -> DomainResult:
        row = result_record(
            session=session,
            board=standing.board,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            result=from_data(standing.data),
            user=None,
            round=standing.round,
            table=table.number,
            at_table=True,
            confirmed_by=side,
            layout=context.layout,
        )
        standing.result = row
        return domain_result(row)

    return confirm_decide(
        table=table,
        device=device,
        key=key,
        side=side,
        standing=standing,
        line=line,
        recorded=domain_result(line.recorded) if line.recorded else None,
        record=record,
    )


@transaction.atomic
def correction_request(*, device: Device, key: str, board, note: str) -> Answer:
    """Ask the director to correct a confirmed result (only the director may change it now)."""
    key = check_key(key)
    table = locked_table(device)
    replay = replayed(table, key, Submission.Kind.REQUEST)
    if replay is not None:
        return replay
    session, number, note = correction_request_read(table, board, note)
    context = session_context(session)
    round_number = context.round_of_board(table.number, number)
    if round_number is None:
        current = min(table.table_session.released_round, max(context.rounds))
        raise TableError(
            Text.of(
                "board.not_here",
                board=number,
                table=table.number,
                round=current,
                boards=context.boards_by_round(table.number).get(current, ()) or (0,),
            ),
            field="board",
        )
    return correction_request_store(table, device, key, round_number, number, note)


def correction_request_read(table: Table, board, note) -> tuple[Session, int, str]:
    """A correction request's session (refused once it is over), board number and note (refused when empty)."""
    session = table.table_session.session
    if session.is_over:
        raise TableError(Text.of("session.over", session=session.name), field=None, code="session_over")
    number = read_board({"board": board})
    note = str(note or "").strip()
    if not note:
        raise TableError(Text.of("request.empty"), field="note")
    return session, number, note


def correction_request_store(
    table: Table, device: Device, key: str, round_number: int, number: int, note: str
) -> Answer:
    """Keep a correction request of board ``number`` (round ``round_number``) for the director, as its submission."""
    answer = Answer("requested", number, round_number, key, None)
    sub = submission_store(
        table,
        device,
        key,
        Submission.Kind.REQUEST,
        answer,
        round=round_number,
        board=number,
        status=Submission.Status.DONE,
        data={"note": note[:1000]},
    )
    CorrectionRequest.objects.create(table=table, round=round_number, board=number, note=note[:1000], submission=sub)
    return answer


@transaction.atomic
def table_moved_on(*, device: Device, round_number) -> int:
    """The table has read where to go after ``round_number`` (finished after the next round was released) and goes
    on to the next round; the same again changes nothing. Returns the last round the table has moved on from."""
    table = locked_table(device)
    session = table.table_session.session
    if session.is_over:
        raise TableError(Text.of("session.over", session=session.name), field=None, code="session_over")
    try:
        number = int(str(round_number).strip())
    except (TypeError, ValueError):
        raise TableError(Text.of("round.unknown", round=str(round_number)[:12] or "?"), field="round") from None
    rounds = session_context(session).rounds
    if number not in rounds:
        raise TableError(Text.of("round.unknown", round=number), field="round")
    if number >= table.table_session.released_round:  # the next round is not released: nowhere to go yet
        raise TableError(Text.of("round.not_released", round=number + 1), field="round")
    if number > table.moved_round:
        table.moved_round = number
        table.save(update_fields=["moved_round"])
    return table.moved_round

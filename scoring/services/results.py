"""Every write to a session's traveller lines, each with its line in the board's audit trail.

* ``result_record`` — a new line: the board and pairs must be where the session's layout puts
  them (a director may record a line off the schedule, saying why; it is flagged); the same
  line sent again changes nothing (a retry, a double click); a different result for a pair that
  already has one on the board is refused, naming what is recorded (correct it instead).
* ``result_correct`` — a new result for a recorded line (an adjusted score is a correction to an
  assigned or artificial score); old → new, who, when and why go into the trail. A played result
  corrected without a lead keeps the lead recorded (``scoring.domain.results.correction``).
* ``result_delete`` — remove a line (with the reason).
* ``result_enter`` — what the scorer's page and the API call: the scorer's shorthand
  (``4SX N 9``) or data, recorded or, when the line exists, corrected.

Who may: the club's scorers and directors while the session is planned, in play or finished;
only directors while the results are provisional (the score-query window); nobody once they
are final. A result confirmed at a table (``tables``: a phone joined with the table's code and PIN,
no login) is recorded with ``at_table=True`` and no user, while the session is in play; its audit trail says
which table's phone and which side confirmed it (``confirmed_by``). Every service runs in a transaction and checks everything before it saves, so a
refused write leaves the session as it was. Errors are ``ScoringError``\\ s naming the field.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from clubs.models import Pair, Session
from clubs.permissions import can_direct, can_score
from scoring.domain.errors import ScoringError
from scoring.domain.notation import as_data, shorthand
from scoring.domain.results import Artificial, Assigned, correction
from scoring.domain.results import Result as DomainResult
from scoring.domain.text import Text
from scoring.models import Result, ResultChange
from scoring.selectors.layout import session_layout
from scoring.selectors.results import domain_result, result_fields
from scoring.services.sessions import publication_refresh


def _check_may_change(*, session: Session, user, reason: str = "", at_table: bool = False) -> bool:
    """Raise unless ``user`` may change this session's results now; True when the user directs the club.
    ``at_table``: the tables app has checked the phone (its table, the session in play) and records a
    result the table confirmed."""
    if at_table and session.status == Session.Status.RUNNING:
        return False
    directing = can_direct(user, session.club_id)
    if not (directing or can_score(user, session.club_id)):
        raise ScoringError(Text.of("result.not_scorer"), field=None)
    if session.status == Session.Status.PUBLISHED:
        raise ScoringError(Text.of("result.final"), field=None)
    if session.status == Session.Status.PROVISIONAL:
        if not directing:
            raise ScoringError(Text.of("result.provisional"), field=None)
        if not reason.strip():
            raise ScoringError(Text.of("result.reason_needed"), field="reason")
    return directing


def _trail(
    *,
    result: Result | None,
    session: Session,
    board: int,
    ns_pair: Pair,
    ew_pair: Pair,
    action: str,
    old: dict | None,
    new: dict | None,
    reason: str,
    user,
    at_table: int | None = None,
    confirmed_by: str = "",
) -> ResultChange:
    if session.status == Session.Status.PROVISIONAL:  # a correction in the score-query window: players see it
        transaction.on_commit(lambda: publication_refresh(session=session))
    return ResultChange.objects.create(
        session=session,
        result=result,
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        action=action,
        old=old,
        new=new,
        reason=reason.strip(),
        by=user if getattr(user, "is_authenticated", False) else None,
        at_table=at_table,
        confirmed_by=confirmed_by,
    )


def _line_data(result: DomainResult, group: str = "") -> dict:
    data = as_data(result)
    if group:
        data["group"] = group
    return data


def _problem_field(problem: Text) -> str:
    """The input a layout problem is about: the board, the table, or the pair on the wrong side."""
    if problem.code in ("layout.board_unknown", "layout.board_not_here"):
        return "board"
    if problem.code == "layout.no_table":
        return "table"
    if problem.code == "layout.pair_not_here":
        return "ew" if problem.params.get("seat") == "EW" else "ns"
    return "ns"


def _action_for(new: DomainResult) -> str:
    return ResultChange.Action.ADJUSTED if isinstance(new, (Assigned, Artificial)) else ResultChange.Action.CORRECTED


@transaction.atomic
def result_record(
    *,
    session: Session,
    board: int,
    ns_pair: Pair,
    ew_pair: Pair,
    result: DomainResult,
    user,
    round: int | None = None,
    table: int | None = None,
    group: str = "",
    reason: str = "",
    off_schedule: bool = False,
    at_table: bool = False,
    confirmed_by: str = "",
    layout=None,
) -> Result:
    """Record a new traveller line (see the module's docstring). ``layout``: the session's layout when the caller
    already holds it (a phone's confirmation: the tables' context), else ``session_layout(session)`` is read.
    ``confirmed_by``: with ``at_table``, the side (``NS`` or ``EW``) whose phone confirmed the result."""
    directing = _check_may_change(session=session, user=user, reason=reason, at_table=at_table)
    for pair, name in ((ns_pair, "ns"), (ew_pair, "ew")):
        if pair.session_id != session.pk:
            raise ScoringError(Text.of("result.pair_unknown", pair=str(pair.label)), field=name)
    if ns_pair.pk == ew_pair.pk:
        raise ScoringError(Text.of("result.pairs_same", pair=ns_pair.label), field="ew")
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise ScoringError(Text.of("result.board", board=board), field="board")
    layout = layout if layout is not None else session_layout(session)
    if not layout.meetings:
        raise ScoringError(Text.of("layout.no_movement"), field="board")
    problem = layout.check(board=board, ns=ns_pair.label, ew=ew_pair.label, round=round, table=table)
    if problem is not None and not (off_schedule and directing and reason.strip()):
        raise ScoringError(problem, field=_problem_field(problem))
    if round is None and table is None and problem is None:
        meeting = layout.meeting_of(board=board, ns=ns_pair.label, ew=ew_pair.label)
        round, table = meeting.round, meeting.table
    same = (
        Result.objects.select_for_update()
        .filter(session=session, board=board, ns_pair=ns_pair, ew_pair=ew_pair)
        .first()
    )
    if same is not None:
        if domain_result(same) == result and same.group == group:
            return same  # the same line again: a retry changes nothing
        raise ScoringError(
            Text.of(
                "result.exists",
                board=board,
                ns=ns_pair.label,
                ew=ew_pair.label,
                recorded=shorthand(domain_result(same)),
            ),
            field="result",
        )
    other = Result.objects.filter(
        Q(ns_pair__in=(ns_pair, ew_pair)) | Q(ew_pair__in=(ns_pair, ew_pair)), session=session, board=board
    ).first()
    if other is not None:
        pair = ns_pair if ns_pair.pk in (other.ns_pair_id, other.ew_pair_id) else ew_pair
        raise ScoringError(
            Text.of(
                "result.pair_has_result",
                board=board,
                pair=pair.label,
                ns=other.ns_pair.label,
                ew=other.ew_pair.label,
                recorded=shorthand(domain_result(other)),
            ),
            field="ns" if pair == ns_pair else "ew",
        )
    line = Result.objects.create(
        session=session,
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        round=round,
        table=table,
        group=group,
        entered_by=user if getattr(user, "is_authenticated", False) else None,
        **result_fields(result),
    )
    action = ResultChange.Action.ADJUSTED if isinstance(result, (Assigned, Artificial)) else ResultChange.Action.ENTERED
    _trail(
        result=line,
        session=session,
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        action=action,
        old=None,
        new=_line_data(result, group),
        reason=reason if not problem else f"{reason} [{problem}]",
        user=user,
        at_table=table if at_table else None,
        confirmed_by=confirmed_by if at_table and confirmed_by in ("NS", "EW") else "",
    )
    return line


@transaction.atomic
def result_correct(*, result: Result, new: DomainResult, user, reason: str = "", group: str | None = None) -> Result:
    """Put ``new`` in place of a recorded line's result; the trail keeps old → new."""
    result = Result.objects.select_for_update().select_related("session", "ns_pair", "ew_pair").get(pk=result.pk)
    _check_may_change(session=result.session, user=user, reason=reason)
    old, old_group = domain_result(result), result.group
    new = correction(old, new)
    group = old_group if group is None else group
    if old == new and group == old_group:
        return result
    for name, value in result_fields(new).items():
        setattr(result, name, value)
    result.group = group
    result.save()
    _trail(
        result=result,
        session=result.session,
        board=result.board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        action=_action_for(new),
        old=_line_data(old, old_group),
        new=_line_data(new, group),
        reason=reason,
        user=user,
    )
    return result


@transaction.atomic
def result_delete(*, result: Result, user, reason: str = "") -> None:
    result = Result.objects.select_for_update().select_related("session", "ns_pair", "ew_pair").get(pk=result.pk)
    _check_may_change(session=result.session, user=user, reason=reason)
    _trail(
        result=None,
        session=result.session,
        board=result.board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        action=ResultChange.Action.DELETED,
        old=_line_data(domain_result(result), result.group),
        new=None,
        reason=reason,
        user=user,
    )
    result.delete()


@transaction.atomic
def result_enter(
    *,
    session: Session,
    board: int,
    ns_pair: Pair,
    ew_pair: Pair,
    result: DomainResult,
    user,
    round: int | None = None,
    table: int | None = None,
    reason: str = "",
    off_schedule: bool = False,
) -> Result:
    """Record the line, or correct it when these pairs already have a result on the board."""
    existing = Result.objects.filter(session=session, board=board, ns_pair=ns_pair, ew_pair=ew_pair).first()
    if existing is not None:
        return result_correct(result=existing, new=result, user=user, reason=reason)
    return result_record(
        session=session,
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        result=result,
        user=user,
        round=round,
        table=table,
        reason=reason,
        off_schedule=off_schedule,
    )

"""Results left on a signed-out phone: a phone signed out of its table (another phone took over, or the director
gave the tables new codes) may still hold actions it had not sent. It can no longer send them itself; it hands
them over instead, and nothing entered at the table is lost.

* ``handover_give`` — the signed-out phone reports what it holds (at once, as soon as it learns it was signed
  out, so the director sees it), and hands it to the table's current phone (``to="table"``: it shows there, to be
  sent under its first key) or to the director (``to="director"``). The same key again updates the handover;
  an action the server has already stored (sent before the phone learned) is closed as sent;
* ``handover_dismiss`` — the table's current phone sets a handed-over action aside (not needed);
* ``handover_settle`` — the director records a handed-over result for the table (nothing recorded there yet,
  or the same result already is), or sets it aside.

Sending a handed-over action from the table's phone closes it (``tables.services.submissions.submission_store``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Session
from scoring.domain.notation import as_data, from_data
from scoring.domain.results import Played
from scoring.models import Result
from scoring.selectors.results import domain_result
from scoring.services.results import result_record
from tables.domain.button_entry import read_board, read_entry, same_result
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Device, Handover, Submission, Table
from tables.selectors.context import session_context
from tables.selectors.table import said
from tables.services.setup import require_director
from tables.services.submissions import check_key

KINDS = (Submission.Kind.ENTRY, Submission.Kind.CONFIRM, Submission.Kind.REQUEST)


def _read_action(table: Table, action: dict) -> dict:
    """One queued action of the phone as a handover's fields (``TableError`` naming what is wrong)."""
    key = check_key(action.get("key"))
    kind = str(action.get("kind") or "")
    given = action.get("body")
    body: dict = given if isinstance(given, dict) else {}
    if kind not in KINDS:
        raise TableError(Text.of("handover.unknown"), field="kind")
    context = session_context(table.table_session.session)
    if kind == Submission.Kind.ENTRY:
        board, result = read_entry(body)
        round_number = context.round_of_board(table.number, board)
        fields = {"board": board, "data": as_data(result)}
        body = {k: body[k] for k in body if k in _ENTRY_FIELDS}
    elif kind == Submission.Kind.CONFIRM:
        entry = (
            Submission.objects.filter(table=table, key=str(body.get("entry") or ""), kind=Submission.Kind.ENTRY)
            .only("board", "round", "data")
            .first()
        )
        if entry is None:
            raise TableError(Text.of("confirm.nothing", board=action.get("board") or "?"), field="entry")
        round_number, fields = entry.round, {"board": entry.board, "data": entry.data}
        body = {"entry": str(body.get("entry")), "side": str(body.get("side") or "EW")[:2]}
    else:
        board = read_board(body)
        note = str(body.get("note") or "").strip()[:1000]
        if not note:
            raise TableError(Text.of("request.empty"), field="note")
        round_number = context.round_of_board(table.number, board)
        fields, body = {"board": board, "data": None}, {"board": board, "note": note}
    if round_number is None:  # not a board of this table
        released = min(table.table_session.released_round, max(context.rounds))
        here = context.boards_by_round(table.number).get(released, ()) or (0,)
        raise TableError(
            Text.of("board.not_here", board=fields["board"], table=table.number, round=released, boards=here),
            field="board",
        )
    return {"key": key, "kind": kind, "round": round_number, "body": body, **fields}


_ENTRY_FIELDS = (
    "board",
    "round",
    "passed_out",
    "level",
    "strain",
    "doubling",
    "declarer",
    "tricks",
    "relative",
    "lead",
)


@transaction.atomic
def handover_give(*, device: Device, actions: list, to: str = "") -> list[Handover]:
    """What the signed-out phone ``device`` had not sent (its queued ``actions``: ``{"key", "kind", "body"}``), for
    ``to``: the table's phone, the director, or "" (only reported: the phone has not chosen yet)."""
    if to not in Handover.To.values:
        raise TableError(Text.of("handover.unknown"), field="to")
    table = Table.objects.select_for_update().select_related("table_session__session").get(pk=device.table_id)
    actions = actions if isinstance(actions, list) else []
    if not all(isinstance(action, dict) for action in actions):
        raise TableError(Text.of("handover.unknown"), field="actions")
    # EW's acceptance of an entry that is itself handed over goes with it: the entry carries the result, and it is
    # accepted again at the phone that sends it (or recorded by the director)
    held_entries = {str(a.get("key")) for a in actions if a.get("kind") == Submission.Kind.ENTRY}
    held_entries |= set(Handover.objects.filter(table=table, kind=Submission.Kind.ENTRY).values_list("key", flat=True))
    out = []
    for action in actions:
        given = action.get("body")
        body = given if isinstance(given, dict) else {}
        if action.get("kind") == Submission.Kind.CONFIRM and str(body.get("entry")) in held_entries:
            continue
        fields = _read_action(table, action)
        handover, created = Handover.objects.get_or_create(
            table=table, key=fields.pop("key"), defaults={**fields, "device": device, "to": to}
        )
        if not created and to and handover.to != to:
            handover.to = to
            handover.save(update_fields=["to"])
        if handover.closed_at is None and Submission.objects.filter(table=table, key=handover.key).exists():
            handover.closed_at, handover.closed_how = timezone.now(), Handover.Closed.SENT  # it did reach the server
            handover.save(update_fields=["closed_at", "closed_how"])
        out.append(handover)
    return out


@transaction.atomic
def handover_dismiss(*, device: Device, handover) -> Handover:
    """The table's phone sets a handed-over action aside."""
    handover = _open(Handover.objects.filter(table_id=device.table_id), handover)
    handover.closed_at, handover.closed_how = timezone.now(), Handover.Closed.DISMISSED
    handover.save(update_fields=["closed_at", "closed_how"])
    return handover


def _open(handovers, handover) -> Handover:
    try:
        number = int(str(handover).strip())
    except (TypeError, ValueError):
        number = None
    found = handovers.select_for_update().filter(pk=number).select_related("table").first() if number else None
    if found is None:
        raise TableError(Text.of("handover.unknown"), field="handover")
    if found.closed_at is not None:
        raise TableError(Text.of("handover.closed", board=found.board, table=found.table.number), field="handover")
    return found


@transaction.atomic
def handover_settle(*, session: Session, user, handover, record: bool) -> Handover:
    """The director records a handed-over result for its table (``record``), or sets it aside."""
    require_director(user, session.club_id)
    handover = _open(Handover.objects.filter(table__table_session__session=session), handover)
    if record:
        _record(session, user, handover)
    handover.closed_at, handover.closed_by = timezone.now(), user
    handover.closed_how = Handover.Closed.RECORDED if record else Handover.Closed.DISMISSED
    handover.save(update_fields=["closed_at", "closed_by", "closed_how"])
    return handover


def _record(session: Session, user, handover: Handover) -> None:
    table = handover.table.number
    if not handover.data:
        raise TableError(Text.of("handover.no_result"), field="handover")
    context = session_context(session)
    round_number = handover.round or context.round_of_board(table, handover.board)
    meeting = context.meeting(round_number, table) if round_number else None
    if meeting is None or handover.board not in meeting.boards:
        raise TableError(Text.of("handover.unknown"), field="handover")
    ns_pair, ew_pair = context.meeting_pairs(meeting)
    result = from_data(handover.data)
    recorded = Result.objects.filter(session=session, board=handover.board, ns_pair=ns_pair, ew_pair=ew_pair).first()
    if recorded is not None:
        standing = domain_result(recorded)
        if isinstance(standing, Played) and isinstance(result, Played) and same_result(standing, result):
            return  # the same result is recorded already
        raise TableError(
            Text.of("handover.recorded", board=handover.board, table=table, said=said(standing, handover.board)),
            field="handover",
        )
    result_record(
        session=session,
        board=handover.board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        result=result,
        user=user,
        round=round_number,
        table=table,
        reason=_("Handed over from a signed-out phone at table %(table)s.") % {"table": table},
    )

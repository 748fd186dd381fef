"""What a phone at a table reads: its table's state, in the phone's language, as JSON.

* :func:`table_state` — the session, the table, the round it is in (``tables.domain.progress``), the NS
  and EW pairs with their players' names, the boards in playing order with what is entered, pending
  (waiting for the other side), confirmed or in conflict (with the results in conflict), notes (a sit-out,
  an arrow switch), the move instructions once the round is done (``tables.domain.moves``), the last round
  the table has moved on from, the results handed over to it from a signed-out phone, whether a ranking is
  there for the players (live, when the director shows it; or published), and the table's whole schedule (so
  a phone that loses the network can go on entering this round's boards);
* :func:`table_done` and :func:`table_position_now` — what the table has nothing more to do with (boards
  recorded, or in a conflict for the director), and so where it stands;
* :func:`table_state_at` — the same, built once per table and :func:`table_state_version` (the three or four
  phones of a table ask for it in turn; each version's state is kept a minute in Django's cache);
* :func:`phone_state` — what the page shows of the phone itself, beside its table's state (which the table's
  phones share): whether phones follow their pairs in this session, the pair this phone goes with and the round it
  is at this table for, the pairs it may say it is, and what the move screen says of it ("leave this phone at
  table 3", or where it goes with its pair);
* :func:`board_traveller` — the board's traveller so far and this table's percentage, only for a board
  this table has confirmed (and only if the club shows travellers): never another table's result
  before this table has played the board, never a deal;
* :func:`score_table` — every contract's score by tricks and vulnerability (Law 77, from
  ``bridge.contract.score``), so a phone without the network can still say the score.
"""

from __future__ import annotations

import functools
import hashlib
from functools import lru_cache

from django.core.cache import cache
from django.db import connection
from django.utils import timezone, translation

from bridge.cards import Seat, Strain, board_vulnerability
from bridge.contract import Bid, Contract, score
from clubs.models import Pair, Session
from clubsite.texts import render
from scoring.domain.engine import score_event
from scoring.domain.notation import as_data, from_data
from scoring.domain.shorthand import describe
from scoring.models import Result
from scoring.selectors.results import domain_result, session_lines, session_options
from tables.domain.moves import move_instructions, pair_place, phone_move, round_notes
from tables.domain.progress import Position, board_states, table_position
from tables.domain.text import Text
from tables.models import Conflict, Device, Handover, Submission, Table, TableSession, TableSettings
from tables.selectors.context import SessionContext, session_context
from tables.services.setup import table_settings_get


def said(result, board: int) -> str:
    return render(describe(result, board))


def pair_json(context: SessionContext, label: str | None) -> dict | None:
    if label is None:
        return None
    pair = context.pair(label)
    return {"label": label, "names": pair.names if pair is not None else ""}


def recorded_results(context: SessionContext, table: int, rows=None) -> dict[tuple[int, int], Result]:
    """(round, board) → the result recorded for this table's line; ``rows``: the session's results by (board, NS
    pair id, EW pair id) when the caller has read them all (the director's room, for every table at once), else
    this table's are read."""
    out: dict[tuple[int, int], Result] = {}
    lines = {}
    for r in context.rounds:
        m = context.meeting(r, table)
        if m is not None:
            ns, ew = context.pair(m.ns), context.pair(m.ew)
            if ns is not None and ew is not None:
                for b in m.boards:
                    lines[(b, ns.pk, ew.pk)] = (r, b)
    if not lines:
        return out
    # the session's lines of this table's boards between pairs that meet here (a few more than this table's own
    # in a Howell), not every table's lines of those boards (up to 810 rows late in a 30-table evening)
    if rows is None:
        rows = {
            (row.board, row.ns_pair_id, row.ew_pair_id): row
            for row in Result.objects.filter(
                session=context.session,
                board__in={b for b, _n, _e in lines},
                ns_pair_id__in={n for _b, n, _e in lines},
                ew_pair_id__in={e for _b, _n, e in lines},
            )
        }
    for line, where in lines.items():
        row = rows.get(line)
        if row is not None:
            out[where] = row
    return out


def table_done(
    context: SessionContext, table: Table, *, recorded=None, rows=None, conflicts=None
) -> set[tuple[int, int]]:
    """The (round, board)s the table has nothing more to do with: recorded, or in a conflict the director settles
    (the players move on meanwhile). When the caller has them: ``recorded``, the table's recorded lines
    (``recorded_results``'s answer), or ``rows``, the session's results by line; ``conflicts``, the table's open conflicts'
    (round, board)s."""
    if recorded is None:
        recorded = recorded_results(context, table.number, rows)
    if conflicts is None:
        conflicts = {(c.round, c.board) for c in Conflict.objects.filter(table=table, resolved_at__isnull=True)}
    return set(recorded) | set(conflicts)


def table_position_now(context: SessionContext, table: Table, *, recorded=None, rows=None, conflicts=None) -> Position:
    """Where ``table`` stands now, move instructions to read included (``tables.domain.progress.table_position``)."""
    return table_position(
        context.boards_by_round(table.number),
        done=table_done(context, table, recorded=recorded, rows=rows, conflicts=conflicts),
        released=table.table_session.released_round,
        moved=table.moved_round,
    )


def _conflict_results(table: Table) -> dict[tuple[int, int], list[str]]:
    """(round, board) → the different results of the board's open conflict, in bridge words, in the order sent."""
    out: dict[tuple[int, int], list[str]] = {}
    for conflict in Conflict.objects.filter(table=table, resolved_at__isnull=True).prefetch_related("submissions"):
        words = out.setdefault((conflict.round, conflict.board), [])
        for sub in sorted(conflict.submissions.all(), key=lambda s: (s.at, s.pk)):
            if sub.data:
                text = said(from_data(sub.data), conflict.board)
                if text not in words:
                    words.append(text)
    return out


def handovers_for_table(table: Table) -> list[dict]:
    """The results a signed-out phone handed to this table's phones, not yet sent or set aside."""
    out = []
    for h in Handover.objects.filter(table=table, to=Handover.To.TABLE, closed_at__isnull=True):
        out.append(
            {
                "id": h.pk,
                "key": h.key,
                "kind": h.kind,
                "round": h.round,
                "board": h.board,
                "body": h.body,
                "said": said(from_data(h.data), h.board) if h.data else h.body.get("note", ""),
            }
        )
    return out


def table_state(device: Device) -> dict:
    table: Table = device.table
    table_session = table.table_session
    session = table_session.session
    context = session_context(session)
    recorded = recorded_results(context, table.number)
    settings = table_settings_get(session.club)
    subs = Submission.objects.filter(
        table=table, kind=Submission.Kind.ENTRY, status__in=(Submission.Status.PENDING, Submission.Status.CONFIRMED)
    ).only("round", "board", "status", "key", "data", "side")
    pending = {(s.round, s.board): s for s in subs if s.status == Submission.Status.PENDING}
    confirmed_subs = {(s.round, s.board): s for s in subs if s.status == Submission.Status.CONFIRMED}
    in_conflict = _conflict_results(table)
    conflicts = set(in_conflict)
    position = table_position_now(context, table, recorded=recorded, conflicts=conflicts)
    by_round = context.boards_by_round(table.number)
    rounds = []
    for r in context.rounds:
        meeting = context.meeting(r, table.number)
        line = context.card_line(table.number, r)
        boards = by_round[r]
        states = board_states(
            boards,
            confirmed={b for b in boards if (r, b) in recorded},
            pending={b for b in boards if (r, b) in pending},
            conflicts={b for b in boards if (r, b) in conflicts},
        )
        board_rows = []
        for b, state in states:
            row = {"board": b, "state": state}
            if (r, b) in recorded:
                result = domain_result(recorded[(r, b)])
                row.update(
                    said=said(result, b),
                    result=as_data(result),
                    entry=confirmed_subs[(r, b)].key if (r, b) in confirmed_subs else "",
                )
            elif (r, b) in pending:
                sub = pending[(r, b)]
                row.update(said=said(from_data(sub.data), b), result=sub.data, entry=sub.key, side=sub.side)
            if (r, b) in in_conflict:
                row["results"] = in_conflict[(r, b)]  # every result in conflict, for the players to see
            board_rows.append(row)
        rounds.append(
            {
                "round": r,
                "released": r <= table_session.released_round,
                "ns": pair_json(context, meeting.ns if meeting else None),
                "ew": pair_json(context, meeting.ew if meeting else None),
                "boards": board_rows,
                # without a movement (boards per round cleared since) there is no table card: round_notes(None)'s words
                "notes": [render(t) for t in round_notes(line, movement=context.movement, round_number=r)]
                if context.movement is not None
                else [render(Text.of("round.idle", round=r))],
                "moves": [
                    render(t)
                    for t in move_instructions(
                        line, table=table.number, boards_per_round=session.boards_per_round, movement=context.movement
                    )
                ]
                if line and context.movement is not None  # (a table card line is a movement's)
                else [],
            }
        )
    return {
        "stamp": timezone.now().isoformat(),
        "session": {
            "id": session.pk,
            "name": session.name,
            "date": session.date.isoformat(),
            "status": session.status,
            "over": session.is_over,
        },
        "table": table.number,
        "code": table.code,
        "locked": table.locked,
        "released": table_session.released_round,
        "last_round": context.rounds[-1] if context.rounds else 0,
        "position": {
            "round": position.round,
            "playing": position.playing,
            "last": position.last,
            "moving": position.moving,
        },
        "moved": table.moved_round,
        "settings": {"lead": settings.record_lead, "traveller": settings.show_traveller, "tricks": settings.tricks},
        "rounds": rounds,
        "handovers": handovers_for_table(table),
        # a ranking for the players: the live one while the session is in play, when the director shows it; the
        # published one (provisional included) once it is out; never before, and never a deal
        "ranking": {
            "live": bool(table_session.live_ranking) and session.status == session.Status.RUNNING,
            "published": session.is_published,
            "provisional": session.status == session.Status.PROVISIONAL,
        },
    }


def phone_state(device: Device, state: dict) -> dict:
    """The phone's own part of its page (see the module's docstring), for ``state``, its table's state: ``follows``,
    ``pair`` (its label, "" when not said), ``round``, ``choices`` (the pairs at the table in its round, when the
    phone may still say whose it is), ``with`` ("This phone goes with pair 5."), ``note`` (what the move screen says
    of the phone) and ``sitting_out`` (its pair sits out at this table in this round)."""
    table = device.table
    table_session = table.table_session
    follows = table_session.phones == TableSession.Phones.PAIR
    out = {
        "follows": follows,
        "pair": "",
        "round": device.round,
        "choices": [],
        "with": "",
        "note": "",
        "sitting_out": "",
    }
    round_number = state["position"]["round"]
    context = session_context(table_session.session)
    if context.movement is None or not round_number:
        return out
    pair = int(device.pair) if follows and device.pair.isdigit() else None
    if follows and pair is None:
        line = context.card_line(table.number, round_number)
        out["choices"] = [p for p in (line.ns, line.ew) if p is not None] if line is not None else []
    if pair is not None and device.round > round_number:
        return out | {"pair": str(pair), "with": render(Text.of("phone.with", pair=pair))}  # at a late table: it waits
    note = phone_move(
        context.cards,
        table=table.number,
        round_number=round_number,
        last_round=state["last_round"],
        follows=follows,
        pair=pair,
    )
    out["note"] = render(note) if note is not None else ""
    if pair is not None:
        out.update(pair=str(pair), **{"with": render(Text.of("phone.with", pair=pair))})
        place = pair_place(context.cards, pair, round_number)
        if place is not None and place.sits_out and place.table == table.number:
            out["sitting_out"] = render(Text.of("phone.sitting_out", pair=pair, round=round_number))
    return out


@functools.cache
def _version_sql() -> str:
    """The version's one query, as SQL written once (the ORM took longer to compile its five subqueries than the
    database took to answer them, on every poll)."""

    q = connection.ops.quote_name
    result, conflict, sub, pair, settings = (
        q(m._meta.db_table) for m in (Result, Conflict, Submission, Pair, TableSettings)
    )
    lines = (
        f"FROM {result} r WHERE r.session_id = ts.session_id AND (r.{q('table')} = t.number OR r.{q('table')} IS NULL)"
    )
    handover = q(Handover._meta.db_table)
    return (
        f"SELECT s.status, ts.released_round, t.locked, t.moved_round, ts.live_ranking, ts.phones, "
        f"(SELECT COUNT(*) {lines}), (SELECT MAX(r.updated_at) {lines}), "
        f"(SELECT COUNT(*) FROM {conflict} c WHERE c.table_id = t.id), "
        f"(SELECT MAX(c.resolved_at) FROM {conflict} c WHERE c.table_id = t.id), "
        f"(SELECT MAX(u.id) FROM {sub} u WHERE u.table_id = t.id), "
        f"(SELECT MAX(h.id) FROM {handover} h WHERE h.table_id = t.id), "
        f"(SELECT COUNT(*) FROM {handover} h WHERE h.table_id = t.id AND h.{q('to')} = 'table' "
        f"AND h.closed_at IS NULL), "
        f"(SELECT MAX(p.updated_at) FROM {pair} p WHERE p.session_id = ts.session_id), "
        f"(SELECT MAX(st.updated_at) FROM {settings} st WHERE st.club_id = s.club_id) "
        f"FROM {q(Table._meta.db_table)} t JOIN {q(TableSession._meta.db_table)} ts ON ts.id = t.table_session_id "
        f"JOIN {q(Session._meta.db_table)} s ON s.id = ts.session_id WHERE t.id = %s"
    )


def table_state_version(device: Device) -> str:
    """A cheap fingerprint of everything ``table_state`` shows (one query): the phone's page asks with it every few
    seconds and is answered "unchanged" (304) until something changed — a result recorded, corrected or deleted at
    this table (a line with this table's number, or with none: a line recorded without its table), a submission or
    conflict at this table, a round released, the table locked or moved on, a result handed over to it or dealt
    with, the players' live ranking switched, the session's status, a pair renamed, the club's
    table settings changed. Results at other tables do
    not show on this table's page, so they do not change it: with thirty tables playing, a phone is not sent its
    whole state again every time any table records a board."""
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(), [device.table_id])
        row = cursor.fetchone()
    return "-".join(str(v if v is not None else 0) for v in (*row, translation.get_language()))


#: Seconds a table's state is kept for the other phones of the table, under its version.
STATE_KEPT_SECONDS = 60


def table_state_at(device: Device, version: str) -> dict:
    """:func:`table_state` as of ``version`` (the table's :func:`table_state_version`, read just before): built by
    the first phone of the table to ask after a change, then served from the cache to the others until the
    version changes — the version follows everything the state shows, which is what answering "unchanged" (304)
    relies on already. The table's code is in the key too (ids of a deleted table come back in tests)."""
    digest = hashlib.sha256(version.encode()).hexdigest()[:32]
    key = f"tables:state:{device.table_id}:{device.table.code}:{digest}"
    state = cache.get(key)
    if state is None:
        state = table_state(device)
        cache.set(key, state, STATE_KEPT_SECONDS)
    return {**state, "stamp": timezone.now().isoformat()}


def board_traveller(device: Device, board: int) -> dict | None:
    """The board's traveller so far, if the club shows it and this table has confirmed the board."""

    table = device.table
    session = table.table_session.session
    if not table_settings_get(session.club).show_traveller:
        return None
    context = session_context(session)
    round_number = context.round_of_board(table.number, board)
    if round_number is None or (round_number, board) not in recorded_results(context, table.number):
        return None
    meeting = context.meeting(round_number, table.number)
    assert meeting is not None  # the board's round at this table has its meeting (round_of_board)
    lines = session_lines(session=session, board=board)
    event = score_event(
        lines, session_options(session=session), expected={board: context.layout.expected_plays.get(board, len(lines))}
    )
    scored = event.boards[0].lines if event.boards else []
    rows = []
    mine = None
    for s in sorted(scored, key=lambda s: -(s.ns_score or 0)):
        here = (s.line.ns, s.line.ew) == (meeting.ns, meeting.ew)
        top = s.top or 0
        row = {
            "ns": s.line.ns,
            "ew": s.line.ew,
            "said": said(s.line.result, board),
            "ns_score": int(s.ns_score) if s.ns_score is not None else None,
            "ns_percent": round(float(100 * s.ns / top), 1) if top else None,
            "ew_percent": round(float(100 * s.ew / top), 1) if top else None,
            "here": here,
        }
        rows.append(row)
        if here:
            mine = row
    return {"board": board, "lines": rows, "mine": mine}


@lru_cache(maxsize=1)
def score_table() -> dict:
    """``{"vul"|"not": {"<level><C|M|N>": {"<doubling>": [score for tricks 0 … 13]}}}`` (declarer's side;
    C minors, M majors, N no trumps)."""
    out = {}
    for vul in (False, True):
        table = {}
        for level in range(1, 8):
            for key, strain in (("C", Strain.CLUBS), ("M", Strain.SPADES), ("N", Strain.NOTRUMP)):
                table[f"{level}{key}"] = {
                    str(d): [score(Contract(Bid(level, strain), d, Seat.NORTH), t, vulnerable=vul) for t in range(14)]
                    for d in (0, 1, 2)
                }
        out["vul" if vul else "not"] = table
    return out


def vulnerability_json(boards) -> dict:
    """Board → which sides are vulnerable (``"NS"``, ``"EW"``, ``"both"``, ``""``)."""
    out = {}
    for b in boards:
        v = board_vulnerability(b)
        ns, ew = v.is_vulnerable(Seat.NORTH), v.is_vulnerable(Seat.EAST)
        out[str(b)] = "both" if ns and ew else "NS" if ns else "EW" if ew else ""
    return out

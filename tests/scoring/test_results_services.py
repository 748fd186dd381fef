"""Entering, correcting and deleting traveller lines: where the layout puts them, once, with an audit trail."""

from __future__ import annotations

import pytest

from clubs.models import Session
from scoring.domain.errors import ScoringError
from scoring.domain.results import Artificial, Assigned, Played
from scoring.models import Result, ResultChange
from scoring.selectors.layout import session_layout
from scoring.selectors.results import session_score
from scoring.services.results import result_correct, result_delete, result_enter, result_record


def _meeting(session, board):
    return session_layout(session).meetings_of_board(board)[0]


def test_a_line_where_the_movement_puts_it_is_recorded_with_its_round_and_table(howell_session, pair, scorer):
    m = _meeting(howell_session, 1)
    line = result_record(
        session=howell_session,
        board=1,
        ns_pair=pair(m.ns),
        ew_pair=pair(m.ew),
        result=Played.of("4S", "N", 10),
        user=scorer,
    )
    assert (line.round, line.table, line.level, line.strain, line.declarer, line.tricks) == (
        m.round,
        m.table,
        4,
        "S",
        "N",
        10,
    )
    change = ResultChange.objects.get(result=line)
    assert change.action == "entered" and change.new["contract"] == "4S" and change.by == scorer


def test_the_same_line_twice_is_one_result(howell_session, pair, scorer):
    m = _meeting(howell_session, 2)
    args = dict(session=howell_session, board=2, ns_pair=pair(m.ns), ew_pair=pair(m.ew), user=scorer)
    first = result_record(result=Played.of("3N", "S", 9), **args)
    again = result_record(result=Played.of("3NT", "S", 9), **args)
    assert first.pk == again.pk and Result.objects.count() == 1 and ResultChange.objects.count() == 1


def test_a_different_result_for_a_recorded_line_is_refused_and_nothing_changes(howell_session, pair, scorer):
    m = _meeting(howell_session, 2)
    args = dict(session=howell_session, board=2, ns_pair=pair(m.ns), ew_pair=pair(m.ew), user=scorer)
    result_record(result=Played.of("3N", "S", 9), **args)
    with pytest.raises(ScoringError) as info:
        result_record(result=Played.of("4S", "N", 9), **args)
    assert "already has a result (3N S 9); correct it instead" in str(info.value) and info.value.field == "result"
    assert Result.objects.get().level == 3


@pytest.mark.parametrize(
    "board, swap, expected",
    [
        (22, False, "board 22 is not played in this session (boards 1–21)"),
        (1, True, "swap them"),
    ],
)
def test_a_line_off_the_movement_is_refused(howell_session, pair, scorer, board, swap, expected):
    m = _meeting(howell_session, 1)
    ns, ew = (m.ew, m.ns) if swap else (m.ns, m.ew)
    with pytest.raises(ScoringError) as info:
        result_record(
            session=howell_session,
            board=board,
            ns_pair=pair(ns),
            ew_pair=pair(ew),
            result=Played.of("1N", "N", 7),
            user=scorer,
        )
    assert expected in str(info.value)
    assert not Result.objects.exists()


def test_a_pair_not_at_this_table_in_this_round_is_named(howell_session, pair, scorer):
    m = _meeting(howell_session, 1)
    stranger = next(p for p in "12345678" if p not in (m.ns, m.ew))
    with pytest.raises(ScoringError) as info:
        result_record(
            session=howell_session,
            board=1,
            ns_pair=pair(m.ns),
            ew_pair=pair(stranger),
            result=Played.of("1N", "N", 7),
            user=scorer,
            round=m.round,
            table=m.table,
        )
    assert f"pair {stranger} is not EW at table {m.table} in round {m.round} (pair {m.ew} is)" in str(info.value)


def test_a_correction_keeps_old_and_new_who_and_why(howell_session, pair, scorer, director):
    m = _meeting(howell_session, 3)
    line = result_record(
        session=howell_session,
        board=3,
        ns_pair=pair(m.ns),
        ew_pair=pair(m.ew),
        result=Played.of("2H", "E", 8),
        user=scorer,
    )
    result_correct(result=line, new=Artificial(60, 40), user=director, reason="slow play at the table before")
    line.refresh_from_db()
    assert (line.kind, line.ns_percent, line.ew_percent, line.level) == ("artificial", 60, 40, None)
    change = ResultChange.objects.filter(result=line).latest("id")
    assert (
        change.action == "adjusted"
        and change.old["contract"] == "2H"
        and change.new == {"kind": "artificial", "adjusted": "60/40"}
    )
    assert change.reason == "slow play at the table before" and change.by == director


def test_result_enter_corrects_an_existing_line(howell_session, pair, scorer):
    m = _meeting(howell_session, 4)
    args = dict(session=howell_session, board=4, ns_pair=pair(m.ns), ew_pair=pair(m.ew), user=scorer)
    result_enter(result=Played.of("4H", "S", 10), **args)
    result_enter(result=Assigned.of(-100), **args)
    assert Result.objects.get().assigned == [[1, 1, -100]]
    assert list(ResultChange.objects.values_list("action", flat=True)) == ["entered", "adjusted"]


def test_delete_keeps_the_line_in_the_trail(howell_session, pair, scorer):
    m = _meeting(howell_session, 5)
    line = result_record(
        session=howell_session, board=5, ns_pair=pair(m.ns), ew_pair=pair(m.ew), result=Played(None), user=scorer
    )
    result_delete(result=line, user=scorer, reason="wrong board")
    change = ResultChange.objects.latest("id")
    assert (
        not Result.objects.exists()
        and change.action == "deleted"
        and change.old == {"kind": "played", "contract": "PASS"}
    )


def test_players_and_strangers_may_not_enter(howell_session, pair, player, other_director):
    m = _meeting(howell_session, 1)
    for user in (player, other_director):
        with pytest.raises(ScoringError, match="only the club's scorers and directors"):
            result_record(
                session=howell_session,
                board=1,
                ns_pair=pair(m.ns),
                ew_pair=pair(m.ew),
                result=Played.of("1N", "N", 7),
                user=user,
            )


def test_provisional_results_change_only_by_a_director_with_a_reason_and_final_ones_not_at_all(
    howell_session, pair, scorer, director
):
    m = _meeting(howell_session, 1)
    line = result_record(
        session=howell_session,
        board=1,
        ns_pair=pair(m.ns),
        ew_pair=pair(m.ew),
        result=Played.of("1N", "N", 7),
        user=scorer,
    )
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.PROVISIONAL)
    with pytest.raises(ScoringError, match="only a director"):
        result_correct(result=line, new=Played.of("1N", "N", 8), user=scorer)
    with pytest.raises(ScoringError, match="say why"):
        result_correct(result=line, new=Played.of("1N", "N", 8), user=director)
    result_correct(result=line, new=Played.of("1N", "N", 8), user=director, reason="score query: 8 tricks")
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.PUBLISHED)
    with pytest.raises(ScoringError, match="the results are final"):
        result_correct(result=line, new=Played.of("1N", "N", 9), user=director, reason="again")
    line.refresh_from_db()
    assert line.tricks == 8


def test_the_session_is_scored_from_its_rows(howell_session, pair, scorer):
    """Board 1 played at all four tables: matchpoints 2 per result beaten, top 6; the layout's fields rank one list."""
    scores = [("4S", "N", 10), ("4S", "N", 10), ("4S", "N", 9), ("3N", "S", 9)]
    meetings = session_layout(howell_session).meetings_of_board(1)
    for meeting, (c, d, t) in zip(meetings, scores):
        result_record(
            session=howell_session,
            board=1,
            ns_pair=pair(meeting.ns),
            ew_pair=pair(meeting.ew),
            result=Played.of(c, d, t),
            user=scorer,
        )
    event = session_score(session=howell_session)
    board = event.board(1)
    by_pair = {s.line.ns: (s.ns_score, int(s.ns), int(s.ew)) for s in board.lines}
    assert [by_pair[m.ns] for m in meetings] == [(420, 5, 1), (420, 5, 1), (-50, 0, 6), (400, 2, 4)]
    assert board.top == 6 and board.expected == 4
    assert event.fields == ("",) and len(event.pairs) == 8

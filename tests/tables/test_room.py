"""The director's live room (issue 24): corrections placed by table and board with what was typed kept when refused,
a table's request and a flag corrected from the room, the lead kept, who sent each result of a conflict, flags
checked and let stand with the hands beside them, the next round asked about while tables play, the room closed
once the results are published."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from clubs.models import Session
from scoring.domain.errors import ScoringError
from scoring.models import FlagCheck, Result, ResultChange
from scoring.selectors.layout import session_layout
from tables.domain.errors import TableError
from tables.models import Conflict, CorrectionRequest, TableSession
from tables.selectors.context import session_context
from tables.selectors.room import correction_initial, room_state, tables_still_playing
from tables.services.director import conflict_resolve, table_result_set
from tables.services.setup import round_release
from tables.services.submissions import correction_request, entry_confirm, entry_submit

FOUR_S = {"level": 4, "strain": "S", "declarer": "E", "relative": "=", "lead": "HK"}


def where(session, round_number: int, table: int) -> tuple[int, ...]:
    return session_layout(session).meeting(round=round_number, table=table).boards


def confirmed_at_table(session, phone, key, *, table: int, board: int, data=FOUR_S):
    device = phone(table)
    answer = entry_submit(device=device, key=key(), data={"board": board, **data})
    entry_confirm(device=device, key=key(), entry=answer.entry, side="EW")
    return device


def test_a_result_is_placed_by_table_and_board_in_the_boards_own_round(howell, director):
    layout = session_layout(howell)
    late = layout.meeting(round=5, table=2)  # not the released round (1): the board's own
    line = table_result_set(session=howell, user=director, table=2, board=late.boards[0], typed="3NT= S")
    assert (line.round, line.table, line.ns_pair.label, line.ew_pair.label) == (5, 2, late.ns, late.ew)


@pytest.mark.parametrize(
    ("table", "board", "field"),
    [(None, 1, "table"), (2, None, "board"), (9, 1, "table")],
)
def test_a_missing_or_unknown_table_or_board_is_refused_naming_its_field(howell, director, table, board, field):
    with pytest.raises(TableError) as error:
        table_result_set(session=howell, user=director, table=table, board=board, typed="3NT= S")
    assert error.value.field == field and not Result.objects.exists()


def test_a_board_the_table_does_not_play_is_refused_with_the_boards_it_plays(howell, director):
    played = {b for boards in session_context(howell).boards_by_round(1).values() for b in boards}
    assert played == set(range(1, 22))  # (in this Howell each table plays every board once)
    with pytest.raises(TableError) as error:
        table_result_set(session=howell, user=director, table=1, board=22, typed="3NT= S")
    assert error.value.field == "board"
    assert str(error.value) == "Table 1 does not play board 22 (it plays boards 1–21)."


def test_a_correction_keeps_the_tables_lead_and_a_lead_given_replaces_it(howell, director, phone, key):
    board = where(howell, 1, 1)[0]
    confirmed_at_table(howell, phone, key, table=1, board=board)
    assert Result.objects.get().lead == "HK"
    table_result_set(session=howell, user=director, table=1, board=board, typed="4S= W", reason="declarer was West")
    line = Result.objects.get()
    assert (line.declarer, line.lead) == ("W", "HK")
    table_result_set(
        session=howell, user=director, table=1, board=board, typed="4S= W", lead="d10", reason="the lead was ♦10"
    )
    assert Result.objects.get().lead == "DT"
    with pytest.raises(ScoringError) as error:
        table_result_set(session=howell, user=director, table=1, board=board, typed="4S= W", lead="Z9", reason="x")
    assert error.value.field == "lead" and Result.objects.get().lead == "DT"


def test_the_audit_trail_says_which_tables_phone_and_which_side_confirmed(howell, director, phone, key):
    board = where(howell, 1, 3)[0]
    confirmed_at_table(howell, phone, key, table=3, board=board)
    change = ResultChange.objects.get()
    meeting = session_layout(howell).meeting(round=1, table=3)
    assert (change.by, change.at_table, change.confirmed_by) == (None, 3, "EW")
    assert change.confirming_pair.label == meeting.ew


@pytest.mark.slow  # (the whole results page: over a second)
def test_the_audit_trail_on_the_results_page_names_the_tables_phone(howell, director, phone, key, client_for):
    board = where(howell, 1, 3)[0]
    confirmed_at_table(howell, phone, key, table=3, board=board)
    meeting = session_layout(howell).meeting(round=1, table=3)
    with translation.override("en"):
        page = client_for(director).get(f"/scoring/sessions/{howell.pk}/results/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert re.search(rf"Table 3(&#x27;|')s phone, confirmed by EW \(pair {meeting.ew}\)", text)
    assert '10 tricks, lead <span class="suit suit-h">' in text


def test_a_tables_request_fills_the_correction_and_saving_it_closes_the_request(howell, director, phone, key):
    board = where(howell, 1, 2)[1]
    device = confirmed_at_table(howell, phone, key, table=2, board=board)
    correction_request(device=device, key=key(), board=board, note=f"board {board}, declarer was West")
    request = CorrectionRequest.objects.get()
    form = correction_initial(session=howell, table=2, board=board, request=request)
    assert (form["table"], form["round"], form["board"], form["typed"], form["lead"]) == (2, 1, board, "4S E 10", "HK")
    assert "declarer was West" in form["reason"]
    table_result_set(
        session=howell, user=director, table=2, board=board, typed="4S W 10", reason=form["reason"], request=request
    )
    request.refresh_from_db()
    assert request.done_at is not None and request.done_by == director
    assert Result.objects.get().declarer == "W"


def test_a_conflicts_results_say_which_phone_sent_them_and_when(howell, director, phone, key):
    board = where(howell, 1, 1)[0]
    first, second = phone(1), phone(1)
    entry_submit(device=first, key=key(), data={"board": board, **FOUR_S})
    entry_submit(device=second, key=key(), data={"board": board, **FOUR_S, "relative": "-1"})
    conflict = room_state(session=howell, user=director).conflicts[0]
    assert [(c.phone, c.side) for c in conflict.choices] == [(1, "NS"), (2, "NS")]
    assert all(c.at is not None for c in conflict.choices)
    assert "lead ♥K" in conflict.choices[0].words


def test_starting_a_round_while_tables_play_needs_the_directors_yes(howell, director, phone, key):
    assert tables_still_playing(session=howell) == [1, 2, 3, 4]
    room = room_state(session=howell, user=director)
    with translation.override("en"):
        assert str(room.release_question) == (
            "4 tables are still playing (tables 1, 2, 3 and 4). Start round 2 anyway? They finish their round first."
        )
    with pytest.raises(TableError) as error:
        round_release(session=howell, user=director, round_number=2)
    assert error.value.field == "round" and TableSession.objects.get(session=howell).released_round == 1
    round_release(session=howell, user=director, round_number=2, playing_confirmed=True)
    assert TableSession.objects.get(session=howell).released_round == 2


def test_when_every_table_is_done_the_next_round_asks_nothing(howell, director):
    for t in (1, 2, 3, 4):
        for board in where(howell, 1, t):
            table_result_set(session=howell, user=director, table=t, board=board, typed="P")
    assert tables_still_playing(session=howell) == []
    assert room_state(session=howell, user=director).release_question is None
    round_release(session=howell, user=director, round_number=2)
    assert TableSession.objects.get(session=howell).released_round == 2


def publish(session, director):
    from scoring.services.sessions import session_results_publish, session_status_set

    session_status_set(session=session, status=Session.Status.FINISHED)
    session.refresh_from_db()
    session_results_publish(session=session, user=director, query_hours=24)
    session.refresh_from_db()
    return session


def test_after_publication_the_room_is_closed(howell, director, phone, key, client_for):
    board = where(howell, 1, 1)[0]
    first, second = phone(1), phone(1)
    entry_submit(device=first, key=key(), data={"board": board, **FOUR_S})
    entry_submit(device=second, key=key(), data={"board": board, **FOUR_S, "relative": "-1"})
    table_result_set(session=howell, user=director, table=2, board=where(howell, 1, 2)[0], typed="3NT= S")
    publish(howell, director)
    for act in (
        lambda: round_release(session=howell, user=director, round_number=2, playing_confirmed=True),
        lambda: table_result_set(session=howell, user=director, table=2, board=1, typed="P", reason="late"),
        lambda: conflict_resolve(conflict=Conflict.objects.get(), user=director, typed="P", reason="x"),
    ):
        with pytest.raises(TableError) as error:
            act()
        assert error.value.text.code == "director.room_closed"
    page = client_for(director).get(f"/tables/sessions/{howell.pk}/room/").content.decode()
    assert 'data-testid="room-closed"' in page
    for control in ("release-round", "director-result", "choose", "lock-1", "finish-session", "late-count"):
        assert f'data-testid="{control}"' not in page, control


# --- the room's pages -------------------------------------------------------------------------------------------


def test_a_refused_correction_keeps_what_was_typed_and_says_the_error_once_beside_its_field(
    howell, director, client_for
):
    client = client_for(director)
    board = where(howell, 1, 1)[0]
    sent = {"table": "1", "board": str(board), "round": "", "typed": "8S N", "lead": "HQ", "reason": "typo"}
    with translation.override("en"):
        page = client.post(f"/tables/sessions/{howell.pk}/result/", sent, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    text = page.content.decode()
    assert text.count("a contract&#x27;s level is 1 … 7") == 1  # once: beside the result, not also at the top
    form = text[text.index('id="result-form"') :]
    for name, value in (("table", "1"), ("board", str(board)), ("typed", "8S N"), ("lead", "HQ"), ("reason", "typo")):
        assert re.search(rf'name="{name}"[^>]*value="{re.escape(value)}"', form), name
    assert re.search(r'name="typed"[^>]*aria-invalid="true"', form)
    assert not Result.objects.exists()


def test_the_htmx_correction_swaps_the_form_alone_with_its_error(howell, director, client_for):
    client = client_for(director)
    sent = {"table": "1", "board": "99", "typed": "4S= N"}
    page = client.post(f"/tables/sessions/{howell.pk}/result/", sent, HTTP_HX_REQUEST="true")
    text = page.content.decode()
    assert page.status_code == 200 and text.lstrip().startswith("<section") and "room-tables" not in text
    assert re.search(r'name="board"[^>]*aria-invalid="true"', text) and 'value="4S= N"' in text
    saved = client.post(
        f"/tables/sessions/{howell.pk}/result/",
        {"table": "1", "board": str(where(howell, 1, 1)[0]), "typed": "4S= N"},
        HTTP_HX_REQUEST="true",
    )
    assert 'data-testid="result-saved"' in saved.content.decode() and Result.objects.count() == 1


def test_correct_it_opens_the_room_with_the_form_filled_in(howell, director, phone, key, client_for):
    board = where(howell, 1, 4)[0]
    device = confirmed_at_table(howell, phone, key, table=4, board=board)
    correction_request(device=device, key=key(), board=board, note="declarer was West")
    request = CorrectionRequest.objects.get()
    room = client_for(director).get(f"/tables/sessions/{howell.pk}/room/").content.decode()
    link = re.search(r'href="([^"]+)"[^>]*data-testid="request-correct"', room).group(1).replace("&amp;", "&")
    assert f"request={request.pk}" in link
    filled = client_for(director).get(link).content.decode()
    form = filled[filled.index('id="result-form"') :]
    for name, value in (("table", "4"), ("round", "1"), ("board", str(board)), ("typed", "4S E 10"), ("lead", "HK")):
        assert re.search(rf'name="{name}"[^>]*value="{re.escape(value)}"', form), name


def test_the_release_button_asks_while_tables_play(howell, director, client_for):
    with translation.override("en"):
        page = client_for(director).get(f"/tables/sessions/{howell.pk}/room/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    button_form = text[: text.index('data-testid="release-round"')]
    button_form = button_form[button_form.rindex("<form") :]
    assert "4 tables are still playing (tables 1, 2, 3 and 4)" in button_form
    assert 'name="playing_confirmed" value="1"' in button_form
    assert text.index('data-testid="release-round"') < text.index('data-testid="room-tables"')
    assert text.index('data-testid="finish-session"') > text.index('data-testid="room-ranking"')  # not beside it


# --- flags: checked and let stand, with the hands beside them ----------------------------------------------------


@pytest.fixture
def dealt(club_session, director):
    """An 8-pair Howell (3 boards a round), dealt, table entry started: in play."""
    from dealing.services.boards import session_deal_fresh
    from movements.services import session_movement_choose
    from tables.services.setup import table_entry_start

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    session_deal_fresh(session=club_session, user=director, boards=21, queue_analysis=False)
    table_entry_start(session=club_session, user=director)
    club_session.refresh_from_db()
    return club_session


def far_result(session, director, board: int = 1) -> tuple[str, str]:
    """Board ``board`` played at its four tables: 4♠= by N three times, 4♠= by E once (far from the field)."""
    meetings = sorted(session_layout(session).meetings_of_board(board), key=lambda m: m.round)
    for i, m in enumerate(meetings):
        table_result_set(
            session=session, user=director, table=m.table, board=board, typed="4S= E" if i == 3 else "4S= N"
        )
    return meetings[3].ns, meetings[3].ew


def test_a_flag_checked_leaves_the_to_do_list_and_a_correction_brings_it_back(dealt, director, client_for):
    from scoring.services.flags import flag_check

    ns, ew = far_result(dealt, director)
    room = room_state(session=dealt, user=director)
    assert [(f.line.ns, f.code) for f in room.flags] == [(ns, "check.far")] and room.checked == []
    check = flag_check(session=dealt, user=director, board=1, ns=ns, ew=ew, flag="check.far", note="E declared: ok")
    assert flag_check(session=dealt, user=director, board=1, ns=ns, ew=ew, flag="check.far") == check  # once
    room = room_state(session=dealt, user=director)
    assert room.flags == [] and [(f.check.by, f.check.note) for f in room.checked] == [(director, "E declared: ok")]
    line = session_layout(dealt).meeting_of(board=1, ns=ns, ew=ew)
    table_result_set(session=dealt, user=director, table=line.table, board=1, typed="4S= W", reason="W declared")
    assert [f.code for f in room_state(session=dealt, user=director).flags] == ["check.far"]  # a new result
    assert FlagCheck.objects.count() == 1


def test_a_flag_that_is_not_there_cannot_be_checked(dealt, director, scorer):
    from scoring.services.flags import flag_check

    ns, ew = far_result(dealt, director)
    with pytest.raises(ScoringError) as error:
        flag_check(session=dealt, user=director, board=1, ns=ns, ew=ew, flag="check.top_trumps")
    assert error.value.field == "flag"
    with pytest.raises(ScoringError):
        flag_check(session=dealt, user=scorer, board=1, ns=ns, ew=ew, flag="check.far")
    assert not FlagCheck.objects.exists()


def test_the_flagged_boards_page_shows_the_hands_to_the_director_only(dealt, director, scorer, client_for):
    from dealing.diagrams import ranks
    from dealing.models import Board

    ns, ew = far_result(dealt, director)
    north = Board.objects.get(session=dealt, number=1).deal_pbn.split(":")[1].split()[0]
    page = client_for(director).get(f"/tables/sessions/{dealt.pk}/boards/1/check/")
    text = page.content.decode()
    assert page.status_code == 200 and 'data-testid="check-deal"' in text and 'data-testid="deal-for-director"' in text
    assert all(ranks(suit) in text for suit in north.split(".") if suit)  # North's hand, as the diagram writes it
    quiet = client_for(director).get(f"/tables/sessions/{dealt.pk}/boards/2/check/").content.decode()
    assert 'data-testid="check-deal"' not in quiet and 'data-testid="nothing-flagged"' in quiet  # no flag: no hands
    assert client_for(scorer).get(f"/tables/sessions/{dealt.pk}/boards/1/check/").status_code in (403, 404)
    answer = client_for(director).post(
        f"/tables/sessions/{dealt.pk}/boards/1/check/", {"ns": ns, "ew": ew, "flag": "check.far", "note": "seen"}
    )
    assert answer.status_code == 302 and answer["Location"].endswith(f"/tables/sessions/{dealt.pk}/room/")
    assert FlagCheck.objects.get().note == "seen"
    refused = client_for(director).post(f"/tables/sessions/{dealt.pk}/boards/1/check/", {"ns": ns, "ew": ew})
    assert refused.status_code == 400 and 'data-testid="check-error"' in refused.content.decode()


def test_after_publication_only_the_unchecked_flags_remain_as_warnings(dealt, director, client_for):
    from scoring.services.flags import flag_check

    ns, ew = far_result(dealt, director, board=1)
    ns2, ew2 = far_result(dealt, director, board=2)
    flag_check(session=dealt, user=director, board=1, ns=ns, ew=ew, flag="check.far", note="fine")
    publish(dealt, director)
    room = room_state(session=dealt, user=director)
    far = "check.far"  # (the session over, the deal's own checks may flag other lines of these random deals)
    assert [f.line.board for f in room.flags if f.code == far] == [2]
    assert [f.line.board for f in room.checked if f.code == far] == [1]
    results = client_for(director).get(f"/scoring/sessions/{dealt.pk}/results/").content.decode()
    assert f"⚠ board 2: {ns2} v {ew2} scored" in results
    assert f"⚠ board 1: {ns} v {ew} scored" not in results and f"✓ board 1: {ns} v {ew} scored" in results


# --- the room reads each table as its phones see it (issue 24, found on the evening) ---------------------------


def test_a_late_table_reading_its_moves_is_shown_at_its_own_round_and_still_playing(howell, director, phone, key):
    late = phone(1)
    for t in (2, 3, 4):
        for board in where(howell, 1, t):
            table_result_set(session=howell, user=director, table=t, board=board, typed="P")
    round_release(session=howell, user=director, round_number=2, playing_confirmed=True)  # table 1 still plays
    for t in (2, 3, 4):
        for board in where(howell, 2, t):
            table_result_set(session=howell, user=director, table=t, board=board, typed="P")
    for board in where(howell, 1, 1):
        confirmed_at_table(howell, lambda _t: late, key, table=1, board=board)
    row = next(r for r in room_state(session=howell, user=director).tables if r.table.number == 1)
    first = session_layout(howell).meeting(round=1, table=1)
    assert (row.round, row.playing, row.moving, row.late) == (1, False, True, True)  # reading round 1's moves
    assert (row.ns["label"], row.ew["label"]) == (first.ns, first.ew)  # not round 2's pairs
    assert tables_still_playing(session=howell) == [1]  # it has round 2 still to play
    room = room_state(session=howell, user=director)
    assert room.still_playing == [1] and room.done_this_round == 3


def test_a_table_whose_open_board_is_in_conflict_is_not_still_playing(howell, director, phone, key):
    first, second = phone(1), phone(1)
    *played, disputed = where(howell, 1, 1)
    for board in played:
        confirmed_at_table(howell, lambda _t: first, key, table=1, board=board)
    entry_submit(device=first, key=key(), data={"board": disputed, **FOUR_S})
    entry_submit(
        device=second, key=key(), data={"board": disputed, "level": 3, "strain": "N", "declarer": "S", "relative": "+1"}
    )
    assert Conflict.objects.filter(table__number=1, board=disputed, resolved_at__isnull=True).exists()
    for t in (2, 3, 4):
        for board in where(howell, 1, t):
            table_result_set(session=howell, user=director, table=t, board=board, typed="P")
    assert tables_still_playing(session=howell) == []  # the players moved on: the board is the director's
    assert room_state(session=howell, user=director).release_question is None

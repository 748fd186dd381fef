"""The director's live room in real hands (issue 24, items 5–8), in Chromium: a phone at 375 px, the director at
1280 px.

* A table enters a board with its opening lead (the review line says it), confirms it, and asks the director:
  "declarer was West". The room's request has "Correct it", which opens the correction filled in with the table,
  round, board, the result and its lead; the director changes the declarer and saves; the request is closed, the
  lead kept, and the results page's audit trail says which table's phone and which pair confirmed the result. A
  player reading the traveller and the scorecard on a phone sees the lead.
* A refused correction keeps everything typed and says its error once, beside the result.
* A conflict's two "Keep" buttons say which phone sent each result and when.
* Suspicious results: the room lists them; "Look at it" shows the board's hands beside the flag (the session is in
  play: to the director only); "Checked, it stands" with a note takes it off the list; "Correct it" opens the
  correction filled in.
* "Start round 2" says how many tables are still playing and asks; "Finish the session…" is not beside it; once
  the results are published the room offers no round and no control.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from scoring.models import FlagCheck, Result
from scoring.selectors.layout import session_layout
from tables.models import CorrectionRequest, Table, TableSession
from tests.e2e.browser import log_in, seen, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def director_room(browser, base: str, director, session):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/tables/sessions/{session.pk}/room/")
    expect(page.get_by_test_id("room-tables")).to_be_visible()
    return context, page


def phone_at(browser, base: str, session, number: int):
    table = Table.objects.get(table_session__session=session, number=number)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base}/t/join/")
    page.get_by_test_id("join-code").fill(table.code)
    page.get_by_test_id("join-pin").fill(table.pin)
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("round-title")).to_be_visible()
    return context, page


def tap(page, *names: str) -> None:
    for name in names:
        page.get_by_test_id(name).click()


def test_a_tables_request_is_corrected_from_the_room_and_the_lead_stays(
    browser, live_server, tables_started, director, shots
):
    from tables.services.setup import table_settings_set

    session = tables_started
    table_settings_set(
        club=session.club, user=director, record_lead=True, show_traveller=False, tricks="relative", minutes_per_board=7
    )
    meeting = session_layout(session).meeting(round=1, table=1)
    board = meeting.boards[0]

    # the table: 4♠ by E, lead ♥K, made; the review line says the lead before NS send
    phone_context, phone = phone_at(browser, live_server.url, session, 1)
    tap(phone, f"board-{board}", "level-4", "strain-S", "doubling-0", "declarer-E", "contract-next")
    tap(phone, "lead-suit-H", "lead-rank-K", "lead-next", "over-made")
    expect(phone.get_by_test_id("said")).to_contain_text("lead ♥K")
    snap(phone, shots / "room-phone-review-lead-375.png")
    tap(phone, "send", "accept")
    expect(phone.get_by_test_id("board-state")).to_be_visible()
    phone.get_by_test_id("ask-director").click()
    phone.get_by_test_id("request-note").fill(f"board {board}, declarer was West")
    phone.get_by_test_id("request-send").click()

    # the director: the request has "Correct it", which fills the correction in
    desk, room = director_room(browser, live_server.url, director, session)
    request = room.get_by_test_id("request")
    expect(request).to_contain_text("declarer was West")
    request.get_by_test_id("request-correct").click()
    expect(room.get_by_test_id("result-filled")).to_be_visible()
    expect(room.get_by_test_id("result-table")).to_have_value("1")
    expect(room.get_by_test_id("result-round")).to_have_value("1")
    expect(room.get_by_test_id("result-board")).to_have_value(str(board))
    expect(room.get_by_test_id("result-typed")).to_have_value("4S E 10")
    expect(room.get_by_test_id("result-lead")).to_have_value("HK")
    expect(room.get_by_test_id("result-reason")).to_have_value(re.compile("declarer was West"))
    snap(room, shots / "room-correct-it-1280.png")
    room.get_by_test_id("result-typed").fill("4S W 10")
    room.get_by_test_id("result-save").click()
    expect(room.get_by_test_id("result-saved")).to_be_visible()
    expect(room.get_by_test_id("room-requests")).to_contain_text("None.")
    line = Result.objects.get(session=session, board=board)
    assert (line.declarer, line.tricks, line.lead) == ("W", 10, "HK")
    assert CorrectionRequest.objects.get().done_at is not None

    # the audit trail: the table's phone and the pair that confirmed, then the director's correction
    room.goto(f"{live_server.url}/scoring/sessions/{session.pk}/results/")
    traveller = room.get_by_test_id(f"traveller-{board}")
    traveller.locator("summary").click()
    who = traveller.get_by_test_id("audit-who")
    expect(who.first).to_contain_text(f"Table 1's phone, confirmed by EW (pair {meeting.ew})")
    expect(who.nth(1)).to_contain_text(director.get_full_name() or director.username)
    expect(traveller.get_by_test_id("audit-trail-" + str(board))).to_contain_text(seen("lead ♥K"))
    snap(room, shots / "room-audit-trail-1280.png")

    # a reader of the traveller and the scorecard on a phone sees the lead (the director's preview: not published)
    room.set_viewport_size(PHONE)
    room.goto(f"{live_server.url}/scoring/sessions/{session.pk}/boards/{board}/")
    expect(room.get_by_test_id("lead-narrow").first).to_be_visible()
    expect(room.get_by_test_id("lead-narrow").first).to_contain_text(seen("lead ♥K"))
    room.goto(f"{live_server.url}/scoring/sessions/{session.pk}/pairs/{meeting.ns}/")
    expect(room.get_by_test_id("scorecard")).to_contain_text(seen("lead ♥K"))
    snap(room, shots / "room-scorecard-lead-375.png")
    for context in (phone_context, desk):
        context.close()


def test_a_refused_correction_keeps_what_was_typed_and_says_why_once(
    browser, live_server, tables_started, director, shots
):
    session = tables_started
    board = session_layout(session).meeting(round=1, table=2).boards[1]
    desk, room = director_room(browser, live_server.url, director, session)
    room.get_by_test_id("result-table").fill("2")
    room.get_by_test_id("result-board").fill(str(board))
    room.get_by_test_id("result-typed").fill("8S N")
    room.get_by_test_id("result-lead").fill("DQ")
    room.get_by_test_id("result-reason").fill("from the paper traveller")
    room.get_by_test_id("result-save").click()
    error = room.get_by_test_id("result-error")
    expect(error).to_have_count(1)
    expect(error).to_contain_text("a contract's level is 1 … 7")
    expect(room.locator(".message-error")).to_have_count(0)  # said once: beside the field, not again at the top
    expect(room.get_by_test_id("result-typed")).to_have_attribute("aria-invalid", "true")
    for name, value in (("table", "2"), ("board", str(board)), ("typed", "8S N"), ("lead", "DQ")):
        expect(room.get_by_test_id(f"result-{name}")).to_have_value(value)
    expect(room.get_by_test_id("result-reason")).to_have_value("from the paper traveller")
    snap(room, shots / "room-refused-correction-1280.png")
    room.get_by_test_id("result-typed").fill("4S= N")
    room.get_by_test_id("result-save").click()
    expect(room.get_by_test_id("result-saved")).to_be_visible()
    expect(room.get_by_test_id("result-typed")).to_have_value("")
    line = Result.objects.get(session=session, board=board)
    assert (line.round, line.table, line.level, line.lead) == (1, 2, 4, "DQ")
    desk.close()


def test_a_conflicts_keep_buttons_say_which_phone_sent_each_result(
    browser, live_server, tables_started, director, shots
):
    session = tables_started
    board = session_layout(session).meeting(round=1, table=3).boards[0]
    first_context, first = phone_at(browser, live_server.url, session, 3)
    second_context, second = phone_at(browser, live_server.url, session, 3)
    tap(first, f"board-{board}", "level-3", "strain-N", "doubling-0", "declarer-S", "contract-next", "over-made")
    first.get_by_test_id("send").click()
    expect(first.get_by_test_id("all-sent")).to_be_visible()
    tap(second, f"board-{board}", "level-3", "strain-N", "doubling-0", "declarer-S", "contract-next", "over-minus1")
    second.get_by_test_id("send").click()
    expect(second.get_by_test_id("board-state")).to_contain_text("director")

    desk, room = director_room(browser, live_server.url, director, session)
    conflict = room.get_by_test_id("conflict")
    expect(conflict.get_by_test_id("choose")).to_have_count(2)
    senders = conflict.get_by_test_id("choice-sender")
    expect(senders.nth(0)).to_contain_text(re.compile(r"sent by phone 1 \(NS\) at \d\d:\d\d:\d\d"))
    expect(senders.nth(1)).to_contain_text(re.compile(r"sent by phone 2 \(NS\) at \d\d:\d\d:\d\d"))
    expect(conflict.get_by_test_id("choose").nth(1)).to_contain_text(seen("3NT−1 by S"))
    snap(room, shots / "room-conflict-senders-1280.png")
    conflict.get_by_test_id("choose").nth(1).click()  # phone 2's: one down
    expect(room.get_by_test_id("room-conflicts")).to_contain_text("None.")
    assert Result.objects.get(session=session, board=board).tricks == 8
    for context in (first_context, second_context, desk):
        context.close()


@pytest.fixture
def dealt_in_play(club_session, director):
    """An 8-pair Howell, 3 boards a round, dealt, table entry started; board 1 and board 2 each played at their four
    tables with one result far from the other three (a suspicious result on each)."""
    from dealing.services.boards import session_deal_fresh
    from movements.services import session_movement_choose
    from tables.services.director import table_result_set
    from tables.services.setup import table_entry_start

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    session_deal_fresh(session=club_session, user=director, boards=21, queue_analysis=False)
    table_entry_start(session=club_session, user=director)
    club_session.refresh_from_db()
    for board in (1, 2):
        meetings = sorted(session_layout(club_session).meetings_of_board(board), key=lambda m: m.round)
        for i, m in enumerate(meetings):
            typed = "4S= E" if i == 3 else "4S= N"
            table_result_set(session=club_session, user=director, table=m.table, board=board, typed=typed)
    return club_session


def test_a_suspicious_result_is_checked_beside_its_hands_or_corrected(
    browser, live_server, dealt_in_play, director, shots
):
    session = dealt_in_play
    far = {b: sorted(session_layout(session).meetings_of_board(b), key=lambda m: m.round)[3] for b in (1, 2)}
    desk, room = director_room(browser, live_server.url, director, session)
    flags = room.get_by_test_id("room-flags")
    expect(flags.get_by_test_id("flag")).to_have_count(2)
    snap(room, shots / "room-flags-1280.png")

    # board 1: looked at beside its hands, and let stand
    flags.get_by_test_id("flag").filter(has_text="board 1:").get_by_test_id("flag-look").click()
    expect(room.get_by_test_id("check-deal")).to_be_visible()
    expect(room.get_by_test_id("hand-diagram-1")).to_be_visible()
    expect(room.get_by_test_id("deal-for-director")).to_be_visible()
    expect(room.get_by_test_id("check-flag")).to_contain_text(f"board 1: {far[1].ns} v {far[1].ew} scored")
    snap(room, shots / "room-flag-hands-1280.png")
    room.get_by_test_id("check-note").fill("East declared: the table confirmed it")
    room.get_by_test_id("check-stands").click()
    expect(room.get_by_test_id("room-tables")).to_be_visible()  # back in the room
    expect(flags.get_by_test_id("flag")).to_have_count(1)
    expect(flags.get_by_test_id("flags-checked")).to_contain_text("1 checked")
    check = FlagCheck.objects.get()
    assert (check.board, check.by, check.note) == (1, director, "East declared: the table confirmed it")

    # board 2: corrected from the flag
    flags.get_by_test_id("flag-look").click()
    room.get_by_test_id("check-correct").click()
    expect(room.get_by_test_id("result-table")).to_have_value(str(far[2].table))
    expect(room.get_by_test_id("result-board")).to_have_value("2")
    expect(room.get_by_test_id("result-round")).to_have_value(str(far[2].round))
    expect(room.get_by_test_id("result-typed")).to_have_value("4S E 10")
    room.get_by_test_id("result-typed").fill("4S N 10")
    room.get_by_test_id("result-reason").fill("North declared: the traveller was wrong")
    room.get_by_test_id("result-save").click()
    expect(room.get_by_test_id("result-saved")).to_be_visible()
    expect(flags.get_by_test_id("flag")).to_have_count(0)
    assert Result.objects.get(session=session, board=2, table=far[2].table).declarer == "N"
    desk.close()


def test_the_next_round_asks_while_tables_play_and_the_room_locks_after_publication(
    browser, live_server, tables_started, director, shots
):
    from scoring.services.sessions import session_results_publish, session_status_set
    from tables.services.director import table_result_set

    session = tables_started
    desk, room = director_room(browser, live_server.url, director, session)
    expect(room.get_by_test_id("still-playing")).to_contain_text("4 tables still playing")
    head = room.locator(".room-head")
    expect(head.get_by_test_id("finish-session")).to_have_count(0)  # not beside "Start round 2"
    expect(room.get_by_test_id("room-finish").get_by_test_id("finish-session")).to_be_visible()
    snap(room, shots / "room-round-asks-1280.png")

    asked: list[str] = []
    room.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    room.get_by_test_id("release-round").click()
    expect(room.get_by_test_id("room-round")).to_contain_text("Round 1 of 7")
    assert asked and "4 tables are still playing (tables 1, 2, 3 and 4)" in asked[0], asked
    assert TableSession.objects.get(session=session).released_round == 1  # "not yet": nothing moved

    room.once("dialog", lambda dialog: dialog.accept())
    room.get_by_test_id("release-round").click()
    expect(room.get_by_test_id("room-round")).to_contain_text("Round 2 of 7")

    # published: the room shows the evening and offers nothing
    table_result_set(session=session, user=director, table=1, board=session_layout(session).meeting(round=1, table=1)
                     .boards[0], typed="3NT= S")  # fmt: skip
    session.refresh_from_db()  # in play since table entry started
    session_status_set(session=session, status=Session.Status.FINISHED)
    session.refresh_from_db()
    session_results_publish(session=session, user=director, query_hours=24)
    room.reload()
    expect(room.get_by_test_id("room-closed")).to_be_visible()
    for control in ("release-round", "director-result", "lock-1", "finish-session", "late-count"):
        expect(room.get_by_test_id(control)).to_have_count(0)
    snap(room, shots / "room-closed-1280.png")
    desk.close()

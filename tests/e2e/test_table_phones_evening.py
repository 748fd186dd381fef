"""The phones at the tables as an evening goes in real hands (issue 24), in Chromium at a phone's width (375 px):

* a late table — the director started the next round while it still played — reads where to move at the end of
  its own round, and starts its next round when it has moved;
* a result left on a phone that was signed out ("Take over" from another phone) is not promised "when the network
  is back": the phone says what happened, the director's room shows it, and the phone hands it to the table's
  phone, which sends it;
* "Leave this table…" is not under the entry screens, and it asks first;
* a conflict reads once, with both results, and the first phone stops offering "EW: Accept" at once; a request
  for the director is told as news, not as an error; no "not sent yet" flashes while the network is there; the
  traveller's pairs and percentages do not wrap;
* the players see the ranking so far between rounds when the director shows it, and their pairs' results with a
  link to the ranking as soon as the results are published (provisional included).

Screenshots (375 px phones, 1280 px room) go to ``$E2E_SCREENSHOTS``.
"""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from scoring.models import Result
from scoring.selectors.layout import session_layout
from tables.models import Table
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
FOUR_S = {"level": 4, "strain": "S", "doubling": 0, "declarer": "N", "over": "made"}
THREE_NT = {"level": 3, "strain": "N", "doubling": 0, "declarer": "S", "over": "plus1"}


def join(browser, base, table, *, take_over=False):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base}/t/{table.code}/?pin={table.pin}")
    if take_over:
        page.get_by_test_id("take-over").check()
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("table-app")).not_to_contain_text("Loading")
    return context, page


def fill(page, plan):
    for name in ("level", "strain", "doubling", "declarer"):
        page.get_by_test_id(f"{name}-{plan[name]}").click()
    page.get_by_test_id("contract-next").click()
    page.get_by_test_id(f"over-{plan['over']}").click()


def enter(page, board, plan=FOUR_S):
    """From the round screen: the board, NS send, EW accept, back to the round."""
    page.get_by_test_id(f"board-{board}").click()
    fill(page, plan)
    page.get_by_test_id("send").click()
    page.get_by_test_id("accept").click()
    expect(page.get_by_test_id("board-state")).to_contain_text("Confirmed")
    page.get_by_test_id("continue").click()


def table_of(session, number):
    return Table.objects.get(table_session__session=session, number=number)


def test_a_late_table_reads_where_to_move_before_its_next_round(browser, live_server, tables_started, director, shots):
    from scoring.services.sessions import session_status_set
    from tables.services.setup import round_release

    session_status_set(session=tables_started, status=Session.Status.RUNNING)  # rounds start only during play
    layout = session_layout(tables_started)
    first, second = layout.meeting(round=1, table=1), layout.meeting(round=2, table=1)
    context, page = join(browser, live_server.url, table_of(tables_started, 1))
    for board in first.boards[:-1]:
        enter(page, board)
    round_release(
        session=tables_started, user=director, round_number=2, playing_confirmed=True
    )  # the director goes on: table 1 is late
    enter(page, first.boards[-1])
    expect(page.get_by_test_id("round-done")).to_contain_text("Round 1 is done")
    expect(page.get_by_test_id("moves")).to_contain_text("Pair")  # where to go after round 1, for this table
    expect(page.get_by_test_id("next-released")).to_contain_text("Round 2 has started")
    moved = page.get_by_test_id("moved-on")
    expect(moved).to_have_text("We have moved: start round 2")  # its own words, not the last tapped button's
    snap(page, shots / "phone-late-table-moves-375.png")
    page.reload()  # a reload, or another phone of the table, shows the same
    expect(moved).to_have_text("We have moved: start round 2")
    page.route(re.compile(r"/tables/state/$"), lambda route: route.abort())  # the tap is answered, the state is not
    with page.expect_response(re.compile(r"/tables/moves/$")):
        moved.click()
    expect(page.get_by_test_id("round-title")).to_contain_text("Round 2")
    expect(page.get_by_test_id("pair-ns")).to_contain_text(second.ns)
    enter(page, second.boards[0])  # round 2's board, entered in round 2 (not back to round 1's moves meanwhile)
    expect(page.get_by_test_id("all-sent")).to_be_visible()
    assert Result.objects.filter(session=tables_started, board=second.boards[0], round=2, table=1).exists()
    page.unroute(re.compile(r"/tables/state/$"))
    page.reload()
    expect(page.get_by_test_id("round-title")).to_contain_text("Round 2")  # the server knows the table moved on
    assert table_of(tables_started, 1).moved_round == 1
    context.close()


def test_a_result_on_a_signed_out_phone_is_handed_to_the_tables_phone(
    browser, live_server, tables_started, director, shots
):
    base = live_server.url
    table = table_of(tables_started, 1)
    board = session_layout(tables_started).meeting(round=1, table=1).boards[0]
    old_context, old = join(browser, base, table)
    old_context.set_offline(True)
    old.get_by_test_id(f"board-{board}").click()
    fill(old, FOUR_S)
    old.get_by_test_id("send").click()
    expect(old.get_by_test_id("not-sent")).to_be_visible()  # offline: true, it waits for the network
    new_context, new = join(browser, base, table, take_over=True)  # another phone takes the table over
    old_context.set_offline(False)
    held = old.get_by_test_id("held")
    expect(held).to_contain_text(f"Board {board}")
    expect(held).to_contain_text("Another phone took over table 1")
    expect(old.get_by_test_id("not-sent")).to_have_count(0)  # no more "when the network is back"
    snap(old, shots / "phone-signed-out-holding-375.png")

    desk = browser.new_context(viewport=DESKTOP)
    room = desk.new_page()
    log_in(room, base, director.username, f"{director.username}-pass-2026")
    room.goto(f"{base}/tables/sessions/{tables_started.pk}/room/")
    waiting = room.get_by_test_id("room-handovers")
    expect(waiting).to_contain_text(f"Table 1, board {board}")  # the director sees it before anyone chooses
    expect(waiting).to_contain_text("still on the signed-out phone")

    old.get_by_test_id("hand-to-table").click()
    expect(old.get_by_test_id("handed")).to_contain_text("Handed to the table's phone")
    expect(waiting).to_contain_text("handed to the table's phone")
    snap(room, shots / "room-signed-out-phones-1280.png")
    handed = new.get_by_test_id("handed-in")
    expect(handed).to_contain_text(f"Board {board}")
    snap(new, shots / "phone-handed-in-375.png")
    new.get_by_test_id("handed-send").click()
    expect(new.get_by_test_id(f"board-{board}")).to_contain_text("Waiting for EW")
    expect(handed).to_have_count(0)
    expect(waiting).to_contain_text("None.")
    for context in (old_context, new_context, desk):
        context.close()


def test_leave_this_table_is_out_of_the_way_and_asks_first(browser, live_server, tables_started, shots):
    board = session_layout(tables_started).meeting(round=1, table=1).boards[0]
    context, page = join(browser, live_server.url, table_of(tables_started, 1))
    leave = page.get_by_test_id("leave")
    expect(leave).to_be_visible()
    page.get_by_test_id(f"board-{board}").click()
    expect(page.get_by_test_id("level-4")).to_be_visible()
    expect(leave).to_be_hidden()  # not one tap under the contract's buttons
    page.get_by_test_id("level-4").click()
    page.get_by_role("button", name="Back").click()
    leave.click()
    confirm = page.get_by_test_id("leave-confirm")
    expect(confirm).to_contain_text("Sign this phone out of table 1?")
    snap(page, shots / "phone-leave-asks-375.png")
    page.get_by_test_id("leave-no").click()
    expect(confirm).to_be_hidden()
    expect(page.get_by_test_id("round-title")).to_be_visible()  # still at the table
    leave.click()
    page.get_by_test_id("leave-yes").click()
    expect(page).to_have_url(re.compile(r"/t/join/$"))
    context.close()


def test_a_conflict_reads_once_and_the_first_phone_stops_offering_accept(browser, live_server, tables_started, shots):
    from tables.models import TableSettings

    TableSettings.objects.update_or_create(club=tables_started.club, defaults={"show_traveller": True})
    meeting = session_layout(tables_started).meeting(round=1, table=1)
    table = table_of(tables_started, 1)
    first_context, first = join(browser, live_server.url, table)
    second_context, second = join(browser, live_server.url, table)
    # a send while the network is there never says "not sent yet … when the network is back"
    first.evaluate(
        """() => { window.sawNotSent = false;
        new MutationObserver(() => { if (document.querySelector('[data-testid=not-sent]')) window.sawNotSent = true; })
          .observe(document.getElementById('net'), { childList: true, subtree: true }); }"""
    )
    board = meeting.boards[0]
    first.get_by_test_id(f"board-{board}").click()
    fill(first, FOUR_S)
    first.get_by_test_id("send").click()
    expect(first.get_by_test_id("accept")).to_be_visible()
    expect(first.get_by_test_id("all-sent")).to_be_visible()
    second.get_by_test_id(f"board-{board}").click()
    fill(second, THREE_NT)
    second.get_by_test_id("send").click()
    expect(second.get_by_test_id("board-state")).to_have_text("Conflict: the director decides")
    expect(second.get_by_test_id("conflict-results").locator("li")).to_have_count(2)
    # the first phone, EW reading the result: no Accept once the conflict is there (within its one-second look)
    expect(first.get_by_test_id("accept")).to_have_count(0, timeout=3500)
    expect(first.get_by_test_id("board-state")).to_have_text("Conflict: the director decides")
    results = first.get_by_test_id("conflict-results")
    expect(results).to_contain_text("4♠")
    expect(results).to_contain_text("3NT")
    first.get_by_test_id("continue").click()
    expect(first.get_by_test_id("next-board")).to_have_text("Next board")
    row = first.get_by_test_id(f"board-{board}")
    expect(row).to_contain_text("3NT")
    assert row.inner_text().count("Conflict: the director decides") == 1
    snap(first, shots / "phone-conflict-once-375.png")

    enter(first, meeting.boards[1], THREE_NT)
    first.get_by_test_id(f"board-{meeting.boards[1]}").click()  # the board's traveller: nothing wraps at 375 px
    expect(first.locator("table.traveller td.percent").first).to_be_visible()
    # each cell's text on how many lines (the traveller is drawn again when it is fetched again: measured at once)
    lines = first.wait_for_function(
        """() => { const cells = [...document.querySelectorAll('table.traveller td.pairs, table.traveller td.percent')];
             const counts = cells.map(td => { const r = document.createRange(); r.selectNodeContents(td);
               return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; });
             return counts.length && counts.every(n => n > 0) ? counts : null; }"""
    ).json_value()
    assert lines and all(n == 1 for n in lines), lines
    snap(first, shots / "phone-traveller-375.png")
    first.get_by_test_id("ask-director").click()
    first.get_by_test_id("request-note").fill("The declarer was South")
    first.get_by_test_id("request-send").click()
    expect(first.get_by_test_id("phone-notice")).to_contain_text("your request is with the director")
    expect(first.get_by_test_id("phone-error")).to_be_hidden()  # news, not an error
    assert first.evaluate("window.sawNotSent") is False
    first_context.close()
    second_context.close()


def test_players_see_the_ranking_between_rounds_and_their_results_when_published(
    browser, live_server, tables_started, director, shots
):
    from scoring.services.sessions import session_results_publish, session_status_set
    from tables.services.joining import table_join
    from tables.services.submissions import entry_confirm, entry_submit

    base = live_server.url
    layout = session_layout(tables_started)
    table = table_of(tables_started, 1)
    for t in (1, 2):  # two tables play round 1 (on another phone of theirs)
        other = table_of(tables_started, t)
        device, _token = table_join(code=other.code, pin=other.pin)
        for board in layout.meeting(round=1, table=t).boards:
            played = {"board": board, "round": 1, "level": 4, "strain": "S", "declarer": "NE"[t - 1], "relative": "="}
            entry = entry_submit(device=device, key=uuid.uuid4().hex, data=played)
            entry_confirm(device=device, key=uuid.uuid4().hex, entry=entry.entry, side="EW")
    context, page = join(browser, base, table)
    expect(page.get_by_test_id("round-done")).to_be_visible()
    expect(page.get_by_test_id("phone-ranking")).to_have_count(0)  # not shown: the director has not turned it on

    desk = browser.new_context(viewport=DESKTOP)
    room = desk.new_page()
    log_in(room, base, director.username, f"{director.username}-pass-2026")
    room.goto(f"{base}/tables/sessions/{tables_started.pk}/room/")
    room.get_by_test_id("live-ranking-switch").click()
    expect(room.get_by_test_id("room-live-ranking")).to_contain_text("On:")
    ranking = page.get_by_test_id("phone-ranking")
    expect(ranking).to_contain_text("Ranking so far")
    expect(page.get_by_test_id("pair-result")).to_have_count(2)  # this table's two pairs, their places
    expect(ranking).not_to_contain_text("♠")  # places and scores only, nothing of a deal
    snap(page, shots / "phone-live-ranking-375.png")

    tables_started.refresh_from_db()
    session_status_set(session=tables_started, status=Session.Status.FINISHED)
    expect(page.get_by_test_id("results-to-come")).to_be_visible()
    session_results_publish(session=tables_started, user=director, query_hours=24)
    expect(page.get_by_test_id("phone-ranking")).to_contain_text("Provisional results")
    meeting = layout.meeting(round=1, table=1)
    results = page.get_by_test_id("pair-result")
    expect(results).to_have_count(2)
    expect(results.first).to_contain_text(re.compile(rf"Pair ({meeting.ns}|{meeting.ew}): place "))
    snap(page, shots / "phone-published-375.png")
    page.get_by_test_id("ranking-link").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{tables_started.pk}/ranking/$"))
    context.close()
    desk.close()

"""What a finger is on stays put: the table's phone and the director's room are redrawn every few seconds, and a
button drawn anew between its press and its release loses the tap (CI runs lost several: the second phone's board,
the review's Send, EW's Accept). A screen is redrawn only when it changed, and then morphed (idiomorph): the
elements that stay are the same elements."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.selectors.layout import session_layout
from tables.models import Table
from tests.e2e.browser import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def join(browser, live_server, table):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/join/")
    page.get_by_test_id("join-code").fill(table.code)
    page.get_by_test_id("join-pin").fill(table.pin)
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("round-title")).to_be_visible()
    return context, page


def test_the_round_screen_is_not_drawn_again_when_nothing_changed(browser, live_server, tables_started):
    table = Table.objects.get(table_session__session=tables_started, number=1)
    board = session_layout(tables_started).meeting(round=1, table=1).boards[0]
    context, page = join(browser, live_server, table)
    button = page.get_by_test_id(f"board-{board}")
    expect(button).to_be_visible()
    button.evaluate("element => { element.keptAcrossRefreshes = true; }")  # this very element, not a copy of it
    for _ in range(2):  # two of the phone's state fetches
        with page.expect_response(re.compile(r"/state/$")):
            pass
    page.evaluate("() => new Promise(requestAnimationFrame)")  # the answer has been drawn
    assert button.evaluate("element => element.keptAcrossRefreshes === true"), "the round screen was drawn anew"
    button.click()  # and a tap does what it says
    expect(page.get_by_test_id("level-4")).to_be_visible()
    context.close()


def test_a_sent_result_coming_back_keeps_the_buttons_under_the_finger(browser, live_server, tables_started):
    """NS press Send and EW reach for Accept at once: the server's answer changes the screen (the "not sent" mark goes), and the Accept button must stay the same element through it, as a tap may be halfway."""
    table = Table.objects.get(table_session__session=tables_started, number=1)
    board = session_layout(tables_started).meeting(round=1, table=1).boards[0]
    context, page = join(browser, live_server, table)
    page.get_by_test_id(f"board-{board}").click()
    for button in ("level-3", "strain-N", "doubling-0", "declarer-S", "contract-next", "over-made"):
        page.get_by_test_id(button).click()
    context.set_offline(True)  # the answer held back, to be sure
    page.get_by_test_id("send").click()
    accept = page.get_by_test_id("accept")
    expect(accept).to_be_visible()
    expect(page.get_by_test_id("not-sent")).to_be_visible()
    accept.evaluate("element => { element.keptAcrossRefreshes = true; }")
    context.set_offline(False)  # the answer arrives and is drawn
    expect(page.get_by_test_id("all-sent")).to_be_visible()
    expect(page.locator(".unsent-mark")).to_have_count(0)
    assert accept.evaluate("element => element.keptAcrossRefreshes === true"), "the confirm screen was drawn anew"
    accept.click()
    expect(page.get_by_test_id("board-state")).to_contain_text("Confirmed")
    expect(page.get_by_test_id("all-sent")).to_be_visible()  # the confirmation answered: no write left in flight
    context.close()  # (one racing the database's flush deadlocked in CI)


def test_the_directors_room_keeps_its_buttons_through_its_refreshes(browser, live_server, tables_started, director):
    """The room's live part is fetched every few seconds; a change elsewhere in it (a phone joins) must not replace
    the buttons a director may be pressing (Finish the session, Start round …)."""
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    room = desk.new_page()
    log_in(room, live_server.url, director.username, f"{director.username}-pass-2026")
    room.goto(f"{live_server.url}/tables/sessions/{tables_started.pk}/room/")
    finish = room.get_by_test_id("finish-session")
    expect(finish).to_be_visible()
    finish.evaluate("element => { element.keptAcrossRefreshes = true; }")
    expect(room.get_by_test_id("room-table-1")).to_contain_text("0 phones")
    context, _ = join(browser, live_server, Table.objects.get(table_session__session=tables_started, number=1))
    expect(room.get_by_test_id("room-table-1")).to_contain_text("1 phone")  # the live part changed …
    assert finish.evaluate("element => element.keptAcrossRefreshes === true"), "the room's buttons were drawn anew"
    finish.click()  # … and the button still does its job
    expect(room.get_by_test_id("confirm")).to_be_visible()
    context.close()
    desk.close()

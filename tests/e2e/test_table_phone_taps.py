"""A phone at the table keeps what it shows while nothing changes: the state is fetched every few seconds, and a
screen drawn anew each time replaced the button under a finger between its press and its release, so the tap was
lost (two CI runs lost one: the second phone's board and the review's Send never came)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.selectors.layout import session_layout
from tables.models import Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def test_the_round_screen_is_not_drawn_again_when_nothing_changed(browser, live_server, tables_started):
    table = Table.objects.get(table_session__session=tables_started, number=1)
    board = session_layout(tables_started).meeting(round=1, table=1).boards[0]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/join/")
    page.get_by_test_id("join-code").fill(table.code)
    page.get_by_test_id("join-pin").fill(table.pin)
    page.get_by_test_id("join-submit").click()
    button = page.get_by_test_id(f"board-{board}")
    expect(button).to_be_visible()
    button.evaluate("element => { element.keptAcrossRefreshes = true; }")   # this very element, not a copy of it
    for _ in range(2):                                                      # two of the phone's state fetches
        with page.expect_response(re.compile(r"/state/$")):
            pass
    page.evaluate("() => new Promise(requestAnimationFrame)")               # the answer has been drawn
    assert button.evaluate("element => element.keptAcrossRefreshes === true"), "the round screen was drawn anew"
    button.click()                                                          # and a tap does what it says
    expect(page.get_by_test_id("level-4")).to_be_visible()
    context.close()

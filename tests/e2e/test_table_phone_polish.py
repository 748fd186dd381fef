"""A phone at the table in Polish, in Chromium: a wrong PIN, a board not in this round, and a result sent for a
locked table are each answered in Polish, and nothing recorded changes. Screenshots at 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.models import Result
from scoring.selectors.layout import session_layout
from tables.models import Device, Table
from tests.e2e.browser import snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def test_a_polish_phone_is_told_what_is_wrong_in_polish(browser, live_server, tables_started, director, shots):
    started = tables_started
    from tables.services.setup import table_lock

    table = Table.objects.get(table_session__session=started, number=2)
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="pl-PL", extra_http_headers={"Accept-Language": "pl"}
    )
    page = context.new_page()
    wrong = "0000" if table.pin != "0000" else "1111"
    page.goto(f"{live_server.url}/t/join/")
    page.get_by_test_id("join-code").fill(table.code)
    page.get_by_test_id("join-pin").fill(wrong)
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("join-error")).to_contain_text(f"Zły PIN dla kodu stołu {table.code}")
    snap(page, shots / "table-phone-wrong-pin-pl-360.png")
    assert not Device.objects.exists()

    page.get_by_test_id("join-pin").fill(table.pin)
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("round-title")).to_contain_text("Runda 1 z 7")
    snap(page, shots / "table-phone-round-pl-360.png")
    boards = session_layout(started).meeting(round=1, table=2).boards
    page.get_by_test_id("next-board").click()
    page.get_by_test_id("other-board").fill("21")
    page.get_by_test_id("other-board").press("Enter")
    expect(page.get_by_test_id("entry-error")).to_contain_text(
        f"Rozdanie 21 nie jest grane przy stole 2 w rundzie 1 (grane są rozdania {boards[0]}–{boards[-1]})"
    )
    page.get_by_test_id(f"check-{boards[0]}").click()
    page.get_by_test_id("contract-next").click()  # nothing chosen yet
    expect(page.get_by_test_id("entry-error")).to_contain_text("Wybierz wysokość kontraktu")
    page.get_by_test_id("level-4").click()
    page.get_by_test_id("strain-S").click()
    page.get_by_test_id("contract-next").click()
    expect(page.get_by_test_id("entry-error")).to_contain_text("Kto rozgrywał?")
    snap(page, shots / "table-phone-mistake-pl-360.png")

    table_lock(session=started, user=director, table_number=2, locked=True)  # the director locks the table
    page.get_by_test_id("declarer-N").click()
    page.get_by_test_id("contract-next").click()
    page.get_by_test_id("over-made").click()
    page.get_by_test_id("send").click()
    expect(page.get_by_test_id("phone-error")).to_contain_text("Sędzia zablokował stół 2")
    snap(page, shots / "table-phone-locked-pl-360.png")
    assert not Result.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()

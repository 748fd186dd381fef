"""In a real browser: the demo director logs in, sees the club and creates a session."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_demo_director_logs_in_and_creates_a_session(page, demo, tmp_path):
    log_in(page, demo, "director", "director-demo-2026")
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome, Dana Director")
    page.get_by_role("link", name="Riverside Bridge Club").first.click()
    expect(page).to_have_url(re.compile(r"/clubs/riverside/$"))
    page.get_by_role("button", name="New session").click()
    page.get_by_label("Name").fill("Browser Pairs")
    page.get_by_label("Date").fill("2026-12-01")
    page.get_by_label("Boards per round").fill("0")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#id_boards_per_round-error")).to_contain_text("greater than or equal to 1")
    page.get_by_label("Boards per round").fill("3")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Browser Pairs")
    expect(page.get_by_test_id("session-status")).to_have_text("Planned")
    snap(page, tmp_path / "session.png")


def test_wrong_password_is_refused(page, demo):
    log_in(page, demo, "director", "not-the-password", succeeds=False)
    expect(page.get_by_role("alert")).to_contain_text("correct username and password")


def test_pages_ask_for_nothing_the_site_does_not_have(page, demo):
    """Every address a page asks for is there: no 404 in the browser (a missing favicon was one on every page)."""
    missing = []
    page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)
    page.goto(f"{demo}/accounts/login/")
    page.wait_for_load_state("networkidle")
    log_in(page, demo, "director", "director-demo-2026")
    page.wait_for_load_state("networkidle")
    page.goto(f"{demo}/t/join/")
    page.wait_for_load_state("networkidle")
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    assert page.request.get(icon).status == 200
    assert page.request.get(f"{demo}/favicon.ico").status == 200  # the old address, as bookmarks ask: the icon
    assert not missing, missing

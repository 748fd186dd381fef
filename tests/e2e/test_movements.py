"""In a real browser: a director compares movements by balance, chooses one for a session, sees an
impossible request explained next to its field, and opens the printable guide cards."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_director_chooses_a_movement_and_prints_the_cards(page, live_server, director, club_session, tmp_path):
    log_in(page, live_server.url, director.username, f"{director.username}-pass-2026")
    page.goto(f"{live_server.url}/movements/?pairs=14&boards_per_round=2")
    options = page.get_by_test_id("movement-options")
    expect(options).to_contain_text("Complete Howell, 13 rounds")
    expect(options).to_contain_text("5–7")                 # one set per round: the proven best
    expect(options).to_contain_text("two half-sets")
    page.screenshot(path=str(tmp_path / "catalogue.png"), full_page=True)

    page.goto(f"{live_server.url}/movements/session/{club_session.pk}/choose/")
    page.get_by_label("Pairs").fill("8")
    page.get_by_label("Rounds").fill("9")
    page.get_by_role("button", name="Choose this movement").click()
    expect(page.locator("#id_rounds-error")).to_contain_text("at most 7 rounds")
    page.get_by_label("Rounds").fill("")
    page.get_by_label("Boards per round").fill("3")
    page.get_by_role("button", name="Choose this movement").click()
    expect(page).to_have_url(re.compile(rf"/movements/session/{club_session.pk}/$"))
    expect(page.get_by_role("heading", level=2)).to_have_text("Howell for 8 pairs, 4 tables")
    expect(page.get_by_test_id("balance")).to_contain_text("3–3")
    page.screenshot(path=str(tmp_path / "session-movement.png"), full_page=True)

    with page.expect_popup() as popup:
        page.get_by_role("button", name="Guide cards (print)").click()
    cards = popup.value
    expect(cards.locator("section.pair-card")).to_have_count(8)
    expect(cards.locator("section.pair-card").first).to_contain_text("Start at table 1 EW")
    cards.screenshot(path=str(tmp_path / "cards.png"), full_page=True)


def test_a_big_pdf_in_polish_comes_through_the_progress_page(page, live_server, director, settings, tmp_path):
    """Cards above the web's size limit are made by the Celery task (eager here) while a page shows the
    progress; the page and the PDF speak the reader's language."""
    settings.MOVEMENT_PDF_SYNC_MAX_ROWS = -1
    settings.MEDIA_ROOT = tmp_path / "media"
    log_in(page, live_server.url, director.username, f"{director.username}-pass-2026")
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": live_server.url}])
    page.goto(f"{live_server.url}/movements/show/?pairs=8&boards_per_round=2")
    expect(page.get_by_role("heading", level=1)).to_have_text("Howell dla 8 par, 4 stoły")
    page.get_by_role("button", name="Karty pilotujące (PDF)").click()
    expect(page).to_have_url(re.compile(r"/movements/cards/[0-9a-f]{64}/$"))
    expect(page.get_by_test_id("cards-pdf-status")).to_have_text("Gotowy")
    page.screenshot(path=str(tmp_path / "cards-pdf-page.png"), full_page=True)
    with page.expect_download() as download:
        page.get_by_test_id("cards-pdf-download").click(modifiers=["Alt"])
    path = tmp_path / "cards.pdf"
    download.value.save_as(path)
    import subprocess

    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "Para 1" in text and "Howell dla 8 par, 4 stoły" in text

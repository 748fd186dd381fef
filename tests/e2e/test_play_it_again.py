"""In a real browser: after the session, a player opens a board of the hand record, plays it again card by card
against double dummy (htmx: each card swaps the position in and pushes its address), sees what each card gave
away, undoes from the keyboard, lets the defenders play; the page fits a 375 px phone; in Polish once; then the
hand record to print and its PDF, turned into images. Screenshots (and the PDF's pages as PNG) go to
``$E2E_SCREENSHOTS``."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from dealing.services import boards as board_services
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}


@pytest.fixture
def over(club_session, director):
    """Tuesday Pairs: eight boards dealt and analysed double dummy; the session finished."""
    board_services.session_deal_fresh(session=club_session, user=director, boards=8)  # analysed (eager worker)
    board_services.session_boards_analyse(session_id=club_session.pk)  # (nothing left to do)
    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.FINISHED)
    return club_session


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _playable(page):
    return page.locator("#play a.pcard.playable")


def test_a_player_plays_a_board_again_and_prints_the_hand_record(browser, live_server, over, player, shots):
    base = live_server.url
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, base, player.username, f"{player.username}-pass-2026")

    # From the hand record of board 3 to Play it again: the par contract, the opening leader's cards to click.
    page.goto(f"{base}/dealing/sessions/{over.pk}/hand-record/3/")
    page.get_by_test_id("play-it-again").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Play it again: board 3")
    leader = page.get_by_test_id("play").get_attribute("data-to-play")
    expect(page.get_by_test_id(f"hand-{leader}")).to_contain_text("to play")
    expect(_playable(page)).to_have_count(13)

    # Four cards: each one said with what it gave away; the trick on the table, then won by someone.
    for n in range(1, 5):
        seat = page.get_by_test_id("play").get_attribute("data-to-play")
        _playable(page).last.click()  # the lowest card of the last suit held
        expect(page.get_by_test_id("play")).to_have_attribute("data-cards", str(n))
        expect(page.get_by_test_id("play-status")).to_contain_text(re.compile(r"played .*:"))
        expect(page).to_have_url(re.compile(r"cards="))
        assert seat
    expect(page.get_by_test_id("play-log").locator("tbody tr")).to_have_count(1)
    expect(page.get_by_test_id("play-log").locator("tbody tr td").last).to_have_text(re.compile(r"^[NESW]$"))
    played = page.url

    # What each card would give away, shown on the cards before they are played.
    page.get_by_test_id("show-costs").check()
    expect(_playable(page).first.locator(".cost")).to_be_visible()
    snap(page, shots / "play-it-again-1280.png")

    # U undoes the last card (the keyboard), B plays a best card.
    page.keyboard.press("u")
    expect(page.get_by_test_id("play")).to_have_attribute("data-cards", "3")
    page.keyboard.press("b")
    expect(page.get_by_test_id("play")).to_have_attribute("data-cards", "4")
    expect(page.get_by_test_id("last-cost")).to_have_text("a best card, no trick given away.")

    # A card the server refuses (typed into the address): the message, the good cards kept.
    page.goto(re.sub(r"cards=[^&]*", "cards=SA.SA", played))
    expect(page.get_by_test_id("play-error")).to_contain_text("card ")

    # The defenders play double dummy: declarer's side is on play at once.
    page.goto(f"{base}/dealing/sessions/{over.pk}/boards/3/play/?contract=3NT&declarer=S&auto=defence")
    expect(page.get_by_test_id("play")).to_have_attribute("data-to-play", "N")
    _playable(page).first.click()
    expect(page.get_by_test_id("play")).to_have_attribute("data-to-play", re.compile("^[NS]$"))

    # On a phone the four hands and the log fit the width.
    phone = browser.new_context(viewport=PHONE).new_page()
    log_in(phone, base, player.username, f"{player.username}-pass-2026")
    phone.goto(played)
    expect(phone.get_by_test_id("play-log")).to_be_visible()
    _fits(phone, PHONE["width"])
    snap(phone, shots / "play-it-again-375.png")

    # In Polish.
    phone.context.add_cookies([{"name": "django_language", "value": "pl", "url": base}])
    phone.reload()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Zagraj jeszcze raz: rozdanie 3")
    expect(phone.get_by_test_id("play-status")).to_contain_text("zagrywa")
    _fits(phone, PHONE["width"])
    snap(phone, shots / "play-it-again-375-pl.png")
    phone.context.add_cookies([{"name": "django_language", "value": "en", "url": base}])

    # The hand record to print, six boards a page, and its PDF.
    page.goto(f"{base}/dealing/sessions/{over.pk}/hand-record/")
    page.get_by_test_id("hand-record-print").click()
    expect(page.get_by_test_id("hand-record-page")).to_have_count(2)
    snap(page, shots / "hand-record-print-1280.png")
    phone.goto(f"{base}/dealing/sessions/{over.pk}/hand-record/print/")
    _fits(phone, PHONE["width"])
    snap(phone, shots / "hand-record-print-375.png")
    pdf = page.request.get(f"{base}/dealing/sessions/{over.pk}/hand-record.pdf")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    path = shots / "hand-record.pdf"
    path.write_bytes(pdf.body())
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-r", "50", "-png", str(path), str(shots / "hand-record-pdf")], check=True)
        text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True).stdout
        assert "Board 8" in text and "Par:" in text
    context.close()

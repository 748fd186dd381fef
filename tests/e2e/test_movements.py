"""In a real browser: a director opens a session, asks for 12 pairs and about 24 boards, sees the best fit
pre-selected, chooses another row with one click, and sees the session's movement and boards per round; an error is
said next to its field with everything typed kept; the club's settings are reached from the chooser; the pages fit
375 px and 1280 px, in English and Polish; the guide cards print; a big PDF comes through its progress page.

Screenshots go to ``$E2E_SCREENSHOTS`` (default: the test's temporary directory).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from movements.models import SessionMovement
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_director_chooses_a_row_with_one_click(page, live_server, director, club_session, shots):
    base = live_server.url
    page.set_viewport_size(DESKTOP)
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/sessions/{club_session.pk}/")
    page.get_by_test_id("step-movement").get_by_test_id("path-movement").click()  # the session's path
    expect(page.get_by_role("heading", level=1)).to_have_text("Choose a movement")

    # an error next to its field, with what was typed kept
    page.get_by_label("Pairs", exact=True).fill("12")
    page.get_by_label("About how many boards").fill("lots")
    page.get_by_test_id("chooser-submit").click()
    expect(page.locator("#id_boards-error")).to_contain_text("e.g. 24, or a range such as 24–28")
    expect(page.get_by_label("Pairs", exact=True)).to_have_value("12")
    expect(page.get_by_label("About how many boards")).to_have_value("lots")
    snap(page, shots / "chooser-error-1280.png")

    page.get_by_label("About how many boards").fill("about 24")
    page.get_by_test_id("chooser-submit").click()
    expect(page.get_by_test_id("chooser-heading")).to_have_text("For 12 pairs, about 24 boards (22–26)")
    offers = page.get_by_test_id("offer")
    best = offers.first
    expect(best).to_have_attribute("data-best", "1")
    expect(best.get_by_test_id("best-fit")).to_be_visible()
    expect(best).to_contain_text("Complete Howell, 11 rounds")
    expect(best).to_contain_text("11 rounds × 2 boards = 22 boards")
    expect(best).to_contain_text("about 2 h 45 min")
    expect(best.get_by_test_id("verdict")).to_have_text("perfectly balanced: every two pairs are compared on 10 boards")
    expect(best.get_by_test_id("maths")).not_to_have_attribute("open", "")  # the mathematics collapsed
    expect(page.get_by_text("Berlekamp–Hwang over Z11").first).to_be_hidden()
    _fits(page, DESKTOP["width"])
    snap(page, shots / "chooser-12-pairs-1280.png")
    page.set_viewport_size(PHONE)
    _fits(page, PHONE["width"])
    snap(page, shots / "chooser-12-pairs-375.png")
    page.set_viewport_size(DESKTOP)

    # another row, one click
    other = offers.filter(has_text="Relay and bye-stand Mitchell, 6 rounds (two winners)").first
    expect(other).to_contain_text("6 rounds × 4 boards = 24 boards")
    other.get_by_test_id("choose-offer").click()
    # opened from the session's path, the chooser goes back to it
    expect(page).to_have_url(re.compile(rf"/sessions/{club_session.pk}/$"))
    expect(page.locator(".messages")).to_contain_text("Movement chosen")
    expect(page.get_by_test_id("step-movement")).to_contain_text("Relay and bye-stand Mitchell for 12 pairs")
    expect(page.get_by_test_id("step-movement")).to_contain_text("24 boards in all: 6 rounds × 4 boards.")
    snap(page, shots / "session-page-1280.png")
    chosen = SessionMovement.objects.get(session=club_session)
    assert (chosen.kind, chosen.variant, chosen.pairs) == ("mitchell", "relay", 12)
    assert Session.objects.get(pk=club_session.pk).boards_per_round == 4

    page.get_by_test_id("step-movement").get_by_test_id("path-movement-page").click()
    expect(page.get_by_role("heading", level=2)).to_have_text(
        "Relay and bye-stand Mitchell for 12 pairs, 6 tables, 6 rounds"
    )
    expect(page.get_by_test_id("session-boards")).to_contain_text("4 boards per round.")
    expect(page.get_by_test_id("verdict")).to_contain_text("Perfectly balanced within each line")
    snap(page, shots / "session-movement-1280.png")

    # back on the chooser: the current movement is marked, the question asked again
    page.goto(f"{base}/movements/session/{club_session.pk}/choose/")
    expect(page.get_by_label("Pairs", exact=True)).to_have_value("12")
    expect(page.locator("tr.offer.current")).to_contain_text("Relay and bye-stand Mitchell, 6 rounds")


def test_the_clubs_settings_from_the_chooser(page, live_server, director, club_session, shots):
    base = live_server.url
    page.set_viewport_size(DESKTOP)
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/movements/session/{club_session.pk}/choose/?pairs=14")
    expect(page.get_by_test_id("club-settings")).to_contain_text("7½ minutes a board · usually 24–28 boards")
    page.get_by_test_id("club-settings-link").click()
    page.get_by_label("Minutes per board").fill("8")
    page.get_by_label("Boards the club usually plays").fill("22-26")
    page.get_by_label("two winners (NS and EW)").check()
    snap(page, shots / "club-settings-1280.png")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(rf"/movements/session/{club_session.pk}/choose/\?pairs=14$"))
    expect(page.get_by_test_id("club-settings")).to_contain_text("8 minutes a board · usually 22–26 boards")
    expect(page.get_by_test_id("chooser-heading")).to_have_text("For 14 pairs, 22–26 boards")
    expect(page.get_by_test_id("offer").first).to_contain_text("two winners (NS and EW)")


def test_the_chooser_in_polish_and_past_64_pairs(page, live_server, director, club_session, shots):
    base = live_server.url
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": base}])
    for width, viewport in (("1280", DESKTOP), ("375", PHONE)):
        page.set_viewport_size(viewport)
        page.goto(f"{base}/movements/session/{club_session.pk}/choose/?pairs=12&boards=ok.+24")
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        expect(page.get_by_test_id("offer").first).to_contain_text("11 rund × 2 rozdania = 22 rozdania")
        text = page.locator("main").inner_text()
        for english in ("boards", "rounds", "relays", "winner", "balanced", "Choose", "pairs"):
            assert not re.search(rf"\b{english}\b", text), english
        _fits(page, viewport["width"])
        snap(page, shots / f"chooser-pl-{width}.png")
    page.context.clear_cookies()
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    for width, viewport in (("1280", DESKTOP), ("375", PHONE)):
        page.set_viewport_size(viewport)
        page.goto(f"{base}/movements/?pairs=31&boards=24-28")
        expect(page.get_by_test_id("offer").first).to_contain_text("Mitchell")
        expect(page.get_by_test_id("offer").first).not_to_contain_text("62 boards")
        _fits(page, viewport["width"])
        snap(page, shots / f"catalogue-31-pairs-{width}.png")
        page.goto(f"{base}/movements/?pairs=70")
        expect(page.get_by_test_id("chooser-advice")).to_contain_text("for 70 pairs play a Mitchell")
        _fits(page, viewport["width"])
        snap(page, shots / f"catalogue-70-pairs-{width}.png")


def test_the_chosen_movements_cards_print(page, live_server, director, club_session, shots):
    base = live_server.url
    page.set_viewport_size(DESKTOP)
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/movements/session/{club_session.pk}/choose/?pairs=8&boards=21")
    page.get_by_test_id("offer").first.get_by_test_id("choose-offer").click()
    expect(page.get_by_role("heading", level=2)).to_have_text("Howell for 8 pairs, 4 tables")
    expect(page.get_by_test_id("session-boards")).to_contain_text("3 boards per round.")
    with page.expect_popup() as popup:
        page.get_by_role("button", name="Guide cards (print)").click()
    cards = popup.value
    expect(cards.locator("section.pair-card")).to_have_count(8)
    expect(cards.locator("section.pair-card").first).to_contain_text("Start at table 1 EW")
    snap(cards, shots / "cards.png")


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
    snap(page, tmp_path / "cards-pdf-page.png")
    with page.expect_download() as download:
        page.get_by_test_id("cards-pdf-download").click(modifiers=["Alt"])
    path = tmp_path / "cards.pdf"
    download.value.save_as(path)
    import subprocess

    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "Para 1" in text and "Howell dla 8 par, 4 stoły" in text

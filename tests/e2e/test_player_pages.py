"""In a real browser: a player's evening after play, on the demo club's published Monday Pairs (a two-winner
Mitchell with an artificial and a weighted adjusted score) — the ranking with their pair marked, their scorecard
with its bar chart and the "why" of a board, the board's traveller with the hand diagram, double dummy, par and
the perfect auction, their history with its chart, their e-mail settings; then the same pages in Polish, at 1280 px
and on a 375 px phone, and an anonymous visitor reading the club's public results.

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``): ``player-<page>-<lang>-<width>.png``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Member, Session
from scoring.models import SessionScoring
from tests.e2e.browser import log_in, log_out, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}


@pytest.fixture
def monday(demo):
    """The demo's published Monday Pairs, its boards analysed double dummy (what a worker does on first view)."""
    from dealing.services.boards import session_boards_analyse

    session = Session.objects.get(club__slug="riverside", name="Monday Pairs")
    session_boards_analyse(session_id=session.pk)
    return session


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _both_widths(page, shots, name: str) -> None:
    """A full-page screenshot at 1280 px and at 375 px (where nothing may be wider than the phone)."""
    page.set_viewport_size(DESKTOP)
    snap(page, shots / f"{name}-1280.png")
    page.set_viewport_size(PHONE)
    page.reload()
    _fits(page, PHONE["width"])
    snap(page, shots / f"{name}-375.png")
    page.set_viewport_size(DESKTOP)


def test_a_players_evening_after_play(page, demo, monday, shots):
    frozen = {p["pair"]: p for p in SessionScoring.objects.get(session=monday).published_ranking["pairs"]}
    mine = frozen["1"]  # Ada Adamska (the "player" login) and Bruno Bianchi
    page.set_viewport_size(DESKTOP)
    log_in(page, demo, "player", "player-demo-2026")

    # from the session page to the ranking: both lines, the method, the player's pair marked
    page.goto(f"{demo}/sessions/{monday.pk}/")
    page.get_by_test_id("player-ranking-link").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{monday.pk}/ranking/$"))
    expect(page.get_by_role("heading", name=re.compile("North–South"))).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("East–West"))).to_be_visible()
    expect(page.get_by_test_id("scoring-method")).to_contain_text("Neuberg")
    marked = page.locator("tr.mine")
    expect(marked).to_have_count(1)
    expect(marked).to_contain_text("Ada Adamska")
    expect(marked).to_contain_text("(you)")  # not the colour alone
    expect(page.get_by_test_id("percentage-1")).to_have_text(mine["percentage"])
    expect(page.get_by_test_id("ranking-csv")).to_be_visible()
    _both_widths(page, shots, "player-ranking-en")

    # the scorecard: 24 boards in play order, the bar chart, a board's "why" opened from its link
    page.get_by_test_id("my-scorecard").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{monday.pk}/pairs/1/$"))
    expect(page.get_by_test_id("place")).to_have_text(f"Place {mine['place']} of 4")
    expect(page.get_by_test_id("percentage")).to_have_text(f"{mine['percentage']} %")
    expect(page.get_by_test_id("scorecard-row")).to_have_count(mine["boards"])
    expect(page.get_by_test_id("board-bars").locator("rect")).to_have_count(mine["boards"])
    first = page.get_by_test_id("scorecard-row").first
    board = int(first.get_by_role("link").first.inner_text())
    first.locator("a.why-link").click()
    why = page.locator(f"#why-{board}")
    expect(why).to_have_attribute("open", "")
    expect(why.get_by_test_id("why-tricks")).to_contain_text("double dummy")
    expect(why.get_by_test_id("why-par")).to_contain_text("par")
    expect(why.get_by_test_id("why-field")).to_contain_text(re.compile(r"of 4 tables"))
    why.locator("details.counting summary").click()
    expect(why.locator("details.counting")).to_contain_text("Your score beat")
    _both_widths(page, shots, "player-scorecard-en")

    # the traveller of that board, reached with the keyboard: the deal, double dummy, par, the auction, the lines
    page.get_by_test_id(f"board-link-{board}").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{monday.pk}/boards/{board}/\?pair=1$"))
    expect(page.get_by_test_id(f"hand-diagram-{board}")).to_be_visible()
    expect(page.get_by_test_id(f"hand-diagram-{board}")).to_contain_text("HCP")
    expect(page.get_by_test_id(f"par-{board}")).to_be_visible()
    expect(page.get_by_test_id("deal-number")).to_contain_text("Pavlicek")
    expect(page.locator(".dd-table")).to_be_visible()
    auction = page.get_by_test_id("perfect-auction-details")
    expect(auction).not_to_have_attribute("open", "")
    auction.locator("summary").click()
    expect(page.get_by_test_id("perfect-auction-text")).to_be_visible()
    lines = page.get_by_test_id("traveller-line")
    expect(lines).to_have_count(4)
    expect(page.locator('[data-mine="true"]')).to_have_count(1)
    expect(page.locator('[data-mine="true"]')).to_contain_text("(you)")
    expect(page.locator("#why")).to_contain_text("Why: pair 1 on this board")
    _both_widths(page, shots, "player-traveller-en")
    page.get_by_test_id("next-board").click()
    expect(page).to_have_url(re.compile(r"/boards/\d+/\?pair=1$"))

    # the history: the session with partner, percentage and place; the chart; the best results
    page.get_by_role("link", name="My results").first.click()
    expect(page).to_have_url(re.compile(r"/scoring/me/$"))
    row = page.get_by_test_id("history-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Monday Pairs")
    expect(row).to_contain_text("Bruno Bianchi")
    expect(row).to_contain_text(mine["percentage"])
    expect(page.get_by_test_id("history-chart").locator("circle")).to_have_count(1)
    expect(page.get_by_test_id("best-results")).to_contain_text(mine["percentage"])
    _both_widths(page, shots, "player-history-en")

    # the e-mail settings: results by e-mail off, in Polish, with the labels and the keyboard
    page.get_by_test_id("settings-link").click()
    box = page.get_by_label("E-mail me my result when a session is published")
    expect(box).to_be_checked()
    box.uncheck()
    page.get_by_label("Language of the e-mails").select_option("pl")
    page.get_by_test_id("save-settings").press("Enter")
    expect(page.locator(".messages")).to_contain_text("Your settings are saved.")
    ada = Member.objects.get(user__username="player")
    assert ada.results_by_email is False and ada.language == "pl"
    _both_widths(page, shots, "player-settings-en")

    # the same evening in Polish
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    for url, name, words in [
        (f"/scoring/sessions/{monday.pk}/ranking/", "ranking", ["Klasyfikacja", "(wy)"]),
        (f"/scoring/sessions/{monday.pk}/pairs/1/", "scorecard", ["Para 1", "Dlaczego"]),
        (
            f"/scoring/sessions/{monday.pk}/boards/{board}/?pair=1",
            "traveller",
            [f"Rozdanie {board}", "Protokół", "W widne karty"],
        ),
        ("/scoring/me/", "history", ["Moje wyniki", "Najlepsze wyniki"]),
        ("/scoring/me/settings/", "settings", ["Ustawienia e-maili", "Język e-maili"]),
    ]:
        page.goto(demo + url)
        for word in words:
            expect(page.locator("main")).to_contain_text(word)
        _both_widths(page, shots, f"player-{name}-pl")
    log_out(page)

    # an anonymous visitor reads the club's public results, but no "(you)"
    page.context.clear_cookies()
    page.goto(f"{demo}/scoring/sessions/{monday.pk}/ranking/")
    expect(page.get_by_test_id("player-ranking")).to_have_count(2)
    expect(page.locator("tr.mine")).to_have_count(0)
    page.goto(f"{demo}/scoring/sessions/{monday.pk}/boards/{board}/")
    expect(page.get_by_test_id(f"hand-diagram-{board}")).to_be_visible()
    # … and an unpublished session's results are not there for them, in the same words as no session at all
    howell = Session.objects.get(club__slug="riverside", name="Thursday Howell")
    page.goto(f"{demo}/scoring/sessions/{howell.pk}/ranking/")
    expect(page.get_by_test_id("results-not-found")).to_contain_text("No results here")
    expect(page.locator("main")).not_to_contain_text("Thursday Howell")
    _both_widths(page, shots, "anonymous-not-found-en")


def test_unpublished_results_are_a_preview_for_the_director_and_nothing_for_a_player(page, demo, shots):
    howell = Session.objects.get(club__slug="riverside", name="Thursday Howell")  # finished, not published
    page.set_viewport_size(DESKTOP)
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/scoring/sessions/{howell.pk}/ranking/")
    expect(page.get_by_test_id("results-not-found")).to_be_visible()
    log_out(page)
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(f"{demo}/sessions/{howell.pk}/")
    page.get_by_test_id("player-ranking-link").click()
    expect(page.get_by_test_id("preview-notice")).to_be_visible()
    page.goto(f"{demo}/scoring/sessions/{howell.pk}/pairs/1/")
    expect(page.get_by_test_id("sit-outs")).to_contain_text("Sits out in round")  # 7 pairs: one sits out a round
    _both_widths(page, shots, "director-preview-scorecard-en")

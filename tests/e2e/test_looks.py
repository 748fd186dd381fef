"""In Chromium: the demo club's main pages at 1280 px and 375 px, in English and in Polish, and each error page met
as a user meets it.

* At 1280 px the header is one row (brand, links, language, log out), and a session list's dates stay on one line.
* At 375 px no page is wider than the screen and no table cuts a column off (a wide table becomes one labelled block
  per row, ``static/js/site.js``); the header keeps to a few short rows.
* Polish pages say dates as "wt., 24 lis 2026, 19:00" and have no English in the header or the session lists.
* A player who opens a director's page is told only the club's directors may, and goes back; a broken link gives the
  404 page and its way home; a server error the 500 page; each in the site's layout.

Screenshots go to ``$E2E_SCREENSHOTS/looks`` (default ``test-artifacts/looks``), to be looked at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from dealing.models import Commitment
from tests.e2e.browser import cut_tables, header_rows, log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

REPO = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
ENGLISH_IN_THE_FRAME = [
    "Movements",
    "Commitments",
    "Deal sets",
    "Perfect bidding",
    "Log out",
    "Coming sessions",
    "Recent sessions",
    "Status",
]


@pytest.fixture
def looks() -> Path:
    folder = Path(os.environ.get("E2E_SCREENSHOTS", REPO / "test-artifacts")) / "looks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _name(path: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", path.strip("/").lower()).strip("-") or "home"


def _date_lines(page) -> int:
    """The most lines a date in a session list takes."""
    return page.evaluate("""() => Math.max(0, ...[...document.querySelectorAll('table.sessions td.session-when')]
        .map(td => {
        const range = document.createRange(); range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; }))""")


def _a_line_flagged_against_its_deal(session: Session) -> None:
    """One line of the finished session made 7♠ with 13 tricks by a declarer whose opponents hold ♠A: the results page
    then shows the deal check's long flag under that contract ("7♠ by N took 13 tricks, but E holds ♠A: declarer
    can take at most 12") at every width, not only when the demo's random results happen to give one."""
    from bridge.cards import Card, Deal, Seat
    from dealing.models import Board
    from scoring.models import Result

    line = Result.objects.filter(session=session, kind=Result.Kind.PLAYED).order_by("board", "id").first()
    deal = Deal.from_pbn(Board.objects.get(session=session, number=line.board).deal_pbn)
    holder = deal.holder(Card.from_str("SA"))
    declarer = Seat.EAST if holder in (Seat.NORTH, Seat.SOUTH) else Seat.NORTH
    Result.objects.filter(pk=line.pk).update(
        level=7, strain="S", doubling=0, declarer=declarer.letter, tricks=13, lead=""
    )


def test_the_main_pages_fit_at_1280_and_375_px_in_english_and_polish(browser, demo, looks):
    published = Session.objects.get(club__slug="riverside", name="Monday Pairs")
    howell = Session.objects.get(club__slug="riverside", name="Thursday Howell")
    planned = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    commitment = Commitment.objects.filter(club__slug="riverside").first()
    pages = [
        "/",
        "/clubs/riverside/",
        "/clubs/riverside/sessions/",
        "/clubs/riverside/members/",
        f"/sessions/{planned.pk}/",
        f"/sessions/{published.pk}/",
        f"/dealing/sessions/{published.pk}/hand-record/",
        f"/dealing/sessions/{published.pk}/hand-record/1/",
        "/dealing/commitments/",
        f"/dealing/commitments/{commitment.pk}/",
        "/dealing/deal-sets/",
        "/movements/",
        f"/scoring/sessions/{howell.pk}/results/",
    ]
    _a_line_flagged_against_its_deal(howell)
    problems = []
    for language in ("en", "pl"):
        for viewport in (DESKTOP, PHONE):
            width = viewport["width"]
            context = browser.new_context(viewport=viewport)
            context.add_cookies([{"name": "django_language", "value": language, "url": demo}])
            page = context.new_page()
            log_in(page, demo, "director", "director-demo-2026") if language == "en" else None
            if language == "pl":
                page.goto(f"{demo}/accounts/login/")
                page.locator("#id_username").fill("director")
                page.locator("#id_password").fill("director-demo-2026")
                page.locator("main").get_by_role("button").click()
                expect(page.get_by_test_id("logout")).to_be_visible()
            for path in pages:
                answer = page.goto(demo + path)
                where = f"{language} {width}px {path}"
                if answer.status != 200:
                    problems.append(f"{where}: HTTP {answer.status}")
                    continue
                page.evaluate("document.querySelectorAll('main details').forEach(d => { d.open = true; })")
                page.wait_for_timeout(100)  # each opened <details> lays its tables out (and site.js stacks them)
                snap(page, looks / f"{language}-{width}-{_name(path)}.png")
                if page.evaluate("document.documentElement.scrollWidth") > width:
                    problems.append(f"{where}: wider than the screen")
                if width == DESKTOP["width"] and header_rows(page) != 1:
                    problems.append(f"{where}: the header takes {header_rows(page)} rows")
                if width == PHONE["width"] and header_rows(page) > 3:
                    problems.append(f"{where}: the header takes {header_rows(page)} rows")
                if width == PHONE["width"] and (cut := cut_tables(page)):
                    problems.append(f"{where}: columns cut off in {cut}")
                if width == DESKTOP["width"] and _date_lines(page) > 1:
                    problems.append(f"{where}: a date takes {_date_lines(page)} lines")
                if language == "pl":
                    frame = (
                        page.locator("header.site-header").inner_text()
                        + " "
                        + " ".join(page.locator("table.sessions thead").all_inner_texts())
                    )
                    english = [word for word in ENGLISH_IN_THE_FRAME if word in frame]
                    if english:
                        problems.append(f"{where}: English on a Polish page: {english}")
            context.close()
    assert problems == []


PL_WEEKDAYS = ("pon.", "wt.", "śr.", "czw.", "pt.", "sob.", "niedz.")
PL_MONTHS = ("sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru")


def test_session_lists_say_dates_in_the_readers_language_without_the_club_on_a_one_club_page(browser, demo, looks):
    planned = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page = context.new_page()
    page.goto(f"{demo}/accounts/login/")
    page.locator("#id_username").fill("player")
    page.locator("#id_password").fill("player-demo-2026")
    page.locator("main").get_by_role("button").click()
    page.goto(f"{demo}/")
    row = page.locator("table.sessions tr", has_text=planned.name).first
    day = planned.date  # the demo plans it for today: said as a Polish reader says it
    expected = (
        f"{PL_WEEKDAYS[day.weekday()]},\u00a0{day.day}\u00a0{PL_MONTHS[day.month - 1]}\u00a0{day.year}, "
        f"{planned.start_time:%H:%M}"
    )
    expect(row.locator("td.session-when")).to_have_text(re.compile(f"^{re.escape(expected)}$"))
    assert page.locator("table.sessions th", has_text="Klub").count() == 0  # the player has one club
    snap(page, looks / "pl-1280-player-home.png")
    context.close()


def test_each_error_page_as_a_user_meets_it(browser, demo, looks, settings):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, demo, "player", "player-demo-2026")

    # a player follows a link to the members page, which is the directors'
    page.goto(f"{demo}/clubs/riverside/")
    answer = page.goto(f"{demo}/clubs/riverside/members/", referer=f"{demo}/clubs/riverside/")
    assert answer.status == 403
    expect(page.get_by_test_id("error-403")).to_contain_text("This page is not for your role")
    expect(page.get_by_test_id("error-reason")).to_have_text("Only the club's directors may do this.")
    expect(page.get_by_test_id("error-403")).to_contain_text("You are logged in as player")
    expect(page.locator("header.site-header")).to_be_visible()  # in the site's layout
    snap(page, looks / "en-375-error-403.png")
    page.get_by_test_id("error-back").click()
    expect(page).to_have_url(f"{demo}/clubs/riverside/")

    # a broken link
    assert page.goto(f"{demo}/clubs/riverside/sesions/").status == 404
    expect(page.get_by_test_id("error-404")).to_contain_text("There is no such page")
    snap(page, looks / "en-375-error-404.png")
    page.get_by_test_id("error-home").click()
    expect(page).to_have_url(f"{demo}/")

    # the same refusal in Polish
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    assert page.goto(f"{demo}/clubs/riverside/members/").status == 403
    expect(page.get_by_test_id("error-403")).to_contain_text("Ta strona nie jest dostępna dla Twojej roli")
    expect(page.get_by_test_id("error-reason")).to_have_text("Może to zrobić tylko sędzia klubu.")
    snap(page, looks / "pl-375-error-403.png")

    # a server error: the page apologises in the layout, and says what to do
    settings.ROOT_URLCONF = "tests.clubsite.crash_urls"
    context.add_cookies([{"name": "django_language", "value": "en", "url": demo}])
    assert page.goto(f"{demo}/crash/").status == 500
    expect(page.get_by_test_id("error-500")).to_contain_text("Something went wrong on our side")
    expect(page.get_by_test_id("error-retry")).to_be_visible()
    snap(page, looks / "en-375-error-500.png")

    # the API keeps its JSON
    api = page.goto(f"{demo}/api/v1/no-such-thing/")
    assert api.status == 404 and api.json() == {"error": {"code": "not_found", "message": "Not found.", "field": None}}
    context.close()


def test_the_commitment_page_offers_the_verifier_for_download(browser, demo):
    commitment = Commitment.objects.filter(club__slug="riverside").first()
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page = context.new_page()
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/dealing/commitments/{commitment.pk}/")
    with page.expect_download() as download:
        page.get_by_test_id("download-verifier").click()
    assert download.value.suggested_filename == "verify_commitment.py"
    assert Path(download.value.path()).read_bytes() == (REPO / "tools" / "verify_commitment.py").read_bytes()
    context.close()

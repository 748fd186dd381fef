"""In a real browser: a scorer enters a whole board from the keyboard only and sees the score as typed and the
matchpoints when the board is complete; a director gives an adjusted score with its reason, sees it in the board's
audit trail, and publishes the results provisionally. Screenshots at 1280 px and 375 px (``$E2E_SCREENSHOTS``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from scoring.models import Result, ResultChange
from scoring.selectors.layout import session_layout
from tests.e2e.browser import log_in, log_out, seen, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}


@pytest.fixture
def howell(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards per round, the pairs' rows made, two of them named."""
    from clubs.services import member_create
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_pairs_ensure

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    pairs = {p.label: p for p in session_pairs_ensure(session=club_session)}
    first = session_layout(club_session).meetings_of_board(1)[0]
    pairs[first.ns].player_1 = member_create(club=club_session.club, first_name="Ada", last_name="Adamska")
    pairs[first.ns].player_2 = member_create(club=club_session.club, first_name="Bruno", last_name="Bianchi")
    pairs[first.ns].save()
    return club_session


def _fits(page, width: int) -> None:
    page.wait_for_load_state("networkidle")  # site.js and htmx have done their work
    wide = page.evaluate(
        """w => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > w + 1)
        .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""",
        width,
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (page.url, wide)


def test_a_scorer_enters_a_board_from_the_keyboard_and_a_director_adjusts_and_publishes(
    browser, live_server, howell, scorer, director, shots
):
    base = live_server.url
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, base, scorer.username, f"{scorer.username}-pass-2026")
    page.goto(f"{base}/sessions/{howell.pk}/")
    page.get_by_test_id("traveller-entry-link").click()
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{howell.pk}/entry/1/$"))
    lines = page.get_by_test_id("entry-line")
    expect(lines).to_have_count(4)
    expect(lines.first).to_contain_text("Ada Adamska – Bruno Bianchi")
    inputs = page.locator("[data-entry-input]")
    expect(inputs.first).to_be_focused()  # the first line waits for the scorer

    # board 1 (nobody vulnerable), typed as scorers do; the score is said as it is typed
    page.keyboard.type("3S N 9")
    expect(page.locator("td.outcome").nth(0)).to_contain_text(seen("3♠= by N, 9 tricks: +140"))
    expect(page.locator("td.outcome").nth(0)).to_contain_text("not saved yet")
    page.keyboard.press("Enter")  # saved, and on to the next line
    expect(inputs.nth(1)).to_be_focused()
    expect(page.locator("td.outcome").nth(0).get_by_test_id("line-saved")).to_be_visible()
    page.keyboard.type("4S N 14")  # a mistake, said next to the line
    expect(page.locator("td.outcome").nth(1)).to_contain_text("4S N 14 would be 14 tricks; a side takes 0 … 13")
    page.keyboard.press("Tab")  # leaving the line tries to save it
    expect(page.locator("td.outcome").nth(1)).to_contain_text("Not saved.")
    expect(inputs.nth(1)).to_have_value("4S N 14")  # what was typed is kept
    snap(page, shots / "scorer-board-1-mistake-1280.png")
    page.keyboard.press("Shift+Tab")
    expect(inputs.nth(1)).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("4S= S")
    page.keyboard.press("Tab")  # Tab leaves the line: saved
    expect(inputs.nth(2)).to_be_focused()
    expect(page.locator("td.outcome").nth(1)).to_contain_text(seen("4♠= by S, 10 tricks: +420"))
    expect(page.locator("td.outcome").nth(1).get_by_test_id("line-saved")).to_be_visible()
    page.keyboard.type("3s s 9")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("board-matchpoints")).to_contain_text("3 of 4 tables entered")
    page.keyboard.type("4S-1 N")
    expect(page.locator("td.outcome").nth(3)).to_contain_text(seen("4♠−1 by N, 9 tricks: −50"))
    page.keyboard.press("Enter")  # the last line: the board is complete
    matchpoints = page.get_by_test_id("board-matchpoints")
    expect(matchpoints).to_contain_text("Board 1: matchpoints")
    expect(matchpoints.get_by_test_id("mp-ns")).to_have_text(["3.00", "6.00", "3.00", "0.00"])
    expect(matchpoints.get_by_test_id("mp-ew")).to_have_text(["3.00", "0.00", "3.00", "6.00"])
    expect(page.locator("[data-next-board-button]")).to_be_focused()  # Enter again opens the next board
    expect(page.get_by_test_id("line-saved")).to_have_count(4)  # no late preview overwrote a save
    assert Result.objects.filter(session=howell, board=1).count() == 4
    snap(page, shots / "scorer-board-1-complete-1280.png")
    page.set_viewport_size(PHONE)
    _fits(page, PHONE["width"])
    snap(page, shots / "scorer-board-1-complete-375.png")
    page.set_viewport_size(DESKTOP)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{howell.pk}/entry/2/$"))
    expect(page.locator("[data-entry-input]").first).to_be_focused()
    page.keyboard.type("P")
    page.keyboard.press("PageUp")  # saves the line, back to board 1
    expect(page).to_have_url(re.compile(rf"/scoring/sessions/{howell.pk}/entry/1/$"))
    assert Result.objects.filter(session=howell, board=2, level__isnull=True).count() == 1
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/scoring/sessions/{howell.pk}/entry/2/")
    expect(page.locator("[data-entry-input]").nth(1)).to_be_focused()  # the first table still to enter
    page.keyboard.type("3NT-2 W")
    expect(page.locator("td.outcome").nth(1)).to_contain_text("3NT−2 by W, 7 tricks: +100")  # E–W not vulnerable
    _fits(page, PHONE["width"])
    snap(page, shots / "scorer-board-2-typing-375.png")
    log_out(page)

    # the director: an artificial score with its reason, seen in the board's audit trail
    page.set_viewport_size(DESKTOP)
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    page.goto(f"{base}/sessions/{howell.pk}/")
    page.get_by_test_id("results-link").click()
    expect(page.get_by_test_id("scoring-method")).to_contain_text("Neuberg factoring")
    expect(page.get_by_test_id("publication-state")).to_contain_text("Not published")
    line = Result.objects.get(session=howell, board=1, tricks=10)
    page.locator("#board-1 summary").click()
    page.get_by_test_id(f"change-1-{line.ns_pair.label}-{line.ew_pair.label}").click()
    page.get_by_label("40 / 60: average minus to NS, average plus to EW").check()
    page.locator("#id_artificial-reason").fill("NS used unauthorised information")
    page.get_by_test_id("submit-artificial").click()
    expect(page).to_have_url(re.compile(r"/results/#board-1$"))
    trail = page.get_by_test_id("audit-trail-1")
    expect(trail).to_be_visible()
    expect(trail).to_contain_text(seen("4♠= by S, 10 tricks: +420 → Artificial: 40 % / 60 %"))
    expect(trail).to_contain_text("NS used unauthorised information")
    expect(trail).to_contain_text("Dana Director")
    assert ResultChange.objects.filter(result=line, action="adjusted", by=director).exists()
    snap(page, shots / "director-results-audit-1280.png")

    # play is over: publish provisionally for the 48-hour score-query window, after confirming
    Session.objects.filter(pk=howell.pk).update(status=Session.Status.FINISHED)
    page.reload()
    expect(page.get_by_label("Score-query window (hours)")).to_have_value("48")
    page.get_by_test_id("publish-provisional").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("they may query their scores")
    snap(page, shots / "director-publish-confirm-1280.png")
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("publication-state")).to_contain_text("Provisional until")
    expect(page.get_by_test_id("session-status")).to_have_text("Results provisional")
    assert Session.objects.get(pk=howell.pk).status == "provisional"
    snap(page, shots / "director-results-provisional-1280.png")
    page.set_viewport_size(PHONE)
    _fits(page, PHONE["width"])
    snap(page, shots / "director-results-provisional-375.png")

    # the other pages at both widths
    for name, path in (
        ("director-board-1", f"/scoring/sessions/{howell.pk}/results/#board-1"),
        (
            "director-change",
            f"/scoring/sessions/{howell.pk}/results/boards/1/{line.ns_pair.label}/{line.ew_pair.label}/",
        ),
        (
            "director-compare",
            f"/scoring/sessions/{howell.pk}/results/compare/?method=matchpoints"
            "&scale=ebu&factoring=none&sections=across",
        ),
    ):
        for width, viewport in (("1280", DESKTOP), ("375", PHONE)):
            page.set_viewport_size(viewport)
            page.goto(base + path)
            _fits(page, viewport["width"])
            snap(page, shots / f"{name}-{width}.png")

    # in Polish, the longer words still fit a phone
    context.add_cookies([{"name": "django_language", "value": "pl", "url": base}])
    for name, path in (
        ("pl-scorer", f"/scoring/sessions/{howell.pk}/entry/1/"),
        ("pl-director", f"/scoring/sessions/{howell.pk}/results/#board-1"),
    ):
        for width, viewport in (("1280", DESKTOP), ("375", PHONE)):
            page.set_viewport_size(viewport)
            page.goto(base + path)
            expect(page.locator("html")).to_have_attribute("lang", "pl")
            _fits(page, viewport["width"])
            snap(page, shots / f"{name}-{width}.png")
    context.close()


def test_a_correction_typed_at_once_after_a_refused_line_stays_on_that_line(browser, live_server, howell, scorer):
    """Enter on a line the server refuses keeps the focus on that line with its text selected, so the correction
    the scorer types at once replaces it there; it used to land on the next table's line and be saved there."""
    base = live_server.url
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, base, scorer.username, f"{scorer.username}-pass-2026")
    page.goto(f"{base}/scoring/sessions/{howell.pk}/entry/1/")
    inputs = page.locator("[data-entry-input]")
    outcomes = page.locator("td.outcome")
    expect(inputs.first).to_be_focused()
    for mistake, correction in (("8S N", "4S= N"), ("4H+1", "4H+1 S")):
        page.keyboard.type(mistake)
        page.keyboard.press("Enter")  # refused: a level of 8; a result without its declarer
        page.keyboard.type(correction)  # typed at once, before the answer is seen
        page.keyboard.press("Enter")
        expect(inputs.first).to_have_value(correction)
        expect(outcomes.first.get_by_test_id("line-saved")).to_be_visible()
        expect(inputs.nth(1)).to_be_focused()
        expect(inputs.nth(1)).to_have_value("")
        page.keyboard.press("Shift+Tab")  # back to the first line for the second mistake
        expect(inputs.first).to_be_focused()
        page.keyboard.press("Control+A")
    results = Result.objects.filter(session=howell, board=1)
    assert results.count() == 1
    assert (results[0].level, results[0].strain, results[0].declarer) == (4, "H", "S")
    context.close()


def test_the_demo_clubs_results_pages_at_both_widths(browser, demo, shots):
    """The demo's finished Howell (a sit-out each round) and published two-winner Mitchell: the director's results
    page, a board open, and the scorer's page, none wider than a phone."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    for session in Session.objects.filter(club__slug="riverside", name__in=["Thursday Howell", "Monday Pairs"]):
        slug = session.name.lower().replace(" ", "-")
        for name, path in (
            ("results", f"/scoring/sessions/{session.pk}/results/#board-1"),
            ("entry", f"/scoring/sessions/{session.pk}/entry/1/"),
        ):
            for width, viewport in (("1280", DESKTOP), ("375", PHONE)):
                page.set_viewport_size(viewport)
                response = page.goto(demo + path)  # None: the same page again, at another width
                assert response is None or response.status == 200, path
                _fits(page, viewport["width"])
                snap(page, shots / f"demo-{slug}-{name}-{width}.png")
        expect(page.get_by_test_id("entry-line").first).to_be_visible()
    context.close()

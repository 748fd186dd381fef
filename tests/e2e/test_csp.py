"""In Chromium, under the Content Security Policy (docs/security.md): the main pages as a director, a scorer's page,
a phone at a table and a player, Swagger UI and the admin — each opened and used a little (htmx's polling of the live
room, the scorer's type-ahead, the guest tag of the pairs page, the confirm before new table codes, a card played
again, the print button, a collapsed board opened by its link, the table's service worker) — with no error in the
console, no uncaught exception and no ``securitypolicyviolation`` event. The headers of every page are checked
without a browser in ``tests/security/test_headers.py``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from tests.e2e.browser import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}

#: Reported by the page itself (an init script Playwright runs in every document, outside the page's policy).
LISTEN = """document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));"""


class Watch:
    """Everything a context's pages complain about: console errors, uncaught exceptions, CSP violations."""

    def __init__(self, context):
        self.problems: list[str] = []
        self.pages = 0
        context.expose_binding(
            "__cspViolation", lambda source, text: self.problems.append(f"{source['page'].url}: CSP violation: {text}")
        )
        context.add_init_script(LISTEN)
        context.on("page", self.watch)

    def watch(self, page) -> None:
        self.pages += 1
        page.on(
            "console",
            lambda m: (
                self.problems.append(f"{page.url}: console {m.type}: {m.text}")
                if (m.type == "error" and not m.text.startswith("Failed to load resource"))
                or "Content Security Policy" in m.text
                else None
            ),
        )
        page.on("pageerror", lambda e: self.problems.append(f"{page.url}: uncaught: {e}"))
        # a resource that failed is said in the console without its address: said here with it (the browser's own
        # look for /favicon.ico aside: the site has none)
        page.on(
            "response",
            lambda r: (
                self.problems.append(f"{page.url}: {r.status} for {r.url}")
                if r.status >= 400 and not r.url.endswith("/favicon.ico")
                else None
            ),
        )

    def check(self) -> None:
        assert self.pages and not self.problems, "\n".join(self.problems)


def opened(page, url: str):
    response = page.goto(url)
    assert response is not None and response.status == 200, (url, response and response.status)
    assert "'unsafe-inline'" not in re.search(r"script-src [^;]*", response.headers["content-security-policy"]).group()
    page.wait_for_load_state("networkidle")
    return response


@pytest.fixture
def sessions(demo):
    """The demo's sessions by name; Tuesday Pairs (today, planned) gets a Howell for 8 pairs to run at the tables."""
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_pairs_ensure

    by_name = {s.name: s for s in Session.objects.filter(club__slug="riverside")}
    tuesday = by_name["Tuesday Pairs"]
    session_movement_choose(
        session=tuesday, user=tuesday.club.roles.filter(role="director").first().user, pairs=8, boards_per_round=2
    )
    session_pairs_ensure(session=tuesday)
    return by_name


def test_the_directors_pages_and_the_tables_keep_to_the_policy(browser, demo, sessions):
    desk = browser.new_context(viewport=DESKTOP)
    watch = Watch(desk)
    page = desk.new_page()
    log_in(page, demo, "director", "director-demo-2026")
    howell, monday, tuesday = sessions["Thursday Howell"], sessions["Monday Pairs"], sessions["Tuesday Pairs"]

    for path in (
        "/",
        "/clubs/riverside/",
        f"/sessions/{howell.pk}/",
        f"/sessions/{monday.pk}/",
        "/dealing/commitments/",
        "/movements/",
        f"/movements/session/{howell.pk}/",
        f"/dealing/sessions/{monday.pk}/hand-record/",
        f"/dealing/sessions/{monday.pk}/hand-record/1/",
        "/dealing/perfect-auction/",
        "/dealing/clubs/riverside/publication-log/",
        "/api/docs/",
    ):
        opened(page, demo + path)
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Bridge club API")  # its start-up script ran
    opened(page, demo + "/dealing/commitments/")
    commitment = page.locator("main a[href]").evaluate_all(
        "links => links.map(a => a.getAttribute('href')).filter(h => /\\/dealing\\/commitments\\/\\d+\\/$/.test(h))"
    )
    assert commitment, "the demo's commitment"
    opened(page, demo + commitment[0])
    opened(page, demo + commitment[0] + "audit/")

    # the results page: a link to a board opens its collapsed section (static/js/open_details.js)
    opened(page, f"{demo}/scoring/sessions/{howell.pk}/results/#board-2")
    expect(page.locator("details#board-2")).to_have_attribute("open", "")

    # the scorer's page: what a line says is asked for as it is typed (traveller_entry.js and htmx)
    opened(page, f"{demo}/scoring/sessions/{howell.pk}/entry/1/")
    first = page.locator("[data-entry-input]").first
    first.click()
    page.keyboard.press("Control+A")
    # a result other than the one the demo recorded on that line (its deals, and so its results, are new each run)
    page.keyboard.type("4S S 10" if (first.get_attribute("data-sent") or "").startswith("3NT") else "3NT N 9")
    expect(page.locator("td.outcome").first).to_contain_text("not saved yet")

    # the pairs page: "guest" beside a name that is none of the members (static/js/session_pairs.js)
    opened(page, f"{demo}/sessions/{howell.pk}/pairs/")
    player = page.locator("input.player").first
    tag = player.locator("xpath=..").locator(".guest-tag")
    player.fill("Somebody Notamember")
    expect(tag).to_be_visible()

    # print pages: the Print button prints (static/js/print.js)
    for path in (f"/dealing/sessions/{monday.pk}/hand-record/print/", f"/scoring/sessions/{monday.pk}/results/print/"):
        opened(page, demo + path)
        page.evaluate("window.print = () => { window.__printed = true; }")
        page.locator("button[data-print]").click()
        assert page.evaluate("window.__printed === true"), path

    # the live room: table entry started, the codes shown (QR codes as data: images), new codes asked for first
    opened(page, f"{demo}/tables/sessions/{tuesday.pk}/room/")
    page.get_by_test_id("start-tables").click()
    expect(page.get_by_test_id("room-tables")).to_be_visible()
    page.get_by_test_id("show-codes").click()
    expect(page.get_by_test_id("qr-1")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    link = page.get_by_test_id("join-link-1").get_attribute("href")
    opened(page, f"{demo}/tables/sessions/{tuesday.pk}/room/")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="New codes and PINs").click()
    assert asked and "New codes and PINs for every table" in asked[0]
    expect(page).to_have_url(re.compile(rf"/tables/sessions/{tuesday.pk}/room/$"))  # dismissed: nothing sent

    # a phone at table 1 (its own context: the tables' page, table.js, the service worker) enters board 1 …
    table = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone_watch = Watch(table)
    phone = table.new_page()
    phone.goto(link)
    phone.get_by_test_id("join-submit").click()
    expect(phone.get_by_test_id("table-app")).to_be_visible()
    scope = phone.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope.endswith("/t/"), scope
    board = page.get_by_test_id("room-table-1").locator("[data-testid^='room-board-1-']").first
    before = board.get_attribute("data-state")
    number = board.get_attribute("data-testid").rsplit("-", 1)[1]
    phone.get_by_test_id(f"board-{number}").click()
    for name in ("level-3", "strain-N", "doubling-0", "declarer-S"):
        phone.get_by_test_id(name).click()
    phone.get_by_test_id("contract-next").click()
    phone.get_by_test_id("over-made").click()
    phone.get_by_test_id("send").click()
    # … and the room, never reloaded, shows it within a few of htmx's polls
    with page.expect_request(re.compile(r"/room/live/$"), timeout=30_000):
        pass
    expect(page.get_by_test_id(f"room-board-1-{number}")).not_to_have_attribute(
        "data-state", before or "", timeout=30_000
    )
    table.close()
    desk.close()
    watch.check()
    phone_watch.check()


def test_a_players_pages_and_the_admin_keep_to_the_policy(browser, demo, sessions):
    context = browser.new_context(viewport=DESKTOP)
    watch = Watch(context)
    page = context.new_page()
    monday = sessions["Monday Pairs"]
    opened(page, f"{demo}/admin/login/")
    log_in(page, demo, "player", "player-demo-2026")
    for path in (
        "/",
        f"/sessions/{monday.pk}/",
        f"/scoring/sessions/{monday.pk}/ranking/",
        f"/scoring/sessions/{monday.pk}/boards/1/",
        f"/scoring/sessions/{monday.pk}/pairs/1/",
        "/scoring/me/",
        f"/dealing/sessions/{monday.pk}/hand-record/2/",
        "/dealing/commitments/",
    ):
        opened(page, demo + path)

    # a pair's scorecard: a link to a board's "why" opens it
    opened(page, f"{demo}/scoring/sessions/{monday.pk}/pairs/1/#why-1")
    expect(page.locator("details#why-1")).to_have_attribute("open", "")

    # play it again: a card played swaps the position in (htmx)
    opened(page, f"{demo}/dealing/sessions/{monday.pk}/boards/1/play/")
    playable = page.locator("#play a.pcard.playable")
    expect(playable.first).to_be_visible(timeout=30_000)
    to_play = page.get_by_test_id("play").get_attribute("data-to-play")
    playable.last.click()
    expect(page.get_by_test_id("play")).not_to_have_attribute("data-to-play", to_play, timeout=30_000)
    page.get_by_test_id("logout").click()

    # the admin, as the site auditor
    log_in(page, demo, "auditor", "auditor-demo-2026")
    opened(page, f"{demo}/admin/")
    opened(page, f"{demo}/admin/clubs/session/")
    page.locator("#result_list tbody a").first.click()
    page.wait_for_load_state("networkidle")
    context.close()
    watch.check()

"""In Chromium, the smaller things of issue 24 as the people meet them: a player's home page once tonight's session
is over (and the demo's sessions on the weekdays their names say), the director's room in Polish writing a contract
as the results pages do (3BA, not 3NT), "Play it again" from a pair's traveller opening the contract that pair
played (par one click away), and the perfect-bidding page saying what it is for.

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``).
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.db.models import Q
from django.utils import timezone
from playwright.sync_api import expect

from clubs.models import Pair, Session
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}


def _fits(page, width: int) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= width


def test_tonights_finished_session_is_recent_on_a_players_home_page(browser, demo, shots):
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    Session.objects.filter(pk=session.pk).update(date=timezone.localdate(), status=Session.Status.FINISHED)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/")
    coming, recent = page.locator("main section").nth(1), page.locator("main section").nth(2)
    expect(coming.get_by_role("heading")).to_have_text("Coming sessions")
    expect(coming).not_to_contain_text("Tuesday Pairs")
    expect(coming).to_contain_text("Club Championship")
    expect(recent.get_by_role("heading")).to_have_text("Recent sessions")
    expect(recent.locator("tr", has_text="Tuesday Pairs")).to_contain_text("Finished")
    for name, day in (("Monday Pairs", "Mon"), ("Thursday Howell", "Thu")):  # the names say their weekdays
        expect(recent.locator("tr", has_text=name).locator("td.session-when")).to_have_text(re.compile(rf"^{day}\b"))
    expect(coming.locator("tr", has_text="Club Championship").locator("td.session-when")).to_have_text(
        re.compile(r"^Tue\b")
    )
    assert _fits(page, PHONE["width"])
    snap(page, shots / "home-375-tonight-finished.png")
    context.close()


def test_the_room_in_polish_writes_no_trumps_as_the_results_pages_do(browser, demo, shots):
    """Two phones of table 1 send 3NT= and 3NT−1: the director's room, in Polish, offers to keep 3BA= or 3BA−1 — as
    the Polish results pages write it — never 3NT."""
    from django.contrib.auth import get_user_model

    from movements.services import session_movement_choose
    from scoring.selectors.layout import session_layout
    from tables.models import Table
    from tables.services.joining import table_join
    from tables.services.setup import table_entry_start
    from tables.services.submissions import entry_submit

    director = get_user_model().objects.get(username="director")
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    session_movement_choose(session=session, user=director, pairs=8, boards_per_round=3)
    session.refresh_from_db()
    table_entry_start(session=session, user=director)
    table = Table.objects.get(table_session__session=session, number=1)
    board = session_layout(session).meeting(round=1, table=1).boards[0]
    for relative in ("=", "-1"):
        phone, _token = table_join(code=table.code, pin=table.pin)
        entry = {"board": board, "level": 3, "strain": "N", "declarer": "N", "relative": relative}
        entry_submit(device=phone, key=uuid.uuid4().hex, data=entry)

    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "django_language", "value": "pl", "url": demo}])
    page = context.new_page()
    page.goto(f"{demo}/accounts/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("director-demo-2026")
    page.locator("main").get_by_role("button").click()
    page.goto(f"{demo}/tables/sessions/{session.pk}/room/")
    keep = page.get_by_test_id("room-conflicts").get_by_test_id("choose")
    expect(keep).to_have_count(2)
    expect(keep.first).to_contain_text("3BA=")
    expect(keep.last).to_contain_text("3BA−1")
    expect(page.get_by_test_id("room-conflicts")).not_to_contain_text("NT")
    snap(page, shots / "room-pl-1280-conflict.png")
    context.close()


def test_play_it_again_from_a_pairs_traveller_opens_the_contract_it_played(browser, demo, shots):
    """Ada (the demo's player) opens a board from her scorecard of the published Monday Pairs: "Play it again" names
    the contract her table played and opens it; the play page offers par beside it."""
    from scoring.models import Result

    session = Session.objects.get(club__slug="riverside", name="Monday Pairs")
    pair = Pair.objects.get(
        Q(player_1__user__username="player") | Q(player_2__user__username="player"), session=session
    )
    line = (
        Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair), session=session, level__isnull=False)
        .order_by("board")
        .first()
    )
    call = f"{line.level}{line.strain}{'X' * line.doubling}"
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/scoring/sessions/{session.pk}/pairs/{pair.label}/")
    page.get_by_test_id(f"board-link-{line.board}").click()
    button = page.get_by_test_id("play-it-again")
    expect(button).to_have_text(re.compile(rf"^Play it again in {line.level}"))
    assert _fits(page, PHONE["width"])
    snap(page, shots / "traveller-375-play-it-again.png")
    button.click()
    expect(page).to_have_url(re.compile(rf"/boards/{line.board}/play/\?contract={call}&declarer={line.declarer}$"))
    seats = {"N": "North", "E": "East", "S": "South", "W": "West"}
    expect(page.get_by_test_id("contract")).to_contain_text(f"by {seats[line.declarer]}")
    expect(page.get_by_test_id("par-offer")).to_be_visible()
    snap(page, shots / "play-375-the-pairs-contract.png")
    if page.get_by_test_id("play-par").count():  # the pair did not play par: par is one click away
        page.get_by_test_id("play-par").click()
        expect(page).to_have_url(re.compile(rf"/boards/{line.board}/play/$"))
        expect(page.get_by_test_id("par-offer")).to_contain_text("This is the board's par contract")
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "375"])
def test_perfect_bidding_says_what_it_is_for(browser, demo, shots, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/dealing/perfect-auction/")
    expect(page.get_by_test_id("perfect-bidding-what")).to_contain_text("A bridge curiosity")
    how = page.get_by_test_id("perfect-bidding-how")
    expect(how).not_to_have_attribute("open", "")
    expect(how.get_by_text("53,644,737,765,488,792,839,237,440,000", exact=False)).to_be_hidden()  # collapsed
    how.locator("summary").click()
    expect(how.get_by_text("53,644,737,765,488,792,839,237,440,000", exact=False)).to_be_visible()
    assert _fits(page, viewport["width"])
    snap(page, shots / f"perfect-bidding-{viewport['width']}.png")
    context.close()

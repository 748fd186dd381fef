"""A whole Swiss teams evening in Chromium (issue 21): 8 teams, 4 rounds of 2 boards a match.

The director enters the teams (three saves of the teams page) and the format (a Swiss of 4 rounds), confirms each
round's draw as proposed from the standings, and starts table entry on the teams' tables page. Each round, phones
at BOTH tables of match 1 (tables 1 and 2, at a phone's width) enter every board — North–South send, East–West
accept — and both phones then show the match's result (IMPs and VPs). To keep the test quick the other three
matches of each round are entered by the scorer from the score cards (the teams service, as the score card's page
does). The director sees the phones' results on the match's score card and the tables page, the standings after
each round, draws the next round (the phones go on to it by themselves), finishes the session and publishes the
standings; the phones then show their teams' places.

Screenshots (375 px phones, 1280 px pages) go to ``$E2E_SCREENSHOTS``.
"""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from clubs.services import session_create
from tables.models import Table
from teams.models import Match
from teams.selectors import match_card
from teams.services import match_boards_set
from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
ROUNDS, BOARDS = 4, 2
NAMES = ("Lions", "Tigers", "Bears", "Wolves", "Eagles", "Sharks", "Foxes", "Owls")
#: what the scorer types for the other matches: (first table, second table) per board, a round's worth
SCORER = {0: ("4S N 10", "420"), 1: ("3NT S 9", "-600")}


def join(browser, base, table):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base}/t/{table.code}/?pin={table.pin}")
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("table-app")).not_to_contain_text("Loading")
    return context, page


def enter(page, board, over):
    """From the round screen: 4♠ by North with ``over`` tricks, NS send, EW accept, back to the round."""
    page.get_by_test_id(f"board-{board}").click()
    for name, value in (("level", 4), ("strain", "S"), ("doubling", 0), ("declarer", "N")):
        page.get_by_test_id(f"{name}-{value}").click()
    page.get_by_test_id("contract-next").click()
    page.get_by_test_id(f"over-{over}").click()
    page.get_by_test_id("send").click()
    page.get_by_test_id("accept").click()
    expect(page.get_by_test_id("board-state")).to_contain_text("Confirmed")
    page.get_by_test_id("continue").click()


def enter_teams(page, base, session):
    """The director's teams page: four rows at first, then two new rows after each save."""
    for first, last in ((0, 4), (4, 6), (6, 8)):
        page.goto(f"{base}/sessions/{session.pk}/teams/")
        for i in range(first, last):
            page.locator(f'[name="teams-{i}-name"]').fill(NAMES[i])
            for p in range(1, 5):
                page.locator(f'[name="teams-{i}-player_{p}"]').fill(f"{NAMES[i]} player {p}")
        page.get_by_role("button", name="Save the teams").click()
        expect(page.locator(".messages")).to_contain_text("Teams saved.")


def test_a_swiss_teams_evening_with_phones_at_both_tables_of_a_match(browser, live_server, club, director, shots):
    base = live_server.url
    session = session_create(club=club, name="Friday Swiss Teams", date=datetime.date.today(), kind="teams")
    desk = browser.new_context(viewport=DESKTOP)
    page = desk.new_page()
    log_in(page, base, director.username, f"{director.username}-pass-2026")
    enter_teams(page, base, session)

    schedule = f"{base}/sessions/{session.pk}/teams/schedule/"
    page.goto(schedule)
    page.locator('[name="format"]').select_option("swiss")
    page.locator('[name="rounds"]').fill(str(ROUNDS))
    page.locator('[name="boards_per_match"]').fill(str(BOARDS))
    page.get_by_test_id("format-save").click()
    expect(page.get_by_test_id("proposal")).to_be_visible()
    page.get_by_test_id("confirm-round").click()
    expect(page.get_by_test_id("teams-draw")).to_contain_text("Drawn by")

    page.get_by_test_id("teams-tables-link").click()
    page.get_by_test_id("start-teams-tables").click()
    expect(page.get_by_test_id("teams-codes")).to_contain_text("Table 8")
    tables = {t.number: t for t in Table.objects.filter(table_session__session=session)}
    phones = [join(browser, base, tables[1]), join(browser, base, tables[2])]
    (_c1, first), (_c2, second) = phones

    for r in range(1, ROUNDS + 1):
        boards = [(r - 1) * BOARDS + 1, r * BOARDS]
        match = Match.objects.select_related("home", "away", "draw__session").get(
            draw__session=session, draw__round=r, number=1
        )
        for phone in (first, second):
            expect(phone.get_by_test_id("round-title")).to_contain_text(f"Round {r} of {ROUNDS}")
        expect(first.get_by_test_id("pair-ns")).to_contain_text(match.home.name)  # the home team NS at table 1
        expect(second.get_by_test_id("pair-ns")).to_contain_text(match.away.name)
        for board in boards:
            enter(first, board, "made")
        expect(first.get_by_test_id("round-done")).to_contain_text(f"Round {r} is done")
        expect(first.get_by_test_id("table-app")).to_contain_text("Table 2 is still playing this match")
        enter(second, boards[0], "minus1")  # the home team gains 420 (or 620) + 50 (or 100): 10 IMPs or more
        enter(second, boards[1], "made")
        expect(first.get_by_test_id("match-result")).to_contain_text("Match result")
        card = match_card(match=match, fmt=match.draw.session.teams_format)
        said = f"Match result: {match.home.name} {card.imps_home} – 0 {match.away.name} in IMPs, {card.vp_home} – "
        assert card.imps_home >= 10 and card.vp_home > 15  # 4♠ made at table 1, one down at table 2
        for phone in (first, second):
            expect(phone.get_by_test_id("match-result")).to_contain_text(said)
        if r == 1:
            snap(second, shots / "teams-phone-match-result-375.png")
            page.goto(f"{base}/sessions/{session.pk}/teams/rounds/1/matches/1/")  # the phones' results, as they came
            expect(page.locator(f'[name="board_{boards[0]}_home"]')).to_have_value("4S N 10")
            expect(page.locator(f'[name="board_{boards[0]}_away"]')).to_have_value("4S N 9")
            expect(page.get_by_test_id("total-home")).to_have_text(str(card.imps_home))
            page.goto(f"{base}/tables/sessions/{session.pk}/teams/")
            expect(page.get_by_test_id("teams-table-2")).to_contain_text(f"{boards[1]}✓")
            snap(page, shots / "teams-tables-room-1280.png")
        for other in Match.objects.filter(draw__session=session, draw__round=r, number__gt=1, away__isnull=False):
            match_boards_set(match=other, entries={b: SCORER[i] for i, b in enumerate(boards)})

        page.goto(f"{base}/sessions/{session.pk}/teams/standings/")
        expect(page.get_by_test_id("standings").locator("tbody tr")).to_have_count(8)
        expect(page.get_by_test_id("incomplete")).to_have_count(0)
        if r < ROUNDS:
            page.goto(schedule)
            page.get_by_test_id("confirm-round").click()  # the next round, as proposed from the standings
            expect(page.get_by_test_id("teams-draw")).to_contain_text(f"Round {r + 1}")
    snap(page, shots / "teams-standings-1280.png")
    met = [frozenset(pair) for pair in Match.objects.filter(draw__session=session).values_list("home", "away")]
    assert len(met) == len(set(met)) == ROUNDS * 4  # four matches a round, and no two teams met twice

    page.goto(f"{base}/sessions/{session.pk}/")
    page.get_by_test_id("path-finish").click()
    page.get_by_test_id("confirm-button").click()
    page.get_by_test_id("path-publish").click()
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("session-status")).to_have_text("Published")
    for phone in (first, second):
        expect(phone.get_by_test_id("phone-ranking")).to_contain_text("Team ")
    snap(first, shots / "teams-phone-published-375.png")
    for context, _page in phones:
        context.close()
    desk.close()

"""In a real browser, the commitment as a director makes it and as anyone checks it (issue 24, items 1, 13, 14, 18).

* A director commits to an evening whose movement is the 8-pair Howell at 4 boards a round: Commitments → New
  offers its 28 boards; 24 is refused naming the boards that could never be dealt, until accepted by name; the
  movement chosen afterwards is asked about again at Publish. The time promised for the delayed value is given,
  the value is entered before it, and the audit warns.
* A visitor who is not logged in opens the club's publication log (the club's time, with its offset), follows a
  commitment to its page and downloads its published and revealed records and a finished session's hand record:
  no login asked.
* The director's PBN for the dealing machine names the session and its date.

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``): 1280 px for the director, 375 px
for the phone.
"""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clubs.models import Session
from dealing.domain.formats.pbn import read_pbn
from dealing.models import Commitment
from tests.e2e.browser import log_in, log_out, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_director_is_offered_the_movements_boards_and_asked_before_fewer(page, demo, shots):
    from movements.services import session_movement_choose

    page.set_viewport_size({"width": 1280, "height": 900})
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    director = session.club.roles.get(role="director").user
    session_movement_choose(session=session, user=director, pairs=8, boards_per_round=4)  # 7 rounds: 28 boards

    log_in(page, demo, "director", "director-demo-2026")
    page.get_by_role("link", name="Commitments").click()
    page.get_by_test_id("new-commitment-riverside").click()
    boards = page.locator(f"#id_boards_{session.pk}")
    expect(boards).to_have_value("28")
    expect(page.get_by_test_id(f"session-{session.pk}")).to_contain_text("Its movement plays 28 boards.")
    page.get_by_label("Event").fill("Riverside Tuesday Pairs")
    page.get_by_label("Promised delayed value").fill("Closing value of the DJIA tomorrow (wsj.com)")
    page.get_by_label("Format of the delayed value").select_option("decimal:2")
    promised = timezone.localtime() + datetime.timedelta(days=1)
    page.get_by_label("Public from (the club's time)").fill(promised.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label(re.compile(r"Tuesday Pairs")).first.check()
    boards.fill("24")
    page.get_by_role("button", name="Create draft").click()

    # Refused, naming the session and the boards that could never be dealt; nothing made.
    expect(page.locator(".form-errors")).to_contain_text("its movement plays 28 boards, the commitment gives 24")
    expect(page.locator(".form-errors")).to_contain_text("25–28 could never be dealt")
    assert not Commitment.objects.filter(event="Riverside Tuesday Pairs").exists()
    expect(boards).to_have_value("24")  # what was typed is kept
    snap(page, shots / "commitment-boards-short.png")
    page.get_by_test_id(f"accept-{session.pk}").check()
    page.get_by_role("button", name="Create draft").click()
    expect(page.get_by_test_id("commitment-status")).to_have_text("Draft")
    expect(page.get_by_test_id("board-shortfalls")).to_contain_text("its movement plays 28 boards")
    commitment = Commitment.objects.get(event="Riverside Tuesday Pairs")
    assert commitment.entries.get().boards == 24

    # Publishing cannot be undone: the question names the shortfall, and publishing keeps the count accepted.
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Publish with fewer boards than the movements play?")
    expect(page.get_by_test_id("confirm")).to_contain_text("boards 25–28 could never be dealt")
    snap(page, shots / "commitment-publish-short.png")
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("commitment-status")).to_have_text("Published")
    expect(page.get_by_test_id("dv-promised-at")).to_contain_text(re.compile(r"\(UTC[+-]\d\d:\d\d\)"))

    # The value is entered before the time promised for it: the audit warns.
    page.get_by_label("Delayed value").fill("43,275.91")
    page.get_by_role("button", name="Save the delayed value").click()
    expect(page.get_by_test_id("delayed-value")).to_have_text("43275.91")
    page.get_by_test_id("audit-link").click()
    expect(page.get_by_test_id("audit-warnings")).to_contain_text("1 warning")
    row = page.locator("tr[data-warning='yes']")
    expect(row).to_contain_text("time of the delayed value")
    expect(row).to_contain_text("before the time promised for it")
    snap(page, shots / "commitment-audit-early-dv.png")


def test_anyone_checks_a_revealed_commitment_without_logging_in(page, demo, shots):
    page.set_viewport_size({"width": 375, "height": 812})
    commitment = Commitment.objects.get(club__slug="riverside", status=Commitment.Status.REVEALED)
    finished = commitment.entries.get(session__name="Thursday Howell").session

    page.goto(f"{demo}/dealing/clubs/riverside/publication-log/")
    entries = page.get_by_test_id("log-entries")
    expect(entries).to_contain_text(re.compile(r"\(UTC[+-]\d\d:\d\d\)"))  # the club's time, with its offset
    expect(entries).not_to_contain_text(re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d"))  # no bare UTC stamp shown
    snap(page, shots / "publication-log-phone.png")
    entries.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(rf"/dealing/commitments/{commitment.pk}/$"))  # no login page
    expect(page.get_by_test_id("commitment-hash")).to_have_text(commitment.commitment_hash)
    expect(page.get_by_test_id("revealed-key")).to_have_text(commitment.secret_key)
    expect(page.get_by_test_id("published-at")).to_contain_text("(UTC")
    snap(page, shots / "commitment-public-phone.png")

    with page.expect_download() as published:
        page.get_by_test_id("download-published").click()
    assert json.loads(open(published.value.path(), encoding="utf-8").read())["commitment"] == commitment.commitment_hash
    with page.expect_download() as revealed:
        page.get_by_test_id("download-revealed").click()
    assert json.loads(open(revealed.value.path(), encoding="utf-8").read())["key"] == commitment.secret_key

    page.get_by_test_id("hand-record-link").nth(
        [e.session_id for e in commitment.entries.order_by("position")].index(finished.pk)
    ).click()
    expect(page).to_have_url(re.compile(rf"/dealing/sessions/{finished.pk}/hand-record/$"))
    expect(page.get_by_test_id("dealt-from-commitment")).to_contain_text("anyone can recompute these deals")
    expect(page.get_by_test_id("board-table")).to_be_visible()
    expect(page.get_by_test_id("hand-record-print")).to_have_count(0)  # printing is for the club's logins
    snap(page, shots / "hand-record-public-phone.png")
    with page.expect_download() as pbn:
        page.get_by_test_id("download-pbn").click()
    games = read_pbn(open(pbn.value.path(), "rb").read()).games
    assert [g.board for g in games] == list(range(1, 22))


def test_the_dealing_machine_pbn_names_the_session_and_its_date(page, demo, shots):
    from dealing.services.boards import session_deal_fresh

    page.set_viewport_size({"width": 1280, "height": 900})
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")
    session_deal_fresh(session=session, user=session.club.roles.get(role="director").user, boards=3)
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(f"{demo}/sessions/{session.pk}/")
    page.get_by_test_id("dealing-page-link").click()
    with page.expect_download() as download:
        page.get_by_test_id("download-pbn").click()
    games = read_pbn(open(download.value.path(), "rb").read()).games
    assert [(g.value("Event"), g.value("Date")) for g in games] == [("Tuesday Pairs", f"{session.date:%Y.%m.%d}")] * 3
    log_out(page)

"""In a real browser: a director commits to a session's deals, publishes, enters the delayed value,
deals the session from the commitment and finishes it; a player then opens the hand record and sees
the deals; the director reveals the key and an auditor's audit passes.

Screenshots go to ``$E2E_SCREENSHOTS`` when it is set (``tests.e2e.browser.snap``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Session
from dealing.models import Board, Commitment
from tests.e2e.browser import log_in, log_out, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_commit_deal_finish_and_a_player_reads_the_hand_record(page, demo, shots):
    session = Session.objects.get(club__slug="riverside", name="Tuesday Pairs")

    # The director commits to the session's deals and publishes the commitment.
    log_in(page, demo, "director", "director-demo-2026")
    page.get_by_role("link", name="Commitments").click()
    page.get_by_test_id("new-commitment-riverside").click()
    page.get_by_label("Event").fill("Riverside Tuesday Pairs")
    page.get_by_label("Promised delayed value").fill("Closing value of the DJIA on 2026-11-20 (wsj.com)")
    page.get_by_label("Format of the delayed value").select_option("decimal:2")
    page.get_by_label(re.compile(r"Tuesday Pairs")).check()
    page.locator(f"#id_boards_{session.pk}").fill("4")
    page.get_by_role("button", name="Create draft").click()
    expect(page.get_by_test_id("commitment-status")).to_have_text("Draft")
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Nothing of it can change afterwards")  # asked first
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("commitment-status")).to_have_text("Published")
    commitment = Commitment.objects.get(event="Riverside Tuesday Pairs")
    expect(page.get_by_test_id("commitment-hash")).to_have_text(commitment.commitment_hash)
    expect(page.locator("main")).not_to_contain_text(commitment.secret_key)
    snap(page, shots / "commitment-published.png")

    # The delayed value becomes public: a malformed one is refused next to the field, then it is saved.
    page.get_by_label("Delayed value").fill("43275.9")
    page.get_by_role("button", name="Save the delayed value").click()
    expect(page.locator(".field-error")).to_contain_text("exactly 2 digits after the decimal point")
    page.get_by_label("Delayed value").fill("43,275.91")
    page.get_by_role("button", name="Save the delayed value").click()
    expect(page.get_by_test_id("delayed-value")).to_have_text("43275.91")

    # Deal the session from the commitment; the dealing page shows no deal.
    page.goto(f"{demo}/sessions/{session.pk}/")
    page.get_by_test_id("dealing-page-link").click()
    page.get_by_test_id("deal-from-commitment").click()
    expect(page.locator(".messages")).to_contain_text("4 boards dealt")
    boards = list(Board.objects.filter(session=session).order_by("number"))
    assert len(boards) == 4
    for board in boards:
        expect(page.locator("main")).not_to_contain_text(board.deal_pbn[2:].split()[0])
    snap(page, shots / "dealing-page.png")

    # A player cannot see the deals while the session is planned or running.
    log_out(page)
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/dealing/sessions/{session.pk}/hand-record/")
    expect(page.get_by_test_id("deals-hidden")).to_contain_text("shown once the session is over")
    log_out(page)

    # The session is played and finished.
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(f"{demo}/sessions/{session.pk}/")
    page.get_by_test_id("path-start-paper").click()
    expect(page.get_by_test_id("session-status")).to_have_text("In play")
    page.get_by_test_id("path-finish").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("Every player can then see every deal")  # asked first
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("session-status")).to_have_text("Finished")
    log_out(page)

    # The player opens the hand record from the session page and sees every deal.
    log_in(page, demo, "player", "player-demo-2026")
    page.goto(f"{demo}/sessions/{session.pk}/")
    page.get_by_test_id("hand-record-link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand records")
    for board in boards:
        diagram = page.get_by_test_id(f"hand-diagram-{board.number}")
        north_spades = board.deal_pbn[2:].split()[0].split(".")[0]
        ranks = " ".join("10" if r == "T" else r for r in north_spades) or "—"
        expect(diagram.locator('[data-seat="N"] .suit-line').first).to_have_text(f"♠ {ranks}")
    snap(page, shots / "hand-record-list.png")

    page.get_by_role("link", name="1", exact=True).first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Board 1")
    expect(page.get_by_test_id("analysis-1")).to_contain_text("Par:", timeout=30_000)
    snap(page, shots / "hand-record-board.png")
    log_out(page)

    # The director reveals the key; an auditor's audit passes.
    log_in(page, demo, "director", "director-demo-2026")
    page.goto(f"{demo}/dealing/commitments/{commitment.pk}/")
    page.get_by_test_id("reveal").click()
    expect(page.get_by_test_id("confirm")).to_contain_text("a revealed key stays public")  # asked first
    page.get_by_test_id("confirm-button").click()
    expect(page.get_by_test_id("revealed-key")).to_have_text(commitment.secret_key)
    log_out(page)
    log_in(page, demo, "auditor", "auditor-demo-2026")
    page.goto(f"{demo}/dealing/commitments/{commitment.pk}/audit/")
    expect(page.get_by_test_id("audit-verdict")).to_contain_text("Every check passed.")
    expect(page.get_by_test_id("computed-hash")).to_have_text(commitment.commitment_hash)
    snap(page, shots / "audit.png")

"""In a real browser: a player turns a deal into its perfect auction, and the auction back into the deal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import log_in, snap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

KERSEY = "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    snap(page, ARTIFACTS / f"perfect_auction_{name}.png")


def test_deal_to_auction_and_back(page, live_server, player):
    log_in(page, live_server.url, "ada", "ada-pass-2026")
    page.get_by_role("link", name="Perfect bidding").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Perfect bidding")

    # A deal and a dealer: the auction in a diagram whose first column is the dealer's.
    encode = page.get_by_test_id("encode-form")
    encode.get_by_label("Deal (PBN)").fill(KERSEY)
    encode.get_by_label("Dealer").select_option("E")
    encode.get_by_role("button", name="Show the auction").click()
    result = page.get_by_test_id("auction-result")
    expect(result).to_be_visible()
    expect(result.locator("thead th")).to_have_text(["East", "South", "West", "North"])
    expect(result.locator("tbody tr").first.locator("td")).to_have_text(["Pass", "Pass", "Pass", "1♦"])
    red = result.locator("td.call-bid .suit-d").first
    assert red.evaluate("e => getComputedStyle(e).color") == "rgb(192, 57, 43)"  # diamonds are red
    expect(result.locator(".contract")).to_contain_text("6♣")
    auction = page.get_by_test_id("auction-text").inner_text()
    assert auction.startswith("P P P 1D ") and auction.endswith(" 6C P P P")
    shot(page, "encoded")

    # A bad auction: the error stands next to the field.
    decode = page.get_by_test_id("decode-form")
    decode.get_by_label("Auction").fill("P 1C X")
    decode.get_by_role("button", name="Show the deal").click()
    expect(page.locator("#id_decode-auction-error")).to_contain_text(
        "the auction is unfinished: after call 3 (South: X) West must bid with ♠K"
    )

    # The auction, pasted with another spelling, and its dealer: the four hands.
    decode = page.get_by_test_id("decode-form")
    decode.get_by_label("Auction").fill(auction.lower().replace("p", "pass"))
    decode.get_by_label("Dealer").select_option("E")
    decode.get_by_role("button", name="Show the deal").click()
    expect(page.get_by_test_id("deal-pbn")).to_have_text(KERSEY)
    north = page.get_by_test_id("decoded-deal").locator('[data-seat="N"]')
    expect(north.locator(".suit-line").first).to_contain_text("A K Q 10 7")
    expect(page.get_by_test_id("auction-result")).to_be_visible()  # the other panel kept its result
    shot(page, "decoded")


def test_page_works_on_a_phone(page, live_server, player):
    page.set_viewport_size({"width": 375, "height": 740})
    log_in(page, live_server.url, "ada", "ada-pass-2026")
    page.goto(f"{live_server.url}/dealing/perfect-auction/")
    encode = page.get_by_test_id("encode-form")
    encode.get_by_label("North").fill("AKQT7.AKQ.AKQ.AK")
    encode.get_by_label("East").fill("J9 JT98 JT98 QJT")
    encode.get_by_label("South").fill("8654.765.765.987")
    encode.get_by_role("button", name="Show the auction").click()
    expect(page.get_by_test_id("auction-result")).to_be_visible()
    expect(page).to_have_url(re.compile(r"encode-dealer=N"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    diagram = page.get_by_test_id("auction-result").locator("table.bidding-diagram")
    assert diagram.bounding_box()["width"] <= 375
    shot(page, "phone")


def test_pick_a_board_of_a_published_session(page, live_server, club_session, director, player):
    from clubs.models import Session
    from dealing.models import Board
    from dealing.services import boards as board_services

    board_services.session_deal_fresh(session=club_session, user=director, boards=4)
    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.PUBLISHED)
    deal = Board.objects.get(session=club_session, number=2).deal_pbn

    log_in(page, live_server.url, "ada", "ada-pass-2026")
    page.goto(f"{live_server.url}/dealing/perfect-auction/")
    picker = page.get_by_test_id("board-form")
    picker.get_by_label("Published session").select_option(
        label="Riverside Bridge Club · Tuesday Pairs · Tue\u00a024\u00a0Nov\u00a02026"
    )
    picker.get_by_label("Board").fill("2")
    picker.get_by_role("button", name="Show its auction").click()
    result = page.get_by_test_id("auction-result")
    expect(page.get_by_test_id("auction-board")).to_have_text("Board 2 of Tuesday Pairs")
    expect(result.locator("thead th")).to_have_text(["East", "South", "West", "North"])  # board 2: East deals
    expect(page.get_by_test_id("encode-form").get_by_label("Deal (PBN)")).to_have_value(deal)
    shot(page, "board")

"""In a real browser, in Polish: a bad deal and a bad auction on the perfect-bidding page, and a bad board file on
the dealing page, say what is wrong in Polish."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import log_in
from tests.e2e.test_perfect_auction_page import shot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_bad_deal_and_bad_auction_in_polish(page, live_server, player):
    log_in(page, live_server.url, "ada", "ada-pass-2026")
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": live_server.url}])
    query = urlencode(
        {
            "encode-north": "AKQT7.AKQ.AKQ.AK",
            "encode-east": "AJ.JT98.JT98.QJT",
            "encode-south": "8654.765.765.987",
            "encode-dealer": "N",
            "decode-auction": "1C 1D P P P",
            "decode-dealer": "N",
        }
    )
    page.goto(f"{live_server.url}/dealing/perfect-auction/?{query}")
    expect(page.locator("#id_encode-east-error")).to_have_text("karta SA jest zarówno w ręce Północy, jak i Wschodu")
    expect(page.locator("#id_decode-auction-error")).to_have_text(
        "zapowiedź 5 (Północ: P) nie pasuje do systemu: po 1♦ Wschodu (Południe: pas, Zachód: pas) Północ musi "
        "licytować, mając obie karty ♠J i ♠T, a w przeciwnym razie kontrować"
    )
    shot(page, "errors_pl")


def test_bad_board_file_in_polish(page, live_server, director, club_session, tmp_path):
    """A director uploads a PBN file with a bad deal: the error next to the file field names the file, the line
    and the tag, in Polish; no board is made."""
    bad = tmp_path / "deals.pbn"
    bad.write_bytes(b'[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.AKZ.. - - -"]\n')
    log_in(page, live_server.url, "dana", "dana-pass-2026")
    page.context.add_cookies([{"name": "django_language", "value": "pl", "url": live_server.url}])
    page.goto(f"{live_server.url}/dealing/sessions/{club_session.pk}/boards/")
    page.locator("#id_file").set_input_files(str(bad))
    page.get_by_test_id("deal-import").click()
    expect(page.locator("#id_file-error")).to_have_text(
        "deals.pbn: wiersz 3: znacznik Deal: ręka Północy: ręka 'AKQ.AKZ..': 'Z' nie jest wysokością karty w kierach"
    )
    shot(page, "board_file_error_pl")
    assert not club_session.boards.exists()

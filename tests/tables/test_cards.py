"""The session's printed table cards carry each table's QR code, code and PIN — for the club's directors (the
HTML page and the PDF); a player's cards have none. When the session's phones stay at their tables (the default) each
table card says to leave the phone there; when they follow their pairs it does not."""

from __future__ import annotations

import shutil
import subprocess

import pytest


def test_the_directors_table_cards_carry_the_qr_codes(howell, director, player, client_for, table):
    page = client_for(director).get(f"/movements/session/{howell.pk}/print/?sections=tables")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="table-qr"') == 4 and html.count("data:image/svg+xml") == 4
    assert table(3).code in html and table(3).pin in html
    players = client_for(player).get(f"/movements/session/{howell.pk}/print/?sections=tables").content.decode()
    assert 'class="table-qr"' not in players and table(3).code not in players


def test_the_table_cards_say_to_leave_the_phone_at_the_table_when_phones_stay(howell, director, client_for):
    from tables.services.setup import phones_set

    client = client_for(director)
    html = client.get(f"/movements/session/{howell.pk}/print/?sections=tables").content.decode()
    assert html.count('data-testid="phone-stays"') == 4
    assert "Leave this phone at table 3 when you move." in html
    phones_set(session=howell, user=director, phones="pair")
    html = client.get(f"/movements/session/{howell.pk}/print/?sections=tables").content.decode()
    assert 'data-testid="phone-stays"' not in html and html.count('class="table-qr"') == 4


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_the_pdf_of_the_table_cards_carries_the_codes(howell, director, client_for, table, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path
    client = client_for(director)
    response = client.get(f"/movements/session/{howell.pk}/print/?sections=tables&format=pdf", follow=True)
    assert response["Content-Type"] == "application/pdf"
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(b"".join(response.streaming_content))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert table(2).code in text and table(2).pin in text
    assert "Leave this phone at table 2" in text

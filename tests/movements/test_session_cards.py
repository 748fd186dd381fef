"""A session's guide cards: its title and, once its pairs are named, the players beside the pair numbers — on the
pair cards ("Pair 3 — Ada Adamska & Bruno Bianchi"), beside the opponents, and on the table cards
("3 (Adamska – Bianchi)"); in the HTML print page and in the PDF. The catalogue's cards have no names."""

from __future__ import annotations

import re
import subprocess

import pytest

from clubs.services import member_create
from events.pairs import pair_set
from movements.models import GuideCardPdf

pytestmark = pytest.mark.django_db


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def named_session(club_session, director, club, settings, tmp_path):
    """An 8-pair Howell, 3 boards per round, pair 3 named (two members) and pair 5 (a member and a guest)."""
    from movements.services import session_movement_choose

    settings.MEDIA_ROOT = tmp_path / "media"
    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    ada, bruno, celia = (
        member_create(club=club, first_name=first, last_name=last)
        for first, last in (("Ada", "Adamska"), ("Bruno", "Bianchi"), ("Celia", "Carter"))
    )
    pair_set(session=club_session, number=3, player_1=ada, player_2=bruno)
    pair_set(session=club_session, number=5, player_1=celia, player_2_name="Jan Gość")
    return club_session


def print_url(session) -> str:
    return f"/movements/session/{session.pk}/print/"


def test_the_html_cards_carry_the_names(client_for, player, named_session):
    html = client_for(player).get(print_url(named_session)).content.decode()
    three = html[html.index('data-pair="3"') : html.index('data-pair="4"')]
    assert 'Pair 3</span><span class="players"> — Ada Adamska &amp; Bruno Bianchi</span>' in three
    assert "Riverside Bridge Club – Tuesday Pairs (Tue\u00a024\u00a0Nov\u00a02026)" in three
    assert '<span class="names">Carter – Gość</span>' in three  # opponents, short
    assert html.count("(Adamska – Bianchi)") == 7 and html.count("(Carter – Gość)") == 7  # table cards: 7 rounds
    four = html[html.index('data-pair="4"') : html.index('data-pair="5"')]
    assert 'class="players"' not in four  # nobody named


def test_the_catalogue_cards_have_no_names(client_for, player, named_session):
    html = client_for(player).get("/movements/print/", {"pairs": 8, "boards_per_round": 3}).content.decode()
    assert "Adamska" not in html and "Tuesday Pairs" not in html


@pytest.mark.slow
def test_the_pdf_carries_the_names_and_a_rename_makes_a_new_one(client_for, player, named_session, tmp_path):
    client = client_for(player)
    response = client.get(print_url(named_session), {"format": "pdf"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="session-' in response["Content-Disposition"]
    text = pdf_text(body(response), tmp_path)
    assert "Pair 3 — Ada Adamska & Bruno Bianchi" in text and "Pair 5 — Celia Carter & Jan Gość" in text
    assert "(Adamska – Bianchi)" in text
    pair_set(session=named_session, number=3, player_1_name="Zofia Nowa")
    renamed = pdf_text(body(client.get(print_url(named_session), {"format": "pdf", "sections": "pairs"})), tmp_path)
    assert "Pair 3 — Zofia Nowa" in renamed and "Bianchi" not in renamed
    assert GuideCardPdf.objects.count() == 2


@pytest.mark.slow
def test_a_big_session_pdf_is_seen_only_by_the_sessions_club(
    client_for, player, other_director, named_session, settings, django_capture_on_commit_callbacks
):
    settings.MOVEMENT_PDF_SYNC_MAX_ROWS = 10  # made by the task, through the progress page
    with django_capture_on_commit_callbacks(execute=True):
        r = client_for(player).get(print_url(named_session), {"format": "pdf", "sections": "tables"})
    key = re.search(r"/movements/cards/([0-9a-f]{64})/", r["Location"])[1]
    assert client_for(player).get(f"/movements/cards/{key}/download/").status_code == 200
    stranger = client_for(other_director)
    for suffix in ("", "progress/", "download/"):
        assert stranger.get(f"/movements/cards/{key}/{suffix}").status_code == 404
    assert stranger.get(print_url(named_session)).status_code == 404


def test_no_movement_no_session_cards(client_for, director, finished_session):
    assert client_for(director).get(print_url(finished_session)).status_code == 404


def test_polish_session_cards(client_for, player, named_session):
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    html = client.get(print_url(named_session)).content.decode()
    assert 'Para 3</span><span class="players"> — Ada Adamska &amp; Bruno Bianchi</span>' in html

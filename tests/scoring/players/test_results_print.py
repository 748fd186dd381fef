"""The results for the notice board: the ranking and every pair's scorecard as a PDF and as printable HTML
(scoring.printing, scoring.views.printing).

Who gets them is who may read the ranking: a published session's results, public unless the club keeps them to its
members; the club's directors and scorers (and site auditors) at any time, before publication as a preview that
says so. Everyone else gets the players' 404 page. Nothing of a deal is printed. The PDF is read back with poppler.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.test import Client

from clubs.models import Club, Session
from tests.dealing.test_visibility import leaks
from tests.scoring.players.test_visibility import deal_secrets

pytestmark = pytest.mark.django_db

VIEWERS = ["anonymous", "outsider", "player", "scorer", "director", "other_director", "auditor"]
STAFF = {"scorer", "director", "auditor"}
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")


@pytest.fixture
def outsider(django_user_model):
    return django_user_model.objects.create_user("olaf", password="olaf-pass-2026")


def _client(request, who: str, client_for) -> Client:
    return Client() if who == "anonymous" else client_for(request.getfixturevalue(who))


def _status(session, status: str) -> None:
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


def urls(session) -> list[str]:
    return [f"/scoring/sessions/{session.pk}/results.pdf", f"/scoring/sessions/{session.pk}/results/print/"]


def pdf_text(data: bytes, tmp_path) -> tuple[str, int]:
    path = tmp_path / "results.pdf"
    path.write_bytes(data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return text, int(re.search(r"Pages:\s+(\d+)", info)[1])


# --- who gets them when ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("state", ["planned", "running", "finished"])
def test_before_publication_only_the_clubs_staff_get_a_preview(request, played, who, state, client_for):
    _status(played, state)
    client = _client(request, who, client_for)
    secrets = deal_secrets(played)
    for url in urls(played):
        response = client.get(url)
        expected = 200 if who in STAFF else 404
        assert response.status_code == expected, (who, state, url)
        assert not leaks(response.content, secrets), (who, state, url)
        if expected == 404:
            assert b"Tuesday Pairs" not in response.content
    if who in STAFF:
        html = client.get(urls(played)[1]).content.decode()
        assert 'data-testid="preview-notice"' in html and "Not published" in html
        assert "-preview.pdf" in client.get(urls(played)[0])["Content-Disposition"]


@pytest.mark.slow
@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("public", [True, False])
def test_published_results_are_public_unless_the_club_keeps_them_to_members(
    request, published, who, public, client_for
):
    Club.objects.filter(pk=published.club_id).update(results_public=public)
    client = _client(request, who, client_for)
    expected = 200 if (public or who in STAFF or who == "player") else 404
    for url in urls(published):
        response = client.get(url)
        assert response.status_code == expected, (who, public, url)
    if expected == 200:
        response = client.get(urls(published)[0])
        assert response["Content-Type"] == "application/pdf" and response["Content-Disposition"].startswith("inline")


# --- what they say ------------------------------------------------------------------------------------


def test_the_printable_page_has_the_ranking_and_every_pairs_scorecard(published, player, client_for):
    html = client_for(player).get(urls(published)[1]).content.decode()
    assert 'data-testid="provisional"' in html and "Provisional until" in html
    assert html.count('data-testid="scorecard-') == 8 * 2  # each card, and its rows
    assert "Ada Adamska" in html and "Guest Player" in html
    text = re.sub(r"<[^>]+>", "", html)
    assert "A60/40" in text and "passed out" in text  # an artificial score, a pass-out
    assert "Sits out" not in text  # a complete Howell for 8: nobody sits out


@pytest.mark.slow
@needs_poppler
def test_the_pdf_holds_the_ranking_and_the_scorecards(published, client_for, director, tmp_path):
    from scoring.selectors.players import ranking_for_viewer

    response = Client().get(urls(published)[0])
    text, pages = pdf_text(response.content, tmp_path)
    assert pages >= 2
    ranking = ranking_for_viewer(user=director, session_id=published.pk)
    for row in ranking.rows:
        assert re.search(rf"{re.escape(row.place)}\s+{row.pair}\s+.*{re.escape(row.percentage)}", text), row
        assert f"Pair {row.pair}" in text
    assert "Rd Bd Dir" in text and "Matchpoints" in text
    assert text.count("4♠") > 50  # the contracts, with their suit symbols
    assert not leaks(response.content, deal_secrets(published))


@pytest.mark.slow
@needs_poppler
def test_the_pdf_in_polish(published, player, client_for, tmp_path):
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    text, _ = pdf_text(client.get(urls(published)[0], HTTP_ACCEPT_LANGUAGE="pl").content, tmp_path)
    assert "Klasyfikacja" in text and "Para 1" in text and "Wyniki" in text
    assert "Pair 1" not in text and "Ranking" not in text


def test_the_ranking_page_links_the_pdf(published, player, client_for):
    html = client_for(player).get(f"/scoring/sessions/{published.pk}/ranking/").content.decode()
    assert f'href="/scoring/sessions/{published.pk}/results.pdf"' in html

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
from fractions import Fraction

import pytest
from django.test import Client

from clubs.models import Club, Session
from scoring.domain.ranking import shown
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


# --- made once for each version of what it shows ---------------------------------------------------------------


@pytest.mark.slow
def test_the_pdf_is_made_once_and_then_served_as_kept(published, player, client_for, renders):
    url = urls(published)[0]
    first = Client().get(url)
    again = client_for(player).get(url)  # another viewer of the same published results: the same PDF
    assert first.status_code == again.status_code == 200 and again["Content-Type"] == "application/pdf"
    assert again.content == first.content and len(renders) == 1
    travellers = Client().get(url + "?contents=travellers")  # other contents: another PDF, kept beside it
    assert travellers.content != first.content and len(renders) == 2
    assert Client().get(url + "?contents=travellers").content == travellers.content and len(renders) == 2


@pytest.mark.slow
@needs_poppler
def test_a_correction_after_publication_gives_a_new_pdf_never_the_old_one(
    published, director, player, client_for, renders, tmp_path, django_capture_on_commit_callbacks
):
    from scoring.domain.results import Played
    from scoring.models import Result
    from scoring.selectors.players import ranking_for_viewer
    from scoring.services.results import result_correct

    url = urls(published)[0]
    before = client_for(player).get(url).content
    text, _pages = pdf_text(before, tmp_path)
    assert "7NT" not in text
    line = Result.objects.filter(session=published, board=1).order_by("round", "table").first()
    with django_capture_on_commit_callbacks(execute=True):  # the ranking frozen again, as in the score-query window
        result_correct(result=line, new=Played.of("7N", "N", 13), user=director, reason="Table scored 7NT made")
    after = client_for(player).get(url).content
    assert after != before and len(renders) == 2
    text, _pages = pdf_text(after, tmp_path)
    assert "7NT" in text  # the corrected line on its pairs' scorecards
    for row in ranking_for_viewer(user=player, session_id=published.pk).rows:  # the ranking frozen again
        assert re.search(rf"{re.escape(row.place)}\s+{row.pair}\s+.*{re.escape(row.percentage)}", text), row
    assert Client().get(url).content == after and len(renders) == 2  # the new one is kept in turn


@pytest.mark.slow
def test_a_directors_preview_is_never_served_once_the_results_are_published(
    played, director, player, client_for, renders, django_capture_on_commit_callbacks
):
    from scoring.services.sessions import session_results_publish

    url = urls(played)[0]
    preview = client_for(director).get(url)
    assert preview.status_code == 200 and len(renders) == 1 and "Not published" in renders[0]
    assert client_for(player).get(url).status_code == 404  # the kept preview is not for players
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=played, user=director, query_hours=48)
    published = client_for(player).get(url)
    assert published.status_code == 200 and published.content != preview.content
    assert len(renders) == 2 and "Not published" not in renders[1] and "Provisional until" in renders[1]
    assert client_for(director).get(url).content == published.content  # the director now has the published one too


# --- the travellers -----------------------------------------------------------------------------------------


def test_the_reader_chooses_the_ranking_alone_or_with_every_boards_traveller(published, player, client_for):
    client = client_for(player)
    page = client.get(urls(published)[1]).content.decode()
    choice = re.search(r'<form method="get" data-testid="contents-choice">.*?</form>', page, re.S)[0]
    assert re.findall(r'<option value="(\w+)"', choice) == ["scorecards", "ranking", "travellers", "all"]
    assert "The ranking and every board&#x27;s traveller" in choice
    assert f'href="/scoring/sessions/{published.pk}/results.pdf?contents=scorecards"' in page

    ranking_only = client.get(urls(published)[1] + "?contents=ranking").content.decode()
    assert 'data-testid="ranking"' in ranking_only
    assert 'data-testid="scorecard-' not in ranking_only and 'data-testid="traveller-' not in ranking_only
    assert f'href="/scoring/sessions/{published.pk}/results.pdf?contents=ranking"' in ranking_only

    travellers = client.get(urls(published)[1] + "?contents=travellers").content.decode()
    assert 'data-testid="scorecard-' not in travellers
    assert re.findall(r'data-testid="traveller-(\d+)"', travellers) == [str(n) for n in range(1, 22)]
    both = client.get(urls(published)[1] + "?contents=all").content.decode()
    assert both.count('data-testid="scorecard-') == 8 * 2 and both.count('data-testid="traveller-rows"') == 21


def test_a_traveller_has_a_line_per_table_with_its_score_and_matchpoints(published, player, client_for):
    from scoring.selectors.players import traveller_for_viewer

    html = client_for(player).get(urls(published)[1] + "?contents=travellers").content.decode()
    block = re.search(r'data-testid="traveller-6">(.*?)</section>', html, re.S)[1]
    rows = re.sub(r"<[^>]+>", "", re.search(r"<pre[^>]*>(.*?)</pre>", block, re.S)[1]).splitlines()
    assert rows[0].split() == ["Rd", "Table", "NS", "EW", "Contract", "Score", "MP", "NS", "MP", "EW"]
    page = traveller_for_viewer(user=player, session_id=published.pk, board=6)
    assert len(rows) == 1 + len(page.lines) == 1 + 4  # 8 pairs: four tables play each board
    for row, line in zip(rows[1:], page.lines):
        cells = row.split()
        assert cells[:4] == [str(line.round), str(line.table), line.ns, line.ew], row
        assert cells[-2:] == [shown(line.scored.ns), shown(line.scored.ew)], row
        assert Fraction(cells[-2]) + Fraction(cells[-1]) == 6  # NS + EW = the board's top


@pytest.mark.slow
@needs_poppler
def test_the_pdf_with_travellers_prints_every_board(published, client_for, renders, tmp_path):
    response = Client().get(urls(published)[0] + "?contents=travellers")
    assert response.status_code == 200 and "-results-travellers.pdf" in response["Content-Disposition"]
    text, pages = pdf_text(response.content, tmp_path)
    assert pages >= 2  # the ranking, then the travellers from a page of their own
    assert "Travellers" in text and "Scorecards" not in text
    assert all(f"Board {n}\n" in text or f"Board {n} " in text for n in range(1, 22))
    assert text.count("MP NS") == 21
    assert not leaks(response.content, deal_secrets(published))


def test_the_ranking_page_offers_the_travellers(published, player, client_for):
    html = client_for(player).get(f"/scoring/sessions/{published.pk}/ranking/").content.decode()
    assert f'href="/scoring/sessions/{published.pk}/results.pdf?contents=travellers"' in html
    assert f'href="/scoring/sessions/{published.pk}/results/print/"' in html

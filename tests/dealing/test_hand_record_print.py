"""The hand record to print: the printable HTML and the PDF (dealing.printing, dealing.views.printing).

Six boards to an A4 page; each board with its four hands, dealer and vulnerability, HCP, the double-dummy
table and par. The PDF is read back with poppler's pdftotext and pdfinfo.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from bridge.cards import Deal, Seat
from clubs.models import Session
from dealing.domain.analysis import Par
from dealing.models import Board
from dealing.services import boards as board_services

pytestmark = pytest.mark.django_db

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")


def set_status(session, status):
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


def analyse_all(session, numbers=None):
    """Store an analysis on the boards (one table and par for all, BridgeComposer's deal 1: what is printed is
    what is stored; the solver has its own tests)."""
    boards = Board.objects.filter(session=session)
    if numbers is not None:
        boards = boards.filter(number__in=numbers)
    boards.update(dd_tricks=TABLE, par_score=-110, par_contracts="EW 2S+1", analysis_status=Board.AnalysisStatus.DONE)


TABLE = "98a79989794536445364"


@pytest.fixture
def over(club_session, director):
    """Eight boards dealt, all analysed; the session finished."""
    board_services.session_deal_fresh(session=club_session, user=director, boards=8)
    analyse_all(club_session)
    set_status(club_session, Session.Status.FINISHED)
    return club_session


def pdf_text(data: bytes, tmp_path) -> tuple[str, int]:
    path = tmp_path / "hand-record.pdf"
    path.write_bytes(data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return text, int(re.search(r"Pages:\s+(\d+)", info)[1])


def test_the_printable_page_has_six_boards_a_page(over, player, client_for):
    response = client_for(player).get(f"/dealing/sessions/{over.pk}/hand-record/print/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('data-testid="hand-record-page"') == 2
    assert all(f'data-testid="hr-board-{n}"' in html for n in range(1, 9))
    assert html.count('class="dd-table"') == 8 and "Par" in html
    assert 'data-testid="hand-record-pdf-link"' in html  # the screen's buttons


@pytest.mark.slow
@needs_poppler
def test_the_pdf_holds_every_board_with_its_hands_table_and_par(over, player, client_for, tmp_path):
    response = client_for(player).get(f"/dealing/sessions/{over.pk}/hand-record.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline") and ".pdf" in response["Content-Disposition"]
    text, pages = pdf_text(response.content, tmp_path)
    assert pages == 2
    for board in Board.objects.filter(session=over):
        assert f"Board {board.number}" in text
        west = Deal.from_pbn(board.deal_pbn).hand(Seat.WEST)
        assert f"West · {west.hcp} HCP" in text
        par = Par.from_pbn(f"NS {board.par_score}", board.par_contracts)
        assert f"Par: {par.optimum_score_pbn()}" in text
    assert "Dealer North" in text and "Vulnerable: None" in text and "Tuesday Pairs" in text
    assert text.count("DD") == 8


@pytest.mark.slow
@needs_poppler
def test_the_pdf_in_polish(over, player, client_for, tmp_path):
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    response = client.get(f"/dealing/sessions/{over.pk}/hand-record.pdf", HTTP_ACCEPT_LANGUAGE="pl")
    text, _ = pdf_text(response.content, tmp_path)
    assert "Rozdanie 1" in text and "Rozdaje Północ" in text and "Założenia" in text
    assert "Board 1" not in text


@pytest.mark.slow
def test_a_pdf_waits_for_the_analysis_and_says_how_far_it_is(club_session, director, player, client_for):
    board_services.session_deal_fresh(session=club_session, user=director, boards=4)
    analyse_all(club_session, numbers={1, 2})
    set_status(club_session, Session.Status.FINISHED)
    client = client_for(player)
    response = client.get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf")
    html = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert 'data-testid="hand-record-pdf-wait"' in html and "2 of 4 boards analysed." in html
    partial = client.get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf?partial=1")
    assert partial["Content-Type"] == "application/pdf"
    progress = client.get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf/progress/")
    assert "HX-Redirect" not in progress and "hx-trigger" in progress.content.decode()
    analyse_all(club_session)
    progress = client.get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf/progress/")
    assert progress["HX-Redirect"] == f"/dealing/sessions/{club_session.pk}/hand-record.pdf"


@pytest.mark.slow
def test_asking_for_the_pdf_queues_the_missing_analysis(club_session, director, player, client_for, monkeypatch):
    board_services.session_deal_fresh(session=club_session, user=director, boards=2)
    set_status(club_session, Session.Status.FINISHED)
    asked = []

    def queue(*, session, force=False):  # the worker's part: analyse the session now
        asked.append(session.pk)
        analyse_all(session)
        return True

    monkeypatch.setattr("dealing.views.printing.session_analysis_queue", queue)
    response = client_for(player).get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf")
    assert asked == [club_session.pk]
    assert response["Content-Type"] == "application/pdf"  # an inline worker: made at once


def test_a_session_without_boards_has_no_hand_record(finished_session, player, client_for):
    for url in (
        f"/dealing/sessions/{finished_session.pk}/hand-record/print/",
        f"/dealing/sessions/{finished_session.pk}/hand-record.pdf",
    ):
        assert client_for(player).get(url).status_code == 404


# --- made once for each version of what it shows ---------------------------------------------------------------


@pytest.mark.slow
def test_the_pdf_is_made_once_and_then_served_as_kept(over, player, director, client_for, renders):
    from clubsite.pdf import pdfs_kept

    url = f"/dealing/sessions/{over.pk}/hand-record.pdf"
    first = client_for(player).get(url)
    assert first.status_code == 200 and len(renders) == 1
    again = client_for(director).get(url)
    assert again["Content-Type"] == "application/pdf" and again.content == first.content and len(renders) == 1
    assert [path.read_bytes() for path in pdfs_kept(f"hand-records/{over.pk}")] == [first.content]
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    polish = client.get(url, HTTP_ACCEPT_LANGUAGE="pl")  # each language its own PDF
    assert polish.content != first.content and len(renders) == 2 and 'lang="pl"' in renders[1]


@pytest.mark.slow
@needs_poppler
def test_a_pdf_made_before_the_analysis_is_not_served_once_it_is_done(
    club_session, director, player, client_for, renders, tmp_path
):
    board_services.session_deal_fresh(session=club_session, user=director, boards=4, queue_analysis=False)
    analyse_all(club_session, numbers={1, 2})
    set_status(club_session, Session.Status.FINISHED)
    client = client_for(player)
    partial = client.get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf?partial=1")
    text, _pages = pdf_text(partial.content, tmp_path)
    assert text.count("DD") == 2
    analyse_all(club_session)
    whole = client.get(f"/dealing/sessions/{club_session.pk}/hand-record.pdf")
    assert whole["Content-Type"] == "application/pdf" and whole.content != partial.content and len(renders) == 2
    text, _pages = pdf_text(whole.content, tmp_path)
    assert text.count("DD") == 4


# --- hand records to deal by hand: a director's recorded download, before play, without the analysis -----------


@pytest.fixture
def dealt_and_analysed(club_session, director):
    """Eight boards dealt and analysed; the session not played yet."""
    board_services.session_deal_fresh(session=club_session, user=director, boards=8)
    analyse_all(club_session)
    return club_session


def test_the_dealing_sheets_show_the_hands_and_nothing_of_the_analysis(dealt_and_analysed):
    from django.template.loader import render_to_string

    from dealing.printing import hand_record_context
    from dealing.selectors.boards import board_record

    records = [board_record(b) for b in Board.objects.filter(session=dealt_and_analysed).order_by("number")]
    assert all(r.analysis is not None for r in records)
    html = render_to_string(
        "print/hand_record.html", hand_record_context(dealt_and_analysed, records, for_dealing=True)
    )
    assert "Hand records to deal by hand" in html and html.count('data-testid="hr-board-') == 8
    assert 'class="dd-table"' not in html and 'class="hr-par"' not in html and "analysis is not ready" not in html
    shown = render_to_string("print/hand_record.html", hand_record_context(dealt_and_analysed, records))
    assert 'class="dd-table"' in shown  # the hand record after play keeps its analysis


@pytest.mark.slow
@needs_poppler
def test_a_director_downloads_the_dealing_sheets_and_the_download_is_recorded(
    dealt_and_analysed, director, player, client_for, tmp_path
):
    url = f"/dealing/sessions/{dealt_and_analysed.pk}/boards/file/pdf/"
    assert client_for(player).post(url).status_code in (403, 404)
    response = client_for(director).post(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment") and ".pdf" in response["Content-Disposition"]
    text, pages = pdf_text(response.content, tmp_path)
    assert pages == 2 and "Hand records to deal by hand" in text and "DD" not in text and "Par:" not in text
    for board in Board.objects.filter(session=dealt_and_analysed):
        west = Deal.from_pbn(board.deal_pbn).hand(Seat.WEST)
        assert f"Board {board.number}" in text and f"West · {west.hcp} HCP" in text
    record = dealt_and_analysed.deal_downloads.get()
    assert (record.user, record.file_format, record.board_count) == (director, "pdf", 8)

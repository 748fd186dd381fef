"""Hand-record pages of a finished session: board list, board page, analysis, perfect auction, PBN download."""

from __future__ import annotations

import re

import pytest

from bridge.cards import Deal, Seat, board_dealer, board_vulnerability
from clubs.models import Session
from dealing.domain.analysis import PBN_STRAIN_ORDER, analyse
from dealing.domain.formats.pbn import read_pbn
from dealing.domain.perfect_auction import encode
from dealing.models import Board
from dealing.services import boards as board_services
from dealing.services.boards import session_boards_analyse
from dealing.templatetags.suit_symbols import suit_symbols

pytestmark = pytest.mark.django_db


def set_status(session, status):
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


@pytest.fixture
def finished(club_session, director):
    board_services.session_deal_fresh(session=club_session, user=director, boards=4)
    set_status(club_session, Session.Status.FINISHED)
    return club_session


@pytest.fixture
def analysed(finished):
    """Boards 1-2 analysed, 3-4 pending."""
    boards = list(Board.objects.filter(session=finished, number__lte=2))
    for board in boards:
        result = analyse(Deal.from_pbn(board.deal_pbn), board_vulnerability(board.number), board_dealer(board.number))
        board.dd_tricks, board.par_score = result.table.to_pbn_tricks(), result.par.score
        board.par_contracts, board.analysis_status = result.par.par_contract_pbn(), Board.AnalysisStatus.DONE
        board.save()
    return finished


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.slow
def test_board_list_shows_every_board_with_its_diagram(analysed, player, client_for):
    response = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/")
    assert response.status_code == 200
    html = response.content.decode()
    boards = list(Board.objects.filter(session=analysed).order_by("number"))
    for board in boards:
        assert f'data-testid="hand-diagram-{board.number}"' in html
        deal = Deal.from_pbn(board.deal_pbn)
        hcps = " / ".join(str(deal.hand(seat).hcp) for seat in Seat)
        assert hcps in text_of(html)
    assert "The analysis of 2 boards is pending." in text_of(html)
    assert html.count("Analysis pending…") == 2 and html.count('class="dd-table"') == 2


@pytest.mark.slow
def test_board_page_diagram_has_suit_symbols_dealer_vulnerability_and_hcp(analysed, player, client_for):
    board = Board.objects.get(session=analysed, number=2)
    html = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/2/").content.decode()
    deal = Deal.from_pbn(board.deal_pbn)
    text = text_of(html)
    for seat in Seat:
        hand = deal.hand(seat)
        for suit_text, symbol in zip(hand.to_pbn().split("."), "♠♥♦♣"):
            ranks = " ".join("10" if r == "T" else r for r in suit_text) or "—"
            assert f"{symbol} {ranks}" in text
        assert f"{hand.hcp} HCP" in text
    assert "Dealer East" in text and "Vulnerable: N–S" in text
    assert 'class="cp cp-n vul"' in html and 'class="cp cp-s vul"' in html and 'class="cp cp-e dealer"' in html


@pytest.mark.slow
def test_board_page_shows_the_double_dummy_table_and_par(analysed, player, client_for):
    board = Board.objects.get(session=analysed, number=1)
    html = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/1/").content.decode()
    result = analyse(Deal.from_pbn(board.deal_pbn), board_vulnerability(1), board_dealer(1))
    row_n = " ".join(str(result.table[Seat.NORTH, s]) for s in PBN_STRAIN_ORDER)
    assert f"N {row_n}" in text_of(html)
    # par as a player reads a contract: suit symbols (letters kept for screen readers), NT spelled out
    assert f"Par: {result.par.optimum_score_pbn()} · " in text_of(html)
    assert f"· {suit_symbols(result.par.par_contract_pbn())}</p>" in html


def test_par_is_written_with_suit_symbols_coloured_with_the_letter_for_screen_readers():
    from django.utils import translation

    with translation.override("en"):
        html = str(suit_symbols("EW 6D=; NS 4HX-2"))
        assert html == (
            'EW 6<span class="suit suit-d"><span aria-hidden="true">♦</span><span class="visually-hidden">D'
            '</span></span>=; NS 4<span class="suit suit-h"><span aria-hidden="true">♥</span>'
            '<span class="visually-hidden">H</span></span>X-2'
        )
        assert str(suit_symbols("N 2NX-1")) == "N 2NTX-1" and str(suit_symbols("Pass")) == "Pass"
        assert str(suit_symbols("<b>4S</b>")).startswith("&lt;b&gt;4<span")  # the rest is escaped
    with translation.override("pl"):
        assert str(suit_symbols("S 3NT=")) == "S 3BA=" and str(suit_symbols("Pass")) == "pas"


@pytest.mark.slow
def test_a_pending_analysis_shows_a_placeholder_that_polls(analysed, player, client_for):
    html = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/3/").content.decode()
    assert "Analysis pending…" in html and 'hx-trigger="every 3s"' in html
    fragment = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/3/analysis/").content.decode()
    assert "Analysis pending…" in fragment and "<html" not in fragment
    session_boards_analyse(session_id=analysed.pk)
    fragment = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/3/analysis/").content.decode()
    assert 'class="dd-table"' in fragment and "hx-trigger" not in fragment


@pytest.mark.slow
def test_the_perfect_auction_is_collapsed_and_only_once_published(analysed, player, client_for):
    board = Board.objects.get(session=analysed, number=1)
    url = f"/dealing/sessions/{analysed.pk}/hand-record/1/"
    assert 'data-testid="perfect-auction"' not in client_for(player).get(url).content.decode()
    set_status(analysed, Session.Status.PUBLISHED)
    html = client_for(player).get(url).content.decode()
    block = html[html.index('data-testid="perfect-auction"') :]
    details = block[block.index("<details") : block.index(">", block.index("<details")) + 1]
    assert 'data-testid="perfect-auction-details"' in details and " open" not in details
    calls = encode(Deal.from_pbn(board.deal_pbn), Seat.NORTH)
    text = block[block.index('data-testid="perfect-auction-text">') :]
    assert text[len('data-testid="perfect-auction-text">') :].startswith(" ".join(str(c) for c in calls)[:40])


@pytest.mark.slow
def test_previous_and_next_links(analysed, player, client_for):
    html = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/2/").content.decode()
    assert f"/dealing/sessions/{analysed.pk}/hand-record/1/" in html
    assert f"/dealing/sessions/{analysed.pk}/hand-record/3/" in html
    assert client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record/9/").status_code == 404


@pytest.mark.slow
def test_pbn_download_is_the_hand_record_with_its_analysis(analysed, player, client_for):
    response = client_for(player).get(f"/dealing/sessions/{analysed.pk}/hand-record.pbn")
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    games = read_pbn(response.content).games
    boards = list(Board.objects.filter(session=analysed).order_by("number"))
    assert [(g.board, g.deal.to_pbn(), g.dealer.letter, g.vulnerability.pbn) for g in games] == [
        (b.number, b.deal_pbn, b.dealer, b.vulnerability) for b in boards
    ]
    assert games[0].value("Event") == "Riverside Bridge Club – Tuesday Pairs"
    assert games[0].double_dummy_tricks.to_pbn_tricks() == boards[0].dd_tricks
    assert games[0].optimum_score == boards[0].par_score
    assert games[2].double_dummy_tricks is None  # pending: no analysis tags


def test_session_page_panel_links_to_the_hand_record_once_over(club_session, director, player, client_for):
    board_services.session_deal_fresh(session=club_session, user=director, boards=2)
    html = client_for(player).get(f"/sessions/{club_session.pk}/").content.decode()
    assert 'data-testid="dealing-panel"' in html and "2 boards dealt" in html
    assert "hand-record-link" not in html and "dealing-page-link" not in html
    assert "shown here once the session is over" in html
    assert (
        'data-testid="dealing-page-link"' in client_for(director).get(f"/sessions/{club_session.pk}/").content.decode()
    )
    set_status(club_session, Session.Status.FINISHED)
    html = client_for(player).get(f"/sessions/{club_session.pk}/").content.decode()
    assert f'href="/dealing/sessions/{club_session.pk}/hand-record/"' in html


def test_a_finished_session_without_boards(finished, player, client_for):
    Board.objects.all().delete()
    html = client_for(player).get(f"/dealing/sessions/{finished.pk}/hand-record/").content.decode()
    assert "This session has no boards." in html
    assert client_for(player).get(f"/dealing/sessions/{finished.pk}/hand-record.pbn").status_code == 404


def test_a_polish_diagram_writes_honours_as_polish_players_do(analysed, player, client_for):
    """A K D W 10 in Polish (dama, walet), A K Q J 10 in English: one word each, in the diagrams and in play."""
    from django.utils import translation

    from bridge.words import rank

    board = Board.objects.get(session=analysed, number=2)
    deal = Deal.from_pbn(board.deal_pbn)
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    text = text_of(client.get(f"/dealing/sessions/{analysed.pk}/hand-record/2/").content.decode())
    polish = {"A": "A", "K": "K", "Q": "D", "J": "W", "T": "10"}
    for seat in Seat:
        for suit_text, symbol in zip(deal.hand(seat).to_pbn().split("."), "♠♥♦♣"):
            ranks = " ".join(polish.get(r, r) for r in suit_text) or "—"
            assert f"{symbol} {ranks}" in text
    with translation.override("en"):
        assert [rank(r) for r in "AKQJT9"] == ["A", "K", "Q", "J", "10", "9"]

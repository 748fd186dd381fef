"""A simultaneous pairs for its players (issue 22): the organiser's commentary board by board, as secret as the
deals; after the embargo, a participating club's players read the field's ranking beside their club's, a pair's
scorecard with the overall matchpoints, each board's hands, analysis, commentary and the frequency of every result
across the field, and the commitment's check; the booklet (deals, analysis, commentary, two boards a page) for the
organiser at any time, a club's director once its session is over, and the players after the embargo. Before the
embargo ends, a player of a participating club or of any other club sees no deal, commentary or field result."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from bridge.cards import Seat
from clubs.models import Session
from clubs.services import club_create, member_create
from dealing.models import Board
from scoring.domain.formats.usebio import read_usebio
from scoring.services.sessions import session_results_publish
from simultaneous.models import BoardCommentary, FieldBoard
from simultaneous.printing import booklet_html
from simultaneous.selectors import event_boards
from simultaneous.services import (
    club_boards_release,
    club_session_register,
    event_create,
    event_deals_commit,
    event_deals_deal,
    event_embargo_end,
)
from tests.security.matrix import soup
from tests.simultaneous.test_simultaneous_clubs import played_evening
from tests.worlds import user_make

pytestmark = pytest.mark.django_db

SECRET = "Only a squeeze makes ten tricks: WOMBAT-COMMENT"


def _member(club, username):
    user = user_make(username)
    member_create(club=club, first_name=username.title(), last_name="Player", user=user)
    return user


def _dealt_event(club, director, boards):
    event = event_create(
        club=club, user=director, name="Autumn Sim", date=timezone.localdate(), boards=boards,
        embargo_until=timezone.now() + datetime.timedelta(hours=3),
    )  # fmt: skip
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    event.refresh_from_db()
    return event


def _north(session_id, number) -> str:
    """North's 13 ranks in a row, as ``tests.security.matrix.soup`` finds a hand in any page."""
    return Board.objects.get(session_id=session_id, number=number).deal_pbn.split(" ")[0][2:].replace(".", "")


def test_players_read_the_field_board_by_board_only_after_the_embargo(
    client_for, club, director, other_club, other_director, auditor, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr("dealing.services.boards.queue_session_analysis", lambda session_id: None)
    printed: list[str] = []  # the booklet's HTML (WeasyPrint's own test is below)
    monkeypatch.setattr("clubsite.pdf.pdf_from_html", lambda html: printed.append(html) or b"%PDF-1.7 test")
    event = _dealt_event(club, director, boards=24)
    session = played_evening(other_club, other_director)
    entry = club_session_register(event=event, session=session, user=other_director)
    club_boards_release(entry=entry, user=other_director)
    hugo = _member(other_club, "hugo")  # plays at Hilltop, a participating club
    lakeside = club_create(name="Lakeside Bridge Club", slug="lakeside", city="Lakeside")
    lena = _member(lakeside, "lena")  # a club that does not play the event
    organiser = client_for(director)
    north = {n: _north(event.deals_session_id, n) for n in (1, 2)}

    # the organiser writes the commentary beside each board's hands (the hand-record includes)
    page = organiser.get(f"/simultaneous/{event.pk}/commentary/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('data-testid="hand-diagram-') == 24 and 'name="board-24"' in html
    assert f"/simultaneous/{event.pk}/commentary/" in organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    saved = organiser.post(f"/simultaneous/{event.pk}/commentary/", {"board-1": SECRET, "board-2": "  "})
    assert saved.status_code == 302
    assert list(BoardCommentary.objects.filter(event=event).values_list("number", "text")) == [(1, SECRET)]
    too_long = organiser.post(f"/simultaneous/{event.pk}/commentary/", {"board-1": "x", "board-3": "y" * 20_001})
    assert too_long.status_code == 400 and "board 3 is longer than 20000" in too_long.content.decode()
    assert BoardCommentary.objects.get(event=event, number=1).text == SECRET  # nothing of the refused form saved
    assert 'name="board-3"' in too_long.content.decode() and "y" * 20_001 in too_long.content.decode()

    # Hilltop plays, finishes and publishes: the field is combined at once (scoring's hook); the embargo holds
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=session, user=other_director)
    assert FieldBoard.objects.filter(event=event).count() == 2  # the boards played, each kept apart

    urls = [
        f"/simultaneous/{event.pk}/commentary/",
        f"/simultaneous/{event.pk}/boards/1/",
        f"/simultaneous/{event.pk}/results/",
        f"/simultaneous/{event.pk}/scorecard/?club=Hilltop+Bridge+Club&pair=1",
        f"/simultaneous/{event.pk}/booklet.pdf",
        f"/simultaneous/{event.pk}/results.xml",  # the whole field as USEBIO: the results' rule, no deals before
    ]
    for user in (hugo, lena, other_director, auditor):
        for url in urls:
            response = client_for(user).get(url)
            body = response.content.decode()
            allowed = (user, url) in {
                (other_director, urls[4]),
                (auditor, urls[2]),
                (auditor, urls[3]),
                (auditor, urls[5]),
            }
            assert response.status_code == (200 if allowed else 404), (user, url)
            assert SECRET not in body and not any(hand in soup(body) for hand in north.values())
    # a club's director takes the booklet once its session is over (to print it); hugo and lena never before
    assert (
        'data-testid="booklet-link"'
        in client_for(other_director).get(f"/clubs/hilltop/simultaneous/{event.pk}/").content.decode()
    )
    assert len(printed) == 1 and SECRET in printed[0] and north[1] in soup(printed[0])
    assert client_for(director).post(f"/simultaneous/{event.pk}/commentary/", {"board-1": "x"}).status_code == 302
    assert client_for(auditor).post(f"/simultaneous/{event.pk}/commentary/", {"board-1": "y"}).status_code == 404
    organiser.post(f"/simultaneous/{event.pk}/commentary/", {"board-1": SECRET})

    # the embargo ends: the players of a participating club read everything; another club's still nothing
    event.embargo_until = timezone.now() - datetime.timedelta(minutes=1)
    event.save(update_fields=["embargo_until"])
    with django_capture_on_commit_callbacks(execute=True):
        event_embargo_end(event=event, user=director)
    player = client_for(hugo)
    results = player.get(urls[2]).content.decode()
    assert results.count('data-testid="ranking-row"') == 8 and 'data-testid="sim-board-links"' in results
    assert 'data-testid="commitment-check"' in results and 'data-testid="booklet-link"' in results
    assert "Local place" in results and "Overall %" in results  # both rankings side by side

    card = player.get(urls[3])
    assert card.status_code == 200
    rows = card.content.decode().count('data-testid="scorecard-row"')
    assert rows == 2  # pair 1 played boards 1 and 2 (the only ones scored)

    board = player.get(urls[1])
    text = board.content.decode()
    assert board.status_code == 200 and SECRET in text and 'data-testid="hand-diagram-1"' in text
    assert 'data-testid="frequency-chart"' in text and "/dealing/commitments/" in text
    assert text.count('data-testid="frequency-row"') == 2  # 4S making 10 and 4S making 9
    assert "420" in text and "-50" in text  # board 1: nobody vulnerable
    assert player.get(f"/simultaneous/{event.pk}/boards/99/").status_code == 404
    assert player.get(urls[0]).status_code == 200  # read only: no save button for a player
    assert "Save the commentary" not in player.get(urls[0]).content.decode()
    assert player.post(urls[0], {"board-1": "mine"}).status_code == 403
    field = player.get(urls[5])
    assert field.status_code == 200 and field["Content-Type"].startswith("application/xml")
    read = read_usebio(field.content)
    assert len(read.pairs) == 8 and {line.board for line in read.lines} == {1, 2}
    assert set(read.deals) == {1, 2} and north[1] in soup(field.content.decode())  # the deals, now revealed
    booklet = player.get(urls[4])
    assert booklet.status_code == 200 and booklet["Content-Type"] == "application/pdf"
    for url in urls:
        assert client_for(lena).get(url).status_code == 404


def test_the_booklet_two_boards_a_page(club, director, renders):
    event = _dealt_event(club, director, boards=3)
    BoardCommentary.objects.create(event=event, number=2, text="Lead a trump.\n\nEast must duck.")
    boards = event_boards(event)
    html = booklet_html(event, boards, {2: "Lead a trump.\n\nEast must duck."})
    assert html.count('data-testid="booklet-page"') == 2 and "<p>East must duck.</p>" in html
    assert boards[0].deal.hand(Seat.N).hcp >= 0
    from simultaneous.printing import booklet_pdf

    pdf = booklet_pdf(event, boards, {2: "Lead a trump."})
    assert pdf.startswith(b"%PDF") and len(renders) == 1
    assert booklet_pdf(event, boards, {2: "Lead a trump."}) == pdf and len(renders) == 1  # kept

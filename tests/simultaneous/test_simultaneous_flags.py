"""The organiser's flags across the field (issue 22): a club's board whose results fit another board's deal (boards
swapped or misnumbered at the club's dealing machine) is flagged on the organiser's event page, from the kept
combination and the event's double-dummy tables; honest boards are not; nobody but the organising club's directors
sees the flags."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.utils import timezone

from clubs.models import Session
from dealing.models import Board
from scoring.services.sessions import session_results_publish
from simultaneous.services import (
    club_boards_release,
    club_session_register,
    event_create,
    event_deals_commit,
    event_deals_deal,
)
from tests.simultaneous.test_simultaneous_clubs import played_evening

pytestmark = pytest.mark.django_db

#: North takes 10 tricks in spades (and 9 in hearts) ...
TEN_SPADES = "98a79989794536445364".replace("98a79", "9a979", 1)
#: ... or 4 (every other deal of the event)
FOUR_SPADES = "8497889979a6a84a6a84"


def _analysed(session_id, tables: dict[int, str]) -> None:
    for board in Board.objects.filter(session_id=session_id):
        board.analysis_status, board.dd_tricks = Board.AnalysisStatus.DONE, tables.get(board.number, FOUR_SPADES)
        board.par_score, board.par_contracts = 420, "NS 4S="
        board.save(update_fields=["analysis_status", "dd_tricks", "par_score", "par_contracts"])


def test_a_board_played_with_another_boards_cards_is_flagged_for_the_organiser(
    client_for, club, director, other_club, other_director, player, auditor, monkeypatch,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    monkeypatch.setattr("dealing.services.boards.queue_session_analysis", lambda session_id: None)
    event = event_create(club=club, user=director, name="Autumn Sim", date=timezone.localdate(), boards=24)
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    event.refresh_from_db()
    session = played_evening(other_club, other_director)  # boards 1 and 2: 4♠ by North, 9 or 10 tricks
    entry = club_session_register(event=event, session=session, user=other_director)
    club_boards_release(entry=entry, user=other_director)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=session, user=other_director)
    organiser = client_for(director)

    # the deals not analysed yet: nothing judged
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert 'data-testid="field-flags"' in page and 'data-testid="field-flag"' not in page

    # board 1's deal gives North ten tricks in spades, board 2's four: Hilltop's board 2 looks like board 1
    _analysed(event.deals_session_id, {1: TEN_SPADES})
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert page.count('data-testid="field-flag"') == 1
    assert "board 2 at Hilltop Bridge Club looks like board 1: its results are 5.5 tricks off double dummy" in page
    assert "board 1 at Hilltop" not in page

    # board 2's deal as board 1's: nothing flagged (kept for a combination and its analysed boards: asked afresh)
    _analysed(event.deals_session_id, {1: TEN_SPADES, 2: TEN_SPADES})
    cache.clear()
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert 'data-testid="field-flags"' in page and 'data-testid="field-flag"' not in page

    # nobody else sees them: the auditor reads the event page without the flags; the others not at all
    _analysed(event.deals_session_id, {1: TEN_SPADES})
    cache.clear()
    assert "looks like board 1" in organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    reader = client_for(auditor).get(f"/simultaneous/{event.pk}/")
    assert reader.status_code == 200 and "looks like board" not in reader.content.decode()
    for user in (player, other_director):
        assert client_for(user).get(f"/simultaneous/{event.pk}/").status_code == 404
    hilltop = client_for(other_director).get(f"/clubs/hilltop/simultaneous/{event.pk}/").content.decode()
    assert "looks like board" not in hilltop


def test_the_combination_task_leaves_the_flags_ready_for_the_organisers_page(
    client_for, club, director, other_club, other_director, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr("dealing.services.boards.queue_session_analysis", lambda session_id: None)
    cache.clear()
    event = event_create(club=club, user=director, name="Autumn Sim", date=timezone.localdate(), boards=24)
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    event.refresh_from_db()
    _analysed(event.deals_session_id, {1: TEN_SPADES})  # the deals analysed before the clubs' results arrive
    session = played_evening(other_club, other_director)
    entry = club_session_register(event=event, session=session, user=other_director)
    club_boards_release(entry=entry, user=other_director)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):  # the club confirms: the field's task runs (eagerly)
        session_results_publish(session=session, user=other_director)

    # the organiser's page reads the flags the task worked out: working them out in the request would fail here
    def worked_out_in_the_request(event):
        raise AssertionError("the flags were worked out in the organiser's request, not by the combination's task")

    monkeypatch.setattr("simultaneous.selectors._field_flags", worked_out_in_the_request)
    page = client_for(director).get(f"/simultaneous/{event.pk}/").content.decode()
    assert page.count('data-testid="field-flag"') == 1
    assert "board 2 at Hilltop Bridge Club looks like board 1" in page

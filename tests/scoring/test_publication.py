"""Publishing results: provisional for a score-query window, then final; the ranking players see is frozen."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from clubs.models import Session
from scoring.domain.errors import ScoringError
from scoring.domain.results import Played
from scoring.models import SessionScoring
from scoring.selectors.layout import session_layout
from scoring.services.results import result_correct, result_record
from scoring.services.sessions import (
    session_results_finalize_if_due,
    session_results_make_final,
    session_results_publish,
    session_scoring_set,
    session_status_set,
)


@pytest.fixture
def played(howell_session, pair, scorer):
    """Board 1 at all four tables, then the session finished."""
    lines = []
    for meeting, tricks in zip(session_layout(howell_session).meetings_of_board(1), (10, 9, 8, 11)):
        lines.append(
            result_record(
                session=howell_session,
                board=1,
                ns_pair=pair(meeting.ns),
                ew_pair=pair(meeting.ew),
                result=Played.of("4S", "N", tricks),
                user=scorer,
            )
        )
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.FINISHED)
    howell_session.refresh_from_db()
    return lines


def _ranking(session):
    return SessionScoring.objects.get(session=session).published_ranking


def test_publishing_provisionally_freezes_the_ranking_and_sets_the_window(howell_session, played, director):
    before = timezone.now()
    session_results_publish(session=howell_session, user=director, query_hours=48)
    howell_session.refresh_from_db()
    scoring = SessionScoring.objects.get(session=howell_session)
    assert howell_session.status == "provisional" and howell_session.is_published and not howell_session.is_final
    assert (
        before + datetime.timedelta(hours=47)
        < scoring.provisional_until
        < timezone.now() + datetime.timedelta(hours=49)
    )
    top = scoring.published_ranking["pairs"][0]
    assert top["place"] == "1=" and top["percentage"] == "100.00" and top["boards"] == 1


def test_a_correction_in_the_window_is_what_players_see_next(
    howell_session, played, director, django_capture_on_commit_callbacks
):
    session_results_publish(session=howell_session, user=director, query_hours=48)
    howell_session.refresh_from_db()
    best = next(line for line in played if line.tricks == 11)
    before = {p["pair"]: p["percentage"] for p in _ranking(howell_session)["pairs"]}
    assert before[best.ns_pair.label] == "100.00"
    with django_capture_on_commit_callbacks(execute=True):
        result_correct(result=best, new=Played.of("4S", "N", 7), user=director, reason="score query: 7 tricks, not 11")
    after = {p["pair"]: p["percentage"] for p in _ranking(howell_session)["pairs"]}
    assert after[best.ns_pair.label] == "0.00"


def test_the_window_closes_by_itself_and_by_hand(howell_session, played, director):
    session_results_publish(session=howell_session, user=director, query_hours=1)
    assert not session_results_finalize_if_due(session_id=howell_session.pk)
    SessionScoring.objects.filter(session=howell_session).update(
        provisional_until=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert session_results_finalize_if_due(session_id=howell_session.pk)
    howell_session.refresh_from_db()
    assert howell_session.is_final
    with pytest.raises(ScoringError, match="only provisional results can be made final"):
        session_results_make_final(session=howell_session, user=director)


def test_publishing_at_once_is_final(howell_session, played, director):
    session_results_publish(session=howell_session, user=director, query_hours=0)
    howell_session.refresh_from_db()
    assert howell_session.is_final and _ranking(howell_session)["pairs"]


@pytest.mark.parametrize("hours", [-1, 10_000, "48"])
def test_a_bad_window_is_refused(howell_session, played, director, hours):
    with pytest.raises(ScoringError) as info:
        session_results_publish(session=howell_session, user=director, query_hours=hours)
    assert info.value.field == "query_hours"
    howell_session.refresh_from_db()
    assert howell_session.status == "finished"


def test_only_directors_publish_and_only_after_play(howell_session, played, scorer, director):
    with pytest.raises(ScoringError, match="only the club's directors"):
        session_results_publish(session=howell_session, user=scorer, query_hours=0)
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.RUNNING)
    howell_session.refresh_from_db()
    with pytest.raises(ScoringError, match="mark the session finished first"):
        session_results_publish(session=howell_session, user=director, query_hours=0)


def test_any_path_to_published_freezes_the_ranking_and_stepping_back_unfreezes_it(howell_session, played):
    session_status_set(session=howell_session, status="provisional")
    assert _ranking(howell_session)["pairs"]
    session_status_set(session=howell_session, status="finished")
    assert _ranking(howell_session) is None


def test_rescoring_with_other_options_changes_the_method_only(howell_session, played, director):
    session_scoring_set(session=howell_session, user=director, method="cross_imps")
    assert SessionScoring.objects.get(session=howell_session).options().is_imps
    with pytest.raises(ScoringError, match="unknown matchpoint scale"):
        session_scoring_set(session=howell_session, user=director, scale="fifa")
    assert SessionScoring.objects.get(session=howell_session).method == "cross_imps"

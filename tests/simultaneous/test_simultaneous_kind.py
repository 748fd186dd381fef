"""A club's session of a simultaneous pairs as a kind of event (``events.kinds.simultaneous``): a pairs session whose
boards step is the event's deals. A session registered for an event becomes one; its director's path says when the
dealing-machine files are released and then that the event's deals are in; its players' page names the event. A
teams session cannot play a simultaneous pairs."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from clubs.models import Session
from clubs.services import member_create, session_create
from events.kinds import KINDS, kind_of
from events.session_path import session_path
from simultaneous.services import (
    club_boards_release,
    club_session_register,
    event_create,
    event_deals_commit,
    event_deals_deal,
)
from tests.worlds import user_make

pytestmark = pytest.mark.django_db


def _event(club, director):
    return event_create(club=club, user=director, name="Autumn Sim", date=timezone.localdate(), boards=6)


def _hilltop_session(club, **extra):
    """Hilltop's session, starting within the hour: its dealing-machine files are released (six hours before)."""
    start = (timezone.localtime() + datetime.timedelta(hours=1)).time().replace(second=0, microsecond=0)
    return session_create(club=club, name="Hilltop Sim", date=timezone.localdate(), start_time=start, **extra)


def _step(session, key="event"):
    return next(step for step in session_path(session).steps if step.key == key)


def test_a_registered_session_is_a_simultaneous_pairs_clubs_session(
    client_for, club, director, other_club, other_director
):
    event = _event(club, director)
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    session = _hilltop_session(other_club)
    assert kind_of(session).name == "pairs"

    # created as a club's session of a simultaneous pairs, not registered yet: the path asks for the registration
    waiting = session_create(club=other_club, name="Sim night", date=session.date, kind=Session.Kind.SIMPAIRS)
    assert [s.key for s in session_path(waiting).steps] == [
        "pairs", "movement", "event", "printing", "play", "scores", "publication"
    ]  # fmt: skip
    step = _step(waiting)
    assert step.state == "todo" and "Register this session" in step.said[0]
    assert step.actions[0].url == f"/clubs/{other_club.slug}/simultaneous/"

    # registered: the kind follows; its files are released (the session starts within the hour), not taken yet
    entry = club_session_register(event=event, session=session, user=other_director)
    session.refresh_from_db()
    assert kind_of(session) is KINDS["simpairs"] and session.kind == "simpairs"
    step = _step(session)
    assert step.state == "todo" and "Autumn Sim" in step.said[0] and "released from" in step.said[1]
    assert step.actions[0].url == f"/clubs/hilltop/simultaneous/{event.pk}/" and step.actions[0].primary
    page = client_for(other_director).get(f"/sessions/{session.pk}/").content.decode()
    assert 'data-testid="step-event"' in page and 'data-testid="step-boards"' not in page

    club_boards_release(entry=entry, user=other_director)
    step = _step(session)
    assert step.state == "done" and "once the event's embargo has ended" in " ".join(step.said)

    # its players read the event's name on the session's page, and no results link before the embargo ends
    hugo = user_make("hugo")
    member_create(club=other_club, first_name="Hugo", last_name="Hill", user=hugo)
    page = client_for(hugo).get(f"/sessions/{session.pk}/").content.decode()
    assert 'data-testid="simultaneous-panel"' in page and "Autumn Sim" in page
    assert 'data-testid="simultaneous-results-link"' not in page


def test_a_teams_session_cannot_play_a_simultaneous_pairs(club, director, other_club, other_director):
    event = _event(club, director)
    event_deals_commit(event=event, user=director, promise="DJIA close")
    teams = _hilltop_session(other_club, kind=Session.Kind.TEAMS)
    with pytest.raises(ValidationError, match="is a teams session"):
        club_session_register(event=event, session=teams, user=other_director)
    teams.refresh_from_db()
    assert teams.kind == "teams" and not hasattr(teams, "simultaneous_entry")

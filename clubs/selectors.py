"""Reads with a visibility rule: which clubs, members and sessions a user may see or manage, and the members a
director may pick for a session's pairs (the pairs themselves: ``events.pairs.session_pair_rows``).

A club's data is invisible (404, not 403) to users with no tie to the club, so that the
existence of another club's sessions does not leak; users who can see a club but not
manage it get PermissionDenied (403) on management pages.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from clubs.models import Club, ClubRole, Member, Pair, Session
from clubs.permissions import can_direct, can_read_results, can_score, standing


def _clubs_where(user, *roles: str) -> QuerySet[Club]:
    mine = standing(user)
    return Club.objects.filter(pk__in=[club for club, held in mine.roles.items() if not held.isdisjoint(roles)])


def clubs_directed_by(user) -> QuerySet[Club]:
    return _clubs_where(user, ClubRole.Role.DIRECTOR)


def club_list_for_user(user) -> QuerySet[Club]:
    """The clubs ``user`` may see: every club for a site auditor; else those they hold a role in or are a member of."""
    mine = standing(user)
    if mine.auditor:
        return Club.objects.all()
    return Club.objects.filter(pk__in=sorted(mine.club_ids))


def club_get_for_viewer(*, user, slug: str) -> Club:
    club = club_list_for_user(user).filter(slug=slug).first()
    if club is None:
        raise Http404("No such club.")
    return club


def club_get_for_director(*, user, slug: str) -> Club:
    club = club_get_for_viewer(user=user, slug=slug)
    if not can_direct(user, club):
        raise PermissionDenied("Only the club's directors may do this.")
    return club


def member_list(*, club: Club) -> QuerySet[Member]:
    return club.members.select_related("user").order_by("last_name", "first_name")


def member_get_for_director(*, user, club: Club, member_id: int) -> Member:
    if not can_direct(user, club):
        raise PermissionDenied("Only the club's directors may do this.")
    member = club.members.filter(pk=member_id).first()
    if member is None:
        raise Http404("No such member.")
    return member


def session_list_for_user(user) -> QuerySet[Session]:
    return Session.objects.filter(club__in=club_list_for_user(user)).select_related("club")


#: The stages of a session still to come: not played yet, or being played tonight.
_STILL_TO_COME = (Session.Status.PLANNED, Session.Status.RUNNING)


def sessions_coming(sessions: QuerySet[Session], *, today) -> QuerySet[Session]:
    """Of ``sessions``, those still to come: from ``today`` on and not over (tonight's, once finished, is recent),
    soonest first."""
    return sessions.filter(date__gte=today, status__in=_STILL_TO_COME).order_by("date", "start_time", "name")


def sessions_recent(sessions: QuerySet[Session], *, today) -> QuerySet[Session]:
    """Of ``sessions``, those behind: before ``today``, or over (tonight's once play has ended), latest first."""
    return sessions.filter(Q(date__lt=today) | ~Q(status__in=_STILL_TO_COME)).order_by("-date", "-start_time", "name")


def session_get_for_viewer(*, user, session_id: int) -> Session:
    session = session_list_for_user(user).filter(pk=session_id).first()
    if session is None:
        raise Http404("No such session.")
    return session


def session_get_for_director(*, user, session_id: int) -> Session:
    session = session_get_for_viewer(user=user, session_id=session_id)
    if not can_direct(user, session.club):
        raise PermissionDenied("Only the club's directors may do this.")
    return session


def session_get_for_results(*, user, session_id: int) -> Session:
    """A session whose results ``user`` may read (``permissions.can_read_results``); 404 otherwise, whether or not it
    exists, so that nothing says an unpublished or a members-only session is there."""
    session = Session.objects.select_related("club").filter(pk=session_id).first()
    if session is None or not can_read_results(user, session):
        raise Http404("No such results.")
    return session


def session_get_for_scorer(*, user, session_id: int) -> Session:
    session = session_get_for_viewer(user=user, session_id=session_id)
    if not can_score(user, session.club):
        raise PermissionDenied("Only the club's directors and scorers may do this.")
    return session


def members_for_pairs(*, session: Session) -> list[Member]:
    """The members a director may pick for a session's pairs: the club's active members, and any inactive member
    already playing in the session."""
    playing = Pair.objects.filter(session=session)
    ids = {i for pair in playing.values_list("player_1_id", "player_2_id") for i in pair if i}
    return list(session.club.members.filter(Q(is_active=True) | Q(pk__in=ids)).order_by("last_name", "first_name"))

"""Reads with a visibility rule: which clubs, members and sessions a user may see or manage.

A club's data is invisible (404, not 403) to users with no tie to the club, so that the
existence of another club's sessions does not leak; users who can see a club but not
manage it get PermissionDenied (403) on management pages.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from clubs.models import Club, ClubRole, Member, Session
from clubs.permissions import can_direct, can_score, is_site_auditor


def clubs_directed_by(user) -> QuerySet[Club]:
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(roles__user=user, roles__role=ClubRole.Role.DIRECTOR).distinct()


def clubs_scored_by(user) -> QuerySet[Club]:
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(
        roles__user=user, roles__role__in=[ClubRole.Role.DIRECTOR, ClubRole.Role.SCORER]
    ).distinct()


def club_list_for_user(user) -> QuerySet[Club]:
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    if is_site_auditor(user):
        return Club.objects.all()
    return Club.objects.filter(Q(roles__user=user) | Q(members__user=user)).distinct()


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


def session_get_for_scorer(*, user, session_id: int) -> Session:
    session = session_get_for_viewer(user=user, session_id=session_id)
    if not can_score(user, session.club):
        raise PermissionDenied("Only the club's directors and scorers may do this.")
    return session

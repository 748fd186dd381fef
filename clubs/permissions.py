"""Who may do what: the role rules of the site, in one place.

Plain functions over a user and a club, used by selectors, views and the API; DRF
permission classes at the bottom wrap them.

* A **site auditor** (superuser, or staff in the "Site auditors" group) may read every
  club's data and audit commitments; they change nothing through club pages.
* A **director** manages one club's members and sessions.
* A **scorer** enters and corrects results for the club's sessions.
* A **player** (a login linked to a member, or holding the player role) sees the club's
  sessions and, once a session is over, its deals.

A session's results (ranking, scorecards, travellers, the ranking's CSV) once published are
public, or only for the club's members when the club restricts them (``Club.results_public``);
before publication only the club's directors and scorers (and site auditors) read them
(:func:`can_read_results`).
"""

from __future__ import annotations

from rest_framework.permissions import BasePermission

from clubs.models import Club, ClubRole

SITE_AUDITORS_GROUP = "Site auditors"


def is_site_auditor(user) -> bool:
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return user.is_staff and user.groups.filter(name=SITE_AUDITORS_GROUP).exists()


def _has_role(user, club: Club | int, *roles: str) -> bool:
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    club_id = club if isinstance(club, int) else club.pk
    return ClubRole.objects.filter(user=user, club_id=club_id, role__in=roles).exists()


def can_direct(user, club: Club | int) -> bool:
    return _has_role(user, club, ClubRole.Role.DIRECTOR)


def can_score(user, club: Club | int) -> bool:
    """Directors may score too."""
    return _has_role(user, club, ClubRole.Role.DIRECTOR, ClubRole.Role.SCORER)


def can_view_club(user, club: Club | int) -> bool:
    if is_site_auditor(user):
        return True
    if _has_role(user, club, *ClubRole.Role.values):
        return True
    club_id = club if isinstance(club, int) else club.pk
    return getattr(user, "is_authenticated", False) and user.memberships.filter(club_id=club_id).exists()


def can_read_results(user, session) -> bool:
    """May ``user`` read ``session``'s results pages? Published: anyone, or the club's members and staff when the club
    keeps its results to its members; not published: the club's directors and scorers, and site auditors only."""
    if can_score(user, session.club_id) or is_site_auditor(user):
        return True
    if not session.is_published:
        return False
    return session.club.results_public or can_view_club(user, session.club_id)


class IsSiteAuditor(BasePermission):
    message = "Only site auditors may do this."

    def has_permission(self, request, view) -> bool:
        return is_site_auditor(request.user)

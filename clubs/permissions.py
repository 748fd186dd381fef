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

from dataclasses import dataclass

from clubs.models import Club, ClubRole, Member

SITE_AUDITORS_GROUP = "Site auditors"
#: the attribute of a user object that holds its standing for the length of one request (clubs.middleware)
MEMO = "_club_standing"


@dataclass(frozen=True)
class Standing:
    """Who a user is to the clubs: a site auditor or not, their roles by club, the clubs they are a member of."""

    auditor: bool
    roles: dict[int, frozenset[str]]
    member_of: frozenset[int]

    @property
    def club_ids(self) -> frozenset[int]:
        return frozenset(self.roles) | self.member_of

    @property
    def directs(self) -> bool:
        """Does the user direct any club?"""
        return any(ClubRole.Role.DIRECTOR in held for held in self.roles.values())


NOBODY = Standing(auditor=False, roles={}, member_of=frozenset())


def standing(user) -> Standing:
    """The user's standing, read from the database (three small queries). Within a request it is read once: the
    middleware marks ``request.user`` (:func:`remember_standing`) and the first read is kept on it, as Django keeps
    a user's permissions (``_perm_cache``); the services that change roles forget it (:func:`forget_standing`).
    Anywhere else (a command, a task, a test) every call reads afresh."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return NOBODY
    kept = getattr(user, MEMO, None)
    if isinstance(kept, Standing):
        return kept
    roles: dict[int, set[str]] = {}
    for club_id, role in ClubRole.objects.filter(user=user).values_list("club_id", "role"):
        roles.setdefault(club_id, set()).add(role)
    member_of = frozenset(Member.objects.filter(user=user).values_list("club_id", flat=True))
    auditor = user.is_superuser or (user.is_staff and user.groups.filter(name=SITE_AUDITORS_GROUP).exists())
    read = Standing(auditor=auditor, roles={club: frozenset(r) for club, r in roles.items()}, member_of=member_of)
    if kept is not None:  # marked by the middleware: keep it for the rest of the request
        setattr(user, MEMO, read)
    return read


def remember_standing(user):
    """Mark ``user`` (a request's user) so that its standing is read once and kept for the request."""
    if getattr(user, "is_authenticated", False):
        setattr(user, MEMO, False)
    return user


def forget_standing(user) -> None:
    """After a change of ``user``'s roles or memberships: the next check reads them again."""
    if isinstance(getattr(user, MEMO, None), Standing):
        setattr(user, MEMO, False)


def is_site_auditor(user) -> bool:
    return standing(user).auditor


def _has_role(user, club: Club | int, *roles: str) -> bool:
    club_id = club if isinstance(club, int) else club.pk
    return not standing(user).roles.get(club_id, frozenset()).isdisjoint(roles)


def can_direct(user, club: Club | int) -> bool:
    return _has_role(user, club, ClubRole.Role.DIRECTOR)


def can_score(user, club: Club | int) -> bool:
    """Directors may score too."""
    return _has_role(user, club, ClubRole.Role.DIRECTOR, ClubRole.Role.SCORER)


def can_view_club(user, club: Club | int) -> bool:
    club_id = club if isinstance(club, int) else club.pk
    mine = standing(user)
    return mine.auditor or club_id in mine.club_ids


def can_read_results(user, session) -> bool:
    """May ``user`` read ``session``'s results pages? Published: anyone, or the club's members and staff when the club
    keeps its results to its members; not published: the club's directors and scorers, and site auditors only."""
    if can_score(user, session.club_id) or is_site_auditor(user):
        return True
    if not session.is_published:
        return False
    return session.club.results_public or can_view_club(user, session.club_id)

"""Reads with a visibility rule: which clubs, members and sessions a user may see or manage, and a
session's pairs (``session_pair_rows``: every pair of its movement, with who plays in it).

A club's data is invisible (404, not 403) to users with no tie to the club, so that the
existence of another club's sessions does not leak; users who can see a club but not
manage it get PermissionDenied (403) on management pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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


def clubs_scored_by(user) -> QuerySet[Club]:
    return _clubs_where(user, ClubRole.Role.DIRECTOR, ClubRole.Role.SCORER)


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


# --- a session's pairs --------------------------------------------------------------------------------

@dataclass(frozen=True)
class PairRow:
    """One pair of a session's movement: its number, its saved Pair (None: not saved yet), the rounds it sits
    out (it would meet the phantom), and its line when NS and EW are ranked apart (``"NS"``/``"EW"``)."""

    label: str
    number: int
    direction: str
    section: str
    pair: Pair | None
    sits_out: tuple[int, ...] = ()
    line: str = ""


_LABEL = re.compile(r"^([A-Z]*?)(\d+)(NS|EW)?$")


def session_pair_rows(*, session: Session) -> list[PairRow]:
    """Every pair of the session's movement (or imported event), in order, with its players loaded; empty when the
    session has no movement yet. Who may see it is the caller's check (``session_get_for_viewer``)."""
    from scoring.selectors.layout import session_layout

    layout = session_layout(session)
    saved = {p.label: p for p in Pair.objects.filter(session=session).select_related("player_1", "player_2")}
    sits_out: dict[str, list[int]] = {}
    for round_number, label in layout.sit_outs:
        sits_out.setdefault(label, []).append(round_number)
    lines = {label: ("NS", "EW")[index] for index, field in enumerate(layout.fields) for label in field} \
        if len(layout.fields) == 2 else {}
    rows = []
    for label in layout.pairs:
        pair = saved.get(label)
        if pair is not None:
            section, number, direction = pair.section, pair.number, pair.direction
        else:
            match = _LABEL.match(label)
            if match is None:
                continue
            section, number, direction = match[1], int(match[2]), match[3] or ""
        rows.append(PairRow(label, number, direction, section, pair, tuple(sorted(sits_out.get(label, ()))),
                            lines.get(label, "")))
    return rows


def members_for_pairs(*, session: Session) -> list[Member]:
    """The members a director may pick for a session's pairs: the club's active members, and any inactive member
    already playing in the session."""
    playing = Pair.objects.filter(session=session)
    ids = {i for pair in playing.values_list("player_1_id", "player_2_id") for i in pair if i}
    return list(session.club.members.filter(Q(is_active=True) | Q(pk__in=ids)).order_by("last_name", "first_name"))

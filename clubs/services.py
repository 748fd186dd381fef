"""Every write to clubs, members, roles and sessions (a session's pairs: ``events.pairs``).

Each service checks its input fully before saving anything (``full_clean``) and runs in a
transaction, so a bad request leaves nothing half-saved.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, ClubRole, Member, Session
from clubs.permissions import forget_standing


@transaction.atomic
def club_create(*, name: str, slug: str, city: str = "") -> Club:
    club = Club(name=name, slug=slug, city=city)
    club.full_clean()
    club.save()
    return club


@transaction.atomic
def club_update(*, club: Club, name: str, city: str, results_public: bool | None = None) -> Club:
    """A club's details; ``results_public``: published results for anyone (True) or for its members (False)."""
    club.name, club.city = name, city
    fields = ["name", "city"]
    if results_public is not None:
        club.results_public = bool(results_public)
        fields.append("results_public")
    club.full_clean()
    club.save(update_fields=fields)
    return club


@transaction.atomic
def club_role_grant(*, club: Club, user, role: str) -> ClubRole:
    grant, _ = ClubRole.objects.get_or_create(club=club, user=user, role=role)
    forget_standing(user)
    return grant


@transaction.atomic
def club_role_revoke(*, club: Club, user, role: str, by) -> None:
    """Take a role away; a director cannot remove the club's last director (themselves included)."""
    if role == ClubRole.Role.DIRECTOR:
        directors = ClubRole.objects.filter(club=club, role=ClubRole.Role.DIRECTOR)
        if directors.count() <= 1 and directors.filter(user=user).exists():
            raise ValidationError({"role": _("A club needs at least one director; appoint another first.")})
    ClubRole.objects.filter(club=club, user=user, role=role).delete()
    forget_standing(user)


@transaction.atomic
def member_login_create(*, member: Member, username: str, password: str, role: str):
    """Create a login for a member, link it, and give it a role in the member's club."""
    if member.user_id is not None:
        raise ValidationError({"username": _("This member already has a login.")})
    user = user_create(
        username=username,
        password=password,
        first_name=member.first_name,
        last_name=member.last_name,
        email=member.email,
    )
    member.user = user
    member.full_clean()
    member.save(update_fields=["user"])
    club_role_grant(club=member.club, user=user, role=ClubRole.Role.PLAYER)
    if role != ClubRole.Role.PLAYER:
        club_role_grant(club=member.club, user=user, role=role)
    return user


@transaction.atomic
def member_create(
    *,
    club: Club,
    first_name: str,
    last_name: str,
    national_id: str = "",
    email: str = "",
    user=None,
    handicap: Decimal | None = None,
) -> Member:
    member = Member(
        club=club,
        first_name=first_name,
        last_name=last_name,
        national_id=national_id,
        email=email,
        user=user,
        handicap=handicap,
    )
    member.full_clean()
    member.save()
    if user is not None:
        club_role_grant(club=club, user=user, role=ClubRole.Role.PLAYER)
    return member


@transaction.atomic
def member_update(
    *,
    member: Member,
    first_name: str,
    last_name: str,
    national_id: str,
    email: str,
    is_active: bool,
    handicap: Decimal | None = None,
) -> Member:
    member.first_name, member.last_name = first_name, last_name
    member.national_id, member.email, member.is_active = national_id, email, is_active
    member.handicap = handicap
    member.full_clean()
    member.save()
    return member


@transaction.atomic
def session_create(
    *,
    club: Club,
    name: str,
    date: datetime.date,
    start_time: datetime.time | None = None,
    boards_per_round: int | None = None,
    notes: str = "",
    kind: str = Session.Kind.PAIRS,
) -> Session:
    session = Session(
        club=club,
        name=name,
        date=date,
        start_time=start_time,
        boards_per_round=boards_per_round,
        notes=notes,
        kind=kind,
    )
    session.full_clean()
    session.save()
    return session


@transaction.atomic
def session_update(
    *,
    session: Session,
    name: str,
    date: datetime.date,
    start_time: datetime.time | None,
    boards_per_round: int | None,
    notes: str,
) -> Session:
    session.name, session.date, session.start_time = name, date, start_time
    session.boards_per_round, session.notes = boards_per_round, notes
    session.full_clean()
    session.save()
    return session


@transaction.atomic
def session_set_boards_per_round(*, session: Session, boards_per_round: int | None) -> Session:
    """Set the session's boards per round: the one copy of that number (choosing a movement sets it here)."""
    if boards_per_round is not None and boards_per_round < 1:  # the model's check constraint names no field
        raise ValidationError(
            {
                "boards_per_round": ValidationError(
                    MinValueValidator.message, code="min_value", params={"limit_value": 1}
                )
            }
        )
    session.boards_per_round = boards_per_round
    session.full_clean()
    session.save(update_fields=["boards_per_round"])
    return session


# A session moves forward through its life (planned, in play, finished, results provisional, published);
# a director may step back one stage to correct a mistake. The status is the one record of where the
# session stands; the session page's path (events.session_path) reads it with what each app owns.
_STATUS_ORDER: list[str] = list(Session.Status)


def session_status_check(*, session: Session, status: str) -> None:
    """Refuse (``ValidationError`` on ``status``) a status that is unknown or more than one stage away."""
    if status not in Session.Status.values:
        raise ValidationError({"status": _("Unknown status “%(status)s”.") % {"status": status}})
    old, new = _STATUS_ORDER.index(session.status), _STATUS_ORDER.index(status)
    if abs(new - old) > 1:
        raise ValidationError(
            {
                "status": _("A session goes %(now)s → %(next)s, one step at a time.")
                % {
                    "now": session.get_status_display(),
                    "next": Session.Status(_STATUS_ORDER[min(old + 1, len(_STATUS_ORDER) - 1)]).label,
                }
            }
        )


@transaction.atomic
def session_set_status(*, session: Session, status: str) -> Session:
    """Record the session's new stage, one step away (refused otherwise), and nothing else. Every change of stage
    goes through ``scoring.services.sessions.session_status_set``, which calls this and then tells the apps that
    act on it."""
    session_status_check(session=session, status=status)
    session.status = status
    session.save(update_fields=["status"])
    return session


@transaction.atomic
def user_create(*, username: str, password: str, first_name: str = "", last_name: str = "", email: str = ""):
    User = get_user_model()
    user = User(username=username, first_name=first_name, last_name=last_name, email=email)
    user.set_password(password)
    user.full_clean()
    user.save()
    return user

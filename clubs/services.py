"""Every write to clubs, members, roles, sessions and a session's pairs (``pairs_set``, ``pair_set``).

Each service checks its input fully before saving anything (``full_clean``) and runs in a
transaction, so a bad request leaves nothing half-saved.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.core.validators import MinValueValidator
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, ClubRole, Member, Pair, Session
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
    user = user_create(username=username, password=password, first_name=member.first_name,
                       last_name=member.last_name, email=member.email)
    member.user = user
    member.full_clean()
    member.save(update_fields=["user"])
    club_role_grant(club=member.club, user=user, role=ClubRole.Role.PLAYER)
    if role != ClubRole.Role.PLAYER:
        club_role_grant(club=member.club, user=user, role=role)
    return user


@transaction.atomic
def member_create(*, club: Club, first_name: str, last_name: str, national_id: str = "", email: str = "",
                  user=None) -> Member:
    member = Member(club=club, first_name=first_name, last_name=last_name, national_id=national_id,
                    email=email, user=user)
    member.full_clean()
    member.save()
    if user is not None:
        club_role_grant(club=club, user=user, role=ClubRole.Role.PLAYER)
    return member


@transaction.atomic
def member_update(*, member: Member, first_name: str, last_name: str, national_id: str, email: str,
                  is_active: bool) -> Member:
    member.first_name, member.last_name = first_name, last_name
    member.national_id, member.email, member.is_active = national_id, email, is_active
    member.full_clean()
    member.save()
    return member


@transaction.atomic
def session_create(*, club: Club, name: str, date: datetime.date, start_time: datetime.time | None = None,
                   boards_per_round: int | None = None, notes: str = "") -> Session:
    session = Session(club=club, name=name, date=date, start_time=start_time,
                      boards_per_round=boards_per_round, notes=notes)
    session.full_clean()
    session.save()
    return session


@transaction.atomic
def session_update(*, session: Session, name: str, date: datetime.date, start_time: datetime.time | None,
                   boards_per_round: int | None, notes: str) -> Session:
    session.name, session.date, session.start_time = name, date, start_time
    session.boards_per_round, session.notes = boards_per_round, notes
    session.full_clean()
    session.save()
    return session


@transaction.atomic
def session_set_boards_per_round(*, session: Session, boards_per_round: int | None) -> Session:
    """Set the session's boards per round: the one copy of that number (choosing a movement sets it here)."""
    if boards_per_round is not None and boards_per_round < 1:    # the model's check constraint names no field
        raise ValidationError({"boards_per_round": ValidationError(
            MinValueValidator.message, code="min_value", params={"limit_value": 1})})
    session.boards_per_round = boards_per_round
    session.full_clean()
    session.save(update_fields=["boards_per_round"])
    return session


# A session moves forward through its life (planned, in play, finished, results provisional, published);
# a director may step back one stage to correct a mistake. The status is the one record of where the
# session stands; the session page's path (clubs.session_path) reads it with what each app owns.
_STATUS_ORDER = list(Session.Status)


def session_status_check(*, session: Session, status: str) -> None:
    """Refuse (``ValidationError`` on ``status``) a status that is unknown or more than one stage away."""
    if status not in Session.Status.values:
        raise ValidationError({"status": _("Unknown status “%(status)s”.") % {"status": status}})
    old, new = _STATUS_ORDER.index(session.status), _STATUS_ORDER.index(status)
    if abs(new - old) > 1:
        raise ValidationError({"status": _("A session goes %(now)s → %(next)s, one step at a time.") % {
            "now": session.get_status_display(),
            "next": Session.Status(_STATUS_ORDER[min(old + 1, len(_STATUS_ORDER) - 1)]).label}})


@transaction.atomic
def session_set_status(*, session: Session, status: str) -> Session:
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


# --- a session's pairs: who plays as pair 3 ----------------------------------------------------------
#
# A pair's players are members of the club or guests named by hand. ``pairs_set`` saves a page of pairs
# at once and checks everything before saving anything, so one bad row leaves every pair as it was. Its
# errors name the row and the field (``pairs[2].player_1``) and say which pair (``Pair 3: …``).

PAIR_FIELDS = ("number", "direction", "section", "player_1", "player_1_name", "player_2", "player_2_name")


def _pair_member(value, club: Club) -> Member | None:
    """The member a row names (a Member or its id), or None; an error when it is no member of ``club``."""
    if value in (None, ""):
        return None
    if isinstance(value, Member):
        member = value
    else:
        try:
            member = Member.objects.filter(pk=int(value)).first()
        except (TypeError, ValueError):
            member = None
    if member is None:
        raise ValueError(_("%(club)s has no member %(id)s.") % {"club": club.name, "id": value})
    if member.club_id != club.pk:
        raise ValueError(_("%(who)s is not a member of %(club)s.") % {"who": member.full_name, "club": club.name})
    return member


def _pair_number(value) -> int:
    if isinstance(value, bool):
        raise ValueError
    number = int(value)
    if number < 1:
        raise ValueError
    return number


@transaction.atomic
def pairs_set(*, session: Session, rows) -> list[Pair]:
    """Name a session's pairs, a whole page at once: all rows saved, or none.

    Each row is a mapping with ``number`` (and ``direction``/``section`` where the movement numbers
    pairs so) and, for each player, ``player_N`` (a Member of the session's club, or its id) or
    ``player_N_name`` (a guest), or neither (not named yet). A pair that has no row yet is created.
    Refused, with a ValidationError naming each bad row and field (``pairs[i].player_1``): a pair the
    movement does not have, a pair given twice, a member of another club, both a member and a guest
    for one player, a member playing twice in the session (in this page or in a pair already saved),
    and any change once the results are final. Returns the saved pairs, in the rows' order.
    """
    return _pairs_save(session, list(rows), key=lambda index, field: f"pairs[{index}].{field}")


@transaction.atomic
def pair_set(*, session: Session, number: int, player_1: Member | int | None = None, player_1_name: str = "",
             player_2: Member | int | None = None, player_2_name: str = "", direction: str = "",
             section: str = "") -> Pair:
    """Create or update one pair of a session (the checks of ``pairs_set``; errors name the field alone)."""
    row = {"number": number, "direction": direction, "section": section, "player_1": player_1,
           "player_1_name": player_1_name, "player_2": player_2, "player_2_name": player_2_name}
    return _pairs_save(session, [row], key=lambda index, field: field)[0]


def _pairs_save(session: Session, rows: list, *, key) -> list[Pair]:
    from scoring.selectors.layout import session_layout

    session = Session.objects.select_for_update().select_related("club").get(pk=session.pk)
    movement_pairs = session_layout(session).pairs
    if not movement_pairs:
        raise ValidationError(_("This session has no movement yet: choose one before naming its pairs."),
                              code="no_movement")
    errors: dict[str, list[str]] = {}

    def fail(index: int, field: str, message: str) -> None:
        errors.setdefault(key(index, field), []).append(message)

    existing = {(p.section, p.number, p.direction): p
                for p in Pair.objects.filter(session=session).select_related("player_1", "player_2")}
    wanted: dict[tuple, tuple[int, dict]] = {}        # (section, number, direction) → (row index, values)
    for index, row in enumerate(rows):
        unknown = sorted(set(row) - set(PAIR_FIELDS))
        if unknown:
            fail(index, unknown[0], _("Unknown field."))
            continue
        try:
            number = _pair_number(row.get("number"))
        except (TypeError, ValueError):
            fail(index, "number", _("Give the pair's number (a whole number from 1)."))
            continue
        direction = str(row.get("direction") or "").strip().upper()
        section = str(row.get("section") or "").strip().upper()
        label = f"{section}{number}{direction}"
        if direction not in Pair.Direction.values:
            fail(index, "direction", _("Pair %(pair)s: the direction is NS, EW or empty.") % {"pair": label})
            continue
        if label not in movement_pairs:
            fail(index, "number", _("Pair %(pair)s is not in this session's movement (its pairs are %(pairs)s).")
                 % {"pair": label, "pairs": ", ".join(movement_pairs)})
            continue
        pair_key = (section, number, direction)
        if pair_key in wanted:
            fail(index, "number", _("Pair %(pair)s is given twice.") % {"pair": label})
            continue
        values = {"label": label}
        for slot in ("player_1", "player_2"):
            name = " ".join(str(row.get(f"{slot}_name") or "").split())
            try:
                member = _pair_member(row.get(slot), session.club)
            except ValueError as exc:
                fail(index, slot, _("Pair %(pair)s: %(problem)s") % {"pair": label, "problem": exc})
                member = None
            if member is not None and name:
                fail(index, slot, _("Pair %(pair)s: a player is a member or a guest, not both.") % {"pair": label})
            values[slot], values[f"{slot}_name"] = member, name
        wanted[pair_key] = (index, values)

    # A member plays once in a session: in this page's rows and in the pairs already saved.
    seats: dict[int, list[tuple[str, int | None, str]]] = {}
    for pair_key, pair in existing.items():
        if pair_key not in wanted:
            for slot in ("player_1", "player_2"):
                if getattr(pair, f"{slot}_id"):
                    seats.setdefault(getattr(pair, f"{slot}_id"), []).append((pair.label, None, slot))
    for index, values in wanted.values():
        for slot in ("player_1", "player_2"):
            if values[slot] is not None:
                seats.setdefault(values[slot].pk, []).append((values["label"], index, slot))
    for member_id, places in seats.items():
        for label, index, slot in places:
            others = [other for other, other_index, other_slot in places if (other_index, other_slot) != (index, slot)]
            if index is not None and others:
                member = next(v[slot] for i, v in wanted.values() if i == index)
                fail(index, slot, _("Pair %(pair)s: %(name)s already plays in pair %(other)s.")
                     % {"pair": label, "name": member.full_name, "other": others[0]})

    saved: list[tuple[int, Pair]] = []
    changed = False
    for (section, number, direction), (index, values) in wanted.items():
        pair = existing.get((section, number, direction)) or Pair(session=session, number=number,
                                                                  direction=direction, section=section)
        new = (values["player_1"], values["player_1_name"], values["player_2"], values["player_2_name"])
        if pair.pk is None or new != (pair.player_1, pair.player_1_name, pair.player_2, pair.player_2_name):
            changed = True
        pair.player_1, pair.player_1_name, pair.player_2, pair.player_2_name = new
        if key(index, "player_1") not in errors and key(index, "player_2") not in errors:
            try:
                pair.full_clean()
            except ValidationError as exc:
                for field, messages in exc.message_dict.items():
                    field = field.removesuffix("_name") if field.startswith("player_") else field
                    for message in messages:
                        fail(index, "number" if field == NON_FIELD_ERRORS else field,
                             _("Pair %(pair)s: %(problem)s") % {"pair": values["label"], "problem": message})
        saved.append((index, pair))
    if changed and session.is_final:
        raise ValidationError(_("The results of this session are final: its pairs can no longer change."),
                              code="final")
    if errors:
        raise ValidationError(dict(sorted(errors.items(), key=lambda item: _row_order(item[0]))))
    for _index, pair in saved:
        pair.save()
    return [pair for _index, pair in sorted(saved, key=lambda item: item[0])]


def _row_order(name: str) -> tuple:
    """``pairs[10].player_1`` after ``pairs[9].number``: errors listed in the page's order."""
    index = name[name.find("[") + 1:name.find("]")] if "[" in name else "0"
    return (int(index) if index.isdigit() else 0, name)

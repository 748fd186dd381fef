"""A session's pairs: every pair its movement (or imported event) has, with who plays in it
(``session_pair_rows``), and their saving (``pairs_set`` for a page of pairs, ``pair_set`` for one).

The pairs are the movement's: which pairs a session has is read from its layout (``session_layout``: the movement,
the boards per round, an imported event's meetings), so this module stands above the engines, in the event floor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Member, Pair, Session
from scoring.selectors.layout import session_layout


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
    layout = session_layout(session)
    saved = {p.label: p for p in Pair.objects.filter(session=session).select_related("player_1", "player_2")}
    sits_out: dict[str, list[int]] = {}
    for round_number, label in layout.sit_outs:
        sits_out.setdefault(label, []).append(round_number)
    lines = (
        {label: ("NS", "EW")[index] for index, field in enumerate(layout.fields) for label in field}
        if len(layout.fields) == 2
        else {}
    )
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
        rows.append(
            PairRow(
                label, number, direction, section, pair, tuple(sorted(sits_out.get(label, ()))), lines.get(label, "")
            )
        )
    return rows


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
def pair_set(
    *,
    session: Session,
    number: int,
    player_1: Member | int | None = None,
    player_1_name: str = "",
    player_2: Member | int | None = None,
    player_2_name: str = "",
    direction: str = "",
    section: str = "",
) -> Pair:
    """Create or update one pair of a session (the checks of ``pairs_set``; errors name the field alone)."""
    row = {
        "number": number,
        "direction": direction,
        "section": section,
        "player_1": player_1,
        "player_1_name": player_1_name,
        "player_2": player_2,
        "player_2_name": player_2_name,
    }
    return _pairs_save(session, [row], key=lambda index, field: field)[0]


def _pairs_save(session: Session, rows: list, *, key) -> list[Pair]:
    session = Session.objects.select_for_update().select_related("club").get(pk=session.pk)
    movement_pairs = session_layout(session).pairs
    if not movement_pairs:
        raise ValidationError(
            _("This session has no movement yet: choose one before naming its pairs."), code="no_movement"
        )
    errors: dict[str, list[str]] = {}

    def fail(index: int, field: str, message: str) -> None:
        errors.setdefault(key(index, field), []).append(message)

    existing = {
        (p.section, p.number, p.direction): p
        for p in Pair.objects.filter(session=session).select_related("player_1", "player_2")
    }
    wanted: dict[tuple, tuple[int, dict]] = {}  # (section, number, direction) → (row index, values)
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
            fail(
                index,
                "number",
                _("Pair %(pair)s is not in this session's movement (its pairs are %(pairs)s).")
                % {"pair": label, "pairs": ", ".join(movement_pairs)},
            )
            continue
        pair_key = (section, number, direction)
        if pair_key in wanted:
            fail(index, "number", _("Pair %(pair)s is given twice.") % {"pair": label})
            continue
        values: dict = {"label": label}
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
    for _member_id, places in seats.items():
        for label, row_index, slot in places:
            others = [
                other for other, other_index, other_slot in places if (other_index, other_slot) != (row_index, slot)
            ]
            if row_index is not None and others:
                member = next(v[slot] for i, v in wanted.values() if i == row_index)
                fail(
                    row_index,
                    slot,
                    _("Pair %(pair)s: %(name)s already plays in pair %(other)s.")
                    % {"pair": label, "name": member.full_name, "other": others[0]},
                )

    saved: list[tuple[int, Pair]] = []
    changed = False
    for (section, number, direction), (index, values) in wanted.items():
        pair = existing.get((section, number, direction)) or Pair(
            session=session, number=number, direction=direction, section=section
        )
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
                        fail(
                            index,
                            "number" if field == NON_FIELD_ERRORS else field,
                            _("Pair %(pair)s: %(problem)s") % {"pair": values["label"], "problem": message},
                        )
        saved.append((index, pair))
    if changed and session.is_final:
        raise ValidationError(_("The results of this session are final: its pairs can no longer change."), code="final")
    if errors:
        raise ValidationError(dict(sorted(errors.items(), key=lambda item: _row_order(item[0]))))
    for _index, pair in saved:
        pair.save()
    return [pair for _index, pair in sorted(saved, key=lambda item: item[0])]


def _row_order(name: str) -> tuple:
    """``pairs[10].player_1`` after ``pairs[9].number``: errors listed in the page's order."""
    index = name[name.find("[") + 1 : name.find("]")] if "[" in name else "0"
    return (int(index) if index.isdigit() else 0, name)

"""Writes of the movements app: choosing a session's movement."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.errors import MovementError
from movements.models import SessionMovement


@transaction.atomic
def session_movement_choose(*, session, user, pairs: int, boards_per_round: int, kind: str = "howell",
                            rounds: int | None = None, half_sets: bool = False, variant: str | None = None,
                            arrow_switch: bool = False) -> SessionMovement:
    """Build the movement (so an impossible one is refused with the reason) and record the choice."""
    if session.status not in (session.Status.PLANNED, session.Status.RUNNING):
        raise MovementError(_("the movement cannot change once the session is finished"), field=None)
    check_boards_per_round(boards_per_round, half_sets)
    m = movement_for(pairs, rounds, kind, half_sets, variant or None, arrow_switch)
    report = {k: v for k, v in balance_report(m).items() if k != "claim"}
    report["best_possible"] = {**report["best_possible"],
                               "explanation": report["best_possible"]["explanation"].as_json()}
    choice, _created = SessionMovement.objects.update_or_create(
        session=session,
        defaults={"kind": kind, "pairs": pairs, "rounds": rounds, "half_sets": half_sets, "variant": variant or "",
                  "arrow_switch": arrow_switch, "boards_per_round": boards_per_round, "title": str(m.title)[:200],
                  "title_text": m.title.as_json(), "balance": report, "chosen_by": user})
    if session.boards_per_round != boards_per_round:
        session.boards_per_round = boards_per_round
        session.save(update_fields=["boards_per_round"])
    return choice

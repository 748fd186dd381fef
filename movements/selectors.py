"""Reads of the movements app. The catalogue is public to logged-in users (it holds no secrets);
a session's chosen movement is visible to whoever may view the session."""

from __future__ import annotations

from movements.domain.catalogue import balance_report, movement_for, options_for
from movements.domain.errors import MovementError
from movements.models import SessionMovement


def movement_options(*, pairs: int) -> list[dict]:
    """Every movement offered for a field, built, with its balance report (or why it is unavailable)."""
    out = []
    for opt in options_for(pairs):
        params = {k: opt.get(k) for k in ("rounds", "kind", "half_sets", "variant", "arrow_switch")}
        params["arrow_switch"] = bool(params["arrow_switch"])
        try:
            m = movement_for(pairs, **params)
        except MovementError as exc:
            out.append({**opt, "error": exc.text or str(exc)})
            continue
        out.append({**opt, "title": m.title, "construction": m.construction, "tables": m.tables,
                    "round_count": m.round_count, "board_sets": m.board_sets, "relays": len(m.relays),
                    "phantom": m.phantom, "balance": balance_report(m), "movement": m})
    return out


def session_movement_get(*, session) -> SessionMovement | None:
    return SessionMovement.objects.filter(session=session).first()

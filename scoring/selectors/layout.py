"""The one answer to "who plays whom on which boards": ``session_layout(session)``.

It joins what three apps own — the movement (``movements.SessionMovement``) and the session's
boards per round (``clubs.Session``), or an imported event's meetings (``ImportedLayout``) — and
says where the dealt boards (``dealing.Board``) and the commitment (``dealing.CommitmentSession``)
disagree with it (``SessionLayout.problems``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from clubs.models import Pair, Session
from dealing.models import Board, CommitmentSession
from movements.domain.catalogue import movement_for
from movements.selectors import session_movement_get
from scoring.domain.layout import SessionLayout, layout_from_meetings, layout_from_movement, reconcile
from scoring.domain.text import Text
from scoring.models import ImportedLayout


@lru_cache(maxsize=64)
def movement_layout(parameters: tuple, boards_per_round: int) -> SessionLayout:
    """A movement's layout: a pure function of the movement's parameters (``SessionMovement.parameters()``, as
    sorted items) and the boards per round, built once per process (``SessionLayout`` is frozen)."""
    return layout_from_movement(movement_for(**dict(parameters)), boards_per_round=boards_per_round)


def session_layout(session: Session) -> SessionLayout:

    choice = session_movement_get(session=session)
    imported = ImportedLayout.objects.filter(session=session).first()
    if choice is not None and session.boards_per_round:
        layout = movement_layout(tuple(sorted(choice.parameters().items())), session.boards_per_round)
    elif imported is not None:
        labels = {p.pk: p.label for p in Pair.objects.filter(session=session)}
        meetings = [
            {**m, "ns": labels.get(m["ns"], str(m["ns"])), "ew": labels.get(m["ew"], str(m["ew"]))}
            for m in imported.meetings
        ]
        layout = layout_from_meetings(meetings)
        if imported.winners == 2:
            ns = tuple(sorted({m["ns"] for m in meetings}))
            ew = tuple(sorted({m["ew"] for m in meetings} - set(ns)))
            layout = replace(layout, fields=(ns, ew))
    else:
        return SessionLayout((), problems=(Text.of("layout.no_movement"),))
    dealt = list(Board.objects.filter(session=session).values_list("number", flat=True))
    entry = CommitmentSession.objects.filter(session=session).first()
    problems = reconcile(layout.boards, dealt=dealt or None, committed=entry.boards if entry else None)
    return replace(layout, problems=problems)


def session_boards_played(*, session: Session) -> int | None:
    """How many boards the session's movement plays (``session_layout(session).boards``); None before a movement is
    chosen. Dealing, on the floor below, asks it through ``ScoringConfig.session_boards_played`` when a commitment
    to the session is made or published (``dealing.selectors.commitments.session_boards_played``)."""
    return len(session_layout(session).boards) or None

"""What every table read and write starts from: the session's layout, movement and table cards, and one
table's rounds in it (``table_context``). Built from ``scoring.selectors.layout.session_layout`` (the one
answer to who plays whom on which boards) and ``movements.domain.guide_cards.table_cards`` (where pairs and
boards go next), never worked out again here."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from clubs.models import Pair, Session
from movements.domain.guide_cards import TableCardLine, table_cards
from scoring.domain.layout import Meeting, SessionLayout
from scoring.selectors.layout import movement_layout, session_layout
from tables.models import Table, TableSession


@dataclass
class SessionContext:
    session: Session
    layout: SessionLayout
    movement: object | None                      # movements.domain.schedule.Movement (None: an imported layout)
    pairs: dict[str, Pair] = field(default_factory=dict)

    @cached_property
    def cards(self) -> dict[int, list[TableCardLine]]:
        return table_cards(self.movement) if self.movement is not None else {}

    @cached_property
    def rounds(self) -> tuple[int, ...]:
        if self.movement is not None:
            return tuple(r.number for r in self.movement.rounds)
        return self.layout.rounds

    @cached_property
    def tables(self) -> tuple[int, ...]:
        if self.movement is not None:
            return tuple(range(1, self.movement.tables + 1))
        return tuple(sorted({m.table for m in self.layout.meetings if m.table is not None}))

    @cached_property
    def _meetings(self) -> dict[tuple[int, int], Meeting]:
        return {(m.round, m.table): m for m in self.layout.meetings if m.round is not None and m.table is not None}

    def meeting(self, round_number: int, table: int) -> Meeting | None:
        return self._meetings.get((round_number, table))

    def card_line(self, table: int, round_number: int) -> TableCardLine | None:
        return next((c for c in self.cards.get(table, []) if c.round == round_number), None)

    def boards_by_round(self, table: int) -> dict[int, tuple[int, ...]]:
        """Round → the table's boards in it (empty when nobody plays there)."""
        return {r: (m.boards if (m := self.meeting(r, table)) is not None else ()) for r in self.rounds}

    def round_of_board(self, table: int, board: int) -> int | None:
        return next((r for r, boards in self.boards_by_round(table).items() if board in boards), None)

    def pair(self, label: str) -> Pair | None:
        return self.pairs.get(label)


@lru_cache(maxsize=64)
def _planned(parameters: tuple, boards_per_round: int):
    """A movement, its layout and its table cards: pure functions of the movement's parameters and the boards per
    round, built once per process (every phone's request needs them)."""
    from movements.domain.catalogue import movement_for

    movement = movement_for(**dict(parameters))
    return movement, movement_layout(parameters, boards_per_round), table_cards(movement)


def session_context(session: Session) -> SessionContext:
    """The session's movement, layout and pairs. A session played from our movement library (the only kind table
    entry starts for) gets them from the movement's parameters (cached); anything else from ``session_layout``."""
    from movements.selectors import session_movement_get
    from scoring.selectors.results import session_pairs

    choice = session_movement_get(session=session)
    pairs = session_pairs(session=session)
    if choice is not None and session.boards_per_round:
        movement, layout, cards = _planned(tuple(sorted(choice.parameters().items())), session.boards_per_round)
        context = SessionContext(session=session, layout=layout, movement=movement, pairs=pairs)
        context.__dict__["cards"] = cards
        return context
    return SessionContext(session=session, layout=session_layout(session), movement=None, pairs=pairs)


def table_session_of(session: Session) -> TableSession | None:
    return TableSession.objects.filter(session=session).first()


def table_get(*, table_id: int) -> Table:
    return Table.objects.select_related("table_session__session__club").get(pk=table_id)

"""What every table read and write starts from: the session's layout, movement and table cards, and one
table's rounds in it (``table_context``). Built from ``scoring.selectors.layout.session_layout`` (the one
answer to who plays whom on which boards) and ``movements.domain.guide_cards.table_cards`` (where pairs and
boards go next), never worked out again here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from django.db.models import Q

from clubs.models import Pair, Session
from movements.domain.catalogue import movement_for
from movements.domain.guide_cards import TableCardLine, table_cards
from movements.domain.schedule import Movement
from movements.selectors import session_movement_get
from scoring.domain.layout import Meeting, SessionLayout
from scoring.selectors.layout import movement_layout, session_layout
from scoring.selectors.results import session_pairs


@dataclass
class SessionContext:
    session: Session
    layout: SessionLayout
    movement: Movement | None  # None: an imported layout

    @cached_property
    def pairs(self) -> dict[str, Pair]:
        """The session's pairs by label, players loaded (read when first needed: a phone's entry needs two)."""
        return session_pairs(session=self.session)

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

    def meeting_pairs(self, meeting: Meeting) -> tuple[Pair | None, Pair | None]:
        """The NS and EW pairs of ``meeting``: from the session's pairs if they are read already, else only these
        two are read (what a phone's entry or confirmation needs, rather than the 60 pairs of a 30-table
        evening with their players)."""
        if "pairs" not in self.__dict__:
            ns_parts, ew_parts = _label_parts(meeting.ns), _label_parts(meeting.ew)
            if ns_parts is not None and ew_parts is not None:
                query = Q()
                for section, number, direction in (ns_parts, ew_parts):
                    query |= Q(section=section, number=number, direction=direction)
                found = {
                    p.label: p
                    for p in Pair.objects.filter(query, session=self.session).select_related("player_1", "player_2")
                }
                if meeting.ns in found and meeting.ew in found:
                    return found[meeting.ns], found[meeting.ew]
        return self.pair(meeting.ns), self.pair(meeting.ew)


_LABEL = re.compile(r"([A-Za-z]{0,8})([0-9]{1,4})(NS|EW|)")


def _label_parts(label: str | None) -> tuple[str, int, str] | None:
    """A pair's label split as ``Pair.label`` joins it: ``"A3"`` → ``("A", 3, "")``, ``"1NS"`` → ``("", 1, "NS")``;
    None for a label not written that way (the session's pairs are then read as a whole).

    >>> _label_parts("A3"), _label_parts("1NS"), _label_parts("12"), _label_parts("x-1"), _label_parts(None)
    (('A', 3, ''), ('', 1, 'NS'), ('', 12, ''), None, None)
    """
    match = _LABEL.fullmatch(label or "")
    return (match[1], int(match[2]), match[3]) if match else None


@lru_cache(maxsize=64)
def _planned(parameters: tuple, boards_per_round: int):
    """A movement, its layout and its table cards: pure functions of the movement's parameters and the boards per
    round, built once per process (every phone's request needs them)."""
    movement = movement_for(**dict(parameters))
    return movement, movement_layout(parameters, boards_per_round), table_cards(movement)


def session_context(session: Session) -> SessionContext:
    """The session's movement, layout and (when asked) pairs. A session played from our movement library (the only kind table
    entry starts for) gets them from the movement's parameters (cached); anything else from ``session_layout``."""
    choice = session_movement_get(session=session)
    if choice is not None and session.boards_per_round:
        movement, layout, cards = _planned(tuple(sorted(choice.parameters().items())), session.boards_per_round)
        context = SessionContext(session=session, layout=layout, movement=movement)
        context.__dict__["cards"] = cards
        return context
    return SessionContext(session=session, layout=session_layout(session), movement=None)

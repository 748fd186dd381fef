"""What the director's room shows of the phones besides the tables (``room_phones``): the results waiting on
signed-out phones (``Handover``, open), each in bridge words with its table, round, board, where the phone handed
it and when; whether the players see the live ranking on their phones; and whether a phone follows its pair."""

from __future__ import annotations

from dataclasses import dataclass

from clubs.models import Session
from scoring.domain.notation import from_data
from tables.models import Handover, TableSession
from tables.selectors.table import said


@dataclass(frozen=True)
class Waiting:
    handover: Handover
    said: str  # the result in bridge words, or a request's note

    @property
    def is_result(self) -> bool:
        return bool(self.handover.data)


@dataclass(frozen=True)
class RoomPhones:
    started: bool
    live_ranking: bool
    waiting: list[Waiting]
    follow_pairs: bool = False  # a pair's phone follows its pair (else a table's phone stays at the table)


def room_phones(*, session: Session) -> RoomPhones:
    table_session = TableSession.objects.filter(session=session).first()
    if table_session is None:
        return RoomPhones(False, False, [])
    waiting = [
        Waiting(h, said(from_data(h.data), h.board) if h.data else str(h.body.get("note", "")))
        for h in Handover.objects.filter(table__table_session=table_session, closed_at__isnull=True)
        .select_related("table")
        .order_by("at", "id")
    ]
    return RoomPhones(True, table_session.live_ranking, waiting, table_session.phones == TableSession.Phones.PAIR)

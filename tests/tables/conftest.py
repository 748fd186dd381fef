"""Fixtures of the table-side entry tests: an 8-pair Howell in play with table entry started, phones joined."""

from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def howell(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards a round (7 rounds, 4 tables), table entry started."""
    from movements.services import session_movement_choose
    from tables.services.setup import table_entry_start

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    table_entry_start(session=club_session, user=director)
    club_session.refresh_from_db()
    return club_session


@pytest.fixture
def table(howell):
    """``table(3)``: the session's table 3."""
    from tables.models import Table

    return lambda number: Table.objects.get(table_session__session=howell, number=number)


@pytest.fixture
def phone(table):
    """``phone(3)``: a phone joined to table 3 (its device)."""
    from tables.services.joining import table_join

    def join(number: int):
        t = table(number)
        device, _token = table_join(code=t.code, pin=t.pin)
        return device

    return join


@pytest.fixture
def key():
    return lambda: uuid.uuid4().hex

"""Migration 0005: a session's board count is its Board rows; SessionDealing.board_count goes (and comes
back, counted, when migrating backwards)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("dealing", "0004_deal_set_assembler_lease")]
AFTER = [("dealing", "0005_session_dealing_without_board_count")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def at_the_end():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_board_count_goes_and_comes_back_counted(at_the_end):
    apps = migrate(BEFORE)
    Club, Session = apps.get_model("clubs", "Club"), apps.get_model("clubs", "Session")
    SessionDealing, Board = apps.get_model("dealing", "SessionDealing"), apps.get_model("dealing", "Board")
    club = Club.objects.create(name="Riverside", slug="riverside")
    dealt = Session.objects.create(club=club, name="Dealt", date=datetime.date(2026, 11, 2))
    emptied = Session.objects.create(club=club, name="Emptied", date=datetime.date(2026, 11, 3))
    for session, stale in ((dealt, 99), (emptied, 4)):
        SessionDealing.objects.create(session=session, source="fresh", board_count=stale, dealt_at=timezone.now())
    for number in (1, 2):
        Board.objects.create(
            session=dealt,
            number=number,
            dealer="N",
            vulnerability="None",
            deal_number="0",
            deal_pbn="N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        )

    apps = migrate(AFTER)
    assert "board_count" not in {f.name for f in apps.get_model("dealing", "SessionDealing")._meta.fields}
    assert apps.get_model("dealing", "Board").objects.count() == 2

    apps = migrate(BEFORE)
    counts = apps.get_model("dealing", "SessionDealing").objects.values_list("session__name", "board_count")
    assert dict(counts) == {"Dealt": 2, "Emptied": 0}

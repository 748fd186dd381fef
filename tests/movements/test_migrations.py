"""Migration 0004: boards per round moves from the chosen movement to its session (the one owner), and back."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("movements", "0003_guide_card_pdf")]
AFTER = [("movements", "0004_boards_per_round_on_session")]


def migrate(targets):
    """Migrate the test database to ``targets`` and answer the models as they are there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def at_the_end():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_boards_per_round_moves_to_the_session_and_back(at_the_end):
    apps = migrate(BEFORE)
    Club, Session = apps.get_model("clubs", "Club"), apps.get_model("clubs", "Session")
    SessionMovement = apps.get_model("movements", "SessionMovement")
    club = Club.objects.create(name="Riverside", slug="riverside")
    unset = Session.objects.create(club=club, name="A", date=datetime.date(2026, 11, 2))
    differs = Session.objects.create(club=club, name="B", date=datetime.date(2026, 11, 3), boards_per_round=2)
    Session.objects.create(club=club, name="C", date=datetime.date(2026, 11, 4), boards_per_round=5)
    for session, boards in ((unset, 3), (differs, 4)):
        SessionMovement.objects.create(session=session, pairs=8, boards_per_round=boards, title="Howell")

    apps = migrate(AFTER)
    Session = apps.get_model("clubs", "Session")
    assert dict(Session.objects.values_list("name", "boards_per_round")) == {"A": 3, "B": 4, "C": 5}
    assert "boards_per_round" not in {f.name for f in apps.get_model("movements", "SessionMovement")._meta.fields}

    Session.objects.filter(name="A").update(boards_per_round=None)
    apps = migrate(BEFORE)
    back = apps.get_model("movements", "SessionMovement").objects.values_list("session__name", "boards_per_round")
    assert dict(back) == {"A": 2, "B": 4}                   # a session without the number: 2, the form's default

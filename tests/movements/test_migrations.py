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


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_boards_per_round_moves_to_the_session_and_back(at_the_end):
    apps = migrate(BEFORE)
    # only the movements app goes back: the clubs tables stay as the clubs app has them now, so its rows are made
    # with today's models (a later clubs migration may add a column the historical model does not know)
    from clubs.models import Club, Session

    SessionMovement = apps.get_model("movements", "SessionMovement")
    club = Club.objects.create(name="Riverside", slug="riverside")
    unset = Session.objects.create(club=club, name="A", date=datetime.date(2026, 11, 2))
    differs = Session.objects.create(club=club, name="B", date=datetime.date(2026, 11, 3), boards_per_round=2)
    Session.objects.create(club=club, name="C", date=datetime.date(2026, 11, 4), boards_per_round=5)
    for session, boards in ((unset, 3), (differs, 4)):
        SessionMovement.objects.create(session_id=session.pk, pairs=8, boards_per_round=boards, title="Howell")

    apps = migrate(AFTER)
    Session = apps.get_model("clubs", "Session")
    assert dict(Session.objects.values_list("name", "boards_per_round")) == {"A": 3, "B": 4, "C": 5}
    assert "boards_per_round" not in {f.name for f in apps.get_model("movements", "SessionMovement")._meta.fields}

    Session.objects.filter(name="A").update(boards_per_round=None)
    apps = migrate(BEFORE)
    back = apps.get_model("movements", "SessionMovement").objects.values_list("session__name", "boards_per_round")
    assert dict(back) == {"A": 2, "B": 4}  # a session without the number: 2, the form's default


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_club_settings_and_mitchells_past_64_pairs_migrate_and_back(at_the_end):
    """0005: clubs' movement settings (defaults 7½ minutes, 24–28 boards, one winner); a Mitchell may have up to 128
    pairs, a Howell still 4 to 64."""
    from django.db import IntegrityError, transaction

    from clubs.models import Club, Session

    apps = migrate([("movements", "0005_club_movement_settings")])
    club = Club.objects.create(name="Riverside", slug="riverside")
    session = Session.objects.create(club=club, name="A", date=datetime.date(2026, 11, 2))
    Settings = apps.get_model("movements", "ClubMovementSettings")
    row = Settings.objects.create(club_id=club.pk)
    assert (float(row.minutes_per_board), row.usual_boards_low, row.usual_boards_high, row.winners) == (
        7.5,
        24,
        28,
        "one",
    )
    SessionMovement = apps.get_model("movements", "SessionMovement")
    SessionMovement.objects.create(session_id=session.pk, kind="mitchell", pairs=70, title="Mitchell")
    with pytest.raises(IntegrityError), transaction.atomic():
        SessionMovement.objects.filter(session_id=session.pk).update(kind="howell")
    with pytest.raises(IntegrityError), transaction.atomic():
        Settings.objects.filter(pk=row.pk).update(usual_boards_low=30)
    SessionMovement.objects.all().delete()
    apps = migrate([("movements", "0004_boards_per_round_on_session")])
    assert "clubmovementsettings" not in {m._meta.model_name for m in apps.get_models()}

"""Fixtures shared by the whole suite: clubs, people in every role, sessions, logged-in clients,
Playwright on Debian's Chromium, and the paths to the shared real data.

The shared data (real events, seeds) is read in place from one setting, ``SHARED_DATA_DIR``
(environment ``CLUBSITE_SHARED_DIR``, default ``../shared`` beside the repository); test modules
that need a path at import time read ``django.conf.settings.SHARED_DATA_DIR`` too. Without it
the run stops at once with one line saying where it looked.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# Playwright's sync API runs an event loop in the test thread; Django must allow ORM calls there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis fails an example that takes longer than its deadline (200 ms by default): a timing assertion, which a
# busy machine trips. No test of the suite has one; each test's own settings still choose how many examples.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")

REPO = Path(__file__).resolve().parent.parent
SHARED_PARTS = ("data/events", "seeds")      # what the suite reads from the shared folder

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def shared_data_dir() -> Path:
    from django.conf import settings

    return Path(settings.SHARED_DATA_DIR)


def shared_data_problem() -> str | None:
    """One line saying where the shared data was looked for and how to point elsewhere; None when it is there."""
    shared = shared_data_dir()
    if all((shared / part).is_dir() for part in SHARED_PARTS):
        return None
    return (f"shared data not found at {shared}: set CLUBSITE_SHARED_DIR to the folder holding "
            f"{' and '.join(SHARED_PARTS)}")


def pytest_configure(config):
    problem = shared_data_problem()
    if problem:
        pytest.exit(problem, returncode=pytest.ExitCode.USAGE_ERROR)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared real data (``settings.SHARED_DATA_DIR``), read in place, never copied."""
    return shared_data_dir()


@pytest.fixture(scope="session")
def events_dir(shared_dir) -> Path:
    """The real event data in the shared folder's data/events."""
    return shared_dir / "data" / "events"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A request in Polish activates Polish in the test's thread (LocaleMiddleware); the next test starts afresh."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Tests create many logins; the production hasher's cost is not what they test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _celery_eager_by_default(settings):
    """Tasks run inline in tests unless a test asks for the real worker (marker ``worker``)."""
    from clubsite.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def _transactional(request) -> bool:
    marker = request.node.get_closest_marker("django_db")
    return bool(marker and (marker.kwargs.get("transaction") or (len(marker.args) > 0 and marker.args[0]))) or \
        bool({"transactional_db", "live_server"} & set(request.fixturenames))


@pytest.fixture(autouse=True)
def _publication_log_emptied_before_the_flush(request):
    """Transactional tests (``transaction=True``, the live server) end with a flush of every table. The
    publication log's triggers refuse DELETE (dealing 0006) and SQLite's flush deletes, so on SQLite the
    log is emptied first with its triggers lifted for that moment (PostgreSQL's flush truncates, which
    row triggers do not see). Requesting the database helper makes this run before its flush."""
    if not _transactional(request):
        yield
        return
    request.getfixturevalue("_django_db_helper")
    yield
    import importlib

    from django.db import connection

    from dealing.models import PublicationLogEntry

    if connection.vendor != "sqlite" or not PublicationLogEntry.objects.exists():
        return
    migration = importlib.import_module("dealing.migrations.0006_publication_log")
    with connection.cursor() as cursor:
        for sql in migration.DROP_TRIGGERS["sqlite"]:
            cursor.execute(sql)
        cursor.execute(f"DELETE FROM {PublicationLogEntry._meta.db_table}")
        for sql in migration.TRIGGERS["sqlite"]:
            cursor.execute(sql)


def _user(username: str, **extra):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=f"{username}-pass-2026", **extra)


def _grant(user, club, role):
    from clubs.services import club_role_grant

    club_role_grant(club=club, user=user, role=role)
    return user


@pytest.fixture
def club(db):
    from clubs.services import club_create

    return club_create(name="Riverside Bridge Club", slug="riverside", city="Riverside")


@pytest.fixture
def other_club(db):
    from clubs.services import club_create

    return club_create(name="Hilltop Bridge Club", slug="hilltop", city="Hilltop")


@pytest.fixture
def director(club):
    return _grant(_user("dana", first_name="Dana", last_name="Director"), club, "director")


@pytest.fixture
def other_director(other_club):
    return _grant(_user("hal", first_name="Hal", last_name="Hill"), other_club, "director")


@pytest.fixture
def scorer(club):
    return _grant(_user("sam"), club, "scorer")


@pytest.fixture
def player(club):
    from clubs.services import member_create

    user = _user("ada", first_name="Ada", last_name="Adamska")
    member_create(club=club, first_name="Ada", last_name="Adamska", user=user)
    return user


@pytest.fixture
def auditor(db):
    from django.contrib.auth.models import Group

    from clubs.permissions import SITE_AUDITORS_GROUP

    user = _user("audrey", is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=SITE_AUDITORS_GROUP)[0])
    return user


@pytest.fixture
def club_session(club):
    from clubs.services import session_create

    return session_create(club=club, name="Tuesday Pairs", date=datetime.date(2026, 11, 24), boards_per_round=3)


@pytest.fixture
def howell_session(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards per round (21 boards), pairs 1–8 with numbers only."""
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_pairs_ensure

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    session_pairs_ensure(session=club_session)
    return club_session


@pytest.fixture
def finished_session(club):
    from clubs.models import Session
    from clubs.services import session_create

    session = session_create(club=club, name="Monday Pairs", date=datetime.date(2026, 11, 16), boards_per_round=3)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    return session


@pytest.fixture
def client_for(db):
    """``client_for(user)``: a Django test client logged in as ``user``."""
    from django.test import Client

    def make(user):
        client = Client()
        client.force_login(user)
        return client

    return make


@pytest.fixture
def api_client_for(db):
    """``api_client_for(user)``: a DRF API client authenticated as ``user`` (None: anonymous)."""
    from rest_framework.test import APIClient

    def make(user):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user=user)
        return client

    return make

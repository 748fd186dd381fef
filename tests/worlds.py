"""Builders of the people, clubs and sessions the tests use, and ``built_once``: a world built once for a module.

``tests/conftest.py`` makes its fixtures (``club``, ``director``, ``howell_session``, …) of these builders; a module
whose tests all start from the same expensive world (a played evening, the demo) builds it once with ``built_once``
and overrides the fixtures it replaces with the rows it built, read afresh for each test.
"""

from __future__ import annotations

import datetime
from contextlib import contextmanager

FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@contextmanager
def built_once(django_db_blocker):
    """For a module- or session-scoped fixture: what it builds in the database is built once, inside a transaction
    rolled back when the fixture ends, and each test runs inside it in a savepoint of its own (pytest-django's
    ``db``), so it sees the world as built and leaves it so. Tasks run inline and passwords hash fast while it is
    built, as in a test. Not for tests that need real transactions (``transaction=True``, the live server)."""
    from django.db import transaction
    from django.test import override_settings

    from clubsite.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            app.conf.task_always_eager = eager


def user_make(username: str, **extra):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=f"{username}-pass-2026", **extra)


def role_grant(user, club, role):
    from clubs.services import club_role_grant

    club_role_grant(club=club, user=user, role=role)
    return user


def club_make():
    from clubs.services import club_create

    return club_create(name="Riverside Bridge Club", slug="riverside", city="Riverside")


def director_make(club):
    return role_grant(user_make("dana", first_name="Dana", last_name="Director"), club, "director")


def scorer_make(club):
    return role_grant(user_make("sam"), club, "scorer")


def player_make(club):
    from clubs.services import member_create

    user = user_make("ada", first_name="Ada", last_name="Adamska")
    member_create(club=club, first_name="Ada", last_name="Adamska", user=user)
    return user


def club_session_make(club):
    from clubs.services import session_create

    return session_create(club=club, name="Tuesday Pairs", date=datetime.date(2026, 11, 24), boards_per_round=3)


def howell_make(session, director):
    """A complete Howell for 8 pairs, 3 boards per round (21 boards), pairs 1–8 with numbers only, for ``session``."""
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_pairs_ensure

    session_movement_choose(session=session, user=director, pairs=8, boards_per_round=3)
    session.refresh_from_db()
    session_pairs_ensure(session=session)
    return session

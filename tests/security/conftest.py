"""Shared by the security tests: ``world`` (the visibility matrix's demo and what it lacks, for the matrix and the
headers tests); the sessions the hostile-fields tests post into (``dealt_session``, ``howell_in_play``,
``phone_api``); and the hostile-input tests' count of inputs fed, per parser and in total, at the end of the run."""

from __future__ import annotations

import pytest
from django.db import transaction


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The demo and what it lacks, built once for the module inside a transaction rolled back at its end."""
    from clubsite.celery import app

    from tests.security.matrix import build_world

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield build_world()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            app.conf.task_always_eager = eager


@pytest.fixture
def dealt_session(club_session, director):
    """A session with its three boards dealt (so an import must say "replace" and keep them when refused)."""
    from dealing.services.boards import session_deal_fresh

    session_deal_fresh(session=club_session, user=director, boards=3, queue_analysis=False)
    return club_session


@pytest.fixture
def howell_in_play(howell_session):
    """Tuesday Pairs, the Howell of tests/conftest.py (the scorer's page and API post into it)."""
    return howell_session


@pytest.fixture
def phone_api(howell_in_play, director):
    """A phone joined to table 1 of the Howell with table entry started: a DRF client holding its token."""
    from rest_framework.test import APIClient

    from tables.models import Table
    from tables.services.joining import table_join
    from tables.services.setup import table_entry_start

    table_entry_start(session=howell_in_play, user=director)
    table = Table.objects.get(table_session__session=howell_in_play, number=1)
    _device, token = table_join(code=table.code, pin=table.pin)
    return APIClient(HTTP_X_TABLE_TOKEN=token)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    from tests.security.hostile import FED

    if not FED:
        return
    by_parser: dict[str, dict[str, int]] = {}
    for name, count in FED.items():
        parser, _, kind = name.partition(" ")
        by_parser.setdefault(parser, {})[kind or "fed"] = count
    terminalreporter.section("hostile inputs")
    for parser, kinds in sorted(by_parser.items()):
        detail = ", ".join(f"{kind} {count:,}" for kind, count in sorted(kinds.items()))
        terminalreporter.write_line(f"{parser:18} {sum(kinds.values()):>8,}  ({detail})")
    terminalreporter.write_line(f"hostile inputs: {sum(FED.values()):,}")

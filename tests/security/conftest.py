"""Shared by the security tests: ``world`` (the visibility matrix's demo and what it lacks, for the matrix and the
headers tests); the sessions the hostile-fields tests post into (``dealt_session``, ``howell_in_play``,
``phone_api``). The hostile-input tests' count of inputs fed is printed at the end of the run by tests/conftest.py."""

from __future__ import annotations

import pytest

from tests.worlds import built_once


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The demo and what it lacks, built once for the module (``tests/worlds.py``: ``built_once``)."""
    from tests.security.matrix import build_world

    with built_once(django_db_blocker):
        yield build_world()


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

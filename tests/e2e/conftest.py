"""Fixtures of the browser tests: the demo club on a live server, and where screenshots go.

The browser tests run against a live server, so each commits its rows and ends with the database flushed. The demo
(``seed_demo``) is seeded once in each test process and kept, on PostgreSQL, as a copy of every table in a schema of
its own (``DemoCopy``); each later test gets it back with one ``INSERT … SELECT`` per table instead of seeding again.
The rows are the same rows seed_demo made (same ids, same keys and deals), so a test sees exactly the demo.

The browser waits patiently (``_patient_browser``): ``make test`` runs these tests beside other test processes on
two cores, where a page that answers in 200 ms alone may take seconds; a wait is for an event (an element, a text),
never a fixed time, so patience costs nothing when the page is quick.
"""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest
from django.core.management import call_command

SCHEMA = "demo_copy"


class DemoCopy:
    """The demo's rows in every table, copied once (PostgreSQL: ``CREATE TABLE … AS``) and written back per test."""

    def __init__(self) -> None:
        self.tables: list[str] = []

    def load(self) -> None:
        """Seed the demo, or write back the copy made after the first seeding (the database is empty of the demo)."""
        from django.db import connection

        if connection.vendor != "postgresql":  # (SQLite runs no browser tests in make test): seed each time
            call_command("seed_demo", stdout=io.StringIO())
            return
        if not self.tables:
            call_command("seed_demo", stdout=io.StringIO())
            self._copy(connection)
        else:
            self._write_back(connection)

    def _copy(self, connection) -> None:
        self.tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
        with connection.cursor() as cursor:
            cursor.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
            cursor.execute(f"CREATE SCHEMA {SCHEMA}")
            for table in self.tables:
                cursor.execute(f'CREATE TABLE {SCHEMA}."{table}" AS SELECT * FROM public."{table}"')

    def _write_back(self, connection) -> None:
        from django.apps import apps
        from django.contrib.contenttypes.models import ContentType
        from django.core.management.color import no_style
        from django.db import transaction

        quoted = ", ".join(f'public."{table}"' for table in self.tables)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE")  # what the flush's post_migrate made
            for table in self.tables:
                cursor.execute(f'INSERT INTO public."{table}" SELECT * FROM {SCHEMA}."{table}"')
            for sql in connection.ops.sequence_reset_sql(no_style(), apps.get_models(include_auto_created=True)):
                cursor.execute(sql)
        ContentType.objects.clear_cache()  # the flush's post_migrate cached content types under other ids


@pytest.fixture(scope="session", autouse=True)
def _flush_after_the_last_request():
    """The flush that ends each browser test waits for a request the live server is still answering.

    A page closed at a test's end may leave one request running on the live server (a phone's poll, which
    locks its table's rows to follow its pair); the flush's ``TRUNCATE`` of every table then deadlocks with
    it, PostgreSQL cancels the flush, and the next test of the process finds the last one's rows. The flush
    is tried again (up to ten times, a quarter of a second apart) when PostgreSQL reports a deadlock: by
    then the request has finished. Any other failure of the flush stands.
    """
    from django.core.management.base import CommandError
    from django.core.management.commands import flush

    answer = flush.Command.handle

    def handle(self, **options):
        for attempt in range(10):
            try:
                return answer(self, **options)
            except CommandError as exc:
                if "deadlock detected" not in str(exc.__cause__) or attempt == 9:
                    raise
                time.sleep(0.25)
        return None

    flush.Command.handle = handle
    yield
    flush.Command.handle = answer


#: the longest wait for an action (a click, a page to load) and for an ``expect`` to come true, in milliseconds
ACTION_TIMEOUT = 90_000
EXPECT_TIMEOUT = 30_000


@pytest.fixture(scope="session", autouse=True)
def _patient_browser():
    """Every context and page any test opens waits up to ``ACTION_TIMEOUT`` for an action, every ``expect`` up to
    ``EXPECT_TIMEOUT`` (Playwright's defaults, 30 s and 5 s, are for a machine doing nothing else). Each context
    asks for reduced motion, as a reader may: the stylesheet then stops its transitions and its endless animations
    (a progress bar waiting on a worker), which Chromium otherwise repaints on the test machine's cores all the
    while a page stays open (the session path's browser test: 54 s of CPU without, 47 s with)."""
    from playwright.sync_api import Browser, expect

    new_context, new_page = Browser.new_context, Browser.new_page

    def patient_context(self, *args, **kwargs):
        context = new_context(self, *args, **{"reduced_motion": "reduce", **kwargs})  # see the docstring
        context.set_default_timeout(ACTION_TIMEOUT)
        return context

    def patient_page(self, *args, **kwargs):
        page = new_page(self, *args, **{"reduced_motion": "reduce", **kwargs})
        page.set_default_timeout(ACTION_TIMEOUT)
        return page

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Browser, "new_context", patient_context)
        patch.setattr(Browser, "new_page", patient_page)
        expect.set_options(timeout=EXPECT_TIMEOUT)
        yield


@pytest.fixture(scope="session")
def demo_copy() -> DemoCopy:
    return DemoCopy()


@pytest.fixture
def demo(live_server, demo_copy) -> str:
    """The live server's URL, with ``seed_demo`` loaded (the logins ``make serve`` prints)."""
    demo_copy.load()
    return live_server.url


@pytest.fixture
def tables_started(club_session, director):
    """A club session of 8 pairs (a Howell, 3 boards a round) with table entry started: phones may join."""
    from movements.services import session_movement_choose
    from tables.services.setup import table_entry_start

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    table_entry_start(session=club_session, user=director)
    return club_session


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where screenshots go: ``$E2E_SCREENSHOTS`` (they are taken only when it is set: ``browser.snap``), else the
    test's temporary directory (a test's failure screenshots)."""
    folder = Path(os.environ.get("E2E_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder

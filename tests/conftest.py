"""Fixtures shared by the whole suite: clubs, people in every role, sessions, logged-in clients,
Playwright on Debian's Chromium, and the paths to the shared real data.

The shared data (real events, seeds) is read in place from one setting, ``SHARED_DATA_DIR``
(environment ``CLUBSITE_SHARED_DIR``, default ``../shared`` beside the repository); test modules
that need a path at import time read ``django.conf.settings.SHARED_DATA_DIR`` too. Without it
the run stops at once with one line saying where it looked.
"""

from __future__ import annotations

import datetime
import gc
import os
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from tests.worlds import (
    FAST_PASSWORD_HASHERS,
    club_make,
    club_session_make,
    director_make,
    howell_make,
    player_make,
    role_grant,
    scorer_make,
    user_make,
)

# Playwright's sync API runs an event loop in the test thread; Django must allow ORM calls there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis fails an example that takes longer than its deadline (200 ms by default): a timing assertion, which a
# busy machine trips. No test of the suite has one; each test's own settings still choose how many examples.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")

REPO = Path(__file__).resolve().parent.parent
SHARED_PARTS = ("data/events", "seeds")  # what the suite reads from the shared folder

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def shared_data_dir() -> Path:
    from django.conf import settings

    return Path(settings.SHARED_DATA_DIR)


def shared_data_problem() -> str | None:
    """One line saying where the shared data was looked for and how to point elsewhere; None when it is there."""
    shared = shared_data_dir()
    if all((shared / part).is_dir() for part in SHARED_PARTS):
        return None
    return (
        f"shared data not found at {shared}: set CLUBSITE_SHARED_DIR to the folder holding {' and '.join(SHARED_PARTS)}"
    )


#: The garbage collector's thresholds in a test process (Python's defaults: 700, 10, 10): a young collection every
#: 10,000 allocations instead of 700, and a full one a fifth as often. Tests/scoring with the hostile forms spent
#: 12.6 CPU-seconds (7 %) in collections with the defaults, 9.2 of them in 66 full ones; 5.8 with these, at the same
#: peak memory (350 MB). ``pytest_collection_finish`` below freezes what collection made out of their reach too.
TEST_GC_THRESHOLD = (10_000, 50, 20)


def pytest_configure(config):
    problem = shared_data_problem()
    if problem:
        pytest.exit(problem, returncode=pytest.ExitCode.USAGE_ERROR)
    gc.set_threshold(*TEST_GC_THRESHOLD)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        a_room_per_worker(worker)


def a_room_per_worker(worker: str) -> None:
    """Parallel test processes (pytest-xdist, ``make test``) each get their own files and cache: pytest-django gives
    each its own database (``test_appdb_gw0``, …), whose rows have the same ids as its neighbours', so a file named
    by an id (a deal set's chunks, a movement's cards) or a cache entry keyed by one would be shared by mistake.
    The media and deal-set folders go under ``<var>/workers/<worker>``; a Redis cache (``CACHE_URL``) moves to a
    database of its own, 16 + the worker's number, which ``cache.clear()`` empties without touching the others'."""
    from urllib.parse import urlsplit, urlunsplit

    from django.conf import settings

    room = Path(settings.VAR_DIR) / "workers" / worker
    settings.MEDIA_ROOT = room / "media"
    deal_sets = settings.STORAGES["deal_sets"]
    if deal_sets["BACKEND"].endswith("FileSystemStorage"):
        deal_sets["OPTIONS"] = {**deal_sets.get("OPTIONS", {}), "location": str(room / "deal-sets")}
    cache = settings.CACHES["default"]
    if cache["BACKEND"].endswith("RedisCache"):
        parts = urlsplit(cache["LOCATION"])
        number = 16 + int(worker.removeprefix("gw"))
        cache["LOCATION"] = urlunsplit((parts.scheme, parts.netloc, f"/{number}", "", ""))


# --- the order of the modules: the longest first, so that parallel processes end together ---------------------

MODULE_SECONDS = REPO / "tests" / "module-seconds.json"
UNLISTED_BROWSER_MODULE = 30.0  # seconds: what a browser module not in MODULE_SECONDS yet is expected to take


def pytest_collection_modifyitems(session, config, items):
    """Modules run longest first (``tests/module-seconds.json``, written by ``scripts/test_report.py --save``), each
    module's tests in their own order: with ``--dist loadfile`` each parallel process takes the next module when it
    is free, and a long module begun last would keep the others waiting. A module not listed yet counts as short, unless
    it walks through the browser: those are long (half a minute, like most of them), and five new ones left to the
    end once kept the cores waiting on their tail. The order is the same in every process (xdist checks it), and
    tests never depend on another module having run."""
    import json

    try:
        seconds = json.loads(MODULE_SECONDS.read_text())
    except (OSError, ValueError):
        return
    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        first_seen.setdefault(item.nodeid.split("::")[0], index)

    def expected(module: str) -> float:
        return seconds.get(module, UNLISTED_BROWSER_MODULE if module.startswith("tests/e2e/") else 0.0)

    items.sort(key=lambda item: (-expected(item.nodeid.split("::")[0]), first_seen[item.nodeid.split("::")[0]]))


# --- the hostile inputs' count, added up over the parallel processes -----------------------------------------


def hostile_inputs_fed():
    """The hostile-input tests' counter (``tests/security/hostile.py``), empty when none of them ran here."""
    import sys
    from collections import Counter

    hostile = sys.modules.get("tests.security.hostile")
    return hostile.FED if hostile else Counter()


def pytest_sessionfinish(session, exitstatus):
    FED = hostile_inputs_fed()
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["hostile_inputs"] = dict(FED)
    record_cpu(session.config)


def record_cpu(config) -> None:
    """This process's CPU seconds, and its children's (Chromium, the servers tests start), for the run's report:
    a line each in ``$TEST_CPU_FILE`` (scripts/test.sh sets it; scripts/test_report.py reads it)."""
    path = os.environ.get("TEST_CPU_FILE")
    if not path:
        return
    run = Path(getattr(config.option, "xmlpath", None) or "junit-pytest").stem.removeprefix("junit-")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    process = f"{run} {worker or 'main'}"
    spent = os.times()
    with open(path, "a") as out:
        out.write(f"pytest {process}\t{spent.user + spent.system:.1f}\n")
        if worker or not getattr(config.option, "numprocesses", None):  # xdist's own children: its workers, above
            out.write(
                f"pytest {process}: its children (Chromium, servers a test starts)\t"
                f"{spent.children_user + spent.children_system:.1f}\n"
            )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    spent = os.times()
    item.cpu_started = (spent.user + spent.system, spent.children_user + spent.children_system)
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each test's CPU seconds (its process's, and the children's it waited for: a server it started and stopped), a
    property ``cpu`` of its JUnit case: the report's "tests that used the most CPU". On a busy machine a test's wall
    time says as much about its neighbours as about itself."""
    outcome = yield
    started = getattr(item, "cpu_started", None)
    if call.when == "teardown" and started:
        spent = os.times()
        own, children = spent.user + spent.system - started[0], spent.children_user + spent.children_system - started[1]
        outcome.get_result().user_properties.append(("cpu", f"{own:.2f}+{children:.2f}"))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    from tests.security.hostile import FED  # the controller collects nothing: the counter is made here

    FED.update(getattr(node, "workeroutput", {}).get("hostile_inputs", {}))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    FED = hostile_inputs_fed()
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


@pytest.fixture(scope="session")
def _migrations_from_template():
    """The embedded default's in-memory test database copied from a migrated template (tests/sqlite_template.py)."""
    from tests.sqlite_template import migrations_restored

    with migrations_restored():
        yield


@pytest.fixture(scope="session")
def django_db_setup(_migrations_from_template, django_db_setup):
    """pytest-django's set-up, with the template in place while it runs (the fixture above, asked for first)."""
    return django_db_setup


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
    settings.PASSWORD_HASHERS = FAST_PASSWORD_HASHERS


@pytest.fixture(autouse=True)
def _celery_eager_by_default(settings):
    """Tasks run inline in tests unless a test asks for the real worker (marker ``worker``)."""
    from clubsite.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _a_clean_cache(request):
    """Each test that used the database leaves the cache empty: the next test's rows may have the same ids (a
    module's world built once, SQLite reusing ids after a rollback), and an entry made for the last one must not
    answer for them."""
    yield
    if "_django_db_helper" in request.fixturenames:
        from django.core.cache import cache

        cache.clear()


def _transactional(request) -> bool:
    marker = request.node.get_closest_marker("django_db")
    return bool(marker and (marker.kwargs.get("transaction") or (len(marker.args) > 0 and marker.args[0]))) or bool(
        {"transactional_db", "live_server"} & set(request.fixturenames)
    )


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


# --- the people and the session most tests use (builders in tests/worlds.py) -----------------------------------


@pytest.fixture
def club(db):
    return club_make()


@pytest.fixture
def other_club(db):
    from clubs.services import club_create

    return club_create(name="Hilltop Bridge Club", slug="hilltop", city="Hilltop")


@pytest.fixture
def director(club):
    return director_make(club)


@pytest.fixture
def other_director(other_club):
    return role_grant(user_make("hal", first_name="Hal", last_name="Hill"), other_club, "director")


@pytest.fixture
def scorer(club):
    return scorer_make(club)


@pytest.fixture
def player(club):
    return player_make(club)


@pytest.fixture
def auditor(db):
    from django.contrib.auth.models import Group

    from clubs.permissions import SITE_AUDITORS_GROUP

    user = user_make("audrey", is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=SITE_AUDITORS_GROUP)[0])
    return user


@pytest.fixture
def club_session(club):
    return club_session_make(club)


@pytest.fixture
def howell_session(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards per round (21 boards), pairs 1–8 with numbers only."""
    return howell_make(club_session, director)


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
    """``client_for(user)``: a Django test client logged in as ``user``. The test's first client of a user logs in
    (``force_login``: a login session, the login signals); later ones carry that session's cookie while the session
    lasts (a logout or a password change ends it, and the next client logs in again). The hostile-input tests make
    a client per example: a login each was a fifth of their time."""
    from django.conf import settings
    from django.contrib.sessions.models import Session as LoginSession
    from django.test import Client
    from django.utils import timezone

    sessions: dict[tuple, str] = {}  # (user, its password's session hash) -> login session key

    def make(user):
        client = Client()
        login = (user.pk, user.get_session_auth_hash())
        key = sessions.get(login)
        if key and LoginSession.objects.filter(session_key=key, expire_date__gt=timezone.now()).exists():
            client.cookies[settings.SESSION_COOKIE_NAME] = key
        else:
            client.force_login(user)
            sessions[login] = client.cookies[settings.SESSION_COOKIE_NAME].value
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


def pytest_collection_finish(session):
    """What collection imported (Django, the apps, Hypothesis, the test modules: a large heap) is frozen out of the
    garbage collector's reach, so that each full collection during the run (Python's own, and the one after each
    printed PDF: clubsite/pdf.py) walks only what the tests made since, not the whole process."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.fixture
def renders(monkeypatch, settings, tmp_path):
    """For the kept PDFs' tests (hand records, results): a media folder of the test's own (no PDF kept by another
    test), and the HTML of every PDF WeasyPrint writes."""
    from clubsite import pdf

    settings.MEDIA_ROOT = tmp_path / "media"
    made: list[str] = []
    write = pdf.pdf_from_html

    def counted(html: str) -> bytes:
        made.append(html)
        return write(html)

    monkeypatch.setattr(pdf, "pdf_from_html", counted)
    return made

"""The embedded default's test database made once: a migrated SQLite database kept as a file and copied into each
test process's in-memory database, instead of every process running every migration.

On PostgreSQL ``scripts/test.sh`` does the same with a template database (``test_template``). On SQLite (``make
check``, and ``make test``'s run on the embedded default) pytest-django creates an in-memory database per process
and migrates it: about 3.5 CPU-seconds a process here. With :func:`migrations_restored` around pytest-django's set-up,
the first process to run with a given set of migrations migrates as before and keeps the result in
``var/test-db/sqlite-<key>.sqlite3``; every later process copies that file into its in-memory database with
SQLite's backup API (a few milliseconds). The key is a hash of Django's version and of every migration file, so a
new or changed migration makes a new template; old ones are removed when a new one is written.

What the copy holds is what the migrations made (tables, rows of data migrations, content types and permissions
from ``post_migrate``): the database a test sees is the same either way.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TEMPLATES = REPO / "var" / "test-db"


def migrations_key() -> str:
    """A hash of Django's version and of every migration file of the project's apps."""
    import django

    digest = hashlib.sha256(django.get_version().encode())
    for path in sorted(REPO.glob("*/migrations/*.py")):
        digest.update(str(path.relative_to(REPO)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _in_memory_sqlite(connection) -> bool:
    test_name = connection.settings_dict.get("TEST", {}).get("NAME")
    return connection.vendor == "sqlite" and (not test_name or test_name == ":memory:")


@contextlib.contextmanager
def migrations_restored() -> Iterator[None]:
    """While pytest-django sets the databases up: the default database's first ``migrate`` restored from the
    template when there is one, run and kept as the template when there is not; Django's own ``call_command`` back
    in place from then on (a test that migrates on purpose migrates). Other engines are left to Django."""
    from django.core import management
    from django.db import connections

    connection = connections["default"]
    if not _in_memory_sqlite(connection):
        yield
        return
    template = TEMPLATES / f"sqlite-{migrations_key()}.sqlite3"
    real_call_command = management.call_command

    def call_command(name, *args, **kwargs):
        if name != "migrate" or kwargs.get("database", "default") != "default":
            return real_call_command(name, *args, **kwargs)
        management.call_command = real_call_command
        if template.exists():
            connection.ensure_connection()
            with contextlib.closing(sqlite3.connect(template)) as source:
                source.backup(connection.connection)
            return None
        result = real_call_command(name, *args, **kwargs)
        _keep(connection, template)
        return result

    management.call_command = call_command
    try:
        yield
    finally:
        management.call_command = real_call_command


def _keep(connection, template: Path) -> None:
    """The migrated database written to ``template`` (through a file of this process's own, renamed into place, so a
    process running beside this one never reads half a file); older templates removed."""
    template.parent.mkdir(parents=True, exist_ok=True)
    partial = template.with_suffix(f".{os.getpid()}.partial")
    with contextlib.closing(sqlite3.connect(partial)) as target:
        connection.connection.backup(target)
    os.replace(partial, template)
    for old in template.parent.glob("sqlite-*.sqlite3"):
        if old != template:
            old.unlink(missing_ok=True)

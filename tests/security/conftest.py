"""Shared by the security tests: ``world`` (the visibility matrix's demo and what it lacks, for the matrix and the
headers tests), and the hostile-input tests' count of inputs fed, per parser and in total, at the end of the run."""

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

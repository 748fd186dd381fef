"""Fixtures of the browser tests: the demo club on a live server, and where screenshots go."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command


@pytest.fixture
def demo(live_server) -> str:
    """The live server's URL, with ``seed_demo`` loaded (the logins ``make serve`` prints)."""
    call_command("seed_demo", stdout=io.StringIO())
    return live_server.url


@pytest.fixture
def shots(tmp_path) -> Path:
    """Screenshots go to ``$E2E_SCREENSHOTS`` (default: the test's temporary directory)."""
    folder = Path(os.environ.get("E2E_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder

"""Fixtures of the audit tests: the World Bridge Games 2024 SquareDeal files, read in place from the shared folder."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def wbg_dir(events_dir):
    return events_dir / "squaredeal-wbg2024"


@pytest.fixture(scope="session")
def wbg(wbg_dir):
    """name → bytes of every WBG 2024 file (.sqd, .sqk, allpbn.actual/plusone/minusone)."""
    return {path.name: path.read_bytes() for path in wbg_dir.iterdir() if path.is_file()}

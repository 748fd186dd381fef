"""Fixtures for the movements tests: every complete Howell the generator offers, built once."""

from __future__ import annotations

import pytest

from movements.domain.catalogue import movement_for, options_for

SIZES = list(range(4, 65))


def half_set_sizes() -> list[int]:
    return [n for n in SIZES if any(o["half_sets"] for o in options_for(n))]


@pytest.fixture(scope="session")
def complete_howells() -> dict:
    return {n: movement_for(n) for n in SIZES}


@pytest.fixture(scope="session")
def half_set_howells() -> dict:
    return {n: movement_for(n, half_sets=True) for n in half_set_sizes()}


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    """Guide-card PDFs are kept in the default storage: a throw-away folder per test."""
    settings.MEDIA_ROOT = tmp_path / "media"

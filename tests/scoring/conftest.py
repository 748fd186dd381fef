"""Fixtures of the scoring tests: a pair of the Howell session (``howell_session``, tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def pair(howell_session):
    """``pair("3")``: the session's pair with this label."""
    from scoring.selectors.results import session_pairs

    def get(label: str):
        return session_pairs(session=howell_session)[label]

    return get

"""Fixtures of the scoring tests: a Howell session with its movement chosen and its pairs."""

from __future__ import annotations

import pytest


@pytest.fixture
def howell_session(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards per round (21 boards), pairs 1–8 with numbers only."""
    from movements.services import session_movement_choose
    from scoring.services.sessions import session_pairs_ensure

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    session_pairs_ensure(session=club_session)
    return club_session


@pytest.fixture
def pair(howell_session):
    """``pair("3")``: the session's pair with this label."""
    from scoring.selectors.results import session_pairs

    def get(label: str):
        return session_pairs(session=howell_session)[label]

    return get

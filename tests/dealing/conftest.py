"""What the dealing app's tests share: ``dealt``, a running session dealt from a published commitment (the
visibility tests look for its secrets everywhere)."""

from __future__ import annotations

import logging

import pytest

from clubs.models import Session
from dealing.models import Board
from dealing.services import boards as board_services
from dealing.services import commitments as commitment_services
from scoring.services.sessions import session_status_set


@pytest.fixture
def dealt(club, club_session, director, caplog):
    """A running session dealt from a published commitment with its DV entered (key not revealed)."""
    caplog.set_level(logging.DEBUG)
    commitment = commitment_services.commitment_create(
        club=club,
        user=director,
        event="Autumn Pairs",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        sessions=[(club_session, 4)],
    )
    commitment_services.commitment_publish(commitment=commitment, user=director)
    commitment_services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director)
    # pretend the analysis is ready, so that it could leak too
    Board.objects.update(
        analysis_status=Board.AnalysisStatus.DONE,
        dd_tricks="98a79989794536445364",
        par_score=420,
        par_contracts="NS 4H=",
    )
    session_status_set(session=club_session, status=Session.Status.RUNNING)
    commitment.refresh_from_db()
    return club_session, commitment

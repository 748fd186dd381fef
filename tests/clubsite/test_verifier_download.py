"""The commitment page links the standalone verifier, served from the repository's own file.

So the one a member downloads is always the one docs/commitments.md describes and the tests run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from clubs.models import Session
from dealing.services import boards as board_services
from dealing.services import commitments as services

TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_commitment.py"

pytestmark = pytest.mark.django_db


def test_anyone_downloads_the_repositorys_verifier_as_a_python_file():
    answer = Client().get("/tools/verify_commitment.py")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/x-python; charset=utf-8"
    assert answer["Content-Disposition"] == 'attachment; filename="verify_commitment.py"'
    assert b"".join(answer.streaming_content) == TOOL.read_bytes()


def test_the_commitment_page_links_it_before_and_after_the_reveal(club, club_session, director, player, client_for):
    commitment = services.commitment_create(
        club=club,
        user=director,
        event="Autumn Pairs",
        promise="DJIA close",
        dv_format="decimal:2",
        sessions=[(club_session, 3)],
    )
    services.commitment_publish(commitment=commitment, user=director)
    page = client_for(player).get(f"/dealing/commitments/{commitment.pk}/").content.decode()
    assert 'href="/tools/verify_commitment.py"' in page and 'data-testid="download-verifier"' in page
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director)
    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.FINISHED)
    services.commitment_reveal(commitment=commitment, user=director)
    page = client_for(player).get(f"/dealing/commitments/{commitment.pk}/").content.decode()
    assert 'data-testid="verifier-link"' in page and "python3 verify_commitment.py published.json revealed.json" in page

"""seed_demo: the demo's finished and published sessions get boards from a revealed commitment; idempotent."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from clubs.models import Club
from dealing.models import Board, Commitment, SessionDealing

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_seed_demo_deals_the_finished_sessions_from_a_revealed_commitment(client):
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    club = Club.objects.get(slug="riverside")
    commitment = Commitment.objects.get(club=club)
    assert commitment.is_revealed and commitment.delayed_value == "43275.91"
    over = [s for s in club.sessions.all() if s.is_over]
    assert {s.name for s in over} == {"Monday Pairs", "Thursday Howell"}
    for session in over:
        assert session.dealing.commitment == commitment
        assert session.boards.count() == {"Monday Pairs": 24, "Thursday Howell": 21}[session.name]
    assert not Board.objects.filter(session__in=[s for s in club.sessions.all() if not s.is_over]).exists()
    assert "from revealed commitment" in out.getvalue()

    call_command("seed_demo", stdout=io.StringIO())
    assert Commitment.objects.count() == 1 and SessionDealing.objects.count() == 2 and Board.objects.count() == 45

    assert client.post("/accounts/login/", {"username": "player", "password": "player-demo-2026"}).status_code == 302
    monday = club.sessions.get(name="Monday Pairs")
    assert client.get(f"/dealing/sessions/{monday.pk}/hand-record/").status_code == 200
    client.logout()
    assert client.post("/accounts/login/", {"username": "auditor", "password": "auditor-demo-2026"}).status_code == 302
    audit = client.get(f"/dealing/commitments/{commitment.pk}/audit/").content.decode()
    assert "Every check passed." in audit

"""Anyone can check: what a visitor who is not logged in may read of a club's commitments and hand records.

Once a commitment is published its page, its published record (JSON) and its notice-board text are public; once
revealed, its revealed record and the hand records (pages and PBN) of its sessions that are over are public too —
never a session's deals before it is over, never the key before the reveal. Everything else still sends such a
visitor to log in: drafts, the audit, the API, the printable hand record, Play it again, the hand records of a
commitment not revealed. A member of another club reads the same public pages, without the links into the club.
"""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from clubs.models import Session
from clubs.services import session_create
from dealing.models import Board
from dealing.services import boards as board_services
from dealing.services import commitments as services

pytestmark = pytest.mark.django_db
TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_commitment.py"


def _status(session, status):
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


def _committed(club, director, session, *, event, reveal):
    commitment = services.commitment_create(
        club=club, user=director, event=event, promise="DJIA close on 2026-11-20", dv_format="decimal:2",
        sessions=[(session, 3)],
    )  # fmt: skip
    services.commitment_publish(commitment=commitment, user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=session, user=director, queue_analysis=False)
    _status(session, Session.Status.FINISHED)
    if reveal:
        commitment = services.commitment_reveal(commitment=commitment, user=director)
    commitment.refresh_from_db()
    return commitment


@pytest.fixture
def three(club, club_session, director):
    """A revealed commitment (its session finished), a published one not revealed (its session finished too) and a
    draft (its session planned)."""
    second = session_create(club=club, name="Thursday Pairs", date=datetime.date(2026, 11, 26), boards_per_round=3)
    third = session_create(club=club, name="Club Championship", date=datetime.date(2026, 12, 3), boards_per_round=3)
    revealed = _committed(club, director, club_session, event="Autumn Pairs", reveal=True)
    published = _committed(club, director, second, event="Winter Pairs", reveal=False)
    draft = services.commitment_create(
        club=club, user=director, event="Championship", promise="a value", dv_format="text", sessions=[(third, 3)]
    )
    return revealed, published, draft


def _is_login(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def _hands(session) -> list[str]:
    return [hand for b in Board.objects.filter(session=session) for hand in b.deal_pbn[2:].split()]


def test_an_anonymous_visitor_reads_exactly_the_public_record_and_nothing_more(three):
    revealed, published, draft = three
    anyone = Client()
    open_session = revealed.entries.get().session
    closed_session = published.entries.get().session
    public = [
        f"/dealing/commitments/{revealed.pk}/",
        f"/dealing/commitments/{revealed.pk}/published.json",
        f"/dealing/commitments/{revealed.pk}/notice.txt",
        f"/dealing/commitments/{revealed.pk}/revealed.json",
        f"/dealing/commitments/{published.pk}/",
        f"/dealing/commitments/{published.pk}/published.json",
        f"/dealing/commitments/{published.pk}/notice.txt",
        f"/dealing/sessions/{open_session.pk}/hand-record/",
        f"/dealing/sessions/{open_session.pk}/hand-record/2/",
        f"/dealing/sessions/{open_session.pk}/hand-record/2/analysis/",
        f"/dealing/sessions/{open_session.pk}/hand-record.pbn",
    ]
    for url in public:
        assert anyone.get(url).status_code == 200, url
    login = [
        "/dealing/commitments/",
        f"/dealing/commitments/{draft.pk}/",
        f"/dealing/commitments/{draft.pk}/published.json",
        f"/dealing/commitments/{revealed.pk}/audit/",
        f"/dealing/sessions/{open_session.pk}/hand-record/print/",
        f"/dealing/sessions/{open_session.pk}/hand-record.pdf",
        f"/dealing/sessions/{open_session.pk}/boards/2/play/",
        f"/dealing/sessions/{closed_session.pk}/hand-record/",
        f"/dealing/sessions/{closed_session.pk}/hand-record.pbn",
        f"/dealing/sessions/{closed_session.pk}/hand-record/2/",
        "/dealing/sessions/987654/hand-record/",
        "/dealing/commitments/987654/",
    ]
    for url in login:
        assert _is_login(anyone.get(url)), url
    for url in (f"/api/v1/commitments/{revealed.pk}/", f"/api/v1/sessions/{open_session.pk}/boards/"):
        assert anyone.get(url).status_code in (401, 403), url
    # The revealed record before the reveal: back to the page, which holds no key.
    response = anyone.get(f"/dealing/commitments/{published.pk}/revealed.json", follow=True)
    assert response.redirect_chain[-1][0] == f"/dealing/commitments/{published.pk}/"
    body = response.content.decode()
    assert published.secret_key not in body and "revealed after the last session" in body
    assert not any(hand in body for hand in _hands(closed_session))


def test_the_public_files_are_what_a_checker_needs(three, tmp_path):
    """What an anonymous visitor downloads checks with the standalone verifier: the published and revealed
    records and the hand record of the revealed commitment's session."""
    revealed, _published, _draft = three
    anyone = Client()
    session = revealed.entries.get().session
    for name, url in (
        ("published.json", f"/dealing/commitments/{revealed.pk}/published.json"),
        ("revealed.json", f"/dealing/commitments/{revealed.pk}/revealed.json"),
        ("hands.pbn", f"/dealing/sessions/{session.pk}/hand-record.pbn"),
    ):
        response = anyone.get(url)
        assert response.status_code == 200, url
        (tmp_path / name).write_bytes(response.content)
    assert json.loads((tmp_path / "revealed.json").read_text())["key"] == revealed.secret_key
    python = shutil.which("python3") or sys.executable
    done = subprocess.run(
        [python, "-I", str(TOOL), "published.json", "revealed.json", "--deals", "hands.pbn"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "All checks passed." in done.stdout, done.stdout + done.stderr


def test_a_published_commitment_shows_no_key_to_anyone_before_the_reveal(three):
    _revealed, published, _draft = three
    anyone = Client()
    for url in (
        f"/dealing/commitments/{published.pk}/",
        f"/dealing/commitments/{published.pk}/published.json",
        f"/dealing/commitments/{published.pk}/notice.txt",
    ):
        body = anyone.get(url).content.decode()
        assert published.commitment_hash in body, url
        assert published.secret_key not in body and published.secret_key.upper() not in body, url


def test_a_session_put_back_in_play_after_the_reveal_hides_its_deals_again(three):
    revealed, _published, _draft = three
    session = revealed.entries.get().session
    _status(session, Session.Status.RUNNING)
    anyone = Client()
    for url in (
        f"/dealing/sessions/{session.pk}/hand-record/",
        f"/dealing/sessions/{session.pk}/hand-record/2/",
        f"/dealing/sessions/{session.pk}/hand-record.pbn",
    ):
        response = anyone.get(url)
        assert response.status_code == 403, url
        body = response.content.decode()
        assert "shown once the session is over" in body
        assert not any(hand in body for hand in _hands(session)), url
    assert anyone.get(f"/dealing/sessions/{session.pk}/hand-record/2/analysis/").status_code == 403


def test_another_clubs_member_reads_the_public_pages_without_the_clubs_links(three, other_director, client_for):
    revealed, _published, draft = three
    session = revealed.entries.get().session
    client = client_for(other_director)
    page = client.get(f"/dealing/commitments/{revealed.pk}/").content.decode()
    assert revealed.commitment_hash in page and revealed.secret_key in page
    assert f"/sessions/{session.pk}/" not in page.replace(f"/dealing/sessions/{session.pk}/", "")  # no session page
    assert f'href="/dealing/sessions/{session.pk}/hand-record/"' in page  # its public hand record
    hand_record = client.get(f"/dealing/sessions/{session.pk}/hand-record/")
    assert hand_record.status_code == 200
    assert 'data-testid="dealt-from-commitment"' in hand_record.content.decode()
    assert client.get(f"/dealing/commitments/{draft.pk}/").status_code == 404

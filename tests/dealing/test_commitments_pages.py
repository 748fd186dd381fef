"""Commitment pages and API: a director's whole flow, downloads, the audit page, errors in the standard shape."""

from __future__ import annotations

import datetime
import hashlib
import json

import pytest

from clubs.models import Session
from clubs.services import session_create
from dealing.domain.commitment import PublishedCommitment, RevealedCommitment
from dealing.models import Board, Commitment
from dealing.services import boards as board_services
from dealing.services import commitments as services

pytestmark = pytest.mark.django_db


def finish(session):
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()


@pytest.fixture
def revealed(club, club_session, director):
    commitment = services.commitment_create(
        club=club,
        user=director,
        event="Autumn Pairs",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        sessions=[(club_session, 3)],
    )
    services.commitment_publish(commitment=commitment, user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director)
    finish(club_session)
    return services.commitment_reveal(commitment=commitment, user=director)


def test_a_director_creates_publishes_enters_the_dv_and_reveals_through_the_pages(
    club, club_session, director, client_for
):
    client = client_for(director)
    page = client.get(f"/dealing/commitments/new/{club.slug}/")
    assert page.status_code == 200 and "Tuesday Pairs" in page.content.decode()
    response = client.post(
        f"/dealing/commitments/new/{club.slug}/",
        {
            "event": "Autumn Pairs",
            "promise": "DJIA close on 2026-11-20",
            "dv_format": "decimal:2",
            f"session_{club_session.pk}": "on",
            f"boards_{club_session.pk}": "3",
        },
    )
    commitment = Commitment.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/dealing/commitments/{commitment.pk}/"
    detail = client.get(response["Location"]).content.decode()
    assert "Draft" in detail and f"session: riverside/2026-11-24/s{club_session.pk} 3" in detail
    assert commitment.secret_key not in detail

    asked = client.post(f"/dealing/commitments/{commitment.pk}/publish/")  # first: what publishing does
    assert asked.status_code == 200 and "Nothing of it can change afterwards" in asked.content.decode()
    assert Commitment.objects.get().status == "draft"
    client.post(f"/dealing/commitments/{commitment.pk}/publish/", {"confirmed": "yes"})
    commitment.refresh_from_db()
    assert commitment.status == "published"
    detail = client.get(f"/dealing/commitments/{commitment.pk}/").content.decode()
    assert commitment.commitment_hash in detail

    bad = client.post(f"/dealing/commitments/{commitment.pk}/delayed-value/", {"value": "43275.9"})
    assert bad.status_code == 400
    html = bad.content.decode()
    error = html.index("the delayed value &#x27;43275.9&#x27; must have exactly 2 digits")
    assert html.rindex('class="field-error"', 0, error) > html.rindex('name="value"', 0, error)
    client.post(f"/dealing/commitments/{commitment.pk}/delayed-value/", {"value": "43,275.91"})
    commitment.refresh_from_db()
    assert commitment.delayed_value == "43275.91"

    dealt = client.post(f"/dealing/sessions/{club_session.pk}/boards/deal/commitment/")
    assert dealt.status_code == 302 and club_session.boards.count() == 3

    early = client.post(
        f"/dealing/commitments/{commitment.pk}/reveal/", {"confirmed": "yes"}, follow=True
    ).content.decode()
    assert "Not over yet" in early and Commitment.objects.get().status == "published"
    finish(club_session)
    asked = client.post(f"/dealing/commitments/{commitment.pk}/reveal/").content.decode()
    assert "a revealed key stays public" in asked and commitment.secret_key not in asked
    assert Commitment.objects.get().status == "published"
    client.post(f"/dealing/commitments/{commitment.pk}/reveal/", {"confirmed": "yes"})
    detail = client.get(f"/dealing/commitments/{commitment.pk}/").content.decode()
    assert commitment.secret_key in detail and "Revealed" in detail


def test_the_create_form_reports_errors_next_to_the_fields(club, club_session, director, client_for):
    response = client_for(director).post(
        f"/dealing/commitments/new/{club.slug}/",
        {"event": "", "promise": "P", "dv_format": "decimal:2", f"session_{club_session.pk}": "on"},
    )
    html = response.content.decode()
    assert response.status_code == 200 and "This field is required." in html
    assert "How many boards will Tuesday Pairs have?" in html
    response = client_for(director).post(
        f"/dealing/commitments/new/{club.slug}/", {"event": "E", "promise": "P", "dv_format": "decimal:2"}
    )
    assert "Choose at least one session." in response.content.decode()
    assert not Commitment.objects.exists()


def test_only_directors_create(club, player, other_director, client_for):
    assert client_for(player).get(f"/dealing/commitments/new/{club.slug}/").status_code == 403
    assert client_for(other_director).get(f"/dealing/commitments/new/{club.slug}/").status_code == 404


def test_players_see_published_commitments_but_not_drafts(club, club_session, director, player, client_for):
    other = session_create(club=club, name="Other", date=datetime.date(2026, 12, 1))
    draft = services.commitment_create(
        club=club, user=director, event="Draft one", promise="P", dv_format="text", sessions=[(other, 2)]
    )
    published = services.commitment_publish(
        commitment=services.commitment_create(
            club=club, user=director, event="Published one", promise="P", dv_format="text", sessions=[(club_session, 2)]
        ),
        user=director,
    )
    listing = client_for(player).get("/dealing/commitments/").content.decode()
    assert "Published one" in listing and "Draft one" not in listing
    assert client_for(player).get(f"/dealing/commitments/{draft.pk}/").status_code == 404
    assert client_for(player).get(f"/dealing/commitments/{published.pk}/").status_code == 200
    assert "Draft one" in client_for(director).get("/dealing/commitments/").content.decode()


def test_published_json_and_notice_text(revealed, player, client_for):
    client = client_for(player)
    data = json.loads(client.get(f"/dealing/commitments/{revealed.pk}/published.json").content)
    published = PublishedCommitment.from_json(data)
    assert published.commitment == revealed.commitment_hash and "key" not in data
    notice = client.get(f"/dealing/commitments/{revealed.pk}/notice.txt").content.decode()
    assert revealed.commitment_hash in notice and revealed.published_text in notice
    record_text = notice.split("-----\n", 1)[1]
    public = record_text.rsplit("commitment: ", 1)[0]
    assert hashlib.sha256((public + f"key: {revealed.secret_key}\n").encode()).hexdigest() == revealed.commitment_hash


def test_revealed_json_recomputes_the_boards(revealed, club_session, player, client_for):
    data = json.loads(client_for(player).get(f"/dealing/commitments/{revealed.pk}/revealed.json").content)
    numbers = RevealedCommitment.from_json(data).deal_numbers()
    assert [int(n) for n in club_session.boards.order_by("number").values_list("deal_number", flat=True)] == numbers[
        revealed.entries.get().label
    ]


def test_revealed_json_waits_for_the_reveal(club, club_session, director, client_for):
    commitment = services.commitment_publish(
        commitment=services.commitment_create(
            club=club, user=director, event="E", promise="P", dv_format="text", sessions=[(club_session, 2)]
        ),
        user=director,
    )
    response = client_for(director).get(f"/dealing/commitments/{commitment.pk}/revealed.json")
    assert response.status_code == 302


def test_the_audit_page_passes_an_honest_commitment(revealed, auditor, client_for):
    html = client_for(auditor).get(f"/dealing/commitments/{revealed.pk}/audit/").content.decode()
    assert "Every check passed." in html and 'data-passed="no"' not in html
    assert html.count('data-passed="yes"') >= 5
    assert f'data-testid="computed-hash">{revealed.commitment_hash}' in html
    assert "all 3 boards match the commitment" in html


def test_the_audit_page_catches_a_swapped_board(revealed, club_session, auditor, client_for):
    from dealing.domain.numbering import number_to_deal

    board = Board.objects.get(session=club_session, number=2)
    other = int(board.deal_number) + 1
    Board.objects.filter(pk=board.pk).update(deal_number=str(other), deal_pbn=number_to_deal(other).to_pbn())
    html = client_for(auditor).get(f"/dealing/commitments/{revealed.pk}/audit/").content.decode()
    assert "Not every check passed" in html and "board 2 is N:" in html


def test_the_audit_page_catches_a_record_changed_behind_the_sites_back(revealed, auditor, client_for):
    Commitment.objects.filter(pk=revealed.pk).update(promise="FTSE close on 2026-11-20")
    html = client_for(auditor).get(f"/dealing/commitments/{revealed.pk}/audit/").content.decode()
    assert "the stored record no longer gives the text that was published" in html
    assert "Not every check passed" in html


def test_before_the_reveal_the_audit_says_what_it_cannot_check_yet(club, club_session, director, auditor, client_for):
    commitment = services.commitment_publish(
        commitment=services.commitment_create(
            club=club, user=director, event="E", promise="P", dv_format="text", sessions=[(club_session, 2)]
        ),
        user=director,
    )
    html = client_for(auditor).get(f"/dealing/commitments/{commitment.pk}/audit/").content.decode()
    assert "has not been revealed yet" in html and commitment.secret_key not in html


def test_players_cannot_audit(revealed, player, client_for):
    assert client_for(player).get(f"/dealing/commitments/{revealed.pk}/audit/").status_code == 403


# --- API ------------------------------------------------------------------------------


def test_the_api_flow(club, club_session, director, player, api_client_for):
    api = api_client_for(director)
    created = api.post(
        "/api/v1/commitments/",
        {
            "club": club.slug,
            "event": "API Pairs",
            "promise": "DJIA close",
            "dv_format": "decimal:2",
            "sessions": [{"session": club_session.pk, "boards": 2}],
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    cid = body["id"]
    assert body["status"] == "draft" and body["published"] is None and body["revealed"] is None
    assert "secret_key" not in json.dumps(body) and Commitment.objects.get().secret_key not in json.dumps(body)
    published = api.post(f"/api/v1/commitments/{cid}/publish/").json()
    assert published["published"]["commitment"] == published["commitment"]
    error = api.post(f"/api/v1/commitments/{cid}/delayed-value/", {"value": "12"}, format="json")
    assert error.status_code == 400
    assert error.json()["error"]["field"] == "delayed_value" and "exactly 2 digits" in error.json()["error"]["message"]
    assert api.post(f"/api/v1/commitments/{cid}/delayed-value/", {"value": "12.00"}, format="json").status_code == 200
    dealt = api.post(f"/api/v1/sessions/{club_session.pk}/boards/", {"source": "commitment"}, format="json")
    assert dealt.status_code == 201 and dealt.json()["dealt_from"] == "commitment"
    assert all("deal" not in b for b in dealt.json()["boards"])
    early = api.post(f"/api/v1/commitments/{cid}/reveal/")
    assert early.status_code == 400 and "Not over yet" in early.json()["error"]["message"]
    finish(club_session)
    final = api.post(f"/api/v1/commitments/{cid}/reveal/").json()
    assert final["status"] == "revealed" and final["revealed"]["key"] == Commitment.objects.get().secret_key
    audit = api.get(f"/api/v1/commitments/{cid}/audit/").json()
    assert audit["passed"] and audit["commitment"] == final["commitment"]
    boards = api_client_for(player).get(f"/api/v1/sessions/{club_session.pk}/boards/").json()
    assert boards["deals_visible"] and len(boards["boards"]) == 2 and boards["boards"][0]["deal"].startswith("N:")


@pytest.mark.parametrize(
    "payload, field",
    [
        ({"event": "E", "promise": "P", "dv_format": "decimal:2", "sessions": []}, "sessions"),
        ({"event": "E", "promise": "P", "dv_format": "float", "sessions": [{"session": 1, "boards": 2}]}, "dv_format"),
        ({"event": "", "promise": "P", "dv_format": "text", "sessions": [{"session": 1, "boards": 2}]}, "event"),
        (
            {"event": "E", "promise": "P", "dv_format": "text", "sessions": [{"session": 99999, "boards": 2}]},
            "sessions",
        ),
        (
            {"event": "E", "promise": "P", "dv_format": "text", "sessions": [{"session": 1, "boards": 0}]},
            "sessions.0.boards",
        ),
    ],
)
def test_api_create_errors_have_the_standard_shape(club, director, api_client_for, payload, field):
    response = api_client_for(director).post("/api/v1/commitments/", {"club": club.slug, **payload}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert set(error) >= {"code", "message", "field"} and error["field"] == field
    assert not Commitment.objects.exists()


def test_api_permissions(club, club_session, director, player, other_director, api_client_for):
    payload = {
        "club": club.slug,
        "event": "E",
        "promise": "P",
        "dv_format": "text",
        "sessions": [{"session": club_session.pk, "boards": 2}],
    }
    assert api_client_for(player).post("/api/v1/commitments/", payload, format="json").status_code == 403
    assert api_client_for(other_director).post("/api/v1/commitments/", payload, format="json").status_code == 404
    assert api_client_for(None).get("/api/v1/commitments/").status_code in (401, 403)
    cid = api_client_for(director).post("/api/v1/commitments/", payload, format="json").json()["id"]
    assert api_client_for(player).get(f"/api/v1/commitments/{cid}/").status_code == 404  # a draft
    assert api_client_for(player).post(f"/api/v1/commitments/{cid}/publish/").status_code == 404
    api_client_for(director).post(f"/api/v1/commitments/{cid}/publish/")
    assert api_client_for(player).get(f"/api/v1/commitments/{cid}/").status_code == 200
    assert api_client_for(player).post(f"/api/v1/commitments/{cid}/reveal/").status_code == 403
    deleted = api_client_for(director).delete(f"/api/v1/commitments/{cid}/")
    assert deleted.status_code == 400 and "cannot be deleted" in deleted.json()["error"]["message"]


def test_api_deal_and_import(club_session, director, api_client_for):
    from django.core.files.uploadedfile import SimpleUploadedFile

    api = api_client_for(director)
    missing = api.post(f"/api/v1/sessions/{club_session.pk}/boards/", {"source": "fresh"}, format="json")
    assert missing.status_code == 400 and missing.json()["error"]["field"] == "boards"
    pbn = b'[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    response = api.post(
        f"/api/v1/sessions/{club_session.pk}/boards/",
        {"source": "import", "file": SimpleUploadedFile("set.pbn", pbn)},
        format="multipart",
    )
    assert response.status_code == 201 and response.json()["dealt_from"] == "imported"
    again = api.post(f"/api/v1/sessions/{club_session.pk}/boards/", {"source": "fresh", "boards": 3}, format="json")
    assert again.status_code == 400 and "dealt already" in again.json()["error"]["message"]

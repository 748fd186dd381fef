"""The deal-set API and pages (Celery eager: a job runs inline when its transaction commits)."""

from __future__ import annotations

import hashlib

import pytest
from django.db.models import F

from dealing.models import DealSet, DealSetChunk
from dealing.services import deal_sets as service

from .conftest import sequential_output

KEY = "c3" * 32
pytestmark = pytest.mark.django_db


def _post(client, data, capture):
    with capture(execute=True) as callbacks:
        response = client.post("/api/v1/deal-sets/", data, format="json")
    return response, callbacks


def test_create_run_and_read_a_job(director, club, api_client_for, deal_set_root, django_capture_on_commit_callbacks):
    client = api_client_for(director)
    response, callbacks = _post(
        client,
        {"count": 1500, "formats": ["pbn", "binary"], "key": KEY, "label": "Teaching set"},
        django_capture_on_commit_callbacks,
    )
    assert response.status_code == 201, response.json()
    assert len(callbacks) == 1  # queued once, after the commit
    body = client.get(f"/api/v1/deal-sets/{response.json()['id']}/").json()
    assert body["status"] == "done" and body["club"] == "riverside" and body["count"] == 1500
    assert body["progress"]["done"] == body["progress"]["total"] == 1500 and body["progress"]["percent"] == 100.0
    assert body["key_fingerprint"] == hashlib.sha256(bytes.fromhex(KEY)).hexdigest()[:16]
    assert KEY not in str(body) and "secret" not in str(body)
    files = {f["format"]: f for f in body["files"]}
    assert list(files) == ["pbn", "binary"]
    download = client.get(files["pbn"]["url"])
    data = b"".join(download.streaming_content)
    assert data == sequential_output("pbn", bytes.fromhex(KEY), "Teaching set", 1500)
    assert files["pbn"]["sha256"] == hashlib.sha256(data).hexdigest() == download["X-Checksum-SHA256"]
    assert files["pbn"]["name"] == f"riverside-teaching-set-{body['id']}.pbn"
    assert [d["id"] for d in client.get("/api/v1/deal-sets/").json()] == [body["id"]]


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"count": 0, "formats": ["pbn"]}, "count", "1 … 100,000,000 deals, not 0"),
        ({"count": 100_000_001, "formats": ["pbn"]}, "count", "not 100,000,001"),
        ({"count": 10, "formats": ["pbn", "dlm"]}, "formats", "Unknown format 'dlm'"),
        ({"count": 10, "formats": ["pbn"], "key": "ab" * 31}, "key", "64 hex digits (256 bits), not 62"),
        ({"count": 10, "formats": ["pbn"], "key": "ab" * 33}, "key", "not 66"),
        ({"count": 10, "formats": ["pbn"], "commitment": 999_999}, "commitment", "is not one of"),
        ({"count": 10}, "formats", "required"),
    ],
)
def test_bad_input_is_a_400_and_nothing_is_queued(
    director, club, api_client_for, deal_set_root, django_capture_on_commit_callbacks, data, field, words
):
    response, callbacks = _post(api_client_for(director), data, django_capture_on_commit_callbacks)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == field and words in error["message"] and error["code"]
    assert callbacks == [] and not DealSet.objects.exists()


def test_someone_elses_commitment_is_a_400(
    director, club, other_director, other_club, api_client_for, make_commitment, django_capture_on_commit_callbacks
):
    from clubs.services import session_create

    theirs = make_commitment(
        other_club, other_director, [session_create(club=other_club, name="Hill pairs", date="2026-12-01")]
    )
    response, callbacks = _post(
        api_client_for(director),
        {"count": 10, "formats": ["pbn"], "commitment": theirs.pk},
        django_capture_on_commit_callbacks,
    )
    assert response.status_code == 400 and response.json()["error"]["field"] == "commitment"
    assert callbacks == [] and not DealSet.objects.exists()
    # and for its own club's director, whose club is named, the same commitment works
    response, _ = _post(
        api_client_for(other_director),
        {"club": "hilltop", "count": 10, "formats": ["csv"], "commitment": theirs.pk, "label": "extra"},
        django_capture_on_commit_callbacks,
    )
    assert response.status_code == 201 and response.json()["key_source"] == "commitment"


def test_directors_see_only_their_clubs_jobs(director, other_director, club, api_client_for, scorer):
    deal_set = service.deal_set_create(user=director, club=club, count=5, formats=["pbn"])
    assert api_client_for(other_director).get(f"/api/v1/deal-sets/{deal_set.pk}/").status_code == 404
    assert api_client_for(other_director).delete(f"/api/v1/deal-sets/{deal_set.pk}/").status_code == 404
    assert api_client_for(other_director).get("/api/v1/deal-sets/").json() == []
    assert api_client_for(scorer).get(f"/api/v1/deal-sets/{deal_set.pk}/").status_code == 404
    assert api_client_for(None).get("/api/v1/deal-sets/").status_code in (401, 403)
    response = api_client_for(other_director).post(
        "/api/v1/deal-sets/", {"club": "riverside", "count": 5, "formats": ["pbn"]}, format="json"
    )
    assert response.status_code == 404


def test_progress_while_running_and_cancel(director, club, api_client_for):
    deal_set = service.deal_set_create(user=director, club=club, count=200_000, formats=["pbn"], analysis=True)
    DealSet.objects.filter(pk=deal_set.pk).update(status="running", started_at=deal_set.created_at)
    DealSetChunk.objects.filter(deal_set=deal_set, kind="deal").update(done=F("count"))
    DealSetChunk.objects.filter(deal_set=deal_set, kind="analysis", index__lt=100).update(done=49)
    client = api_client_for(director)
    progress = client.get(f"/api/v1/deal-sets/{deal_set.pk}/").json()["progress"]
    assert progress["dealt"] == 200_000 and progress["analysed"] == 4_900 and progress["done"] == 4_900
    assert progress["total"] == 200_000 and progress["deals_per_second"] > 0 and progress["seconds_left"] > 0
    response = client.delete(f"/api/v1/deal-sets/{deal_set.pk}/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    assert response.json()["files"] == []
    again = client.delete(f"/api/v1/deal-sets/{deal_set.pk}/")
    assert again.status_code == 400 and "only a queued or running one" in again.json()["error"]["message"]


def test_a_file_is_not_downloadable_before_the_job_is_done(director, club, client_for):
    deal_set = service.deal_set_create(user=director, club=club, count=5, formats=["pbn"])
    assert client_for(director).get(f"/dealing/deal-sets/{deal_set.pk}/files/pbn/").status_code == 404


# --- pages ---------------------------------------------------------------------------------


def test_form_errors_stand_next_to_their_fields(director, club, client_for, django_capture_on_commit_callbacks):
    client = client_for(director)
    page = client.get("/dealing/deal-sets/new/")
    assert page.status_code == 200 and b'name="count"' in page.content
    with django_capture_on_commit_callbacks() as callbacks:
        response = client.post(
            "/dealing/deal-sets/new/",
            {"club": club.pk, "count": "0", "formats": ["pbn"], "key_source": "given", "key": "abcd"},
        )
    html = response.content.decode()
    assert response.status_code == 200 and callbacks == [] and not DealSet.objects.exists()
    assert 'id="id_count-error"' in html and "1 … 100,000,000 deals, not 0" in html
    response = client.post(
        "/dealing/deal-sets/new/",
        {"club": club.pk, "count": "10", "formats": ["pbn"], "key_source": "given", "key": "abcd"},
    )
    assert 'id="id_key-error"' in response.content.decode() and "not 4" in response.content.decode()
    response = client.post(
        "/dealing/deal-sets/new/", {"club": club.pk, "count": "10", "formats": ["pbn"], "key_source": "commitment"}
    )
    assert 'id="id_commitment-error"' in response.content.decode()
    assert not DealSet.objects.exists()


def test_the_job_page_polls_while_running_and_stops_when_done(
    director, club, client_for, deal_set_root, django_capture_on_commit_callbacks
):
    client = client_for(director)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(
            "/dealing/deal-sets/new/",
            {
                "club": club.pk,
                "count": "2000",
                "formats": ["pbn", "csv"],
                "key_source": "new",
                "label": "Club teaching",
            },
        )
    deal_set = DealSet.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/dealing/deal-sets/{deal_set.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert 'hx-trigger="every 1s"' in page and "Cancel" in page and "0 of 2,000 deals" in page
    with django_capture_on_commit_callbacks(execute=True):
        service.deal_set_dispatch(deal_set_id=deal_set.pk)
    partial = client.get(f"/dealing/deal-sets/{deal_set.pk}/progress/").content.decode()
    assert "hx-trigger" not in partial and "2,000 of 2,000 deals" in partial
    assert (
        f"riverside-club-teaching-{deal_set.pk}.pbn" in partial and deal_set.files.get(output="csv").sha256 in partial
    )
    listing = client.get("/dealing/deal-sets/").content.decode()
    assert "Club teaching" in listing


def test_other_clubs_job_page_is_404(director, other_director, club, client_for):
    deal_set = service.deal_set_create(user=director, club=club, count=5, formats=["pbn"])
    assert client_for(other_director).get(f"/dealing/deal-sets/{deal_set.pk}/").status_code == 404
    assert client_for(other_director).post(f"/dealing/deal-sets/{deal_set.pk}/cancel/").status_code == 404

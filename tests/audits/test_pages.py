"""The audit pages: create, upload, run, read; who sees what (concluded audits are public, drafts are not);
errors next to their field in English and Polish; the record's files and JSON."""

from __future__ import annotations

import hashlib
import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from audits import services
from audits.models import SquareDealAudit
from audits.services import Upload

pytestmark = pytest.mark.django_db


def upload(name, data):
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


@pytest.fixture
def concluded(auditor, wbg, django_capture_on_commit_callbacks):
    audit = services.audit_create(user=auditor, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))
    with django_capture_on_commit_callbacks(execute=True):
        services.audit_files_add(
            audit=audit,
            user=auditor,
            sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
            hand_records=[Upload("allpbn.actual", wbg["allpbn.actual"])],
        )
        services.audit_start(audit=audit, user=auditor)
    audit.refresh_from_db()
    return audit


@pytest.fixture
def draft(director, wbg):
    return services.audit_create(user=director, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.mark.slow
def test_a_director_audits_the_wbg_event_through_the_pages(
    client_for, director, wbg, django_capture_on_commit_callbacks
):
    client = client_for(director)
    assert client.get("/audits/").status_code == 200
    response = client.post("/audits/new/", {"sqd": upload("WBG2024.sqd", wbg["WBG2024.sqd"])})
    audit = SquareDealAudit.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/audits/{audit.pk}/"
    page = text(client.get(f"/audits/{audit.pk}/"))
    assert "World Bridge Games 2024" in page and "OPRR01 … OPRR17" in page and "1186 boards" in page
    response = client.post(
        f"/audits/{audit.pk}/files/",
        {
            "sqk": upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
            "hand_records": [upload("allpbn.actual", wbg["allpbn.actual"])],
        },
    )
    assert response.status_code == 302
    page = text(client.get(f"/audits/{audit.pk}/"))
    assert "The key file matches the published KH and has a key for every session." in page
    assert 'value="43275.91"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/audits/{audit.pk}/run/", {"dv": "43275.91", "order": "auto"})
    assert response.status_code == 302
    page = text(client.get(f"/audits/{audit.pk}/"))
    assert 'data-verdict="passed"' in page
    assert (
        "The key file is the one committed to, and all 1186 boards of the 90 sessions are the deals SquareDeal "
        "makes from it with the DV 43275.91."
    ) in page
    assert "1186 checked: 1186 match, 0 differ, 0 missing, 0 extra" in page
    assert "sessions sorted by file name" in page


@pytest.mark.slow
def test_a_typed_dv_off_by_a_hundredth_fails_with_a_clear_verdict(
    client_for, director, draft, wbg, django_capture_on_commit_callbacks
):
    client = client_for(director)
    client.post(
        f"/audits/{draft.pk}/files/",
        {
            "sqk": upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
            "hand_records": [upload("allpbn.actual", wbg["allpbn.actual"])],
        },
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/audits/{draft.pk}/run/", {"dv": "43275.92", "order": "auto"})
    page = text(client.get(f"/audits/{draft.pk}/"))
    assert 'data-verdict="failed"' in page
    assert "1186 of 1186 boards are not the deals SquareDeal makes." in page
    assert "Not one board matches: these hand records were not made with these keys and the DV 43275.92" in page
    assert "43275.92</code> — typed by the auditor; the published .sqd says 43275.91" in page
    session = text(client.get(f"/audits/{draft.pk}/sessions/1/1/"))
    # no order matched, so the lines are placed in the .sqd's order: OPRR01 is lines 1-16
    assert session.count('data-status="differs"') == 16 and "allpbn.actual, line 16<" in session


@pytest.mark.slow
def test_concluded_audits_are_public_drafts_are_not(
    concluded, draft, client_for, player, other_director, director, auditor
):
    anonymous = Client()
    listing = text(anonymous.get("/audits/"))
    assert f"/audits/{concluded.pk}/" in listing and f"/audits/{draft.pk}/" not in listing
    assert "New audit" not in listing
    for url in (
        f"/audits/{concluded.pk}/",
        f"/audits/{concluded.pk}/sessions/7/6/",
        f"/audits/{concluded.pk}/audit.json",
    ):
        assert anonymous.get(url).status_code == 200, url
    for who in (anonymous, client_for(player), client_for(other_director)):
        assert who.get(f"/audits/{draft.pk}/").status_code == 404
        assert who.get(f"/audits/{draft.pk}/files/{draft.files.get().pk}/").status_code == 404
    assert client_for(director).get(f"/audits/{draft.pk}/").status_code == 200
    assert client_for(auditor).get(f"/audits/{draft.pk}/").status_code == 200
    assert anonymous.get("/audits/new/").status_code == 302  # to the login page
    assert client_for(player).get("/audits/new/").status_code == 403
    assert client_for(other_director).post(f"/audits/{draft.pk}/delete/").status_code == 404
    assert anonymous.post(f"/audits/{concluded.pk}/copy/").status_code == 302
    assert SquareDealAudit.objects.count() == 2


@pytest.mark.slow
def test_the_files_download_with_their_sha256_and_the_json_record_lists_them(concluded, wbg):
    anonymous = Client()
    page = text(anonymous.get(f"/audits/{concluded.pk}/"))
    for name in ("WBG2024.sqd", "WBG2024.sqk", "allpbn.actual"):
        assert hashlib.sha256(wbg[name]).hexdigest() in page
        file = concluded.files.get(name=name)
        response = anonymous.get(f"/audits/{concluded.pk}/files/{file.pk}/")
        assert response.content == wbg[name] and response["X-Checksum-SHA256"] == file.sha256
        assert f'filename="{name}"' in response["Content-Disposition"]
    record = json.loads(anonymous.get(f"/audits/{concluded.pk}/audit.json").content)
    assert record["format"] == "squaredeal-audit-v1" and record["verdict"] == "passed"
    assert record["counts"] == {"boards": 1186, "match": 1186, "reserve": 0, "differs": 0, "missing": 0, "extra": 0}
    assert len(record["sessions"]) == 90 and sum(len(s["boards"]) for s in record["sessions"]) == 1186
    assert {f["name"]: f["sha256"] for f in record["files"]} == {
        n: hashlib.sha256(wbg[n]).hexdigest() for n in ("WBG2024.sqd", "WBG2024.sqk", "allpbn.actual")
    }


@pytest.mark.slow
def test_a_concluded_audit_offers_no_change_only_a_new_audit(concluded, client_for, auditor, director):
    page = text(client_for(auditor).get(f"/audits/{concluded.pk}/"))
    assert "audit-files-form" not in page and "audit-run-form" not in page and "Remove" not in page
    assert "New audit from these files" in page
    response = client_for(auditor).post(
        f"/audits/{concluded.pk}/files/", {"sqk": upload("x.sqk", b"1,1:abc\r\n")}, follow=True
    )
    assert "is concluded: it is a permanent record and cannot be changed" in text(response)
    assert concluded.files.count() == 3
    response = client_for(director).post(f"/audits/{concluded.pk}/copy/")
    copy = SquareDealAudit.objects.exclude(pk=concluded.pk).get()
    assert response["Location"] == f"/audits/{copy.pk}/" and copy.files.count() == 3 and copy.created_by == director


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "WBG2024.sqd: line 15: KH must be 64 hex digits (a SHA-256), not 'bd4a"),
        ("pl", "WBG2024.sqd: wiersz 15: KH musi mieć 64 cyfry szesnastkowe (SHA-256), a nie 'bd4a"),
    ],
)
def test_a_bad_file_is_named_next_to_its_field_in_the_readers_language(client_for, director, wbg, language, expected):
    client = client_for(director)
    client.cookies["django_language"] = language
    bad = wbg["WBG2024.sqd"].replace(b"KH bd4a46", b"KH bd4a4")
    page = client.post("/audits/new/", {"sqd": upload("WBG2024.sqd", bad)}).content.decode()
    error = re.search(r'<small class="field-error" id="id_sqd-error" role="alert">(.*?)</small>', page, re.S)
    assert error and expected in error.group(1).replace("&#x27;", "'"), page[-3000:]
    assert not SquareDealAudit.objects.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "WBG2024.sqd: line 11: phase 4 (Round of 16 #/3) has 999,999 sessions, more than the 999 an audit takes "
            "in a phase",
        ),
        (
            "pl",
            "WBG2024.sqd: wiersz 11: faza 4 (Round of 16 #/3): liczba sesji 999\xa0999, a audyt przyjmuje w jednej "
            "fazie najwyżej 999",
        ),
    ],
)
def test_an_event_larger_than_an_audit_takes_is_refused_in_the_readers_language(
    client_for, director, wbg, language, expected
):
    client = client_for(director)
    client.cookies["django_language"] = language
    huge = wbg["WBG2024.sqd"].replace(b"SN 3:20:", b"SN 999999:20:")
    page = client.post("/audits/new/", {"sqd": upload("WBG2024.sqd", huge)}).content.decode()
    error = re.search(r'<small class="field-error" id="id_sqd-error" role="alert">(.*?)</small>', page, re.S)
    assert error and expected in html.unescape(error.group(1)), page[-3000:]
    assert not SquareDealAudit.objects.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "allpbn.actual: 1185 deals, but the event has 1186 boards in 90 sessions"),
        ("pl", "allpbn.actual: liczba rozdań w pliku: 1185, a w zawodach: 1186 (sesji: 90)"),
    ],
)
def test_hand_records_of_the_wrong_shape_are_named_in_the_readers_language(
    client_for, director, draft, wbg, language, expected
):
    client = client_for(director)
    client.cookies["django_language"] = language
    short = b"".join(wbg["allpbn.actual"].splitlines(keepends=True)[:-1])
    response = client.post(f"/audits/{draft.pk}/files/", {"hand_records": [upload("allpbn.actual", short)]})
    assert response.status_code == 400
    error = re.search(
        r'<small class="field-error" id="id_hand_records-error" role="alert">(.*?)</small>',
        response.content.decode(),
        re.S,
    )
    assert error and expected in error.group(1)
    assert draft.files.count() == 1


@pytest.mark.slow
def test_the_verdict_page_in_polish(concluded, client_for, director):
    client = Client()
    client.cookies["django_language"] = "pl"
    page = text(client.get(f"/audits/{concluded.pk}/"))
    assert "✔ Pozytywny" in page and "Użyta wartość odroczona (WO)" in page
    for english in ("The key file is the one committed to", "Delayed value used", "Sessions", "Passed"):
        assert english not in page, english
    session = text(client.get(f"/audits/{concluded.pk}/sessions/7/6/"))
    assert "Rozdanie 17" in session


@pytest.mark.slow
def test_the_progress_partial_polls_while_running_and_reloads_the_page_when_done(
    concluded, draft, client_for, director
):
    SquareDealAudit.objects.filter(pk=draft.pk).update(status="running", progress_done=30, progress_total=90)
    partial = client_for(director).get(f"/audits/{draft.pk}/progress/")
    assert 'hx-trigger="every 1s"' in text(partial) and "30 of 90 sessions (33 %)" in text(partial)
    assert "HX-Refresh" not in partial
    done = Client().get(f"/audits/{concluded.pk}/progress/")
    assert done["HX-Refresh"] == "true"
    page = text(client_for(director).get(f"/audits/{draft.pk}/"))
    assert 'data-testid="audit-progress"' in page and "audit-run-form" not in page


@pytest.mark.slow
def test_a_session_page_shows_each_board_and_where_it_was_read(concluded):
    page = text(Client().get(f"/audits/{concluded.pk}/sessions/1/1/"))
    assert page.count('data-status="match"') == 16 and "allpbn.actual, line 387" in page
    assert Client().get(f"/audits/{concluded.pk}/sessions/9/1/").status_code == 404


@pytest.mark.slow
def test_a_stalled_run_can_be_queued_again(
    draft, client_for, director, other_director, wbg, django_capture_on_commit_callbacks
):
    import datetime

    from django.utils import timezone

    client = client_for(director)
    client.post(
        f"/audits/{draft.pk}/files/",
        {
            "sqk": upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
            "hand_records": [upload("allpbn.actual", wbg["allpbn.actual"])],
        },
    )
    SquareDealAudit.objects.filter(pk=draft.pk).update(
        status="running", dv="43275.91", started_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    assert "audit-requeue" not in text(client.get(f"/audits/{draft.pk}/progress/"))
    assert "is not stalled" in text(client.post(f"/audits/{draft.pk}/requeue/", follow=True))
    SquareDealAudit.objects.filter(pk=draft.pk).update(started_at=timezone.now() - datetime.timedelta(minutes=5))
    assert "audit-requeue" in text(client.get(f"/audits/{draft.pk}/progress/"))
    assert client_for(other_director).post(f"/audits/{draft.pk}/requeue/").status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/audits/{draft.pk}/requeue/")
    draft.refresh_from_db()
    assert draft.verdict == "passed"

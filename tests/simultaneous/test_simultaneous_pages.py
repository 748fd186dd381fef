"""A simultaneous pairs through its pages (issue 22): the organiser's club creates it, each club's results file
(USEBIO or PBN, as other scoring programs write them) goes in, is replaced or removed, and the results page ranks
every pair across the whole field beside its club's local ranking, as ``scoring.domain.simultaneous`` scores it;
a bad file is refused naming the file and the place, and nothing changes; only the organising club's directors
(and site auditors, reading) see any of it."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.formats.usebio_schema import check_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import shown
from scoring.domain.simultaneous import score_simultaneous, simultaneous_of_files
from simultaneous.models import ClubResultsFile, SimultaneousEvent
from simultaneous.services import club_file_upload, event_create

pytestmark = pytest.mark.django_db

USEBIO = "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml"  # NSBC@Lindfield, 12 pairs
PBN = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"  # Welwyn Garden City, 13 pairs


def _event(club, director, **options):
    options.setdefault("boards", 27)  # the USEBIO file's club played 27 boards
    return event_create(club=club, user=director, name="Autumn Sim", date=datetime.date(2026, 11, 27), **options)


def _upload(event, director, path, club_name=""):
    return club_file_upload(
        event=event, upload=SimpleUploadedFile(path.name, path.read_bytes()), user=director, club_name=club_name
    )


def _post_file(client, event, name, data, club="", url=None):
    upload = SimpleUploadedFile(name, data)
    return client.post(url or f"/simultaneous/{event.pk}/", {"file": upload, "club": club})


def test_the_organiser_creates_the_event_from_the_club_page(client_for, director, club):
    client = client_for(director)
    assert f"/clubs/{club.slug}/simultaneous/" in client.get(f"/clubs/{club.slug}/").content.decode()
    response = client.post(
        f"/clubs/{club.slug}/simultaneous/",
        {"name": "Autumn Sim", "date": "2026-11-27", "scale": "acbl", "factoring": "none"},
    )
    event = SimultaneousEvent.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simultaneous/{event.pk}/"
    assert (event.club, event.scale, event.factoring, event.created_by) == (club, "acbl", "none", director)
    assert "Autumn Sim" in client.get(f"/clubs/{club.slug}/simultaneous/").content.decode()
    assert client.post(f"/clubs/{club.slug}/simultaneous/", {"name": ""}).status_code == 400


def test_the_clubs_files_are_listed_and_ranked_across_the_field(
    client_for, director, club, events_dir, django_capture_on_commit_callbacks, monkeypatch
):
    event = _event(club, director)
    client = client_for(director)
    with django_capture_on_commit_callbacks(execute=True):  # each upload queues the field's combination (eager)
        response = _post_file(client, event, USEBIO, (events_dir / USEBIO).read_bytes())
        assert response.status_code == 302
        response = _post_file(client, event, PBN, (events_dir / PBN).read_bytes(), club="Welwyn")
        assert response.status_code == 302
    files = {f.club_name: f for f in ClubResultsFile.objects.filter(event=event)}
    assert set(files) == {"NSBC@Lindfield", "Welwyn"}  # the USEBIO file names its club; the PBN's is typed
    assert (files["NSBC@Lindfield"].pairs, files["Welwyn"].pairs) == (12, 13)
    assert files["Welwyn"].boards == 24 and files["Welwyn"].uploaded_by == director
    page = client.get(f"/simultaneous/{event.pk}/").content.decode()
    assert USEBIO in page and PBN in page and "NSBC@Lindfield" in page

    # the domain's combination of the same two files, every pair's overall and local numbers
    read = [
        (USEBIO, read_usebio((events_dir / USEBIO).read_bytes())),
        (PBN, read_pbn_results((events_dir / PBN).read_bytes())),
    ]
    read[1][1].club_name = "Welwyn"
    score = score_simultaneous(simultaneous_of_files(read, ScoringOptions()))
    expected = [
        [p.section, p.pair, shown(p.percentage), p.place, shown(score.local[(p.section, p.pair)][0])]
        + [score.local[(p.section, p.pair)][1]]
        for p in score.overall.pairs
    ]
    results = client.get(f"/simultaneous/{event.pk}/results/")
    assert results.status_code == 200
    text = results.content.decode()
    assert text.count('data-testid="ranking-row"') == 25 and expected[0][2] in text
    download = client.get(f"/simultaneous/{event.pk}/results.csv")
    assert download["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(download.content.decode("utf-8-sig"))))
    assert rows[0] == ["Club", "Pair", "Players", "Overall %", "Overall place", "Local %", "Local place"]
    assert [[r[0], r[1], r[3], r[4], r[5], r[6]] for r in rows[1:]] == expected
    names = {r[0]: r[2] for r in rows[1:] if r[1] == "1"}
    assert names == {"NSBC@Lindfield": "Player 1 – Player 2", "Welwyn": ""}  # the PBN file carries no names

    # the whole field as one USEBIO file: a section per club, the same overall numbers as the CSV, valid USEBIO 1.2
    field = client.get(f"/simultaneous/{event.pk}/results.xml")
    assert field.status_code == 200 and 'data-testid="simultaneous-usebio"' in text
    assert check_usebio(field.content) == []
    read = read_usebio(field.content)
    assert read.sections == ("NSBC@Lindfield", "Welwyn") and read.deals == {}  # not dealt: no HANDSET
    written = sorted([p.section, p.written or p.id, p.percentage, p.place] for p in read.pairs)
    assert written == sorted([r[0], r[1], r[3], r[4]] for r in rows[1:])
    assert len(read.lines) == sum(f.lines for f in files.values())

    # a national field's ranking comes a page at a time (the CSV above holds every pair)
    monkeypatch.setattr("simultaneous.views.RANKING_PAGE", 10)
    last = client.get(f"/simultaneous/{event.pk}/results/", {"page": 3}).content.decode()
    assert last.count('data-testid="ranking-row"') == 5 and "Pairs 21–25 of 25" in last
    assert f">{expected[20][3]}<" in last and 'rel="prev"' in last and 'rel="next"' not in last
    first = client.get(f"/simultaneous/{event.pk}/results/", {"page": "x"}).content.decode()  # not a page: the first
    assert first.count('data-testid="ranking-row"') == 10 and "Pairs 1–10 of 25" in first and "?page=2" in first


def test_a_bad_file_is_refused_naming_it_and_nothing_changes(client_for, director, club, events_dir):
    event = _event(club, director)
    kept = _upload(event, director, events_dir / PBN, club_name="Welwyn")
    client = client_for(director)
    broken = (events_dir / USEBIO).read_bytes()[:3000]
    for name, data, field, words in [
        ("club.txt", b"hello", "file", "club.txt: not a results file this site reads"),
        ("empty.xml", b"", "file", "empty.xml"),
        ("broken.xml", broken, "file", "broken.xml"),
        (PBN, (events_dir / PBN).read_bytes(), "club", "appears twice"),
    ]:
        response = _post_file(client, event, name, data, club="Welwyn" if field == "club" else "")
        assert response.status_code == 400, name
        errors = response.context["form"].errors[field]
        assert any(words in e for e in errors), (name, errors)
    assert "line" in " ".join(_post_file(client, event, "broken.xml", broken).context["form"].errors["file"])
    assert list(ClubResultsFile.objects.filter(event=event)) == [kept]
    kept.refresh_from_db()
    assert bytes(kept.data) == (events_dir / PBN).read_bytes() and kept.club_name == "Welwyn"


def test_a_clubs_file_is_replaced_or_removed(client_for, director, club, events_dir):
    event = _event(club, director)
    welwyn = _upload(event, director, events_dir / PBN, club_name="Welwyn")
    lindfield = _upload(event, director, events_dir / USEBIO)
    client = client_for(director)
    replace = f"/simultaneous/{event.pk}/files/{welwyn.pk}/replace/"
    refused = _post_file(client, event, "x.txt", b"no", url=replace)
    assert refused.status_code == 400 and refused.context["failed"] == welwyn.pk
    assert "x.txt" in refused.content.decode()
    response = _post_file(client, event, "welwyn-2.pbn", (events_dir / PBN).read_bytes(), url=replace)
    assert response.status_code == 302
    welwyn.refresh_from_db()
    assert (welwyn.club_name, welwyn.filename) == ("Welwyn", "welwyn-2.pbn")  # the club kept, the file new
    response = client.post(f"/simultaneous/{event.pk}/files/{lindfield.pk}/remove/")
    assert response.status_code == 302
    assert list(ClubResultsFile.objects.filter(event=event)) == [welwyn]
    assert client.get(f"/simultaneous/{event.pk}/files/{welwyn.pk}/remove/").status_code == 405


def test_only_the_organising_clubs_directors_and_auditors_see_it(
    client_for, director, club, player, other_director, auditor, events_dir
):
    event = _event(club, director)
    welwyn = _upload(event, director, events_dir / PBN, club_name="Welwyn")
    pages = [
        f"/clubs/{club.slug}/simultaneous/",
        f"/simultaneous/{event.pk}/",
        f"/simultaneous/{event.pk}/results/",
        f"/simultaneous/{event.pk}/results.csv",
        f"/simultaneous/{event.pk}/results.xml",
    ]
    for user in (player, other_director):
        for url in pages:
            assert client_for(user).get(url).status_code == 404, (user, url)
        assert client_for(user).post(f"/simultaneous/{event.pk}/files/{welwyn.pk}/remove/").status_code == 404
    reader = client_for(auditor)
    assert [reader.get(url).status_code for url in pages] == [200, 200, 200, 200, 200]
    assert 'data-testid="club-file-form"' not in reader.get(pages[1]).content.decode()
    assert reader.post(f"/simultaneous/{event.pk}/files/{welwyn.pk}/remove/").status_code == 403
    assert reader.post(pages[0], {"name": "X", "date": "2026-11-27"}).status_code == 403
    assert client_for(director).get(f"/simultaneous/{event.pk}/files/987654/remove/").status_code == 405
    assert ClubResultsFile.objects.filter(pk=welwyn.pk).exists()


def test_the_migrations_hold_the_models():
    call_command("makemigrations", "simultaneous", "--check", "--dry-run", stdout=io.StringIO())

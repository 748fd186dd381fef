"""A club's page inside a simultaneous pairs' results (issue 22): one participating club's pairs, each with its place
and percentage across the whole field beside its place and percentage within the club, linked from the club's name
in the field's ranking and from the club director's page of the event; named by where the club's results came from
(its registered session's entry, or its results file: never by a name with spaces or diacritics), read from that
club's kept rows alone, and hidden under the results page's rule (nothing before the embargo ends to players)."""

from __future__ import annotations

import csv
import datetime
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubs.models import Session
from clubs.services import club_create, member_create
from scoring.services.sessions import session_results_publish
from simultaneous.models import FieldCombination
from simultaneous.services import (
    club_boards_release,
    club_file_upload,
    club_session_register,
    event_create,
    event_deals_commit,
    event_deals_deal,
    event_embargo_end,
)
from tests.simultaneous.test_simultaneous_clubs import PBN, played_evening
from tests.worlds import user_make

pytestmark = pytest.mark.django_db

#: a club that sends its results file, named with spaces and diacritics
ZYRARDOW = "Żyrardów Brydż Klub"
HILLTOP = "Hilltop Bridge Club"
PLACE = re.compile(r'<td class="place">([^<]*)</td>')


def _shown(page: str) -> list[tuple[str, str]]:
    """The club page's rows as (overall place, local place), in the order shown."""
    places = PLACE.findall(page)
    return list(zip(places[0::2], places[1::2]))


def test_a_clubs_page_shows_its_pairs_alone_with_both_results_after_the_embargo(
    client_for, club, director, other_club, other_director, auditor, events_dir, monkeypatch,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    monkeypatch.setattr("dealing.services.boards.queue_session_analysis", lambda session_id: None)
    event = event_create(
        club=club, user=director, name="Autumn Sim", date=timezone.localdate(), boards=24,
        embargo_until=timezone.now() + datetime.timedelta(hours=3),
    )  # fmt: skip
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    event.refresh_from_db()
    session = played_evening(other_club, other_director)  # Hilltop: 8 pairs, boards 1 and 2
    entry = club_session_register(event=event, session=session, user=other_director)
    club_boards_release(entry=entry, user=other_director)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    without_hands = re.sub(rb"\[Deal \"[^\"]*\"\]\r?\n", b"", (events_dir / PBN).read_bytes())
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=session, user=other_director)
        club_file = club_file_upload(
            event=event, upload=SimpleUploadedFile(PBN, without_hands), user=director, club_name=ZYRARDOW
        )
    kept = FieldCombination.objects.get(event=event)
    assert {row["club"] for row in kept.rows} == {HILLTOP, ZYRARDOW} and kept.pairs == len(kept.rows) == 21
    hilltop_rows = [(row["place"], row["local_place"]) for row in kept.rows if row["club"] == HILLTOP]

    hugo, lena = user_make("hugo"), user_make("lena")
    member_create(club=other_club, first_name="Hugo", last_name="Hill", user=hugo)  # plays at Hilltop
    lakeside = club_create(name="Lakeside Bridge Club", slug="lakeside", city="Lakeside")  # not in the event
    member_create(club=lakeside, first_name="Lena", last_name="Lake", user=lena)
    hilltop_url = f"/simultaneous/{event.pk}/results/clubs/{entry.pk}/"
    file_url = f"/simultaneous/{event.pk}/results/files/{club_file.pk}/"
    urls = [hilltop_url, file_url, f"/simultaneous/{event.pk}/results/clubs/{entry.pk}.csv"]

    # before the embargo ends: the organiser and the site auditor read it (as the results page); players never
    for user in (hugo, lena, other_director):
        for url in urls:
            assert client_for(user).get(url).status_code == 404, (user, url)
    assert 'data-testid="club-results-link"' not in (
        client_for(other_director).get(f"/clubs/hilltop/simultaneous/{event.pk}/").content.decode()
    )
    for user in (director, auditor):
        assert client_for(user).get(hilltop_url).status_code == 200

    with django_capture_on_commit_callbacks(execute=True):
        event.embargo_until = timezone.now() - datetime.timedelta(minutes=1)
        event.save(update_fields=["embargo_until"])
        event_embargo_end(event=event, user=director)
    player = client_for(hugo)

    # the ranking links each club's name to its page, by its entry or its file (not by its name)
    ranking = player.get(f"/simultaneous/{event.pk}/results/").content.decode()
    assert ranking.count('data-testid="club-link"') == 21
    assert f'href="{hilltop_url}" data-testid="club-link">{HILLTOP}</a>' in ranking
    assert f'href="{file_url}" data-testid="club-link">{ZYRARDOW}</a>' in ranking
    # ... and so does the club director's page of the event, once the embargo has ended
    director_page = client_for(other_director).get(f"/clubs/hilltop/simultaneous/{event.pk}/").content.decode()
    assert f'href="{hilltop_url}" data-testid="club-results-link"' in director_page

    # Hilltop's page: its 8 pairs alone, in the overall order, each overall place beside its local one
    with CaptureQueriesContext(connection) as queries:
        response = player.get(hilltop_url)
    page = response.content.decode()
    assert response.status_code == 200 and page.count('data-testid="club-ranking-row"') == 8
    assert _shown(page) == hilltop_rows
    assert len({local for _overall, local in hilltop_rows}) > 1 and "Local place" in page and "Overall %" in page
    assert ZYRARDOW not in page and "?club=%C5%BB" not in page and "clubs: 2 · pairs: 21" in page
    assert page.count('data-testid="scorecard-link"') == 8
    assert f"/simultaneous/{event.pk}/scorecard/?club=Hilltop%20Bridge%20Club&amp;pair=1" in page
    assert 'data-testid="publication"' in page and "Not published yet" in page
    # read from the club's kept rows: the field's whole ranking is never loaded
    assert not any("fieldcombination" in q["sql"] and '"rows"' in q["sql"] for q in queries.captured_queries)

    # the scorecard it links to answers, read from the club's rows too
    card = player.get(f"/simultaneous/{event.pk}/scorecard/?club=Hilltop+Bridge+Club&pair=1")
    assert card.status_code == 200 and card.content.decode().count('data-testid="scorecard-row"') == 2

    # the club that sent its file, named with diacritics: its 13 pairs alone
    page = player.get(file_url).content.decode()
    assert page.count('data-testid="club-ranking-row"') == 13 and "?club=Hilltop" not in page and ZYRARDOW in page
    assert "?club=%C5%BByrard%C3%B3w%20Bryd%C5%BC%20Klub&amp;pair=1" in page

    # the club's rows as CSV
    response = player.get(urls[2])
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][0] == "Club" and len(rows) == 9 and {row[0] for row in rows[1:]} == {HILLTOP}
    assert [(row[4], row[6]) for row in rows[1:]] == hilltop_rows

    # another club's player still nothing; an id naming no club of this event: the site's 404
    for url in urls:
        assert client_for(lena).get(url).status_code == 404
    for url in (f"/simultaneous/{event.pk}/results/clubs/987654/", f"/simultaneous/{event.pk}/results/files/987654/"):
        assert player.get(url).status_code == 404
    other = event_create(club=club, user=director, name="Winter Sim", date=timezone.localdate())
    assert client_for(director).get(f"/simultaneous/{other.pk}/results/clubs/{entry.pk}/").status_code == 404

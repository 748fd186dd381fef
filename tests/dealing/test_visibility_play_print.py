"""Nobody sees a deal before its session is over: Play it again (page, fragment, API) and the hand record to
print (HTML, PDF, its progress), for each session state and each kind of viewer.

Before the session is over every one of these addresses answers 404 to everyone who is logged in — directors
included (they take deals off the site through their dealing-machine files only) — and sends anonymous
visitors to log in; nothing of any deal is in any answer. Once it is over, anyone who may see the session
gets them, and a director of another club still gets 404. (The pages and secrets are those of
``tests/dealing/test_visibility.py``.)
"""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Session
from dealing.models import Board
from tests.dealing.test_visibility import leaks, secrets_of

pytestmark = pytest.mark.django_db

VIEWERS = ["player", "scorer", "director", "auditor", "other_director"]


def page_urls(session) -> list[str]:
    s = session.pk
    return [
        f"/dealing/sessions/{s}/boards/1/play/",
        f"/dealing/sessions/{s}/boards/1/play/?contract=4S&declarer=N&cards=HA",
        f"/dealing/sessions/{s}/boards/2/play/?contract=3NT&declarer=S&auto=defence",
        f"/dealing/sessions/{s}/boards/99/play/",
        f"/dealing/sessions/{s}/hand-record/print/",
        f"/dealing/sessions/{s}/hand-record.pdf",
        f"/dealing/sessions/{s}/hand-record.pdf?partial=1",
        f"/dealing/sessions/{s}/hand-record.pdf/progress/",
    ]


def set_status(session, status):
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.mark.parametrize("status", [Session.Status.PLANNED, Session.Status.RUNNING])
@pytest.mark.parametrize("who", VIEWERS)
def test_before_the_end_every_address_is_404_and_shows_nothing(request, dealt, status, who, client_for, api_client_for):
    session, commitment = dealt
    set_status(session, status)
    user = request.getfixturevalue(who)
    client, secrets = client_for(user), secrets_of(session, commitment)
    for url in page_urls(session):
        response = client.get(url)
        assert response.status_code == 404, (who, url, response.status_code)
        assert not leaks(body(response), secrets), (who, url)
        fragment = client.get(url, HTTP_HX_REQUEST="true")
        assert fragment.status_code == 404 and not leaks(body(fragment), secrets)
    for payload in ({}, {"contract": "4S", "declarer": "N", "cards": ["HA"]}, {"defenders_play": True}):
        response = api_client_for(user).post(f"/api/v1/sessions/{session.pk}/boards/1/play/", payload, format="json")
        assert response.status_code == 404 and not leaks(response.content, secrets), (who, payload)


@pytest.mark.parametrize("status", [Session.Status.PLANNED, Session.Status.RUNNING, Session.Status.FINISHED])
def test_anonymous_visitors_are_sent_to_log_in(dealt, status, api_client_for):
    session, commitment = dealt
    set_status(session, status)
    for url in page_urls(session):
        response = Client().get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    response = api_client_for(None).post(f"/api/v1/sessions/{session.pk}/boards/1/play/", {}, format="json")
    assert response.status_code in (401, 403) and not leaks(response.content, secrets_of(session, commitment))


@pytest.mark.slow
@pytest.mark.parametrize("status", [Session.Status.FINISHED, Session.Status.PROVISIONAL, Session.Status.PUBLISHED])
@pytest.mark.parametrize("who", ["player", "scorer", "director", "auditor"])
def test_once_over_whoever_sees_the_session_gets_them(request, dealt, status, who, client_for, api_client_for):
    session, _commitment = dealt
    set_status(session, status)
    client = client_for(request.getfixturevalue(who))
    first = Board.objects.get(session=session, number=1)
    north = first.deal_pbn[2:].split()[0]
    page = client.get(f"/dealing/sessions/{session.pk}/boards/1/play/")
    assert page.status_code == 200
    assert client.get(f"/dealing/sessions/{session.pk}/hand-record/print/").status_code == 200
    pdf = client.get(f"/dealing/sessions/{session.pk}/hand-record.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    data = (
        api_client_for(request.getfixturevalue(who))
        .post(f"/api/v1/sessions/{session.pk}/boards/1/play/", {}, format="json")
        .json()
    )
    assert data["hands"]["N"] == north


@pytest.mark.parametrize("status", [Session.Status.FINISHED, Session.Status.PUBLISHED])
def test_once_over_another_clubs_director_still_gets_404(dealt, status, other_director, client_for, api_client_for):
    session, commitment = dealt
    set_status(session, status)
    secrets = secrets_of(session, commitment)
    for url in page_urls(session):
        response = client_for(other_director).get(url)
        assert response.status_code == 404 and not leaks(body(response), secrets), url
    response = api_client_for(other_director).post(f"/api/v1/sessions/{session.pk}/boards/1/play/", {}, format="json")
    assert response.status_code == 404

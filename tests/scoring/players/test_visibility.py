"""Who sees the players' results pages, for each state of the session and each kind of viewer; and nothing of a
deal anywhere before the session is over.

Published results are public unless the club keeps them to its members; before publication only the club's
directors and scorers (and site auditors) read them, as a preview. Everyone else gets the same 404 page as for a
session that does not exist.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clubs.models import Club, Session
from tests.dealing.test_visibility import leaks

pytestmark = pytest.mark.django_db

VIEWERS = ["anonymous", "outsider", "player", "scorer", "director", "other_director", "auditor"]
STAFF = {"scorer", "director", "auditor"}


def urls(session) -> list[str]:
    s = session.pk
    return [
        f"/scoring/sessions/{s}/ranking/",
        f"/scoring/sessions/{s}/ranking.csv",
        f"/scoring/sessions/{s}/pairs/1/",
        f"/scoring/sessions/{s}/pairs/2/",
        f"/scoring/sessions/{s}/boards/1/",
        f"/scoring/sessions/{s}/boards/2/?pair=1",
    ]


@pytest.fixture
def outsider(django_user_model):
    """A login with no tie to the club."""
    return django_user_model.objects.create_user("olaf", password="olaf-pass-2026")


def _client(request, who: str, client_for) -> Client:
    return Client() if who == "anonymous" else client_for(request.getfixturevalue(who))


def deal_secrets(session) -> list[str]:
    from dealing.models import Board

    found = []
    for board in Board.objects.filter(session=session):
        found += [board.deal_pbn, board.deal_number, board.deal_pbn[2:]]
        found += [hand for hand in board.deal_pbn[2:].split() if len(hand) > 10]
        found += [f"Deal number {board.deal_number}", 'class="hand-diagram"', 'class="dd-table"']
    return found


def _status(session, status: str) -> None:
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


@pytest.mark.slow
@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("state", ["running", "finished"])
def test_before_publication_only_the_clubs_staff_see_the_results(request, played, who, state, client_for):
    _status(played, state)
    client = _client(request, who, client_for)
    for url in urls(played):
        response = client.get(url)
        expected = 200 if who in STAFF else 404
        assert response.status_code == expected, (who, state, url)
        if expected == 404:
            assert b"No results here" in response.content and b"Tuesday Pairs" not in response.content


@pytest.mark.parametrize("who", VIEWERS)
def test_nothing_of_a_deal_before_the_session_is_over(request, played, who, client_for, mailoutbox):
    _status(played, "running")
    client = _client(request, who, client_for)
    secrets = deal_secrets(played)
    for url in urls(played) + ["/scoring/me/", f"/sessions/{played.pk}/"]:
        response = client.get(url)
        assert not leaks(response.content, secrets), (who, url, response.status_code)
    if who in STAFF:
        assert b"The deal is shown once the session is over" in client.get(urls(played)[4]).content


@pytest.mark.parametrize("who", VIEWERS)
@pytest.mark.parametrize("final", [False, True])
def test_published_results_are_public(request, published, who, final, client_for, director):
    if final:
        _status(published, Session.Status.PUBLISHED)
    client = _client(request, who, client_for)
    for url in urls(published):
        assert client.get(url).status_code == 200, (who, url)
    traveller = client.get(urls(published)[4]).content
    assert leaks(traveller, deal_secrets(published))  # once over, the deal is on the traveller


@pytest.mark.parametrize("who", VIEWERS)
def test_a_club_may_keep_its_published_results_to_its_members(request, published, who, client_for):
    Club.objects.filter(pk=published.club_id).update(results_public=False)
    client = _client(request, who, client_for)
    expected = 200 if who in STAFF | {"player"} else 404
    for url in urls(published):
        response = client.get(url)
        assert response.status_code == expected, (who, url)
        if expected == 404:
            assert not leaks(response.content, deal_secrets(published) + ["Ada Adamska", "Tuesday Pairs"])


def test_the_404_is_the_same_for_hidden_and_missing_results(request, played, client_for):
    client = Client()
    hidden = client.get(f"/scoring/sessions/{played.pk}/ranking/")
    missing = client.get("/scoring/sessions/987654/ranking/")
    assert hidden.status_code == missing.status_code == 404

    def without_tokens(content: bytes) -> str:
        text = re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": |nonce=)"[^"]+"', "", content.decode())
        return re.sub(r"/sessions/\d+/", "/sessions/N/", text)  # the address asked for (the login's "next")

    assert without_tokens(hidden.content) == without_tokens(missing.content)


def test_a_players_history_holds_only_published_sessions(
    played, player, client_for, director, django_capture_on_commit_callbacks
):
    from scoring.services.sessions import session_results_publish

    client = client_for(player)
    assert b"Tuesday Pairs" not in client.get("/scoring/me/").content
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=played, user=director, query_hours=0)
    assert b"Tuesday Pairs" in client.get("/scoring/me/").content


def test_the_settings_page_is_the_players_own(published, player, client_for, django_user_model):
    from clubs.models import Member

    ada = Member.objects.get(user=player)
    other = django_user_model.objects.create_user("eve", password="eve-pass-2026")
    response = client_for(other).post("/scoring/me/settings/", {f"m{ada.pk}-language": "pl"})
    ada.refresh_from_db()
    assert response.status_code in (200, 302) and ada.results_by_email and ada.language == ""
    assert Client().get("/scoring/me/settings/").status_code == 302


def test_a_director_keeps_the_results_to_the_members_on_the_clubs_page(club, director, client_for):
    client = client_for(director)
    assert b'name="results_public"' in client.get(f"/clubs/{club.slug}/edit/").content
    response = client.post(f"/clubs/{club.slug}/edit/", {"name": club.name, "city": club.city})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.results_public is False
    client.post(f"/clubs/{club.slug}/edit/", {"name": club.name, "city": club.city, "results_public": "on"})
    club.refresh_from_db()
    assert club.results_public is True

"""403, 404 and 500 in the site's layout and the reader's language, saying why and what to do; JSON under /api/.

A player who opens a director's page learns that only the club's directors may do it, who they are
logged in as, and how to get the role, with a way back; the API keeps its one error shape.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client


def text(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def in_the_sites_layout(response) -> bool:
    html = response.content.decode()
    brand = "Bridge club" in html or "Klub brydżowy" in html
    return 'class="site-header"' in html and "site-footer" in html and brand


def test_a_player_opening_a_directors_page_is_told_why_and_what_to_do(client_for, player, club):
    came_from = f"http://testserver/clubs/{club.slug}/"
    answer = client_for(player).get(f"/clubs/{club.slug}/members/", HTTP_REFERER=came_from)
    assert answer.status_code == 403 and in_the_sites_layout(answer)
    words = text(answer)
    assert "This page is not for your role" in words and "Only the club's directors may do this." in words
    assert "You are logged in as ada" in words and "ask a director of your club to give you the role" in words
    html = answer.content.decode()
    assert f'href="{came_from}"' in html and "Back" in words  # back where the player came from
    assert 'data-testid="error-home"' in html


def test_the_refusal_is_in_polish_for_a_polish_reader(client_for, player, club):
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    answer = client.get(f"/clubs/{club.slug}/members/")
    assert answer.status_code == 403
    words = text(answer)
    assert "Ta strona nie jest dostępna dla Twojej roli" in words and "Może to zrobić tylko sędzia klubu." in words
    assert "Strona główna" in words and "This page" not in words


def test_back_never_leads_off_the_site(client_for, player, club):
    answer = client_for(player).get(f"/clubs/{club.slug}/members/", HTTP_REFERER="https://evil.example/phish")
    assert "evil.example" not in answer.content.decode() and 'data-testid="error-back"' not in answer.content.decode()


def test_a_missing_page_says_so_without_saying_whether_another_club_has_it(client_for, player):
    answer = client_for(player).get("/no-such-page/")
    assert answer.status_code == 404 and in_the_sites_layout(answer)
    words = text(answer)
    assert "There is no such page" in words and "belongs to a club you are not a member of" in words


def test_another_clubs_page_is_the_same_404(client_for, other_director, club):
    answer = client_for(other_director).get(f"/clubs/{club.slug}/")
    assert answer.status_code == 404 and "There is no such page" in text(answer)


def test_a_reader_not_logged_in_is_offered_to_log_in(db):
    answer = Client().get("/no-such-page/")
    assert answer.status_code == 404 and 'data-testid="error-login"' in answer.content.decode()
    assert "/accounts/login/?next=/no-such-page/" in answer.content.decode()


@pytest.mark.urls("tests.clubsite.crash_urls")
def test_a_server_error_apologises_in_the_layout_without_touching_the_database(
    client_for, player, django_assert_max_num_queries
):
    client = client_for(player)
    client.raise_request_exception = False
    with django_assert_max_num_queries(0):  # the page shows even when the database is what failed
        answer = client.get("/crash/")
    assert answer.status_code == 500 and in_the_sites_layout(answer)
    words = text(answer)
    assert "Something went wrong on our side" in words and "Try again" in words and "a bug in a view" not in words
    client.cookies["django_language"] = "pl"
    assert "Coś poszło nie tak po naszej stronie" in text(client.get("/crash/"))


@pytest.mark.urls("tests.clubsite.crash_urls")
def test_the_api_keeps_its_json_errors(api_client_for, player):
    client = api_client_for(player)
    client.raise_request_exception = False
    missing = client.get("/api/v1/no-such-thing/")
    assert missing.status_code == 404 and missing["Content-Type"] == "application/json"
    assert missing.json() == {"error": {"code": "not_found", "message": "Not found.", "field": None}}
    crash = client.get("/api/v1/crash/")
    assert crash.status_code == 500 and crash.json()["error"]["code"] == "server_error"


def test_a_form_sent_without_its_token_says_how_to_send_it_again(player):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    answer = client.post("/i18n/setlang/", {"language": "pl", "next": "/"})
    assert answer.status_code == 403 and in_the_sites_layout(answer)
    assert "The form has expired" in text(answer) and "Nothing was saved" in text(answer)

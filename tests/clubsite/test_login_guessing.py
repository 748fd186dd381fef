"""Guessing passwords is paused (django-axes, settings AXES_*; the answer is clubsite.lockout): five wrong
passwords for one username from one address pause that username's logins from that address — on the login page
(a page in the site's layout and the reader's language, 429) and through the API's Basic authentication (the
API's JSON error); the right password is refused while paused; another user, or the same user from another
address, is not affected; a right password before the limit clears the count."""

from __future__ import annotations

import base64

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


def _try(client: Client, username: str, password: str, language: str = "en"):
    return client.post(LOGIN, {"username": username, "password": password}, HTTP_ACCEPT_LANGUAGE=language)


def test_five_wrong_passwords_pause_that_login_from_that_address(director, player):
    client = Client(REMOTE_ADDR="203.0.113.7")
    for attempt in range(4):
        answer = _try(client, "dana", f"guess-{attempt}")
        assert answer.status_code == 200 and "Please enter a correct username and password" in answer.content.decode()
    paused = _try(client, "dana", "guess-4")
    assert paused.status_code == 429
    page = paused.content.decode()
    assert 'data-testid="locked-out"' in page and "paused for 15 minutes" in page and "5 times in a row" in page
    assert int(paused["Retry-After"]) == 15 * 60

    right = _try(client, "dana", "dana-pass-2026")  # the right password, still paused
    assert right.status_code == 429 and "_auth_user_id" not in client.session

    assert _try(Client(REMOTE_ADDR="203.0.113.7"), "ada", "ada-pass-2026").status_code == 302  # another user
    assert _try(Client(REMOTE_ADDR="198.51.100.9"), "dana", "dana-pass-2026").status_code == 302  # elsewhere


def test_the_pause_is_said_in_polish(director):
    client = Client(REMOTE_ADDR="203.0.113.8")
    for attempt in range(5):
        answer = _try(client, "dana", f"zgadywanie-{attempt}", "pl")
    assert answer.status_code == 429
    page = answer.content.decode()
    assert 'lang="pl"' in page and "Logowanie" in page and "15 minut" in page


def test_a_right_password_before_the_limit_clears_the_count(director):
    client = Client(REMOTE_ADDR="203.0.113.9")
    for attempt in range(4):
        _try(client, "dana", f"guess-{attempt}")
    assert _try(client, "dana", "dana-pass-2026").status_code == 302
    client.logout()
    for attempt in range(4):
        assert _try(client, "dana", f"again-{attempt}").status_code == 200
    assert _try(client, "dana", "dana-pass-2026").status_code == 302


def test_the_api_basic_authentication_is_paused_too(director):
    client = Client(REMOTE_ADDR="203.0.113.10")

    def basic(password: str):
        token = base64.b64encode(f"dana:{password}".encode()).decode()
        return client.get("/api/v1/clubs/", HTTP_AUTHORIZATION=f"Basic {token}")

    for attempt in range(5):
        assert basic(f"guess-{attempt}").status_code in (401, 403, 429)
    answer = basic("dana-pass-2026")
    assert answer.status_code == 429
    error = answer.json()["error"]
    assert error["code"] == "locked_out" and "paused for 15 minutes" in error["message"]

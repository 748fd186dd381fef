"""/healthz reports the database and the broker as JSON."""

from unittest import mock

import pytest


@pytest.mark.django_db
def test_health_reports_database_and_broker(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True and body["database"]["vendor"] in {"sqlite", "postgresql"}
    assert body["broker"]["ok"] is True and body["broker"]["transport"] in {"filesystem", "redis"}


@pytest.mark.django_db
def test_health_says_degraded_when_the_broker_is_down(client):
    with mock.patch("clubsite.views.celery_app.connection_for_write", side_effect=ConnectionRefusedError):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"] == {"ok": False, "transport": mock.ANY, "error": "ConnectionRefusedError"}
    assert response.json()["status"] == "degraded"


@pytest.mark.django_db
def test_health_says_degraded_when_the_database_is_down(client):
    with mock.patch("clubsite.views.connection.cursor", side_effect=RuntimeError("gone")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"]["ok"] is False


def test_health_answers_only_get(client):
    assert client.post("/healthz").status_code == 405


def test_the_old_favicon_address_leads_to_the_sites_icon(client):
    """Browsers and bookmarks ask for /favicon.ico whatever a page links (it was a 404 on every page)."""
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith(".svg")
    assert "favicon" in response["Location"]
    assert client.post("/favicon.ico").status_code == 405

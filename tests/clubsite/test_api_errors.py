"""Every API error has one shape: {"error": {"code", "message", "field"}}."""

import pytest


@pytest.mark.django_db
def test_anonymous_api_call_is_refused_with_the_error_shape(api_client_for):
    response = api_client_for(None).get("/api/v1/clubs/")
    assert response.status_code in (401, 403)
    assert set(response.json()["error"]) >= {"code", "message", "field"}


def test_validation_error_names_the_field(api_client_for, director, club):
    response = api_client_for(director).post(f"/api/v1/clubs/{club.slug}/sessions/",
                                             {"name": "Pairs", "date": "2026-13-40"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "date" and "date" in error["message"].lower()
    assert not club.sessions.exists()


def test_not_found_has_the_error_shape(api_client_for, director):
    response = api_client_for(director).get("/api/v1/sessions/999999/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"

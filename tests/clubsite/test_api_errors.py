"""Every API error has one shape: {"error": {"code", "message", "field"}}."""

import pytest


@pytest.mark.django_db
def test_anonymous_api_call_is_refused_with_the_error_shape(api_client_for):
    response = api_client_for(None).get("/api/v1/clubs/")
    assert response.status_code in (401, 403)
    assert set(response.json()["error"]) >= {"code", "message", "field"}


def test_validation_error_names_the_field(api_client_for, director, club):
    response = api_client_for(director).post(
        f"/api/v1/clubs/{club.slug}/sessions/", {"name": "Pairs", "date": "2026-13-40"}, format="json"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "date" and "date" in error["message"].lower()
    assert not club.sessions.exists()


def test_not_found_has_the_error_shape(api_client_for, director):
    response = api_client_for(director).get("/api/v1/sessions/999999/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


# --- the handler itself: every error a service raises comes out in the one shape ---------------------


def _handle(exc):
    from django.contrib.auth.models import AnonymousUser

    from clubsite.api import exception_handler

    class Request:
        user = AnonymousUser()

    return exception_handler(exc, {"request": Request(), "view": None})


def test_a_django_validation_error_with_fields_names_the_first_and_lists_all():
    from django.core.exceptions import ValidationError

    response = _handle(ValidationError({"name": ["Too long."], "date": ["Not a date.", "In the past."]}))
    assert response.status_code == 400
    assert response.data == {
        "error": {
            "code": "invalid",
            "message": "name: Too long.",
            "field": "name",
            "fields": {"name": ["Too long."], "date": ["Not a date.", "In the past."]},
        }
    }


def test_a_django_validation_error_with_a_plain_message_has_no_field():
    from django.core.exceptions import ValidationError

    response = _handle(ValidationError("This session has been dealt already."))
    assert response.status_code == 400
    assert response.data["error"] == {
        "code": "invalid",
        "message": "This session has been dealt already.",
        "field": None,
        "fields": {"non_field_errors": ["This session has been dealt already."]},
    }


def test_a_django_validation_error_for_the_whole_object_has_no_field():
    from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

    response = _handle(ValidationError({NON_FIELD_ERRORS: ["Pick another date."], "date": ["Not a date."]}))
    assert response.status_code == 400
    error = response.data["error"]
    assert (error["field"], error["message"]) == (None, "Pick another date.")
    assert error["fields"] == {"non_field_errors": ["Pick another date."], "date": ["Not a date."]}


def test_a_django_validation_error_with_parameters_says_them():
    from django.core.exceptions import ValidationError

    response = _handle(ValidationError({"boards": ValidationError("%(n)s boards is too many.", params={"n": 1000})}))
    assert response.data["error"]["message"] == "boards: 1000 boards is too many."


@pytest.mark.parametrize("error, field", [("dealing", "deal"), ("movement", "boards_per_round"), ("plain", None)])
def test_a_domain_error_is_a_400_with_its_field(error, field):
    from bridge.words import Text
    from dealing.domain.errors import DealingError
    from movements.domain.errors import MovementError

    exc = {
        "dealing": DealingError(Text.of("seat.unknown", text="Q"), field="deal"),
        "movement": MovementError("boards per round must be at least 1", field="boards_per_round"),
        "plain": ValueError("no such thing"),
    }[error]
    response = _handle(exc)
    assert response.status_code == 400
    assert response.data == {"error": {"code": "invalid", "message": str(exc), "field": field}}


def test_a_missing_object_is_a_404_in_the_shape():
    from django.http import Http404

    response = _handle(Http404("No such board."))
    assert response.status_code == 404
    assert response.data["error"]["code"] == "not_found" and response.data["error"]["field"] is None


def test_a_service_validation_error_reaches_the_client_through_the_handler(api_client_for, director, club_session):
    """The view does not catch it: the service's Django ValidationError comes out in the shape."""
    client = api_client_for(director)
    url = f"/api/v1/sessions/{club_session.pk}/boards/"
    assert client.post(url, {"source": "fresh", "boards": 3}, format="json").status_code == 201
    again = client.post(url, {"source": "fresh", "boards": 3}, format="json")
    assert again.status_code == 400
    assert again.json()["error"] == {
        "code": "invalid",
        "message": "This session has been dealt already.",
        "field": None,
        "fields": {"non_field_errors": ["This session has been dealt already."]},
    }


def test_a_missing_movement_is_a_404_in_the_shape(api_client_for, player, club_session):
    r = api_client_for(player).get(f"/api/v1/sessions/{club_session.pk}/movement/")
    assert r.status_code == 404
    assert r.json() == {
        "error": {"code": "not_found", "message": "no movement chosen for this session yet", "field": None}
    }

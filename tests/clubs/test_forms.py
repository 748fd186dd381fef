"""Bad input on every form: a clear message next to the field, and nothing half-saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Member, Session


@pytest.mark.parametrize("data,field,message", [
    ({"name": "", "date": "2026-11-24"}, "name", "This field is required."),
    ({"name": "Pairs", "date": "24th of never"}, "date", "Enter a valid date."),
    ({"name": "Pairs", "date": "2026-11-24", "boards_per_round": "0"}, "boards_per_round",
     "Ensure this value is greater than or equal to 1."),
    ({"name": "Pairs", "date": "2026-11-24", "start_time": "25:99"}, "start_time", "Enter a valid time."),
])
def test_session_form_reports_the_bad_field(client_for, director, club, data, field, message):
    response = client_for(director).post(reverse("clubs:session_create", args=[club.slug]), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors[field] == [message]
    html = response.content.decode()
    assert f'id="id_{field}-error"' in html and 'aria-invalid="true"' in html
    assert not Session.objects.exists()


def test_session_edit_with_bad_input_keeps_the_saved_session(client_for, director, club_session):
    response = client_for(director).post(reverse("clubs:session_edit", args=[club_session.pk]),
                                         {"name": "Renamed", "date": "not a date"})
    assert response.status_code == 200 and "date" in response.context["form"].errors
    club_session.refresh_from_db()
    assert club_session.name == "Tuesday Pairs"


def test_member_form_rejects_a_duplicate_federation_number(client_for, director, club):
    client = client_for(director)
    url = reverse("clubs:member_create", args=[club.slug])
    assert client.post(url, {"first_name": "A", "last_name": "B", "national_id": "PL123", "is_active": "on"}).status_code == 302
    response = client.post(url, {"first_name": "C", "last_name": "D", "national_id": "PL123", "is_active": "on"})
    assert response.status_code == 200
    assert "federation number" in str(response.context["form"].errors)
    assert Member.objects.filter(club=club).count() == 1


def test_member_form_rejects_a_bad_email(client_for, director, club):
    response = client_for(director).post(reverse("clubs:member_create", args=[club.slug]),
                                         {"first_name": "A", "last_name": "B", "email": "not-an-email"})
    assert response.context["form"].errors["email"] == ["Enter a valid email address."]
    assert not Member.objects.exists()


def test_status_can_only_move_one_step(client_for, director, club_session):
    response = client_for(director).post(reverse("clubs:session_status", args=[club_session.pk]),
                                         {"status": "published"}, follow=True)
    club_session.refresh_from_db()
    assert club_session.status == "planned"
    assert "one step at a time" in response.content.decode()


def test_login_form_says_what_is_wrong(client, director):
    response = client.post(reverse("login"), {"username": "dana", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()

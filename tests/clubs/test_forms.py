"""Bad input on every form: a clear message next to the field, and nothing half-saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Member, Session


@pytest.mark.parametrize(
    "data,field,message",
    [
        ({"name": "", "date": "2026-11-24"}, "name", "This field is required."),
        ({"name": "Pairs", "date": "24th of never"}, "date", "Enter a valid date."),
        (
            {"name": "Pairs", "date": "2026-11-24", "boards_per_round": "0"},
            "boards_per_round",
            "Ensure this value is greater than or equal to 1.",
        ),
        ({"name": "Pairs", "date": "2026-11-24", "start_time": "25:99"}, "start_time", "Enter a valid time."),
    ],
)
def test_session_form_reports_the_bad_field(client_for, director, club, data, field, message):
    response = client_for(director).post(reverse("clubs:session_create", args=[club.slug]), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors[field] == [message]
    html = response.content.decode()
    assert f'id="id_{field}-error"' in html and 'aria-invalid="true"' in html
    assert not Session.objects.exists()


def test_session_edit_with_bad_input_keeps_the_saved_session(client_for, director, club_session):
    response = client_for(director).post(
        reverse("clubs:session_edit", args=[club_session.pk]), {"name": "Renamed", "date": "not a date"}
    )
    assert response.status_code == 200 and "date" in response.context["form"].errors
    club_session.refresh_from_db()
    assert club_session.name == "Tuesday Pairs"


def test_member_form_rejects_a_duplicate_federation_number(client_for, director, club):
    client = client_for(director)
    url = reverse("clubs:member_create", args=[club.slug])
    assert (
        client.post(url, {"first_name": "A", "last_name": "B", "national_id": "PL123", "is_active": "on"}).status_code
        == 302
    )
    response = client.post(url, {"first_name": "C", "last_name": "D", "national_id": "PL123", "is_active": "on"})
    assert response.status_code == 200
    assert "federation number" in str(response.context["form"].errors)
    assert Member.objects.filter(club=club).count() == 1


def test_member_form_rejects_a_bad_email(client_for, director, club):
    response = client_for(director).post(
        reverse("clubs:member_create", args=[club.slug]), {"first_name": "A", "last_name": "B", "email": "not-an-email"}
    )
    assert response.context["form"].errors["email"] == ["Enter a valid email address."]
    assert not Member.objects.exists()


def test_status_can_only_move_one_step(client_for, director, club_session):
    response = client_for(director).post(
        reverse("events:session_status", args=[club_session.pk]), {"status": "published"}, follow=True
    )
    club_session.refresh_from_db()
    assert club_session.status == "planned"
    assert "one step at a time" in response.content.decode()


def test_login_form_says_what_is_wrong(client, director):
    response = client.post(reverse("login"), {"username": "dana", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_director_gives_a_member_a_scorer_login(client_for, director, club, django_user_model):
    from clubs.permissions import can_score
    from clubs.services import member_create

    member = member_create(club=club, first_name="Sam", last_name="Scorer")
    client = client_for(director)
    url = reverse("clubs:member_login_create", args=[club.slug, member.pk])
    response = client.post(url, {"username": "sam", "password": "123", "role": "scorer"})
    assert response.status_code == 200
    assert "password" in response.context["login_form"].errors  # too short, too common, numeric
    assert not django_user_model.objects.filter(username="sam").exists()
    response = client.post(url, {"username": "sam", "password": "tricky-Trump-77", "role": "scorer"})
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.user.username == "sam" and can_score(member.user, club)


def test_username_taken_is_reported_next_to_the_field(client_for, director, club):
    from clubs.services import member_create

    member = member_create(club=club, first_name="X", last_name="Y")
    response = client_for(director).post(
        reverse("clubs:member_login_create", args=[club.slug, member.pk]),
        {"username": "DANA", "password": "tricky-Trump-77", "role": "player"},
    )
    assert response.context["login_form"].errors["username"] == ["This username is taken; choose another."]


def test_the_last_director_cannot_be_removed(client_for, director, club):
    from clubs.models import ClubRole
    from clubs.services import member_create

    member = member_create(club=club, first_name="Dana", last_name="Director", user=director)
    response = client_for(director).post(
        reverse("clubs:member_role", args=[club.slug, member.pk]), {"role": "director", "action": "revoke"}, follow=True
    )
    assert "at least one director" in response.content.decode()
    assert ClubRole.objects.filter(club=club, user=director, role="director").exists()


def test_another_clubs_director_cannot_grant_roles(client_for, other_director, club, player):
    from clubs.models import Member

    member = Member.objects.get(club=club, user=player)
    response = client_for(other_director).post(
        reverse("clubs:member_role", args=[club.slug, member.pk]), {"role": "director", "action": "grant"}
    )
    assert response.status_code == 404
    from clubs.permissions import can_direct

    assert not can_direct(player, club)


def test_user_changes_their_password(client_for, player):
    client = client_for(player)
    assert client.get(reverse("password_change")).status_code == 200
    response = client.post(
        reverse("password_change"), {"old_password": "wrong", "new_password1": "x", "new_password2": "y"}
    )
    assert "old_password" in response.context["form"].errors
    response = client.post(
        reverse("password_change"),
        {"old_password": "ada-pass-2026", "new_password1": "grand-Slam-2027", "new_password2": "grand-Slam-2027"},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("grand-Slam-2027")


def test_giving_a_role_offers_player_first_and_chooses_it_unless_the_director_asks_for_more(
    client_for, director, club, player
):
    """Least privilege: the role page starts on Player (it used to start on Director)."""
    import re

    from clubs.models import Member

    member = Member.objects.get(club=club, user=player)
    html = client_for(director).get(reverse("clubs:member_edit", args=[club.slug, member.pk])).content.decode()
    grant = html[html.index('value="grant"') :]
    options = re.findall(r'<option value="(\w+)"( selected)?>', grant[: grant.index("</select>")])
    assert options == [("player", " selected"), ("scorer", ""), ("director", "")]
    login = client_for(director).get(
        reverse(
            "clubs:member_edit", args=[club.slug, Member.objects.create(club=club, first_name="N", last_name="New").pk]
        )
    )
    assert re.search(r'<option value="player" selected>', login.content.decode())

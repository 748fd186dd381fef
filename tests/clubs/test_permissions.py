"""Role rules: a director manages only their own club; anonymous users are sent to log in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.permissions import can_direct, can_score, can_view_club, is_site_auditor


def test_roles_in_one_club_grant_nothing_in_another(director, scorer, player, club, other_club):
    assert can_direct(director, club) and not can_direct(director, other_club)
    assert can_score(scorer, club) and not can_direct(scorer, club)
    assert can_view_club(player, club) and not can_score(player, club)
    assert not can_view_club(player, other_club)


def test_site_auditor_sees_every_club_but_directs_none(auditor, club, other_club):
    assert is_site_auditor(auditor)
    assert can_view_club(auditor, other_club) and not can_direct(auditor, club)


def test_staff_outside_the_auditors_group_is_not_an_auditor(db, django_user_model):
    staff = django_user_model.objects.create_user("staffer", password="x", is_staff=True)
    assert not is_site_auditor(staff)


@pytest.mark.parametrize(
    "name,kwargs",
    [
        ("clubs:detail", {"slug": "riverside"}),
        ("clubs:member_list", {"slug": "riverside"}),
        ("clubs:session_create", {"slug": "riverside"}),
    ],
)
def test_anonymous_users_are_sent_to_log_in(client, club, name, kwargs):
    url = reverse(name, kwargs=kwargs)
    response = client.get(url)
    assert response.status_code == 302
    assert response.url == f"{reverse('login')}?next={url}"


def test_anonymous_session_page_redirects_to_login(client, club_session):
    response = client.get(reverse("events:session_detail", args=[club_session.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_director_cannot_see_another_clubs_pages(client_for, other_director, club, club_session):
    client = client_for(other_director)
    assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 404
    assert client.get(reverse("events:session_detail", args=[club_session.pk])).status_code == 404
    assert client.get(reverse("clubs:member_list", args=[club.slug])).status_code == 404


def test_director_cannot_change_another_clubs_session(client_for, other_director, club_session):
    client = client_for(other_director)
    response = client.post(
        reverse("clubs:session_edit", args=[club_session.pk]), {"name": "Hijacked", "date": "2026-11-24"}
    )
    assert response.status_code == 404
    response = client.post(reverse("events:session_status", args=[club_session.pk]), {"status": "running"})
    assert response.status_code == 404
    club_session.refresh_from_db()
    assert (club_session.name, club_session.status) == ("Tuesday Pairs", "planned")


def test_director_cannot_create_sessions_in_another_club(client_for, other_director, club):
    response = client_for(other_director).post(
        reverse("clubs:session_create", args=[club.slug]), {"name": "X", "date": "2026-11-24"}
    )
    assert response.status_code == 404
    assert not club.sessions.exists()


def test_players_and_scorers_see_the_club_but_cannot_manage_it(client_for, player, scorer, club, club_session):
    for user in (player, scorer):
        client = client_for(user)
        assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 200
        assert client.get(reverse("events:session_detail", args=[club_session.pk])).status_code == 200
        assert client.get(reverse("clubs:member_list", args=[club.slug])).status_code == 403
        assert client.get(reverse("clubs:session_edit", args=[club_session.pk])).status_code == 403


def test_director_manages_own_club(client_for, director, club):
    client = client_for(director)
    response = client.post(
        reverse("clubs:session_create", args=[club.slug]),
        {"name": "Friday Pairs", "date": "2026-11-27", "boards_per_round": "3"},
    )
    session = club.sessions.get(name="Friday Pairs")
    assert response.status_code == 302 and response.url == reverse("events:session_detail", args=[session.pk])
    response = client.post(reverse("events:session_status", args=[session.pk]), {"status": "running"})
    session.refresh_from_db()
    assert session.status == "running"


def test_api_lists_only_the_users_clubs(api_client_for, director, other_club, club):
    response = api_client_for(director).get("/api/v1/clubs/")
    assert [c["slug"] for c in response.json()] == ["riverside"]


def test_api_refuses_another_clubs_sessions(api_client_for, other_director, club, club_session):
    client = api_client_for(other_director)
    assert client.get(f"/api/v1/sessions/{club_session.pk}/").status_code == 404
    assert (
        client.post(
            f"/api/v1/clubs/{club.slug}/sessions/", {"name": "X", "date": "2026-11-24"}, format="json"
        ).status_code
        == 404
    )


def test_api_player_may_read_but_not_create(api_client_for, player, club, club_session):
    client = api_client_for(player)
    assert client.get(f"/api/v1/sessions/{club_session.pk}/").status_code == 200
    response = client.post(f"/api/v1/clubs/{club.slug}/sessions/", {"name": "X", "date": "2026-11-24"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"


def test_api_anonymous_is_refused(api_client_for, club_session):
    assert api_client_for(None).get(f"/api/v1/sessions/{club_session.pk}/").status_code in (401, 403)


def test_a_page_reads_who_its_viewer_is_once(client, director, howell_session):
    """The navigation, the view's selector and every permission check ask who the viewer is to the clubs: the
    roles, memberships and auditors' group are read once for the request, not once per question."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(director)
    with CaptureQueriesContext(connection) as read:
        answer = client.get(reverse("events:session_detail", args=[howell_session.pk]))
    assert answer.status_code == 200
    from_roles = [q["sql"] for q in read.captured_queries if ' FROM "clubs_clubrole"' in q["sql"]]
    assert len(from_roles) == 1, from_roles


def test_a_role_granted_counts_at_once_outside_a_request_and_within_one(db, club, other_club, django_user_model):
    from clubs.permissions import remember_standing
    from clubs.services import club_role_grant, club_role_revoke

    user = django_user_model.objects.create_user("newcomer", password="x")
    assert not can_view_club(user, club)
    club_role_grant(club=club, user=user, role="director")
    assert can_direct(user, club)  # no request: every check reads afresh
    remember_standing(user)  # as the middleware marks a request's user
    assert not can_score(user, other_club)  # read and kept …
    club_role_grant(club=other_club, user=user, role="scorer")
    assert can_score(user, other_club)  # … and forgotten when a role is granted
    club_role_revoke(club=other_club, user=user, role="scorer", by=user)
    assert not can_score(user, other_club)  # … or taken away

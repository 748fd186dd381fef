"""The demo data: a club, director and scorer logins, 16 players, sessions; idempotent."""

import io

import pytest
from django.core.management import call_command

from clubs.models import Club, ClubRole, Member, Session


@pytest.mark.django_db
def test_seed_demo_creates_the_demo_club_once():
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    call_command("seed_demo", stdout=io.StringIO())
    club = Club.objects.get(slug="riverside")
    assert Member.objects.filter(club=club).count() == 16
    assert ClubRole.objects.filter(club=club, role="director", user__username="director").count() == 1
    assert ClubRole.objects.filter(club=club, role="scorer", user__username="scorer").count() == 1
    assert Session.objects.filter(club=club).count() >= 4
    text = out.getvalue()
    assert "director / director-demo-2026" in text and "scorer / scorer-demo-2026" in text


@pytest.mark.django_db
def test_demo_logins_work(client):
    call_command("seed_demo", stdout=io.StringIO())
    assert client.login(username="director", password="director-demo-2026")
    assert client.get("/clubs/riverside/members/").status_code == 200

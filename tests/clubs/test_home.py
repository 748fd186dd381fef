"""The home page promises what the site does today: each thing it names has its page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_visitors_home_names_only_what_the_site_has():
    page = Client().get("/").content.decode()
    promises = {  # what the page says → the page that does it
        "committed before the session and revealed after it": reverse("dealing:commitment_list"),
        "Howell and Mitchell movements chosen by the number of tables": reverse("movements:index"),
        "guide cards and table cards to print": reverse("movements:index"),
        "Each table enters its results on a phone": reverse("tables:phone"),
        "a scorer types the paper travellers": reverse("scoring:entry_start", args=[1]),
        "the director follows the room": reverse("tables:room", args=[1]),
        "every scorecard and traveller for the players": reverse("scoring:player_scorecard", args=[1, "1"]),
        "hand records with double-dummy analysis": reverse("dealing:hand_record", args=[1]),
    }
    for words, url in promises.items():
        assert words in page and url, words
    assert "scoring at the table" not in page and "every field size" not in page  # what it used to promise


def test_a_members_home_leads_to_their_results(client_for, player):
    page = client_for(player).get("/").content.decode()
    assert f'href="{reverse("scoring:player_history")}"' in page


def test_a_players_header_leads_to_their_results_from_every_page(client_for, player, director):
    def header(user) -> str:
        page = client_for(user).get(reverse("movements:index")).content.decode()
        return page[page.index('<ul class="nav-links">') : page.index("</ul>", page.index('<ul class="nav-links">'))]

    assert f'href="{reverse("scoring:player_history")}"' in header(player)
    assert f'href="{reverse("scoring:player_history")}"' not in header(director)  # on their home page: one row


def test_tonights_session_moves_from_coming_to_recent_once_play_is_over(client_for, player, club):
    """A player's home page: tonight's session is "coming" while it is planned or in play, and "recent" once play
    has ended, however late the evening; the club's page says the same."""
    import datetime
    import re

    from django.utils import timezone

    from clubs.models import Session
    from clubs.services import session_create

    today = timezone.localdate()
    tonight = session_create(club=club, name="Tonight Pairs", date=today, boards_per_round=3)
    session_create(club=club, name="Next Week Pairs", date=today + datetime.timedelta(days=7), boards_per_round=3)
    session_create(club=club, name="Last Week Pairs", date=today - datetime.timedelta(days=7), boards_per_round=3)

    def sections(url: str) -> tuple[list[str], list[str]]:
        page = client_for(player).get(url).content.decode()
        coming, recent = page.split("Coming sessions", 1)[1].split("Recent sessions", 1)
        return re.findall(r">([\w ]+ Pairs)</a>", coming), re.findall(r">([\w ]+ Pairs)</a>", recent)

    for status in (Session.Status.PLANNED, Session.Status.RUNNING):
        Session.objects.filter(pk=tonight.pk).update(status=status)
        assert sections("/") == (["Tonight Pairs", "Next Week Pairs"], ["Last Week Pairs"])
    for status in (Session.Status.FINISHED, Session.Status.PUBLISHED):
        Session.objects.filter(pk=tonight.pk).update(status=status)
        assert sections("/") == (["Next Week Pairs"], ["Tonight Pairs", "Last Week Pairs"])
        assert sections(reverse("clubs:detail", args=[club.slug])) == (
            ["Next Week Pairs"],
            ["Tonight Pairs", "Last Week Pairs"],
        )

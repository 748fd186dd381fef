"""The field's results published by the organiser (issue 22): provisionally once the embargo has ended (the correction
period runs from then), then finally once it is over; who published and when is recorded and shown; the players'
results page says which, and until when corrections are taken. Each refusal says why and changes nothing."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from simultaneous.models import FieldCombination, SimultaneousEvent
from simultaneous.services import club_file_upload, event_create, event_deals_commit, event_deals_deal

pytestmark = pytest.mark.django_db

PBN = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"  # Welwyn Garden City, 13 pairs, 24 boards


def _said(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_provisional_then_final_after_the_correction_period(
    client_for,
    club,
    director,
    player,
    auditor,
    other_director,
    events_dir,
    monkeypatch,
    django_capture_on_commit_callbacks,
):
    # the deals' double-dummy analysis the event's page asks for (for its flags) is not this test's
    monkeypatch.setattr("dealing.services.boards.queue_session_analysis", lambda session_id: None)
    event = event_create(
        club=club, user=director, name="Autumn Sim", date=timezone.localdate(), boards=24, correction_days=3
    )
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    without_hands = re.sub(rb"\[Deal \"[^\"]*\"\]\r?\n", b"", (events_dir / PBN).read_bytes())
    with django_capture_on_commit_callbacks(execute=True):
        club_file_upload(event=event, upload=SimpleUploadedFile(PBN, without_hands), user=director, club_name="Welwyn")
    organiser = client_for(director)
    publish = f"/simultaneous/{event.pk}/publish/"

    def post(stage):
        with django_capture_on_commit_callbacks(execute=True):
            return organiser.post(publish, {"stage": stage}, follow=True)

    def stored():
        return SimultaneousEvent.objects.get(pk=event.pk)

    # before the embargo ends: refused, and nothing for the players to read
    assert "End the embargo first" in _said(post("provisional"))
    assert stored().provisional_at is None
    assert client_for(player).get(f"/simultaneous/{event.pk}/results/").status_code == 404
    assert 'data-testid="publish-provisional"' not in organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert organiser.post(f"/simultaneous/{event.pk}/embargo/").status_code == 302
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert 'data-testid="publish-provisional"' in page and "Correction period: 3 days" in page
    assert "Not published yet" in client_for(player).get(f"/simultaneous/{event.pk}/results/").content.decode()

    # the final results before the provisional ones, or a field not combined as the clubs' results stand: refused
    assert "Publish the provisional results first" in _said(post("final"))
    FieldCombination.objects.filter(event=event).update(inputs="older")
    assert "being combined again" in _said(post("provisional"))  # (and combined again meanwhile)
    assert stored().provisional_at is None

    # the auditor reads, another club's director sees nothing; neither publishes
    assert client_for(auditor).post(publish, {"stage": "provisional"}).status_code == 403
    assert client_for(other_director).post(publish, {"stage": "provisional"}).status_code == 404
    assert organiser.get(publish).status_code == 405

    before = timezone.now()
    assert "corrections are taken" in _said(post("provisional"))
    published = stored()
    assert published.provisional_by == director and before <= published.provisional_at <= timezone.now()
    assert published.corrections_until == published.provisional_at + datetime.timedelta(days=3)
    until = published.corrections_until
    results = client_for(player).get(f"/simultaneous/{event.pk}/results/").content.decode()
    assert "Provisional results" in results and "Corrections are taken until" in results
    assert f"{until:%Y}" in results and "Final results" not in results
    assert "published provisionally already" in _said(post("provisional"))
    hilltop = client_for(other_director).get(f"/clubs/hilltop/simultaneous/{event.pk}/").content.decode()
    assert "Provisional results" in hilltop and "Corrections are taken until" in hilltop  # a club's directors too
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert "Provisional results published by" in page and 'data-testid="publish-final"' not in page

    # the final results before the correction period ends: refused, saying until when
    refused = _said(post("final"))
    assert "Corrections are taken until" in refused and "after that" in refused
    assert stored().final_at is None

    # the period over: the organiser publishes the final results, once
    three_days_ago = timezone.now() - datetime.timedelta(days=3, minutes=1)
    SimultaneousEvent.objects.filter(pk=event.pk).update(provisional_at=three_days_ago)
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert 'data-testid="publish-final"' in page and "The correction period ended on" in page
    assert "The final results are published" in _said(post("final"))
    final = stored()
    assert final.final_by == director and final.final_at >= final.corrections_until
    results = client_for(player).get(f"/simultaneous/{event.pk}/results/").content.decode()
    assert "Final results" in results and "Corrections are taken" not in results
    assert "final already" in _said(post("final")) and "final already" in _said(post("provisional"))
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert "Final results published by" in page and 'data-testid="changed-since-final"' not in page
    assert final.final_inputs == FieldCombination.objects.get(event=event).inputs

    # a club's late correction changes the field after the final results: the organiser is told
    FieldCombination.objects.filter(event=event).update(inputs="a club's correction")
    page = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert 'data-testid="changed-since-final"' in page


def test_the_correction_period_is_set_with_the_event(client_for, club, director):
    client = client_for(director)
    client.post(
        f"/clubs/{club.slug}/simultaneous/", {"name": "Sim", "date": "2026-11-27", "scale": "ebu", "factoring": "none"}
    )
    client.post(
        f"/clubs/{club.slug}/simultaneous/",
        {"name": "Long", "date": "2026-11-27", "scale": "ebu", "factoring": "none", "correction_days": "14"},
    )
    assert dict(SimultaneousEvent.objects.values_list("name", "correction_days")) == {"Sim": 7, "Long": 14}
    refused = client.post(
        f"/clubs/{club.slug}/simultaneous/",
        {"name": "X", "date": "2026-11-27", "scale": "ebu", "factoring": "none", "correction_days": "61"},
    )
    assert refused.status_code == 400 and SimultaneousEvent.objects.count() == 2

"""A simultaneous pairs played by the clubs (issue 22): the organiser commits to the event's deals before any club
registers (the dealing app's commitment, published), deals them once, and reveals them after the embargo; a club's
director registers a session, whose boards are the event's, and takes the dealing-machine files from the time they
are released, each download recorded and listed for the organiser, nobody else at the club able to; the club's
players see neither the deals nor the field's results before the embargo ends; a club's confirmed results reach
the field's kept combination through a Celery task (run eagerly here), and an uploaded file is checked against the
event's deals."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from bridge.cards import Seat
from clubs.models import Session
from clubs.services import member_create, session_create
from dealing.domain import commitment as commitment_domain
from dealing.domain.numbering import number_to_deal
from dealing.models import Board, DealDownload
from dealing.services.boards import session_deal_fresh
from scoring.domain.results import Played
from scoring.selectors.layout import session_layout
from scoring.services.results import result_record
from scoring.services.sessions import session_results_publish, session_status_set
from simultaneous import services as sim_services
from simultaneous.models import ClubEntry, FieldCombination
from simultaneous.selectors import event_commitment, files_released_at
from simultaneous.services import (
    club_boards_release,
    club_file_upload,
    club_session_register,
    event_create,
    event_deals_commit,
    event_deals_deal,
)
from simultaneous.tasks import field_combination_task, session_results_changed
from tests.worlds import howell_make, role_grant, user_make

pytestmark = pytest.mark.django_db

PBN = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"  # Welwyn Garden City, 13 pairs, 24 boards, hands in it
USEBIO = "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml"  # 27 boards


@pytest.fixture
def hilltop_player(other_club):
    user = user_make("hugo", first_name="Hugo", last_name="Hill")
    member_create(club=other_club, first_name="Hugo", last_name="Hill", user=user)
    return user


@pytest.fixture
def hilltop_scorer(other_club):
    return role_grant(user_make("sue"), other_club, "scorer")


def _event(club, director, **options):
    today = timezone.localdate()
    options.setdefault("boards", 6)
    return event_create(club=club, user=director, name="Autumn Sim", date=today, **options)


def _hilltop_session(other_club, **extra):
    start = (timezone.localtime() + datetime.timedelta(hours=1)).time().replace(second=0, microsecond=0)
    extra.setdefault("start_time", start)  # within the six hours before it: its files are released
    return session_create(club=other_club, name="Hilltop Sim", date=timezone.localdate(), **extra)


def _hands(session) -> list[str]:
    return [b.deal_pbn for b in Board.objects.filter(session=session).order_by("number")]


def test_the_deals_are_committed_before_any_club_registers_and_revealed_after_the_embargo(
    client_for, club, director, other_club, other_director, hilltop_player, hilltop_scorer
):
    event = _event(club, director, embargo_until=timezone.now() + datetime.timedelta(hours=3))
    session = _hilltop_session(other_club)
    organiser, hal = client_for(director), client_for(other_director)

    # no commitment yet: no club may register, nor see the event
    with pytest.raises(ValidationError, match="once the event's commitment"):
        club_session_register(event=event, session=session, user=other_director)
    assert hal.get(f"/clubs/hilltop/simultaneous/{event.pk}/").status_code == 404

    response = organiser.post(
        f"/simultaneous/{event.pk}/commit/", {"promise": "DJIA close on the event's day", "dv_format": "decimal:2"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    commitment = event_commitment(event)
    assert commitment is not None and commitment.status == "published" and commitment.commitment_hash
    assert [(e.session_id, e.boards) for e in commitment.entries.all()] == [(event.deals_session_id, 6)]
    assert commitment.commitment_hash in organiser.get(f"/simultaneous/{event.pk}/").content.decode()

    # the club's page: the commitment, then its session registered (its movement whatever it is)
    page = hal.get(f"/clubs/hilltop/simultaneous/{event.pk}/")
    assert page.status_code == 200 and commitment.commitment_hash in page.content.decode()
    assert f"/clubs/hilltop/simultaneous/{event.pk}/" in hal.get("/clubs/hilltop/simultaneous/").content.decode()
    assert hal.post(f"/clubs/hilltop/simultaneous/{event.pk}/", {"session": session.pk}).status_code == 302
    entry = ClubEntry.objects.get(event=event)
    assert (entry.session, entry.club, entry.registered_by) == (session, other_club, other_director)
    assert hal.post(f"/clubs/hilltop/simultaneous/{event.pk}/", {"session": session.pk}).status_code == 400

    # files asked for before the organiser has dealt: refused, nothing dealt
    refused = hal.post(f"/clubs/hilltop/simultaneous/{event.pk}/dealing.pbn", follow=True)
    assert "has not dealt" in refused.content.decode() and not Board.objects.filter(session=session).exists()

    assert organiser.post(f"/simultaneous/{event.pk}/deal/", {"delayed_value": "43275.91"}).status_code == 302
    assert len(_hands(event.deals_session)) == 6

    # the club dealt its session itself meanwhile: the event's deals replace those when its files are released
    session_deal_fresh(session=session, user=other_director, boards=6, queue_analysis=False)
    assert _hands(session) != _hands(event.deals_session)

    # before its release time (six hours before the session) the club gets nothing
    with pytest.raises(ValidationError, match="released from"):
        club_boards_release(entry=entry, user=other_director, now=files_released_at(entry) - datetime.timedelta(1))
    download = hal.post(f"/clubs/hilltop/simultaneous/{event.pk}/dealing.pbn")
    assert download.status_code == 200 and download["Content-Type"] == "application/x-chess-pbn"
    assert _hands(session) == _hands(event.deals_session)  # the event's deals under the event's numbers
    assert list(Board.objects.filter(session=session).values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    first_hand = number_to_deal(int(Board.objects.get(session=session, number=1).deal_number)).hand(Seat.N)
    assert first_hand.to_pbn() in download.content.decode()
    with pytest.raises(ValidationError, match="plays an event's deals"):
        session_deal_fresh(session=session, user=other_director, boards=6, replace=True, queue_analysis=False)
    recorded = DealDownload.objects.get(session=session)
    assert (recorded.user, recorded.file_format, recorded.board_count) == (other_director, "pbn", 6)
    listed = organiser.get(f"/simultaneous/{event.pk}/").content.decode()
    assert listed.count('data-testid="download-row"') == 1 and "Hal Hill" in listed

    # nobody else at the club takes the files or sees the deals; other clubs' directors see nothing of it
    for user in (hilltop_scorer, hilltop_player):
        assert client_for(user).post(f"/clubs/hilltop/simultaneous/{event.pk}/dealing.pbn").status_code in (403, 404)
    assert DealDownload.objects.count() == 1
    assert client_for(director).get(f"/clubs/hilltop/simultaneous/{event.pk}/").status_code == 404

    # the club plays and finishes; its players still see no deal and no field's result before the embargo ends
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    player = client_for(hilltop_player)
    hidden = player.get(f"/dealing/sessions/{session.pk}/hand-record/")
    assert hidden.status_code == 403 and first_hand.to_pbn() not in hidden.content.decode()
    assert player.get(f"/simultaneous/{event.pk}/results/").status_code == 404
    assert hal.get(f"/simultaneous/{event.pk}/results/").status_code == 404

    # the organiser's time is not come: the embargo holds
    refused = organiser.post(f"/simultaneous/{event.pk}/embargo/", follow=True)
    assert "still waiting for" in refused.content.decode()
    event.refresh_from_db()
    assert event.embargo_ended_at is None
    event.embargo_until = timezone.now() - datetime.timedelta(minutes=1)
    event.save(update_fields=["embargo_until"])
    assert organiser.post(f"/simultaneous/{event.pk}/embargo/").status_code == 302
    event.refresh_from_db()
    commitment.refresh_from_db()
    assert event.embargo_ended_at is not None and commitment.is_revealed

    # anyone can check: the revealed key and the delayed value give every club's deals
    revealed = commitment_domain.RevealedCommitment(commitment.record(), commitment.delayed_value)
    label = commitment.entries.get().label
    numbers = commitment_domain.session_deal_numbers(revealed.dealing_key(), label, 6)
    assert [number_to_deal(n).to_pbn() for n in numbers] == _hands(session)
    assert client_for(director).get(f"/dealing/commitments/{commitment.pk}/audit/").status_code == 200
    shown = player.get(f"/dealing/sessions/{session.pk}/hand-record/")
    assert shown.status_code == 200
    assert player.get(f"/simultaneous/{event.pk}/results/").status_code == 200


def played_evening(other_club, other_director):
    """Hilltop's Howell (8 pairs, 21 boards), every board 1 result: 4S by N making 10 or 9 tricks."""
    session = howell_make(_hilltop_session(other_club, boards_per_round=3), other_director)
    layout = session_layout(session)
    pairs = {p.label: p for p in session.pairs.all()}
    for board in (1, 2):
        for index, meeting in enumerate(layout.meetings_of_board(board)):
            result_record(
                session=session,
                board=board,
                ns_pair=pairs[meeting.ns],
                ew_pair=pairs[meeting.ew],
                result=Played.of("4S", "N", 10 if index % 2 else 9),
                user=other_director,
            )
    return session


def test_a_clubs_confirmed_results_reach_the_kept_field(
    client_for,
    club,
    director,
    other_club,
    other_director,
    events_dir,
    monkeypatch,
    django_capture_on_commit_callbacks,
):
    analysed = []  # the boards' double-dummy analysis (queued when the session is over) is not this test's
    monkeypatch.setattr("dealing.services.boards.queue_session_analysis", analysed.append)
    event = _event(club, director, boards=24)
    event_deals_commit(event=event, user=director, promise="DJIA close")
    event_deals_deal(event=event, user=director, delayed_value="43275.91")
    session = played_evening(other_club, other_director)
    entry = club_session_register(event=event, session=session, user=other_director)
    assert club_boards_release(entry=entry, user=other_director) is True

    # files from clubs scoring elsewhere: checked against the event's deals
    data = (events_dir / PBN).read_bytes()
    upload = SimpleUploadedFile(PBN, data)
    with pytest.raises(ValidationError, match="hands of board 1 are not this event's deal"):
        club_file_upload(event=event, upload=upload, user=director, club_name="Welwyn")
    usebio = SimpleUploadedFile(USEBIO, (events_dir / USEBIO).read_bytes())
    with pytest.raises(ValidationError, match="board 25 is not one of this event's boards"):
        club_file_upload(event=event, upload=usebio, user=director)
    refused = client_for(director).post(
        f"/simultaneous/{event.pk}/", {"file": SimpleUploadedFile(USEBIO, (events_dir / USEBIO).read_bytes())}
    )
    assert refused.status_code == 400 and "board 25" in refused.content.decode()
    without_hands = re.sub(rb"\[Deal \"[^\"]*\"\]\r?\n", b"", data)
    with django_capture_on_commit_callbacks(execute=True):
        club_file_upload(event=event, upload=SimpleUploadedFile(PBN, without_hands), user=director, club_name="Welwyn")
    kept = FieldCombination.objects.get(event=event)
    assert {row["club"] for row in kept.rows} == {"Welwyn"}  # Hilltop's results are not confirmed yet

    # Hilltop confirms (publishes, provisional for a day): scoring's hook queues the field's task (eager here)
    calls = []
    real = sim_services.field_rows
    monkeypatch.setattr(sim_services, "field_rows", lambda event: calls.append(event.pk) or real(event))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=session, user=other_director, query_hours=24)
    assert calls == [event.pk]
    export = client_for(other_director).get(f"/scoring/sessions/{session.pk}/export/usebio/")
    assert export.status_code == 200 and b"<HANDSET" not in export.content  # the results, no hands yet
    kept.refresh_from_db()
    assert {row["club"] for row in kept.rows} == {"Welwyn", "Hilltop Bridge Club"}
    assert sum(row["club"] == "Hilltop Bridge Club" for row in kept.rows) == 8
    organiser = client_for(director)
    with django_capture_on_commit_callbacks(execute=True):  # kept and current: read, not combined again
        page = organiser.get(f"/simultaneous/{event.pk}/results/")
    assert page.content.decode().count('data-testid="ranking-row"') == 21 and calls == [event.pk]
    assert 'data-testid="combination-updating"' not in page.content.decode()
    assert field_combination_task.delay(event.pk).get() == 21 and calls == [event.pk]  # same inputs: nothing done

    # a correction during the score-query window changes the club's results: the field follows
    line = session.results.filter(board=1).first()
    with django_capture_on_commit_callbacks(execute=True):
        result_record(
            session=session,
            board=3,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            result=Played.of("3NT", "S", 9),
            user=other_director,
            reason="late score",
        )
    assert calls == [event.pk, event.pk]  # the correction froze the ranking again: the hook told the field
    with django_capture_on_commit_callbacks(execute=True):
        organiser.get(f"/simultaneous/{event.pk}/")
    assert calls == [event.pk, event.pk]

    # made final: told again (the status is part of the field's inputs); a session playing no event: nothing queued
    with django_capture_on_commit_callbacks(execute=True):
        session_status_set(session=session, status=Session.Status.PUBLISHED)
    assert calls == [event.pk, event.pk, event.pk]
    session_results_changed(session_create(club=other_club, name="Other", date=session.date))
    assert calls == [event.pk, event.pk, event.pk]

"""Commitment services: the life of a commitment, who may act, and what can no longer change."""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from clubs.models import Session
from clubs.services import session_create
from dealing.domain.commitment import RevealedCommitment
from dealing.models import Commitment, CommitmentSession
from dealing.services import boards as board_services
from dealing.services import commitments as services

pytestmark = pytest.mark.django_db


def make(club, director, sessions, **extra):
    fields = dict(event="Autumn Pairs 2026", promise="DJIA close on 2026-11-20", dv_format="decimal:2")
    fields.update(extra)
    return services.commitment_create(club=club, user=director, sessions=sessions, **fields)


def over(session):
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()


@pytest.fixture
def second_session(club):
    return session_create(club=club, name="Thursday Pairs", date=datetime.date(2026, 11, 26))


def test_create_makes_a_draft_with_fresh_secrets_and_labels(club, director, club_session, second_session):
    one = make(club, director, [(club_session, 24), (second_session, 27)])
    two = make(club, director, [(session_create(club=club, name="X", date=datetime.date(2026, 12, 1)), 3)])
    assert one.status == Commitment.Status.DRAFT and one.commitment_hash == "" and one.published_at is None
    assert len(one.secret_key) == 64 and len(one.salt) == 32
    assert one.secret_key != two.secret_key and one.salt != two.salt
    assert [(e.label, e.boards) for e in one.entries.order_by("position")] == [
        (f"riverside/2026-11-24/s{club_session.pk}", 24),
        (f"riverside/2026-11-26/s{second_session.pk}", 27),
    ]


def test_event_and_promise_are_normalised(club, director, club_session):
    commitment = make(club, director, [(club_session, 3)], event="  Autumn \n Pairs ", promise="DJIA\tclose")
    assert (commitment.event, commitment.promise) == ("Autumn Pairs", "DJIA close")


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"event": "   "}, "event"),
        ({"promise": ""}, "promise"),
        ({"dv_format": "decimal:9"}, "dv_format"),
    ],
)
def test_create_rejects_bad_input_and_saves_nothing(club, director, club_session, changes, field):
    with pytest.raises(ValidationError) as info:
        make(club, director, [(club_session, 3)], **changes)
    assert field in info.value.message_dict
    assert not Commitment.objects.exists() and not CommitmentSession.objects.exists()


def test_create_rejects_sessions_it_cannot_take(club, other_club, director, club_session):
    foreign = session_create(club=other_club, name="Hilltop", date=datetime.date(2026, 11, 24))
    with pytest.raises(ValidationError, match="is not a session of Riverside"):
        make(club, director, [(foreign, 3)])
    make(club, director, [(club_session, 3)])
    with pytest.raises(ValidationError, match="already in a commitment"):
        make(club, director, [(club_session, 3)])
    with pytest.raises(ValidationError, match="at least one session"):
        make(club, director, [])
    with pytest.raises(ValidationError, match="boards must be 1 … 999"):
        make(club, director, [(session_create(club=club, name="Y", date=datetime.date(2026, 12, 2)), 1000)])


def test_a_dealt_session_cannot_be_committed(club, director, club_session):
    board_services.session_deal_fresh(session=club_session, user=director, boards=3)
    with pytest.raises(ValidationError, match="has already been dealt"):
        make(club, director, [(club_session, 3)])


@pytest.mark.parametrize("who", ["other_director", "player", "scorer", "auditor"])
def test_only_the_clubs_director_acts(request, club, director, club_session, who):
    user = request.getfixturevalue(who)
    with pytest.raises(PermissionDenied):
        make(club, user, [(club_session, 3)])
    commitment = make(club, director, [(club_session, 3)])
    for action in (services.commitment_publish, services.commitment_delete, services.commitment_reveal):
        with pytest.raises(PermissionDenied):
            action(commitment=commitment, user=user)
    services.commitment_publish(commitment=commitment, user=director)
    with pytest.raises(PermissionDenied):
        services.commitment_enter_dv(commitment=commitment, user=user, value="1.00")
    commitment.refresh_from_db()
    assert commitment.delayed_value == ""


def test_publish_fixes_the_hash_of_the_whole_record(club, director, club_session):
    commitment = services.commitment_publish(commitment=make(club, director, [(club_session, 3)]), user=director)
    assert commitment.status == Commitment.Status.PUBLISHED and commitment.published_at is not None
    record = commitment.record()
    assert commitment.commitment_hash == hashlib.sha256(record.canonical_bytes()).hexdigest()
    assert commitment.published_text == record.public_text() + f"commitment: {commitment.commitment_hash}\n"
    assert commitment.secret_key not in commitment.published_text
    with pytest.raises(ValidationError, match="already published"):
        services.commitment_publish(commitment=commitment, user=director)


@pytest.mark.parametrize(
    "field, value",
    [
        ("event", "Changed"),
        ("promise", "FTSE close"),
        ("dv_format", "text"),
        ("salt", "0" * 32),
        ("secret_key", "0" * 64),
        ("commitment_hash", "0" * 64),
        ("status", "draft"),
        ("dv_promised_at", datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.UTC)),
    ],
)
def test_a_published_commitment_is_immutable(club, director, club_session, field, value):
    commitment = services.commitment_publish(commitment=make(club, director, [(club_session, 3)]), user=director)
    setattr(commitment, field, value)
    with pytest.raises(ValidationError, match="cannot change"):
        commitment.save()
    stored = Commitment.objects.get(pk=commitment.pk)
    assert getattr(stored, field) != value


def test_the_sessions_of_a_published_commitment_are_fixed(club, director, club_session, second_session):
    commitment = services.commitment_publish(commitment=make(club, director, [(club_session, 3)]), user=director)
    entry = commitment.entries.get()
    entry.boards = 4
    with pytest.raises(ValidationError, match="cannot change"):
        entry.save()
    with pytest.raises(ValidationError, match="cannot change"):
        entry.delete()
    with pytest.raises(ValidationError, match="cannot change"):
        CommitmentSession.objects.create(commitment=commitment, session=second_session, label="x", boards=1, position=2)
    assert list(commitment.entries.values_list("boards", flat=True)) == [3]


def test_a_published_commitment_cannot_be_deleted_but_a_draft_can(club, director, club_session, second_session):
    draft = make(club, director, [(second_session, 3)])
    services.commitment_delete(commitment=draft, user=director)
    assert not Commitment.objects.filter(pk=draft.pk).exists()
    assert not CommitmentSession.objects.filter(session=second_session).exists()
    published = services.commitment_publish(commitment=make(club, director, [(club_session, 3)]), user=director)
    with pytest.raises(ValidationError, match="cannot be deleted"):
        services.commitment_delete(commitment=published, user=director)
    with pytest.raises(ValidationError):
        published.delete()
    assert Commitment.objects.filter(pk=published.pk).exists()


def test_dv_needs_publishing_first_and_is_canonicalised(club, director, club_session):
    commitment = make(club, director, [(club_session, 3)])
    with pytest.raises(ValidationError, match="Publish the commitment before"):
        services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    services.commitment_publish(commitment=commitment, user=director)
    with pytest.raises(ValidationError) as info:
        services.commitment_enter_dv(commitment=commitment, user=director, value="43275.9")
    assert "exactly 2 digits" in info.value.message_dict["delayed_value"][0]
    commitment = services.commitment_enter_dv(commitment=commitment, user=director, value=" 43,275.91 ")
    assert commitment.delayed_value == "43275.91" and commitment.dv_entered_by == director


def test_dv_can_be_corrected_until_a_session_is_dealt_from_it(club, director, club_session):
    commitment = services.commitment_publish(commitment=make(club, director, [(club_session, 3)]), user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.19")
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director)
    with pytest.raises(ValidationError, match="it is final"):
        services.commitment_enter_dv(commitment=commitment, user=director, value="43275.92")
    assert Commitment.objects.get(pk=commitment.pk).delayed_value == "43275.91"


def test_reveal_requires_the_dv(club, director, club_session):
    commitment = services.commitment_publish(commitment=make(club, director, [(club_session, 3)]), user=director)
    over(club_session)
    with pytest.raises(ValidationError) as info:
        services.commitment_reveal(commitment=commitment, user=director)
    assert "Enter the delayed value" in info.value.message_dict["delayed_value"][0]
    assert Commitment.objects.get(pk=commitment.pk).status == Commitment.Status.PUBLISHED


def test_reveal_waits_for_every_session_to_be_over(club, director, club_session, second_session):
    commitment = services.commitment_publish(
        commitment=make(club, director, [(club_session, 3), (second_session, 3)]), user=director
    )
    services.commitment_enter_dv(commitment=commitment, user=director, value="1.00")
    over(club_session)
    with pytest.raises(ValidationError, match="Not over yet: .*Thursday Pairs"):
        services.commitment_reveal(commitment=commitment, user=director)
    over(second_session)
    commitment = services.commitment_reveal(commitment=commitment, user=director)
    assert commitment.is_revealed and commitment.revealed_key() == commitment.secret_key
    with pytest.raises(ValidationError, match="already revealed"):
        services.commitment_reveal(commitment=commitment, user=director)
    with pytest.raises(ValidationError, match="final"):
        services.commitment_enter_dv(commitment=commitment, user=director, value="2.00")


def test_dealing_from_the_commitment_gives_the_committed_deals(club, director, club_session):
    commitment = services.commitment_publish(commitment=make(club, director, [(club_session, 5)]), user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director)
    expected = RevealedCommitment(commitment.record(), "43275.91").deal_numbers()
    label = commitment.entries.get().label
    assert [int(n) for n in club_session.boards.order_by("number").values_list("deal_number", flat=True)] == expected[
        label
    ]


def test_a_draft_whose_session_was_dealt_meanwhile_cannot_be_published(club, director, club_session):
    draft = make(club, director, [(club_session, 3)])
    board_services.session_deal_fresh(session=club_session, user=director, boards=3)  # a draft binds nothing
    with pytest.raises(ValidationError, match="has been dealt already"):
        services.commitment_publish(commitment=draft, user=director)
    assert Commitment.objects.get(pk=draft.pk).is_draft


def test_a_session_taken_by_a_concurrent_request_is_reported(club, director, club_session, monkeypatch):
    from dealing.models import commitment as models

    other = make(club, director, [(session_create(club=club, name="Z", date=datetime.date(2026, 12, 3)), 2)])
    real_filter = models.CommitmentSession.objects.filter

    def stale_filter(*args, **kwargs):  # the check sees the session free, the insert finds it taken
        if "session" in kwargs:
            return models.CommitmentSession.objects.none()
        return real_filter(*args, **kwargs)

    CommitmentSession.objects.create(commitment=other, session=club_session, label="taken", boards=2, position=2)
    monkeypatch.setattr(models.CommitmentSession.objects, "filter", stale_filter)
    with pytest.raises(ValidationError, match="just put in another commitment"):
        make(club, director, [(club_session, 3)])
    monkeypatch.undo()
    assert Commitment.objects.count() == 1


# --- the boards a session's movement plays --------------------------------------------------------------------------


def test_a_count_short_of_the_movements_boards_is_refused_until_that_count_is_accepted(club, director, howell_session):
    """The 8-pair Howell at 3 boards a round plays 21 boards: 18 would leave boards 19–21 undealable. Refused, naming
    the session and the boards, until the director accepts 18 for that session (accepting 20 is not accepting 18);
    more boards than the movement plays need no word."""
    assert services.session_boards_played(session=howell_session) == 21
    with pytest.raises(services.BoardsShort) as refused:
        make(club, director, [(howell_session, 18)])
    assert [(s.session, s.committed, s.played) for s in refused.value.shortfalls] == [(howell_session.pk, 18, 21)]
    message = " ".join(refused.value.messages)
    assert "Tuesday Pairs" in message and "plays 21 boards" in message and "19–21" in message
    with pytest.raises(services.BoardsShort):
        make(club, director, [(howell_session, 18)], accept_boards={howell_session.pk: 20})
    assert not Commitment.objects.exists()
    made = make(club, director, [(howell_session, 18)], accept_boards={howell_session.pk: 18})
    assert made.entries.get().boards == 18
    made.delete()
    assert make(club, director, [(howell_session, 24)]).entries.get().boards == 24


def test_a_session_with_no_movement_yet_takes_any_count(club, director, club_session):
    assert services.session_boards_played(session=club_session) is None
    assert make(club, director, [(club_session, 3)]).entries.get().boards == 3


def test_publishing_checks_the_counts_against_the_movements_chosen_since(club, director, club_session):
    """The movement is often chosen after the draft: publishing (which cannot be undone) asks again."""
    from tests.worlds import howell_make

    draft = make(club, director, [(club_session, 18)])
    howell_make(club_session, director)
    with pytest.raises(services.BoardsShort, match="plays 21 boards, the commitment gives 18"):
        services.commitment_publish(commitment=draft, user=director)
    draft.refresh_from_db()
    assert draft.is_draft and not draft.commitment_hash
    published = services.commitment_publish(commitment=draft, user=director, accept_boards={club_session.pk: 18})
    assert published.status == Commitment.Status.PUBLISHED


# --- the time promised for the delayed value ------------------------------------------------------------------------

PROMISED = datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.UTC)


def _audit_time_check(commitment):
    from dealing.selectors.commitments import commitment_audit

    return next(c for c in commitment_audit(commitment=commitment) if c.name == "time of the delayed value")


@pytest.mark.parametrize(
    ("entered", "warning", "words"),
    [
        (PROMISED - datetime.timedelta(hours=2), True, "before the time promised for it"),
        (PROMISED + datetime.timedelta(minutes=5), False, "after the time promised for it"),
    ],
)
def test_the_audit_warns_of_a_delayed_value_entered_before_its_promised_time(
    club, director, club_session, entered, warning, words
):
    from django.utils import timezone

    commitment = make(club, director, [(club_session, 3)], dv_promised_at=PROMISED)
    assert commitment.dv_promised_at == PROMISED
    services.commitment_publish(commitment=commitment, user=director)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: entered)
        services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    commitment.refresh_from_db()
    check = _audit_time_check(commitment)
    assert (check.passed, check.warning) == (True, warning)
    assert words in check.detail and "(UTC+01:00)" in check.detail  # the club's time, with its offset


def test_the_audit_says_when_no_time_was_promised(club, director, club_session):
    commitment = make(club, director, [(club_session, 3)])
    services.commitment_publish(commitment=commitment, user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    commitment.refresh_from_db()
    check = _audit_time_check(commitment)
    assert (check.passed, check.warning) == (True, False) and "names no time" in check.detail

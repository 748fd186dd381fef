"""Dealing a session (fresh key, import of real files), dealing-machine downloads, and the analysis task."""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError

from bridge.cards import Deal, board_dealer, board_vulnerability
from clubs.models import Session
from clubs.services import session_create
from dealing.domain import formats
from dealing.domain.formats.pbn import read_pbn
from dealing.domain.numbering import deal_to_number, number_to_deal
from dealing.models import Board, DealDownload, SessionDealing
from dealing.selectors.boards import session_board_count, session_dealing_summary
from dealing.services import boards as services
from dealing.services import commitments as commitment_services
from scoring.services.sessions import session_status_set

pytestmark = pytest.mark.django_db
EVENTS = settings.SHARED_DATA_DIR / "data" / "events"
BRIDGEWEBS = EVENTS / "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"


def test_fresh_key_deals_boards_with_law_2_dealer_and_vulnerability(club_session, director):
    dealing = services.session_deal_fresh(session=club_session, user=director, boards=18)
    boards = list(club_session.boards.order_by("number"))
    assert dealing.source == SessionDealing.Source.FRESH_KEY and session_board_count(session=club_session) == 18
    assert [b.number for b in boards] == list(range(1, 19))
    for board in boards:
        assert board.dealer == board_dealer(board.number).letter
        assert board.vulnerability == board_vulnerability(board.number).pbn
        assert number_to_deal(int(board.deal_number)).to_pbn() == board.deal_pbn
        assert board.analysis_status == Board.AnalysisStatus.PENDING
    assert len({b.deal_number for b in boards}) == 18
    assert len(dealing.secret_key) == 64


def test_two_fresh_dealings_differ(club, director):
    one = session_create(club=club, name="A", date=datetime.date(2026, 11, 1))
    two = session_create(club=club, name="B", date=datetime.date(2026, 11, 2))
    services.session_deal_fresh(session=one, user=director, boards=3)
    services.session_deal_fresh(session=two, user=director, boards=3)
    assert set(one.boards.values_list("deal_number", flat=True)).isdisjoint(
        two.boards.values_list("deal_number", flat=True)
    )


def test_importing_a_real_bridgewebs_pbn(club_session, director):
    data = BRIDGEWEBS.read_bytes()
    dealing = services.session_deal_import(session=club_session, user=director, filename=BRIDGEWEBS.name, data=data)
    expected = read_pbn(data).boards()
    assert dealing.source == SessionDealing.Source.IMPORTED
    assert session_board_count(session=club_session) == len(expected) > 0
    assert dealing.imported_sha256 == hashlib.sha256(data).hexdigest()
    stored = {b.number: b for b in club_session.boards.all()}
    for number, deal in expected:
        assert stored[number].deal_pbn == deal.to_pbn()
        assert int(stored[number].deal_number) == deal_to_number(deal)
    assert stored[1].deal_pbn == "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"


@pytest.mark.parametrize("fmt", ["dup", "dlm", "lin", "csv"])
def test_importing_dealing_machine_formats(club_session, director, fmt):
    deals = [
        (n, number_to_deal(12345678901234567890123456789 * n % 53644737765488792839237440000)) for n in range(1, 9)
    ]
    data = formats.render(fmt, deals)
    services.session_deal_import(session=club_session, user=director, filename=f"set.{fmt.upper()}", data=data)
    assert [(b.number, b.deal_pbn) for b in club_session.boards.order_by("number")] == [
        (n, d.to_pbn()) for n, d in deals
    ]


@pytest.mark.parametrize(
    "filename, data, message",
    [
        ("deals.txt", b"x", "choose a .pbn, .dup, .dlm, .lin or .csv file"),
        ("deals.pbn", b"", "is empty"),
        ("deals.pbn", b'[Board "1"]\n[Deal "N:AKQ.T98.765.432 - - -"]\n', "deals.pbn: line 2"),
        (
            "deals.pbn",
            b'[Board "0"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
            "deals.pbn",
        ),
        (
            "deals.pbn",
            b'[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n\n'
            b'[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
            "board 1 appears twice",
        ),
        ("deals.pbn", b'% PBN 2.1\n[Event "nothing"]\n', "holds no deals"),
    ],
)
def test_bad_imports_are_refused_with_the_place_and_nothing_is_saved(club_session, director, filename, data, message):
    with pytest.raises(ValidationError) as info:
        services.session_deal_import(session=club_session, user=director, filename=filename, data=data)
    assert message in info.value.message_dict["file"][0]
    assert not Board.objects.exists() and not SessionDealing.objects.exists()


def test_only_the_clubs_director_deals(club_session, other_director, player, scorer):
    for user in (other_director, player, scorer):
        with pytest.raises(PermissionDenied):
            services.session_deal_fresh(session=club_session, user=user, boards=3)
    assert not Board.objects.exists()


def test_dealing_again_needs_replace_and_a_planned_session(club_session, director):
    services.session_deal_fresh(session=club_session, user=director, boards=3)
    first = set(club_session.boards.values_list("deal_number", flat=True))
    with pytest.raises(ValidationError, match="dealt already"):
        services.session_deal_fresh(session=club_session, user=director, boards=3)
    services.session_deal_fresh(session=club_session, user=director, boards=4, replace=True)
    assert club_session.boards.count() == 4 and SessionDealing.objects.count() == 1
    assert first.isdisjoint(club_session.boards.values_list("deal_number", flat=True))
    session_status_set(session=club_session, status=Session.Status.RUNNING)
    with pytest.raises(ValidationError, match="only while the session is planned"):
        services.session_deal_fresh(session=club_session, user=director, boards=3, replace=True)
    assert club_session.boards.count() == 4


def test_the_board_count_is_the_sessions_board_rows(club_session, director, client_for):
    """One owner: the summary, the page and the message count the Board rows; nothing else keeps a copy."""
    assert session_board_count(session=club_session) == 0
    assert session_dealing_summary(session=club_session).board_count == 0
    assert not hasattr(SessionDealing(), "board_count")
    services.session_deal_fresh(session=club_session, user=director, boards=5)
    assert session_board_count(session=club_session) == 5
    Board.objects.filter(session=club_session, number=5).delete()
    assert session_dealing_summary(session=club_session).board_count == 4 == session_board_count(session=club_session)
    r = client_for(director).post(
        f"/dealing/sessions/{club_session.pk}/boards/deal/fresh/", {"boards": 7, "replace": "on"}, follow=True
    )
    assert "7 boards dealt" in r.content.decode() and session_board_count(session=club_session) == 7


def test_a_session_in_a_published_commitment_is_dealt_only_from_it(club, club_session, director):
    commitment = commitment_services.commitment_create(
        club=club, user=director, event="E", promise="P", dv_format="text", sessions=[(club_session, 3)]
    )
    commitment_services.commitment_publish(commitment=commitment, user=director)
    with pytest.raises(ValidationError, match="deal it from the commitment"):
        services.session_deal_fresh(session=club_session, user=director, boards=3)
    with pytest.raises(ValidationError, match="deal it from the commitment"):
        services.session_deal_import(
            session=club_session, user=director, filename="x.pbn", data=BRIDGEWEBS.read_bytes()
        )
    with pytest.raises(ValidationError, match="Enter the commitment's delayed value"):
        services.session_deal_from_commitment(session=club_session, user=director)
    commitment_services.commitment_enter_dv(commitment=commitment, user=director, value="3 14 15")
    dealing = services.session_deal_from_commitment(session=club_session, user=director)
    assert dealing.commitment == commitment and dealing.label == commitment.entries.get().label


def test_a_session_not_in_a_commitment_cannot_be_dealt_from_one(club_session, director):
    with pytest.raises(ValidationError, match="not in any commitment"):
        services.session_deal_from_commitment(session=club_session, user=director)


@pytest.mark.parametrize("fmt", ["pbn", "dup", "dlm"])
def test_dealing_machine_download_is_the_deals_and_is_recorded(club_session, director, fmt):
    services.session_deal_fresh(session=club_session, user=director, boards=6)
    name, content, mime = services.dealing_file_download(session_id=club_session.pk, user=director, file_format=fmt)
    assert name.endswith(f".{fmt}")
    assert [(n, d.to_pbn()) for n, d in formats.read_deals(fmt, content)] == [
        (b.number, b.deal_pbn) for b in club_session.boards.order_by("number")
    ]
    record = DealDownload.objects.get()
    assert (record.user, record.file_format, record.board_count, record.session_status) == (director, fmt, 6, "planned")
    assert record.sha256 == hashlib.sha256(content).hexdigest()


def test_the_dealing_machine_pbn_names_its_session_and_date(club_session, director):
    """The director's PBN for the dealing machine says which session it deals (BigDeal writes "?" there); the other
    files have no place for it and stay as BigDeal writes them."""
    services.session_deal_fresh(session=club_session, user=director, boards=2)
    _name, content, _mime = services.dealing_file_download(session_id=club_session.pk, user=director, file_format="pbn")
    games = read_pbn(content).games
    assert [(g.value("Event"), g.value("Date"), g.value("Site")) for g in games] == [
        ("Tuesday Pairs", "2026.11.24", "?")
    ] * 2
    boards = [(b.number, Deal.from_pbn(b.deal_pbn)) for b in club_session.boards.order_by("number")]
    assert content == formats.render("pbn", boards).replace(b'[Event "?"]', b'[Event "Tuesday Pairs"]').replace(
        b'[Date "?"]', b'[Date "2026.11.24"]'
    )
    _name, dlm, _mime = services.dealing_file_download(session_id=club_session.pk, user=director, file_format="dlm")
    assert dlm == formats.render("dlm", boards)


def test_a_download_records_every_state_of_the_session_in_full(club_session, director):
    """Each status's name fits the record (on PostgreSQL "provisional" once did not: a 500, nothing recorded)."""
    from clubs.models import Session

    services.session_deal_fresh(session=club_session, user=director, boards=3)
    for status in Session.Status.values:
        Session.objects.filter(pk=club_session.pk).update(status=status)
        services.dealing_file_download(session_id=club_session.pk, user=director, file_format="pbn")
    assert list(DealDownload.objects.order_by("pk").values_list("session_status", flat=True)) == Session.Status.values
    field = DealDownload._meta.get_field("session_status")
    assert field.max_length >= Session._meta.get_field("status").max_length


def test_dealing_machine_downloads_are_for_directors_only(
    club_session, director, player, scorer, other_director, auditor
):
    from django.http import Http404

    services.session_deal_fresh(session=club_session, user=director, boards=3)
    for user in (player, scorer, auditor):
        with pytest.raises(PermissionDenied):
            services.dealing_file_download(session_id=club_session.pk, user=user, file_format="pbn")
    with pytest.raises(Http404):
        services.dealing_file_download(session_id=club_session.pk, user=other_director, file_format="pbn")
    with pytest.raises(ValidationError, match="Choose one of"):
        services.dealing_file_download(session_id=club_session.pk, user=director, file_format="exe")
    assert not DealDownload.objects.exists()


def test_dealing_queues_the_analysis_on_commit(club_session, director, django_capture_on_commit_callbacks, monkeypatch):
    queued = []
    monkeypatch.setattr(
        "dealing.tasks.analysis.session_analysis_task.apply_async", lambda args, queue: queued.append((args, queue))
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.session_deal_fresh(session=club_session, user=director, boards=3)
    assert queued == [([club_session.pk], "analysis")]


def test_finishing_a_session_queues_the_analysis_of_unanalysed_boards(
    club_session, director, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(
        "dealing.tasks.analysis.session_analysis_task.apply_async", lambda args, queue: queued.append(args)
    )
    services.session_deal_fresh(session=club_session, user=director, boards=3, queue_analysis=False)
    with django_capture_on_commit_callbacks(execute=True):
        session_status_set(session=club_session, status=Session.Status.RUNNING)
    assert queued == []
    with django_capture_on_commit_callbacks(execute=True):
        session_status_set(session=club_session, status=Session.Status.FINISHED)
    assert queued == [[club_session.pk]]
    Board.objects.update(analysis_status=Board.AnalysisStatus.DONE)
    with django_capture_on_commit_callbacks(execute=True):
        session_status_set(session=club_session, status=Session.Status.PROVISIONAL)
        session_status_set(session=club_session, status=Session.Status.PUBLISHED)
    assert queued == [[club_session.pk]]


def test_viewing_a_hand_record_queues_a_missing_analysis_at_most_every_ten_minutes(
    club_session, director, player, client_for, monkeypatch, django_capture_on_commit_callbacks
):
    import datetime as dt

    queued = []
    monkeypatch.setattr(
        "dealing.tasks.analysis.session_analysis_task.apply_async", lambda args, queue: queued.append(args)
    )
    services.session_deal_fresh(session=club_session, user=director, boards=2, queue_analysis=False)
    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.FINISHED)
    client = client_for(player)
    for url in ("hand-record/", "hand-record/1/", "hand-record/1/analysis/", "hand-record/"):
        with django_capture_on_commit_callbacks(execute=True):
            assert client.get(f"/dealing/sessions/{club_session.pk}/{url}").status_code == 200
    assert queued == [[club_session.pk]]  # queued once, not on every view
    SessionDealing.objects.update(
        analysis_queued_at=SessionDealing.objects.get().analysis_queued_at - dt.timedelta(minutes=11)
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.get(f"/dealing/sessions/{club_session.pk}/hand-record/1/analysis/")
    assert queued == [[club_session.pk], [club_session.pk]]  # still pending long after: queued again
    Board.objects.update(
        analysis_status=Board.AnalysisStatus.DONE, dd_tricks="98a79989794536445364", par_score=0, par_contracts="Pass"
    )
    SessionDealing.objects.update(analysis_queued_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(f"/dealing/sessions/{club_session.pk}/hand-record/")
    assert len(queued) == 2  # all analysed: nothing to queue


@pytest.mark.slow
def test_the_analysis_task_stores_table_and_par_and_is_idempotent(club_session, director):
    from dealing.domain.analysis import analyse
    from dealing.tasks.analysis import session_analysis_task

    services.session_deal_fresh(session=club_session, user=director, boards=2)
    assert session_analysis_task.apply(args=[club_session.pk]).get() == 2
    for board in club_session.boards.all():
        expected = analyse(Deal.from_pbn(board.deal_pbn), board_vulnerability(board.number), board_dealer(board.number))
        assert board.analysis_status == Board.AnalysisStatus.DONE
        assert board.dd_tricks == expected.table.to_pbn_tricks()
        assert (board.par_score, board.par_contracts) == (expected.par.score, expected.par.par_contract_pbn())
    assert session_analysis_task.apply(args=[club_session.pk]).get() == 0

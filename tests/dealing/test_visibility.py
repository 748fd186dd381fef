"""Nobody sees a deal before its session is over, and nobody sees a commitment's key before the reveal.

For every way in — pages, the API, the PBN export, dealing-machine files, the admin, error
pages, logs and ``repr`` — the tests look for any secret in what comes out: each board's
PBN deal, each of its hands, its Pavlicek number and analysis; the commitment's secret key
and derived dealing key; a fresh dealing key.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clubs.models import Session
from dealing.domain.commitment import RevealedCommitment
from dealing.models import Board, Commitment, SessionDealing
from dealing.services import boards as board_services
from dealing.services import commitments as commitment_services
from scoring.services.sessions import session_status_set

pytestmark = pytest.mark.django_db


def secrets_of(session, commitment) -> list[str]:
    found = [commitment.secret_key, commitment.secret_key.upper()]
    if commitment.delayed_value:
        found.append(RevealedCommitment(commitment.record(), commitment.delayed_value).dealing_key().hex())
    for board in Board.objects.filter(session=session):
        found += [board.deal_pbn, board.deal_number, board.deal_pbn[2:]]
        found += [hand for hand in board.deal_pbn[2:].split() if len(hand) > 10]
    return found


def leaks(text: str | bytes, secrets: list[str]) -> list[str]:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return [s for s in secrets if s and s in text]


def page_urls(session, commitment) -> list[str]:
    s, c = session.pk, commitment.pk
    return [
        f"/sessions/{s}/",
        f"/dealing/sessions/{s}/hand-record/",
        f"/dealing/sessions/{s}/hand-record/1/",
        f"/dealing/sessions/{s}/hand-record/1/analysis/",
        f"/dealing/sessions/{s}/hand-record/99/",
        f"/dealing/sessions/{s}/hand-record.pbn",
        f"/dealing/sessions/{s}/boards/",
        "/dealing/commitments/",
        f"/dealing/commitments/{c}/",
        f"/dealing/commitments/{c}/published.json",
        f"/dealing/commitments/{c}/revealed.json",
        f"/dealing/commitments/{c}/notice.txt",
        f"/dealing/commitments/{c}/audit/",
        "/api/v1/commitments/",
        f"/api/v1/commitments/{c}/",
        f"/api/v1/commitments/{c}/audit/",
        f"/api/v1/sessions/{s}/boards/",
        f"/api/v1/sessions/{s}/",
        # what players see of the results (tests/scoring/players/test_visibility.py goes through every state)
        f"/scoring/sessions/{s}/ranking/",
        f"/scoring/sessions/{s}/ranking.csv",
        f"/scoring/sessions/{s}/pairs/1/",
        f"/scoring/sessions/{s}/boards/1/",
        f"/scoring/sessions/{s}/boards/1/?pair=1",
        "/scoring/me/",
    ]


@pytest.mark.parametrize("who", ["player", "scorer", "director", "other_director", "auditor", "anonymous"])
def test_no_page_or_api_shows_a_deal_or_the_key_before_the_session_is_over(request, dealt, who, client_for):
    session, commitment = dealt
    client = Client() if who == "anonymous" else client_for(request.getfixturevalue(who))
    secrets = secrets_of(session, commitment)
    for url in page_urls(session, commitment):
        response = client.get(url)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert not leaks(body, secrets), (who, url, response.status_code)


@pytest.mark.parametrize(
    "who, status", [("player", 403), ("scorer", 403), ("director", 403), ("auditor", 403), ("other_director", 404)]
)
def test_hand_records_answer_403_before_the_end_and_say_why(request, dealt, who, status, client_for):
    session, _ = dealt
    client = client_for(request.getfixturevalue(who))
    for url in (
        f"/dealing/sessions/{session.pk}/hand-record/",
        f"/dealing/sessions/{session.pk}/hand-record/2/",
        f"/dealing/sessions/{session.pk}/hand-record.pbn",
    ):
        response = client.get(url)
        assert response.status_code == status, url
        if status == 403:
            assert b"shown once the session is over" in response.content


def test_anonymous_users_are_sent_to_log_in(dealt):
    """A session's hand record before its commitment is revealed (and the API) send a visitor to log in; the
    published commitment's page is public (``test_public_checking.py``), without its key."""
    session, commitment = dealt
    client = Client()
    response = client.get(f"/dealing/sessions/{session.pk}/hand-record/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.get(f"/dealing/commitments/{commitment.pk}/")
    assert response.status_code == 200 and commitment.secret_key not in response.content.decode()
    assert client.get(f"/api/v1/sessions/{session.pk}/boards/").status_code in (401, 403)


@pytest.mark.parametrize("who", ["player", "scorer", "auditor"])
def test_the_api_lists_boards_without_deals_before_the_end(request, dealt, who, api_client_for):
    session, commitment = dealt
    response = api_client_for(request.getfixturevalue(who)).get(f"/api/v1/sessions/{session.pk}/boards/")
    assert response.status_code == 200
    data = response.json()
    assert data["deals_visible"] is False
    assert data["boards"][0] == {"number": 1, "dealer": "N", "vulnerability": "None"}
    assert all(set(board) == {"number", "dealer", "vulnerability"} for board in data["boards"])


def test_the_api_refuses_other_clubs(dealt, other_director, api_client_for):
    session, commitment = dealt
    client = api_client_for(other_director)
    response = client.get(f"/api/v1/sessions/{session.pk}/boards/")
    assert response.status_code == 404 and set(response.json()["error"]) == {"code", "message", "field"}
    assert client.get(f"/api/v1/commitments/{commitment.pk}/").status_code == 404


@pytest.mark.parametrize("who", ["player", "scorer", "auditor", "other_director"])
def test_only_a_director_downloads_dealing_machine_files(request, dealt, who, client_for, api_client_for):
    session, commitment = dealt
    client = client_for(request.getfixturevalue(who))
    secrets = secrets_of(session, commitment)
    for fmt in ("pbn", "dup", "dlm", "pdf"):
        response = client.post(f"/dealing/sessions/{session.pk}/boards/file/{fmt}/")
        assert response.status_code in (403, 404) and not leaks(response.content, secrets)
    assert not session.deal_downloads.exists()


def test_a_directors_dealing_machine_download_is_recorded_and_only_that(dealt, director, client_for):
    session, commitment = dealt
    client = client_for(director)
    response = client.post(f"/dealing/sessions/{session.pk}/boards/file/pbn/")
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    assert leaks(response.content, secrets_of(session, commitment))  # the deals are in the file …
    record = session.deal_downloads.get()
    assert (record.user, record.file_format, record.session_status) == (director, "pbn", "running")
    assert client.get(f"/dealing/sessions/{session.pk}/boards/file/pbn/").status_code == 405  # … and only by POST
    page = client.get(f"/dealing/sessions/{session.pk}/boards/")
    assert b"1 download recorded" in page.content and not leaks(page.content, secrets_of(session, commitment))


def test_error_paths_show_no_deal(dealt, director, player, client_for, api_client_for):
    session, commitment = dealt
    secrets = secrets_of(session, commitment)
    director_client = client_for(director)
    responses = [
        director_client.post(f"/dealing/sessions/{session.pk}/boards/file/exe/", follow=True),
        director_client.post(f"/dealing/sessions/{session.pk}/boards/deal/fresh/", {"boards": 3}),
        director_client.post(f"/dealing/sessions/{session.pk}/boards/deal/commitment/"),
        director_client.post(f"/dealing/sessions/{session.pk}/boards/deal/fresh/", {"boards": 3, "replace": "on"}),
        director_client.post(f"/dealing/commitments/{commitment.pk}/reveal/", follow=True),
        director_client.post(f"/dealing/commitments/{commitment.pk}/reveal/", {"confirmed": "yes"}, follow=True),
        director_client.post(f"/dealing/commitments/{commitment.pk}/delayed-value/", {"value": "1.00"}),
        client_for(player).post(f"/dealing/sessions/{session.pk}/boards/deal/fresh/", {"boards": 3}),
        api_client_for(director).post(
            f"/api/v1/sessions/{session.pk}/boards/", {"source": "fresh", "boards": 3}, format="json"
        ),
        api_client_for(director).post(f"/api/v1/commitments/{commitment.pk}/reveal/"),
        api_client_for(player).get(f"/api/v1/commitments/{commitment.pk}/audit/"),
    ]
    for response in responses:
        assert response.status_code in (200, 400, 403, 404), response.status_code
        assert not leaks(response.content, secrets)
    assert api_client_for(director).post(f"/api/v1/commitments/{commitment.pk}/reveal/").json()["error"]["message"]


@pytest.mark.parametrize(
    "url",
    [
        "/admin/dealing/board/",
        "/admin/dealing/board/{board}/change/",
        "/admin/dealing/commitment/",
        "/admin/dealing/commitment/{commitment}/change/",
        "/admin/dealing/sessiondealing/",
        "/admin/dealing/sessiondealing/{dealing}/change/",
        "/admin/dealing/commitmentsession/",
        "/admin/clubs/session/{session}/change/",
        "/admin/dealing/commitment/{commitment}/history/",
    ],
)
def test_the_admin_shows_neither_deals_nor_keys(dealt, client_for, url, django_user_model):
    session, commitment = dealt
    board = Board.objects.filter(session=session).first()
    dealing = SessionDealing.objects.get(session=session)
    superuser = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-2026")
    response = client_for(superuser).get(
        url.format(board=board.pk, commitment=commitment.pk, dealing=dealing.pk, session=session.pk)
    )
    assert response.status_code in (200, 404)
    assert not leaks(response.content, secrets_of(session, commitment))


@pytest.mark.parametrize("lookup", ["deal_pbn__startswith=N:", "deal_number__gt=0", "dd_tricks__contains=9"])
def test_the_admin_refuses_filters_on_deals(dealt, client_for, django_user_model, lookup):
    superuser = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-2026")
    response = client_for(superuser).get(f"/admin/dealing/board/?{lookup}")
    assert response.status_code == 400


def test_the_admin_refuses_filters_on_the_key(dealt, client_for, django_user_model):
    _, commitment = dealt
    superuser = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-2026")
    client = client_for(superuser)
    assert (
        client.get(f"/admin/dealing/commitment/?secret_key__startswith={commitment.secret_key[:2]}").status_code == 400
    )
    assert client.get("/admin/dealing/sessiondealing/?secret_key__startswith=a").status_code == 400


def test_the_admin_shows_deals_once_the_session_is_over(dealt, client_for, django_user_model):
    session, commitment = dealt
    session_status_set(session=session, status=Session.Status.FINISHED)
    board = Board.objects.filter(session=session).first()
    superuser = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-2026")
    response = client_for(superuser).get(f"/admin/dealing/board/{board.pk}/change/")
    assert board.deal_pbn in response.content.decode()
    assert (
        commitment.secret_key
        not in client_for(superuser).get(f"/admin/dealing/commitment/{commitment.pk}/change/").content.decode()
    )


def test_repr_and_str_hold_no_secret(dealt):
    session, commitment = dealt
    secrets = secrets_of(session, commitment)
    objects = [
        commitment,
        *Board.objects.filter(session=session),
        SessionDealing.objects.get(session=session),
        *commitment.entries.all(),
    ]
    for obj in objects:
        assert not leaks(repr(obj) + str(obj), secrets)
    assert not leaks(repr(commitment.record()), secrets)


def test_logs_hold_no_secret(dealt, caplog, director, client_for):
    session, commitment = dealt
    client_for(director).post(f"/dealing/sessions/{session.pk}/boards/file/dlm/")
    fresh = board_services.session_deal_fresh
    other = Session.objects.create(club=session.club, name="Other", date=session.date)
    fresh(session=other, user=director, boards=3)
    secrets = secrets_of(session, commitment) + secrets_of(other, commitment)
    secrets.append(SessionDealing.objects.get(session=other).secret_key)
    assert caplog.records, "the services log what they do"
    assert not leaks("\n".join(r.getMessage() for r in caplog.records), secrets)


def test_a_fresh_key_is_never_shown(club_session, director, client_for, django_user_model):
    board_services.session_deal_fresh(session=club_session, user=director, boards=2)
    session_status_set(session=club_session, status=Session.Status.RUNNING)
    session_status_set(session=club_session, status=Session.Status.FINISHED)
    key = SessionDealing.objects.get(session=club_session).secret_key
    superuser = django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-2026")
    dealing = SessionDealing.objects.get(session=club_session)
    for client, url in [
        (client_for(director), f"/dealing/sessions/{club_session.pk}/boards/"),
        (client_for(director), f"/dealing/sessions/{club_session.pk}/hand-record/"),
        (client_for(director), f"/dealing/sessions/{club_session.pk}/hand-record.pbn"),
        (client_for(director), f"/api/v1/sessions/{club_session.pk}/boards/"),
        (client_for(superuser), f"/admin/dealing/sessiondealing/{dealing.pk}/change/"),
    ]:
        response = client.get(url)
        assert response.status_code == 200 and key not in response.content.decode()


def test_once_over_the_player_sees_the_deals_and_after_reveal_the_key(
    dealt, player, director, client_for, api_client_for
):
    session, commitment = dealt
    session_status_set(session=session, status=Session.Status.FINISHED)
    client = client_for(player)
    first = Board.objects.get(session=session, number=1)
    page = client.get(f"/dealing/sessions/{session.pk}/hand-record/1/").content.decode()
    north = first.deal_pbn[2:].split()[0]
    assert all(suit.replace("T", "10")[:1] in page for suit in north.split(".") if suit)
    pbn = client.get(f"/dealing/sessions/{session.pk}/hand-record.pbn").content.decode()
    assert first.deal_pbn in pbn
    api = api_client_for(player).get(f"/api/v1/sessions/{session.pk}/boards/").json()
    assert api["deals_visible"] and api["boards"][0]["deal"] == first.deal_pbn
    assert commitment.secret_key not in client.get(f"/dealing/commitments/{commitment.pk}/").content.decode()
    commitment_services.commitment_reveal(commitment=commitment, user=director)
    assert commitment.secret_key in client.get(f"/dealing/commitments/{commitment.pk}/").content.decode()
    assert Commitment.objects.get(pk=commitment.pk).revealed_key() == commitment.secret_key


def test_error_reports_do_not_list_deals_or_keys(dealt, director, client_for, monkeypatch, rf):
    """The report Django e-mails to ADMINS on a crash lists each frame's local variables: not these."""
    from django.views.debug import ExceptionReporter

    session, commitment = dealt
    secrets = secrets_of(session, commitment)

    def crash(*args, **kwargs):
        raise RuntimeError("the writer failed")

    monkeypatch.setattr("dealing.domain.formats.render", crash)
    request = rf.post(f"/dealing/sessions/{session.pk}/boards/file/pbn/")
    request.user = director
    from dealing.views.boards import board_dealing_file

    with pytest.raises(RuntimeError, match="writing the pbn file failed") as info:
        board_dealing_file(request, session_id=session.pk, file_format="pbn")
    # the report from the view down (the test's own frame holds the secrets it looks for)
    report = ExceptionReporter(request, info.type, info.value, info.tb.tb_next).get_traceback_html()
    assert "dealing_file_download" in report and "boards" in report  # the frame and its variables are listed …
    assert not leaks(report, secrets)  # … but not their values

    monkeypatch.setattr("dealing.services.boards.number_to_deal", crash)
    other = Session.objects.create(club=session.club, name="Other", date=session.date)
    with pytest.raises(RuntimeError, match="making the boards failed") as info:
        board_services.session_deal_fresh(session=other, user=director, boards=2)
    report = ExceptionReporter(None, info.type, info.value, info.tb.tb_next).get_traceback_html()
    assert "session_deal_fresh" in report and not leaks(report, secrets + secrets_of(other, commitment))
    assert "crash" not in report  # the failing domain frames are not in the report
    key_hex = re.findall(r"[0-9a-f]{64}", report)
    assert not key_hex, "a 256-bit key in the error report"

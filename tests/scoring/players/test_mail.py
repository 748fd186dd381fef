"""Results by e-mail: each player with an address gets their place, percentage and scorecard link in their language
when a session is published — once per publication, never twice; failures retried; opt-out in the profile."""

from __future__ import annotations

import smtplib

import pytest
from django.test import Client

from clubs.models import Member, ResultsEmail, Session
from scoring.models import SessionScoring
from scoring.services.mail import results_email_send, stop_token
from scoring.services.sessions import session_results_make_final, session_results_publish, session_status_set
from tests.scoring.players.test_visibility import deal_secrets

pytestmark = pytest.mark.django_db


def _by_address(outbox) -> dict:
    return {message.to[0]: message for message in outbox}


def test_each_player_with_an_address_gets_their_result(published, mailoutbox):
    ranking = {p["pair"]: p for p in SessionScoring.objects.get(session=published).published_ranking["pairs"]}
    sent = _by_address(mailoutbox)
    # 8 pairs: 16 players, one a guest and one member without an address
    assert len(sent) == 14 and "" not in sent
    ada = sent["ada@example.org"]
    one = ranking["1"]
    assert ada.subject == f"Riverside Bridge Club, Tuesday Pairs: place {one['place']} of 8, {one['percentage']} %"
    assert f"Place {one['place']} of 8, {one['percentage']} %." in ada.body
    assert f"http://127.0.0.1:8000/scoring/sessions/{published.pk}/pairs/1/" in ada.body
    assert "published provisionally" in ada.body and "tell the director before" in ada.body
    assert ada.extra_headers["List-Unsubscribe"].startswith("<http://127.0.0.1:8000/scoring/results-mail/stop/")
    records = ResultsEmail.objects.filter(session=published)
    assert records.count() == 14 and set(records.values_list("status", flat=True)) == {"sent"}


def test_each_in_their_language(published, mailoutbox):
    bruno = _by_address(mailoutbox)["bruno@example.org"]
    assert "Miejsce" in bruno.body and "wstępnie" in bruno.body
    assert "Place" not in bruno.body


def test_no_deal_in_any_email(published, mailoutbox):
    secrets = deal_secrets(published)
    for message in mailoutbox:
        assert not any(s in message.subject + message.body for s in secrets)


def test_never_twice_for_one_publication(published, director, mailoutbox, django_capture_on_commit_callbacks):
    assert len(mailoutbox) == 14
    results_email_send(session_id=published.pk)  # the task again (a retry, a second worker)
    with django_capture_on_commit_callbacks(execute=True):
        session_results_make_final(session=published, user=director)  # provisional → final: the same publication
    with django_capture_on_commit_callbacks(execute=True):
        Session.objects.get(pk=published.pk).save()  # any other save of the published session
    assert len(mailoutbox) == 14 and ResultsEmail.objects.filter(session=published).count() == 14


def test_a_new_publication_after_a_withdrawal_is_sent_again(
    published, director, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        session_status_set(session=published, status=Session.Status.FINISHED)  # withdrawn
    assert not ResultsEmail.objects.filter(session=published, withdrawn_at__isnull=True).exists()
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=published, user=director, query_hours=0)
    assert len(mailoutbox) == 28
    assert "published provisionally" not in _by_address(mailoutbox[14:])["ada@example.org"].body


def test_players_who_opted_out_get_nothing(played, director, mailoutbox, django_capture_on_commit_callbacks):
    Member.objects.filter(first_name="Celia").update(results_by_email=False)
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=played, user=director, query_hours=0)
    assert "celia@example.org" not in _by_address(mailoutbox) and len(mailoutbox) == 13


def test_a_failure_is_recorded_and_retried_without_sending_the_others_again(
    played, director, mailoutbox, monkeypatch, django_capture_on_commit_callbacks
):
    from django.core.mail.backends.locmem import EmailBackend

    from scoring.services.mail import ResultsEmailNotSent

    with django_capture_on_commit_callbacks(execute=False):  # published, the task not run yet
        session_results_publish(session=played, user=director, query_hours=0)
    real = EmailBackend.send_messages
    down = {"celia@example.org"}

    def flaky(self, messages):
        if any(m.to[0] in down for m in messages):
            raise smtplib.SMTPServerDisconnected("connection lost")
        return real(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", flaky)
    with pytest.raises(ResultsEmailNotSent):
        results_email_send(session_id=played.pk)
    failed = ResultsEmail.objects.get(session=played, address="celia@example.org")
    assert failed.status == "failed" and "SMTPServerDisconnected" in failed.error and failed.attempts == 1
    assert len(mailoutbox) == 13
    down.clear()  # the server is back: the retry sends that one
    assert results_email_send(session_id=played.pk) == {"sent": 1, "failed": 0}
    assert len(mailoutbox) == 14 and ResultsEmail.objects.get(pk=failed.pk).attempts == 2


def test_the_task_retries_later_while_some_fail(monkeypatch):
    from scoring import tasks
    from scoring.services import mail as mail_service

    def failing(*, session_id):
        raise mail_service.ResultsEmailNotSent("1 failed")

    asked = []

    def retry(**kwargs):
        asked.append(kwargs)
        raise RuntimeError("retry later")

    monkeypatch.setattr(mail_service, "results_email_send", failing)
    monkeypatch.setattr(tasks.results_email_send_task, "retry", retry)
    with pytest.raises(RuntimeError, match="retry later"):
        tasks.results_email_send_task.apply(args=[1], throw=True)
    assert asked[0]["countdown"] == 60 and isinstance(asked[0]["exc"], mail_service.ResultsEmailNotSent)


def test_the_link_in_the_email_stops_them(published, mailoutbox):
    ada = Member.objects.get(email="ada@example.org")
    url = f"/scoring/results-mail/stop/{stop_token(ada)}/"
    client = Client()
    assert b"stop e-mailing you your results" in client.get(url).content
    assert b"you will get no more results e-mails" in client.post(url).content
    ada.refresh_from_db()
    assert ada.results_by_email is False
    assert client.get("/scoring/results-mail/stop/forged/").status_code == 404

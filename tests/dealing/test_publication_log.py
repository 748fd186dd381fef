"""The publication log on the site: every public act on a commitment appends an entry; the database
refuses UPDATE and DELETE (a trigger on PostgreSQL and on SQLite, tried through raw SQL); an entry
edited behind the site's back is named by the checker; the log is public (page and API, anonymous
included) and holds no secret before its reveal; the head is on every commitment page.

Run on both databases: ``DATABASE_URL=postgres://… pytest tests/dealing/test_publication_log.py``
and without it (SQLite).
"""

from __future__ import annotations

import datetime
import importlib
import itertools
import json
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, connections, transaction

from clubs.models import Session
from clubs.services import session_create
from dealing.domain import publication_log as domain
from dealing.domain.commitment import RevealedCommitment
from dealing.models import Board, PublicationLogEntry
from dealing.selectors.publication_log import publication_log_problems
from dealing.services import boards as board_services
from dealing.services import commitments as services
from dealing.services.publication_log import publication_log_append

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("dealing.migrations.0006_publication_log")
TABLE = PublicationLogEntry._meta.db_table


def finish(session):
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()


@pytest.fixture
def second_session(club):
    return session_create(club=club, name="Thursday Pairs", date=datetime.date(2026, 11, 26))


@pytest.fixture
def lived(club, club_session, second_session, director):
    """A commitment through its whole life: published, DV entered and corrected, both sessions dealt, a
    dealing-machine file downloaded, the sessions over, the key revealed."""
    commitment = services.commitment_create(
        club=club,
        user=director,
        event="Autumn Pairs",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        sessions=[(club_session, 3), (second_session, 2)],
    )
    services.commitment_publish(commitment=commitment, user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43275.19")
    services.commitment_enter_dv(commitment=commitment, user=director, value="43,275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director, queue_analysis=False)
    board_services.dealing_file_download(session_id=club_session.pk, user=director, file_format="pbn")
    board_services.session_deal_from_commitment(session=second_session, user=director, queue_analysis=False)
    finish(club_session)
    finish(second_session)
    services.commitment_reveal(commitment=commitment, user=director)
    commitment.refresh_from_db()
    return commitment


def entries(club) -> list[PublicationLogEntry]:
    return list(PublicationLogEntry.objects.filter(club=club).order_by("position"))


def test_every_public_act_appends_an_entry_in_a_chain(lived, club, club_session):
    log = entries(club)
    assert [e.act for e in log] == [
        "published",
        "dv-entered",
        "dv-corrected",
        "session-dealt",
        "deal-file-downloaded",
        "session-dealt",
        "revealed",
    ]
    assert [e.position for e in log] == list(range(1, 8))
    assert log[0].previous_hash == domain.GENESIS
    assert all(e.previous_hash == before.entry_hash for before, e in itertools.pairwise(log))
    assert all(e.commitment_id == lived.pk and e.commitment_hash == lived.commitment_hash for e in log)
    assert publication_log_problems(entries=log) == []
    assert domain.public_text_of(log[0].data) == lived.published_commitment().public_text()
    assert log[2].data == {"dv": "43275.91", "previous-dv": "43275.19"}
    label = lived.entries.get(session=club_session).label
    assert log[3].data == {"session": label, "boards": "3"}
    download = club_session.deal_downloads.get()
    assert log[4].data == {
        "session": label,
        "boards": "3",
        "file-format": "pbn",
        "sha256": download.sha256,
        "session-status": "planned",
    }
    assert log[6].data == {"key": lived.secret_key, "dv": "43275.91"}


def test_no_entry_holds_a_secret_before_the_reveal_or_a_deal_ever(lived, club, club_session):
    before_reveal = json.dumps([e.data for e in entries(club)[:-1]])
    assert lived.secret_key not in before_reveal
    dealing_key = RevealedCommitment(lived.record(), lived.delayed_value).dealing_key().hex()
    everything = json.dumps([e.data for e in entries(club)])
    assert dealing_key not in everything
    for board in Board.objects.filter(session=club_session):
        assert board.deal_pbn[2:] not in everything and board.deal_number not in everything
        assert not any(hand in everything for hand in board.deal_pbn[2:].split())


def test_downloads_of_sessions_not_dealt_from_a_commitment_are_not_in_the_log(club, club_session, director):
    board_services.session_deal_fresh(session=club_session, user=director, boards=2, queue_analysis=False)
    board_services.dealing_file_download(session_id=club_session.pk, user=director, file_format="dup")
    assert not PublicationLogEntry.objects.exists()


def test_a_failed_act_leaves_no_entry(club, club_session, director):
    commitment = services.commitment_publish(
        commitment=services.commitment_create(
            club=club, user=director, event="E", promise="P", dv_format="decimal:2", sessions=[(club_session, 2)]
        ),
        user=director,
    )
    with pytest.raises(ValidationError):
        services.commitment_enter_dv(commitment=commitment, user=director, value="not a number")
    with pytest.raises(ValidationError):
        services.commitment_reveal(commitment=commitment, user=director)
    assert [e.act for e in entries(club)] == ["published"]


def test_clubs_have_separate_chains(lived, club, other_club, other_director):
    other = session_create(club=other_club, name="Hilltop", date=datetime.date(2026, 11, 24))
    services.commitment_publish(
        commitment=services.commitment_create(
            club=other_club, user=other_director, event="Hill", promise="P", dv_format="text", sessions=[(other, 1)]
        ),
        user=other_director,
    )
    first = PublicationLogEntry.objects.get(club=other_club)
    assert (first.position, first.previous_hash) == (1, domain.GENESIS)


# --- The database refuses changes ----------------------------------------------------------------


def _raw(sql: str, params=()):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)


@pytest.mark.parametrize(
    "sql",
    [
        f"UPDATE {TABLE} SET data = '{{}}' WHERE position = 2",
        f"UPDATE {TABLE} SET entry_hash = 'x'",
        f"DELETE FROM {TABLE} WHERE position = 7",
        f"DELETE FROM {TABLE}",
    ],
)
def test_the_database_refuses_update_and_delete_through_raw_sql(lived, club, sql):
    before = [(e.pk, e.entry_hash, e.data) for e in entries(club)]
    with pytest.raises(IntegrityError, match="append-only"):
        _raw(sql)
    assert [(e.pk, e.entry_hash, e.data) for e in entries(club)] == before


def test_the_orm_refuses_too(lived, club):
    entry = entries(club)[1]
    entry.data = {"dv": "1.00"}
    with pytest.raises(ValidationError, match="append-only"):
        entry.save()
    with pytest.raises(ValidationError, match="append-only"):
        entry.delete()
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        PublicationLogEntry.objects.filter(pk=entry.pk).update(act="revealed")
    with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
        PublicationLogEntry.objects.filter(pk=entry.pk)._raw_delete(connection.alias)


def test_a_second_entry_at_a_position_is_refused(lived, club):
    head = entries(club)[-1]
    with pytest.raises(IntegrityError), transaction.atomic():
        PublicationLogEntry.objects.create(
            club=club,
            position=head.position,
            previous_hash=head.previous_hash,
            recorded_at=head.recorded_at,
            act="revealed",
            commitment=lived,
            commitment_hash=lived.commitment_hash,
            data=head.data,
            entry_hash="0" * 64,
        )


class _TriggersDropped:
    """Drop the triggers (as a database owner could), and restore them afterwards."""

    @staticmethod
    def _run(statements):
        with connection.cursor() as cursor:
            for sql in statements[connection.vendor]:
                cursor.execute(sql)

    def __enter__(self):
        self._run(MIGRATION.DROP_TRIGGERS)

    def __exit__(self, *exc):
        self._run(MIGRATION.TRIGGERS)


def test_an_entry_edited_in_the_database_is_named_by_the_checker(lived, club, client_for, director):
    with _TriggersDropped():
        _raw(
            f"UPDATE {TABLE} SET data = %s WHERE club_id = %s AND position = 3",
            [json.dumps({"dv": "43275.92", "previous-dv": "43275.19"}), club.pk],
        )
    with pytest.raises(IntegrityError, match="append-only"):  # restored
        _raw(f"DELETE FROM {TABLE}")
    problems = [str(p) for p in publication_log_problems(entries=entries(club))]
    assert problems[0].startswith("entry 3 (dv-corrected) was changed after it was written")
    page = client_for(director).get(f"/dealing/clubs/{club.slug}/publication-log/").content.decode()
    assert "The chain does not hold" in page and "entry 3 (dv-corrected) was changed" in page
    audit = client_for(director).get(f"/dealing/commitments/{lived.pk}/audit/").content.decode()
    assert "entry 3 (dv-corrected) was changed" in audit


def test_a_removed_entry_is_named_by_the_checker(lived, club):
    with _TriggersDropped():
        _raw(f"DELETE FROM {TABLE} WHERE club_id = %s AND position = 4", [club.pk])
    problems = [str(p) for p in publication_log_problems(entries=entries(club))]
    assert "the entry at place 4 has position 5: an entry before it is missing" in problems
    assert any(p.startswith("entry 5 does not follow entry 3") for p in problems)


@pytest.mark.django_db(transaction=True)
def test_concurrent_acts_do_not_fork_the_chain(club, director):
    """Two writers append at once (PostgreSQL: real concurrent transactions; SQLite serialises writers)."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite takes one writer at a time (BEGIN IMMEDIATE); the race needs PostgreSQL")
    sessions = [session_create(club=club, name=f"S{n}", date=datetime.date(2026, 12, n + 1)) for n in range(2)]
    commitments = [
        services.commitment_publish(
            commitment=services.commitment_create(
                club=club, user=director, event=f"E{n}", promise="P", dv_format="text", sessions=[(s, 1)]
            ),
            user=director,
        )
        for n, s in enumerate(sessions)
    ]
    barrier = threading.Barrier(2)
    errors = []

    def act(commitment):
        try:
            barrier.wait()
            for n in range(10):
                with transaction.atomic():
                    publication_log_append(
                        commitment=commitment,
                        act="dv-entered" if n == 0 else "dv-corrected",
                        data={"dv": str(n + 1)} if n == 0 else {"dv": str(n + 1), "previous-dv": str(n)},
                    )
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=act, args=(c,)) for c in commitments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    log = entries(club)
    assert [e.position for e in log] == list(range(1, 23))
    assert domain.check_chain([e.to_domain() for e in log]) == []
    # (the test database is emptied with TRUNCATE afterwards, which row triggers do not see)


# --- Public: page, API, head on commitment pages ---------------------------------------------------


def test_the_log_is_public_as_a_page_and_json(lived, club, client):
    page = client.get(f"/dealing/clubs/{club.slug}/publication-log/")
    assert page.status_code == 200
    html = page.content.decode()
    head = entries(club)[-1]
    assert head.entry_hash in html and "The chain holds" in html
    api = client.get(f"/api/v1/clubs/{club.slug}/publication-log/")
    assert api.status_code == 200
    body = api.json()
    assert body["format"] == domain.FORMAT and body["club"] == club.slug
    assert body["head"] == {"position": 7, "hash": head.entry_hash}
    stored = domain.entries_from_json(body["entries"])
    assert domain.check_chain(stored) == [] and domain.check_acts(stored) == []
    assert stored[1].canonical_text().startswith("log: bridge-publication-log-v1\nposition: 2\n")


def test_an_empty_log_does_not_tell_strangers_the_club_exists(club, client, client_for, player, other_director):
    assert client.get(f"/dealing/clubs/{club.slug}/publication-log/").status_code == 404
    assert client.get(f"/api/v1/clubs/{club.slug}/publication-log/").status_code == 404
    assert client_for(other_director).get(f"/dealing/clubs/{club.slug}/publication-log/").status_code == 404
    assert client_for(player).get(f"/dealing/clubs/{club.slug}/publication-log/").status_code == 200
    assert client.get("/dealing/clubs/nowhere/publication-log/").status_code == 404


def test_the_head_is_on_every_commitment_page_and_in_the_api(lived, club, player, client_for, api_client_for):
    head = entries(club)[-1]
    html = client_for(player).get(f"/dealing/commitments/{lived.pk}/").content.decode()
    assert head.entry_hash in html and f"/dealing/clubs/{club.slug}/publication-log/" in html
    api = api_client_for(player).get(f"/api/v1/commitments/{lived.pk}/").json()
    assert api["publication_log_head"] == {"position": 7, "hash": head.entry_hash}


def test_the_audit_checks_the_log(lived, auditor, client_for):
    html = client_for(auditor).get(f"/dealing/commitments/{lived.pk}/audit/").content.decode()
    assert "publication log" in html and "unbroken chain of 7 entries" in html and 'data-passed="no"' not in html


def test_the_log_is_in_the_api_schema(client):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/v1/clubs/{slug}/publication-log/" in schema and "publication_log_retrieve" in schema

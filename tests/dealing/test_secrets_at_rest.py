"""Secrets at rest: after dealing a committed session and a fresh one (and a deal set), neither a
database dump (``dumpdata``, JSON and XML) nor a raw ``SELECT *`` of every table holds a key or a
deal — no secret key, dealing key, deal-set key, PBN deal, hand, Pavlicek number or analysis.

Also: the encrypted columns refuse SQL lookups (tokens are random, so a comparison would silently
match nothing); serialised tokens load back; ``rotate_encryption_keys`` moves everything to a new
first key; migrations 0007–0009 encrypt existing rows and decrypt them when going back.
Run on both databases (``DATABASE_URL=postgres://…`` and without it).
"""

from __future__ import annotations

import datetime
import io
import logging

import pytest
from cryptography.fernet import Fernet
from django.core import serializers
from django.core.exceptions import FieldError
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from clubs.services import session_create
from clubsite import encryption
from dealing.domain.commitment import RevealedCommitment
from dealing.models import Board, Commitment, DealSet, SessionDealing
from dealing.services import boards as board_services
from dealing.services import commitments as commitment_services
from dealing.services.deal_sets import deal_set_create

pytestmark = pytest.mark.django_db

GIVEN_KEY = "5e" * 32


@pytest.fixture
def dealt(club, club_session, director, caplog):
    """A session dealt from a published commitment (DV entered, key not revealed), a fresh session, both
    analysed (as stored values), a dealing-machine download, and a deal set with a given key."""
    caplog.set_level(logging.WARNING)
    fresh = session_create(club=club, name="Thursday Pairs", date=datetime.date(2026, 11, 26))
    commitment = commitment_services.commitment_create(
        club=club,
        user=director,
        event="Autumn Pairs",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        sessions=[(club_session, 4)],
    )
    commitment_services.commitment_publish(commitment=commitment, user=director)
    commitment_services.commitment_enter_dv(commitment=commitment, user=director, value="43275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director, queue_analysis=False)
    board_services.session_deal_fresh(session=fresh, user=director, boards=5, queue_analysis=False)
    board_services.dealing_file_download(session_id=club_session.pk, user=director, file_format="pbn")
    Board.objects.update(
        analysis_status=Board.AnalysisStatus.DONE,
        dd_tricks="98a79989794536445364",
        par_score=420,
        par_contracts="NS 4H=",
        analysed_at=timezone.now(),
    )
    deal_set = deal_set_create(user=director, club=club, count=10, formats=["pbn"], label="practice", key_hex=GIVEN_KEY)
    commitment.refresh_from_db()
    return commitment, club_session, fresh, deal_set


def secrets(commitment, sessions, deal_set) -> list[str]:
    found = [
        commitment.secret_key,
        commitment.secret_key.upper(),
        RevealedCommitment(commitment.record(), commitment.delayed_value).dealing_key().hex(),
        bytes(deal_set.secret_key).hex(),
        GIVEN_KEY,
        "98a79989794536445364",
        "NS 4H=",
    ]
    for session in sessions:
        key = SessionDealing.objects.get(session=session).secret_key
        if key:
            found.append(key)
        for board in Board.objects.filter(session=session):
            found += [board.deal_pbn, board.deal_pbn[2:], board.deal_number]
            found += [hand for hand in board.deal_pbn[2:].split() if len(hand) > 10]
    assert len(found) > 60
    return found


def leaks(text: str, found: list[str]) -> list[str]:
    return [s for s in found if s and s in text]


def raw_dump() -> str:
    """Every row of every table through raw SQL, values as text (bytes as hex and as Latin-1 text)."""
    out = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                for value in row:
                    if isinstance(value, (bytes, memoryview)):
                        value = bytes(value)
                        out += [value.hex(), value.decode("latin-1")]
                    else:
                        out.append(str(value))
    return "\n".join(out)


def test_neither_dumpdata_nor_raw_sql_shows_a_key_or_a_deal(dealt):
    commitment, committed, fresh, deal_set = dealt
    found = secrets(commitment, [committed, fresh], deal_set)
    for fmt in ("json", "xml"):
        out = io.StringIO()
        call_command("dumpdata", format=fmt, stdout=out)
        dump = out.getvalue()
        assert "Autumn Pairs" in dump and "practice" in dump  # the dump is a real one
        assert leaks(dump, found) == [], fmt
    raw = raw_dump()
    assert "Autumn Pairs" in raw and encryption.TOKEN_PREFIX in raw
    assert leaks(raw, found) == []


def test_the_code_around_the_fields_reads_plain_values(dealt):
    commitment, committed, fresh, deal_set = dealt
    assert len(commitment.secret_key) == 64 and bytes(deal_set.secret_key) == bytes.fromhex(GIVEN_KEY)
    board = Board.objects.filter(session=committed).order_by("number").first()
    assert board.deal_pbn.startswith("N:") and int(board.deal_number) >= 0 and board.par_score == 420
    assert list(Board.objects.filter(session=fresh).values_list("par_score", flat=True)) == [420] * 5


@pytest.mark.parametrize(
    "lookup",
    [
        {"deal_pbn": "N:"},
        {"deal_pbn__startswith": "N:"},
        {"deal_number": "1"},
        {"deal_number__gt": "0"},
        {"dd_tricks__contains": "9"},
        {"par_score": 420},
        {"par_score__lt": 0},
    ],
)
def test_sql_lookups_on_encrypted_columns_are_refused(dealt, lookup):
    with pytest.raises(FieldError, match="Unsupported lookup"):
        list(Board.objects.filter(**lookup))


def test_only_isnull_lookups_remain(dealt):
    commitment, *_ = dealt
    with pytest.raises(FieldError):
        Commitment.objects.get(secret_key=commitment.secret_key)
    assert Board.objects.filter(par_score__isnull=False).count() == 9


def test_serialised_tokens_load_back(dealt):
    _commitment, committed, _fresh, _deal_set = dealt
    boards = list(Board.objects.filter(session=committed).order_by("number"))
    data = serializers.serialize("json", boards)
    assert not leaks(data, [b.deal_pbn for b in boards])
    Board.objects.filter(session=committed).delete()
    for item in serializers.deserialize("json", data):
        item.save()
    again = list(Board.objects.filter(session=committed).order_by("number"))
    assert [(b.deal_pbn, b.deal_number, b.par_score) for b in again] == [
        (b.deal_pbn, b.deal_number, b.par_score) for b in boards
    ]


def test_rotating_keys_re_encrypts_everything_under_the_new_first_key(dealt, settings):
    commitment, committed, fresh, deal_set = dealt
    old = encryption.configured_keys()
    before = {b.pk: b.deal_pbn for b in Board.objects.all()}
    new = Fernet.generate_key().decode()
    settings.ENCRYPTION_KEYS = [new, *old]
    out = io.StringIO()
    call_command("rotate_encryption_keys", "--batch", "3", stdout=out)
    assert "dealing.Board: 9 row(s) re-encrypted" in out.getvalue()
    assert "dealing.Commitment: 1 row(s)" in out.getvalue() and "dealing.DealSet: 1 row(s)" in out.getvalue()
    settings.ENCRYPTION_KEYS = [new]  # the old keys dropped: everything still reads
    assert {b.pk: b.deal_pbn for b in Board.objects.all()} == before
    assert Commitment.objects.get().secret_key == commitment.secret_key
    assert bytes(DealSet.objects.get().secret_key) == bytes.fromhex(GIVEN_KEY)
    settings.ENCRYPTION_KEYS = list(old)  # a database under a key no longer given cannot be read
    with pytest.raises(encryption.SecretUnreadable, match="cannot be decrypted"):
        Board.objects.first()


def test_a_token_changed_in_the_database_is_refused_not_misread(dealt):
    commitment, *_ = dealt
    with connection.cursor() as cursor:
        cursor.execute("SELECT secret_key FROM dealing_commitment")
        token = cursor.fetchone()[0]
        forged = token[:40] + ("A" if token[40] != "A" else "B") + token[41:]
        cursor.execute("UPDATE dealing_commitment SET secret_key = %s", [forged])
    with pytest.raises(encryption.SecretUnreadable):
        Commitment.objects.get(pk=commitment.pk)


# --- Migrations 0007–0009: existing rows encrypted, and decrypted when going back ---------------

BEFORE = [("dealing", "0006_publication_log")]
AFTER = [("dealing", "0009_encrypted_fields")]
PBN = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def migrate(targets):
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def at_the_end():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_existing_rows_are_encrypted_and_decrypted_going_back(at_the_end):
    from clubs.models import Club, Session  # today's clubs tables (only dealing goes back)

    apps = migrate(BEFORE)
    club = Club.objects.create(name="Riverside", slug="riverside")
    session = Session.objects.create(club=club, name="Old", date=datetime.date(2026, 11, 2))
    apps.get_model("dealing", "SessionDealing").objects.create(
        session_id=session.pk, source="fresh", secret_key="ab" * 32, dealt_at=timezone.now()
    )
    apps.get_model("dealing", "Board").objects.create(
        session_id=session.pk,
        number=1,
        dealer="N",
        vulnerability="None",
        deal_number="12345678901234567890",
        deal_pbn=PBN,
        dd_tricks="98a79989794536445364",
        par_score=-420,
        par_contracts="EW 4H=",
    )
    apps.get_model("dealing", "Commitment").objects.create(
        club_id=club.pk, event="E", promise="P", salt="00" * 16, secret_key="cd" * 32
    )
    apps.get_model("dealing", "DealSet").objects.create(
        club_id=club.pk, label="old", count=1, secret_key=b"\x07" * 32, key_fingerprint="x", deal_chunk_size=1
    )

    apps = migrate(AFTER)
    raw = raw_dump()
    assert (
        leaks(raw, [PBN, "12345678901234567890", "98a79989794536445364", "EW 4H=", "ab" * 32, "cd" * 32, "07" * 32])
        == []
    )
    board = apps.get_model("dealing", "Board").objects.get()
    assert (board.deal_pbn, board.deal_number, board.par_score, board.par_contracts) == (
        PBN,
        "12345678901234567890",
        -420,
        "EW 4H=",
    )
    assert apps.get_model("dealing", "SessionDealing").objects.get().secret_key == "ab" * 32
    assert apps.get_model("dealing", "Commitment").objects.get().secret_key == "cd" * 32
    assert bytes(apps.get_model("dealing", "DealSet").objects.get().secret_key) == b"\x07" * 32

    apps = migrate(BEFORE)
    board = apps.get_model("dealing", "Board").objects.get()
    assert (board.deal_pbn, board.deal_number, board.par_score) == (PBN, "12345678901234567890", -420)
    assert bytes(apps.get_model("dealing", "DealSet").objects.get().secret_key) == b"\x07" * 32
    assert apps.get_model("dealing", "Commitment").objects.get().secret_key == "cd" * 32

"""Our commitment record (dealing.domain.commitment): golden vectors, canonical forms, tamper detection."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest

from bridge.errors import BridgeError
from dealing.domain import generator
from dealing.domain.commitment import (
    CommitmentRecord,
    PublishedCommitment,
    RevealedCommitment,
    SessionEntry,
    audit,
    canonical_dv,
    check_dv_format,
    dealing_key,
    normalise_text,
)
from dealing.domain.numbering import number_to_deal

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "data" / "commitments" / "vectors.json").read_text())


def record_from_vector(vector) -> CommitmentRecord:
    return RevealedCommitment.from_json(vector).record


def make_record(**changes) -> CommitmentRecord:
    fields = dict(
        event="Riverside Pairs",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        salt=bytes(range(16)),
        sessions=(SessionEntry("riverside/s1", 3), SessionEntry("riverside/s2", 2)),
        key=bytes(range(32)),
    )
    fields.update(changes)
    return CommitmentRecord(**fields)


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: v["event"][:20])
def test_golden_vector_canonical_text_and_hash(vector):
    record = record_from_vector(vector)
    assert record.canonical_bytes().decode("utf-8") == vector["canonical_text"]
    assert hashlib.sha256(vector["canonical_text"].encode()).hexdigest() == vector["commitment"]
    assert record.commitment_hash() == vector["commitment"]


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: v["event"][:20])
def test_golden_vector_dealing_key_and_every_board(vector):
    revealed = RevealedCommitment.from_json(vector)
    assert revealed.dealing_key().hex() == vector["dealing_key"]
    numbers = revealed.deal_numbers()
    assert list(numbers) == [s["label"] for s in vector["sessions"]]
    for label, boards in vector["boards"].items():
        assert [str(n) for n in numbers[label]] == [b["number"] for b in boards]
        assert [number_to_deal(n).to_pbn() for n in numbers[label]] == [b["deal"] for b in boards]


def test_board_b_is_deal_b_minus_1_of_our_dealer_under_the_derived_key():
    vector = VECTORS["vectors"][1]
    key = bytes.fromhex(vector["dealing_key"])
    label = vector["sessions"][2]["label"]
    assert vector["boards"][label][1]["deal"] == generator.deal(key, label, 1).to_pbn()


def test_hash_is_public_text_plus_key_line():
    record = make_record()
    text = record.public_text() + f"key: {bytes(range(32)).hex()}\n"
    assert hashlib.sha256(text.encode()).hexdigest() == record.commitment_hash()
    assert "key" not in record.public_text()


def test_dealing_key_is_the_documented_hmac():
    import hmac

    record = make_record()
    expected = hmac.new(
        record.key,
        b"bridge-commitment-v1 dealing key\x00" + bytes.fromhex(record.commitment_hash()) + b"43275.91",
        hashlib.sha256,
    ).digest()
    assert RevealedCommitment(record, "43275.91").dealing_key() == expected


@pytest.mark.parametrize(
    "change",
    [
        {"key": bytes(range(1, 33))},
        {"key": bytes(range(31)) + b"\x20"},
        {"salt": bytes(range(1, 17))},
        {"event": "Riverside Pairt"},
        {"promise": "DJIA close on 2026-11-21"},
        {"dv_format": "decimal:3"},
        {"sessions": (SessionEntry("riverside/s1", 3), SessionEntry("riverside/s3", 2))},
        {"sessions": (SessionEntry("riverside/s1", 3), SessionEntry("riverside/s2", 3))},
        {"sessions": (SessionEntry("riverside/s2", 2), SessionEntry("riverside/s1", 3))},
    ],
)
def test_every_input_changes_the_commitment_hash(change):
    assert make_record(**change).commitment_hash() != make_record().commitment_hash()


def test_a_different_dv_gives_different_deals():
    record = make_record()
    one = RevealedCommitment(record, "43275.91").deal_numbers()
    other = RevealedCommitment(record, "43275.92").deal_numbers()
    assert all(a != b for label in one for a, b in zip(one[label], other[label]))


def test_the_key_never_shows_in_repr_or_str():
    record = make_record(key=bytes.fromhex("ab" * 32))
    for text in (repr(record), str(record), repr(record.published()), str(record.published().to_json())):
        assert "abab" not in text
    assert "<hidden>" in repr(record)


def test_published_has_no_key_and_matches_its_record():
    record = make_record()
    published = record.published()
    assert "key" not in published.to_json()
    assert published.to_text() == record.public_text() + f"commitment: {record.commitment_hash()}\n"
    assert published.matches(record)
    assert not published.matches(dataclasses.replace(record, key=bytes(32)))
    assert PublishedCommitment.from_json(json.loads(json.dumps(published.to_json()))) == published


def test_revealed_json_round_trip():
    revealed = RevealedCommitment(make_record(), "43275.91")
    again = RevealedCommitment.from_json(json.loads(json.dumps(revealed.to_json())))
    assert again == revealed and again.record.key == revealed.record.key


@pytest.mark.parametrize(
    "dv_format, raw, expected",
    [
        ("decimal:2", "43275.91", "43275.91"),
        ("decimal:2", " 43,275.91 ", "43275.91"),
        ("decimal:2", "43.275,91", "43275.91"),
        ("decimal:2", "43 275,91", "43275.91"),
        ("decimal:2", "43\u00a0275.91", "43275.91"),
        ("decimal:2", "0.05", "0.05"),
        ("decimal:2", "007.10", "7.10"),
        ("decimal:2", "-12.30", "-12.30"),
        ("decimal:2", "\u221212.30", "-12.30"),
        ("decimal:2", "-0.00", "0.00"),
        ("decimal:0", "1,234,567", "1234567"),
        ("decimal:0", "42", "42"),
        ("decimal:4", "4.2735", "4.2735"),
        ("text", "  3  14 15\t26 ", "3 14 15 26"),
        ("text", "Cafe\u0301", "Caf\u00e9"),
    ],
)
def test_canonical_dv(dv_format, raw, expected):
    assert canonical_dv(dv_format, raw) == expected


@pytest.mark.parametrize(
    "dv_format, raw, message",
    [
        ("decimal:2", "43275.9", "exactly 2 digits after the decimal point"),
        ("decimal:2", "43275.912", "exactly 2 digits after the decimal point"),
        ("decimal:2", "4327591", "exactly 2 digits after the decimal point"),
        ("decimal:2", "43,27.91", "thousands separators must group three digits"),
        ("decimal:2", "abc", "is not a number"),
        ("decimal:2", "", "is not a number"),
        ("decimal:0", "12.5", "thousands separators must group three digits"),
        ("decimal:0", "1e5", "is not a number"),
        ("text", "   ", "is empty"),
    ],
)
def test_canonical_dv_rejects_with_a_precise_message(dv_format, raw, message):
    with pytest.raises(BridgeError, match=message) as info:
        canonical_dv(dv_format, raw)
    assert info.value.field == "dv"


@pytest.mark.parametrize("bad", ["decimal", "decimal:9", "decimal:-1", "float", "", "TEXT"])
def test_unknown_dv_formats_are_rejected(bad):
    with pytest.raises(BridgeError, match="unknown delayed-value format"):
        check_dv_format(bad)


def test_a_revealed_dv_must_be_canonical():
    with pytest.raises(BridgeError, match="not in canonical form; write '43275.91'"):
        RevealedCommitment(make_record(), "43,275.91")


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"event": "Two  spaces"}, "not in canonical form"),
        ({"event": "line\nbreak"}, "not in canonical form"),
        ({"event": ""}, "is empty"),
        ({"promise": "x" * 501}, "at most 500"),
        ({"salt": bytes(15)}, "salt is 16 bytes"),
        ({"key": bytes(31)}, "secret key is 32 bytes"),
        ({"sessions": ()}, "covers 1 … 100 sessions"),
        ({"sessions": (SessionEntry("a", 1), SessionEntry("a", 2))}, "two sessions have the label 'a'"),
        ({"dealer": "dealer-v2"}, "unknown dealer"),
        ({"format": "bridge-commitment-v0"}, "unknown commitment format"),
    ],
)
def test_record_validation(changes, message):
    with pytest.raises(BridgeError, match=message):
        make_record(**changes)


@pytest.mark.parametrize(
    "label, boards", [("has space", 1), ("/leading", 1), ("", 1), ("x" * 101, 1), ("ok", 0), ("ok", 1000), ("ok", True)]
)
def test_session_entry_validation(label, boards):
    with pytest.raises(BridgeError):
        SessionEntry(label, boards)


def test_normalise_text():
    assert normalise_text(" a\u2028b\r\nc  d\u00a0e ") == "a b c d e"


def test_from_json_errors_name_the_field():
    data = make_record().published().to_json()
    del data["salt"]
    with pytest.raises(BridgeError, match="no 'salt' field"):
        PublishedCommitment.from_json(data)
    data = make_record().published().to_json()
    data["sessions"][0]["boards"] = "3"
    with pytest.raises(BridgeError, match="'boards' is text, not a whole number"):
        PublishedCommitment.from_json(data)


def test_dealing_key_checks_its_inputs():
    with pytest.raises(BridgeError, match="32 bytes"):
        dealing_key(b"short", "00" * 32, "1")
    with pytest.raises(BridgeError, match="64 lowercase hex"):
        dealing_key(bytes(32), "zz", "1")


# --- audit ---------------------------------------------------------------------------------


def test_audit_passes_on_an_honest_commitment():
    record = make_record()
    revealed = RevealedCommitment(record, "43275.91")
    checks = audit(record.published(), revealed, revealed.deal_numbers())
    assert [c.name for c in checks] == [
        "record unchanged",
        "commitment hash",
        "delayed value",
        "deals of riverside/s1",
        "deals of riverside/s2",
    ]
    assert all(c.passed for c in checks)


def test_audit_before_reveal_says_so():
    checks = audit(make_record().published())
    assert [(c.name, c.passed) for c in checks] == [("revealed", False)]


def test_audit_catches_a_changed_key():
    record = make_record()
    forged = RevealedCommitment(dataclasses.replace(record, key=bytes(range(31)) + b"\x00"), "43275.91")
    checks = {c.name: c for c in audit(record.published(), forged)}
    assert checks["record unchanged"].passed
    assert not checks["commitment hash"].passed
    assert record.commitment_hash() in checks["commitment hash"].detail


def test_audit_catches_a_changed_field_after_publishing():
    record = make_record()
    changed = RevealedCommitment(dataclasses.replace(record, promise="DJIA close on 2026-11-27"), "43275.91")
    checks = {c.name: c for c in audit(record.published(), changed)}
    assert not checks["record unchanged"].passed and "promise" in checks["record unchanged"].detail
    assert not checks["commitment hash"].passed


def test_audit_names_the_board_that_differs():
    record = make_record()
    revealed = RevealedCommitment(record, "43275.91")
    played = revealed.deal_numbers()
    played["riverside/s1"][1] += 1
    played["riverside/s2"][0] = None
    checks = {c.name: c for c in audit(record.published(), revealed, played)}
    assert not checks["deals of riverside/s1"].passed
    assert checks["deals of riverside/s1"].detail.startswith("board 2 is N:")
    assert checks["deals of riverside/s2"].detail == "board 1 was not dealt"

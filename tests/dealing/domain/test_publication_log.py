"""dealing.domain.publication_log: the canonical form and hash of an entry, the chain checker and the
order of a commitment's acts; every problem names the entry.

``every_problem()`` makes each problem the checker can report from a real broken log (the texts
test says each of them in Polish).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import replace

import pytest

from bridge.errors import BridgeError
from dealing.domain import publication_log as log
from dealing.domain.commitment import CommitmentRecord, SessionEntry
from dealing.domain.text import TEMPLATES

T0 = datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.UTC)
RECORD = CommitmentRecord(
    event="Riverside Pairs",
    promise="DJIA close on 2026-11-20",
    dv_format="decimal:2",
    salt=bytes(16),
    sessions=(SessionEntry("riverside/s1", 4), SessionEntry("riverside/s2", 2)),
    key=bytes(range(32)),
)
PUBLISHED = RECORD.published()
C = PUBLISHED.commitment
FILE = hashlib.sha256(b"a dealing-machine file").hexdigest()

PUBLISH = (log.PUBLISHED, log.published_data(PUBLISHED))
DV = (log.DV_ENTERED, log.dv_data("43275.19"))
CORRECT = (log.DV_CORRECTED, log.dv_data("43275.91", "43275.19"))
DEAL_1 = (log.SESSION_DEALT, log.session_dealt_data("riverside/s1", 4))
DOWNLOAD_1 = (log.DOWNLOADED, log.download_data("riverside/s1", 4, "pbn", FILE, "planned"))
DEAL_2 = (log.SESSION_DEALT, log.session_dealt_data("riverside/s2", 2))
REVEAL = (log.REVEALED, log.revealed_data(RECORD.key.hex(), "43275.91"))
GOOD = [PUBLISH, DV, CORRECT, DEAL_1, DOWNLOAD_1, DEAL_2, REVEAL]


def build(acts, *, commitment: str = C, minutes=None) -> list[log.LogEntry]:
    entries: list[log.LogEntry] = []
    for n, (act, data) in enumerate(acts):
        when = T0 + datetime.timedelta(minutes=(minutes or range(len(acts)))[n])
        entries.append(
            log.next_entry(
                entries[-1] if entries else None, time=log.time_text(when), act=act, commitment=commitment, data=data
            )
        )
    return entries


def rehash(entries: list[log.LogEntry], start: int) -> list[log.LogEntry]:
    """Entries from index ``start`` on relinked and rehashed, as someone rewriting history would."""
    out = entries[:start]
    for entry in entries[start:]:
        previous = out[-1].hash if out else log.GENESIS
        fixed = replace(
            entry,
            position=len(out) + 1,
            previous=previous,
            time=log.time_text(T0 + datetime.timedelta(minutes=len(out))),
        )
        out.append(replace(fixed, hash=fixed.computed_hash()))
    return out


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def test_the_canonical_form_is_as_documented():
    entry = build([DEAL_1])[0]
    assert entry.canonical_text() == (
        "log: bridge-publication-log-v1\nposition: 1\n"
        f"previous: {'0' * 64}\ntime: 2026-11-20T21:00:00.000000Z\nact: session-dealt\ncommitment: {C}\n"
        "boards: 4\nsession: riverside/s1\n"
    )
    assert entry.hash == hashlib.sha256(entry.canonical_text().encode()).hexdigest()


def test_the_published_entry_rebuilds_the_public_part_and_names_sort_by_bytes():
    entry = build([PUBLISH])[0]
    assert log.public_text_of(entry.values) == PUBLISHED.public_text()
    names = [line.split(":")[0] for line in entry.canonical_text().splitlines()[6:]]
    assert (
        names
        == sorted(names)
        == ["dealer", "dv-format", "event", "format", "promise", "salt", "session-1", "session-2", "sessions"]
    )


def test_a_good_log_has_no_problems_and_round_trips_through_json():
    entries = build(GOOD)
    assert log.check_chain(entries) == [] and log.check_acts(entries) == []
    assert log.entries_from_json([e.to_json() for e in entries]) == entries
    assert log.check_chain(entries, head=(3, entries[2].hash)) == []


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda e: ["position", 3], "the entry at place 3 is a list, not a JSON object"),
        (lambda e: "entry", "the entry at place 3 is text, not a JSON object"),
        (lambda e: 3, "the entry at place 3 is a whole number, not a JSON object"),
        (lambda e: 3.5, "the entry at place 3 is a number, not a JSON object"),
        (lambda e: None, "the entry at place 3 is null, not a JSON object"),
        (lambda e: True, "the entry at place 3 is true or false, not a JSON object"),
        (lambda e: {k: v for k, v in e.items() if k != "hash"}, "the entry at place 3 has no hash"),
        (lambda e: {**e, "position": "3"}, "the entry at place 3: position is text, not a whole number"),
        (lambda e: {**e, "position": True}, "the entry at place 3: position is true or false, not a whole number"),
        (lambda e: {**e, "position": 3.0}, "the entry at place 3: position is a number, not a whole number"),
        (lambda e: {**e, "act": None}, "the entry at place 3: act is null, not text"),
        (lambda e: {**e, "previous": {"x": "y"}}, "the entry at place 3: previous is an object, not text"),
        (lambda e: {**e, "data": ["dv", "1"]}, "the entry at place 3: data must be an object whose values are texts"),
        (
            lambda e: {**e, "data": {"dv": 43275.19}},
            "the entry at place 3: data must be an object whose values are texts",
        ),
    ],
)
def test_an_entry_edited_into_another_json_value_is_refused_naming_its_place(edit, message):
    items = [e.to_json() for e in build(GOOD)]
    items[2] = edit(items[2])
    with pytest.raises(BridgeError) as info:
        log.entries_from_json(items)
    assert str(info.value) == message and info.value.text.params["place"] == 3


@pytest.mark.parametrize(
    "entries, message",
    [
        ({"1": {}}, "the log's entries are an object, not a list"),
        (None, "the log's entries are null, not a list"),
    ],
)
def test_entries_that_are_not_a_list_are_refused(entries, message):
    with pytest.raises(BridgeError, match=f"^{message}$"):
        log.entries_from_json(entries)


def test_an_entry_without_data_reads_and_the_checker_says_what_is_wrong():
    items = [e.to_json() for e in build(GOOD)]
    items[2] = {k: v for k, v in items[2].items() if k != "data"}
    entries = log.entries_from_json(items)
    assert entries[2].data == () and codes(log.check_acts(entries))[0] == "acts.data"
    assert codes(log.check_chain(entries)) == ["log.changed"]


@pytest.mark.parametrize(
    "act, data, wrong",
    [
        ("revealed", {"key": "ab" * 32}, "revealed has the data dv, key"),
        ("dv-entered", {"dv": " 1"}, "not canonical text"),
        ("dv-entered", {"dv": "1", "extra": "x"}, "has the data dv"),
        ("nonsense", {}, "unknown act"),
    ],
)
def test_an_entry_the_canonical_form_cannot_write_is_refused(act, data, wrong):
    with pytest.raises(BridgeError, match=wrong):
        log.next_entry(None, time=log.time_text(T0), act=act, commitment=C, data=data)


def test_a_changed_entry_is_named():
    entries = build(GOOD)
    entries[2] = replace(entries[2], data=(("dv", "43275.92"), ("previous-dv", "43275.19")))
    problems = log.check_chain(entries)
    assert codes(problems) == ["log.changed"]
    assert str(problems[0]).startswith("entry 3 (dv-corrected) was changed after it was written")


def test_a_removed_entry_is_found():
    entries = build(GOOD)
    del entries[3]
    assert codes(log.check_chain(entries)) == ["log.position", "log.previous", "log.position", "log.position"]
    assert "entry 5 does not follow entry 3" in str(log.check_chain(entries)[1])


def test_a_rewritten_history_is_found_by_the_head_noted_before():
    entries = build(GOOD)
    noted = (4, entries[3].hash)
    forged = entries[:3] + [replace(entries[3], data=(("boards", "4"), ("session", "riverside/s2")))] + entries[4:]
    forged = rehash(forged, 3)
    assert log.check_chain(forged) == []  # the chain holds again …
    problems = log.check_chain(forged, head=noted)  # … but not the head a player noted
    assert codes(problems) == ["log.head_differs"] and "entry 4 has the hash" in str(problems[0])
    assert codes(log.check_chain(forged[:3], head=noted)) == ["log.head_missing"]


def test_times_must_not_go_back():
    entries = build(GOOD[:3], minutes=[0, 5, 4])
    assert codes(log.check_chain(entries)) == ["log.time"]


@pytest.mark.parametrize(
    "acts, expected",
    [
        ([DV, PUBLISH], ["acts.before_published"]),
        ([PUBLISH, DEAL_1], ["acts.no_dv"]),
        ([PUBLISH, DV, DEAL_1, CORRECT], ["acts.dv_after_dealing"]),
        ([PUBLISH, DV, DV], ["acts.dv_again"]),
        ([PUBLISH, CORRECT], ["acts.no_dv"]),
        ([PUBLISH, (log.DV_ENTERED, log.dv_data("43275.9"))], ["acts.dv_format"]),
        ([PUBLISH, (log.DV_ENTERED, log.dv_data("1.00")), CORRECT], ["acts.previous_dv"]),
        ([PUBLISH, DV, DOWNLOAD_1], ["acts.download_before_dealt"]),
        ([PUBLISH, DV, (log.SESSION_DEALT, log.session_dealt_data("riverside/s9", 4))], ["acts.unknown_session"]),
        ([PUBLISH, DV, (log.SESSION_DEALT, log.session_dealt_data("riverside/s1", 5))], ["acts.boards"]),
        ([PUBLISH, DV, (log.REVEALED, log.revealed_data(RECORD.key.hex(), "43275.91"))], ["acts.revealed_dv"]),
        ([PUBLISH, DV, (log.REVEALED, log.revealed_data("00" * 32, "43275.19"))], ["acts.key"]),
        ([PUBLISH, DV, CORRECT, REVEAL, DEAL_2], ["acts.after_reveal"]),
        ([PUBLISH, DV, CORRECT, DEAL_1, REVEAL, DOWNLOAD_1], []),  # a download after the reveal gives nothing away
        ([PUBLISH, PUBLISH], ["acts.published_twice"]),
    ],
)
def test_acts_out_of_order_are_named(acts, expected):
    entries = build(acts)
    assert log.check_chain(entries) == []
    problems = log.check_acts(entries)
    assert codes(problems) == expected
    assert all(str(p).startswith("entry ") for p in problems)


def test_acts_are_checked_per_commitment():
    other = "cd" * 32
    entries = rehash(build([PUBLISH, DV]) + build([PUBLISH], commitment=other) + build([DEAL_1]), 0)
    assert log.check_chain(entries) == [] and log.check_acts(entries) == []
    stray = rehash(entries + build([DEAL_1], commitment=other), 0)
    assert codes(log.check_acts(stray)) == ["acts.no_dv"] and log.check_acts(stray, C) == []


ACT_CASES = test_acts_out_of_order_are_named.pytestmark[0].args[1]


def every_problem() -> list:
    """Every problem the checker reports, each from a real broken log."""
    good = build(GOOD)
    changed = good[:2] + [replace(good[2], data=(("dv", "43275.92"), ("previous-dv", "43275.19")))] + good[3:]
    relinked = replace(good[3], previous="ff" * 32)
    relinked = good[:3] + [replace(relinked, hash=relinked.computed_hash())]
    odd = log.LogEntry(
        position=1,
        previous=log.GENESIS,
        time=log.time_text(T0),
        act=log.PUBLISHED,
        commitment=C,
        data=(("event", "x"),),
    )
    problems = (
        log.check_chain(good[1:])
        + log.check_chain(changed)
        + log.check_chain(relinked)
        + log.check_chain(build(GOOD[:3], minutes=[0, 5, 4]))
        + log.check_chain(good, head=(99, "ab" * 32))
        + log.check_chain(good, head=(2, "ab" * 32))
        + log.check_acts([odd])
    )
    for acts, _expected in ACT_CASES:
        problems += log.check_acts(build(acts))
    return problems


def test_every_problem_code_is_made():
    made = {p.code for p in every_problem()}
    assert made == {code for code in TEMPLATES if code.startswith(("log.", "acts."))}

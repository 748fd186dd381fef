"""tools/verify_commitment.py --log: the standalone check of a downloaded publication log.

A good log passes; a tampered entry, a removed entry, a rewritten history (caught by the head a
player noted), and acts out of order each fail with a message naming the entry. The last test
runs the tool on the log the site itself serves (page download → tool), on both databases.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from dealing.domain import publication_log as log
from dealing.domain.commitment import RevealedCommitment
from tests.dealing.domain.test_publication_log import (
    CORRECT,
    DEAL_1,
    DEAL_2,
    DOWNLOAD_1,
    DV,
    GOOD,
    PUBLISH,
    RECORD,
    REVEAL,
    build,
    rehash,
)
from tests.dealing.test_verifier import run_tool, write


def log_json(entries) -> dict:
    return {
        "format": log.FORMAT,
        "club": "riverside",
        "head": {"position": entries[-1].position, "hash": entries[-1].hash} if entries else None,
        "entries": [e.to_json() for e in entries],
    }


@pytest.fixture
def files(tmp_path):
    published = write(tmp_path / "published.json", RECORD.published().to_json())
    revealed = write(tmp_path / "revealed.json", RevealedCommitment(RECORD, "43275.91").to_json())

    def with_log(entries, *extra, revealed_too=True, raw=None):
        path = write(tmp_path / "log.json", raw if raw is not None else log_json(entries))
        args = [published, revealed] if revealed_too else [published]
        return run_tool(tmp_path, *args, "--log", path, *extra)

    return with_log


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_good_log_passes(files):
    entries = build(GOOD)
    code, out, err = files(entries, "--head", f"4:{entries[3].hash}")
    assert code == 0, err
    assert (
        f"ok  publication log: 7 entries, each hashing to its recorded hash and naming the one before (head: "
        f"entry 7, {entries[6].hash})" in out
    )
    assert "ok  entry 4 still has the hash you noted" in out
    assert (
        "ok  the commitment's 7 acts are in the log in a possible order: published (1), dv-entered (2), "
        "dv-corrected (3), session-dealt (4), deal-file-downloaded (5), session-dealt (6), revealed (7)"
    ) in out
    assert out.rstrip().endswith("All checks passed.")


@pytest.mark.slow  # runs the tool as a subprocess
def test_before_the_reveal_the_published_record_and_the_log_are_checked(files):
    code, out, err = files(build(GOOD[:-1]), revealed_too=False)
    assert code == 0, err
    assert "the commitment's 6 acts" in out


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_tampered_entry_is_named(files):
    entries = build(GOOD)
    entries[2] = replace(entries[2], data=(("dv", "43275.92"), ("previous-dv", "43275.19")))
    code, out, err = files(entries)
    assert code == 1 and "All checks passed" not in out
    assert err.startswith(
        "FAILED: publication log entry 3 (dv-corrected) was changed after it was written: it hashes to "
    )


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_tampered_entry_with_its_hash_recomputed_breaks_the_link_after_it(files):
    entries = build(GOOD)
    changed = replace(entries[2], data=(("dv", "43275.92"), ("previous-dv", "43275.19")))
    entries[2] = replace(changed, hash=changed.computed_hash())
    code, _, err = files(entries)
    assert code == 1 and f"publication log entry 4 does not follow entry 3: it names {entries[3].previous}" in err


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_removed_entry_is_named(files):
    entries = build(GOOD)
    del entries[4]
    code, _, err = files(entries)
    assert code == 1 and "the entry at place 5 has position 6: an entry before it is missing" in err


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_rewritten_history_is_caught_by_the_head_noted_before(files):
    entries = build(GOOD)
    noted = f"7:{entries[6].hash}"
    rewritten = rehash(entries[:4] + entries[5:], 0)  # the download removed, everything after rehashed
    code, out, err = files(rewritten)
    assert code == 0, err  # a consistent chain …
    code, _, err = files(rewritten, "--head", noted)
    assert code == 1 and "no entry 7: the head you noted" in err  # … but not the one the player noted
    rewritten = rehash(entries[:4] + [entries[5], entries[4], entries[6]], 0)
    code, _, err = files(rewritten, "--head", noted)
    assert code == 1 and f"entry 7 has the hash {rewritten[6].hash}, not {entries[6].hash} as you noted" in err


@pytest.mark.slow  # runs the tool as a subprocess
@pytest.mark.parametrize(
    "acts, message",
    [
        ([PUBLISH, DEAL_1, DV], "entry 2 (session-dealt): before the delayed value was entered"),
        ([PUBLISH, DV, DEAL_1, CORRECT], "entry 4 (dv-corrected): the delayed value changes after a session was dealt"),
        (
            [PUBLISH, DV, DOWNLOAD_1, DEAL_1],
            "entry 3 (deal-file-downloaded): a file of riverside/s1 downloaded before the session was dealt",
        ),
        (
            [PUBLISH, DV, CORRECT, DEAL_1, REVEAL, DEAL_2],
            "entry 6 (session-dealt): after the key was revealed (entry 5)",
        ),
        ([DV, PUBLISH], "entry 1 (dv-entered): before the commitment was published"),
        ([PUBLISH, DV, DV], "entry 3 (dv-entered): the delayed value is entered a second time"),
        (
            [PUBLISH, DV, (log.REVEALED, log.revealed_data(RECORD.key.hex(), "43275.19"))],
            "entry 3 (revealed) names another key or delayed value than the revealed record",
        ),
        (
            [PUBLISH, DV, (log.SESSION_DEALT, log.session_dealt_data("riverside/s1", 5))],
            "entry 3 (session-dealt): riverside/s1 dealt with 5 boards, the commitment has 4",
        ),
    ],
)
def test_acts_out_of_order_are_named(files, acts, message):
    code, out, err = files(build(acts))
    assert code == 1 and message in err, err
    assert "ok  publication log: " in out  # the chain itself holds


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_log_whose_published_entry_differs_from_the_published_record(files):
    other = replace(RECORD, event="Riverside Pairs 2")
    entries = build([(log.PUBLISHED, log.published_data(other.published()))] + GOOD[1:])
    code, _, err = files(entries)
    assert code == 1 and "entry 1 (published): the record published in the log differs" in err
    assert "'event: Riverside Pairs 2' ≠ 'event: Riverside Pairs'" in err


@pytest.mark.slow  # runs the tool as a subprocess
@pytest.mark.parametrize(
    "raw, args, code_, message",
    [
        ({"format": "x", "entries": []}, [], 1, "format 'x' is not bridge-publication-log-v1"),
        ({"format": log.FORMAT, "entries": [{"position": 1}]}, [], 1, "the field 'previous' is missing"),
        *(
            (
                {"format": log.FORMAT, "entries": [build(GOOD)[0].to_json(), edited]},
                [],
                1,
                "log.json, entry at place 2: must be an object",
            )
            for edited in (["position", 2], "x", 2, None)
        ),
        (
            {"format": log.FORMAT, "entries": [{**build(GOOD)[0].to_json(), "position": "1"}]},
            [],
            1,
            "entry at place 1: the field 'position' must be a int",
        ),
        (None, ["--head", "7"], 2, "--head 7: write POSITION:HASH"),
    ],
)
def test_a_malformed_log_or_head(files, raw, args, code_, message):
    code, _, err = files(build(GOOD), *args, raw=raw)
    assert code == code_ and message in err and "Traceback" not in err


@pytest.mark.slow  # runs the tool as a subprocess
@pytest.mark.django_db
def test_the_tool_checks_the_log_the_site_serves(tmp_path, club, club_session, director, client):
    from clubs.models import Session
    from dealing.services import boards as board_services
    from dealing.services import commitments as services

    commitment = services.commitment_create(
        club=club,
        user=director,
        event="Riverside Autumn Pairs 2026",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        sessions=[(club_session, 3)],
    )
    services.commitment_publish(commitment=commitment, user=director)
    services.commitment_enter_dv(commitment=commitment, user=director, value="43,275.91")
    board_services.session_deal_from_commitment(session=club_session, user=director, queue_analysis=False)
    board_services.dealing_file_download(session_id=club_session.pk, user=director, file_format="dlm")
    noted = client.get(f"/api/v1/clubs/{club.slug}/publication-log/").json()["head"]
    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.FINISHED)
    services.commitment_reveal(commitment=commitment, user=director)
    commitment.refresh_from_db()
    (tmp_path / "log.json").write_bytes(client.get(f"/api/v1/clubs/{club.slug}/publication-log/?format=json").content)
    write(tmp_path / "published.json", commitment.published_commitment().to_json())
    write(tmp_path / "revealed.json", RevealedCommitment(commitment.record(), commitment.delayed_value).to_json())
    code, out, err = run_tool(
        tmp_path,
        "published.json",
        "revealed.json",
        "--log",
        "log.json",
        "--head",
        f"{noted['position']}:{noted['hash']}",
    )
    assert code == 0, err
    assert "dv-entered (2), session-dealt (3), deal-file-downloaded (4), revealed (5)" in out

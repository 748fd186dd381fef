"""The standalone verifier agrees with the product on a real commitment made through the site.

A director commits to two sessions, deals them from the commitment, the sessions end, the
key is revealed; a player downloads the published record, the revealed record and both hand
records as any member would, and runs ``tools/verify_commitment.py`` on them. Then one byte
is changed — in the key, the DV, a label, a deal — and the tool must say exactly what is wrong.
"""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clubs.models import Session
from clubs.services import session_create
from dealing.services import boards as board_services
from dealing.services import commitments as services

pytestmark = pytest.mark.django_db
TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_commitment.py"
PYTHON = shutil.which("python3") or sys.executable


def run(tmp_path, *args):
    done = subprocess.run(
        [PYTHON, "-I", str(TOOL), *map(str, args)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    return done.returncode, done.stdout, done.stderr


@pytest.fixture
def downloaded(tmp_path, club, club_session, director, player, client_for):
    second = session_create(club=club, name="Thursday Pairs", date=datetime.date(2026, 11, 26))
    commitment = services.commitment_create(
        club=club,
        user=director,
        event="Riverside Autumn Pairs 2026",
        promise="Closing value of the DJIA on 2026-11-20 (wsj.com)",
        dv_format="decimal:2",
        sessions=[(club_session, 24), (second, 27)],
    )
    services.commitment_publish(commitment=commitment, user=director)
    client = client_for(player)
    (tmp_path / "published.json").write_bytes(
        client.get(f"/dealing/commitments/{commitment.pk}/published.json").content
    )
    services.commitment_enter_dv(commitment=commitment, user=director, value="43,275.91")
    for session in (club_session, second):
        board_services.session_deal_from_commitment(session=session, user=director)
        Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    services.commitment_reveal(commitment=commitment, user=director)
    (tmp_path / "revealed.json").write_bytes(client.get(f"/dealing/commitments/{commitment.pk}/revealed.json").content)
    labels = []
    for session, name in ((club_session, "tuesday.pbn"), (second, "thursday.pbn")):
        (tmp_path / name).write_bytes(client.get(f"/dealing/sessions/{session.pk}/hand-record.pbn").content)
        labels.append(f"{session.commitment_entry.label}={name}")
    commitment.refresh_from_db()
    return commitment, labels


def test_the_verifier_passes_the_products_commitment(tmp_path, downloaded):
    commitment, labels = downloaded
    code, out, err = run(tmp_path, "published.json", "revealed.json", "--deals", labels[0], "--deals", labels[1])
    assert code == 0, err
    assert f"= {commitment.commitment_hash} = the published commitment" in out
    assert "all 24 boards in the hand record equal the committed deals" in out
    assert "all 27 boards in the hand record equal the committed deals" in out


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False))


def _one_byte(text: str, at: int) -> str:
    return text[:at] + ("0" if text[at] != "0" else "1") + text[at + 1 :]


@pytest.mark.parametrize(
    "what, change, message",
    [
        ("key", lambda d: d.update(key=_one_byte(d["key"], 17)), "commitment hash mismatch"),
        ("DV", lambda d: (d.update(dv=_one_byte(d["dv"], 6)), d.pop("dealing_key")), "differs from the commitment"),
        (
            "label",
            lambda d: d["sessions"][0].update(label=_one_byte(d["sessions"][0]["label"], 10)),
            "the revealed record changes the published one",
        ),
    ],
)
def test_the_verifier_catches_one_byte_in_the_revealed_record(tmp_path, downloaded, what, change, message):
    _, labels = downloaded
    _edit(tmp_path / "revealed.json", change)
    code, _out, err = run(tmp_path, "published.json", "revealed.json", "--deals", labels[0])
    assert code == 1 and message in err, (what, err)


def test_the_verifier_catches_one_byte_in_a_published_label(tmp_path, downloaded):
    _, labels = downloaded
    for name in ("published.json", "revealed.json"):
        _edit(tmp_path / name, lambda d: d["sessions"][1].update(label=d["sessions"][1]["label"] + "x"))
    code, _out, err = run(tmp_path, "published.json", "revealed.json")
    assert code == 1 and "commitment hash mismatch" in err


def test_the_verifier_catches_one_byte_in_a_deal(tmp_path, downloaded):
    _, labels = downloaded
    path = tmp_path / "thursday.pbn"
    text = path.read_text()
    start = text.index('[Board "13"]')
    deal_at = text.index('[Deal "', start) + len('[Deal "')
    deal = text[deal_at : text.index('"', deal_at)]
    hands = deal[2:].split()
    # move one card: the last card of the first hand's longest suit goes to the second hand (same suit)
    first, second = [h.split(".") for h in hands[:2]]
    suit = max(range(4), key=lambda s: len(first[s]))
    card = first[suit][-1]
    first[suit] = first[suit][:-1]
    second[suit] = "".join(sorted(second[suit] + card, key="AKQJT98765432".index))
    changed = deal[:2] + " ".join([".".join(first), ".".join(second), *hands[2:]])
    path.write_text(text[:deal_at] + changed + text[deal_at + len(deal) :])
    code, _out, err = run(tmp_path, "published.json", "revealed.json", "--deals", labels[1])
    assert code == 2 and "does not have 13 cards" in err  # a malformed deal is bad input …
    # … and a well-formed but different deal is a mismatch naming the board
    third = hands[2].split(".")
    other = third[suit][-1] if third[suit] else None
    if other:
        third[suit] = "".join(sorted(third[suit][:-1] + card, key="AKQJT98765432".index))
        first[suit] = "".join(sorted(first[suit] + other, key="AKQJT98765432".index))
        swapped = deal[:2] + " ".join([".".join(first), hands[1], ".".join(third), hands[3]])
        path.write_text(text[:deal_at] + swapped + text[deal_at + len(deal) :])
        code, _out, err = run(tmp_path, "published.json", "revealed.json", "--deals", labels[1])
        assert code == 1 and "board 13 of" in err and "differs from the commitment" in err

"""``manage.py swiss_pair`` (issue 21): the draw of a round from a standings file — no rematch, the least spread
(brute force over every draw, from the engine's tests), the bye, a Danish round — and every bad input refused in
one line naming the file and the place."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from movements.domain.swiss import SwissTeam
from tests.movements.domain.test_swiss import brute_force

REPO = Path(__file__).resolve().parents[2]

# eight teams after three rounds; the leaders have met, so 1 v 2, 3 v 4 … is not possible
STANDINGS = {
    "round": 4,
    "danish": False,
    "teams": [
        {"team": "1", "vp": 51.3, "met": ["2", "5", "8"], "had_bye": False},
        {"team": "2", "vp": 47.9, "met": ["1", "3", "6"]},
        {"team": "3", "vp": 44.02, "met": ["4", "2", "7"]},
        {"team": "4", "vp": 31.5, "met": ["3", "6", "5"]},
        {"team": "5", "vp": 30, "met": ["1", "4", "6"]},
        {"team": "6", "vp": 28.75, "met": ["2", "4", "5"]},
        {"team": "7", "vp": 22.1, "met": ["3", "8"]},
        {"team": "8", "vp": 10.43, "met": ["7", "1"]},
    ],
}


def write(tmp_path, document, name="r.json") -> Path:
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path


def run(path) -> dict:
    out = StringIO()
    call_command("swiss_pair", str(path), stdout=out)
    return json.loads(out.getvalue())


def as_teams(document) -> list[SwissTeam]:
    return [
        SwissTeam(t["team"], Fraction(str(t["vp"])), frozenset(t.get("met", [])), t.get("had_bye", False))
        for t in document["teams"]
    ]


def spread(draw, document) -> Fraction:
    vp = {t["team"]: Fraction(str(t["vp"])) for t in document["teams"]}
    return sum(((vp[t["home"]] - vp[t["away"]]) ** 2 for t in draw["tables"]), Fraction(0))


def test_no_rematch_and_the_least_spread(tmp_path):
    draw = run(write(tmp_path, STANDINGS))
    met = {t["team"]: set(t["met"]) for t in STANDINGS["teams"]}
    assert draw["round"] == 4 and draw["bye"] is None and draw["rematches"] == 0
    assert [t["table"] for t in draw["tables"]] == [1, 2, 3, 4]
    assert sorted(x for t in draw["tables"] for x in (t["home"], t["away"])) == [str(n) for n in range(1, 9)]
    assert not any(t["away"] in met[t["home"]] or t["home"] in met[t["away"]] for t in draw["tables"])
    rematches, bye, pairs, least = brute_force(as_teams(STANDINGS))
    assert (rematches, bye) == (0, None) and spread(draw, STANDINGS) == least
    assert {frozenset((t["home"], t["away"])) for t in draw["tables"]} == {frozenset(p) for p in pairs}


def test_an_odd_field_the_bye_and_a_danish_round(tmp_path):
    seven = [{**t, "met": [m for m in t["met"] if m != "8"]} for t in STANDINGS["teams"][:7]]
    seven[6]["had_bye"] = True
    document = {**STANDINGS, "teams": seven}
    draw = run(write(tmp_path, document))
    rematches, bye, pairs, least = brute_force(as_teams(document))
    assert (draw["rematches"], draw["bye"]) == (rematches, bye) == (0, "6")  # 7 has had one
    assert spread(draw, document) == least
    danish = run(write(tmp_path, {**STANDINGS, "danish": True}))
    assert [(t["home"], t["away"]) for t in danish["tables"]][:1] == [("1", "2")] and danish["rematches"] == 4


def error_of(path) -> str:
    with pytest.raises(CommandError) as caught:
        run(path)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def _teams(*teams, **top) -> dict:
    return {"round": 2, "teams": list(teams), **top}


A, B = {"team": "A", "vp": 20}, {"team": "B", "vp": 10}


@pytest.mark.parametrize(
    "document, message",
    [
        ('{"round": 2, "teams": [', "r.json: this is not JSON (Expecting value, line 1, column 24)"),
        ("[]", "r.json: a Swiss round's standings are an object with round, danish and a list of teams"),
        ({"round": 2, "teams": {}}, "r.json (teams): a Swiss round's standings are an object"),
        (_teams(A, B, round=0), "r.json (round): rounds are numbered from 1, not 0"),
        (_teams(A, B, danish="yes"), "r.json (danish): danish is true or false, not yes"),
        (_teams(A, 7), "r.json (teams[1]): a team is an object with team, vp, met and had_bye, not '7'"),
        (_teams(A, {"vp": 3}), "r.json (teams[1].team): a team is named by a number or a word, not 'None'"),
        (_teams(A, B, {"team": "A", "vp": 3}), "r.json (teams[2].team): team A is in the standings twice"),
        (_teams(A, {"team": "B", "vp": "ten"}), "r.json (teams[1].vp): team B: the VP total ten is not a number"),
        (_teams(A, {"team": "B", "vp": 1, "met": "A"}), "r.json (teams[1].met): team B: met is a list of the teams"),
        (_teams(A, {"team": "B", "vp": 1, "met": ["B"]}), "r.json (teams[1].met[0]): team B cannot have met itself"),
        (
            _teams(A, {"team": "B", "vp": 1, "met": ["A", "Z"]}),
            "r.json (teams[1].met[1]): team B has met Z, which is not in the standings",
        ),
        (_teams(A, {"team": "B", "vp": 1, "had_bye": 1}), "r.json (teams[1].had_bye): had_bye is true or false"),
        (_teams(A, {"team": "B", "vp": 1, "home": -1}), "r.json (teams[1].home): team B: home is how often"),
        (_teams(A), "r.json (teams): a Swiss round needs at least 2 teams, not 1"),
    ],
)
def test_each_bad_input_is_one_line_naming_file_and_place(tmp_path, document, message):
    assert error_of(write(tmp_path, document)).startswith(message)


def test_a_missing_file_and_text_that_is_not_utf8(tmp_path):
    assert error_of(tmp_path / "none.json").startswith(f"{tmp_path / 'none.json'}: ")
    path = tmp_path / "r.json"
    path.write_bytes(b'{"teams": "\xff"}')
    assert error_of(path) == "r.json: the file is not UTF-8 text (byte 11)"


@pytest.mark.slow
def test_from_the_command_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "manage.py", "swiss_pair", str(write(tmp_path, STANDINGS))],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["rematches"] == 0
    bad = subprocess.run(
        [sys.executable, "manage.py", "swiss_pair", str(write(tmp_path, _teams(A, B, A)))],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert bad.stderr.strip().splitlines() == ["CommandError: r.json (teams[2].team): team A is in the standings twice"]

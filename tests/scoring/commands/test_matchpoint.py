"""``manage.py matchpoint``: a generic traveller set scored; every bad input one clear line, exit code 1."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

REPO = Path(__file__).resolve().parents[3]
ISSUE = {
    "scale": "ebu",
    "factoring": "neuberg",
    "boards": [
        {
            "board": 1,
            "results": [
                {"ns": 1, "ew": 2, "contract": "4SX", "declarer": "N", "tricks": 9},
                {"ns": 3, "ew": 4, "score": 420},
                {"ns": 5, "ew": 6, "adjusted": "60/40"},
                {"ns": 7, "ew": 8, "contract": "PASS"},
            ],
        }
    ],
}
GUZICKI = {
    "boards": [
        {
            "board": 6,
            "results": [
                {"ns": 7, "ew": 5, "contract": "3S", "declarer": "N", "tricks": 9},
                {"ns": 1, "ew": 4, "contract": "4S", "declarer": "S", "tricks": 10},
                {"ns": 8, "ew": 6, "contract": "3S", "declarer": "S", "tricks": 9},
                {"ns": 3, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 9},
            ],
        }
    ]
}


def write(tmp_path, document, name="travellers.json") -> Path:
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return path


def run(path, *args) -> dict:
    out = StringIO()
    call_command("matchpoint", str(path), *args, stdout=out)
    return json.loads(out.getvalue())


def test_the_seeds_board_6(tmp_path):
    report = run(write(tmp_path, GUZICKI))
    assert [(r["ns"], r["ns_score"], r["mp_ns"], r["mp_ew"]) for r in report["boards"][0]["results"]] == [
        ("7", 140, 3.0, 3.0),
        ("1", 420, 6.0, 0.0),
        ("8", 140, 3.0, 3.0),
        ("3", -50, 0.0, 6.0),
    ]
    assert report["comparison"] is None
    assert [(p["pair"], p["rank"]) for p in report["pairs"]][:2] == [("1", "1="), ("2", "1=")]


def test_the_issues_input_shape(tmp_path):
    report = run(write(tmp_path, ISSUE))
    results = report["boards"][0]["results"]
    # E = 4 results, A = 3 compared (the artificial one is not): Neuberg (0 + 1) × 4/3 − 1 = 0.33
    assert results[0] == {
        "ns": "1",
        "ew": "2",
        "contract": "4SX",
        "declarer": "N",
        "tricks": 9,
        "ns_score": -100,
        "mp_ns": 0.33,
        "mp_ew": 5.67,
    }
    assert results[2] == {"ns": "5", "ew": "6", "adjusted": "60/40", "ns_score": None, "mp_ns": 3.6, "mp_ew": 2.4}
    assert results[3]["contract"] == "PASS" and results[3]["ns_score"] == 0
    assert report["options"]["scale"] == "ebu"


def test_method_weighted_and_overrides(tmp_path):
    document = {**ISSUE, "method": "butler"}
    document["boards"][0]["results"].append({"ns": 9, "ew": 10, "weighted": [[20, 650], [80, 620]]})
    report = run(write(tmp_path, document))
    assert report["options"]["method"] == "butler" and "datum" in report["boards"][0]
    assert report["boards"][0]["results"][-1]["weighted"] == [[20, 650], [80, 620]]
    assert report["boards"][0]["results"][-1]["ns_score"] == 626
    assert {"imp_ns", "imp_ew"} <= set(report["boards"][0]["results"][0]) and "imps" in report["pairs"][0]
    acbl = run(write(tmp_path, GUZICKI), "--scale", "acbl")
    assert [r["mp_ns"] for r in acbl["boards"][0]["results"]] == [1.5, 3.0, 1.5, 0.0]


def error_of(path, *args) -> str:
    with pytest.raises(CommandError) as caught:
        run(path, *args)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def _result(**result) -> dict:
    return {"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, **result}]}]}


@pytest.mark.parametrize(
    "document, message",
    [
        ('{"boards": [', "t.json: line 1: this is not JSON (Expecting value, column 13)"),
        ('{"boards": []}\n,', "t.json: line 2: this is not JSON (Extra data, column 1)"),
        ("[1, 2]", "t.json: expected an object with boards"),
        (
            {"boards": [{"board": 1, "results": [5]}]},
            "t.json (boards[0].results[0]): a result is an object with a contract, a score or an adjustment, not '5'",
        ),
        (
            _result(contract="8S", declarer="N", tricks=10),
            "t.json (boards[0].results[0].contract): '8S' is not a contract",
        ),
        (
            _result(contract="4S", declarer="N", tricks=14),
            "t.json (boards[0].results[0].tricks): 4S would be 14 tricks; a side takes 0 … 13",
        ),
        (_result(contract="4S", tricks=10), "t.json (boards[0].results[0].declarer): 4S: who was declarer?"),
        (_result(contract="4S", declarer="Q", tricks=10), "t.json (boards[0].results[0].declarer): unknown seat 'Q'"),
        (_result(contract="4S", declarer="N"), "t.json (boards[0].results[0].tricks): 4S by N: how many tricks?"),
        (_result(score=330), "t.json (boards[0].results[0].score): +330 is not a score any contract gives"),
        (_result(adjusted="70/x"), "t.json (boards[0].results[0].adjusted): '70/x': an artificial score is A"),
        ({"boards": [{"board": 0, "results": []}]}, "t.json (boards[0].board): board numbers start at 1, not 0"),
        (
            {"boards": [{"board": 1, "results": [{"ew": 2, "score": 420}]}]},
            "t.json (boards[0].results[0].ns): a traveller line needs both pairs",
        ),
        ({"scale": "fifa", "boards": []}, "t.json (scale): unknown matchpoint scale 'fifa'"),
        ({"boards": {}}, "t.json (boards): expected a list of boards"),
        (
            {"boards": [{"board": 1, "results": [{"ns": 1, "ew": 2, "score": 420}, {"ns": 1, "ew": 3, "score": 50}]}]},
            "t.json (boards[0].results[1]): board 1: pair 1 has two results (",
        ),
    ],
)
def test_each_bad_input_is_one_line_naming_file_and_place(tmp_path, document, message):
    assert error_of(write(tmp_path, document, "t.json")).startswith(message)


def test_a_missing_file_and_text_that_is_not_utf8(tmp_path):
    assert error_of(tmp_path / "none.json") == f"{tmp_path / 'none.json'}: no such file"
    path = tmp_path / "t.json"
    path.write_bytes(b'{"boards": "\xff"}')
    assert error_of(path) == "t.json: the file is not UTF-8 text (byte 12)"


@pytest.mark.slow
def test_from_the_command_line_it_is_one_line_on_stderr_and_exit_code_1(tmp_path):
    path = write(tmp_path, _result(contract="8S", declarer="N", tricks=10), "t.json")
    done = subprocess.run(
        [sys.executable, "manage.py", "matchpoint", str(path)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "CommandError: t.json (boards[0].results[0].contract): '8S' is not a contract: write a level 1 … 7, a strain "
        "C, D, H, S or NT and X or XX when doubled or redoubled (e.g. 4S, 3NTX)"
    ]

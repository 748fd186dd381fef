"""``manage.py score_usebio``: every real file re-scored and compared; every bad input one clear line, exit code 1."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.domain.formats.usebio import SAMPLE

REPO = Path(__file__).resolve().parents[3]
FILES = [
    "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml",
    "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml",
    "ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml",
    "ebuscore-two-sections-18boards-2025-01-02.usebio.xml",
    "realbridge-club-duplicate-8tables-2025-04-07.usebio.xml",
    "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml",
    "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn",
]


def run(*args) -> str:
    out = StringIO()
    call_command("score_usebio", *[str(a) for a in args], stdout=out)
    return out.getvalue()


def run_json(*args) -> dict:
    return json.loads(run(*args))


@pytest.mark.parametrize("name", FILES, ids=lambda n: n.split(".")[0])
def test_each_real_file_is_scored_and_compared(events_dir, name):
    report = run_json(events_dir / name)
    assert set(report) == {"event", "options", "boards", "pairs", "comparison"}
    comparison = report["comparison"]
    assert comparison["errors"] == 0 and comparison["unexplained"] == 0
    first = report["boards"][0]["results"][0]
    assert {"ns", "ew", "ns_score", "mp_ns", "mp_ew"} <= set(first)
    assert all({"pair", "matchpoints", "percentage", "rank"} <= set(p) for p in report["pairs"])


def test_the_issues_shape_with_the_files_pair_ids(events_dir):
    report = run_json(events_dir / "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml")
    board1 = report["boards"][0]
    assert board1["board"] == 1
    line = board1["results"][2]
    assert line == {
        "ns": "3NS",
        "ew": "17EW",
        "contract": "3S",
        "declarer": "S",
        "tricks": 9,
        "lead": "D6",
        "ns_score": 140,
        "mp_ns": 29.95,
        "mp_ew": 10.05,
    }
    assert board1["results"][0] == {
        "ns": "1NS",
        "ew": "1EW",
        "adjusted": "50/50",
        "ns_score": None,
        "mp_ns": 20.0,
        "mp_ew": 20.0,
    }
    # two winners: NS and EW ranked apart, each with its own first place
    firsts = [(p["pair"], p["field"]) for p in report["pairs"] if p["rank"] == "1"]
    assert firsts == [("21NS", "NS"), ("2EW", "EW")]
    assert report["event"]["winners"] == 2
    assert [o["board"] for o in report["comparison"]["overrides"]] == [3, 4]


def test_options_change_how_we_score(events_dir):
    brian = events_dir / "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml"
    neuberg, none = run_json(brian), run_json(brian, "--factoring", "none")
    assert [c["code"] for c in neuberg["comparison"]["conventions"]] == ["factoring_none", "single_precision"]
    assert [c["code"] for c in none["comparison"]["conventions"]] == ["single_precision"]
    assert none["options"]["factoring"] == "none"
    acbl = run_json(brian, "--scale", "acbl", "--factoring", "none")
    assert acbl["boards"][0]["results"][0]["mp_ns"] * 2 == none["boards"][0]["results"][0]["mp_ns"]
    within = run_json(events_dir / "ebuscore-two-sections-18boards-2025-01-02.usebio.xml", "--sections", "within")
    assert {p["field"] for p in within["pairs"]} == {"A", "B"}
    assert within["comparison"]["unexplained"] > 0  # EBUScore matchpointed across the field


def test_text_format(events_dir):
    text = run(events_dir / "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml", "--format", "text")
    assert text.startswith("EL Wed 10.00am Open (27-Jul-22) (2022-07-27), NSBC@Lindfield — Compscore3 26-Jul-22\n")
    assert "\nRanking\n" in text and "lines carry raw (unfactored) matchpoints" in text


def test_an_imp_event_gives_imps_and_datums(tmp_path):
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ns + 1}</EW_PAIR_NUMBER>"
        f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"</TRAVELLER_LINE>"
        for ns, tricks, score in ((1, 10, 420), (3, 9, -50), (5, 11, 450), (7, 10, 420))
    )
    start, end = SAMPLE.index(b"<TRAVELLER_LINE>"), SAMPLE.rindex(b"</TRAVELLER_LINE>") + 17
    data = (SAMPLE[:start] + lines.encode() + SAMPLE[end:]).replace(b"MP_PAIRS", b"BUTLER_PAIRS")
    path = tmp_path / "butler.xml"
    path.write_bytes(data)
    report = run_json(path)
    board = report["boards"][0]
    assert board["datum"] == 420
    assert [(r["imp_ns"], r["imp_ew"]) for r in board["results"]] == [
        (0.0, -0.0),
        (-10.0, 10.0),
        (1.0, -1.0),
        (0.0, -0.0),
    ]
    assert {"pair", "imps", "rank"} <= set(report["pairs"][0]) and "percentage" not in report["pairs"][0]


# --- bad input: one line naming the file, the line and the element; exit code 1 -----------------------


def error_of(*args) -> str:
    with pytest.raises(CommandError) as caught:
        run(*args)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def _damaged(tmp_path, old: bytes, new: bytes, name: str = "club.xml") -> Path:
    path = tmp_path / name
    path.write_bytes(SAMPLE.replace(old, new, 1))
    return path


def test_a_missing_file_or_a_folder(tmp_path):
    assert error_of(tmp_path / "nothing.xml") == f"{tmp_path / 'nothing.xml'}: no such file"
    assert error_of(tmp_path) == f"{tmp_path}: is a folder, not a file"


@pytest.mark.parametrize(
    "old, new, message",
    [
        (b"MP_PAIRS", b"TEAMS", "club.xml: line 4 (EVENT): event type TEAMS is a teams event: import it as"),
        (b"MP_PAIRS", b"INDIVIDUAL", "club.xml: line 4 (EVENT): event type INDIVIDUAL cannot be scored here"),
        (b"<CONTRACT>3NT", b"<CONTRACT>8S", "club.xml: line 11 (CONTRACT): '8S' is not a contract"),
        (
            b"<TRICKS>9</TRICKS><SCORE>400",
            b"<TRICKS>14</TRICKS><SCORE>400",
            "club.xml: line 12 (TRICKS): 3N would be 14 tricks",
        ),
        (b"<PLAYED_BY>S</PLAYED_BY>", b"", "club.xml: line 11 (TRAVELLER_LINE): <TRAVELLER_LINE> has no PLAYED_BY"),
        (b"</TRICKS>", b"</TRICK>", "club.xml: line 12 (TRICKS): this is not well-formed XML (mismatched tag"),
    ],
)
def test_each_bad_file_is_one_line_naming_file_line_and_element(tmp_path, old, new, message):
    assert error_of(_damaged(tmp_path, old, new)).startswith(message)


def test_a_truncated_file(tmp_path):
    path = tmp_path / "club.xml"
    path.write_bytes(SAMPLE[: SAMPLE.index(b"<SCORE>400")])
    assert error_of(path) == (
        "club.xml: line 12 (TRAVELLER_LINE): the file ends before <TRAVELLER_LINE> (opened on "
        "line 11) is closed: it is truncated"
    )


@pytest.mark.slow
def test_from_the_command_line_it_is_one_line_on_stderr_and_exit_code_1(tmp_path):
    path = _damaged(tmp_path, b"MP_PAIRS", b"INDIVIDUAL")
    done = subprocess.run(
        [sys.executable, "manage.py", "score_usebio", str(path)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "CommandError: club.xml: line 4 (EVENT): event type INDIVIDUAL cannot be scored here: only pairs events are "
        "(MP_PAIRS, PAIRS, BUTLER_PAIRS, CROSS_IMP)"
    ]

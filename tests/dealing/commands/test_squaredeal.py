"""manage.py squaredeal verify|deal|create|set-dv on the real WBG 2024 files and a new event."""

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from dealing.domain import squaredeal as sq

WBG = settings.SHARED_DATA_DIR / "data" / "events" / "squaredeal-wbg2024"
SQD, SQK = str(WBG / "WBG2024.sqd"), str(WBG / "WBG2024.sqk")


def run(*args):
    out = io.StringIO()
    call_command("squaredeal", *args, stdout=out)
    return out.getvalue()


def test_verify_prints_what_it_checked():
    text = run("verify", "--sqd", SQD, "--sqk", SQK)
    assert "World Bridge Games 2024" in text and "DJI1910" in text and "43275.91" in text
    assert "KH in the description (line 15)" in text and "match" in text
    assert "keys present for all 90 sessions of 7 phases" in text


def test_verify_rejects_a_changed_key_file(tmp_path):
    data = bytearray((WBG / "WBG2024.sqk").read_bytes())
    data[1010] = ord("A") if data[1010] != ord("A") else ord("B")
    bad = tmp_path / "bad.sqk"
    bad.write_bytes(bytes(data))
    with pytest.raises(CommandError, match="does not match the published commitment.*line 15 of the .sqd"):
        run("verify", "--sqd", SQD, "--sqk", str(bad))


def test_deal_regenerates_the_finals_session_one():
    lines = run("deal", "--sqd", SQD, "--sqk", SQK, "--phase", "7", "--session", "1").splitlines()
    actual = (WBG / "allpbn.actual").read_text().splitlines()[:16]
    assert [line.split(" ", 2)[2] for line in lines] == ["N:" + deal for deal in actual]
    assert lines[0].startswith("FIN1 1 N:")


def test_deal_reserve_range_and_dv_override():
    reserve = run("deal", "--sqd", SQD, "--sqk", SQK, "--phase", "4", "--session", "1-2", "--reserve").splitlines()
    assert len(reserve) == 40 and reserve[0].startswith("R161reserve 1 ") and reserve[-1].startswith("R162reserve 20 ")
    plus = run("deal", "--sqd", SQD, "--sqk", SQK, "--phase", "7", "--session", "1", "--dv", "43275.92").splitlines()
    control = (WBG / "allpbn.plusone").read_text().splitlines()[:16]
    assert [line.split(" ", 2)[2] for line in plus] == ["N:" + deal for deal in control]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--phase", "9"), "phases 1 … 7"),
        (("--phase", "4", "--session", "4"), "has 3 sessions, not 4"),
        (("--phase", "4", "--session", "x"), "--session must be"),
        (("--phase", "4", "--session", "3-1"), "backwards"),
        (("--phase", "4", "--session", "1", "--format", "nope"), "unknown format"),
    ],
)
def test_deal_bad_requests(args, message):
    with pytest.raises(CommandError, match=message):
        run("deal", "--sqd", SQD, "--sqk", SQK, *args)


def test_missing_file_is_a_clear_error():
    with pytest.raises(CommandError, match="cannot read the .sqk file"):
        run("verify", "--sqd", SQD, "--sqk", "/nonexistent.sqk")


def test_create_set_dv_verify_deal_round_trip(tmp_path):
    base = tmp_path / "Spring"
    text = run(
        "create",
        "--name",
        "Spring Pairs",
        "--delayed-info",
        "Dow Jones close 2 May 2025",
        "--phase",
        "2:1-14,15-28:SP#:Session",
        "--phase",
        "1:3x8:FIN:Final",
        "--output",
        str(base),
    )
    assert "KH " in text
    sqd, sqk = tmp_path / "Spring.sqd", tmp_path / "Spring.sqk"
    keys = sq.read_sqk(sqk.read_bytes())
    assert len(keys.keys) == 3 and all(len(k) == 60 for k in keys.keys.values())
    assert "keys present for all 3 sessions" in run("verify", "--sqd", str(sqd), "--sqk", str(sqk))
    with pytest.raises(CommandError, match="no DV"):
        run("deal", "--sqd", str(sqd), "--sqk", str(sqk), "--phase", "1", "--session", "1")
    run("set-dv", "--sqd", str(sqd), "--value", "41 234.56")
    assert sq.read_sqd(sqd.read_bytes()).delayed_value == "41 23456"
    with pytest.raises(CommandError, match="already has DV"):
        run("set-dv", "--sqd", str(sqd), "--value", "1")
    lines = run("deal", "--sqd", str(sqd), "--sqk", str(sqk), "--phase", "1", "--session", "2").splitlines()
    assert [int(line.split()[1]) for line in lines] == list(range(15, 29))
    with pytest.raises(CommandError, match="already exists"):
        run("create", "--name", "X", "--delayed-info", "Y", "--phase", "1:16:A:a", "--output", str(base))


@pytest.mark.parametrize(
    ("phase", "message"),
    [
        ("1:16:A", "SESSIONS:BOARDS:PREFIX:DESCRIPTION"),
        ("x:16:A:a", "must be a number"),
        ("1:0-3:A:a", "empty or starts below 1"),
    ],
)
def test_create_bad_phases(tmp_path, phase, message):
    with pytest.raises(CommandError, match=message):
        run("create", "--name", "T", "--delayed-info", "D", "--phase", phase, "--output", str(tmp_path / "t"))
    assert list(tmp_path.iterdir()) == []


GOLDEN_FIN1 = Path(__file__).resolve().parents[2] / "data" / "bigdeal" / "wbg2024-fin1"


def test_deal_writes_the_organisers_files_through_the_formats_module(tmp_path):
    # FIN1.pbn / FIN1.goe as the WBG 2024 organiser's bigdealx wrote them (tests/data/bigdeal/README.md)
    pbn, goe = tmp_path / "FIN1.pbn", tmp_path / "FIN1.goe"
    run("deal", "--sqd", SQD, "--sqk", SQK, "--phase", "7", "--session", "1", "--format", "pbn", "--output", str(pbn))
    run(
        "deal", "--sqd", SQD, "--sqk", SQK, "--phase", "7", "--session", "1", "--format", "goedel", "--output", str(goe)
    )
    assert goe.read_bytes() == (GOLDEN_FIN1 / "FIN1.goe").read_bytes()
    ours = [line for line in pbn.read_text().splitlines() if not line.startswith("[Generator")]
    theirs = [line for line in (GOLDEN_FIN1 / "FIN1.pbn").read_text().splitlines() if not line.startswith("[Generator")]
    assert ours == theirs
    with pytest.raises(CommandError, match="already exists"):
        run(
            "deal",
            "--sqd",
            SQD,
            "--sqk",
            SQK,
            "--phase",
            "7",
            "--session",
            "1",
            "--format",
            "pbn",
            "--output",
            str(pbn),
        )

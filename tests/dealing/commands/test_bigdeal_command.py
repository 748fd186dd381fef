"""``manage.py bigdeal`` replays bigdealx calls: its files equal the real program's byte for byte
(tests/data/bigdeal, made by the real bigdealx; PBN apart from the [Generator] line)."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from dealing.domain import bigdeal
from dealing.domain.formats.pbn import read_pbn
from dealing.management.commands.bigdeal import Command, read_bigdealrc

REPO = Path(__file__).resolve().parents[3]
GOLDEN = REPO / "tests" / "data" / "bigdeal"
WBG = settings.SHARED_DATA_DIR / "data" / "events" / "squaredeal-wbg2024"
ALL_A = "pbn,dup,dlm,bri,dge,ber,borel,lin,csv,kops"
ALL_B = "cds,goedel,stats,dupblind,dlmblind"

# directory, bigdealx arguments (without -p/-f), [(prefix, formats)] — as in tests/data/bigdeal/README.md
RUNS = [
    (
        "wizard32",
        ["-W", "Test Club Owner", "-e", "entropy one", "-e", "entropy two", "-n", "32"],
        [("wizard32", ALL_A), ("wizard32blind", ALL_B)],
    ),
    (
        "range17",
        ["-h", "0123456789abcdefFEDCBA9876543210DeadBeef", "-n", "17-32"],
        [("range17", ALL_A), ("range17blind", ALL_B)],
    ),
    ("three", ["-o", "-e", "abc", "-n", "3"], [("three", ALL_A), ("threeblind", ALL_B)]),
    ("efile", ["-e", "before", "-E", "entropy.bin", "-e", "after", "-o", "-n", "5"], [("efile", "pbn,goedel,dup,dlm")]),
    ("big", ["-W", "Big Run", "-e", "one thousand", "-n", "1000"], [("big", "stats,goedel,csv,dup,dlm")]),
    ("edge", ["-h", "F" * 40, "-n", "90-99"], [("edge", "dup,dlm,pbn,cds,kops,borel")]),
]
CASES = [(directory, args, prefix, formats) for directory, args, groups in RUNS for prefix, formats in groups]


def _prepare(tmp_path: Path, monkeypatch, directory: str) -> None:
    shutil.copy(GOLDEN / directory / "bigdealrc", tmp_path / ".bigdealrc")
    if (GOLDEN / directory / "entropy.bin").exists():
        shutil.copy(GOLDEN / directory / "entropy.bin", tmp_path / "entropy.bin")
    monkeypatch.chdir(tmp_path)


def _without_generator(data: bytes) -> list[bytes]:
    return [line for line in data.split(b"\n") if not line.startswith(b"[Generator ")]


@pytest.mark.parametrize(("directory", "args", "prefix", "formats"), CASES, ids=[c[2] for c in CASES])
def test_files_equal_the_real_bigdealx_files(directory, args, prefix, formats, tmp_path, monkeypatch, capsys):
    _prepare(tmp_path, monkeypatch, directory)
    call_command("bigdeal", *args, "-p", prefix, "-f", formats)
    expected = sorted(p.name for p in (GOLDEN / directory).iterdir() if p.name.startswith(prefix + "."))
    written = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(prefix + "."))
    assert written == expected  # e.g. "big": dup and dlm are skipped above board 99, as bigdealx does
    for name in expected:
        ours, theirs = (tmp_path / name).read_bytes(), (GOLDEN / directory / name).read_bytes()
        if name.endswith(".pbn"):
            assert _without_generator(ours) == _without_generator(theirs), name
            assert b'[Generator "Big Deal version 2.0"]' not in ours
        else:
            assert ours == theirs, name
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".") and p.name != ".bigdealrc"]  # no temp files


def test_skipped_formats_are_reported(tmp_path, monkeypatch, capsys):
    _prepare(tmp_path, monkeypatch, "big")
    call_command("bigdeal", "-W", "Big Run", "-e", "one thousand", "-n", "100", "-p", "x", "-f", "dup,dlm,pbn")
    err = capsys.readouterr().err
    assert "Format dup supports 99 as high board, skipping" in err
    assert "Format dlm supports 99 as high board, skipping" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [".bigdealrc", "x.pbn"]


def test_replays_the_world_bridge_games_2024_finals(tmp_path, monkeypatch):
    """SquareDeal's call for WBG 2024 Finals session 1, replayed: the organiser's FIN1 files."""
    key = next(
        line.split(":", 1)[1].strip()
        for line in (WBG / "WBG2024.sqk").read_text().splitlines()
        if line.startswith("7,1:")
    )
    entropy = key[30:] + base64.b64encode(b"43275.91").decode() + "original"
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-W", key[:30], "-e", entropy, "-n", "1-16", "-p", "FIN1", "-f", "pbn,goedel")
    real = GOLDEN / "wbg2024-fin1"
    assert (tmp_path / "FIN1.goe").read_bytes() == (real / "FIN1.goe").read_bytes()
    assert _without_generator((tmp_path / "FIN1.pbn").read_bytes()) == _without_generator(
        (real / "FIN1.pbn").read_bytes()
    )


def test_formats_and_owner_come_from_bigdealrc(tmp_path, monkeypatch):
    (tmp_path / ".bigdealrc").write_text("[BigDeal]\nformats=lin,csv\naskformats=no\nowner=Our Club\n")
    monkeypatch.chdir(tmp_path)
    seed = "AB" * 20
    call_command("bigdeal", "-h", seed, "-n", "4", "-p", "club")
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["club.csv", "club.lin"]
    expected = bigdeal.bigdeal_deals(bytes.fromhex(seed), bigdeal.owner_hash("Our Club"), 1, 4)
    from dealing.domain.formats import read_deals

    assert read_deals("csv", (tmp_path / "club.csv").read_bytes()) == expected


def test_without_bigdealrc_the_default_owner_and_formats(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-h", "CD" * 20, "-n", "2", "-p", "plain")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.dup", "plain.pbn"]  # bigdealx's dup,pbn
    expected = bigdeal.bigdeal_deals(bytes.fromhex("CD" * 20), bigdeal.owner_hash(bigdeal.DEFAULT_OWNER), 1, 2)
    assert read_pbn((tmp_path / "plain.pbn").read_bytes()).boards() == expected


def test_wizard_owner_wins_over_bigdealrc(tmp_path, monkeypatch):
    (tmp_path / ".bigdealrc").write_text("owner=File Owner\n")
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-W", "Wizard", "-e", "x", "-n", "1", "-p", "w", "-f", "pbn")
    expected = bigdeal.bigdeal_deals(bigdeal.seed_random_from_entropy(["x"]), bigdeal.owner_hash("Wizard"), 1, 1)
    assert read_pbn((tmp_path / "w.pbn").read_bytes()).boards() == expected


def test_fresh_entropy_from_secrets_without_seed_options(tmp_path, monkeypatch):
    """No -h, -o, -W: 40 bytes from secrets are added after the -e strings, as bigdealx adds
    40 bytes of /dev/urandom; the deals are those of RIPEMD-160(entropy ‖ those bytes)."""
    calls = []

    def fake_token_bytes(n):
        calls.append(n)
        return bytes(range(n))

    monkeypatch.setattr("dealing.management.commands.bigdeal.secrets.token_bytes", fake_token_bytes)
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-e", "typed", "-n", "3", "-p", "fresh", "-f", "pbn")
    assert calls == [40]
    seed = bigdeal.seed_random_from_entropy([b"typed", bytes(range(40))])
    expected = bigdeal.bigdeal_deals(seed, bigdeal.owner_hash(bigdeal.DEFAULT_OWNER), 1, 3)
    assert read_pbn((tmp_path / "fresh.pbn").read_bytes()).boards() == expected


@pytest.mark.parametrize("option", [["-o"], ["-W", "owner"], ["-h", "00" * 20]])
def test_no_fresh_entropy_with_o_w_or_h(option, tmp_path, monkeypatch):
    monkeypatch.setattr(
        "dealing.management.commands.bigdeal.secrets.token_bytes", lambda n: pytest.fail("secrets must not be used")
    )
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", *option, "-e", "x", "-n", "1", "-p", "p", "-f", "pbn")


def test_two_fresh_runs_deal_differently(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-n", "4", "-p", "one", "-f", "pbn")
    call_command("bigdeal", "-n", "4", "-p", "two", "-f", "pbn")
    one, two = (read_pbn((tmp_path / f"{p}.pbn").read_bytes()).boards() for p in ("one", "two"))
    assert len(one) == len(two) == 4 and one != two


def test_stdout_format(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-h", "12" * 20, "-n", "2", "-p", "s", "-f", "stdout")
    out = capsys.readouterr().out
    assert read_pbn(out).boards() == bigdeal.bigdeal_deals(
        bytes.fromhex("12" * 20), bigdeal.owner_hash(bigdeal.DEFAULT_OWNER), 1, 2
    )
    assert list(tmp_path.iterdir()) == []


def test_h_is_the_seed_and_help_stays():
    parser = Command().create_parser("manage.py", "bigdeal")
    options = parser.parse_args(["-h", "ab" * 20, "-n", "3"])
    assert options.seed == "ab" * 20 and options.boards == "3"
    text = parser.format_help()
    assert "-h HEX40" in text and "--help" in text


def test_entropy_options_keep_command_line_order():
    parser = Command().create_parser("manage.py", "bigdeal")
    options = parser.parse_args(["-e", "a", "-E", "f", "-e", "b"])
    assert options.entropy == [("-e", "a"), ("-E", "f"), ("-e", "b")]


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "0", "-p", "x"], "-n 0: deal at least one board"),
        (["-n", "32-17", "-p", "x"], "-n 32-17: the range runs backwards (32 > 17)"),
        (["-n", "17-", "-p", "x"], "-n '17-': expected a number of boards like 32 or a range like 17-32"),
        (["-n", "abc", "-p", "x"], "-n 'abc': expected a number of boards"),
        (["-n", "9" * 5000, "-p", "x"], "': expected a number of boards like 32"),  # (int() refuses 5,000 digits)
        (["-n", "1-" + "9" * 5000, "-p", "x"], "': expected a number of boards like 32"),
        (["-n", "0-5", "-p", "x"], "-n 0-5: board numbers start at 1"),
        (["-n", "1000000001", "-p", "x"], "bigdealx deals at most 1,000,000,000 boards"),
        (["-p", "x"], "give the boards with -n"),
        (["-n", "3"], "give the output file prefix with -p"),
        (["-n", "3", "-p", "a/b"], "no '/' or space"),
        (["-n", "3", "-p", "x", "-f", "pbn,nope"], "unknown format 'nope'; known formats: dup, dupblind, dlm"),
        (["-n", "3", "-p", "x", "-f", "dup,dupblind"], "cannot use dupblind: dup already writes to suffix .dup"),
        (["-n", "3", "-p", "x", "-h", "abc"], "-h: a BigDeal seed is exactly 40 hex digits, not 3"),
        (["-n", "3", "-p", "x", "-h", "g" * 40], "-h: a BigDeal seed is hex digits only; 'g' is not one"),
        (["-n", "3", "-p", "x", "-E", "missing.bin"], "-E missing.bin: cannot read the entropy file"),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CommandError) as info:
        call_command("bigdeal", *args)
    assert message in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_a_failure_half_way_leaves_no_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def broken(*args, **kwargs):
        yield from bigdeal.bigdeal_deals(bytes(20), bigdeal.owner_hash("x"), 1, 2)
        from dealing.domain.errors import DealingError

        raise DealingError("disk on fire")

    monkeypatch.setattr("dealing.management.commands.bigdeal._deals", broken)
    with pytest.raises(CommandError, match="disk on fire"):
        call_command("bigdeal", "-h", "00" * 20, "-n", "5", "-p", "half", "-f", "pbn,dup,dlm")
    assert list(tmp_path.iterdir()) == []


# --- .bigdealrc as bigdealx reads it ---------------------------------------------------------


def test_bigdealrc_reading(tmp_path):
    path = tmp_path / ".bigdealrc"
    path.write_bytes(b"[BigDeal]\nformats=pbn\nnonsense line\nowner=Club \xe9\r\n[Other]\nowner=ignored\n")
    assert read_bigdealrc(path) == {"formats": "pbn", "owner": "Club \xe9\r"}  # only \n is removed, as fgets
    assert read_bigdealrc(tmp_path / "missing") == {}
    path.write_bytes(b"owner=" + b"x" * 150 + b"\n")  # fgets reads 119 bytes at a time
    assert read_bigdealrc(path) == {"owner": "x" * 113}


@pytest.mark.parametrize("threads", ["1", "2"])
@pytest.mark.parametrize(("directory", "args", "prefix", "formats"), CASES, ids=[c[2] for c in CASES])
def test_large_runs_take_the_bulk_path_with_the_same_files(
    directory, args, prefix, formats, threads, tmp_path, monkeypatch
):
    """Above PURE_PYTHON_LIMIT boards the command deals through bigdeal_chunks and writes through
    the bulk writers (formats/bulk.py), dealing on a second thread by default: the same bytes."""
    monkeypatch.setattr("dealing.management.commands.bigdeal.PURE_PYTHON_LIMIT", 0)
    monkeypatch.setattr("dealing.domain.bigdeal.bigdeal_deals", None)  # the reference path is not taken
    _prepare(tmp_path, monkeypatch, directory)
    call_command("bigdeal", *args, "-p", prefix, "-f", formats, "--threads", threads)
    expected = sorted(p.name for p in (GOLDEN / directory).iterdir() if p.name.startswith(prefix + "."))
    for name in expected:
        ours, theirs = (tmp_path / name).read_bytes(), (GOLDEN / directory / name).read_bytes()
        assert (_without_generator(ours) == _without_generator(theirs)) if name.endswith(".pbn") else ours == theirs


@pytest.mark.slow
def test_threads_write_the_same_files(tmp_path, monkeypatch):
    """140,000 boards: more than two of the engine's chunks, dealt on three threads or on one."""
    files = {}
    for threads in ("1", "3"):
        (tmp_path / threads).mkdir()
        monkeypatch.chdir(tmp_path / threads)
        call_command(
            "bigdeal",
            "-W",
            "Threads",
            "-e",
            "same files",
            "-n",
            "140000",
            "-p",
            "t",
            "-f",
            "pbn,goedel,stats,kops",
            "--threads",
            threads,
        )
        files[threads] = {p.name: p.read_bytes() for p in (tmp_path / threads).iterdir()}
    assert sorted(files["1"]) == ["t.goe", "t.pbn", "t.rzd", "t.txt"]
    assert files["1"] == files["3"]


def test_bulk_path_on_standard_output(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("dealing.management.commands.bigdeal.PURE_PYTHON_LIMIT", 0)
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-h", "12" * 20, "-n", "40", "-p", "s", "-f", "stdout,goedel")
    out = capsys.readouterr().out
    assert read_pbn(out).boards() == bigdeal.bigdeal_deals(
        bytes.fromhex("12" * 20), bigdeal.owner_hash(bigdeal.DEFAULT_OWNER), 1, 40
    )
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == ["s.goe"]


def test_a_bulk_run_that_fails_half_way_leaves_no_files(tmp_path, monkeypatch):
    monkeypatch.setattr("dealing.management.commands.bigdeal.PURE_PYTHON_LIMIT", 0)
    monkeypatch.chdir(tmp_path)
    real = bigdeal.bigdeal_chunks

    def broken(*args, **kwargs):
        yield next(real(*args, **kwargs, chunk=3))
        from dealing.domain.errors import DealingError

        raise DealingError("disk on fire")

    monkeypatch.setattr("dealing.domain.bigdeal.bigdeal_chunks", broken)
    with pytest.raises(CommandError, match="disk on fire"):
        call_command("bigdeal", "-h", "00" * 20, "-n", "10", "-p", "half", "-f", "pbn,dup,dlm")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("threads", ["two", "²", "9" * 5000])  # ("²".isdigit(); int() refuses it and 5,000 digits)
def test_threads_must_be_a_number(tmp_path, monkeypatch, threads):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CommandError, match="--threads .*expected a whole number"):
        call_command("bigdeal", "-h", "00" * 20, "-n", "2", "-p", "x", "-f", "pbn", "--threads", threads)
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_directory_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("dealing.management.commands.bigdeal.tempfile.mkstemp", refuse)
    with pytest.raises(CommandError, match="cannot write the files in .*: Permission denied"):
        call_command("bigdeal", "-h", "00" * 20, "-n", "2", "-p", "x", "-f", "pbn")


def test_nothing_to_write_when_every_format_is_skipped(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    call_command("bigdeal", "-h", "00" * 20, "-n", "95-105", "-p", "x", "-f", "dup,dlm")
    assert "nothing written" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []

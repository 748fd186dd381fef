"""manage.py generate_deals: streams our dealer's sets in every format; bad input is refused."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from bridge.cards import Deal
from dealing.domain import generator
from dealing.domain.numbering import number_to_deal

ROOT = Path(__file__).resolve().parents[3]
KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


def run(*args):
    out = io.StringIO()
    call_command("generate_deals", *args, stdout=out)
    return out.getvalue()


def test_deals_format_matches_the_reference():
    lines = run("--key", KEY, "--label", "test", "--count", "5", "--start", "1022", "--format", "deals").splitlines()
    assert lines == [generator.deal(bytes.fromhex(KEY), "test", i).to_pbn() for i in range(1022, 1027)]


def test_numbers_csv_and_pbn():
    key = bytes.fromhex(KEY)
    numbers = run("--key", KEY, "--label", "L", "--count", "3", "--format", "numbers").split()
    assert [int(n) for n in numbers] == [generator.deal_number(key, "L", i) for i in range(3)]
    csv = run("--key", KEY, "--label", "L", "--count", "3", "--format", "csv").splitlines()
    assert (
        csv[0] == "index,board,number,deal" and csv[2] == f"1,2,{numbers[1]},{number_to_deal(int(numbers[1])).to_pbn()}"
    )
    pbn = run("--key", KEY, "--label", "L", "--count", "20", "--format", "pbn")
    assert pbn.startswith("% PBN 2.1\n") and pbn.count("[Board ") == 20
    assert '[Board "20"]\n[Dealer "W"]\n[Vulnerable "All"]\n' in pbn
    deals = [Deal.from_pbn(line.split('"')[1]) for line in pbn.splitlines() if line.startswith("[Deal ")]
    assert deals == [generator.deal(key, "L", i) for i in range(20)]


def test_binary_to_a_file(tmp_path):
    target = tmp_path / "set.bin"
    run("--key", KEY, "--count", "1000", "--format", "binary", "--output", str(target))
    data = target.read_bytes()
    assert len(data) == 12000
    assert int.from_bytes(data[12 * 999 :], "big") == generator.deal_number(bytes.fromhex(KEY), "", 999)
    assert [p.name for p in tmp_path.iterdir()] == ["set.bin"]  # no temporary file left behind


@pytest.mark.parametrize("fmt", ["pbn", "deals", "csv", "binary"])
def test_threads_write_the_same_file(fmt, tmp_path):
    files = []
    for threads in ("1", "3"):
        target = tmp_path / f"{threads}.{fmt}"
        run(
            "--key",
            KEY,
            "--count",
            "70000",
            "--start",
            "5",
            "--format",
            fmt,
            "--output",
            str(target),
            "--threads",
            threads,
        )
        files.append(target.read_bytes())
    assert files[0] == files[1]


def test_new_key_is_reported_on_stderr():
    out, err = io.StringIO(), io.StringIO()
    call_command("generate_deals", "--new-key", "--count", "1", "--format", "numbers", stdout=out, stderr=err)
    key = bytes.fromhex(err.getvalue().split("key: ")[1].strip())
    assert int(out.getvalue()) == generator.deal_number(key, "", 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--key", "abc", "--count", "1"), "64 hex digits"),
        (("--key", "zz" * 32, "--count", "1"), "hex digits only"),
        (("--key", KEY, "--count", "ten"), "--count must be a whole number"),
        (("--key", KEY, "--count", "-3"), "0 or more"),
        (("--key", KEY, "--count", "1", "--format", "docx"), "unknown format 'docx'"),
        (("--key", KEY, "--count", "2", "--start", str(2**63 - 1)), "beyond the last deal index"),
        (("--key", KEY, "--count", "1", "--output", "/nonexistent/dir/x"), "does not exist"),
    ],
)
def test_bad_input_is_refused(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


@pytest.mark.slow
def test_streams_to_stdout_as_a_user_runs_it():
    done = subprocess.run(
        [sys.executable, "manage.py", "generate_deals", "--key", KEY, "--count", "3000", "--format", "binary"],
        capture_output=True,
        cwd=ROOT,
    )
    assert done.returncode == 0 and len(done.stdout) == 36000
    bad = subprocess.run(
        [sys.executable, "manage.py", "generate_deals", "--key", KEY, "--count", "1", "--format", "xml"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert bad.returncode != 0 and "unknown format" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_a_reader_that_stops_early_gets_no_traceback():
    done = subprocess.run(
        f"{sys.executable} manage.py generate_deals --key {KEY} --count 2000000 --format deals | head -1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.stdout.startswith("N:") and done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "Broken pipe" not in done.stderr

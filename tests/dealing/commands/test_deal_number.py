"""manage.py deal_number: numbers ↔ PBN deals, single values and stdin batches, clear errors."""

import io

import pytest
from django.core.management import CommandError, call_command

from dealing.domain import bigdeal, numbering


def run(*args, stdin=None, monkeypatch=None):
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    call_command("deal_number", *args, stdout=out)
    return out.getvalue()


def test_to_deal_prints_north_first():
    assert run("--to-deal", "0") == "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\n"


def test_from_deal_accepts_any_first_seat():
    deal = numbering.number_to_deal(123456789012345678901234567)
    east_first = deal.to_pbn(first=deal.owners[0].__class__.EAST)
    assert run("--from-deal", east_first) == "123456789012345678901234567\n"


def test_bigdeal_numbering_option():
    assert run("--to-deal", "12345678901234567890123456789", "--numbering", "bigdeal").startswith("N:A5.AK.AKQ5.AKQ93 ")
    assert run("--from-deal", bigdeal.godel_to_deal(99).to_pbn(), "--numbering", "bigdeal") == "99\n"


def test_stdin_batches_one_result_per_line(monkeypatch):
    numbers = [0, 1, numbering.D - 1, 987654321]
    deals = run("--to-deal", "-", stdin="\n".join(map(str, numbers)) + "\n\n", monkeypatch=monkeypatch).splitlines()
    assert deals == [numbering.number_to_deal(n).to_pbn() for n in numbers]
    back = run("--from-deal", "-", stdin="\n".join(deals), monkeypatch=monkeypatch).splitlines()
    assert back == [str(n) for n in numbers]


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("--to-deal", "12x"), None, "not a deal number"),
        (("--to-deal", str(numbering.D)), None, "must be 0"),
        (("--to-deal", "-"), "5\n7\nseven\n", "line 3: 'seven' is not a deal number"),
        (
            ("--from-deal", "-"),
            "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\nN:AK\n",
            "line 2: ",
        ),
        (("--from-deal", "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.543A"), None, "hand"),
    ],
)
def test_bad_input_is_a_clear_error(args, stdin, message, monkeypatch):
    with pytest.raises(CommandError, match=message):
        run(*args, stdin=stdin, monkeypatch=monkeypatch)


@pytest.mark.slow
def test_as_a_user_runs_it(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, "manage.py", "deal_number", "--to-deal", "-"],
        input="1\nbad\n",
        capture_output=True,
        text=True,
        cwd=root,
    )
    assert done.returncode != 0
    assert "line 2" in done.stderr and "Traceback" not in done.stderr

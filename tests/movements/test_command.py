"""``manage.py movement``: the JSON shapes of issue 5, the PDF, and the explanations of bad input."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> dict:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return json.loads(out.getvalue())


def test_json_shape_for_the_seed():
    data = run("--pairs", "8", "--format", "json")
    assert list(data) == ["pairs", "tables", "rounds", "board_sets", "phantom", "rounds_data", "relays", "balance"]
    assert (data["pairs"], data["tables"], data["rounds"], data["board_sets"], data["phantom"]) == (8, 4, 7, 7, None)
    assert data["rounds_data"][0][0] == {"table": 1, "ns": 8, "ew": 1, "board_set": 1}
    assert data["relays"][0] == [
        {"relay": "R1", "board_set": 2},
        {"relay": "R2", "board_set": 3},
        {"relay": "R3", "board_set": 5},
    ]
    assert data["balance"] == {"min": 3, "max": 3, "mean": 3.0, "ideal": 3.0, "std": 0.0}


def test_odd_field_names_its_phantom():
    data = run("--pairs", "13", "--format", "json")
    assert data["phantom"] == 14 and data["rounds"] == 13
    assert all(any(14 in (t["ns"], t["ew"]) for t in rnd) for rnd in data["rounds_data"])


def test_half_sets_list_two_sets_per_table():
    data = run("--pairs", "14", "--half-sets", "--format", "json")
    assert data["board_sets"] == 26
    assert all(len(t["board_sets"]) == 2 and "board_set" not in t for rnd in data["rounds_data"] for t in rnd)


def test_cards_json_shape():
    data = run("--pairs", "8", "--format", "cards-json")
    assert list(data) == ["pair_cards", "board_cards"]
    assert data["pair_cards"]["1"][:2] == [[1, 1, "EW"], [2, 3, "EW"]]
    assert data["board_cards"]["5"][0] == [1, "R3"] and data["board_cards"]["1"][0] == [1, 1]


def test_partial_and_mitchell_from_the_command():
    partial = run("--pairs", "12", "--rounds", "9", "--format", "json")
    assert partial["rounds"] == 9 and partial["board_sets"] == 9
    mitchell = run("--pairs", "16", "--kind", "mitchell", "--variant", "skip", "--format", "json")
    assert mitchell["tables"] == 8 and mitchell["rounds"] == 7


@pytest.mark.slow
def test_pdf_written(tmp_path):
    out = tmp_path / "cards.pdf"
    call_command(
        "movement",
        "--pairs",
        "8",
        "--boards-per-round",
        "3",
        "--format",
        "pdf",
        "--output",
        str(out),
        stderr=StringIO(),
    )
    assert out.read_bytes()[:5] == b"%PDF-"


@pytest.mark.slow
def test_pdf_in_polish(tmp_path):
    out = tmp_path / "karty.pdf"
    call_command(
        "movement",
        "--pairs",
        "8",
        "--format",
        "pdf",
        "--language",
        "pl",
        "--sections",
        "tables",
        "--output",
        str(out),
        stderr=StringIO(),
    )
    import subprocess

    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "Stół 1" in text and "Howell dla 8 par, 4 stoły" in text and "Table 1" not in text
    with pytest.raises(CommandError) as exc:
        call_command("movement", "--pairs", "8", "--format", "pdf", "--language", "de", "--output", str(out))
    assert "--language must be one of en, pl" in str(exc.value)


@pytest.mark.slow
def test_pdf_of_one_section(tmp_path):
    out = tmp_path / "tables.pdf"
    call_command(
        "movement", "--pairs", "8", "--format", "pdf", "--sections", "tables", "--output", str(out), stderr=StringIO()
    )
    assert out.read_bytes()[:5] == b"%PDF-"
    with pytest.raises(CommandError) as exc:
        call_command("movement", "--pairs", "8", "--format", "pdf", "--sections", "menus", "--output", str(out))
    assert "unknown card section 'menus'" in str(exc.value)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--pairs", "2"], "at least 4 pairs"),
        (["--pairs", "8", "--rounds", "9"], "at most 7 rounds"),
        (["--pairs", "8", "--boards-per-round", "0"], "at least 1"),
        (["--pairs", "10", "--half-sets", "--boards-per-round", "3"], "must be even"),
        (["--pairs", "8", "--half-sets"], "half-sets are for"),
        (["--pairs", "8", "--kind", "swiss"], "howell or mitchell"),
        (["--pairs", "70"], "4 to 64 pairs"),
        (["--pairs", "8", "--format", "xml"], "json, cards-json or pdf"),
        (["--pairs", "8", "--format", "pdf"], "--output"),
    ],
)
def test_bad_input_explains_what_is_possible(args, words):
    with pytest.raises(CommandError) as exc:
        call_command("movement", *args, stdout=StringIO())
    assert words in str(exc.value)

"""tools/verify_commitment.py: standalone (stdlib only), agrees with the product, catches one-byte changes.

The tool runs as a separate process under the system's ``python3`` in isolated mode from an
empty directory, so it cannot import the site's packages even by accident.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealing.domain.commitment import CommitmentRecord, RevealedCommitment, SessionEntry
from dealing.domain.numbering import number_to_deal

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / "tools" / "verify_commitment.py"
VECTORS = json.loads((REPO / "tests" / "data" / "commitments" / "vectors.json").read_text())
PYTHON = shutil.which("python3") or sys.executable


def run_tool(tmp_path, *args):
    result = subprocess.run(
        [PYTHON, "-I", str(TOOL), *map(str, args)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    return result.returncode, result.stdout, result.stderr


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def pbn(deals: dict[int, str]) -> str:
    return "% PBN 2.1\n" + "".join(f'[Event "x"]\n[Board "{b}"]\n[Deal "{d}"]\n\n' for b, d in deals.items())


@pytest.fixture
def commitment(tmp_path):
    record = CommitmentRecord(
        event="Verifier test",
        promise="DJIA close on 2026-11-20",
        dv_format="decimal:2",
        salt=bytes(range(16)),
        sessions=(SessionEntry("club/a", 5), SessionEntry("club/b", 3)),
        key=bytes(range(100, 132)),
    )
    revealed = RevealedCommitment(record, "43275.91")
    published = write(tmp_path / "published.json", record.published().to_json())
    revealed_path = write(tmp_path / "revealed.json", revealed.to_json())
    deals = {
        label: {b: number_to_deal(n).to_pbn() for b, n in enumerate(ns, 1)}
        for label, ns in revealed.deal_numbers().items()
    }
    (tmp_path / "a.pbn").write_text(pbn(deals["club/a"]))
    return published, revealed_path, deals


def test_the_tool_imports_only_the_standard_library():
    tree = ast.parse(TOOL.read_text())
    modules = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    modules |= {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module != "__future__"
    }
    assert modules and modules <= set(sys.stdlib_module_names), modules - set(sys.stdlib_module_names)


@pytest.mark.slow  # runs the tool as a subprocess
@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: v["event"][:20])
def test_the_tool_reproduces_the_golden_vectors(tmp_path, vector):
    published = {k: v for k, v in vector.items() if k not in ("dv", "key", "dealing_key", "canonical_text", "boards")}
    files = []
    for label, boards in vector["boards"].items():
        path = tmp_path / f"{label.replace('/', '_')}.pbn"
        path.write_text(pbn({b["board"]: b["deal"] for b in boards}))
        files += ["--deals", f"{label}={path}"]
    code, out, err = run_tool(
        tmp_path, write(tmp_path / "p.json", published), write(tmp_path / "r.json", vector), *files
    )
    assert code == 0, err
    assert f"= {vector['commitment']} = the published commitment" in out
    assert vector["dealing_key"] in out
    assert out.count("equal the committed deals") == len(vector["boards"])


@pytest.mark.slow  # runs the tool as a subprocess
def test_the_tool_passes_an_honest_commitment_and_says_what_it_checked(tmp_path, commitment):
    published, revealed, deals = commitment
    code, out, err = run_tool(tmp_path, published, revealed, "--deals", f"club/a={tmp_path / 'a.pbn'}")
    assert code == 0, err
    assert "ok  SHA-256 of the record with the revealed key" in out
    assert "ok  delayed value '43275.91' has the promised format decimal:2" in out
    assert f"board 1 {deals['club/b'][1]}" in out
    assert "all 5 boards in the hand record equal the committed deals of club/a" in out
    assert out.rstrip().endswith("All checks passed.")


def _flip_hex(text: str, position: int = 10) -> str:
    return text[:position] + ("1" if text[position] != "1" else "2") + text[position + 1 :]


@pytest.mark.slow  # runs the tool as a subprocess
@pytest.mark.parametrize(
    "what, change, message",
    [
        ("key", lambda d: d.update(key=_flip_hex(d["key"])), "commitment hash mismatch"),
        ("dv", lambda d: d.update(dv="43275.92"), "dealing_key"),
        (
            "dv without dealing key",
            lambda d: (d.update(dv="43275.92"), d.pop("dealing_key")),
            "board 1 of club/a differs",
        ),
        ("dv format", lambda d: d.update(dv="43275.9"), "not a canonical decimal:2 value"),
        ("label", lambda d: d["sessions"][1].update(label="club/c"), "changes the published one"),
        ("boards", lambda d: d["sessions"][0].update(boards=6), "changes the published one"),
        ("salt", lambda d: d.update(salt=_flip_hex(d["salt"])), "changes the published one"),
    ],
)
def test_the_tool_catches_a_change_in_the_revealed_record(tmp_path, commitment, what, change, message):
    published, revealed, _ = commitment
    data = json.loads(revealed.read_text())
    change(data)
    write(revealed, data)
    code, out, err = run_tool(tmp_path, published, revealed, "--deals", f"club/a={tmp_path / 'a.pbn'}")
    assert code == 1, (what, out, err)
    assert message in err and err.startswith("FAILED: ")
    assert "All checks passed" not in out


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_label_changed_in_both_files_breaks_the_hash(tmp_path, commitment):
    published, revealed, _ = commitment
    for path in (published, revealed):
        data = json.loads(path.read_text())
        data["sessions"][1]["label"] = "club/x"
        write(path, data)
    code, _, err = run_tool(tmp_path, published, revealed)
    assert code == 1 and "commitment hash mismatch" in err


@pytest.mark.slow  # runs the tool as a subprocess
def test_the_tool_catches_one_changed_card_in_the_hand_record(tmp_path, commitment):
    published, revealed, deals = commitment
    board3 = deals["club/a"][3]
    north, east = board3[2:].split()[:2]
    # swap one spade between North and East when both have one; otherwise swap their first hands' hearts
    n_s, e_s = north.split(".")[0], east.split(".")[0]
    assert n_s and e_s
    swapped_n = north.replace(n_s, n_s[:-1] + e_s[-1], 1)
    swapped_e = east.replace(e_s, e_s[:-1] + n_s[-1], 1)
    sorter = "AKQJT98765432"

    def tidy(hand):
        return ".".join("".join(sorted(suit, key=sorter.index)) for suit in hand.split("."))

    changed = board3.replace(north, tidy(swapped_n), 1).replace(east, tidy(swapped_e), 1)
    assert changed != board3
    (tmp_path / "a.pbn").write_text(pbn({**deals["club/a"], 3: changed}))
    code, _, err = run_tool(tmp_path, published, revealed, "--deals", f"club/a={tmp_path / 'a.pbn'}")
    assert code == 1
    assert f"board 3 of club/a differs from the commitment: the hand record has {changed}" in err


@pytest.mark.slow  # runs the tool as a subprocess
def test_the_tool_accepts_any_first_seat_in_pbn(tmp_path, commitment):
    from bridge.cards import Deal, Seat

    published, revealed, deals = commitment
    rotated = {b: Deal.from_pbn(d).to_pbn(Seat.WEST) for b, d in deals["club/b"].items()}
    (tmp_path / "b.pbn").write_text(pbn(rotated))
    code, out, err = run_tool(tmp_path, published, revealed, "--deals", f"club/b={tmp_path / 'b.pbn'}")
    assert code == 0, err


@pytest.mark.slow  # runs the tool as a subprocess
@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.json", "revealed.json"], "cannot read the published file missing.json"),
        (["revealed.json", "revealed.json", "--deals", "a.pbn"], "write LABEL=FILE"),
        (["published.json", "revealed.json", "--deals", "club/z=a.pbn"], "no session labelled 'club/z'"),
        (["published.json", "revealed.json", "--deals", "club/a=none.pbn"], "cannot read the hand record none.pbn"),
    ],
)
def test_the_tool_reports_bad_input_with_exit_code_2(tmp_path, commitment, args, message):
    code, _, err = run_tool(tmp_path, *args)
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.slow  # runs the tool as a subprocess
def test_a_published_file_that_is_not_json(tmp_path, commitment):
    (tmp_path / "published.json").write_text("KH 1234\n")
    code, _, err = run_tool(tmp_path, "published.json", "revealed.json")
    assert code == 2 and "is not JSON" in err

"""Double-dummy analysis against real analysis programs, on a handful of the dd-oracle deals
(the full 408-deal comparison is scripts/dd_oracle_check.py; see docs/analysis.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from bridge.cards import Seat, Strain, Vulnerability
from bridge.errors import BridgeError
from dealing.domain.analysis import (
    DoubleDummyTable,
    Par,
    ParContract,
    analyse,
    analyse_boards,
    double_dummy_table,
    par,
    parse_minimax,
    parse_optimum_score,
    set_solver_threads,
)
from dealing.domain.formats.pbn import read_pbn

REPO = Path(__file__).resolve().parents[3]
ORACLE = settings.SHARED_DATA_DIR / "data" / "events" / "dd-oracle"

# BCDD deals by position: 1 (both partners make 1S), 10 (only South makes 2NT), 107 (Deep
# Finesse names 4NT where DDS names 3NT+2, same score); BridgeComposer deals 4, 11, 12 (two
# par contracts each: a doubled sacrifice, two partscores, two slams).
BCDD_PICK = [0, 9, 106]
BC_PICK = [3, 10, 11]


@pytest.fixture(scope="module")
def oracle():
    bcdd = read_pbn((ORACLE / "bcdd-test1.bcdd.pbn").read_bytes()).games
    deep = read_pbn((ORACLE / "bcdd-test1.bigdeal.pbn").read_bytes()).games
    bc = read_pbn((ORACLE / "bridgecomposer-12deals-ddtricks-par.pbn").read_bytes()).games
    games = [bcdd[i] for i in BCDD_PICK] + [bc[i] for i in BC_PICK]
    analyses = analyse_boards([(g.deal, g.vulnerability, g.dealer) for g in games])
    return {
        "bcdd": [(bcdd[i], deep[i]) for i in BCDD_PICK],
        "bc": [bc[i] for i in BC_PICK],
        "games": games,
        "analyses": analyses,
    }


@pytest.mark.slow
def test_tables_match_bcdd_and_bridgecomposer(oracle):
    for game, analysis in zip(oracle["games"], oracle["analyses"]):
        assert analysis.table == game.double_dummy, f"board {game.board}"


@pytest.mark.slow
def test_par_scores_match(oracle):
    for game, analysis in zip(oracle["games"], oracle["analyses"]):
        assert analysis.par.score == game.optimum_score, f"board {game.board}"


def test_every_par_contract_scores_the_par_score_by_the_one_law_77_table(oracle):
    """The solver's par score is what each par contract scores under contract.score (one table)."""
    for game, analysis in zip(oracle["games"], oracle["analyses"]):
        for contract in analysis.par.contracts:
            assert contract.ns_score(game.vulnerability) == analysis.par.score, f"board {game.board} {contract}"


def test_par_contracts_match_bridgecomposer_exactly(oracle):
    """The same contracts and scores; BridgeComposer sorts a list by strain (6H before 6S),
    DDS writes it in its own order, so the lists are compared as sets."""
    ours = [set(a.par.par_contract_pbn().split("; ")) for a in oracle["analyses"][len(BCDD_PICK) :]]
    assert (
        ours
        == [set(g.value("ParContract").split("; ")) for g in oracle["bc"]]
        == [{"N 2NX-1", "N 3DX-1"}, {"NS 1N=", "NS 2D="}, {"EW 6H=", "EW 6S="}]
    )
    assert [a.par.optimum_score_pbn() for a in oracle["analyses"][len(BCDD_PICK) :]] == [
        g.value("OptimumScore") for g in oracle["bc"]
    ]


def test_minimax_naming_conventions(oracle):
    """BCDD and Deep Finesse write one contract and one declarer; DDS lists every par contract
    and writes "NS" when both partners make it."""
    analyses = oracle["analyses"][: len(BCDD_PICK)]
    (b1, d1), (b10, d10), (b107, d107) = oracle["bcdd"]
    assert analyses[0].par.par_contract_pbn() == "NS 1S+2"
    assert (b1.value("Minimax"), d1.value("Minimax")) == ("1SS140", "1SN140")  # each names one partner
    assert analyses[1].par.par_contract_pbn() == "S 2N="
    assert b10.value("Minimax") == d10.value("Minimax") == "2NS120"
    assert analyses[2].par.par_contract_pbn() == "S 3N+2"
    assert d107.value("Minimax") == "4NS460"  # 4NT+1 scores the same 460; DDS names the lowest level
    for (game, _), analysis in zip(oracle["bcdd"], analyses):
        contract, score = parse_minimax(game.value("Minimax"), game.vulnerability)
        assert score == analysis.par.score
        assert any(
            (c.level, c.strain, c.doubled) == (contract.level, contract.strain, contract.doubled)
            and contract.declarers[0] in c.declarers
            for c in analysis.par.contracts
        )


def test_solver_threads_setting():
    set_solver_threads(0)
    with pytest.raises(BridgeError, match="whole number"):
        set_solver_threads(-1)


@pytest.mark.slow
def test_single_solve_equals_batch(oracle):
    game = oracle["games"][0]
    assert double_dummy_table(game.deal) == oracle["analyses"][0].table
    assert analyse(game.deal, game.vulnerability, game.dealer) == oracle["analyses"][0]


def test_par_depends_on_vulnerability(oracle):
    """BridgeComposer deal 4: non-vulnerable North-South sacrifice at 2NTX−1 (−100); vulnerable,
    the same sacrifice costs 200, more than East-West's par, so it is no longer par."""
    table = oracle["analyses"][len(BCDD_PICK)].table
    none = par(table, Vulnerability.NONE, Seat.NORTH)
    both = par(table, Vulnerability.BOTH, Seat.NORTH)
    assert none.score == -100 and both.score != none.score


# --- conversions (no solver) ---------------------------------------------------------------


def test_double_dummy_tricks_order_is_n_s_e_w_by_nt_s_h_d_c():
    table = DoubleDummyTable.from_pbn_tricks("98A79989794536445364")
    assert table[Seat.NORTH, Strain.NOTRUMP] == 9 and table[Seat.NORTH, Strain.SPADES] == 8
    assert table[Seat.NORTH, Strain.HEARTS] == 10 and table[Seat.SOUTH, Strain.HEARTS] == 9
    assert table[Seat.EAST, Strain.CLUBS] == 4 and table[Seat.WEST, Strain.DIAMONDS] == 6
    assert table.to_pbn_tricks() == "98a79989794536445364"
    assert DoubleDummyTable.from_optimum_result_rows(table.optimum_result_rows()) == table
    assert DoubleDummyTable.from_ability(table.to_ability()) == table
    assert table.to_ability().startswith("N:98A79 E:45364 S:98979")


@pytest.mark.parametrize("text", ["98a7998979453644536", "98a79989794536445364x", "98a79989794536445e64"])
def test_bad_double_dummy_tricks(text):
    with pytest.raises(BridgeError, match="20 hex digits"):
        DoubleDummyTable.from_pbn_tricks(text)


def test_table_rows_must_be_complete_and_unique():
    rows = DoubleDummyTable.from_pbn_tricks("98a79989794536445364").optimum_result_rows()
    with pytest.raises(BridgeError, match="lacks W C"):
        DoubleDummyTable.from_optimum_result_rows(rows[:-1])
    with pytest.raises(BridgeError, match="N NT appears twice"):
        DoubleDummyTable.from_optimum_result_rows(rows + rows[:1])
    with pytest.raises(BridgeError, match="14 tricks"):
        DoubleDummyTable(((14, 0, 0, 0, 0),) + ((0,) * 5,) * 3)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NS 2C+2", ParContract.of(2, Strain.CLUBS, (Seat.NORTH, Seat.SOUTH), False, 10)),
        ("N 2NX-1", ParContract.of(2, Strain.NOTRUMP, (Seat.NORTH,), True, 7)),
        ("EW 6H=", ParContract.of(6, Strain.HEARTS, (Seat.EAST, Seat.WEST), False, 12)),
        ("ew 3nt+2", ParContract.of(3, Strain.NOTRUMP, (Seat.EAST, Seat.WEST), False, 11)),
    ],
)
def test_par_contract_spellings(text, expected):
    assert ParContract.from_pbn(text) == expected
    assert ParContract.from_pbn(expected.to_pbn()) == expected


@pytest.mark.parametrize("text", ["NS 8S=", "NE 4S=", "NS 4SXX=", "NS 7S+1", "4S="])
def test_bad_par_contracts(text):
    with pytest.raises(BridgeError):
        ParContract.from_pbn(text)


def test_optimum_score_sides():
    assert [parse_optimum_score(t) for t in ("NS 620", "EW 620", "NS -100", "EW -100", "620")] == [
        620,
        -620,
        -100,
        100,
        620,
    ]
    assert Par.from_pbn("EW 980", "EW 6H=; EW 6S=").optimum_score_pbn() == "EW 980"
    assert Par.from_pbn("NS 0", "Pass") == Par(0, ()) and Par(0, ()).par_contract_pbn() == "Pass"


@pytest.mark.parametrize(
    ("text", "vul", "contract", "score"),
    [
        ("1SS140", Vulnerability.NONE, "S 1S=", 140),
        ("3HDN-100", Vulnerability.NONE, "N 3HX-1", -100),
        ("7SDN-1400", Vulnerability.BOTH, "N 7SX-5", -1400),
        ("6HDW1100", Vulnerability.NS, "W 6HX-5", 1100),
        ("3NE-430", Vulnerability.NONE, "E 3N=", -430),
    ],
)
def test_minimax_tag(text, vul, contract, score):
    parsed, ns_score = parse_minimax(text, vul)
    assert (parsed.to_pbn(), ns_score) == (contract, score)


# --- the adapter boundary --------------------------------------------------------------------


def test_only_analysis_imports_endplay():
    """In the domain, analysis.py is the adapter: no other module imports the solver."""
    offenders = []
    for path in (REPO / "dealing" / "domain").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n.split(".")[0] == "endplay" for n in names):
                offenders.append(str(path.relative_to(REPO)))
    assert sorted(set(offenders)) == ["dealing/domain/analysis.py"]


def test_reading_pbn_does_not_load_the_solver():
    code = "import sys, dealing.domain.formats, dealing.domain.analysis; print('endplay' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

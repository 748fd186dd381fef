#!/usr/bin/env python
"""Check our double-dummy analysis (dealing.domain.analysis, DDS via endplay) against every real
analysis file in ../shared/data/events/dd-oracle/: 396 BCDD deals and 12 BridgeComposer deals.

For each deal it solves the trick table (batched) and computes par with DDS, then compares:

* trick tables with BCDD's OptimumResultTable and Ability, BigDeal/Deep Finesse's Ability,
  BridgeComposer's DoubleDummyTricks and OptimumResultTable (20 numbers each);
* par scores with BCDD's OptimumScore and Minimax, Deep Finesse's Minimax and
  BridgeComposer's OptimumScore;
* par contracts with BridgeComposer's ParContract and both Minimax tags, sorting every
  difference into a named class (see docs/analysis.md).

Usage:  .venv/bin/python scripts/dd_oracle_check.py [--data DIR]
Prints a summary (the text kept in docs/analysis.md) and exits 1 if a trick table or a par score
disagrees with any source.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge.cards import Strain  # noqa: E402
from dealing.domain.analysis import (  # noqa: E402
    DoubleDummyTable,
    ParContract,
    double_dummy_tables,
    par,
    parse_minimax,
)
from dealing.domain.formats.pbn import read_pbn  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "events" / "dd-oracle"


def _minimax_class(theirs: ParContract, ours: tuple[ParContract, ...]) -> str:
    """How a single Minimax contract relates to our list of par contracts."""
    for c in ours:
        same_bid = (c.level, c.strain, c.doubled) == (theirs.level, theirs.strain, theirs.doubled)
        if same_bid and theirs.declarers[0] in c.declarers:
            if len(c.declarers) == 2:
                return "same contract; they name one declarer where both partners make it"
            return "same contract and declarer"
    if any((c.level, c.strain, c.doubled) == (theirs.level, theirs.strain, theirs.doubled) for c in ours):
        return "same contract, other declarer (the other partner / the dealing side)"
    if any(c.side == theirs.declarers[0].side for c in ours):
        return "another contract of the same side with the same score (several par contracts; they name another)"
    return "contract of the other side"


def _bc_class(theirs: tuple[ParContract, ...], ours: tuple[ParContract, ...]) -> str:
    key = lambda c: (c.level, c.strain, c.declarers, c.doubled, c.tricks)  # noqa: E731
    if list(map(key, theirs)) == list(map(key, ours)):
        return "identical list"
    if sorted(map(key, theirs)) == sorted(map(key, ours)):
        return "the same contracts in another order (BridgeComposer sorts by strain)"
    if set(map(key, theirs)) < set(map(key, ours)):
        return "their list is a subset of ours"
    bids = lambda cs: sorted((c.level, c.strain, c.doubled, c.side) for c in cs)  # noqa: E731
    if bids(theirs) == bids(ours):
        return "same contracts, declarers named differently"
    return "different contracts"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    data = args.data

    bcdd = read_pbn((data / "bcdd-test1.bcdd.pbn").read_bytes()).games
    deep = read_pbn((data / "bcdd-test1.bigdeal.pbn").read_bytes()).games
    plain = read_pbn((data / "bcdd-test1.pbn").read_bytes()).games
    bc = read_pbn((data / "bridgecomposer-12deals-ddtricks-par.pbn").read_bytes()).games
    assert len(bcdd) == len(deep) == len(plain) == 396 and len(bc) == 12
    for a, b, c in zip(bcdd, deep, plain):
        assert a.deal == b.deal == c.deal and a.board == b.board == c.board, f"board {a.board}: files disagree"
    assert len({(g.board, g.deal.to_pbn()) for g in plain}) == 396, "a deal appears twice"

    # Board numbers repeat in the BCDD files (four sets of boards 1-99): pair games by position.
    games = [("BCDD", g) for g in bcdd] + [("BridgeComposer", g) for g in bc]
    deep_of = {id(g): d for g, d in zip(bcdd, deep)}
    started = time.perf_counter()
    tables = double_dummy_tables([g.deal for _, g in games])
    solve_seconds = time.perf_counter() - started
    started = time.perf_counter()
    pars = [par(t, g.vulnerability, g.dealer) for t, (_, g) in zip(tables, games)]
    par_seconds = time.perf_counter() - started

    table_checks: Counter = Counter()
    table_fails: list[str] = []
    score_checks: Counter = Counter()
    score_fails: list[str] = []
    contract_classes: dict[str, Counter] = {
        "BCDD Minimax": Counter(),
        "Deep Finesse Minimax": Counter(),
        "BridgeComposer ParContract": Counter(),
    }
    examples: dict[tuple[str, str], str] = {}
    own_table_par = Counter()
    facts: Counter = Counter()

    def check_table(source: str, board: str, theirs: DoubleDummyTable | None, ours: DoubleDummyTable) -> None:
        if theirs is None:
            return
        key = f"{source}"
        table_checks[key, "deals"] += 1
        cells = sum(theirs[s, x] == ours[s, x] for s in range(4) for x in Strain)
        table_checks[key, "cells"] += cells
        if cells != 20:
            table_fails.append(f"{source} deal {board}: {20 - cells} of 20 tricks differ")
        else:
            table_checks[key, "agree"] += 1

    def check_score(source: str, board: str, theirs: int, ours: int) -> None:
        score_checks[source, "deals"] += 1
        if theirs == ours:
            score_checks[source, "agree"] += 1
        else:
            score_fails.append(f"{source} deal {board}: theirs {theirs}, ours {ours}")

    for index, ((program, game), table, ours) in enumerate(zip(games, tables, pars), start=1):
        board = f"{index} (board {game.board})" if program == "BCDD" else f"{game.board}"
        if program == "BCDD":
            deep_game = deep_of[id(game)]
            check_table("BCDD OptimumResultTable", board, game.optimum_result_table, table)
            check_table("BCDD Ability", board, DoubleDummyTable.from_ability(game.value("Ability")), table)
            check_table("Deep Finesse Ability", board, DoubleDummyTable.from_ability(deep_game.value("Ability")), table)
            check_score("BCDD OptimumScore", board, game.optimum_score, ours.score)
            for source, tag in (
                ("BCDD Minimax", game.value("Minimax")),
                ("Deep Finesse Minimax", deep_game.value("Minimax")),
            ):
                contract, score = parse_minimax(tag, game.vulnerability)
                check_score(source, board, score, ours.score)
                cls = _minimax_class(contract, ours.contracts)
                contract_classes[source][cls] += 1
                examples.setdefault((source, cls), f"deal {board}: {tag} vs ours {ours.par_contract_pbn()}")
            bcdd_contract, _ = parse_minimax(game.value("Minimax"), game.vulnerability)
            deep_contract, _ = parse_minimax(deep_game.value("Minimax"), game.vulnerability)
            facts["BCDD deals"] += 1
            facts["our par lists several contracts (they name one)"] += len(ours.contracts) > 1
            facts["both partners make our par contract"] += any(len(c.declarers) == 2 for c in ours.contracts)
            if bcdd_contract != deep_contract:
                same_bid = (bcdd_contract.level, bcdd_contract.strain) == (deep_contract.level, deep_contract.strain)
                facts[
                    "BCDD and Deep Finesse name different partners"
                    if same_bid
                    else "BCDD and Deep Finesse name different contracts"
                ] += 1
            if game.optimum_result_table is not None:
                own = par(game.optimum_result_table, game.vulnerability, game.dealer)
                own_table_par[own.score == game.optimum_score] += 1
        else:
            check_table("BridgeComposer DoubleDummyTricks", board, game.double_dummy_tricks, table)
            check_table("BridgeComposer OptimumResultTable", board, game.optimum_result_table, table)
            check_score("BridgeComposer OptimumScore", board, game.optimum_score, ours.score)
            cls = _bc_class(game.par_contracts or (), ours.contracts)
            contract_classes["BridgeComposer ParContract"][cls] += 1
            examples.setdefault(
                ("BridgeComposer ParContract", cls),
                f"deal {board}: {game.value('ParContract')} vs ours {ours.par_contract_pbn()}",
            )

    out = []
    out.append(
        f"Deals solved: {len(games)} (396 BCDD + 12 BridgeComposer) in {solve_seconds:.1f} s "
        f"({solve_seconds / len(games) * 1000:.0f} ms a deal, DDS CalcAllTables via endplay); "
        f"par for all in {par_seconds * 1000:.0f} ms."
    )
    out.append("")
    out.append("Trick tables (all 20 results of a deal must agree):")
    for source in dict.fromkeys(k for k, _ in table_checks):
        n, agree, cells = (table_checks[source, k] for k in ("deals", "agree", "cells"))
        out.append(f"  {source:36s} {agree:3d}/{n:3d} deals, {cells:4d}/{20 * n:4d} tricks")
    out.append("")
    out.append("Par scores (North-South's view):")
    for source in dict.fromkeys(k for k, _ in score_checks):
        n, agree = score_checks[source, "deals"], score_checks[source, "agree"]
        out.append(f"  {source:36s} {agree:3d}/{n:3d} deals")
    out.append(
        f"  (par recomputed by DDS from BCDD's own tables equals BCDD's OptimumScore on "
        f"{own_table_par[True]}/{sum(own_table_par.values())} deals)"
    )
    out.append("")
    out.append("Par contracts, by class of difference:")
    for source, classes in contract_classes.items():
        out.append(f"  {source}:")
        for cls, n in classes.most_common():
            out.append(f"    {n:3d}  {cls}")
            out.append(f"         e.g. {examples[source, cls]}")
    out.append("")
    out.append(f"On the {facts['BCDD deals']} BCDD deals:")
    for key in (
        "both partners make our par contract",
        "our par lists several contracts (they name one)",
        "BCDD and Deep Finesse name different partners",
        "BCDD and Deep Finesse name different contracts",
    ):
        out.append(f"  {facts[key]:3d}  {key}")
    if table_fails or score_fails:
        out.append("")
        out.append("Disagreements:")
        out.extend(f"  {line}" for line in table_fails + score_fails)
    print("\n".join(out))
    return 1 if table_fails or score_fails else 0


if __name__ == "__main__":
    sys.exit(main())

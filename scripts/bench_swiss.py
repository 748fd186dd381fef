"""Benchmark: how long the Swiss pairing (``movements/domain/swiss.py``) takes to draw a round.

Usage (from the repository root):

    .venv/bin/python scripts/bench_swiss.py [--teams 60] [--rounds 9] [--seed 1] [--events 5]

It plays ``--events`` Swiss events of ``--teams`` teams over ``--rounds`` rounds: round 1 drawn from equal
totals, every later one from the standings, each match given a random result (a WBF-like VP split), and prints
the time of each round's draw (the slowest and the total per event), with its rematches and spread. Then one
draw for 100 teams after 9 rounds (the ``swiss_pair`` command must answer in under a second), and a late round
of a small field where rematches can no longer all be avoided. Randomness is seeded: the same run each time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from movements.domain.swiss import SwissTeam, swiss_pair  # noqa: E402 (after the repository is on the path)


def play_event(teams: int, rounds: int, rng: random.Random) -> list[tuple[int, float, int, float]]:
    """(round, seconds, rematches, spread) of each round's draw of one event."""
    totals = {str(n): Decimal(0) for n in range(1, teams + 1)}
    met: dict[str, set[str]] = {t: set() for t in totals}
    had_bye: set[str] = set()
    out = []
    for round_number in range(1, rounds + 1):
        ranked = sorted(totals, key=lambda t: -totals[t])
        standings = [SwissTeam(t, totals[t], frozenset(met[t]), t in had_bye) for t in ranked]
        start = time.perf_counter()
        draw = swiss_pair(standings, round_number)
        seconds = time.perf_counter() - start
        out.append((round_number, seconds, draw.rematches, float(draw.spread)))
        for table in draw.tables:
            home = Decimal(rng.randint(0, 2000)) / 100
            totals[table.home] += home
            totals[table.away] += Decimal(20) - home
            met[table.home].add(table.away)
            met[table.away].add(table.home)
        if draw.bye is not None:
            totals[draw.bye] += Decimal(12)
            had_bye.add(draw.bye)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.teams} teams x {args.rounds} rounds, {args.events} events (seed {args.seed})")
    for event in range(1, args.events + 1):
        rounds = play_event(args.teams, args.rounds, rng)
        slowest = max(rounds, key=lambda r: r[1])
        total = sum(r[1] for r in rounds)
        rematches = sum(r[2] for r in rounds)
        print(
            f"  event {event}: all draws {total * 1000:7.1f} ms, slowest round {slowest[0]} "
            f"{slowest[1] * 1000:6.1f} ms, rematches {rematches}"
        )
    start = time.perf_counter()
    last = play_event(100, 10, rng)[-1]
    print(
        f"100 teams, round 10: {last[1] * 1000:.1f} ms (rematches {last[2]}); whole event {time.perf_counter() - start:.2f} s"
    )
    late = play_event(8, 8, rng)
    print(
        "8 teams x 8 rounds (round 8 cannot avoid rematches):",
        ", ".join(f"r{r}: {s * 1000:.1f} ms/{m} rematches" for r, s, m, _ in late),
    )


if __name__ == "__main__":
    main()

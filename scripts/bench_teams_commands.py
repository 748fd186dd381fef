"""Benchmark the teams commands as a director runs them: ``python manage.py swiss_pair FILE.json`` and
``python manage.py score_teams FILE.json``, the whole process, start-up to the last byte.

    .venv/bin/python scripts/bench_teams_commands.py                  # best of 3
    .venv/bin/python scripts/bench_teams_commands.py --repeat 1 --seeds 1

It plays Swiss teams events of 100 teams over 10 rounds (seeded: every run the same events): each round drawn
by the engine (``movements.domain.swiss.swiss_pair``), each match of 12 boards given random results at both
tables (contracts, declarers and tricks, now and then an assigned or an artificial score), scored by
``scoring.domain`` as the command scores them, so the standings before every round are realistic. Then, as child
processes (``os.wait4``: wall clock, CPU and peak memory of the child):

* ``swiss_pair`` on the standings before every round from round 2 on, of every event (100 teams, no round's
  draw may take a second), on the round of ``bench_swiss.py``'s seed 1 that the first engine took 48 s to draw,
  and on round 1 of 100 and 101 teams on equal totals (the slowest case of the matching: no pair stands out);
* ``score_teams`` on a whole event (500 matches, 6,000 boards, 12,000 table results), as JSON and as the text
  report, and on a round robin of 20 teams (190 matches of 16 boards).

Timings go to ``docs/benchmarks.md`` (## Teams commands); they are never test assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from movements.domain.round_robin import round_robin  # noqa: E402
from movements.domain.swiss import SwissTeam, swiss_pair  # noqa: E402
from scoring.domain.formats.teams import read_teams  # noqa: E402
from scoring.domain.teams import score_teams  # noqa: E402

CONTRACTS = ("1NT", "2S", "3NT", "4H", "4S", "5D", "6NT", "3C", "2H")


def table_result(rng: random.Random) -> dict:
    roll = rng.random()
    if roll < 0.01:
        return {"adjusted": rng.choice(("60/40", "40/60", "50/50"))}
    if roll < 0.02:
        return {"score": rng.choice((420, -50, 110, -100))}
    if roll < 0.04:
        return {"contract": "PASS"}
    contract = rng.choice(CONTRACTS)
    needed = int(contract[0]) + 6
    return {
        "contract": contract,
        "declarer": rng.choice("NESW"),
        "tricks": max(0, min(13, needed + rng.randint(-3, 2))),
    }


def match(rng: random.Random, round_number: int, home: str, away: str, boards: int, first: int) -> dict:
    return {
        "round": round_number,
        "home": home,
        "away": away,
        "boards": [
            {"board": first + b, "home_ns": table_result(rng), "away_ns": table_result(rng)} for b in range(boards)
        ],
    }


def swiss_event(seed: int, teams: int = 100, rounds: int = 10, boards: int = 12) -> tuple[dict, list[dict]]:
    """The whole event as score_teams reads it, and the standings file before each round from round 2 on."""
    rng = random.Random(seed)
    names = [str(n) for n in range(1, teams + 1)]
    event: dict = {"scale": "wbf2013", "boards_per_match": boards, "matches": []}
    met: dict[str, set[str]] = {t: set() for t in names}
    had_bye: set[str] = set()
    homes = dict.fromkeys(names, 0)
    standings_files = []
    order = list(names)
    vps = dict.fromkeys(names, Decimal(0))
    for round_number in range(1, rounds + 1):
        standings = [SwissTeam(t, vps[t], frozenset(met[t]), t in had_bye, homes[t]) for t in order]
        if round_number > 1:
            standings_files.append(
                {
                    "round": round_number,
                    "danish": False,
                    "teams": [
                        {"team": s.team, "vp": float(s.vp), "met": sorted(s.met), "had_bye": s.had_bye, "home": s.home}
                        for s in standings
                    ],
                }
            )
        draw = swiss_pair(standings, round_number)
        for table in draw.tables:
            event["matches"].append(match(rng, round_number, table.home, table.away, boards, 1))
            met[table.home].add(table.away)
            met[table.away].add(table.home)
            homes[table.home] += 1
        if draw.bye is not None:
            event["matches"].append({"round": round_number, "home": draw.bye, "away": None})
            had_bye.add(draw.bye)
        scored = score_teams(read_teams(json.dumps(event)))
        vps = {s.team: s.vp for s in scored.standings}
        order = [s.team for s in scored.standings]  # the standings' order: VPs, then IMP difference, then …
    return event, standings_files


def round_robin_event(seed: int, teams: int = 20, boards: int = 16) -> dict:
    rng = random.Random(seed)
    matches = []
    for rnd in round_robin(teams):
        for m in rnd.matches:
            matches.append(match(rng, rnd.number, str(m.home), str(m.away), boards, 1))
    return {"scale": "wbf2013-discrete", "boards_per_match": boards, "matches": matches}


def first_engines_worst_round() -> dict:
    """The standings of ``scripts/bench_swiss.py``'s 100-team event of seed 1 before round 5 (the first engine, a
    branch and bound, took 48 s to draw it): that script's event, its draws recorded."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_swiss  # a script beside this one, importable once its folder is on the path

    seen: list[list[SwissTeam]] = []

    def recording(standings: list[SwissTeam], round_number: int, **options: bool):
        seen.append(list(standings))
        return swiss_pair(standings, round_number, **options)

    bench_swiss.swiss_pair = recording
    bench_swiss.play_event(100, 5, random.Random(1))
    teams = [{"team": t.team, "vp": float(t.vp), "met": sorted(t.met), "had_bye": t.had_bye} for t in seen[4]]
    return {"round": 5, "danish": False, "teams": teams}


def run(args: list[str], repeat: int) -> tuple[float, float, float, int]:
    """Best wall time of ``repeat`` runs of ``manage.py *args``, its CPU time and peak memory, and the output size."""
    best: tuple[float, float, float, int] | None = None
    for _ in range(repeat):
        with tempfile.TemporaryFile() as out:
            start = time.perf_counter()
            child = subprocess.Popen([sys.executable, "manage.py", *args], cwd=ROOT, stdout=out, stderr=subprocess.PIPE)
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.perf_counter() - start
            if status != 0:
                raise SystemExit(
                    f"manage.py {' '.join(args)} failed: {child.stderr.read().decode() if child.stderr else ''}"
                )
            size = out.tell()
        figures = (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, size)
        if best is None or figures[0] < best[0]:
            best = figures
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (the best is shown)")
    parser.add_argument("--seeds", type=int, default=3, help="Swiss events played (seeds 1 …)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench_teams_"))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; best of {args.repeat}")
    events = []
    worst = (0.0, "")
    for seed in range(1, args.seeds + 1):
        event, standings = swiss_event(seed)
        events.append(event)
        walls = []
        for standing in standings:
            path = folder / f"swiss_{seed}_{standing['round']}.json"
            path.write_text(json.dumps(standing))
            wall, cpu, _, _ = run(["swiss_pair", str(path)], args.repeat)
            walls.append((wall, cpu, standing["round"]))
            worst = max(worst, (wall, f"seed {seed} round {standing['round']}"))
        slowest = max(walls)
        print(
            f"swiss_pair, 100 teams, seed {seed}, rounds 2-10: median {sorted(w for w, _, _ in walls)[len(walls) // 2]:.2f} s"
            f" wall, slowest {slowest[0]:.2f} s wall / {slowest[1]:.2f} s CPU (round {slowest[2]})"
        )
    print(f"swiss_pair slowest of all: {worst[0]:.2f} s wall ({worst[1]}); target < 1 s")
    path = folder / "swiss_first_engines_worst.json"
    path.write_text(json.dumps(first_engines_worst_round()))
    wall, cpu, _, _ = run(["swiss_pair", str(path)], args.repeat)
    print(f"swiss_pair, bench_swiss.py's seed 1 round 5 (48 s before): {wall:.2f} s wall, {cpu:.2f} s CPU")
    for teams in (100, 101):
        path = folder / f"swiss_round_1_{teams}.json"
        path.write_text(json.dumps({"round": 1, "teams": [{"team": str(t), "vp": 0} for t in range(1, teams + 1)]}))
        wall, cpu, _, _ = run(["swiss_pair", str(path)], args.repeat)
        print(f"swiss_pair, round 1 of {teams} teams on equal totals: {wall:.2f} s wall, {cpu:.2f} s CPU")
    sizes = []
    for name, event in (("swiss", events[0]), ("round_robin", round_robin_event(1))):
        path = folder / f"{name}.json"
        path.write_text(json.dumps(event))
        boards = sum(len(m["boards"]) for m in event["matches"])
        for form in ("json", "text"):
            wall, cpu, peak, size = run(["score_teams", str(path), "--format", form], args.repeat)
            sizes.append(size)
            print(
                f"score_teams {name}: {len(event['matches'])} matches, {boards:,} boards, {path.stat().st_size / 1e6:.1f} MB"
                f" in, --format {form}: {wall:.2f} s wall, {cpu:.2f} s CPU, {peak:.0f} MB peak, {size / 1e6:.2f} MB out"
            )
    print(f"files kept in {folder}")


if __name__ == "__main__":
    main()

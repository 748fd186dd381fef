"""Benchmark Play it again: the time to analyse one position of the play against double dummy.

    .venv/bin/python scripts/bench_play.py                 # 40 deals, seed 1
    .venv/bin/python scripts/bench_play.py --deals 100 --seed 7

For each of ``--deals`` random deals (a seeded generator: benchmark data, not dealing) in a random strain
with a random declarer, the play goes from the opening lead to the last card, each card a random legal
one (so positions are as varied as real play and far from the solver's best line), and every position
— 52 per deal, the opening lead's the hardest — is solved by ``dealing.domain.play.solve_position``
(DDS ``SolveBoard`` through ``dealing.domain.analysis.card_tricks``) with no cache. Prints the median,
95th percentile and maximum per position, the opening lead apart, and the time ``evaluate`` takes for a
whole board (all 52 positions). Then, through Django's test client on a throw-away database, the page
of a position: a new position (one solve) and a position already seen (the cache).

The target is well under a second per position.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridge.cards import Seat, Strain  # noqa: E402
from bridge.contract import Contract  # noqa: E402
from dealing.domain.numbering import D, number_to_deal  # noqa: E402
from dealing.domain.play import Play, evaluate, solve_position  # noqa: E402

TARGET_SECONDS = 1.0


def _stats(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (
        f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   "
        f"max {ordered[-1] * 1000:7.1f} ms   ({len(ordered)} positions)"
    )


def domain(deals: int, seed: int) -> float:
    rng = random.Random(seed)
    solve_position(Play.start(number_to_deal(0), Contract.from_str("1NT", "N")).position())  # load the solver
    leads, others, boards, lead_cpu, other_cpu = [], [], [], [], []
    for _ in range(deals):
        deal = number_to_deal(rng.randrange(D))
        play = Play.start(deal, Contract.of(rng.randint(1, 7), Strain(rng.randrange(5)), 0, Seat(rng.randrange(4))))
        while not play.is_over:
            position = play.position()
            clock, cpu = time.perf_counter(), time.thread_time()
            solve_position(position)
            (leads if not play.cards else others).append(time.perf_counter() - clock)
            (lead_cpu if not play.cards else other_cpu).append(time.thread_time() - cpu)
            play = play.play(rng.choice(play.legal_cards()))
        clock = time.perf_counter()
        evaluate(play)
        boards.append(time.perf_counter() - clock)
    worst = max(leads + others)
    print(f"One position, solved (DDS SolveBoard, all the cards of the hand to play), {deals} deals, wall clock:")
    print(f"  opening lead      {_stats(leads)}")
    print(f"  later positions   {_stats(others)}")
    print("  … and the CPU time of the solving thread (what an idle core would take):")
    print(f"  opening lead      {_stats(lead_cpu)}")
    print(f"  later positions   {_stats(other_cpu)}")
    print(
        f"  a whole board     median {statistics.median(boards) * 1000:7.1f} ms   max {max(boards) * 1000:7.1f} ms"
        "   (evaluate: all 52 positions, no cache)"
    )
    return worst


def site() -> None:
    os.environ.setdefault("CLUBSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-play-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client

    from clubs.models import Session
    from clubs.services import club_create, club_role_grant, session_create
    from dealing.services.boards import session_boards_analyse, session_deal_fresh

    club = club_create(name="Bench Club", slug="bench", city="Bench")
    user = get_user_model().objects.create_user(username="bench", password="bench-pass-2026")
    club_role_grant(club=club, user=user, role="director")
    session = session_create(club=club, name="Bench Pairs", date=datetime.date(2026, 11, 24))
    session_deal_fresh(session=session, user=user, boards=4)
    session_boards_analyse(session_id=session.pk)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    client = Client()
    client.force_login(user)
    cache.clear()
    base = f"/dealing/sessions/{session.pk}/boards/1/play/?contract=3NT&declarer=S"
    client.get(base)  # warm up: imports, templates
    fresh, seen = [], []
    rng = random.Random(3)
    for number in range(1, 5):
        cache.clear()
        cards: list[str] = []
        url = f"/dealing/sessions/{session.pk}/boards/{number}/play/?contract=4S&declarer=N"
        for _ in range(12):
            clock = time.perf_counter()
            html = client.get(url + (f"&cards={'.'.join(cards)}" if cards else "")).content.decode()
            fresh.append(time.perf_counter() - clock)
            clock = time.perf_counter()
            client.get(url + (f"&cards={'.'.join(cards)}" if cards else ""))
            seen.append(time.perf_counter() - clock)
            playable = re.findall(r'data-card="(\w+)" data-cost', html)
            cards.append(rng.choice(playable))
    print("The page of a position (Django test client, SQLite, templates and all):")
    print(f"  a new position    {_stats(fresh)}")
    print(f"  a position seen   {_stats(seen)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-site", action="store_true", help="the domain only, no Django")
    args = parser.parse_args()
    worst = domain(args.deals, args.seed)
    if not args.no_site:
        site()
    print(f"Load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.")
    print(
        f"Target: every position under {TARGET_SECONDS:.0f} s — {'met' if worst < TARGET_SECONDS else 'MISSED'} "
        f"(slowest {worst * 1000:.0f} ms wall)"
    )
    return 0 if worst < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

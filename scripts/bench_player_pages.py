"""Benchmark: the players' results pages of a 30-table session — the ranking, a pair's scorecard, a board's
traveller — rendered through Django's test client, database, templates and all.

Usage (from the repository root):

    .venv/bin/python scripts/bench_player_pages.py [--repeat 100] [--tables 30] [--rounds 9] [--boards-per-round 3]

Sets Django up on a throw-away database (the embedded default, SQLite in a temporary folder; set DATABASE_URL to
measure PostgreSQL), makes a Mitchell session of ``--tables`` tables (60 pairs named with club members, 27 boards
dealt with a fresh key and analysed double dummy), records every table's result, finishes the session and
publishes it (final), then asks for each page ``--repeat`` times as an anonymous visitor of the club's public
results (after five requests of each to warm up), with the process on one core:

* **ranking** — ``/scoring/sessions/<id>/ranking/`` (the ranking frozen at publication);
* **scorecard** — ``/scoring/sessions/<id>/pairs/<pair>/`` of a random pair (its 27 boards, each with its "why":
  double dummy, par and the field);
* **traveller** — ``/scoring/sessions/<id>/boards/<n>/?pair=<pair>`` of a random board (30 lines, the hand
  diagram, double dummy, par, the perfect auction, the marked pair's "why");
* **ranking CSV** — ``/scoring/sessions/<id>/ranking.csv``.

Prints the median and 95th percentile of each, wall clock and the process's CPU time (target: each page under
100 ms at p95), the queries per page and its size; exits 1 when a page misses the target.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup():
    os.environ.setdefault("CLUBSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-player-pages-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")  # the results e-mails (none here: no addresses)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered) * 1000, p95 * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards-per-round", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    _setup()

    import datetime

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from clubs.models import Member, Pair, Session
    from clubs.services import club_create, club_role_grant, session_create
    from dealing.services.boards import session_boards_analyse, session_deal_fresh
    from movements.services import session_movement_choose
    from scoring.domain.results import Played
    from scoring.models import Result
    from scoring.selectors.layout import session_layout
    from scoring.selectors.results import session_pairs
    from scoring.services.results import result_record
    from scoring.services.sessions import session_pairs_ensure, session_results_publish, session_status_set

    started = time.perf_counter()
    club = club_create(name="Bench club", slug="bench")
    user = get_user_model().objects.create_user("bench", password="bench-pass-2026")
    club_role_grant(club=club, user=user, role="director")
    session = session_create(
        club=club, name="Bench Pairs", date=datetime.date(2026, 11, 24), boards_per_round=args.boards_per_round
    )
    variant = "skip" if args.tables % 2 == 0 else None
    session_movement_choose(
        session=session,
        user=user,
        pairs=2 * args.tables,
        boards_per_round=args.boards_per_round,
        kind="mitchell",
        rounds=args.rounds,
        variant=variant,
    )
    session.refresh_from_db()
    session_pairs_ensure(session=session)
    layout = session_layout(session)
    session_deal_fresh(session=session, user=user, boards=len(layout.boards), queue_analysis=False)
    analysed_at = time.perf_counter()
    session_boards_analyse(session_id=session.pk)
    analysis_time = time.perf_counter() - analysed_at
    members = Member.objects.bulk_create(
        Member(club=club, first_name=f"Player{i:03d}", last_name=f"Surname{i:03d}") for i in range(4 * args.tables)
    )
    for index, pair in enumerate(Pair.objects.filter(session=session).order_by("number")):
        pair.player_1, pair.player_2 = members[2 * index], members[2 * index + 1]
        pair.save(update_fields=["player_1", "player_2"])
    session_status_set(session=session, status=Session.Status.RUNNING)
    pairs = session_pairs(session=session)
    rng = random.Random(2026)
    contracts = [("4S", "N"), ("4S", "S"), ("3N", "S"), ("4H", "E"), ("2S", "N"), ("5DX", "E")]
    for meeting in layout.meetings:
        for board in meeting.boards:
            contract, declarer = contracts[(board + rng.randrange(3)) % len(contracts)]
            result_record(
                session=session,
                board=board,
                ns_pair=pairs[meeting.ns],
                ew_pair=pairs[meeting.ew],
                result=Played.of(contract, declarer, rng.choice((8, 9, 10, 10, 11))),
                user=user,
                round=meeting.round,
                table=meeting.table,
            )
    session_status_set(session=session, status=Session.Status.FINISHED)
    session_results_publish(session=session, user=user, query_hours=0)
    lines = Result.objects.filter(session=session).count()
    print(
        f"{connection.vendor}, DEBUG={settings.DEBUG}: {args.tables} tables, {len(pairs)} pairs, "
        f"{len(layout.boards)} boards ({lines} lines), set up in {time.perf_counter() - started:.1f} s "
        f"(double-dummy analysis {analysis_time:.1f} s)"
    )

    client = Client(HTTP_HOST=(settings.ALLOWED_HOSTS or ["127.0.0.1"])[0])
    labels = sorted(pairs)
    boards = list(layout.boards)

    def ranking():
        return f"/scoring/sessions/{session.pk}/ranking/"

    def scorecard():
        return f"/scoring/sessions/{session.pk}/pairs/{rng.choice(labels)}/"

    def traveller():
        return f"/scoring/sessions/{session.pk}/boards/{rng.choice(boards)}/?pair={rng.choice(labels)}"

    def csv():
        return f"/scoring/sessions/{session.pk}/ranking.csv"

    pages = [("ranking", ranking), ("scorecard", scorecard), ("traveller", traveller), ("ranking CSV", csv)]
    failed = False
    for name, url in pages:
        for _ in range(5):
            assert client.get(url()).status_code == 200
        times, cpu = [], []
        for _ in range(args.repeat):
            address = url()
            reset_queries()
            t, c = time.perf_counter(), time.process_time()
            response = client.get(address)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            if response.status_code != 200:
                raise SystemExit(f"{address}: {response.status_code}")
        with CaptureQueriesContext(connection) as queries:
            size = len(client.get(url()).content)
        p50, p95 = _percentiles(times)
        c50, c95 = _percentiles(cpu)
        verdict = "met" if p95 < 100 else "NOT met"
        failed |= p95 >= 100 and name != "ranking CSV"
        print(
            f"{name:<12} wall median {p50:6.1f} ms  p95 {p95:6.1f} ms   CPU median {c50:6.1f} ms  p95 {c95:6.1f} ms   "
            f"{len(queries):3d} queries  {size / 1024:5.1f} KiB   (target p95 < 100 ms: {verdict})"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

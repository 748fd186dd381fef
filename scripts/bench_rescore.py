"""Benchmark: re-scoring after one entry, as the scorer's page does it, database round trip included.

Usage (from the repository root):

    .venv/bin/python scripts/bench_rescore.py [--repeat 50] [--tables 30] [--rounds 9] [--boards-per-round 3]

Sets Django up on a throw-away database (the embedded default, SQLite in a temporary folder;
set DATABASE_URL to measure PostgreSQL), makes a Mitchell session of ``--tables`` tables with
every line of every board entered, then times, ``--repeat`` times each, with the process on one
core:

* **entry + board**: one line corrected through ``scoring.services.results.result_enter`` (its
  checks, the write and the audit trail), then that board's traveller read back and
  matchpointed (what the scorer's page shows after each line);
* **whole session**: ``scoring.selectors.results.session_score`` — every row read and the whole
  session scored (the director's running ranking);
* **score_event only**: the same lines already in memory (what the database costs, by difference).

Prints the median and 95th percentile of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup():
    os.environ.setdefault("CLUBSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-rescore-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards-per-round", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    _setup()

    import datetime
    import random

    from django.contrib.auth import get_user_model
    from django.db import connection

    from clubs.models import Session
    from clubs.services import club_create, club_role_grant, session_create
    from movements.services import session_movement_choose
    from scoring.domain.engine import score_event
    from scoring.domain.results import Played
    from scoring.models import Result
    from scoring.selectors.layout import session_layout
    from scoring.selectors.results import session_lines, session_pairs, session_results, session_score
    from scoring.services.results import result_enter, result_record
    from scoring.services.sessions import session_pairs_ensure

    club = club_create(name="Bench club", slug="bench")
    user = get_user_model().objects.create_user("bench", password="bench-pass-2026")
    club_role_grant(club=club, user=user, role="director")
    session = session_create(
        club=club, name="Bench", date=datetime.date(2026, 11, 24), boards_per_round=args.boards_per_round
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
    pairs = session_pairs(session=session)
    layout = session_layout(session)
    rng = random.Random(2026)
    started = time.perf_counter()
    for meeting in layout.meetings:
        for board in meeting.boards:
            result_record(
                session=session,
                board=board,
                ns_pair=pairs[meeting.ns],
                ew_pair=pairs[meeting.ew],
                result=Played.of("4S", "NS"[rng.randrange(2)], rng.choice((8, 9, 10, 10, 11))),
                user=user,
            )
    lines = Result.objects.filter(session=session).count()
    print(
        f"{connection.vendor}: {args.tables} tables, {args.rounds} rounds x {args.boards_per_round} boards = "
        f"{len(layout.boards)} boards, {lines} lines entered in {time.perf_counter() - started:.1f} s"
    )
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()

    board_times, session_times, engine_times = [], [], []
    meetings = [(m, b) for m in layout.meetings for b in m.boards]
    for i in range(args.repeat):
        meeting, board = meetings[rng.randrange(len(meetings))]
        t = time.perf_counter()
        result_enter(
            session=session,
            board=board,
            ns_pair=pairs[meeting.ns],
            ew_pair=pairs[meeting.ew],
            result=Played.of("3N", "N", 7 + i % 6),
            user=user,
        )
        from scoring.selectors.results import traveller_line

        traveller = [traveller_line(r) for r in session_results(session=session, board=board)]
        score_event(traveller, expected={board: len(traveller)})
        board_times.append(time.perf_counter() - t)
    for _ in range(args.repeat):
        t = time.perf_counter()
        session_score(session=session)
        session_times.append(time.perf_counter() - t)
    in_memory = session_lines(session=session)
    for _ in range(args.repeat):
        t = time.perf_counter()
        score_event(in_memory)
        engine_times.append(time.perf_counter() - t)
    print(f"entry + board re-scored   {_percentiles(board_times)}   (target: under 20 ms)")
    print(f"whole session scored      {_percentiles(session_times)}")
    print(f"score_event only          {_percentiles(engine_times)}   ({len(in_memory)} lines in memory)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

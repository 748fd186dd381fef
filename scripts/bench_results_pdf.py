"""Benchmark the results PDF for the notice board: the ranking and every pair's scorecard of a 30-table session.

    .venv/bin/python scripts/bench_results_pdf.py                    # 30 tables, 9 rounds of 3 boards, best of 3
    .venv/bin/python scripts/bench_results_pdf.py --tables 10 --repeat 1

Sets Django up on a throw-away database (the embedded default, SQLite in a temporary folder), makes a Mitchell
session of ``--tables`` tables (pairs named with club members, every table's result recorded), finishes and
publishes it, then asks for ``/scoring/sessions/<id>/results.pdf`` through Django's test client as an anonymous
visitor of the club's public results: the first request of the process (WeasyPrint imported, fonts loaded) and the
best of ``--repeat`` after it, wall clock and CPU. Writes the PDF to ``--out`` and prints its pages and size.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _pages(path: Path) -> str:
    if not shutil.which("pdfinfo"):
        return "?"
    match = re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout)
    return match[1] if match else "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="bench-results-pdf-")
    os.environ.setdefault("CLUBSITE_VAR_DIR", folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.test import Client

    from clubs.models import Member, Pair, Session
    from clubs.services import club_create, club_role_grant, session_create
    from dealing.services.boards import session_deal_fresh
    from movements.services import session_movement_choose
    from scoring.domain.results import Played
    from scoring.selectors.layout import session_layout
    from scoring.selectors.results import session_pairs
    from scoring.services.results import result_record
    from scoring.services.sessions import session_pairs_ensure, session_results_publish, session_status_set

    club = club_create(name="Bench club", slug="bench")
    user = get_user_model().objects.create_user("bench", password="bench-pass-2026")
    club_role_grant(club=club, user=user, role="director")
    session = session_create(
        club=club, name="Bench Pairs", date=datetime.date(2026, 11, 24), boards_per_round=args.boards_per_round
    )
    session_movement_choose(
        session=session,
        user=user,
        pairs=2 * args.tables,
        boards_per_round=args.boards_per_round,
        kind="mitchell",
        rounds=args.rounds,
        variant="skip" if args.tables % 2 == 0 else None,
    )
    session.refresh_from_db()
    session_pairs_ensure(session=session)
    layout = session_layout(session)
    session_deal_fresh(session=session, user=user, boards=len(layout.boards), queue_analysis=False)
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

    client = Client()
    url = f"/scoring/sessions/{session.pk}/results.pdf"
    clock, cpu = time.perf_counter(), time.process_time()
    response = client.get(url)
    first, first_cpu = time.perf_counter() - clock, time.process_time() - cpu
    assert response["Content-Type"] == "application/pdf", response.status_code
    times, cpus = [], []
    for _ in range(args.repeat):
        clock, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append(time.perf_counter() - clock)
        cpus.append(time.process_time() - cpu)
    out = args.out or Path(folder) / "results.pdf"
    out.write_bytes(response.content)
    print(
        f"Results PDF of {args.tables} tables ({len(pairs)} pairs, {len(layout.boards)} boards; "
        f"{_pages(out)} pages, {len(response.content) / 1024:.0f} KiB) -> {out}"
    )
    print(f"  first request of the process   {first:6.2f} s  (CPU {first_cpu:.2f} s)")
    print(f"  best of {args.repeat}                      {min(times):6.2f} s  (CPU {min(cpus):.2f} s)")
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())

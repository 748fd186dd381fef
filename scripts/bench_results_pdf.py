"""Benchmark the results PDF for the notice board: the ranking and every pair's scorecard of a 30-table session.

    .venv/bin/python scripts/bench_results_pdf.py                    # 30 tables, 9 rounds of 3 boards, best of 3
    .venv/bin/python scripts/bench_results_pdf.py --tables 10 --repeat 1

Sets Django up on a throw-away database (the embedded default, SQLite in a temporary folder), makes a Mitchell
session of ``--tables`` tables (pairs named with club members, every table's result recorded), finishes and
publishes it, then asks for ``/scoring/sessions/<id>/results.pdf`` through Django's test client as an anonymous
visitor of the club's public results, the whole request (middleware, queries, templates, WeasyPrint), wall clock
and CPU:

* **made** — the PDF written by WeasyPrint, as every request did before PDFs were kept: the first request of the
  process (WeasyPrint imported, fonts loaded), then the best of ``--repeat`` with the kept PDFs removed before each;
* **kept** — the same request once its PDF is kept (``clubsite.pdf.pdf_kept``): median, 95th percentile and worst
  of ``--kept`` requests;
* **a correction after publication** (a director corrects one line in the score-query window): the next request
  (a new PDF: its bytes are checked to differ), then the kept one;
* **with every board's traveller** (``?contents=travellers``): made, then kept.

Writes the PDF to ``--out`` and prints its pages and size.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import shutil
import statistics
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
    parser.add_argument("--kept", type=int, default=50, help="requests of a kept PDF to time")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="bench-results-pdf-")
    os.environ.setdefault("CLUBSITE_VAR_DIR", folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    # Tasks (the boards' analysis when the session ends, the e-mails) are queued on the file-system broker and left
    # there: the results PDF needs none of them, and the analysis of 90 boards inline took minutes.
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
    session_results_publish(session=session, user=user, query_hours=48)

    from django.conf import settings

    from scoring.models import Result
    from scoring.services.results import result_correct

    kept_pdfs = Path(settings.MEDIA_ROOT) / "pdfs"
    client = Client()
    url = f"/scoring/sessions/{session.pk}/results.pdf"

    def timed(address: str, *, forget: bool = False):
        if forget:
            shutil.rmtree(kept_pdfs, ignore_errors=True)
        clock, cpu = time.perf_counter(), time.process_time()
        response = client.get(address)
        took = time.perf_counter() - clock, time.process_time() - cpu
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", response.status_code
        return took, response.content

    (first, first_cpu), _pdf = timed(url, forget=True)
    made = [timed(url, forget=True)[0] for _ in range(args.repeat)]
    kept = [timed(url)[0] for _ in range(args.kept)]
    pdf = timed(url)[1]
    line = Result.objects.filter(session=session).order_by("board", "round", "table").first()
    result_correct(result=line, new=Played.of("7N", "N", 13), user=user, reason="the table scored 7NT made")
    (corrected, corrected_cpu), new_pdf = timed(url)
    assert new_pdf != pdf, "a correction must give a new PDF"
    corrected_kept = [timed(url)[0] for _ in range(args.kept)]
    travellers_url = url + "?contents=travellers"
    (travellers, travellers_cpu), travellers_pdf = timed(travellers_url)
    travellers_kept = [timed(travellers_url)[0] for _ in range(args.kept)]

    out = args.out or Path(folder) / "results.pdf"
    out.write_bytes(new_pdf)
    out_travellers = out.with_name(out.stem + "-travellers.pdf")
    out_travellers.write_bytes(travellers_pdf)

    def ms(took: list[tuple[float, float]]) -> str:
        """Wall clock: median, 95th percentile, worst; and the median CPU of the process."""
        values = sorted(wall for wall, _cpu in took)
        p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
        cpu = statistics.median(cpu for _wall, cpu in took)
        return (
            f"median {1000 * statistics.median(values):6.1f} ms  p95 {1000 * p95:6.1f} ms  "
            f"max {1000 * values[-1]:6.1f} ms  (CPU median {1000 * cpu:5.1f} ms)"
        )

    print(
        f"Results PDF of {args.tables} tables ({len(pairs)} pairs, {len(layout.boards)} boards; "
        f"{_pages(out)} pages, {len(new_pdf) / 1024:.0f} KiB) -> {out}"
    )
    print(f"  made, first request of the process      {first:6.2f} s  (CPU {first_cpu:.2f} s)")
    print(f"  made (as every request before), best of {args.repeat}  {min(made)[0]:6.2f} s  (CPU {min(made)[1]:.2f} s)")
    print(f"  kept, {args.kept} requests                      {ms(kept)}")
    print(f"  after a correction, the next request    {corrected:6.2f} s  (CPU {corrected_cpu:.2f} s): a new PDF")
    print(f"  after a correction, kept                {ms(corrected_kept)}")
    print(
        f"  with every board's traveller ({_pages(out_travellers)} pages, {len(travellers_pdf) / 1024:.0f} KiB): "
        f"made {travellers:.2f} s (CPU {travellers_cpu:.2f} s); kept {ms(travellers_kept)}"
    )
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())

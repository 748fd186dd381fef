"""Benchmark: how long each movement takes to build, check and turn into guide cards.

Usage (from the repository root):

    .venv/bin/python scripts/bench_movements.py [--repeat 5] [--markdown]
    .venv/bin/python scripts/bench_movements.py --pdf [--sizes 8,24,40,64] [--language pl] [--gc-default]

For every complete Howell from 4 to 64 pairs (and every half-set option) it builds the
movement from scratch (caches cleared) ``--repeat`` times and reports the median build time,
plus the time to compute the balance and the guide cards. Constructed movements
(Berlekamp–Hwang and the embedded starters) should build in well under 200 ms. It then times
the bounded searches that run on request (partial Howells, arrow-switched Mitchells, the
exhaustive 5/6-pair search) and lists the offline searches recorded in starters.json.

``--pdf`` times the guide-card PDFs as the web makes them (Django set up on a throw-away
database and media folder): the work estimate and whether the web makes it inside the
request, the PDF made without progress reports (the request path and ``manage.py movement``:
one part up to 1,000 rows, parts above) and with them (the Celery task: parts of 16 cards),
the seconds to the first progress report, pages and size, then the same request again once
the PDF is kept (served from the storage), and the process's peak memory so far.
``--gc-default`` renders with Python's default garbage-collector thresholds instead of the
ones ``movements.printing`` sets while rendering (the comparison).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from movements.domain import catalogue, howell, small  # noqa: E402
from movements.domain.balance import balance_of  # noqa: E402
from movements.domain.finite_fields import group  # noqa: E402
from movements.domain.guide_cards import cards_json  # noqa: E402


def clear() -> None:
    catalogue.movement_for.cache_clear()
    group.cache_clear()
    small.forget_searches()


def timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        clear()
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, out


def _pdf_pages(pdf: bytes) -> str:
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as fh:
        fh.write(pdf)
        fh.flush()
        try:
            info = subprocess.run(["pdfinfo", fh.name], capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return "?"
    return next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")


def bench_pdf(sizes: list[int], language: str, gc_default: bool = False) -> None:
    import gc
    import os
    import resource
    import tempfile

    var = tempfile.mkdtemp(prefix="bench-movements-")
    os.environ["CLUBSITE_VAR_DIR"] = var
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.utils import translation

    from clubsite import pdf
    from movements import printing, services
    from movements.models import GuideCardPdf

    if gc_default:
        pdf.RENDER_GC_THRESHOLD = gc.get_threshold()
        printing.COLLECT_AFTER_PART = False
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench", password="bench-pass-2026")
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    sent = []
    services_queue = services.guide_card_pdf_queue

    def queue_without_worker(*, job, new=False):  # time the request itself; the task is timed below
        sent.append(job.pk)
        return job

    print(
        f"guide-card PDFs ({language}, all four sections, A6, 2 boards per round; web limit "
        f"{printing.sync_max_rows()} rows; collector thresholds while rendering {pdf.RENDER_GC_THRESHOLD}, "
        f"collect after each part: {printing.COLLECT_AFTER_PART}), var {var}"
    )
    print(
        "| pairs | rows | web path | without progress s | with progress s | first progress s | parts | pages | KiB "
        "| first request ms | kept PDF request ms | peak RSS so far MB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with translation.override(language):  # warm up: fonts, templates
        printing.cards_pdf(catalogue.movement_for(4), boards_per_round=2)
    for n in sizes:
        m = catalogue.movement_for(n)
        rows = printing.pdf_work(m)
        with translation.override(language):
            t = time.perf_counter()
            one = printing.cards_pdf(m, boards_per_round=2)
            one_s = time.perf_counter() - t
            marks: list[float] = []
            t = time.perf_counter()
            printing.cards_pdf(
                m, boards_per_round=2, on_progress=lambda d, total: marks.append(time.perf_counter() - t)
            )
            parts_s = time.perf_counter() - t
        pages = _pdf_pages(one)
        url = f"/movements/print/?pairs={n}&boards_per_round=2&format=pdf"
        services.guide_card_pdf_queue = queue_without_worker
        t = time.perf_counter()
        first = client.get(url)
        first_ms = (time.perf_counter() - t) * 1000
        services.guide_card_pdf_queue = services_queue
        background = first.status_code == 302
        if background:  # what the Celery task does
            services.guide_card_pdf_make(job_id=GuideCardPdf.objects.get(key=first["Location"].split("/")[-2]).pk)
        t = time.perf_counter()
        again = client.get(url)
        data = b"".join(again.streaming_content)
        kept_ms = (time.perf_counter() - t) * 1000
        assert again.status_code == 200 and data[:5] == b"%PDF-"
        print(
            f"| {n} | {rows} | {'background (302 to the progress page)' if background else 'in the request'} "
            f"| {one_s:.1f} | {parts_s:.1f} | {marks[0]:.1f} | {len(marks) - 1} | {pages} | {len(one) // 1024} "
            f"| {first_ms:.0f} | {kept_ms:.0f} | {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} |",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--markdown", action="store_true", help="print markdown tables")
    ap.add_argument("--pdf", action="store_true", help="time the guide-card PDFs instead")
    ap.add_argument("--sizes", default="8,24,40,64", help="--pdf: field sizes")
    ap.add_argument("--language", default="pl", help="--pdf: en or pl")
    ap.add_argument("--gc-default", action="store_true", help="--pdf: Python's default collector thresholds")
    args = ap.parse_args()
    if args.pdf:
        bench_pdf([int(x) for x in args.sizes.split(",")], args.language, args.gc_default)
        return
    howell.embedded()  # the JSON is read once per process, like in the server
    rows = []
    for n in range(4, 65):
        for half in (False, True):
            if half and not any(o["half_sets"] for o in catalogue.options_for(n)):
                continue
            build_ms, m = timed(lambda: catalogue.movement_for(n, half_sets=half), args.repeat)
            t = time.perf_counter()
            b = balance_of(m)
            bal_ms = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            cards_json(m)
            card_ms = (time.perf_counter() - t) * 1000
            rows.append(
                (
                    n,
                    half,
                    str(m.construction).split(" (")[0][:48],
                    build_ms,
                    bal_ms,
                    card_ms,
                    f"{b.min}–{b.max}",
                    round(b.std, 3),
                )
            )
    if args.markdown:
        print("| pairs | half-sets | construction | build ms | balance ms | cards ms | c min–max | std |")
        print("|---|---|---|---|---|---|---|---|")
    for n, half, how, bm, blm, cm, rng, std in rows:
        if args.markdown:
            print(f"| {n} | {'yes' if half else ''} | {how} | {bm:.1f} | {blm:.1f} | {cm:.1f} | {rng} | {std} |")
        else:
            print(
                f"{n:3} {'half' if half else '    '} {how:50} build {bm:7.1f} ms  balance {blm:6.1f} ms  "
                f"cards {cm:6.1f} ms  c {rng:>7}  std {std}"
            )
    constructed = [r for r in rows if not r[2].startswith("exhaustive") and not r[2].startswith("the ten")]
    worst = max(constructed, key=lambda r: r[3])
    print(
        f"\nconstructed movements: {len(constructed)}; slowest build {worst[3]:.1f} ms ({worst[0]} pairs"
        f"{', half-sets' if worst[1] else ''}); median {statistics.median(r[3] for r in constructed):.1f} ms"
    )

    print("\nsearches run on request (bounded):")
    for label, fn in [
        ("5/6 pairs, exhaustive (6 × 1,024 orientations)", lambda: catalogue.movement_for(6)),
        ("partial Howell 12 pairs, 9 rounds", lambda: catalogue.movement_for(12, 9)),
        ("partial Howell 24 pairs, 17 rounds", lambda: catalogue.movement_for(24, 17)),
        ("partial Howell 40 pairs, 30 rounds", lambda: catalogue.movement_for(40, 30)),
        ("Mitchell 14 pairs, arrow-switched", lambda: catalogue.movement_for(14, kind="mitchell", arrow_switch=True)),
        (
            "Mitchell 40 pairs, skip, arrow-switched",
            lambda: catalogue.movement_for(40, kind="mitchell", variant="skip", arrow_switch=True),
        ),
    ]:
        ms, m = timed(fn, 1)
        print(f"  {label:50} {ms:8.0f} ms  (std {balance_of(m).std:.3f})")

    print("\noffline searches embedded in movements/domain/data/starters.json (scripts/search_movements.py):")
    for section, recs in sorted(howell.embedded().items()):
        for n in sorted(recs, key=int):
            s = recs[n]["search"]
            print(f"  {section:5} {int(n):3} pairs: {s['method'][:55]:55} cost {s['cost']:6} in {s['seconds']} s")


if __name__ == "__main__":
    main()

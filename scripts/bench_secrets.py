"""Benchmark: what storing keys and deals encrypted costs (``clubsite.encryption``, docs/commitments.md §8).

Usage (from the repository root):

    .venv/bin/python scripts/bench_secrets.py [--repeat 30] [--boards 36]

Sets Django up on a throw-away database (the embedded default, SQLite in a temporary folder; set
DATABASE_URL to measure PostgreSQL), then times, ``--repeat`` times each, with encryption as
shipped and again with the encryption replaced by a pass-through (the same code and queries,
values stored in the clear), so the difference is what encryption costs:

* **deal**: a session of ``--boards`` boards dealt with a fresh key (``session_deal_fresh``:
  the boards and the key written, five encrypted values per board);
* **hand record**: the finished session's hand record read (``hand_record_for_viewer``: every
  board's deal and analysis decrypted);
* one Fernet encryption and one decryption of a PBN deal.

Prints the median and 95th percentile of each.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup():
    os.environ.setdefault("CLUBSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-secrets-"))
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
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--boards", type=int, default=36)
    args = parser.parse_args()
    _setup()

    from django.contrib.auth import get_user_model

    from clubs.models import Session
    from clubs.services import club_create, club_role_grant, session_create
    from clubsite import encryption
    from dealing.selectors.boards import hand_record_for_viewer
    from dealing.services.boards import session_deal_fresh

    club = club_create(name="Bench Club", slug=f"bench-{os.getpid()}", city="")
    user = get_user_model().objects.create_user(username=f"bench-{os.getpid()}", password="x" * 20)
    club_role_grant(club=club, user=user, role="director")
    session = session_create(club=club, name="Bench", date=datetime.date(2026, 11, 24))

    def deal():
        Session.objects.filter(pk=session.pk).update(status=Session.Status.PLANNED)
        session_deal_fresh(session=session, user=user, boards=args.boards, replace=True, queue_analysis=False)

    def read():
        Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
        hand_record_for_viewer(user=user, session_id=session.pk)

    def timed(what) -> list[float]:
        what()  # warm up
        out = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            what()
            out.append(time.perf_counter() - start)
        return out

    real = encryption.encrypt, encryption.decrypt
    results = {}
    for mode in ("encrypted", "in the clear"):
        if mode == "in the clear":
            encryption.encrypt = lambda data: data.decode("latin-1")
            encryption.decrypt = lambda token: token.encode("latin-1")
        results[mode] = (timed(deal), timed(read))
    encryption.encrypt, encryption.decrypt = real

    print(f"{args.boards} boards, {args.repeat} runs, database {os.environ.get('DATABASE_URL', 'SQLite')[:10]}…")
    for mode, (dealt, shown) in results.items():
        print(f"deal        ({mode:12}): {_percentiles(dealt)}")
        print(f"hand record ({mode:12}): {_percentiles(shown)}")
    pbn = b"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    token = encryption.encrypt(pbn)
    n = 2000
    encrypting = timeit.timeit(lambda: encryption.encrypt(pbn), number=n) / n * 1e6
    decrypting = timeit.timeit(lambda: encryption.decrypt(token), number=n) / n * 1e6
    print(f"one encryption of a PBN deal: {encrypting:.1f} µs; one decryption: {decrypting:.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())

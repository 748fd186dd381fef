#!/usr/bin/env python
"""What the director's live room costs at the end of a 30-table evening: a 60-pair Mitchell, 9 rounds of 3
boards, all 810 results recorded, in the database DATABASE_URL points at (use an empty throw-away PostgreSQL:
it adds a club; without DATABASE_URL, a throw-away SQLite file). Prints the median and worst CPU time
(time.process_time) and wall time of the room's live part as the page asks for it every 3 s (the view, through
Django's test client) and of ``room_state`` alone.

    DATABASE_URL=postgres://app:app@127.0.0.1:PORT/db DJANGO_DEBUG=false python scripts/bench_room.py [--repeat 30]
"""

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
if not os.environ.get("DATABASE_URL"):
    os.environ.setdefault("CLUBSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-room-"))

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from clubs.models import Pair  # noqa: E402
from clubs.services import club_create, club_role_grant, session_create  # noqa: E402
from movements.services import session_movement_choose  # noqa: E402
from scoring.domain.notation import from_data  # noqa: E402
from scoring.selectors.layout import session_layout  # noqa: E402
from scoring.services.results import result_record  # noqa: E402
from tables.selectors.room import room_state  # noqa: E402
from tables.services.setup import round_release, table_entry_start  # noqa: E402


def evening():
    """A 30-table Mitchell with every board of every round recorded; the session and its director."""
    tag = uuid.uuid4().hex[:6]
    club = club_create(name="Room " + tag, slug="room" + tag, city="x")
    director = get_user_model().objects.create_user(username="d" + tag, password="x")
    club_role_grant(club=club, user=director, role="director")
    session = session_create(club=club, name="Room", date=datetime.date(2026, 11, 24), boards_per_round=3)
    session_movement_choose(
        session=session, user=director, pairs=60, rounds=9, kind="mitchell", variant="relay", boards_per_round=3
    )
    session.refresh_from_db()
    table_entry_start(session=session, user=director)
    for r in range(2, 10):
        round_release(session=session, user=director, round_number=r, playing_confirmed=True)
    layout = session_layout(session)
    pairs = {p.label: p for p in Pair.objects.filter(session=session)}
    draw = random.Random(1)
    for m in layout.meetings:
        for b in m.boards:
            result = from_data(
                {
                    "contract": draw.choice(["4S", "3NT", "4H", "2S"]),
                    "declarer": draw.choice("NESW"),
                    "tricks": draw.randint(7, 11),
                }
            )
            result_record(
                session=session,
                board=b,
                ns_pair=pairs[m.ns],
                ew_pair=pairs[m.ew],
                result=result,
                user=director,
                round=m.round,
                table=m.table,
                layout=layout,
            )
    return session, director


def timed(call, repeat):
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        call()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    session, director = evening()
    client = Client()
    client.force_login(director)
    live = f"/tables/sessions/{session.pk}/room/live/"
    assert client.get(live).status_code == 200
    room_state(session=session, user=director)  # warm: the movement's layout, templates
    print(f"30 tables, {session.results.count()} results; median and worst of {args.repeat}")
    for name, call in (
        ("room, live part (view)", lambda: client.get(live)),
        ("room_state alone", lambda: room_state(session=session, user=director)),
    ):
        cpu, wall = timed(call, args.repeat)
        med = lambda v: sorted(v)[len(v) // 2] * 1000  # noqa: E731
        print(
            f"{name:24} CPU median {med(cpu):6.1f} ms  worst {max(cpu) * 1000:6.1f} ms   "
            f"wall median {med(wall):6.1f} ms  worst {max(wall) * 1000:6.1f} ms"
        )


if __name__ == "__main__":
    main()

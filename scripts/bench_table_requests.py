#!/usr/bin/env python
"""What one phone request costs: 270 entries, confirmations, full states and unchanged (304) states through the
phones' API in one process, on a 30-table Mitchell made in the database DATABASE_URL points at (use an empty
throw-away PostgreSQL: it adds a club). Prints the median CPU time of Django (time.process_time) and wall time.

    DATABASE_URL=postgres://app:app@127.0.0.1:PORT/db DJANGO_DEBUG=false python scripts/bench_table_requests.py
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
import datetime
import time
import uuid

import django

django.setup()
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from clubs.services import club_create, club_role_grant, session_create
from movements.services import session_movement_choose
from scoring.selectors.layout import session_layout
from tables.models import Table
from tables.services.joining import table_join
from tables.services.setup import round_release, table_entry_start

tag = uuid.uuid4().hex[:6]
club = club_create(name="CPU " + tag, slug="cpu" + tag, city="x")
director = get_user_model().objects.create_user(username="d" + tag, password="x")
club_role_grant(club=club, user=director, role="director")
session = session_create(club=club, name="CPU", date=datetime.date(2026, 11, 24), boards_per_round=3)
session_movement_choose(
    session=session, user=director, pairs=60, rounds=9, kind="mitchell", variant="relay", boards_per_round=3
)
session.refresh_from_db()
table_entry_start(session=session, user=director)
for r in range(2, 10):
    round_release(session=session, user=director, round_number=r, playing_confirmed=True)
layout = session_layout(session)
cpu = {"entry": [], "confirm": [], "state": [], "state304": []}
wall = {k: [] for k in cpu}
for number in range(1, 11):
    t = Table.objects.get(table_session__session=session, number=number)
    _d, token = table_join(code=t.code, pin=t.pin)
    client = APIClient(HTTP_X_TABLE_TOKEN=token)
    for m in [m for m in layout.meetings if m.table == number]:
        for b in m.boards:
            key = uuid.uuid4().hex
            for kind, call in (
                (
                    "entry",
                    lambda: client.post(
                        "/api/v1/tables/entries/",
                        {
                            "key": key,
                            "board": b,
                            "round": m.round,
                            "level": 4,
                            "strain": "S",
                            "declarer": "N",
                            "tricks": 10,
                        },
                        format="json",
                    ),
                ),
                (
                    "confirm",
                    lambda: client.post(
                        "/api/v1/tables/confirmations/",
                        {"key": uuid.uuid4().hex, "entry": key, "side": "EW"},
                        format="json",
                    ),
                ),
                ("state", lambda: client.get("/api/v1/tables/state/")),
            ):
                c0, w0 = time.process_time(), time.perf_counter()
                response = call()
                cpu[kind].append(time.process_time() - c0)
                wall[kind].append(time.perf_counter() - w0)
                assert response.status_code == 200, response.content
            etag = response["ETag"]
            c0, w0 = time.process_time(), time.perf_counter()
            assert client.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag).status_code == 304
            cpu["state304"].append(time.process_time() - c0)
            wall["state304"].append(time.perf_counter() - w0)


def med(v):
    return sorted(v)[len(v) // 2] * 1000


for k in cpu:
    print(f"{k:9} n={len(cpu[k]):4}  CPU median {med(cpu[k]):6.1f} ms   wall median {med(wall[k]):6.1f} ms")

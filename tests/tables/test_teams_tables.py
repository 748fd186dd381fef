"""A teams session at its tables (issue 21): phones at both tables of a match enter and confirm its boards, the
results land on the match's score card (``MatchBoard``: ``home_ns`` at the first table, ``away_ns`` at the second),
the match's result reaches both tables once both have finished, the next round opens when the round is in, and
the director's page starts the tables, shows them and settles a conflict. The rules of one result per board are the
pairs tables' own (``tables.services.submissions``), so only what differs is tested here."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.test import Client

from clubs.models import Session
from clubs.services import session_create
from tables.domain.errors import TableError
from tables.models import Conflict, Table
from tables.selectors.teams import teams_table_state
from tables.services.joining import table_join
from tables.services.teams import (
    teams_conflict_resolve,
    teams_correction_request,
    teams_entry_confirm,
    teams_entry_submit,
    teams_table_entry_start,
)
from teams.models import Match, MatchBoard
from teams.services import match_boards_set, round_robin_draw, teams_format_set, teams_set

pytestmark = pytest.mark.django_db

FOUR_S = {"level": 4, "strain": "S", "declarer": "N", "tricks": 10}
FOUR_S_DOWN = {"level": 4, "strain": "S", "declarer": "N", "tricks": 9}


def key() -> str:
    return uuid.uuid4().hex


@pytest.fixture
def teams_session(club, director):
    """Friday Teams: four teams, a round robin of three rounds of two boards, table entry started (4 tables)."""
    session = session_create(club=club, name="Friday Teams", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, format="round_robin", boards_per_match=2, scale="wbf2013")
    names = ("Lions", "Tigers", "Bears", "Wolves")
    rows = [{"number": n, "name": names[n - 1], "players": [(None, f"G{n}{p}") for p in range(4)]} for n in range(1, 5)]
    teams_set(session=session, rows=rows)
    round_robin_draw(session=session, user=director)
    teams_table_entry_start(session=session, user=director)
    session.refresh_from_db()
    return session


def phone(session, number):
    t = Table.objects.get(table_session__session=session, number=number)
    device, _token = table_join(code=t.code, pin=t.pin)
    return device


def play(device, board, data=FOUR_S, round_number=None):
    """NS enter ``board``, EW confirm it."""
    entered = teams_entry_submit(device=device, key=key(), data={"board": board, "round": round_number, **data})
    return teams_entry_confirm(device=device, key=key(), entry=entered.entry)


def test_starting_needs_a_draw_and_gives_two_tables_a_match(club, director, teams_session):
    assert teams_session.status == Session.Status.RUNNING
    assert sorted(Table.objects.filter(table_session__session=teams_session).values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
    ]
    bare = session_create(club=club, name="Undrawn", date=datetime.date(2026, 11, 28), kind="teams")
    teams_format_set(session=bare, format="round_robin", boards_per_match=2, scale="wbf2013")
    with pytest.raises(TableError, match="Draw the teams' first round"):
        teams_table_entry_start(session=bare, user=director)


def test_both_tables_fill_the_match_score_card_and_see_its_result(teams_session):
    first, second = phone(teams_session, 1), phone(teams_session, 2)
    match = Match.objects.get(draw__session=teams_session, draw__round=1, number=1)
    state = teams_table_state(first)
    r1 = state["rounds"][0]
    assert r1["ns"]["names"] == match.home.name and r1["ew"]["names"] == match.away.name
    assert [b["board"] for b in r1["boards"]] == [1, 2] and state["position"] == {
        "round": 1,
        "playing": True,
        "last": False,
        "moving": False,
    }
    assert teams_table_state(second)["rounds"][0]["ns"]["names"] == match.away.name  # the away team NS at table 2

    pending = teams_entry_submit(device=first, key=key(), data={"board": 1, **FOUR_S})
    assert pending.status == "pending" and not MatchBoard.objects.filter(match=match).exists()
    with pytest.raises(TableError, match="EW must confirm"):
        teams_entry_confirm(device=first, key=key(), entry=pending.entry, side="NS")
    assert teams_entry_confirm(device=first, key=key(), entry=pending.entry).status == "confirmed"
    play(first, 2, {"passed_out": True})
    assert MatchBoard.objects.get(match=match, board=1).home_ns == "4S N 10"
    state = teams_table_state(first)
    assert state["position"]["playing"] is False and state["rounds"][0]["match_result"] == ""
    assert "Table 2 is still playing this match" in " ".join(state["rounds"][0]["notes"])

    play(second, 1, FOUR_S_DOWN)  # 420 at table 1, +50 to the home team at table 2: 10 IMPs
    play(second, 2, {"passed_out": True})
    board = MatchBoard.objects.get(match=match, board=1)
    assert (board.home_ns, board.away_ns) == ("4S N 10", "4S N 9")
    for device in (first, second):
        said = teams_table_state(device)["rounds"][0]["match_result"]
        assert said.startswith(f"Match result: {match.home.name} 10 – 0 {match.away.name} in IMPs") and "VPs" in said


def test_a_board_of_another_match_or_a_round_not_open_is_refused(teams_session):
    device = phone(teams_session, 3)
    with pytest.raises(TableError, match="Board 3 is not played at table 3 in round 1"):
        teams_entry_submit(device=device, key=key(), data={"board": 3, "round": 1, **FOUR_S})
    with pytest.raises(TableError, match="Round 2 has not started yet"):
        teams_entry_submit(device=device, key=key(), data={"board": 3, **FOUR_S})


def test_the_next_round_opens_once_every_match_is_in_and_the_scorer_may_enter_or_correct(teams_session):
    device = phone(teams_session, 1)
    play(device, 1)
    play(device, 2)
    assert teams_table_state(device)["released"] == 1
    # the scorer enters the other tables from the score cards: one owner of the results, whoever entered them
    for match in Match.objects.filter(draw__session=teams_session, draw__round=1):
        entries = (
            {1: ("4S N 10", "420"), 2: ("P", "-50")} if match.number == 1 else {1: ("1NT N 7", "90"), 2: ("P", "P")}
        )
        match_boards_set(match=match, entries=entries)
    state = teams_table_state(device)
    assert state["released"] == 2 and state["position"]["round"] == 2 and state["position"]["playing"] is True
    r1 = state["rounds"][0]
    assert r1["boards"][1]["said"] == "Passed out: 0" and r1["match_result"].startswith("Match result:")
    # a correction on the score card reaches the phone: the board stands as the scorer wrote it
    match = Match.objects.get(draw__session=teams_session, draw__round=1, number=1)
    match_boards_set(match=match, entries={1: ("4S N 11", "420")})
    assert teams_table_state(device)["rounds"][0]["boards"][0]["said"].startswith("4♠+1 by N")


def test_a_conflict_is_kept_for_the_director_who_keeps_one_result(teams_session, director):
    a, b = phone(teams_session, 2), phone(teams_session, 2)
    teams_entry_submit(device=a, key=key(), data={"board": 1, **FOUR_S})
    answer = teams_entry_submit(device=b, key=key(), data={"board": 1, **FOUR_S_DOWN})
    assert answer.status == "conflict"
    conflict = Conflict.objects.get(table__number=2)
    assert teams_table_state(a)["rounds"][0]["boards"][0]["state"] == "conflict"
    client = Client()
    client.force_login(director)
    page = client.get(f"/tables/sessions/{teams_session.pk}/teams/").content.decode()
    assert "different results were entered" in page and 'data-testid="keep"' in page
    chosen = next(s for s in conflict.submissions.all() if s.data["tricks"] == 9)
    response = client.post(
        f"/tables/sessions/{teams_session.pk}/teams/", {"action": "keep", "conflict": conflict.pk, "choice": chosen.pk}
    )
    assert response.status_code == 302
    match = Match.objects.get(draw__session=teams_session, draw__round=1, number=1)
    assert MatchBoard.objects.get(match=match, board=1).away_ns == "4S N 9"
    with pytest.raises(TableError, match="already resolved"):
        teams_conflict_resolve(conflict=conflict, user=director, choice=chosen.pk)
    live = client.get(f"/tables/sessions/{teams_session.pk}/teams/?live=1").content.decode()
    assert live.strip().startswith('<section data-testid="teams-tables">') and "2✓" not in live and "1✓" in live
    client.post(f"/tables/sessions/{teams_session.pk}/teams/", {"action": "lock", "table": 2, "locked": "1"})
    with pytest.raises(TableError, match="locked table 2"):
        teams_entry_submit(device=a, key=key(), data={"board": 2, **FOUR_S})
    request = teams_correction_request(device=a, key=key(), board=1, note="declarer was South")
    assert request.status == "requested"
    assert "declarer was South" in client.get(f"/tables/sessions/{teams_session.pk}/teams/").content.decode()


def test_the_phone_page_and_api_of_a_teams_table(teams_session, director, client_for):
    t = Table.objects.get(table_session__session=teams_session, number=1)
    client = Client()
    assert client.post("/t/join/", {"code": t.code, "pin": t.pin}).status_code == 302
    page = client.get("/t/").content.decode()
    assert "/api/v1/tables/teams/entries/" in page and "Lions (home) against Wolves" in page  # 1 v 4 in round 1
    token = client.cookies["tables_device"].value
    api = Client(HTTP_X_TABLE_TOKEN=token)
    state = api.get("/api/v1/tables/teams/state/")
    assert state.status_code == 200 and state.json()["teams"] is True
    assert api.get("/api/v1/tables/teams/state/", HTTP_IF_NONE_MATCH=state["ETag"]).status_code == 304
    entered = api.post(
        "/api/v1/tables/teams/entries/", {"key": key(), "board": "1", **FOUR_S}, content_type="application/json"
    ).json()
    assert entered["status"] == "pending" and entered["said"].startswith("4♠= by N")
    confirmed = api.post(
        "/api/v1/tables/teams/confirmations/",
        {"key": key(), "entry": entered["entry"]},
        content_type="application/json",
    )
    assert confirmed.json()["status"] == "confirmed"
    assert api.get("/api/v1/tables/teams/state/", HTTP_IF_NONE_MATCH=state["ETag"]).status_code == 200  # changed
    bad = api.post(
        "/api/v1/tables/teams/entries/", {"key": key(), "board": "7", **FOUR_S}, content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "board"
    assert api.get("/api/v1/tables/teams/ranking/").status_code == 404  # nothing published yet
    handed = api.post("/api/v1/tables/teams/handovers/", {"actions": []}, content_type="application/json")
    assert (
        handed.status_code == 400 and "show what this phone holds to the director" in handed.json()["error"]["message"]
    )
    room = client_for(director).get(f"/tables/sessions/{teams_session.pk}/teams/").content.decode()
    assert 'data-testid="teams-table-1"' in room and t.code in room
    schedule = client_for(director).get(f"/sessions/{teams_session.pk}/teams/schedule/").content.decode()
    assert f"/tables/sessions/{teams_session.pk}/teams/" in schedule


def test_the_teams_room_is_a_directors_and_a_teams_sessions_only(teams_session, howell_session, scorer, director):
    scorer_client = Client()
    scorer_client.force_login(scorer)
    assert scorer_client.get(f"/tables/sessions/{teams_session.pk}/teams/").status_code in (403, 404)
    client = Client()
    client.force_login(director)
    assert client.get(f"/tables/sessions/{howell_session.pk}/teams/").status_code == 404


def test_a_pairs_tables_phone_is_not_answered_on_the_teams_endpoints(howell, table):
    t = table(1)
    _device, token = table_join(code=t.code, pin=t.pin)
    api = Client(HTTP_X_TABLE_TOKEN=token)
    assert api.get("/api/v1/tables/teams/state/").status_code == 404
    entry = api.post(
        "/api/v1/tables/teams/entries/", {"key": key(), "board": "1", **FOUR_S}, content_type="application/json"
    )
    assert entry.status_code == 404 and api.get("/api/v1/tables/state/").status_code == 200

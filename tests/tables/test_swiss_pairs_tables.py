"""Swiss pairs at the tables (issue 21, spec §3): one table a match, the home pair North–South; the phone's result
fills the match's one column, and the match's result (against the round's tables finished so far) reaches the table
once its boards are in; the next round opens, drawn, once every table of the round is in."""

from __future__ import annotations

import datetime
import uuid

import pytest

from clubs.services import session_create
from tables.models import Table
from tables.selectors.teams import teams_table_state
from tables.services.joining import table_join
from tables.services.teams import teams_entry_confirm, teams_entry_submit, teams_table_entry_start
from teams.models import Match, MatchBoard
from teams.services import swiss_round_confirm, teams_format_set, teams_set

pytestmark = pytest.mark.django_db


def play(device, board, tricks):
    data = {"board": board, "level": 4, "strain": "S", "declarer": "N", "tricks": tricks}
    entered = teams_entry_submit(device=device, key=uuid.uuid4().hex, data=data)
    return teams_entry_confirm(device=device, key=uuid.uuid4().hex, entry=entered.entry)


def test_a_swiss_pairs_match_is_played_at_one_table(club, director):
    session = session_create(club=club, name="Swiss pairs", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(
        session=session,
        format="swiss_pairs",
        rounds=2,
        boards_per_match=1,
        scale="wbf2013",
        pairs_scoring="matchpoints",
    )
    teams_set(
        session=session,
        rows=[{"number": n, "name": f"Pair {n}", "players": [(None, f"N{n}"), (None, f"S{n}")]} for n in range(1, 5)],
    )
    swiss_round_confirm(session=session, round_number=1, swaps=[], user=director)
    teams_table_entry_start(session=session, user=director)
    tables = Table.objects.filter(table_session__session=session)
    assert sorted(tables.values_list("number", flat=True)) == [1, 2]  # two matches, one table each
    phones = {t.number: table_join(code=t.code, pin=t.pin)[0] for t in tables}
    matches = {m.number: m for m in Match.objects.filter(draw__session=session, draw__round=1)}
    state = teams_table_state(phones[2])["rounds"][0]
    assert state["ns"]["names"] == matches[2].home.name and state["ew"]["names"] == matches[2].away.name

    play(phones[1], 1, 10)  # +420
    assert MatchBoard.objects.get(match=matches[1], board=1).home_ns == "4S N 10"
    said = teams_table_state(phones[1])["rounds"][0]["match_result"]
    assert "50.00% – 50.00%" in said and "10.00 – 10.00 in VPs" in said  # alone on the board so far: 50 %
    assert teams_table_state(phones[1])["released"] == 1
    play(phones[2], 1, 9)  # −50: table 1's +420 now tops the board
    said = teams_table_state(phones[1])["rounds"][0]["match_result"]
    assert said.startswith(f"Match result: {matches[1].home.name} 100.00% – 0.00% {matches[1].away.name}")
    assert "20.00 – 0.00 in VPs" in said
    swiss_round_confirm(session=session, round_number=2, swaps=[], user=director)
    state = teams_table_state(phones[1])
    assert state["released"] == 2 and state["position"]["round"] == 2


def test_the_room_says_one_table_a_match(client_for, club, director):
    session = session_create(club=club, name="Swiss pairs", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, format="swiss_pairs", rounds=1, boards_per_match=1, scale="acbl")
    page = client_for(director).get(f"/tables/sessions/{session.pk}/teams/").content.decode()
    assert "Swiss pairs play each match at one table" in page

"""Swiss pairs through the teams pages (issue 21, spec §3): the format chosen, six pairs entered, round 1 proposed
and confirmed, each match's one table entered on its score card and scored against the round's field, the
standings, and round 2 drawn from them without a rematch; on matchpoints the card shows the percentages."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from clubs.services import session_create
from teams.models import Draw, Match, MatchBoard, Team, TeamsFormat

pytestmark = pytest.mark.django_db

TEAMS_PAGE = "/sessions/{}/teams/"
SCHEDULE = "/sessions/{}/teams/schedule/"
# each table's NS score on boards 1 and 2 of round 1, by the match's number (the datum: 110 and 600)
ROUND_1 = {1: ("420", "600"), 2: ("110", "-100"), 3: ("-50", "630")}


def swiss_pairs_session(client, club, pairs_scoring):
    session = session_create(club=club, name="Swiss pairs", date=datetime.date(2026, 11, 27), kind="teams")
    fmt = {"format": "swiss_pairs", "rounds": "2", "boards_per_match": "2", "scale": "wbf2013"}
    client.post(SCHEDULE.format(session.pk), {"action": "format", **fmt, "pairs_scoring": pairs_scoring})
    data = {"teams-TOTAL_FORMS": "8", "teams-INITIAL_FORMS": "8"}  # the eight rows an empty page offers
    for i in range(8):
        data[f"teams-{i}-number"] = str(i + 1)
        if i < 6:
            data |= {f"teams-{i}-name": f"Pair {'ABCDEF'[i]}"}
            data |= {f"teams-{i}-player_1": f"North {i}", f"teams-{i}-player_2": f"South {i}"}
    assert client.post(TEAMS_PAGE.format(session.pk), data).status_code == 302
    return session


def enter_round(client, session, round_number, scores):
    for match in Match.objects.filter(draw__session=session, draw__round=round_number, away__isnull=False):
        url = f"/sessions/{session.pk}/teams/rounds/{round_number}/matches/{match.number}/"
        first = (round_number - 1) * 2 + 1
        home, second = scores[match.number]
        response = client.post(url, {f"board_{first}_home": home, f"board_{first + 1}_home": second})
        assert response.status_code == 302


def test_a_swiss_pairs_evening_on_imps(client_for, director, club):
    client = client_for(director)
    session = swiss_pairs_session(client, club, "imps")
    fmt = TeamsFormat.objects.get(session=session)
    assert fmt.for_pairs and fmt.pairs_scoring == "imps" and fmt.rounds == 2
    assert [t.players.count() for t in Team.objects.filter(session=session)] == [2] * 6
    page = client.get(TEAMS_PAGE.format(session.pk)).content.decode()
    assert "Pair name" in page and 'name="teams-0-player_3"' not in page
    # a pair is two players: a third is not asked for, one alone is refused, naming the pair
    refused = {"teams-TOTAL_FORMS": "1", "teams-INITIAL_FORMS": "1", "teams-0-number": "7", "teams-0-name": "Trio"}
    refused |= {f"teams-0-player_{p}": f"T{p}" for p in (1, 2, 3)}  # a third player's field is not on the form
    assert client.post(TEAMS_PAGE.format(session.pk), refused).status_code == 302
    assert Team.objects.get(session=session, number=7).players.count() == 2
    Team.objects.filter(session=session, number=7).delete()
    refused["teams-0-player_2"] = ""
    page = client.post(TEAMS_PAGE.format(session.pk), refused).content.decode()
    assert "Pair 7: a pair has 2 players, not 1." in page and not Team.objects.filter(session=session, number=7)

    schedule = client.get(SCHEDULE.format(session.pk)).content.decode()
    assert 'data-testid="proposal"' in schedule and "Swap pair" in schedule and "one table" in schedule
    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "1"})
    draw = Draw.objects.get(session=session, round=1)
    assert draw.confirmed_by == director and draw.matches.count() == 3
    first = {frozenset((m.home.number, m.away.number)) for m in draw.matches.all()}

    enter_round(client, session, 1, ROUND_1)
    assert list(MatchBoard.objects.filter(match__draw=draw).values_list("away_ns", flat=True)) == [""] * 6
    card = client.get(f"/sessions/{session.pk}/teams/rounds/1/matches/3/").content.decode()
    # table 3: −50 against 110 (−160: 4 IMPs to EW), +630 against 600 (+30: 1 IMP to NS)
    assert 'data-testid="datum">110<' in card and 'data-testid="datum">600<' in card
    assert 'data-testid="total-home">1<' in card and 'data-testid="total-away">4<' in card
    assert "Round 1, table 3" in card and 'name="board_1_away"' not in card
    assert "Score: −50" in card and "Assigned" not in card  # the card's bare score is the table's, not adjusted

    standings = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert "Table 1:" in standings and "Tables 1–2" not in standings
    m2 = Match.objects.get(draw=draw, number=2)
    assert f'data-team="{m2.away.number}"><td data-testid="rank">1<' in standings  # 12 IMPs on table 2, the most
    path = client.get(f"/sessions/{session.pk}/").content.decode()
    assert "<p>6 pairs.</p>" in path
    printed = client.get(f"/sessions/{session.pk}/teams/standings/print/").content.decode()
    assert 'class="name">Pair<' in printed and "IMPs for" in printed  # on IMPs, the IMPs are shown
    team_page = client.get(f"/sessions/{session.pk}/teams/{m2.away.number}/").content.decode()
    assert "captain" not in team_page and 'data-testid="total"' in team_page

    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "2"})
    second = Draw.objects.get(session=session, round=2)
    assert second.confirmed_by == director and second.matches.count() == 3
    assert first.isdisjoint({frozenset((m.home.number, m.away.number)) for m in second.matches.all()})
    assert 'data-testid="export-usebio-link"' in standings  # its files: tests/teams/test_teams_files.py


def test_swiss_pairs_on_matchpoints_show_percentages_and_vps(client_for, director, club):
    client = client_for(director)
    session = swiss_pairs_session(client, club, "matchpoints")
    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "1"})
    enter_round(client, session, 1, ROUND_1)
    card = client.get(f"/sessions/{session.pk}/teams/rounds/1/matches/1/").content.decode()
    # table 1: 420 (4 of 4) and 600 (2 of 4): 75 %, so 15 VP to 5
    assert 'data-testid="total-home">75.00<' in card and 'data-testid="vp-home">15.00<' in card
    assert 'data-testid="vp-away">5.00<' in card
    standings = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert "IMPs for" not in standings
    home = Match.objects.get(draw__session=session, draw__round=1, number=1).home
    assert f'data-team="{home.number}"><td data-testid="rank">1=<' in standings  # level with table 2's EW
    line = standings.split(f'data-team="{home.number}">')[1]
    assert Decimal(line.split('data-testid="vp">')[1].split("<")[0]) == Decimal("15.00")


def test_the_format_refuses_what_swiss_pairs_cannot_score(client_for, director, club):
    client = client_for(director)
    session = session_create(club=club, name="Swiss pairs", date=datetime.date(2026, 11, 27), kind="teams")
    fmt = {"action": "format", "format": "swiss_pairs", "rounds": "2", "boards_per_match": "2"}
    page = client.post(SCHEDULE.format(session.pk), {**fmt, "scale": "imps", "pairs_scoring": "matchpoints"})
    assert "choose a 20-VP scale" in page.content.decode() and not TeamsFormat.objects.filter(session=session)
    page = client.post(SCHEDULE.format(session.pk), {**fmt, "scale": "patton", "pairs_scoring": "imps"})
    assert "choose a VP scale" in page.content.decode()
    data = {"teams-TOTAL_FORMS": "1", "teams-INITIAL_FORMS": "1", "teams-0-number": "1", "teams-0-name": "Four"}
    data |= {f"teams-0-player_{p}": f"P{p}" for p in range(1, 5)}
    client.post(TEAMS_PAGE.format(session.pk), data)  # no format yet: a team of four is taken
    page = client.post(SCHEDULE.format(session.pk), {**fmt, "scale": "wbf2013", "pairs_scoring": "imps"})
    assert "Team 1: a team has" not in page.content.decode() and "a pair has 2 players" in page.content.decode()


def test_the_table_assignment_gives_one_table_a_match(client_for, director, club):
    client = client_for(director)
    session = swiss_pairs_session(client, club, "imps")
    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "1"})
    page = client.get(f"/sessions/{session.pk}/teams/assignment/print/").content.decode()
    home = Match.objects.get(draw__session=session, draw__round=1, number=3).home
    assert "Home pair: North–South" in page and f'<tr data-match="3"><td>3</td><td>{home}</td>' in page

"""A teams-of-four evening through its pages (issue 21): the session created as teams, its teams, the format, the
draw (round robin at once; Swiss proposed, swapped and confirmed), a match's score card with IMPs and VPs from the
scoring engine, and the standings; who may do what follows the pairs pages."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Session
from clubs.services import member_create, session_create
from events.kinds import kind_of
from events.session_path import session_path
from teams.models import Draw, Match, MatchBoard, Team, TeamsFormat
from teams.services import match_boards_set, round_robin_draw, teams_format_set, teams_set

pytestmark = pytest.mark.django_db

TEAMS_PAGE = "/sessions/{}/teams/"
SCHEDULE = "/sessions/{}/teams/schedule/"


def _session(club, **format_options):
    session = session_create(club=club, name="Friday Teams", date=datetime.date(2026, 11, 27), kind="teams")
    if format_options:
        teams_format_set(session=session, **format_options)
    return session


def _teams(session, count):
    rows = [
        {"number": n, "name": f"Team {chr(64 + n)}", "players": [(None, f"G{n}{p}") for p in range(4)]}
        for n in range(1, count + 1)
    ]
    return teams_set(session=session, rows=rows)


def _post_teams(client, session, rows):
    data = {"teams-TOTAL_FORMS": str(len(rows)), "teams-INITIAL_FORMS": str(len(rows))}
    for i, row in enumerate(rows):
        data[f"teams-{i}-number"] = str(row.get("number", i + 1))
        data[f"teams-{i}-name"] = row.get("name", "")
        for p, player in enumerate(row.get("players", ()), 1):
            data[f"teams-{i}-player_{p}"] = player
    return client.post(TEAMS_PAGE.format(session.pk), data)


def test_the_session_form_offers_the_kind_and_the_teams_path_follows_it(client_for, director, club):
    page = client_for(director).get(f"/clubs/{club.slug}/sessions/new/").content.decode()
    assert 'name="kind"' in page and "Teams of four" in page
    response = client_for(director).post(
        f"/clubs/{club.slug}/sessions/new/", {"name": "Friday Teams", "kind": "teams", "date": "2026-11-27"}
    )
    session = Session.objects.get(name="Friday Teams")
    assert response.status_code == 302 and session.kind == "teams" and kind_of(session).name == "teams"
    assert [s.key for s in session_path(session).steps] == ["teams", "schedule", "boards", "matches", "standings"]
    page = client_for(director).get(f"/sessions/{session.pk}/").content.decode()
    assert 'data-testid="step-teams"' in page and 'data-testid="step-movement"' not in page
    client_for(director).post(f"/clubs/{club.slug}/sessions/new/", {"name": "Monday", "date": "2026-11-30"})
    assert Session.objects.get(name="Monday").kind == "pairs"  # a form without the kind: a pairs session
    edit = client_for(director).get(f"/sessions/{session.pk}/edit/").content.decode()
    assert 'name="kind"' not in edit  # chosen once, when the session is created


def test_a_pairs_session_stays_a_pairs_session(howell_session):
    assert howell_session.kind == "pairs" and kind_of(howell_session).name == "pairs"


def test_the_teams_page_saves_teams_with_members_and_guests(client_for, director, club):
    session = _session(club)
    ada = member_create(club=club, first_name="Ada", last_name="Adamska")
    rows = [{"name": "Eagles", "players": ["Ada Adamska", "Bob Guest", "Cy Guest", "Di Guest"]}, {"number": 2}]
    response = _post_teams(client_for(director), session, rows)
    assert response.status_code == 302
    team = Team.objects.get(session=session)
    players = list(team.players.all())
    assert team.name == "Eagles" and players[0].member == ada and players[1].name == "Bob Guest"
    assert "Ada Adamska" in client_for(director).get(f"/sessions/{session.pk}/").content.decode()


def test_bad_teams_say_what_and_where_and_save_nothing(client_for, director, club):
    session = _session(club)
    _teams(session, 1)
    member_create(club=club, first_name="Ada", last_name="Adamska")
    rows = [
        {"number": 1, "name": "Eagles", "players": ["Ada Adamska", "X", "Y"]},  # three players
        {"number": 2, "name": "", "players": ["Ada Adamska", "P", "Q", "R"]},  # no name; Ada twice
    ]
    page = _post_teams(client_for(director), session, rows).content.decode()
    assert "Team 1: a team has 4 to 6 players, not 3." in page
    assert "Team 2: give the team&#x27;s name." in page and "Ada Adamska already plays in team 1." in page
    assert list(Team.objects.filter(session=session).values_list("name", flat=True)) == ["Team A"]
    assert 'value="Y"' in page  # what was typed stays


def test_only_directors_manage_teams(client_for, scorer, player, club):
    session = _session(club)
    assert client_for(scorer).get(TEAMS_PAGE.format(session.pk)).status_code == 403
    assert client_for(player).get(SCHEDULE.format(session.pk)).status_code == 403


def test_format_errors_are_said_beside_their_field(client_for, director, club):
    session = _session(club)
    page = (
        client_for(director)
        .post(
            SCHEDULE.format(session.pk),
            {"action": "format", "format": "swiss", "boards_per_match": "8", "scale": "acbl"},
        )
        .content.decode()
    )
    assert "Say how many rounds the Swiss has." in page
    assert not TeamsFormat.objects.filter(session=session).exists()


def test_a_round_robin_is_drawn_at_once_with_a_bye_for_an_odd_field(client_for, director, club):
    session = _session(club, format="round_robin", boards_per_match=4, scale="wbf2013")
    _teams(session, 3)
    response = client_for(director).post(SCHEDULE.format(session.pk), {"action": "draw"})
    assert response.status_code == 302
    draws = list(Draw.objects.filter(session=session))
    assert len(draws) == 3 and all(d.confirmed_by == director and d.confirmed_at for d in draws)
    assert Match.objects.filter(draw__session=session, away__isnull=True).count() == 3  # a bye each round
    page = client_for(director).get(SCHEDULE.format(session.pk)).content.decode()
    assert "Tables 1–2:" in page and "bye" in page


def test_the_match_card_gives_imps_and_vps_and_the_standings_rank(client_for, director, scorer, player, club):
    session = _session(club, format="single", boards_per_match=2, scale="wbf2013")
    _teams(session, 2)
    round_robin_draw(session=session, user=director)
    url = f"/sessions/{session.pk}/teams/rounds/1/matches/1/"
    bad = client_for(scorer).post(url, {"board_1_home": "420", "board_1_away": "4S N 14", "board_2_home": "-50"})
    assert "Board 1:" in bad.content.decode() and not MatchBoard.objects.exists()  # nothing saved
    ok = client_for(scorer).post(
        url, {"board_1_home": "4S N 10", "board_1_away": "-50", "board_2_home": "-100", "board_2_away": "-620"}
    )
    assert ok.status_code == 302
    page = client_for(scorer).get(url).content.decode()
    # board 1: +420 and +50 → 10 IMPs to home; board 2: −100 and +620 → 11 IMPs to home; 21–0 over 2 boards is
    # just short of the blitz (15·√2 ≈ 21.2) on the WBF 2013 scale
    assert 'data-testid="total-home">21<' in page and 'data-testid="vp-home">19.95<' in page
    standings = client_for(director).get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert "Team A" in standings and 'data-testid="rank">1<' in standings and "Cross-table" in standings
    assert client_for(player).get(url).status_code == 404  # players read the results once published
    assert client_for(player).post(url, {"board_1_home": "0"}).status_code == 403


def test_a_swiss_round_is_proposed_swapped_and_confirmed(client_for, director, club):
    session = _session(club, format="swiss", rounds=2, boards_per_match=1, scale="imps")
    _teams(session, 4)
    client = client_for(director)
    page = client.get(SCHEDULE.format(session.pk)).content.decode()
    assert 'data-testid="proposal"' in page
    swapped = client.get(SCHEDULE.format(session.pk), {"swap_first": "2", "swap_second": "3"}).content.decode()
    assert 'name="swap" value="2-3"' in swapped
    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "1", "swap": "2-3"})
    pairs = [(m.home.number, m.away.number) for m in Match.objects.filter(draw__round=1).order_by("number")]
    assert sorted(tuple(sorted(p)) for p in pairs) == [(1, 3), (2, 4)]
    # round 2 waits for round 1's boards, then is drawn without a rematch
    assert "Enter every board of round 1 first" in client.get(SCHEDULE.format(session.pk)).content.decode()
    for match in Match.objects.filter(draw__round=1):
        match_boards_set(match=match, entries={1: ("420", "-420" if match.number == 1 else "-50")})
    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "2"})
    second = {tuple(sorted((m.home.number, m.away.number))) for m in Match.objects.filter(draw__round=2)}
    assert second.isdisjoint({tuple(sorted(p)) for p in pairs}) and len(second) == 2


def test_the_evening_runs_to_publication_and_players_then_read_the_standings(client_for, director, player, club):
    session = _session(club, format="single", boards_per_match=1, scale="acbl")
    _teams(session, 2)
    round_robin_draw(session=session, user=director)
    match_boards_set(match=Match.objects.get(draw__session=session), entries={1: ("420", "-50")})
    client = client_for(director)
    path = client.get(f"/sessions/{session.pk}/").content.decode()
    assert 'data-testid="step-matches"' in path and "Team B" in path
    client.post(f"/sessions/{session.pk}/status/", {"status": "running"})
    client.post(f"/sessions/{session.pk}/status/", {"status": "finished", "confirmed": "yes"})
    standings = f"/sessions/{session.pk}/teams/standings/"
    assert client_for(player).get(standings).status_code == 404  # not published yet
    asked = client.post(f"/sessions/{session.pk}/teams/publish/").content.decode()
    assert 'data-confirm="confirm-teams-publish"' in asked and Session.objects.get(pk=session.pk).is_over
    client.post(f"/sessions/{session.pk}/teams/publish/", {"confirmed": "yes"})
    session.refresh_from_db()
    assert session.status == Session.Status.PUBLISHED
    page = client_for(player).get(standings).content.decode()
    assert 'data-testid="vp">14<' in page  # 10 IMPs on a 1-board ACBL match: 14–6 (8 IMPs earn 14)
    assert 'data-testid="standings-panel"' in client_for(player).get(f"/sessions/{session.pk}/").content.decode()


def test_a_swap_that_makes_a_rematch_is_refused_and_said(client_for, director, club):
    session = _session(club, format="swiss", rounds=2, boards_per_match=1, scale="imps")
    _teams(session, 4)
    client = client_for(director)
    client.post(SCHEDULE.format(session.pk), {"action": "confirm", "round": "1"})
    for match in Match.objects.filter(draw__session=session):
        match_boards_set(match=match, entries={1: ("420", "-50")})
    first = Match.objects.get(draw__session=session, number=1)
    # swapping a team with its next opponent's opponent so that it meets its round-1 opponent again
    proposal = client.get(SCHEDULE.format(session.pk)).context["proposal"]
    table = next(t for t in proposal.tables if str(first.home.number) in (t.home, t.away))
    mine = table.away if table.home == str(first.home.number) else table.home
    page = client.get(SCHEDULE.format(session.pk), {"swap": [f"{mine}-{first.away.number}", "x-y", "9-9"]})
    assert page.status_code == 200 and page.context["swap_error"]
    assert 'data-testid="proposal"' in page.content.decode()


@pytest.mark.parametrize("typed", ["\x00", "4S N 10" * 20, "9NT N 13", "4♠ Z 10", "100%", "A200/0"])
def test_odd_scores_are_refused_with_a_reason_and_save_nothing(client_for, director, club, typed):
    session = _session(club, format="single", boards_per_match=1, scale="wbf2013-discrete")
    _teams(session, 2)
    round_robin_draw(session=session, user=director)
    response = client_for(director).post(
        f"/sessions/{session.pk}/teams/rounds/1/matches/1/", {"board_1_home": typed, "board_1_away": "-50"}
    )
    assert response.status_code == 200 and 'class="field-error"' in response.content.decode()
    assert not MatchBoard.objects.exists()


def test_an_artificial_score_is_worth_three_imps_and_a_contract_is_scored_on_its_board(director, club):
    from teams.selectors import match_card

    session = _session(club, format="single", boards_per_match=2, scale="imps")
    _teams(session, 2)
    round_robin_draw(session=session, user=director)
    match = Match.objects.get(draw__session=session)
    # board 2 is N–S vulnerable: 4♠ by North making is +620 there, as at the other table: a flat board
    match_boards_set(match=match, entries={1: ("A60/40", "420"), 2: ("4s n 10", "620")})
    card = match_card(match=Match.objects.get(pk=match.pk), fmt=session.teams_format)
    assert [(line.imps_home, line.imps_away) for line in card.lines] == [(3, 0), (0, 0)]
    assert [b.home_ns for b in MatchBoard.objects.order_by("board")] == [
        "A6040",
        "4S N 10",
    ]  # as the scorer types it, canonical

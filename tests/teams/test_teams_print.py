"""A teams session's standings and cross-table for the notice board (teams.printing, teams.views): printable pages
and PDFs, English and Polish, linked from the standings page; who gets them is who reads the standings."""

from __future__ import annotations

import datetime
import shutil
import subprocess

import pytest
from django.utils import translation

from clubs.models import Session
from clubs.services import session_create
from teams.models import Match, MatchBoard
from teams.services import match_boards_set, round_robin_draw, teams_format_set, teams_set

pytestmark = pytest.mark.django_db

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")

#: the two tables' scores of every board (home NS, away NS): home wins board 1 by 10 IMPs, board 2 is flat
SCORES = {1: ("420", "-50"), 2: ("-100", "-100")}
LOST = {1: ("-420", "50"), 2: ("-100", "-100")}  # home loses board 1 by 10 IMPs


def league(club, director, teams=4, scale="wbf2013"):
    """A round robin of ``teams`` teams over 2-board matches, every match entered; the team of the lower number wins
    each match by 10 IMPs, so the standings follow the numbers."""
    session = session_create(club=club, name="Winter League", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, format="round_robin", boards_per_match=2, scale=scale)
    teams_set(
        session=session,
        rows=[
            {"number": n, "name": f"Team {chr(64 + n)}", "players": [(None, f"Player {n}{p}") for p in "abcd"]}
            for n in range(1, teams + 1)
        ],
    )
    round_robin_draw(session=session, user=director)
    for match in Match.objects.filter(draw__session=session).select_related("draw", "home", "away"):
        if match.away_id is None:
            continue
        first = (match.draw.round - 1) * 2 + 1
        scores = SCORES if match.home.number < match.away.number else LOST
        match_boards_set(match=match, entries={first: scores[1], first + 1: scores[2]})
    return session


def test_the_standings_page_links_both_documents_and_they_say_the_standings(client_for, director, club):
    session = league(club, director)
    client = client_for(director)
    page = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert f'href="/sessions/{session.pk}/teams/standings.pdf?round=3"' in page
    assert f'href="/sessions/{session.pk}/teams/cross-table.pdf?round=3"' in page
    printed = client.get(f"/sessions/{session.pk}/teams/standings/print/").content.decode()
    assert 'data-testid="preview-notice"' in printed and "Player 1a, Player 1b" in printed
    assert "After round 3" in printed and 'data-testid="teams-pdf-link"' in printed
    ranks = [chunk.split("<", 1)[0] for chunk in printed.split('data-testid="rank">')[1:]]
    assert ranks == ["1", "2", "3", "4"] and printed.index("Team A") < printed.index("Team D")
    cross = client.get(f"/sessions/{session.pk}/teams/cross-table/print/", {"round": "1"}).content.decode()
    assert 'data-testid="cross-table"' in cross and "After round 1 of 3" in cross
    assert cross.count('class="self"') == 4


def test_a_swiss_has_no_cross_table_to_print(client_for, director, club):
    session = session_create(club=club, name="Swiss", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, format="swiss", rounds=2, boards_per_match=2, scale="imps")
    client = client_for(director)
    assert client.get(f"/sessions/{session.pk}/teams/cross-table/print/").status_code == 404
    assert client.get(f"/sessions/{session.pk}/teams/standings/print/").status_code == 200


def test_players_read_them_once_published(client_for, director, player, club):
    session = league(club, director, teams=2)
    url = f"/sessions/{session.pk}/teams/standings/print/"
    assert client_for(player).get(url).status_code == 404
    assert client_for(player).get(f"/sessions/{session.pk}/teams/standings.pdf").status_code == 404
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PUBLISHED)
    page = client_for(player).get(url).content.decode()
    assert 'data-testid="final"' in page and "preview-notice" not in page


@needs_poppler
def test_the_pdfs_in_english_and_polish(client_for, director, club, renders, tmp_path):
    session = league(club, director, teams=3)
    client = client_for(director)
    response = client.get(f"/sessions/{session.pk}/teams/standings.pdf")
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].endswith(f'-s{session.pk}-standings-preview.pdf"')
    text = _pdf_text(response.content, tmp_path)
    assert "Winter League" in text and "Team A" in text and "Player 3d" in text and "IMPs for" in text
    with translation.override("pl"):
        polish = client.get(f"/sessions/{session.pk}/teams/cross-table.pdf", HTTP_ACCEPT_LANGUAGE="pl")
    text = _pdf_text(polish.content, tmp_path)
    assert "Tabela krzyżowa" in text and "Team C" in text
    assert len(renders) == 2
    client.get(f"/sessions/{session.pk}/teams/standings.pdf")  # the same HTML: the PDF kept is served
    assert len(renders) == 2


def _pdf_text(data: bytes, tmp_path) -> str:
    path = tmp_path / "teams.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


# --- a team's history ----------------------------------------------------------------------------------------


def test_a_teams_history_gives_every_round_with_its_total_and_place(client_for, director, player, club):
    session = league(club, director, teams=3, scale="wbf2013")
    client = client_for(director)
    standings = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    url = f"/sessions/{session.pk}/teams/2/"
    assert standings.count(f'href="{url}"') == 2  # from the standings and from the cross-table
    response = client.get(url)
    rows = response.context["history"].rows
    # team 2 (three teams: a bye each round) beats team 3 and loses to team 1, 10 IMPs each way over 2 boards
    assert len(rows) == 3 and sum(r.opponent is None for r in rows) == 1
    played = [r for r in rows if r.opponent is not None]
    won = next(r for r in played if r.opponent.number == 3)
    lost = next(r for r in played if r.opponent.number == 1)
    assert (won.line.imps_for, won.line.imps_against) == (10, 0) and (lost.line.imps_for, lost.line.imps_against) == (
        0,
        10,
    )
    assert won.line.vp_for == lost.line.vp_against and won.line.vp_for + won.line.vp_against == 20
    # the totals run on: each round's total is the last one plus what the round gave (a bye as it stood then)
    assert rows[-1].line.vp_total == sum(r.line.vp_for for r in rows) and rows[-1].line.rank == "2"
    page = response.content.decode()
    assert "Player 2a (captain)" in page and f'href="/sessions/{session.pk}/teams/rounds/' in page
    assert client.get(f"/sessions/{session.pk}/teams/9/").status_code == 404
    assert client_for(player).get(url).status_code == 404  # players read it once published


def test_a_match_not_fully_entered_says_so_in_the_history(client_for, director, club):
    session = league(club, director, teams=2)
    MatchBoard.objects.filter(match__draw__session=session, board=2).delete()
    page = client_for(director).get(f"/sessions/{session.pk}/teams/1/").content.decode()
    assert 'data-testid="not-entered"' in page and 'data-testid="total"' not in page


# --- a club's evening on board-a-match or Patton ------------------------------------------------------------


def test_a_patton_evening_gives_points_on_the_card_the_standings_and_the_history(client_for, director, club):
    session = session_create(club=club, name="Patton", date=datetime.date(2026, 11, 27), kind="teams")
    client = client_for(director)
    answer = client.post(
        f"/sessions/{session.pk}/teams/schedule/",
        {"action": "format", "format": "single", "boards_per_match": "3", "scale": "patton"},
    )
    assert answer.status_code == 302
    teams_set(
        session=session,
        rows=[{"number": n, "name": f"Team {n}", "players": [(None, f"P{n}{p}") for p in "abcd"]} for n in (1, 2)],
    )
    round_robin_draw(session=session, user=director)
    # the away team wins two boards by an overtrick; the home team wins the game swing: 2–4 on the boards, 6–0 on
    # the aggregate (+410)
    match_boards_set(match=Match.objects.get(), entries={1: ("420", "450"), 2: ("-450", "-420"), 3: ("420", "-50")})
    card = client.get(f"/sessions/{session.pk}/teams/rounds/1/matches/1/").content.decode()
    assert 'data-testid="vp-home">8.00<' in card and 'data-testid="vp-away">4.00<' in card and "Points" in card
    standings = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert 'data-testid="vp">8.00<' in standings
    history = client.get(f"/sessions/{session.pk}/teams/2/").context["history"]
    assert history.rows[0].line.vp_for == 4 and history.rows[0].line.rank == "2"

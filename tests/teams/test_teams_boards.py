"""A teams session's boards (issue 21): the path's Boards step and the dealing page deal every round's boards as the
format plays them (the dealing app's one way of dealing, as for pairs); the score card shows each board's deal with
its double-dummy table and par once the session is over — never before, to anyone; the hand records work for a
teams session; the knockout's Format and draw step; the printable round assignment (who sits where, which boards,
the sets shared between matches) as a page and a PDF."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Session
from clubs.services import session_create
from dealing.models import Board
from dealing.selectors.commitments import session_boards_played
from dealing.services.boards import session_deal_fresh
from events.session_path import session_path
from teams.models import Match
from teams.selectors import session_board_numbers
from teams.services import knockout_round_draw, round_robin_draw, teams_format_set, teams_set

pytestmark = pytest.mark.django_db


def _session(club, director, *, teams, draw=True, **fmt):
    session = session_create(club=club, name="Friday Teams", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, **fmt)
    teams_set(
        session=session,
        rows=[
            {"number": n, "name": f"Team {chr(64 + n)}", "players": [(None, f"G{n}{p}") for p in range(4)]}
            for n in range(1, teams + 1)
        ],
    )
    if draw and fmt["format"] != "knockout":
        round_robin_draw(session=session, user=director)
    return session


def test_the_boards_step_deals_every_rounds_boards_on_the_dealing_page(client_for, director, club):
    session = _session(club, director, teams=4, format="round_robin", boards_per_match=3, scale="imps")
    assert session_board_numbers(session=session) == tuple(range(1, 10))  # 3 rounds of 3 boards
    assert session_boards_played(session=session) == 9  # what a commitment to the session offers
    path = session_path(session)
    assert [s.key for s in path.steps] == ["teams", "schedule", "boards", "matches", "standings"]
    boards = path.step("boards")
    assert boards.state == "todo" and boards.is_next and "the matches play 9 boards" in " ".join(boards.said)
    client = client_for(director)
    page = client.get(f"/dealing/sessions/{session.pk}/boards/")
    assert 'data-testid="movement-boards"' in page.content.decode() and "The matches play 9 boards (1–9)" in (
        page.content.decode()
    )
    assert page.context["fresh_form"].initial["boards"] == 9
    response = client.post(f"/dealing/sessions/{session.pk}/boards/deal/fresh/", {"boards": "6"})
    assert response.status_code == 302
    step = session_path(session).step("boards")
    assert step.state == "partial" and any("boards 7, 8, 9 are missing" in m for m in step.missing)
    client.post(f"/dealing/sessions/{session.pk}/boards/deal/fresh/", {"boards": "9", "replace": "on"})
    step = session_path(session).step("boards")
    assert step.state == "done" and not step.missing
    assert sorted(Board.objects.filter(session=session).values_list("number", flat=True)) == list(range(1, 10))
    assert 'data-testid="step-boards"' in client.get(f"/sessions/{session.pk}/").content.decode()


def test_no_deal_of_a_teams_session_is_seen_before_it_is_over(client_for, director, scorer, player, club):
    session = _session(club, director, teams=2, format="single", boards_per_match=2, scale="imps")
    session_deal_fresh(session=session, user=director, boards=2, queue_analysis=False)
    for board in Board.objects.filter(session=session):  # analysed (as the worker writes it; DDS is not the point)
        board.analysis_status, board.dd_tricks = Board.AnalysisStatus.DONE, "98a79989794536445364"
        board.par_score, board.par_contracts = 420, "NS 4H="
        board.save(update_fields=["analysis_status", "dd_tricks", "par_score", "par_contracts"])
    hands = [Board.objects.get(session=session, number=n).deal_pbn for n in (1, 2)]
    north = [pbn.split(":", 1)[1].split()[0] for pbn in hands]  # a hand as the pages would write it: not at all
    match = f"/sessions/{session.pk}/teams/rounds/1/matches/1/"
    Session.objects.filter(pk=session.pk).update(status=Session.Status.RUNNING)
    for user in (director, scorer):
        page = client_for(user).get(match)
        assert page.status_code == 200 and 'data-testid="match-deals"' not in page.content.decode()
        assert not page.context["deals"]
    assert client_for(player).get(match).status_code == 404  # the score card: once published
    hidden = client_for(player).get(f"/dealing/sessions/{session.pk}/hand-record/")
    assert hidden.status_code == 403 and all(hand not in hidden.content.decode() for hand in north)
    assert client_for(director).get(f"/dealing/sessions/{session.pk}/hand-record/1/").status_code == 403

    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    page = client_for(director).get(match).content.decode()
    assert 'data-testid="match-deal-1"' in page and 'data-testid="match-deal-2"' in page
    assert 'data-testid="hand-diagram-1"' in page and 'class="dd-table"' in page and 'data-testid="par-2"' in page
    assert f'href="/dealing/sessions/{session.pk}/hand-record/"' in page
    assert f'href="/dealing/sessions/{session.pk}/hand-record/2/"' in page
    record = client_for(player).get(f"/dealing/sessions/{session.pk}/hand-record/")
    assert record.status_code == 200 and 'data-testid="hand-diagram-2"' in record.content.decode()
    session.refresh_from_db()
    assert session_path(session).step("boards").actions[0].label == "Hand records"
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PUBLISHED)
    assert 'data-testid="match-deal-1"' in client_for(player).get(match).content.decode()


def test_a_knockouts_format_and_draw_step_reads_from_the_knockout_page(director, club):
    session = _session(club, director, teams=5, draw=False, format="knockout", boards_per_match=4, scale="imps")
    step = session_path(session).step("schedule")
    assert step.state == "todo" and step.actions[0].url == f"/sessions/{session.pk}/teams/knockout/"
    assert session_board_numbers(session=session) == tuple(range(1, 13))  # 5 teams: 3 rounds of 4 boards
    knockout_round_draw(session=session, user=director)
    step = session_path(session).step("schedule")
    assert step.state == "done" and "Round 1 of 3 drawn" in " ".join(step.said)
    assert "knockout page" in " ".join(step.said)


def test_the_round_assignment_says_who_sits_where_and_which_boards(client_for, director, player, club):
    session = _session(club, director, teams=5, format="round_robin", boards_per_match=4, scale="imps")
    schedule = client_for(director).get(f"/sessions/{session.pk}/teams/schedule/").content.decode()
    url = f"/sessions/{session.pk}/teams/assignment/print/"
    assert f'href="{url}"' in schedule
    page = client_for(player).get(url)  # players see where their team sits: no deal is on it
    html = page.content.decode()
    assert page.status_code == 200 and 'data-testid="round-5"' in html and "Round 2 · boards 5–8" in html
    first = Match.objects.filter(draw__session=session, draw__round=1, number=1).select_related("home", "away").get()
    row = html[html.index('data-match="1"') :]
    row = row[: row.index("</tr>")]
    assert "1–2" in row and row.index(str(first.home)) < row.index(str(first.away))
    assert html.count('data-testid="bye"') == 5 and "first table starts with the first half" in html
    shared = client_for(director).get(url, {"sets": "1"}).content.decode()
    assert 'data-testid="set-1"' in shared and "table 1 starts with boards 1 and passes them to table 4" in shared
    assert "sets-problem" not in shared
    too_few = client_for(director).get(f"/sessions/{session.pk}/teams/assignment/print/", {"sets": "0"})
    assert "at least one" in too_few.content.decode()
    two_boards = _session(club, director, teams=6, format="round_robin", boards_per_match=2, scale="imps")
    squeezed = client_for(director).get(f"/sessions/{two_boards.pk}/teams/assignment/print/", {"sets": "1"})
    assert "Printed with 3 sets" in squeezed.content.decode()  # 2 boards: a match's two tables to a set
    assert f'href="{url}"' in client_for(director).get(f"/sessions/{session.pk}/").content.decode()  # the path
    panel = client_for(player).get(f"/sessions/{session.pk}/").content.decode()  # the teams panel
    assert f'href="{url}"' in panel and 'data-testid="dealing-panel"' in panel


def test_the_round_assignment_as_a_pdf(client_for, director, club, renders):
    session = _session(club, director, teams=2, format="single", boards_per_match=2, scale="imps")
    response = client_for(director).get(f"/sessions/{session.pk}/teams/assignment.pdf", {"sets": "1"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF") and len(renders) == 1
    assert "Team A" in renders[0] and "Round 1 · boards 1–2" in renders[0]

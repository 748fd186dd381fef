"""A knockout of teams through its page (issue 21): the format, the seeds in the director's order, the first
round with byes to the top seeds, a tie's carry-over and tie-break, the winners drawn into the next round, the
bracket shown."""

from __future__ import annotations

import datetime

import pytest

from clubs.services import session_create
from teams.models import KnockoutTie, Match, TeamsFormat
from teams.services import match_boards_set, teams_set

pytestmark = pytest.mark.django_db


def _knockout(client, club, teams=5):
    session = session_create(club=club, name="Cup", date=datetime.date(2026, 11, 27), kind="teams")
    teams_set(
        session=session,
        rows=[
            {"number": n, "name": f"Team {chr(64 + n)}", "players": [(None, f"K{n}{p}") for p in range(4)]}
            for n in range(1, teams + 1)
        ],
    )
    client.post(
        f"/sessions/{session.pk}/teams/schedule/",
        {"action": "format", "format": "knockout", "boards_per_match": "2", "scale": "wbf2013"},
    )
    return session


def test_a_knockout_is_seeded_drawn_and_its_winners_go_through(client_for, director, player, club):
    client = client_for(director)
    session = _knockout(client, club)
    assert TeamsFormat.objects.get(session=session).scale == "imps"  # a knockout is won on IMPs
    url = f"/sessions/{session.pk}/teams/knockout/"
    assert 'data-testid="knockout-link"' in client.get(f"/sessions/{session.pk}/teams/schedule/").content.decode()
    bad = client.post(url, {"action": "seeds", "order": "5 1 1 2 3"}).content.decode()
    assert "Team 1 is named twice." in bad
    assert "No team has the number 9." in client.post(url, {"action": "seeds", "order": "9"}).content.decode()
    assert "4 not named" in client.post(url, {"action": "seeds", "order": "5 1 2 3"}).content.decode()
    client.post(url, {"action": "seeds", "order": "5, 1 2 3 4"})  # team 5 the top seed
    client.post(url, {"action": "draw"})
    first = {(m.home.number, m.away.number if m.away else None) for m in Match.objects.filter(draw__round=1)}
    assert first == {(5, None), (1, None), (2, None), (3, 4)}  # 8 places: byes to the top three seeds
    assert KnockoutTie.objects.count() == 1
    client.post(url, {"action": "draw"})  # refused: 3 v 4 is not decided
    assert not Match.objects.filter(draw__round=2).exists()
    tie = Match.objects.get(draw__round=1, away__isnull=False)
    # board 1: team 3 +10 IMPs; board 2: team 4 +10 IMPs; level, and the last board went to team 4 ...
    match_boards_set(match=tie, entries={1: ("420", "-50"), 2: ("-420", "50")})
    page = client.get(url).content.decode()
    assert "Level: won on the last board." in page and "<strong>4. Team D</strong>" in page
    # ... unless team 3 carries over 1.5 IMPs
    key = f"{tie.draw.round}-{tie.number}"
    client.post(
        url,
        {"action": "tie", "tie": key, f"tie-{key}-carry_home": "1.5", f"tie-{key}-carry_away": "0",
         f"tie-{key}-tie_break": "extra-boards"},
    )  # fmt: skip
    saved = KnockoutTie.objects.get()
    assert saved.tie_break == "extra-boards" and str(saved.carry_home) == "1.5"
    page = client.get(url).content.decode()
    assert 'data-testid="tie-imps">11.50 – 10<' in page and "Won on IMPs." in page
    card = client.get(f"/sessions/{session.pk}/teams/rounds/1/matches/{tie.number}/").content.decode()
    assert "Carry-over 1.50 – 0 · Tie-break: Extra board(s)" in card
    refused = client.post(url, {"action": "tie", "tie": key, f"tie-{key}-carry_home": "-1",
                                f"tie-{key}-carry_away": "0", f"tie-{key}-tie_break": "seed"})  # fmt: skip
    assert refused.status_code == 200 and KnockoutTie.objects.get().tie_break == "extra-boards"
    client.post(url, {"action": "draw"})
    second = {(m.home.number, m.away.number) for m in Match.objects.filter(draw__round=2)}
    assert second == {(5, 3), (1, 2)}  # the better seed at home: 5 v the winner of 3 v 4; 1 v 2
    assert client_for(player).get(url).status_code == 404  # players see the bracket once published
    assert client_for(player).post(url, {"action": "draw"}).status_code == 403


def test_a_round_robin_draw_is_refused_for_a_knockout(client_for, director, club):
    client = client_for(director)
    session = _knockout(client, club, teams=2)
    client.post(f"/sessions/{session.pk}/teams/schedule/", {"action": "draw"})
    assert not Match.objects.filter(draw__session=session).exists()
    assert client.get(f"/sessions/{session.pk}/teams/knockout/").status_code == 200
    standings = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert 'data-testid="bracket-link"' in standings and 'data-testid="cross-table"' not in standings
    assert client.get(f"/sessions/{session.pk}/teams/cross-table.pdf").status_code == 404


def test_a_session_that_is_no_knockout_has_no_bracket(client_for, director, club):
    session = session_create(club=club, name="League", date=datetime.date(2026, 11, 27), kind="teams")
    assert client_for(director).get(f"/sessions/{session.pk}/teams/knockout/").status_code == 404

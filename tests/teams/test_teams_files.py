"""A teams session's results files (teams.views: export_usebio, export_pbn, import_file; teams.services.
teams_session_import): linked from the standings page for whoever reads the standings, USEBIO and PBN with both
tables' results, and a USEBIO teams file imported as a new teams session with the same standings; a knockout's
seeds, carry-overs and tie-breaks through the files; a Swiss pairs session's files, and the teams import refusing
them."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Session
from clubs.services import member_create, session_create
from dealing.domain.formats.pbn import export_pbn, read_pbn
from dealing.services.boards import session_deal_import
from scoring.domain.formats.usebio import SAMPLE as PAIRS
from scoring.domain.formats.usebio_teams import SAMPLE, read_usebio_teams, write_usebio_teams
from scoring.domain.teams import score_teams
from teams.models import KnockoutTie, Match, Team, TeamPlayer, TeamsFormat
from teams.selectors import knockout_bracket, session_standings
from teams.services import (
    knockout_round_draw,
    knockout_seeds_set,
    knockout_tie_set,
    match_boards_set,
    round_robin_draw,
    teams_format_set,
    teams_set,
)
from tests.scoring.formats.test_usebio_teams import EVENT, RICH
from tests.teams.test_swiss_pairs_pages import ROUND_1 as SWISS_ROUND_1
from tests.teams.test_swiss_pairs_pages import enter_round, swiss_pairs_session

pytestmark = pytest.mark.django_db

#: the two tables of each board (home NS, away NS), by the board's place in the match: a contract, an assigned
#: score, a pass-out against a contract, an artificial score
BOARDS = (("4S N 10", "4S S 9"), ("-100", "-100"), ("P", "3N W 9"), ("A6040", "2H E 8"))


def league(club, director, *, scale="wbf2013"):
    """A round robin of three teams (a bye each round) over 4-board matches, every match entered."""
    ada = member_create(club=club, first_name="Ada", last_name="Nowak", national_id="PL1001")
    session = session_create(club=club, name="Winter League", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, format="round_robin", boards_per_match=4, scale=scale)
    rows = []
    for n in (1, 2, 3):
        players = [
            (ada if n == 1 and p == "a" else None, "" if n == 1 and p == "a" else f"Player {n}{p}") for p in "abcd"
        ]
        rows.append({"number": n, "name": f"Team {chr(64 + n)}", "players": players})
    teams_set(session=session, rows=rows)
    round_robin_draw(session=session, user=director)
    for match in Match.objects.filter(draw__session=session, away__isnull=False).select_related("draw"):
        first = (match.draw.round - 1) * 4 + 1
        flip = match.draw.round == 2  # a round the home team loses
        entries = {}
        for k, (home, away) in enumerate(BOARDS):
            entries[first + k] = (away, home) if flip and k == 0 else (home, away)
        match_boards_set(match=match, entries=entries)
    return session


def _ranks(session):
    standing = session_standings(session=session)
    return [
        (line.team.name, str(line.standing.vp), line.standing.imps_for, line.standing.rank) for line in standing.lines
    ]


def test_the_files_round_trip_to_the_same_standings(client_for, director, club):
    session = league(club, director)
    client = client_for(director)
    page = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert f'href="/sessions/{session.pk}/teams/export/usebio/"' in page
    assert f'href="/sessions/{session.pk}/teams/export/pbn/"' in page
    response = client.get(f"/sessions/{session.pk}/teams/export/usebio/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/xml")
    assert response["Content-Disposition"].endswith('-winter-league.usebio.xml"')
    data = response.content
    text = data.decode()
    assert 'EVENT_TYPE="TEAMS"' in text and "<VP_SCALE>wbf2013</VP_SCALE>" in text
    assert "<NATIONAL_ID_NUMBER>PL1001</NATIONAL_ID_NUMBER>" in text and "<HAND>" not in text  # not over: no hands
    filed = read_usebio_teams(data)
    assert [t.name for t in filed.teams] == ["Team A", "Team B", "Team C"]
    assert len([m for m in filed.event.matches if m.away is None]) == 3  # a bye each round

    pbn = client.get(f"/sessions/{session.pk}/teams/export/pbn/")
    games = read_pbn(pbn.content).games
    assert len(games) == 3 * 4 * 2  # three matches, four boards, two tables
    first = games[0].values
    assert (first["Room"], first["Table"], first["HomeTeam"], first["Contract"], first["Score"]) == (
        "Open",
        "1",
        games[0].values["HomeTeam"],
        "4S",
        "NS 420",
    )
    assert [g.values["Room"] for g in games[:2]] == ["Open", "Closed"]
    assert {g.values["Scoring"] for g in games} == {"IMP"}

    upload = SimpleUploadedFile("league.xml", data, content_type="application/xml")
    answer = client.post(f"/clubs/{club.slug}/teams/import/", {"file": upload})
    assert answer.status_code == 302
    imported = Session.objects.exclude(pk=session.pk).get(club=club, name="Winter League")
    assert answer["Location"] == f"/sessions/{imported.pk}/teams/standings/"
    assert imported.kind == "teams" and imported.status == Session.Status.FINISHED
    assert TeamsFormat.objects.get(session=imported).format == "round_robin"
    assert _ranks(imported) == _ranks(session)
    # Ada is the club's member by her federation number; the rest are guests
    ada = TeamPlayer.objects.get(team__session=imported, team__number=1, place=1)
    assert ada.member is not None and ada.member.national_id == "PL1001"
    assert TeamPlayer.objects.filter(team__session=imported, member__isnull=True).count() == 11


def test_board_a_match_and_patton_travel_with_their_scale(client_for, director, club):
    session = league(club, director, scale="patton")
    client = client_for(director)
    data = client.get(f"/sessions/{session.pk}/teams/export/usebio/").content
    assert b"<BOARD_SCORING_METHOD>PAB</BOARD_SCORING_METHOD>" in data
    pbn = client.get(f"/sessions/{session.pk}/teams/export/pbn/").content.decode()
    assert '[Scoring "Patton"]' in pbn
    client.post(f"/clubs/{club.slug}/teams/import/", {"file": SimpleUploadedFile("p.xml", data)})
    imported = Session.objects.exclude(pk=session.pk).get(club=club, kind="teams")
    assert TeamsFormat.objects.get(session=imported).scale == "patton"
    assert _ranks(imported) == _ranks(session)


def test_players_download_once_published_and_others_never(client_for, director, player, other_director, club):
    session = league(club, director)
    url = f"/sessions/{session.pk}/teams/export/usebio/"
    assert client_for(player).get(url).status_code == 404
    assert client_for(player).get(f"/sessions/{session.pk}/teams/export/pbn/").status_code == 404
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PUBLISHED)
    assert client_for(player).get(url).status_code == 200
    page = client_for(player).get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert 'data-testid="export-pbn-link"' in page
    assert client_for(other_director).get(f"/clubs/{club.slug}/teams/import/").status_code in (403, 404)
    assert client_for(player).get(f"/clubs/{club.slug}/teams/import/").status_code in (403, 404)


def test_a_session_without_a_match_entered_has_no_file(client_for, director, club):
    session = session_create(club=club, name="Empty", date=datetime.date(2026, 11, 27), kind="teams")
    teams_format_set(session=session, format="single", boards_per_match=2, scale="wbf2013")
    page = client_for(director).get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert "export-usebio-link" not in page
    assert client_for(director).get(f"/sessions/{session.pk}/teams/export/usebio/").status_code == 404


def test_a_bad_file_is_refused_in_one_line_and_nothing_is_saved(client_for, director, club):
    client = client_for(director)
    before = Session.objects.count()
    cases = [
        (PAIRS, "line 4 (EVENT): event type MP_PAIRS is not a teams event"),
        (SAMPLE.replace(b"<AWAY_TEAM_NUMBER>2<", b"<AWAY_TEAM_NUMBER>7<"), "team 7 plays a match but is not listed"),
        (SAMPLE[:-40], "it is truncated"),
        # boards 5 and 6 in round 1, where a session of 2-board matches plays boards 1 and 2
        (SAMPLE.replace(b"<BOARD_NUMBER>1<", b"<BOARD_NUMBER>5<").replace(b"<BOARD_NUMBER>2<", b"<BOARD_NUMBER>6<"),
         "a teams session plays boards 1–2 in this round"),
    ]  # fmt: skip
    for data, said in cases:
        answer = client.post(f"/clubs/{club.slug}/teams/import/", {"file": SimpleUploadedFile("bad.xml", data)})
        assert answer.status_code == 400
        assert said in answer.content.decode(), said
    assert Session.objects.count() == before and not Team.objects.exists()
    assert "bad.xml" in answer.content.decode()


def test_the_pairs_import_page_points_to_the_teams_one(client_for, director, club):
    page = client_for(director).get(f"/scoring/clubs/{club.slug}/import/").content.decode()
    assert f'href="/clubs/{club.slug}/teams/import/"' in page


def test_a_swiss_with_a_deal_comes_in_and_goes_out_with_its_hands(client_for, director, club):
    """The file's deals come in through the dealing app's import; the session is finished, so they go out again."""
    client = client_for(director)
    data = write_usebio_teams(RICH, score_teams(EVENT))
    assert (
        client.post(f"/clubs/{club.slug}/teams/import/", {"file": SimpleUploadedFile("s.xml", data)}).status_code == 302
    )
    session = Session.objects.get(club=club, kind="teams")
    fmt = TeamsFormat.objects.get(session=session)
    assert (fmt.format, fmt.rounds, fmt.scale, fmt.boards_per_match) == ("swiss", 2, "wbf2013-discrete", 2)
    assert session.is_over and Team.objects.get(session=session, number=2).name == "Owls & Co"
    out = read_usebio_teams(client.get(f"/sessions/{session.pk}/teams/export/usebio/").content)
    assert out.swiss and dict(out.deals) == dict(RICH.deals)
    # every table's score as it was (a teams score card keeps no opening lead: the file's HK is not kept)
    assert [[b.scores for b in m.boards] for m in out.event.matches] == [
        [b.scores for b in m.boards] for m in EVENT.matches
    ]
    games = read_pbn(client.get(f"/sessions/{session.pk}/teams/export/pbn/").content).games
    assert games[0].values["Deal"] == RICH.deals[1].to_pbn() and games[2].values["Deal"] == ""


def test_the_hands_leave_only_once_the_session_is_over(client_for, director, club):
    session = league(club, director)
    deal = RICH.deals[1]
    session_deal_import(session=session, user=director, filename="d.pbn", data=export_pbn([(1, deal)]).encode())
    client = client_for(director)
    urls = [f"/sessions/{session.pk}/teams/export/{kind}/" for kind in ("usebio", "pbn")]
    hand = deal.to_pbn().split()[0][2:]  # North's hand
    usebio, pbn = (client.get(url).content.decode() for url in urls)
    assert "<HAND>" not in usebio and hand not in pbn and '[Deal ""]' in pbn
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    usebio, pbn = (client.get(url).content.decode() for url in urls)
    assert "<HAND>" in usebio and f'[Deal "{deal.to_pbn()}"]' in pbn


def test_a_knockout_comes_back_a_knockout_with_its_seeds_carry_over_and_tie_breaks(client_for, director, club):
    session = session_create(club=club, name="Cup", date=datetime.date(2026, 11, 27), kind="teams")
    rows = [{"number": n, "name": f"Team {n}", "players": [(None, f"K{n}{p}") for p in range(4)]} for n in (1, 2, 3)]
    teams_set(session=session, rows=rows)
    teams_format_set(session=session, format="knockout", boards_per_match=2, scale="imps")
    knockout_seeds_set(session=session, order=[3, 1, 2])  # team 3 the top seed: round 1's bye
    knockout_round_draw(session=session, user=director)
    semi = Match.objects.get(draw__session=session, draw__round=1, away__isnull=False)
    match_boards_set(match=semi, entries={1: ("420", "-50"), 2: ("-420", "50")})  # 10 IMPs each way
    knockout_tie_set(match=semi, carry_home=Decimal("1.5"), carry_away=Decimal(0), tie_break="seed", extra_imps=None)
    knockout_round_draw(session=session, user=director)  # the carry-over put the home team through
    final = Match.objects.get(draw__session=session, draw__round=2)
    match_boards_set(match=final, entries={3: ("110", "140"), 4: ("-100", "-100")})  # 1 IMP to the away team
    knockout_tie_set(match=final, carry_home=Decimal(2), carry_away=Decimal(0), tie_break="extra-boards", extra_imps=-3)
    client = client_for(director)
    data = client.get(f"/sessions/{session.pk}/teams/export/usebio/").content
    assert data.count(b"<KNOCKOUT_TIE>") == 2 and b"<SEED>1</SEED>" in data
    answer = client.post(f"/clubs/{club.slug}/teams/import/", {"file": SimpleUploadedFile("cup.xml", data)})
    assert answer.status_code == 302
    imported = Session.objects.exclude(pk=session.pk).get(club=club, kind="teams")
    assert TeamsFormat.objects.get(session=imported).format == "knockout"

    def seen(s):
        seeds = {t.number: t.seed for t in Team.objects.filter(session=s)}
        ties = {
            (t.match.draw.round, t.match.number, t.match.home.number, t.match.away.number):
                (t.carry_home, t.carry_away, t.tie_break, t.extra_imps)
            for t in KnockoutTie.objects.filter(match__draw__session=s)
        }  # fmt: skip
        matches = {
            (m.draw.round, m.number, m.home.number, m.away_id is None) for m in Match.objects.filter(draw__session=s)
        }
        view = knockout_bracket(session=s)
        winners = [[(t.tie.winner, t.result.decided_by if t.result else None) for t in r] for r in view.rounds]
        return seeds, ties, matches, winners

    assert seen(imported) == seen(session)
    seeds, ties, _matches, winners = seen(imported)
    assert seeds == {1: 2, 2: 3, 3: 1} and (Decimal("1.5"), Decimal(0), "seed", None) in ties.values()
    assert winners[-1] == [("3", "imps")]  # 3 + 0 against 2 + 1 … decided as the original was


def test_swiss_pairs_go_out_as_usebio_and_pbn_and_the_teams_import_refuses_them(client_for, director, club):
    client = client_for(director)
    session = swiss_pairs_session(client, club, "imps")
    client.post(f"/sessions/{session.pk}/teams/schedule/", {"action": "confirm", "round": "1"})
    enter_round(client, session, 1, SWISS_ROUND_1)
    page = client.get(f"/sessions/{session.pk}/teams/standings/").content.decode()
    assert 'data-testid="export-usebio-link"' in page and 'data-testid="export-pbn-link"' in page
    response = client.get(f"/sessions/{session.pk}/teams/export/usebio/")
    assert response.status_code == 200 and response["Content-Disposition"].endswith('.usebio.xml"')
    text = response.content.decode()
    assert 'EVENT_TYPE="SWISS_PAIRS"' in text and text.count("<PAIR>") == 6 and text.count("<MATCH>") == 3
    assert text.count("<DATUM>110</DATUM>") == 3 and text.count("<DATUM>600</DATUM>") == 3
    assert "<PLAYER_NAME>North 0</PLAYER_NAME>" in text and "<HAND>" not in text
    third = text.split("<MATCH_NUMBER>3</MATCH_NUMBER>")[1].split("</MATCH>")[0]
    assert "<HOME_IMPS>1</HOME_IMPS>" in third and "<AWAY_IMPS>4</AWAY_IMPS>" in third  # as its score card says
    games = read_pbn(client.get(f"/sessions/{session.pk}/teams/export/pbn/").content).games
    assert len(games) == 6
    table_3 = Match.objects.get(draw__session=session, draw__round=1, number=3)
    game = next(g.values for g in games if g.values["Table"] == "3")
    north = table_3.home.players.order_by("place").first().full_name
    east = table_3.away.players.order_by("place").first().full_name
    assert (game["North"], game["East"], game["ScoreIMP"]) == (north, east, "NS -4")  # -50 against a datum of 110

    before = Session.objects.count()
    answer = client.post(f"/clubs/{club.slug}/teams/import/", {"file": SimpleUploadedFile("swiss.xml", text.encode())})
    assert answer.status_code == 400
    assert "SWISS_PAIRS is a Swiss pairs event" in answer.content.decode() and Session.objects.count() == before

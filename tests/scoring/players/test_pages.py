"""The players' pages: the ranking as published, a pair's scorecard, a board's traveller with its deal and "why",
the ranking's CSV, a player's history and settings; in English and Polish."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client

from clubs.models import Member
from scoring.models import Result, SessionScoring
from scoring.selectors.layout import session_layout

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def _ranking(session):
    return SessionScoring.objects.get(session=session).published_ranking


def test_the_ranking_is_the_published_one_not_the_live_one(published):
    frozen = _ranking(published)
    best = frozen["pairs"][0]
    # a row changed behind the publication's back (no service, no refresh): players still see what was published
    Result.objects.filter(session=published).update(tricks=13)
    page = Client().get(f"/scoring/sessions/{published.pk}/ranking/")
    assert page.status_code == 200
    text = _text(page)
    assert f"{best['place']} {best['pair']} {best['names']}" in text and best["percentage"] in text
    rows = re.findall(r'data-testid="ranking-row-(\w+)"', page.content.decode())
    assert rows == [p["pair"] for p in frozen["pairs"]]


def test_the_ranking_says_the_method_the_window_and_marks_the_players_pair(published, player, client_for):
    text = _text(client_for(player).get(f"/scoring/sessions/{published.pk}/ranking/"))
    assert "Matchpoints: 2 per result beaten, 1 per tie (EBU, WBF); Neuberg factoring" in text
    assert "Provisional until" in text
    page = client_for(player).get(f"/scoring/sessions/{published.pk}/ranking/").content.decode()
    mine = re.search(r'<tr class="mine" aria-current="true" data-testid="ranking-row-(\w+)"', page)
    assert mine and mine[1] == "1" and "(you)" in page and "Your scorecard (pair 1)" in page


def test_places_are_shared_with_an_equals_sign(published):
    places = [p["place"] for p in _ranking(published)["pairs"]]
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/ranking/"))
    for place in places:
        assert f" {place} " in text
    if any(p.endswith("=") for p in places):
        assert "=" in text


def test_a_two_winner_ranking_has_ns_and_ew(published, client_for, director):
    scoring = SessionScoring.objects.get(session=published)
    data = scoring.published_ranking
    for i, p in enumerate(data["pairs"]):
        p["field"] = "NS" if i % 2 == 0 else "EW"
    data["fields"] = ["NS", "EW"]
    scoring.save()
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/ranking/"))
    assert "North–South · 4 pairs" in text and "East–West · 4 pairs" in text


def test_final_results_say_no_window(published, director):
    from scoring.services.sessions import session_results_make_final

    session_results_make_final(session=published, user=director)
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/ranking/"))
    assert "Provisional" not in text and "Ranking" in text


def test_the_csv_is_the_published_ranking(published):
    response = Client().get(f"/scoring/sessions/{published.pk}/ranking.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert 'attachment; filename="riverside-20261124-s' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Field", "Place", "Pair", "Players", "Matchpoints", "Top", "Percentage", "Boards"]
    frozen = _ranking(published)["pairs"]
    assert [r[1:4] + r[4:] for r in rows[1:]] == [
        [p["place"], p["pair"], p["names"], p["total"], p["top"], p["percentage"], str(p["boards"])] for p in frozen
    ]


def test_the_csv_in_polish(published):
    client = Client(HTTP_ACCEPT_LANGUAGE="pl")
    rows = list(
        csv.reader(io.StringIO(client.get(f"/scoring/sessions/{published.pk}/ranking.csv").content.decode("utf-8-sig")))
    )
    assert rows[0][:2] == ["Grupa", "Miejsce"]


def test_a_scorecard_lists_the_pairs_boards_in_play_order(published):
    response = Client().get(f"/scoring/sessions/{published.pk}/pairs/1/")
    assert response.status_code == 200
    page = response.content.decode()
    layout = session_layout(published)
    plan = sorted((m.round, b) for m in layout.meetings if "1" in (m.ns, m.ew) for b in m.boards)
    boards = [int(b) for b in re.findall(r'data-testid="board-link-(\d+)"', page)]
    assert boards == [b for _r, b in plan]
    assert len(re.findall(r'data-testid="scorecard-row"', page)) == len(plan)
    text = _text(response)
    frozen = next(p for p in _ranking(published)["pairs"] if p["pair"] == "1")
    assert "Ada Adamska – Bruno Bianchi" in text and f"Place {frozen['place']} of 8" in text
    assert f"{frozen['percentage']} %" in text
    assert 'data-testid="board-bars"' in page and page.count("<rect") == len(plan)
    assert "Sits out" not in text  # a complete Howell for 8 pairs has no sit-out


def test_each_board_links_to_its_traveller_with_the_pair_marked(published):
    page = Client().get(f"/scoring/sessions/{published.pk}/pairs/3/").content.decode()
    link = re.search(r'href="(/scoring/sessions/\d+/boards/(\d+)/\?pair=3)"', page)
    traveller = Client().get(link[1].replace("&amp;", "&"))
    assert traveller.status_code == 200
    marked = re.findall(
        r'<tr class="[^"]*\bmine\b[^"]*" data-testid="traveller-line" data-mine="true">', traveller.content.decode()
    )
    assert len(marked) == 1 and "Why: pair 3 on this board" in _text(traveller)


def test_the_traveller_shows_the_deal_analysis_and_every_line(published, player, client_for):
    from dealing.models import Board

    board = Board.objects.get(session=published, number=2)
    response = client_for(player).get(f"/scoring/sessions/{published.pk}/boards/2/")
    text = _text(response)
    page = response.content.decode()
    assert 'data-testid="hand-diagram-2"' in page and "HCP" in text
    assert "Dealer East" in text and f"Deal number {board.deal_number} (Pavlicek)" in text
    assert "Double-dummy tricks" in page and 'data-testid="par-2"' in page and "Par: NS 420" in text
    assert 'data-testid="perfect-auction-details"' in page and '<details class="perfect-auction"' in page
    assert page.count('data-testid="traveller-line"') == 4
    assert "(you)" in text  # the player's own pair is marked without being asked
    assert "Why: pair 1 on this board" in text


def test_the_why_says_tricks_par_and_the_field(published):
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/pairs/1/"))
    assert "double dummy" in text and "par" in text
    assert re.search(r"Your contract, 4 ?♠ ?S? by North–South, was played at \d of \d tables", text)
    assert "How it is counted" in text and "Your score beat" in text


def test_a_pass_out_and_an_artificial_score_are_explained(published):
    layout = session_layout(published)
    artificial = layout.meeting(round=next(m.round for m in layout.meetings if m.table == 2 and 5 in m.boards), table=2)
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/boards/5/?pair={artificial.ns}"))
    assert "The director gave an adjusted score at your table (Artificial: 60 % / 40 %)" in text
    assert "An artificial score: 60.00 % of the top" in text
    passed = next(m for m in layout.meetings if m.table == 3 and 6 in m.boards)
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/boards/6/?pair={passed.ew}"))
    assert "The board was passed out at your table." in text


def test_no_such_pair_or_board_is_the_same_404_page(published):
    client = Client()
    missing = [
        f"/scoring/sessions/{published.pk}/pairs/99/",
        f"/scoring/sessions/{published.pk}/boards/99/",
        "/scoring/sessions/999999/ranking/",
    ]
    bodies = set()
    for url in missing:
        response = client.get(url)
        assert response.status_code == 404, url
        bodies.add(_text(response))
    assert len(bodies) == 1


def test_every_page_in_polish(published, player):
    client = Client(HTTP_ACCEPT_LANGUAGE="pl")
    client.force_login(player)
    ranking = _text(client.get(f"/scoring/sessions/{published.pk}/ranking/"))
    assert "Klasyfikacja" in ranking and "Wyniki wstępne do" in ranking and "Liczenie wyników" in ranking
    assert "8 par" in ranking and "(wy)" in ranking
    card = _text(client.get(f"/scoring/sessions/{published.pk}/pairs/1/"))
    assert "Para 1" in card and "Miejsce" in card and "Dlaczego" in card and "w widne karty" in card
    assert "Jak to policzono" in card and ("wyniku par" in card or "wynik par" in card)
    traveller = _text(client.get(f"/scoring/sessions/{published.pk}/boards/2/"))
    assert "Rozdanie 2" in traveller and "Protokół" in traveller and "Numer rozkładu" in traveller
    history = _text(client.get("/scoring/me/"))
    assert "Moje wyniki" in history and "Najlepsze wyniki" in history
    assert "Ustawienia e-maili" in _text(client.get("/scoring/me/settings/"))
    assert "Brak wyników" in _text(Client(HTTP_ACCEPT_LANGUAGE="pl").get("/scoring/sessions/999/ranking/"))


def test_the_session_page_links_to_the_results(published, player, client_for):
    page = client_for(player).get(f"/sessions/{published.pk}/").content.decode()
    assert f'href="/scoring/sessions/{published.pk}/ranking/"' in page


def test_a_directors_preview_before_publication(played, director, client_for):
    client = client_for(director)
    text = _text(client.get(f"/scoring/sessions/{played.pk}/ranking/"))
    assert "Not published: this is a preview" in text
    assert client.get(f"/scoring/sessions/{played.pk}/pairs/1/").status_code == 200
    assert client.get(f"/scoring/sessions/{played.pk}/boards/1/").status_code == 200
    assert "Preview the results as players will see them" in client.get(f"/sessions/{played.pk}/").content.decode()


def test_history_lists_every_published_session_with_partner_place_and_chart(published, player, client_for):
    response = client_for(player).get("/scoring/me/")
    text = _text(response)
    frozen = next(p for p in _ranking(published)["pairs"] if p["pair"] == "1")
    assert "Tuesday Pairs" in text and "Bruno Bianchi" in text and frozen["percentage"] in text
    assert f"{frozen['place']} /8" in text
    page = response.content.decode()
    assert 'data-testid="history-chart"' in page and "<circle" in page and "Best results" in text


def test_history_without_a_linked_membership_says_what_to_do(director, client_for):
    text = _text(client_for(director).get("/scoring/me/"))
    assert "not linked to a club membership" in text


def test_history_needs_a_login():
    assert Client().get("/scoring/me/").status_code == 302


def test_a_player_sets_their_email_settings(published, player, client_for):
    member = Member.objects.get(user=player)
    client = client_for(player)
    page = client.get("/scoring/me/settings/").content.decode()
    assert f'name="m{member.pk}-results_by_email"' in page and "Riverside Bridge Club" in page
    response = client.post("/scoring/me/settings/", {f"m{member.pk}-language": "pl"})
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.results_by_email is False and member.language == "pl"
    client.post("/scoring/me/settings/", {f"m{member.pk}-language": "", f"m{member.pk}-results_by_email": "on"})
    member.refresh_from_db()
    assert member.results_by_email is True and member.language == ""
    assert client.post("/scoring/me/settings/", {f"m{member.pk}-language": "xx"}).status_code == 400


@pytest.mark.parametrize(
    "options", [{}, {"method": "butler"}, {"factoring": "none", "scale": "acbl"}, {"sections": "within"}]
)
def test_a_board_scored_alone_scores_as_the_whole_session(played, director, options):
    """The traveller and the scorecard score only the boards they show (boards_scored): the same numbers as
    session_score, line by line, whatever the method."""
    from scoring.selectors.players import boards_scored
    from scoring.selectors.results import session_score
    from scoring.services.sessions import session_scoring_set

    session_scoring_set(session=played, user=director, **options)
    layout = session_layout(played)
    whole = {
        (b.board, s.line.ns): (s.ns_score, s.ns, s.ew, s.top)
        for b in session_score(session=played).boards
        for s in b.lines
    }
    for boards in ({1}, {2, 7, 21}, set(range(1, 22))):
        _options, scored = boards_scored(session=played, layout=layout, boards=boards)
        alone = {(b.board, s.line.ns): (s.ns_score, s.ns, s.ew, s.top) for b in scored for s in b.lines}
        assert alone == {key: value for key, value in whole.items() if key[0] in boards}


def test_an_imps_session_shows_imps(played, director, django_capture_on_commit_callbacks):
    from scoring.services.sessions import session_results_publish, session_scoring_set

    session_scoring_set(session=played, user=director, method="butler")
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=played, user=director, query_hours=0)
    client = Client()
    ranking = _text(client.get(f"/scoring/sessions/{played.pk}/ranking/"))
    assert "IMPs against a Butler datum" in ranking and " IMPs " in ranking and "Matchpoints" not in ranking
    card = client.get(f"/scoring/sessions/{played.pk}/pairs/1/")
    assert (
        card.status_code == 200
        and "The datum is" in _text(card)
        and 'data-testid="board-bars"' not in card.content.decode()
    )
    rows = list(
        csv.reader(io.StringIO(client.get(f"/scoring/sessions/{played.pk}/ranking.csv").content.decode("utf-8-sig")))
    )
    assert rows[0] == ["Field", "Place", "Pair", "Players", "IMPs", "Boards"]


def test_sections_are_ranked_under_their_names(published):
    scoring = SessionScoring.objects.get(session=published)
    data = scoring.published_ranking
    for i, p in enumerate(data["pairs"]):
        p["field"], p["section"] = ("A", "A") if i < 4 else ("B NS", "B")
    data["fields"] = ["A", "B NS"]
    scoring.save()
    text = _text(Client().get(f"/scoring/sessions/{published.pk}/ranking/"))
    assert "Section A · 4 pairs" in text and "Section B, North–South · 4 pairs" in text
    rows = list(
        csv.reader(
            io.StringIO(Client().get(f"/scoring/sessions/{published.pk}/ranking.csv").content.decode("utf-8-sig"))
        )
    )
    assert rows[0][:3] == ["Field", "Section", "Place"] and rows[1][:2] == ["A", "A"]
    assert rows[-1][:2] == ["B North–South", "B"]


def test_play_it_again_starts_from_the_contract_the_pair_played(published, player, client_for):
    """From a pair's traveller or scorecard "Play it again" opens the board in the contract that pair played (par
    stays one click away on the play page); from the hand record it opens in par."""
    client = client_for(player)
    traveller = client.get(f"/scoring/sessions/{published.pk}/boards/2/").content.decode()
    link = re.search(r'<a href="([^"]+)"[^>]*data-testid="play-it-again">(.*?)</a>', traveller, re.S)
    assert link[1].replace("&amp;", "&") == f"/dealing/sessions/{published.pk}/boards/2/play/?contract=4S&declarer=N"
    assert re.sub(r"<[^>]+>", "", link[2]).startswith("Play it again in 4♠")
    scorecard = client.get(f"/scoring/sessions/{published.pk}/pairs/1/").content.decode()
    played = re.findall(
        r'href="(/dealing/sessions/\d+/boards/(\d+)/play/\?[^"]+)" data-testid="play-it-again-\2"', scorecard
    )
    assert played and all("contract=4S&amp;declarer=N" in href for href, _board in played)
    play = client.get(link[1].replace("&amp;", "&")).content.decode()
    assert re.search(r'data-testid="contract">4.*?by North', play, re.S)
    hand_record = client.get(f"/dealing/sessions/{published.pk}/hand-record/2/").content.decode()
    assert f'href="/dealing/sessions/{published.pk}/boards/2/play/" role="button" data-testid="play-it-again"' in (
        hand_record
    )

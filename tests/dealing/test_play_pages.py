"""Play it again in the site: the page, its htmx fragment and the JSON API (dealing.views.play, dealing.apis.play).

Who sees what when: nothing before the session is over (404 for everyone, directors included), the board
for anyone who may see the session afterwards; every card checked on the server, each position solved once.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache

from bridge.cards import Deal, board_dealer, board_vulnerability
from clubs.models import Session
from dealing.domain.analysis import analyse
from dealing.domain.play import Play, evaluate, options
from dealing.models import Board
from dealing.selectors import play as play_selectors
from dealing.services import boards as board_services

pytestmark = pytest.mark.django_db

# The bands deal: West leads the ♥A against 3NT by South (easy to reason about).
BANDS = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def set_status(session, status):
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def dealt(club_session, director):
    """Three boards, board 1 the bands deal with its analysis stored; the session running."""
    board_services.session_deal_fresh(session=club_session, user=director, boards=3)
    board = Board.objects.get(session=club_session, number=1)
    result = analyse(Deal.from_pbn(BANDS), board_vulnerability(1), board_dealer(1))
    board.deal_pbn = BANDS
    board.dd_tricks, board.par_score = result.table.to_pbn_tricks(), result.par.score
    board.par_contracts, board.analysis_status = result.par.par_contract_pbn(), Board.AnalysisStatus.DONE
    board.save()
    set_status(club_session, Session.Status.RUNNING)
    return club_session


@pytest.fixture
def over(dealt):
    set_status(dealt, Session.Status.FINISHED)
    return dealt


def url(session, number=1, **query):
    from urllib.parse import urlencode

    return f"/dealing/sessions/{session.pk}/boards/{number}/play/" + (f"?{urlencode(query)}" if query else "")


def api(session, number=1):
    return f"/api/v1/sessions/{session.pk}/boards/{number}/play/"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- who may play when ---------------------------------------------------------------------------


@pytest.mark.parametrize("status", [Session.Status.PLANNED, Session.Status.RUNNING])
@pytest.mark.parametrize("who", ["player", "scorer", "director", "auditor", "other_director"])
def test_before_the_end_everyone_gets_404(request, dealt, status, who, client_for, api_client_for):
    set_status(dealt, status)
    user = request.getfixturevalue(who)
    for address in (url(dealt), url(dealt, contract="3NT", declarer="S", cards="HA"), url(dealt, 2)):
        response = client_for(user).get(address)
        assert response.status_code == 404, (who, address)
        assert "AKQJ" not in response.content.decode()
    response = api_client_for(user).post(api(dealt), {"contract": "3NT", "declarer": "S"}, format="json")
    assert response.status_code == 404 and set(response.json()["error"]) == {"code", "message", "field"}


def test_anonymous_users_are_sent_to_log_in(over, api_client_for):
    from django.test import Client

    response = Client().get(url(over))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert api_client_for(None).post(api(over), {}, format="json").status_code in (401, 403)


@pytest.mark.parametrize("status", [Session.Status.FINISHED, Session.Status.PROVISIONAL, Session.Status.PUBLISHED])
@pytest.mark.parametrize("who", ["player", "scorer", "director", "auditor"])
def test_once_over_anyone_who_sees_the_session_plays(request, over, status, who, client_for):
    set_status(over, status)
    response = client_for(request.getfixturevalue(who)).get(url(over, contract="3NT", declarer="S"))
    assert response.status_code == 200
    assert 'data-testid="hand-W"' in response.content.decode()


def test_another_club_and_a_missing_board_are_404(over, other_director, player, client_for):
    assert client_for(other_director).get(url(over)).status_code == 404
    assert client_for(player).get(url(over, 9)).status_code == 404


# --- the page ----------------------------------------------------------------------------------


def test_the_page_starts_with_the_par_contract_and_the_opening_leader(over, player, client_for):
    html = client_for(player).get(url(over)).content.decode()
    contract = play_selectors.default_contract(_analysis(over))
    assert contract == _analysis(over).par.contracts[0].contract
    assert f'data-to-play="{contract.declarer.next.letter}"' in html
    assert html.count('class="pcard playable"') == 13  # the leader's thirteen cards are links


def _analysis(session):
    from dealing.selectors.boards import board_record

    return play_selectors.board_analysis(board_record(Board.objects.get(session=session, number=1)))


def test_a_card_played_says_what_it_gave_away(over, player, client_for):
    client = client_for(player)
    html = client.get(url(over, contract="3NT", declarer="S", cards="HA")).content.decode()
    assert "West played ♥A:" in text_of(html).replace("♥ A", "♥A")
    assert "a best card, no trick given away." in text_of(html)
    assert 'data-to-play="N"' in html
    # North's three hearts are the only cards North may play, each a link to the next position
    assert re.findall(r'data-card="(\w+)" data-cost', html) == ["HT", "H9", "H8"]
    assert "cards=HA.HT" in html


def test_a_blunder_is_counted_in_the_log(over, player, client_for):
    # 1♠ by East: play the first card until someone has a card that gives a trick away, and play that one
    client = client_for(player)
    deal = Deal.from_pbn(BANDS)
    play = Play.start(deal, play_selectors.parse_contract("1S", "E", _analysis(over)))
    for _ in range(20):
        choices = options(play)
        bad = [o for o in choices if o.cost > 0]
        if bad:
            play = play.play(bad[0].card)
            break
        play = play.play(choices[0].card)
    assert any(p.cost for p in evaluate(play).played)
    cards = ".".join(str(c) for c in play.cards)
    html = client.get(url(over, contract="1S", declarer="E", cards=cards)).content.decode()
    assert 'data-testid="last-cost"' in html and "it gave away" in text_of(html)
    assert 'class="given"' in html and 'data-testid="play-log"' in html


@pytest.mark.parametrize(
    "cards, message",
    [
        ("H2", "card 1: ♥2 is South's card; it is West's turn to play"),  # out of turn
        ("HA SA", "card 2: North must follow suit in hearts (North holds ♥10, ♥9, ♥8)"),  # a revoke
        ("HA H8 H5 H2 HA", "card 5: ♥A has already been played (by West, trick 1)"),
        ("HA XX", "card 2: unknown card 'XX'"),
    ],
)
def test_a_card_that_may_not_be_played_is_refused_and_the_good_ones_kept(over, player, client_for, cards, message):
    response = client_for(player).get(url(over, contract="3NT", declarer="S", cards=cards))
    assert response.status_code == 400
    html = response.content.decode()
    assert message.replace("'", "&#x27;") in html and 'role="alert"' in html


def test_a_bad_contract_is_refused(over, player, client_for):
    response = client_for(player).get(url(over, contract="8S", declarer="N"))
    assert response.status_code == 400 and "is not a contract" in response.content.decode()
    response = client_for(player).get(url(over, level="4", strain="H", declarer="E"))
    assert response.status_code == 200 and 'data-to-play="S"' in response.content.decode()


def test_htmx_gets_the_fragment_and_the_address_to_push(over, player, client_for):
    response = client_for(player).get(url(over, contract="3NT", declarer="S", cards="HA"), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<section id="play"' in html and "<html" not in html
    assert response["HX-Push-Url"] == url(over) + "?contract=3N&declarer=S&cards=HA"


def test_the_defenders_can_play_double_dummy(over, player, client_for):
    html = client_for(player).get(url(over, contract="3NT", declarer="S", auto="defence")).content.decode()
    assert 'data-to-play="N"' in html  # West has led, by itself
    assert "auto=defence" in html and 'data-cards="1"' in html


def test_in_polish(over, player, client_for):
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    response = client.get(url(over, contract="3NT", declarer="S", cards="HA H2"), HTTP_ACCEPT_LANGUAGE="pl")
    html = text_of(response.content.decode())
    assert "Zagraj jeszcze raz" in html and "card 2" not in html and "karta 2" in html


# --- each position solved once --------------------------------------------------------------------


def test_each_position_is_solved_once(over, player, client_for, monkeypatch):
    solved = []
    real = play_selectors.solve_position

    def counting(position):
        solved.append(position.key)
        return real(position)

    monkeypatch.setattr(play_selectors, "solve_position", counting)
    client = client_for(player)
    client.get(url(over, contract="3NT", declarer="S"))
    assert len(solved) == 1
    client.get(url(over, contract="3NT", declarer="S", cards="HA"))
    client.get(url(over, contract="3NT", declarer="S", cards="HA H8"))
    assert len(solved) == 3 and len(set(solved)) == 3  # one new position per card
    client.get(url(over, contract="3NT", declarer="S", cards="HA H8"))
    client_for(player).get(url(over, contract="3NT", declarer="S", cards="HA"))
    assert len(solved) == 3


# --- the JSON API -------------------------------------------------------------------------------


def test_the_api_answers_the_position_against_double_dummy(over, player, api_client_for):
    response = api_client_for(player).post(
        api(over), {"contract": "3NT", "declarer": "S", "cards": ["HA", "HT"]}, format="json"
    )
    assert response.status_code == 200
    data = response.json()
    assert (
        data["contract"] == "3N by S"
        and data["to_play"] == "E"
        and data["trick"] == {"leader": "W", "cards": ["HA", "HT"]}
    )
    assert [p["card"] for p in data["played"]] == ["HA", "HT"] and all(p["cost"] >= 0 for p in data["played"])
    assert sorted(o["card"] for o in data["options"]) == ["H5", "H6", "H7"]
    assert data["hands"]["W"] == "432.KQJ.T98.765"


@pytest.mark.parametrize(
    "cards, field_message",
    [
        ("HA SA", "card 2: North must follow suit in hearts (North holds ♥10, ♥9, ♥8)"),
        (["H2"], "card 1: ♥2 is South's card; it is West's turn to play"),
        ("HA Q", "card 2: unknown card 'Q'"),
    ],
)
def test_the_api_refuses_a_bad_card_in_the_one_shape(over, player, api_client_for, cards, field_message):
    response = api_client_for(player).post(
        api(over), {"contract": "3NT", "declarer": "S", "cards": cards}, format="json"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "cards" and error["message"].startswith(field_message)


def test_the_api_lets_the_defenders_play(over, player, api_client_for):
    data = (
        api_client_for(player)
        .post(api(over), {"contract": "3NT", "declarer": "S", "defenders_play": True}, format="json")
        .json()
    )
    assert len(data["cards"]) == 1 and data["to_play"] == "N"


def test_par_stays_one_click_away_from_another_contract(over, player, client_for):
    """A board opened in another contract (the one a pair played, from its traveller) says what par is and offers
    it; opened in par, it says so. The strains are written as the reader's language writes them."""
    par = _analysis(over).par.contracts[0].contract
    other = "1C" if par.call != "1C" else "1D"
    html = client_for(player).get(url(over, contract=other, declarer="N")).content.decode()
    offer = re.search(r'data-testid="par-offer">(.*?)</p>', html, re.S)[1]
    assert "Par on this board is" in text_of(offer) and f'href="{url(over)}" data-testid="play-par"' in offer
    assert "This is the board's par contract" in client_for(player).get(url(over)).content.decode()
    client = client_for(player)
    client.cookies["django_language"] = "pl"
    polish = client.get(url(over)).content.decode()
    assert '<option value="NT"' in polish and re.search(r'<option value="NT"[^>]*>BA</option>', polish)

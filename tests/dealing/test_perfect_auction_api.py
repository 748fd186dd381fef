"""The perfect-auction API (POST encode / decode), the page behind it, and the hand-record partial."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from bridge.cards import Deal, Seat
from dealing.domain.perfect_auction import encode

KERSEY = "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432"
KERSEY_HANDS = {"N": "AKQT7.AKQ.AKQ.AK", "E": "J9.JT98.JT98.QJT", "S": "8654.765.765.987", "W": "32.432.432.65432"}
ENCODE = "/api/v1/perfect-auction/encode/"
DECODE = "/api/v1/perfect-auction/decode/"


def kersey_auction(dealer: str = "N") -> str:
    return " ".join(str(call) for call in encode(Deal.from_pbn(KERSEY), Seat.from_str(dealer)))


# --- API ----------------------------------------------------------------------------------


def test_routes_are_where_the_api_says():
    assert reverse("api-perfect-auction-encode") == ENCODE
    assert reverse("api-perfect-auction-decode") == DECODE


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_encode_then_decode_through_the_api(api_client_for, player, dealer):
    client = api_client_for(player)
    east_first = "E:" + " ".join([KERSEY_HANDS[s] for s in "ESWN"])
    response = client.post(ENCODE, {"deal": east_first, "dealer": dealer.lower()}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["deal"] == KERSEY and body["dealer"] == dealer
    assert body["auction"] == kersey_auction(dealer) == " ".join(body["calls"])
    assert body["contract"].startswith("6C by ")
    passes = ("NESW".index("N") - "NESW".index(dealer)) % 4  # North holds ♠A and opens 1♦
    assert body["calls"][: passes + 1] == ["P"] * passes + ["1D"]

    response = client.post(DECODE, {"auction": body["auction"].lower(), "dealer": dealer}, format="json")
    assert response.status_code == 200, response.content
    decoded = response.json()
    assert decoded["deal"] == KERSEY and decoded["hands"] == KERSEY_HANDS
    assert decoded["calls"] == body["calls"] and decoded["dealer"] == dealer


@pytest.mark.parametrize(
    "url, payload, field, message",
    [
        (
            DECODE,
            {"auction": "P 1C X", "dealer": "N"},
            "auction",
            "the auction is unfinished: after call 3 (South: X) West must bid with ♠K",
        ),
        (DECODE, {"auction": "1C 1C", "dealer": "N"}, "auction", "call 2 (East: 1♣) is illegal"),
        (DECODE, {"auction": "1C 1D P P P", "dealer": "N"}, "auction", "call 5 (North: P) does not fit the scheme"),
        (DECODE, {"auction": "2H", "dealer": "N"}, "auction", "call 1 (North: 2♥) shows every card from ♠A to ♥K"),
        (DECODE, {"auction": "1C 1Q", "dealer": "N"}, "auction", "call 2: '1Q' is not a call"),
        (DECODE, {"auction": "1C", "dealer": "Q"}, "dealer", "dealer: unknown seat 'Q'"),
        (DECODE, {"dealer": "N"}, "auction", "auction: This field is required."),
        (ENCODE, {"deal": "N:AKQT7", "dealer": "N"}, "deal", "a PBN deal has four hands"),
        (ENCODE, {"deal": KERSEY.replace("AKQT7", "AKQT"), "dealer": "N"}, "deal", "North's hand has 12 cards"),
        (ENCODE, {"deal": KERSEY, "dealer": "X"}, "dealer", "dealer: unknown seat 'X'"),
    ],
)
def test_bad_input_is_a_400_in_the_standard_shape(api_client_for, player, url, payload, field, message):
    response = api_client_for(player).post(url, payload, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == field
    assert error["message"].startswith(message), error["message"]
    assert error["code"] in ("invalid", "required")


def test_any_logged_in_user_may_use_it_but_not_anonymous(api_client_for, player, director, auditor):
    for user in (player, director, auditor):
        assert api_client_for(user).post(ENCODE, {"deal": KERSEY, "dealer": "N"}, format="json").status_code == 200
    response = api_client_for(None).post(ENCODE, {"deal": KERSEY, "dealer": "N"}, format="json")
    assert response.status_code in (401, 403)
    assert "error" in response.json()


# --- The page -----------------------------------------------------------------------------


@pytest.fixture
def page(client_for, player):
    client = client_for(player)

    def get(**params):
        response = client.get(reverse("dealing:perfect_auction"), params)
        assert response.status_code == 200
        return response.content.decode()

    return get


def test_page_needs_a_login(client):
    response = client.get(reverse("dealing:perfect_auction"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_page_shows_both_empty_forms(page):
    html = page()
    assert 'data-testid="encode-form"' in html and 'data-testid="decode-form"' in html
    assert "bidding-diagram" not in html.split("</style>")[-1]


def test_deal_to_auction_in_a_diagram_dealer_first(page):
    html = page(**{"encode-deal": KERSEY, "encode-dealer": "E"})
    assert 'data-testid="auction-result"' in html
    header = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    assert re.findall(r'data-seat="([NESW])"', header) == ["E", "S", "W", "N"]
    assert 'class="dealer"' in header.split('data-seat="S"')[0]  # East, the dealer, is underlined
    assert kersey_auction("E") in html
    assert '1<span class="suit-d" role="img" aria-label="diamonds">♦</span>' in html  # North's 1♦, red
    assert "1NT" in html and "Pass" in html
    assert "decode-auction=" in html  # a link reads it back


def test_deal_from_four_hand_fields_with_spaces_and_voids(page):
    html = page(
        **{
            "encode-north": "AKQT7 AKQ AKQ AK",
            "encode-east": KERSEY_HANDS["E"],
            "encode-south": KERSEY_HANDS["S"],
            "encode-west": "",
            "encode-dealer": "N",
        }
    )
    assert kersey_auction("N") in html


@pytest.mark.parametrize(
    "params, field, message",
    [
        ({"encode-deal": "N:AKQT7", "encode-dealer": "N"}, "encode-deal", "a PBN deal has four hands"),
        (
            {
                "encode-north": "AKQT7.AKQ",
                "encode-east": "J9.JT98.JT98.QJT",
                "encode-south": "8654.765.765.987",
                "encode-dealer": "N",
            },
            "encode-north",
            "must have four suits",
        ),
        (
            {
                "encode-north": KERSEY_HANDS["N"],
                "encode-east": KERSEY_HANDS["N"],
                "encode-south": KERSEY_HANDS["S"],
                "encode-dealer": "N",
            },
            "encode-east",
            "is in both North&#x27;s and East&#x27;s hands",
        ),
        ({"encode-north": KERSEY_HANDS["N"], "encode-dealer": "N"}, "encode-deal", "at least three of the four hands"),
        ({"encode-deal": KERSEY, "encode-dealer": "Q"}, "encode-dealer", "Select a valid choice"),
        ({"decode-auction": "P 1C X", "decode-dealer": "N"}, "decode-auction", "the auction is unfinished"),
        ({"decode-auction": "1C 1C", "decode-dealer": "N"}, "decode-auction", "call 2 (East: 1♣) is illegal"),
        ({"decode-auction": "", "decode-dealer": "N"}, "decode-auction", "This field is required"),
    ],
)
def test_errors_are_shown_next_to_their_field(page, params, field, message):
    html = page(**params)
    error = re.search(rf'<small class="field-error" id="id_{field}-error" role="alert">(.*?)</small>', html, re.S)
    assert error, f"no error next to {field}"
    assert message in error.group(1)
    assert 'data-testid="auction-result"' not in html and 'data-testid="deal-result"' not in html


def test_auction_to_deal_in_a_compass_diagram(page):
    html = page(**{"decode-auction": kersey_auction("S").lower().replace("p", "pass"), "decode-dealer": "S"})
    assert 'data-testid="deal-result"' in html
    assert KERSEY in html
    for seat, _name in zip("NESW", ["North", "East", "South", "West"]):
        assert f'class="hand hd-{seat.lower()}" data-seat="{seat}"' in html
    assert "A K Q 10 7" in html  # North's spades
    assert "encode-deal=" in html  # a link bids it again


def test_both_forms_keep_their_own_results(page):
    html = page(
        **{"encode-deal": KERSEY, "encode-dealer": "N", "decode-auction": kersey_auction("W"), "decode-dealer": "W"}
    )
    assert 'data-testid="auction-result"' in html and 'data-testid="deal-result"' in html


# --- The partial the hand-record pages include -------------------------------------------


@pytest.mark.parametrize("deal, dealer", [(Deal.from_pbn(KERSEY), Seat.WEST), (KERSEY, "W")])
def test_perfect_auction_partial_is_a_collapsed_details_block(deal, dealer):
    html = render_to_string("dealing/_perfect_auction.html", {"deal": deal, "dealer": dealer})
    assert re.search(r'<details class="perfect-auction" data-testid="perfect-auction-details">', html)
    assert " open" not in html.split("<summary>")[0]
    header = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    assert re.findall(r'data-seat="([NESW])"', header) == ["W", "N", "E", "S"]
    assert kersey_auction("W") in html
    assert "Final contract" in html


def test_perfect_auction_partial_uses_given_calls_and_survives_a_bad_deal():
    calls = encode(Deal.from_pbn(KERSEY), Seat.NORTH)
    html = render_to_string(
        "dealing/_perfect_auction.html", {"deal": KERSEY, "dealer": Seat.NORTH, "calls": calls, "open": True}
    )
    assert '<details class="perfect-auction" data-testid="perfect-auction-details" open>' in html
    assert kersey_auction("N") in html
    html = render_to_string("dealing/_perfect_auction.html", {"deal": "N:AKQ", "dealer": "N"})
    assert "cannot be shown as an auction" in html


# --- Picking a board of a published session ---------------------------------------------


def _dealt(session, director, status):
    from clubs.models import Session
    from dealing.services import boards as board_services

    board_services.session_deal_fresh(session=session, user=director, boards=4)
    Session.objects.filter(pk=session.pk).update(status=status)
    session.refresh_from_db()
    return session


def test_pick_a_board_of_a_published_session(club_session, director, player, client_for):
    from clubs.models import Session
    from dealing.models import Board

    session = _dealt(club_session, director, Session.Status.PUBLISHED)
    board = Board.objects.get(session=session, number=3)
    deal = Deal.from_pbn(board.deal_pbn)
    client = client_for(player)
    html = client.get(reverse("dealing:perfect_auction")).content.decode()
    assert 'data-testid="board-form"' in html and "Tuesday Pairs" in html
    html = client.get(
        reverse("dealing:perfect_auction"), {"board-session": session.pk, "board-number": 3}
    ).content.decode()
    expected = " ".join(str(call) for call in encode(deal, Seat.SOUTH))  # board 3: South deals
    assert expected in html
    assert "Board 3 of Tuesday Pairs" in html
    assert re.findall(r'data-seat="([NESW])"', re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)) == [
        "S",
        "W",
        "N",
        "E",
    ]
    assert f'value="{deal.to_pbn()}"' in html  # the deal form shows the board's deal
    html = client.get(
        reverse("dealing:perfect_auction"), {"board-session": session.pk, "board-number": 9}
    ).content.decode()
    assert re.search(r'id="id_board-number-error" role="alert">This session has no board 9\.', html)


@pytest.mark.parametrize("status", ["planned", "finished"])
def test_boards_of_unpublished_sessions_cannot_be_picked(club_session, director, player, client_for, status):
    session = _dealt(club_session, director, status)
    html = (
        client_for(player)
        .get(reverse("dealing:perfect_auction"), {"board-session": session.pk, "board-number": 1})
        .content.decode()
    )
    assert 'data-testid="auction-result"' not in html
    assert 'data-testid="board-form"' not in html  # no published session to offer


def test_boards_of_another_clubs_session_cannot_be_picked(other_club, other_director, player, client_for):
    import datetime

    from clubs.services import session_create

    session = session_create(club=other_club, name="Hilltop Pairs", date=datetime.date(2026, 11, 2), boards_per_round=2)
    _dealt(session, other_director, "published")
    html = (
        client_for(player)
        .get(reverse("dealing:perfect_auction"), {"board-session": session.pk, "board-number": 1})
        .content.decode()
    )
    assert 'data-testid="auction-result"' not in html and "Hilltop Pairs" not in html


def test_perfect_bidding_says_what_it_is_for_in_players_words(client_for, player):
    """The page and the hand records' block say what perfect bidding is for — a curiosity: one auction tells the
    whole deal, nobody bids so at the table — and keep the mathematics in a collapsed "How it works"."""
    page = client_for(player).get(reverse("dealing:perfect_auction")).content.decode()
    said = re.search(r'data-testid="perfect-bidding-what">(.*?)</p>', page, re.S)[1]
    assert "A bridge curiosity" in said and "Nobody bids like this at the table" in said and "10" not in said
    how = re.search(
        r'<details class="perfect-bidding-how" data-testid="perfect-bidding-how">(.*?)</details>', page, re.S
    )
    assert how and "53,644,737,765,488,792,839,237,440,000" in how[1] and "6♣ and three passes" in how[1]
    block = render_to_string("dealing/_perfect_auction.html", {"deal": KERSEY, "dealer": "W"})
    summary = re.search(r"<summary>(.*?)</summary>", block, re.S)[1]
    assert "The deal told as one auction" in summary and "Kersey" not in summary
    assert f'href="{reverse("dealing:perfect_auction")}" data-testid="perfect-bidding-link"' in block

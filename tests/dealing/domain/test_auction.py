"""Calls, their parsing, the Laws' rules of the auction, and the final contract."""

import pytest

from bridge.auction import (
    BIDS,
    CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Call,
    check_auction,
    is_complete,
    parse_calls,
)
from bridge.cards import Seat, Strain
from bridge.errors import BridgeError


def test_bids_are_in_auction_order_and_codes_are_stable():
    assert [str(bid) for bid in BIDS[:6]] == ["1C", "1D", "1H", "1S", "1N", "2C"]
    assert str(BIDS[-1]) == "7N" and len(BIDS) == 35
    assert list(BIDS) == sorted(BIDS)
    assert [call.code for call in CALLS] == list(range(38))
    assert Call.of(Bid(6, Strain.CLUBS)) == CALLS[3 + 25]
    assert Bid.from_index(34) == Bid(7, Strain.NOTRUMP)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("P", "P"),
        ("pass", "P"),
        ("Pass", "P"),
        ("nb", "P"),
        ("no bid", "P"),
        ("X", "X"),
        ("x", "X"),
        ("dbl", "X"),
        ("Double", "X"),
        ("D", "X"),
        ("XX", "XX"),
        ("rdbl", "XX"),
        ("Redouble", "XX"),
        ("r", "XX"),
        ("1C", "1C"),
        ("1c", "1C"),
        ("1♣", "1C"),
        ("1♧", "1C"),
        ("1 clubs", "1C"),
        ("2♦", "2D"),
        ("3♥️", "3H"),
        ("4♠", "4S"),
        ("4s", "4S"),
        ("3N", "3N"),
        ("3NT", "3N"),
        ("3nt", "3N"),
        ("3 NT", "3N"),
        ("7SA", "7N"),
    ],
)
def test_call_from_str_accepts_common_spellings(text, expected):
    assert str(Call.from_str(text)) == expected


@pytest.mark.parametrize("text", ["", "8C", "0H", "1Z", "XXX", "pas", "1", "C1"])
def test_call_from_str_rejects_what_is_not_a_call(text):
    with pytest.raises(BridgeError, match="is not a call"):
        Call.from_str(text)


def test_call_symbols_for_diagrams():
    assert [Call.from_str(t).symbol for t in ("P", "X", "XX", "1C", "2D", "3H", "4S", "5N")] == [
        "Pass",
        "X",
        "XX",
        "1♣",
        "2♦",
        "3♥",
        "4♠",
        "5NT",
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("P 1C X XX 7N", "P 1C X XX 7N"),
        ("p,1c,dbl,rdbl,7nt", "P 1C X XX 7N"),
        ("1♠ – X — 2NT; P", "1S X 2N P"),
        ("1C-1H-1S-2N", "1C 1H 1S 2N"),
        ("1 NT  pass 3 NT all pass", "1N P 3N P P P"),
        ("1C X AP", "1C X P P P"),
        ("1C P AP", "1C P P P"),
        ("P P AP", "P P P P"),
        ("", ""),
    ],
)
def test_parse_calls(text, expected):
    assert " ".join(str(call) for call in parse_calls(text)) == expected


@pytest.mark.parametrize(
    "text, message",
    [
        ("1C 1H 9S", "call 3: '9S' is not a call"),
        ("1C AP 1H", "call 2: 'AP' (all pass) must be the last call"),
        ("1C P P P AP", "call 5: 'AP' (all pass) follows an auction that has already ended"),
    ],
)
def test_parse_calls_names_the_bad_call(text, message):
    with pytest.raises(BridgeError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        parse_calls(text)
    assert info.value.field == "auction"


@pytest.mark.parametrize(
    "text, dealer",
    [
        ("", "N"),
        ("P P P P", "E"),
        ("1C P P P", "S"),
        ("P 1C X XX 1H X P P XX P P P", "W"),
        ("1C X P P XX P P P", "N"),  # the doubled side redoubles after two passes
        ("1C P P X P P XX", "N"),  # the opener's partner redoubles the balancing double
        ("P P P 1C 7N X XX P P P", "N"),  # three passes before the opening do not end it
    ],
)
def test_legal_auctions(text, dealer):
    check_auction(parse_calls(text), dealer)


@pytest.mark.parametrize(
    "text, dealer, message",
    [
        ("X", "N", "call 1 (North: X) is illegal: there is no bid to double"),
        ("P XX", "N", "call 2 (East: XX) is illegal: there is no bid to redouble"),
        ("1C P X", "N", "call 3 (South: X) is illegal: 1♣ was bid by your own side"),
        ("1C X X", "N", "call 3 (South: X) is illegal: 1♣ was bid by your own side"),
        ("1C P P X X", "N", "call 5 (North: X) is illegal: 1♣ was bid by your own side"),
        ("1C X P X", "N", "call 4 (West: X) is illegal: 1♣ is already doubled"),
        ("1C X XX X", "N", "call 4 (West: X) is illegal: 1♣ is already redoubled"),
        ("1C XX", "N", "call 2 (East: XX) is illegal: 1♣ was bid by an opponent"),
        ("1C P XX", "N", "call 3 (South: XX) is illegal: 1♣ is not doubled"),
        ("1C X XX P XX", "N", "call 5 (North: XX) is illegal: 1♣ is already redoubled"),
        ("1C X P P XX X", "N", "call 6 (East: X) is illegal: 1♣ is already redoubled"),
        ("1H 1H", "S", "call 2 (West: 1♥) is illegal: 1♥ is not higher than the last bid, 1♥"),
        ("1N 1S", "W", "call 2 (North: 1♠) is illegal: 1♠ is not higher than the last bid, 1NT"),
        ("1C P P P 1D", "E", "call 5 (East: 1♦) is illegal: the auction has already ended"),
        ("P P P P P", "N", "call 5 (North: P) is illegal: the auction has already ended"),
        ("1C X P P P X", "N", "call 6 (East: X) is illegal: the auction has already ended"),
    ],
)
def test_illegal_auctions_name_the_call(text, dealer, message):
    with pytest.raises(BridgeError) as info:
        check_auction(parse_calls(text), dealer)
    assert str(info.value).startswith(message)
    assert info.value.field == "auction"


def test_check_auction_accepts_strings_and_names_unreadable_calls():
    check_auction(["1C", "x", "xx"], "N")
    with pytest.raises(BridgeError, match=r"call 2: '1Q' is not a call"):
        check_auction(["1C", "1Q"], "N")


@pytest.mark.parametrize(
    "text, complete",
    [
        ("", False),
        ("P P P", False),
        ("P P P P", True),
        ("1C", False),
        ("1C P P", False),
        ("1C P P P", True),
        ("P P P 1C P P P", True),
        ("1C X P P", False),
        ("1C X P P P", True),
    ],
)
def test_is_complete(text, complete):
    calls = parse_calls(text)
    assert is_complete(calls) is complete
    assert Auction(Seat.NORTH, calls).is_complete is complete


@pytest.mark.parametrize(
    "text, dealer, contract",
    [
        ("1C P P P", "N", "1C by N"),
        ("P 1H P 4H P P P", "N", "4H by E"),
        ("1H P 2H P 4H P P P", "S", "4H by S"),  # the partner who first named hearts
        ("1C 1S 2C 2S 3C P P X P P P", "W", "3CX by W"),
        ("1N X XX P P P", "E", "1NXX by E"),
        ("1S P 2C P 2N P 3N X P P XX P P P", "N", "3NXX by N"),  # North named NT first
        ("1D X 1S 2D 2S 3D 3S P P P", "S", "3S by N"),
    ],
)
def test_final_contract(text, dealer, contract):
    assert str(Auction.from_str(text, dealer).contract) == contract


def test_passed_out_and_unfinished_auctions_have_no_contract():
    passed_out = Auction.from_str("P P P P", "N")
    assert passed_out.is_passed_out and passed_out.contract is None
    with pytest.raises(BridgeError, match="has not ended yet"):
        _ = Auction.from_str("1C P", "N").contract


def test_auction_diagram_rows_start_with_the_dealer():
    auction = Auction.from_str("1C X XX P P 1H P P P", Seat.WEST)
    assert auction.columns == (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    rows = auction.rows()
    assert [[str(call) if call else "" for call in row] for row in rows] == [
        ["1C", "X", "XX", "P"],
        ["P", "1H", "P", "P"],
        ["P", "", "", ""],
    ]
    assert auction.seat_of(6) is Seat.NORTH
    assert str(auction) == "1C X XX P P 1H P P P"


def test_calls_are_shared_instances_and_equal_by_value():
    assert Call.from_str("pass") is PASS and Call.from_str("dbl") is DOUBLE and Call.from_str("XX") is REDOUBLE
    assert Call(5) == Call.from_str("1H")
    with pytest.raises(BridgeError):
        Call(38)
    with pytest.raises(BridgeError):
        Bid(8, Strain.CLUBS)

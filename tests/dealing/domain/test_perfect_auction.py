"""Kersey's perfect bidding: the article's examples, its table, edge deals, random deals, bad auctions."""

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.auction import Auction, Call, check_auction, is_complete, parse_calls
from bridge.cards import DECK, Card, Deal, Seat
from bridge.errors import BridgeError
from dealing.domain.perfect_auction import decode, encode

SEATS = list(Seat)[:4]
OWNERS = [i // 13 for i in range(52)]


def text(calls) -> str:
    return " ".join(str(call) for call in calls)


def deal_with(placed: dict[str, str]) -> Deal:
    """A deal with the named cards where ``placed`` says; the rest dealt round the table in deck order."""
    owners: list[int | None] = [None] * 52
    for card, seat in placed.items():
        owners[Card.from_str(card).index] = Seat.from_str(seat)
    counts = Counter(owner for owner in owners if owner is not None)
    seat = 0
    for index in range(52):
        if owners[index] is None:
            while counts[seat] >= 13:
                seat = (seat + 1) % 4
            owners[index] = seat
            counts[seat] += 1
            seat = (seat + 1) % 4
    return Deal(owners)


def random_deal(rng: random.Random) -> Deal:
    """TEST data only: a uniformly random deal from a seeded permutation."""
    owners = OWNERS[:]
    rng.shuffle(owners)
    return Deal(owners)


def assert_perfect(deal: Deal, dealer: Seat) -> list[Call]:
    calls = encode(deal, dealer)
    check_auction(calls, dealer)
    assert is_complete(calls)
    assert text(calls[-4:]) == "6C P P P"
    assert decode(calls, dealer) == deal
    assert decode(text(calls), dealer) == deal
    return calls


# --- The article's two examples ----------------------------------------------------------


def test_kersey_akqt7_of_spades_opens_one_diamond():
    deal = Deal.from_pbn("N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432")
    calls = assert_perfect(deal, Seat.NORTH)
    assert str(calls[0]) == "1D"


@pytest.mark.parametrize("dealer", SEATS)
def test_kersey_south_a9_west_kqjt85_south_1c_west_1h(dealer):
    deal = deal_with({"SA": "S", "S9": "S", "SK": "W", "SQ": "W", "SJ": "W", "ST": "W", "S8": "W", "S5": "W"})
    calls = assert_perfect(deal, dealer)
    passes = (Seat.SOUTH - dealer) % 4
    assert text(calls[: passes + 2]) == " ".join(["P"] * passes + ["1C", "1H"])
    auction = Auction(dealer, calls)
    assert auction.seat_of(passes + 1) is Seat.SOUTH and auction.seat_of(passes + 2) is Seat.WEST


# --- The article's table, transcribed again from its words --------------------------------
# South (dealer) opens 1C with SA and neither both SK (F) nor both SQ (S); SJ is North's, ST
# East's, so whoever bids after the location holds not both and bids 1D. Each row: where F
# and S are, the calls after 1C (first West's), and who bids 1D.
ARTICLE_TABLE = [
    ("W", "W", "1D", "W"),  # West bids with both
    ("N", "W", "X 1D", "N"),  # West doubles with one; North bids with F
    ("W", "N", "X XX 1D", "E"),  # North redoubles with S; East bids, both being located
    ("E", "W", "X P 1D", "E"),  # North passes with neither; East bids with F
    ("W", "S", "X P P 1D", "S"),  # East passes; South bids with S
    ("W", "E", "X P P XX 1D", "W"),  # South redoubles; West bids with F (East has S)
    ("S", "W", "X P P XX P 1D", "N"),  # West passes with S (South has F); North bids
    ("N", "N", "P 1D", "N"),  # West passes with neither; North bids with both
    ("E", "E", "P P 1D", "E"),  # North passes; East bids with both
    ("S", "N", "P P X XX P 1D", "N"),  # East doubles; South redoubles with F; West passes; North has S
    ("S", "E", "P P X XX P P 1D", "E"),  # ... North passes; East has S
    ("E", "N", "P P X P P 1D", "N"),  # South passes; West passes; North bids with S
    ("E", "S", "P P X P P XX 1D", "E"),  # North redoubles; East bids with F (South has S)
    ("N", "S", "P P X P P XX P 1D", "S"),  # East passes; South bids with S (North has F)
    ("N", "E", "P P X P P XX P P 1D", "W"),  # South passes: North has F, East S; West bids
]  # fmt: skip


@pytest.mark.parametrize("f_seat, s_seat, expected, bidder", ARTICLE_TABLE, ids=lambda v: str(v).replace(" ", "_"))
def test_every_row_of_the_articles_table(f_seat, s_seat, expected, bidder):
    deal = deal_with({"SA": "S", "SK": f_seat, "SQ": s_seat, "SJ": "N", "ST": "E"})
    calls = assert_perfect(deal, Seat.SOUTH)
    length = len(expected.split()) + 1
    assert text(calls[:length]) == "1C " + expected
    assert Auction(Seat.SOUTH, calls).seat_of(length) is Seat.from_str(bidder)


def test_random_deals_use_every_row_of_the_table():
    rng = random.Random(6)
    seen: set[str] = set()
    for _ in range(500):
        calls = encode(random_deal(rng), Seat.NORTH)
        between: list[str] = []
        for call in calls[1:]:
            if call.is_bid:
                seen.add(" ".join(between))
                between = []
            else:
                between.append(str(call))
    assert len(seen) == 15


# --- Edge deals ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", SEATS)
@pytest.mark.parametrize("holder", SEATS)
def test_one_player_holds_all_spades(holder, dealer):
    deal = deal_with({f"S{rank}": holder.letter for rank in "AKQJT98765432"})
    calls = assert_perfect(deal, dealer)
    passes = (holder - dealer) % 4
    assert text(calls[: passes + 1]) == " ".join(["P"] * passes + ["2D"])  # steps 1 … 7 = 13 spades


@pytest.mark.parametrize("dealer", SEATS)
@pytest.mark.parametrize("holder", SEATS)
def test_spade_ace_with_each_seat(holder, dealer):
    deal = deal_with({"SA": holder.letter, "SK": holder.next.letter})
    calls = assert_perfect(deal, dealer)
    passes = (holder - dealer) % 4
    assert [str(call) for call in calls[: passes + 1]] == ["P"] * passes + ["1C"]


def run_deal(holder: int, start: int) -> Deal:
    """``holder`` has the 13 consecutive cards from ``start``; the others are dealt round in deck order."""
    others = [seat for seat in range(4) if seat != holder]
    rest = iter(others * 13)
    return Deal([holder if start <= i < start + 13 else next(rest) for i in range(52)])


def steps_round_the_table() -> Deal:
    """Each step's cards to one player, the players taking turns (a full hand passes its card on)."""
    owners, counts = [], [0, 0, 0, 0]
    for i in range(52):
        seat = ((i + 1) // 2) % 4  # card 0 is step 1; cards 1-2 step 2, 3-4 step 3 …
        while counts[seat] == 13:
            seat = (seat + 1) % 4
        owners.append(seat)
        counts[seat] += 1
    return Deal(owners)


SORTED = Deal(OWNERS)  # North the spades, East the hearts, South the diamonds, West the clubs
EDGE_DEALS = {
    "sorted": SORTED,
    "sorted backwards": Deal([3 - owner for owner in OWNERS]),
    "alternating": Deal([i % 4 for i in range(52)]),
    "whole steps round the table": steps_round_the_table(),
    "north holds 13 in the middle": run_deal(0, 20),
    "south holds 13 from the second card": run_deal(2, 1),
    "east holds the last 13 before the deuce": run_deal(1, 38),
}


@pytest.mark.parametrize("dealer", SEATS)
@pytest.mark.parametrize("name", EDGE_DEALS)
def test_edge_deals_round_trip(name, dealer):
    assert_perfect(EDGE_DEALS[name], dealer)


def test_west_holding_every_club_bids_6c_itself_and_keeps_the_deuce():
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert deal == SORTED
    calls = encode(deal, Seat.NORTH)
    assert text(calls[:1]) == "2D"  # North: ♠A … ♠2
    auction = Auction(Seat.NORTH, calls)
    assert auction.seat_of(len(calls) - 3) is Seat.WEST and str(calls[-4]) == "6C"
    assert decode(calls, Seat.NORTH).holder(Card.from_str("C2")) is Seat.WEST
    assert str(auction.contract) == "6C by W"


def test_the_deuce_of_clubs_goes_to_the_hand_left_with_twelve():
    deal = EDGE_DEALS["east holds the last 13 before the deuce"]  # East: ♦2 and ♣A … ♣3
    assert deal.holder(DECK[51]) is Seat.WEST
    calls = encode(deal, Seat.EAST)
    assert decode(calls, Seat.EAST) == deal
    assert Auction(Seat.EAST, calls).seat_of(len(calls) - 3) is Seat.EAST  # East shows ♣A … ♣3 with 6♣


# --- Random deals -------------------------------------------------------------------------

deals = st.permutations(OWNERS).map(Deal)
dealers = st.sampled_from(SEATS)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(deals, dealers)
def test_random_deals_round_trip_through_legal_auctions(deal, dealer):
    calls = assert_perfect(deal, dealer)
    contract = Auction(dealer, calls).contract
    assert str(contract.bid) == "6C" and contract.doubling == 0


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(deals, dealers, st.data())
def test_decode_accepts_only_the_auction_encode_gives(deal, dealer, data):
    """Change one call (replace, drop, insert): decode refuses with a message naming a call, or the
    changed auction is exactly the perfect auction of the deal it decodes to."""
    calls = [str(call) for call in encode(deal, dealer)]
    position = data.draw(st.integers(0, len(calls)))
    how = data.draw(st.sampled_from(["replace", "drop", "insert"]))
    other = data.draw(st.sampled_from(["P", "X", "XX"] + [f"{lvl}{s}" for lvl in range(1, 8) for s in "CDHSN"]))
    changed = calls[:]
    if how == "replace" and position < len(calls):
        changed[position] = other
    elif how == "drop" and position < len(calls):
        del changed[position]
    else:
        changed.insert(position, other)
    try:
        decoded = decode(changed, dealer)
    except BridgeError as error:
        message = str(error)
        assert error.field == "auction"
        assert re.match(r"(the auction is unfinished: after )?call \d+ \((North|East|South|West): \S+\) ", message), (
            message
        )
    else:
        assert [str(call) for call in encode(decoded, dealer)] == changed


@pytest.mark.slow
def test_100000_random_deals_with_every_dealer():
    rng = random.Random(20260617)
    for _ in range(100_000):
        deal = random_deal(rng)
        for dealer in SEATS:
            calls = encode(deal, dealer)
            check_auction(calls, dealer)
            assert decode(calls, dealer) == deal


# --- What decode refuses ------------------------------------------------------------------

KERSEY = Deal.from_pbn("N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432")
KERSEY_AUCTION = text(encode(KERSEY, Seat.NORTH))


@pytest.mark.parametrize(
    "auction, dealer, message",
    [
        # illegal under the Laws
        ("X", "N", "call 1 (North: X) is illegal: there is no bid to double"),
        ("P P XX", "N", "call 3 (South: XX) is illegal: there is no bid to redouble"),
        ("1C 1C", "N", "call 2 (East: 1♣) is illegal: 1♣ is not higher than the last bid, 1♣"),
        ("1C P X", "N", "call 3 (South: X) is illegal: 1♣ was bid by your own side"),
        ("P P P P P", "E", "call 5 (East: P) is illegal: the auction has already ended"),
        ("1D XX", "N", "call 2 (East: XX) is illegal: 1♦ was bid by an opponent"),
        (KERSEY_AUCTION + " P", "N", "call 72 (West: P) is illegal: the auction has already ended"),
        # unfinished
        ("", "N", "the auction is empty"),
        ("P P P", "N", "the auction is unfinished: after call 3 (South: P) West must open holding ♠A"),
        (
            "P 1C",
            "N",
            "the auction is unfinished: after call 2 (East: 1♣) South must bid with both ♠K and ♠Q, "
            "double with one of them, or pass with neither",
        ),
        ("1C P P X XX", "W", "the auction is unfinished: after call 5 (West: XX) North must pass (holding neither"),
        (
            KERSEY_AUCTION.rsplit(" ", 1)[0],
            "N",
            "the auction is unfinished: after call 70 (East: P) three passes end the auction after 6♣ (1 more)",
        ),
        # against the scheme
        ("P P P P", "N", "call 4 (West: P) does not fit the scheme: someone holds ♠A and must open"),
        ("7N", "N", "call 1 (North: 7NT) does not fit the scheme: no bid goes above 6♣"),
        (
            "1C 1D P P P",
            "N",
            "call 5 (North: P) does not fit the scheme: after East's 1♦ (South passed, West "
            "passed), North must bid with both ♠J and ♠T, or double otherwise",
        ),
        (
            "1C 1D P P X 2C",
            "N",
            "call 6 (East: 2♣) does not fit the scheme: after East's 1♦ (South passed, West "
            "passed, North doubled), East must redouble with ♠J, or pass without it",
        ),
        (
            "1C P P X XX 1D",
            "N",
            "call 6 (East: 1♦) does not fit the scheme: after North's 1♣ (East passed, South "
            "passed, West doubled, North redoubled), East must pass (holding neither ♠K nor ♠Q)",
        ),
        (
            KERSEY_AUCTION.rsplit(" ", 3)[0] + " X P P P",
            "N",
            "call 69 (North: X) does not fit the scheme: every step is located after 6♣",
        ),
        # more than 13 cards
        ("2H", "N", "call 1 (North: 2♥) shows every card from ♠A to ♥K, giving North 15 cards; a hand has 13"),
        ("2D 4C", "N", "call 2 (East: 4♣) shows every card from ♥Q to ♦T, giving East 18 cards"),
        ("2D 2H P P 2S", "N", "call 5 (North: 2♠) places ♥Q with North and ♥J with North, giving North 15 cards"),
        (
            "2D P P X XX",
            "N",
            "call 5 (North: XX) is impossible: wherever the calls so far allow ♥A and ♥K to lie, "
            "North would hold more than 13 cards",
        ),
    ],
)
def test_decode_refuses_with_a_message_naming_the_call(auction, dealer, message):
    with pytest.raises(BridgeError) as info:
        decode(auction, dealer)
    assert str(info.value).startswith(message), str(info.value)
    assert info.value.field == "auction"


def test_decode_takes_calls_strings_or_text_and_any_dealer_spelling():
    calls = encode(KERSEY, Seat.NORTH)
    assert decode(calls, "n") == decode([str(c).lower() for c in calls], Seat.NORTH) == KERSEY
    assert decode(KERSEY_AUCTION.replace("P", "pass").replace("XX", "rdbl"), "north") == KERSEY
    assert decode(parse_calls(KERSEY_AUCTION), 0) == KERSEY
    assert decode(iter(calls), Seat.NORTH) == decode(tuple(calls), Seat.NORTH) == KERSEY
    with pytest.raises(BridgeError, match=r"^call 2 \(East: 1♣\) is illegal"):
        decode(iter(["1C", "1C"]), "N")


def test_bad_dealer_and_bad_call_text():
    with pytest.raises(BridgeError, match="dealer: unknown seat 'Q'") as info:
        decode("1C", "Q")
    assert info.value.field == "dealer"
    with pytest.raises(BridgeError, match=r"call 2: '1Z' is not a call"):
        decode(["1C", "1Z"], "N")
    with pytest.raises(BridgeError, match="expected a Deal"):
        encode("N:AKQJ...", "N")

"""Pavlicek's numbering, exactly as the seed: extremes, round trips, the fast decoder."""

import hashlib
import math

import numpy as np
import pytest

from bridge.cards import DECK, Deal, Seat
from bridge.errors import BridgeError
from dealing.domain import numbering as nb


def sample_numbers(count: int, salt: bytes = b"") -> list[int]:
    out, k = [], 0
    while len(out) < count:
        x = int.from_bytes(hashlib.sha256(salt + k.to_bytes(8, "big")).digest()[:12], "big")
        k += 1
        if x < nb.D:
            out.append(x)
    return out


def test_d_matches_the_seed():
    assert nb.D == math.factorial(52) // math.factorial(13) ** 4
    assert nb.D.to_bytes(12, "big").hex().upper() == "AD55E315634DDA658BF49200"  # the seed's hex form


def test_card_order_is_rank_first():
    names = [str(DECK[index]) for index in nb.PAVLICEK_ORDER[:6]] + [str(DECK[nb.PAVLICEK_ORDER[-1]])]
    assert names == ["SA", "HA", "DA", "CA", "SK", "HK", "C2"]


def test_zero_gives_north_east_south_the_first_thirteen_cards_each_in_order():
    owners = nb.number_to_owners(0)
    by_position = [owners[index] for index in nb.PAVLICEK_ORDER]
    assert by_position == [0] * 13 + [1] * 13 + [2] * 13 + [3] * 13


def test_d_minus_one_gives_west_south_east_then_north():
    owners = nb.number_to_owners(nb.D - 1)
    by_position = [owners[index] for index in nb.PAVLICEK_ORDER]
    assert by_position == [3] * 13 + [2] * 13 + [1] * 13 + [0] * 13


@pytest.mark.parametrize("number", [0, 1, 2, nb.D // 4 - 1, nb.D // 4, nb.D // 2, nb.D - 2, nb.D - 1])
def test_boundaries_round_trip(number):
    assert nb.deal_to_number(nb.number_to_deal(number)) == number


def test_the_first_card_splits_the_space_into_four_equal_quarters():
    # The seed: in the first quarter the spade ace is North's, then East's, South's, West's.
    for quarter in range(4):
        for number in (quarter * nb.D // 4, (quarter + 1) * nb.D // 4 - 1):
            assert nb.number_to_deal(number).holder(DECK[0]) == Seat(quarter)


def test_round_trips_number_deal_number():
    for number in sample_numbers(5000, b"rt"):
        assert nb.deal_to_number(nb.number_to_deal(number)) == number


def test_round_trips_deal_number_deal():
    # Deals built independently of the numbering (a shuffle by SHA-256 sort keys).
    for k in range(500):
        keys = [hashlib.sha256(f"{k}:{c}".encode()).digest() for c in range(52)]
        order = sorted(range(52), key=keys.__getitem__)
        owners = [0] * 52
        for place, card in enumerate(order):
            owners[card] = place // 13
        deal = Deal(owners)
        assert nb.number_to_deal(nb.deal_to_number(deal)) == deal


def test_distinct_numbers_give_distinct_deals():
    for base in (0, nb.D // 3, nb.D - 1000):
        assert len({nb.number_to_deal(n) for n in range(base, base + 1000)}) == 1000


@pytest.mark.slow
def test_fast_decoder_agrees_with_the_seed_algorithm_on_100000_numbers():
    numbers = [0, 1, nb.D - 1, nb.D - 2, nb.D // 2] + sample_numbers(100_000, b"fast")
    owners = nb.numbers_to_owners(nb.numbers_from_ints(numbers))
    assert owners.shape == (len(numbers), 52) and owners.dtype == np.uint8
    # every row is a deal
    assert ((owners[:, :, None] == np.arange(4)).sum(axis=1) == 13).all()
    # all 100,005 rows match the reference, compared through the (exact) inverse mapping
    encoded = [nb.deal_to_number(Deal(row)) for row in owners]
    assert encoded == numbers


def test_fast_decoder_handles_partial_groups_and_empty_input():
    for count in (0, 1, 7, 9, 17):
        numbers = sample_numbers(count, b"group")
        owners = nb.numbers_to_owners(nb.numbers_from_ints(numbers))
        assert [list(row) for row in owners] == [nb.number_to_owners(n) for n in numbers]


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), (" 1,234 ", 1234), ("1 234", 1234), ("1_234", 1234), ("0x10", 16), ("0XaD", 0xAD)],
)
def test_parse_deal_number(text, value):
    assert nb.parse_deal_number(text) == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a deal number"),
        ("12a", "not a deal number"),
        ("-5", "not a deal number"),
        (str(nb.D), "must be 0"),
        ("0xZZ", "hexadecimal"),
        ("1.5", "not a deal number"),
    ],
)
def test_parse_deal_number_errors(text, message):
    with pytest.raises(BridgeError, match=message):
        nb.parse_deal_number(text)


def test_bytes_round_trip_and_checks():
    assert nb.number_from_bytes(nb.number_to_bytes(nb.D - 1)) == nb.D - 1
    with pytest.raises(BridgeError):
        nb.number_from_bytes(b"\xff" * 12)
    with pytest.raises(BridgeError):
        nb.number_from_bytes(b"\x00" * 11)
    assert nb.numbers_to_ints(nb.numbers_from_ints([5, 6])) == [5, 6]

"""deal_text.py: hands as fixed-width rows and records of consecutive boards, as the bulk writers use them."""

from __future__ import annotations

import numpy as np
import pytest

from bridge.cards import Deal, board_dealer, board_vulnerability
from dealing.domain import deal_text, generator

PBN = deal_text.Hands(
    [0, 1, 2, 3], [[b"N:", b".", b".", b"."]] + [[b" ", b".", b".", b"."]] * 3, deal_text.RANK_LETTERS
)


@pytest.fixture(scope="module")
def owners():
    return generator.deal_arrays(bytes(range(32)), "layout", 0, 5000)[1]


def test_hands_write_every_deal_as_its_pbn(owners):
    rows = deal_text.hands(owners, PBN)
    assert rows.shape == (5000, PBN.width) == (5000, 69)
    assert [row.tobytes().decode() for row in rows] == [Deal(o).to_pbn() for o in owners.tolist()]


def test_hands_of_some_seats_with_wide_card_texts(owners):
    seats, prefixes = [2, 0], [[b"<", b"", b"|", b""], [b"", b"", b"", b">"]]
    cards = [b"%02d" % c for c in range(52)]
    rows = deal_text.hands(owners[:300], deal_text.Hands(seats, prefixes, cards))
    for row, o in zip(rows, owners[:300].tolist()):
        expected = b"".join(
            prefixes[slot][suit] + b"".join(cards[c] for c in range(13 * suit, 13 * suit + 13) if o[c] == seat)
            for slot, seat in enumerate(seats)
            for suit in range(4)
        )
        assert row.tobytes() == expected


def test_records_follow_law_2_and_cross_digit_counts(owners):
    dealer = deal_text.Cycle([board_dealer(b).letter.encode() for b in range(16, 32)])
    vul = deal_text.Cycle([board_vulnerability(b).pbn.encode() for b in range(16, 32)])
    first, n = 9_990, 40
    text = bytes(
        deal_text.records(first, n, [b"[", deal_text.BOARD, b" ", dealer, b" ", vul, b" ", PBN, b"]\n"], owners[:n])
    ).decode()
    expected = "".join(
        f"[{first + k} {board_dealer(first + k).letter} {board_vulnerability(first + k).pbn} "
        f"{Deal(owners[k]).to_pbn()}]\n"
        for k in range(n)
    )
    assert text == expected


def test_records_with_rows_and_two_digit_boards():
    rows = np.frombuffer(b"abcdefghij" * 3, dtype=np.uint8).reshape(30, 1)
    text = bytes(deal_text.records(1, 30, [b"Board ", deal_text.BOARD2, b"=", rows, b";"])).decode()
    assert text == "".join(f"Board {b:02d}={'abcdefghij'[(b - 1) % 10]};" for b in range(1, 31))
    with pytest.raises(ValueError, match="up to 99"):
        deal_text.records(90, 11, [deal_text.BOARD2])


def test_records_of_the_largest_board_numbers():
    top = (1 << 64) - 1
    assert bytes(deal_text.records(top - 2, 3, [deal_text.BOARD, b","])) == f"{top - 2},{top - 1},{top},".encode()
    with pytest.raises(ValueError, match="2\\^64"):
        deal_text.records(top, 2, [deal_text.BOARD])


def test_records_refuse_what_they_cannot_place(owners):
    with pytest.raises(ValueError, match="owners"):
        deal_text.records(1, 3, [PBN])
    with pytest.raises(ValueError, match="one row per board"):
        deal_text.records(1, 3, [np.zeros((2, 4), dtype=np.uint8)])
    with pytest.raises(ValueError, match="16 texts"):
        deal_text.Cycle([b"x"] * 4)
    assert bytes(deal_text.records(1, 0, [deal_text.BOARD])) == b""

"""Across a simultaneous pairs' field (``scoring.domain.checks.looks_like_another_board``): a club's board whose
results fit another board's deal is said to look like it (two boards swapped at the club's dealing machine, or a
board dealt under another number), one whose results fit no deal of the event looks fouled, and honest results,
played a trick or so either side of double dummy, are never flagged."""

from __future__ import annotations

import itertools

import pytest

from bridge.cards import Seat, Strain
from dealing.domain.analysis import DoubleDummyTable
from scoring.domain.checks import looks_like_another_board, tricks_off
from scoring.domain.results import Artificial, Played
from scoring.domain.results import TravellerLine as L


def _table(ns: dict[Strain, int], ew: dict[Strain, int]) -> DoubleDummyTable:
    """A deal's tricks: North and South take ``ns`` in each strain, East and West ``ew``."""
    return DoubleDummyTable.from_mapping(
        {(seat, strain): (ns if seat in (Seat.N, Seat.S) else ew)[strain] for seat in Seat for strain in Strain}
    )


def _strains(c: int, d: int, h: int, s: int, nt: int) -> dict[Strain, int]:
    return dict(zip(Strain, (c, d, h, s, nt)))


# six deals of an event, each won by a different side in a different strain (NS takes 13 − EW's tricks)
_WINNERS = [
    _strains(7, 6, 10, 8, 9),  # NS: 10 in hearts
    _strains(5, 11, 6, 7, 9),  # NS: 11 in diamonds
    _strains(9, 7, 6, 11, 8),  # NS: 11 in spades
    _strains(10, 8, 5, 6, 7),  # NS: 10 in clubs
    _strains(6, 5, 8, 7, 10),  # NS: 10 in no trumps
    _strains(8, 9, 7, 10, 7),  # NS: 10 in spades
]
TABLES = {}
for number, winner in enumerate(_WINNERS, start=1):
    loser = {strain: 13 - tricks for strain, tricks in winner.items()}
    TABLES[number] = _table(winner, loser) if number % 2 else _table(loser, winner)  # boards 2, 4, 6: EW's


def _played(board: int, deal: int, tables: int = 4, wobble=(0, -1, 1, 0)) -> list[L]:
    """``tables`` honest results at the club on ``board``, played with deal ``deal``'s cards: the side that wins the
    deal plays its best strain, declarers taking double dummy's tricks a trick or so either way."""
    table = TABLES[deal]
    best = max(((table[seat, strain], seat, strain) for seat in Seat for strain in Strain), key=lambda t: t[0])
    dd, seat, strain = best
    declarers = itertools.cycle((seat, seat.partner))
    letter = "NT" if strain == Strain.NOTRUMP else "CDHS"[int(strain)]
    return [
        L(board, str(2 * t + 1), str(2 * t + 2), Played.of(f"{dd - 6}{letter}", next(declarers).letter, dd + w))
        for t, w in zip(range(tables), itertools.cycle(wobble))
    ]


def _club(deals: dict[int, int] | None = None, **kwargs) -> list[L]:
    """The club's evening: every board played with its own deal, but for ``deals`` (board → the deal played)."""
    deals = deals or {}
    return [line for n in TABLES for line in _played(n, deals.get(n, n), **kwargs)]


def _said(lines, **kwargs) -> list[str]:
    return [str(t) for t in looks_like_another_board(lines, TABLES, club="Hilltop", **kwargs)]


@pytest.mark.parametrize("tables", [2, 3, 8, 13])
def test_honest_results_are_not_flagged(tables):
    assert _said(_club(tables=tables)) == []
    assert _said(_club(tables=tables, wobble=(1, -2, 0, 1))) == []  # a misplay or a gift at every other table


def test_two_boards_swapped_at_the_clubs_dealing_machine_are_found():
    said = _said(_club({2: 5, 5: 2}))
    assert len(said) == 2
    assert said[0].startswith("board 2 at Hilltop looks like board 5: its results are ")
    assert said[1].startswith("board 5 at Hilltop looks like board 2: its results are ")
    # two swaps: four flags, each board with its partner
    assert [s.split(":")[0] for s in _said(_club({2: 5, 5: 2, 3: 6, 6: 3}))] == [
        "board 2 at Hilltop looks like board 5",
        "board 3 at Hilltop looks like board 6",
        "board 5 at Hilltop looks like board 2",
        "board 6 at Hilltop looks like board 3",
    ]


def test_a_board_dealt_under_another_number_looks_like_it():
    assert [s.split(":")[0] for s in _said(_club({4: 1}))] == ["board 4 at Hilltop looks like board 1"]


def test_a_board_that_fits_no_deal_of_the_event_looks_fouled():
    fouled = [
        L(3, "1", "2", Played.of("4H", "E", 10)),  # EW's hearts: no deal of the event gives them more than 7
        L(3, "3", "4", Played.of("4H", "W", 11)),
        L(3, "5", "6", Played.of("3H", "E", 9)),
    ]
    said = _said([ln for ln in _club() if ln.board != 3] + fouled)
    assert said == [
        "board 3 at Hilltop looks fouled: its results are 3.0 tricks off double dummy on average, and fit no other "
        "board of the event"
    ]


def test_too_few_contracts_are_not_judged_and_other_results_are_left_out():
    swapped = _club({2: 5, 5: 2}, tables=1)
    assert _said(swapped) == [] and len(_said(swapped, minimum=1)) == 2
    others = [
        L(2, "7", "8", Played(None)),
        L(2, "9", "10", Artificial(60, 40)),
        L(9, "1", "2", Played.of("7N", "N", 0)),
    ]
    assert _said(_club() + others) == []  # passed out, artificial, a board not the event's: nothing to judge
    assert tricks_off(others[1], TABLES[2]) is None


def test_nothing_to_compare_says_nothing():
    assert looks_like_another_board([], TABLES, club="Hilltop") == []
    assert looks_like_another_board(_club({2: 5, 5: 2}), {}, club="Hilltop") == []

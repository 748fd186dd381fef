"""Move instructions from the movement's table cards: a two-winner Mitchell (stationary NS, relay), an
arrow-switched Mitchell ("turn the boards"), a Howell with a phantom (sit-outs); and late tables."""

from __future__ import annotations

from datetime import datetime, timedelta

from movements.domain.catalogue import movement_for
from movements.domain.guide_cards import table_cards
from tables.domain.moves import move_instructions, round_notes
from tables.domain.progress import Position, is_late


def said(m, table, round_number, bpr=3):
    line = table_cards(m)[table][round_number - 1]
    return [str(t) for t in move_instructions(line, table=table, boards_per_round=bpr, movement=m)]


def test_a_two_winner_mitchell_ns_stays_ew_moves_up_boards_move_down():
    m = movement_for(14, kind="mitchell")  # 7 tables, plain Mitchell
    words = said(m, 3, 1)
    assert words[0] == "Pair 3: stay at this table, NS."
    assert words[1].startswith("Pair ") and words[1].endswith("go to table 4, EW.")
    assert words[2] == "Boards 7–9: pass them to table 2."


def test_a_relay_mitchell_sends_boards_to_the_relay():
    m = movement_for(16, kind="mitchell", variant="relay")  # 8 tables, a bye-stand between 4 and 5
    assert any("relay" in w for t in range(1, 9) for w in said(m, t, 1)), "some table's boards go to the relay"


def test_an_arrow_switched_round_says_turn_the_boards():
    m = movement_for(14, kind="mitchell", arrow_switch=True)
    switched = [r.number for r in m.rounds if r.arrow_switched]
    assert switched
    before = switched[0] - 1
    if before >= 1:
        assert (
            said(m, 1, before)[-1]
            == f"Round {switched[0]} is arrow-switched: turn the boards (the NS pair plays the EW cards)."
        )
    line = table_cards(m)[1][switched[0] - 1]
    assert str(round_notes(line, movement=m)[0]).startswith("Arrow switch: turn the boards.")


def test_a_howell_with_a_phantom_says_who_sits_out():
    m = movement_for(7, kind="howell")
    notes = [str(t) for table in range(1, m.tables + 1) for t in round_notes(table_cards(m)[table][1], movement=m)]
    assert any("sits out" in n for n in notes)
    words = [w for table in range(1, m.tables + 1) for w in said(m, table, 1, bpr=2)]
    assert any(w.startswith("Pair ") and "sit out round 2" in w for w in words)
    assert said(m, 1, m.round_count, bpr=2) == ["That was the last round: the session is over. Thank you!"]


def test_late_tables():
    start = datetime(2026, 11, 24, 19, 0)
    playing = Position(2, True, False)
    assert is_late(playing, released=3, released_at=start, now=start, boards=3)  # a round behind
    assert not is_late(playing, released=2, released_at=start, now=start + timedelta(minutes=20), boards=3)
    assert is_late(playing, released=2, released_at=start, now=start + timedelta(minutes=22), boards=3)
    assert not is_late(Position(2, False, False), released=3, released_at=start, now=start, boards=3)

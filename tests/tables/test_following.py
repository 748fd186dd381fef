"""Phones that move with their players (issue 24 item 9): the director chooses per session whether a table's phone
stays at the table (the default: the move screen says to leave it there) or a pair's phone follows its pair (it is
asked once whose it is, and after the round's move instructions it joins the pair's next table by itself — also
through a sit-out, never at a table where the pair does not play); the room shows which phone is where."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tables.domain.errors import TableError
from tables.domain.moves import pair_place
from tables.models import Device, TableSession
from tables.selectors.context import session_context
from tables.selectors.room import room_state
from tables.selectors.table import phone_state, table_state
from tables.services.following import device_follow, device_pair_set
from tables.services.setup import phones_set, round_release, table_entry_start
from tables.services.submissions import entry_confirm, entry_submit, table_moved_on

FOUR_S = {"level": 4, "strain": "S", "declarer": "N", "relative": "="}


def play_round(device, key, round_number):
    context = session_context(device.table.table_session.session)
    for board in context.meeting(round_number, device.table.number).boards:
        entry = entry_submit(device=device, key=key(), data={"board": board, "round": round_number, **FOUR_S})
        entry_confirm(device=device, key=key(), entry=entry.entry, side="EW")


def mine(device) -> dict:
    device = Device.objects.select_related("table__table_session__session").get(pk=device.pk)
    return phone_state(device, table_state(device))


@pytest.fixture
def follow(howell, director):
    phones_set(session=howell, user=director, phones="pair")
    return howell


def test_phones_stay_at_their_tables_by_default_and_the_move_screen_says_so(howell, phone):
    device = phone(3)
    assert TableSession.objects.get(session=howell).phones == "table"
    said = mine(device)
    assert said["follows"] is False and said["choices"] == []
    assert said["note"] == "Leave this phone at table 3: the players who come to table 3 next use it."
    with pytest.raises(TableError, match="Phones stay at their tables in this session"):
        device_pair_set(device=device, pair=5)


def test_the_director_chooses_when_starting_and_bad_choices_are_named(club_session, director):
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    with pytest.raises(TableError, match="“both” is not a choice"):
        table_entry_start(session=club_session, user=director, phones="both")
    assert table_entry_start(session=club_session, user=director, phones="pair").phones == "pair"


def test_a_phone_says_once_whose_it_is_among_the_pairs_at_its_table(follow, phone):
    device = phone(3)
    context = session_context(follow)
    line = context.card_line(3, 1)
    assert mine(device)["choices"] == [line.ns, line.ew]
    other = next(p for p in range(1, 9) if p not in (line.ns, line.ew))
    with pytest.raises(TableError, match=f"Pair {other} does not play at table 3 in round 1: choose pair") as error:
        device_pair_set(device=device, pair=other)
    assert error.value.field == "pair"
    device_pair_set(device=device, pair=line.ew)
    said = mine(device)
    assert (
        said["pair"] == str(line.ew)
        and said["choices"] == []
        and said["with"] == f"This phone goes with pair {line.ew}."
    )
    going = pair_place(context.cards, line.ew, 2)
    assert said["note"] == (
        f"This phone goes with pair {line.ew}: when round 2 starts it joins table {going.table}, {going.seat}, "
        "by itself (no code or PIN)."
    )


def test_after_the_move_screen_the_phone_joins_its_pairs_next_table(follow, phone, key, director):
    device = phone(3)
    pair = session_context(follow).card_line(3, 1).ew
    device_pair_set(device=device, pair=pair)
    assert device_follow(device=device) == (device, False)  # round 1 is not over: it stays
    play_round(device, key, 1)
    assert device_follow(device=device)[1] is False  # done, reading the moves: the next round is not started
    round_release(session=follow, user=director, round_number=2, playing_confirmed=True)
    device, moved = device_follow(device=device)
    going = pair_place(session_context(follow).cards, pair, 2)
    assert moved and device.table.number == going.table and device.round == 2
    assert device_follow(device=device)[1] is False  # the same again changes nothing
    state = table_state(device)
    assert pair in {int(state["rounds"][1]["ns"]["label"]), int(state["rounds"][1]["ew"]["label"])}


def test_a_phone_waits_at_a_late_table_until_it_has_read_its_moves(follow, phone, key, director):
    device = phone(2)
    pair = session_context(follow).card_line(2, 1).ns
    device_pair_set(device=device, pair=pair)
    round_release(session=follow, user=director, round_number=2, playing_confirmed=True)  # table 2 is late
    play_round(device, key, 1)
    assert device_follow(device=device)[1] is False  # its moves come first
    table_moved_on(device=device, round_number=1)
    device, moved = device_follow(device=device)
    assert moved and device.table.number == pair_place(session_context(follow).cards, pair, 2).table


def test_a_phone_goes_with_its_pair_through_a_sit_out(club_session, director, key):
    from movements.services import session_movement_choose
    from tables.services.joining import table_join

    session_movement_choose(session=club_session, user=director, pairs=7, boards_per_round=2)
    club_session.refresh_from_db()
    table_entry_start(session=club_session, user=director, phones="pair")
    club_session.refresh_from_db()
    cards = session_context(club_session).cards
    sits_out_in_2 = next(p for p in range(1, 8) if pair_place(cards, p, 2).sits_out)
    start = pair_place(cards, sits_out_in_2, 1)
    table = club_session.table_entry.tables.get(number=start.table)
    device, _token = table_join(code=table.code, pin=table.pin)
    device_pair_set(device=device, pair=sits_out_in_2)
    assert mine(device)["note"] == (
        f"Pair {sits_out_in_2} sits out round 2: this phone goes with it and joins its next table by itself."
    )
    for t in club_session.table_entry.tables.all():
        if session_context(club_session).meeting(1, t.number) is not None:
            play_round(table_join(code=t.code, pin=t.pin)[0], key, 1)
    round_release(session=club_session, user=director, round_number=2)
    device, moved = device_follow(device=device)
    out = pair_place(cards, sits_out_in_2, 2)
    assert moved and device.table.number == out.table and out.sits_out
    assert mine(device)["sitting_out"] == f"Pair {sits_out_in_2} sits out round 2."
    assert device_follow(device=device)[1] is False  # it waits out the round there
    for t in club_session.table_entry.tables.all():
        if session_context(club_session).meeting(2, t.number) is not None:
            play_round(table_join(code=t.code, pin=t.pin)[0], key, 2)
    round_release(session=club_session, user=director, round_number=3)
    device, moved = device_follow(device=device)
    assert moved and device.table.number == pair_place(cards, sits_out_in_2, 3).table


def test_the_room_shows_which_phone_is_where_and_the_switch(follow, phone, director, client_for):
    device = phone(3)
    phone(3)  # a second phone at the table, no pair said
    pair = session_context(follow).card_line(3, 1).ns
    device_pair_set(device=device, pair=pair)
    row = next(r for r in room_state(session=follow, user=director).tables if r.table.number == 3)
    assert row.phone_pairs == [str(pair), ""]
    page = client_for(director).get(f"/tables/sessions/{follow.pk}/room/live/").content.decode()
    assert f"pair {pair}'s, no pair said" in unescape(page)
    phones = client_for(director).post(
        f"/tables/sessions/{follow.pk}/room/phones/", {"action": "phones", "phones": "table"}, HTTP_HX_REQUEST="true"
    )
    assert "A table's phone stays at the table" in unescape(phones.content.decode())
    assert TableSession.objects.get(session=follow).phones == "table"


def test_the_phones_api_says_whose_and_follows(follow, phone, key, director):
    t = session_context(follow)
    table = follow.table_entry.tables.get(number=1)
    client = Client()
    client.post(f"/t/{table.code}/", {"pin": table.pin})
    token = client.cookies["tables_device"].value
    headers = {"HTTP_X_TABLE_TOKEN": token}
    state = client.get("/api/v1/tables/state/", **headers).json()
    line = t.card_line(1, 1)
    assert state["phone"]["choices"] == [line.ns, line.ew]
    refused = client.post("/api/v1/tables/phone/pair/", {"pair": "x"}, content_type="application/json", **headers)
    assert refused.status_code == 400 and refused.json()["error"]["field"] == "pair"
    client.post("/api/v1/tables/phone/pair/", {"pair": str(line.ns)}, content_type="application/json", **headers)
    assert client.get("/api/v1/tables/state/", **headers).json()["phone"]["pair"] == str(line.ns)
    device = Device.objects.get(table=table)
    play_round(device, key, 1)
    round_release(session=follow, user=director, round_number=2, playing_confirmed=True)
    followed = client.post("/api/v1/tables/phone/follow/", {}, content_type="application/json", **headers).json()
    going = pair_place(t.cards, line.ns, 2)
    assert followed["moved"] and followed["table"] == going.table
    assert client.get("/t/").content.count(f"Table {going.table}".encode()) >= 1

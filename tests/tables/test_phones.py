"""The phones at the tables through an evening (issue 24): a late table reads where to move before its next round;
what a signed-out phone held is handed to the table's phone or the director; a conflict shows its results; leaving
asks first; the players' ranking — live when the director shows it, published at the end, never a deal."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Session
from scoring.models import Result
from scoring.selectors.layout import session_layout
from tables.domain.errors import TableError
from tables.models import Handover, Table
from tables.selectors.ranking import phone_ranking
from tables.selectors.table import table_state, table_state_version
from tables.services.handovers import handover_dismiss, handover_give, handover_settle
from tables.services.joining import table_join
from tables.services.setup import live_ranking_set, round_release
from tables.services.submissions import entry_confirm, entry_submit, table_moved_on

FOUR_S = {"level": 4, "strain": "S", "declarer": "N", "relative": "="}
THREE_NT = {"level": 3, "strain": "N", "declarer": "S", "relative": "+1"}


def boards(howell, round_number, table_number):
    return session_layout(howell).meeting(round=round_number, table=table_number).boards


def play(device, key, howell, round_number, board_list=None):
    for board in board_list if board_list is not None else boards(howell, round_number, device.table.number):
        entry = entry_submit(device=device, key=key(), data={"board": board, "round": round_number, **FOUR_S})
        entry_confirm(device=device, key=key(), entry=entry.entry, side="EW")


def where(device) -> dict:
    device.table.refresh_from_db()
    return table_state(device)["position"]


# --- item 2: a late table reads its moves ------------------------------------------------------------------


def test_a_late_table_reads_its_moves_before_the_round_released_meanwhile(howell, phone, key, director):
    late, early = phone(1), phone(2)
    first, *rest = boards(howell, 1, 1)
    play(late, key, howell, 1, [first])
    play(early, key, howell, 1)
    round_release(session=howell, user=director, round_number=2, playing_confirmed=True)  # table 1 still plays round 1
    assert where(early) == {"round": 2, "playing": True, "last": False, "moving": False}  # it had read its moves
    assert where(late) == {"round": 1, "playing": True, "last": False, "moving": False}
    play(late, key, howell, 1, rest)
    state = table_state(late)
    assert state["position"] == {"round": 1, "playing": False, "last": False, "moving": True}  # not round 2 yet
    assert state["rounds"][0]["moves"]  # round 1's move instructions are there to read
    version = table_state_version(late)
    assert table_moved_on(device=late, round_number=1) == 1
    assert table_moved_on(device=late, round_number="1") == 1  # the same again changes nothing
    assert table_state_version(late) != version  # every phone of the table follows
    assert where(late) == {"round": 2, "playing": True, "last": False, "moving": False}


def test_a_table_whose_conflict_is_settled_late_reads_its_moves(howell, phone, key, director):
    """A board in conflict is done for the players (the director decides): they read where to move."""
    device, other = phone(1), phone(1)
    first, *rest = boards(howell, 1, 1)
    entry_submit(device=device, key=key(), data={"board": first, "round": 1, **FOUR_S})
    entry_submit(device=other, key=key(), data={"board": first, "round": 1, **THREE_NT})  # a conflict
    play(device, key, howell, 1, rest)
    assert where(device) == {"round": 1, "playing": False, "last": False, "moving": False}  # moves, waiting
    round_release(session=howell, user=director, round_number=2, playing_confirmed=True)
    assert where(device)["round"] == 2  # it waited on its move screen: straight on


def test_moving_on_is_refused_before_the_next_round_is_released(howell, phone, key):
    device = phone(1)
    play(device, key, howell, 1)
    for bad, field in ((1, "round"), (99, "round"), ("x", "round")):
        with pytest.raises(TableError) as error:
            table_moved_on(device=device, round_number=bad)
        assert error.value.field == field
    assert Table.objects.get(pk=device.table_id).moved_round == 0


# --- item 11: a conflict shows its results -------------------------------------------------------------------


def test_a_conflicted_board_shows_both_results(howell, phone, key):
    device, other = phone(1), phone(1)
    board = boards(howell, 1, 1)[0]
    entry_submit(device=device, key=key(), data={"board": board, "round": 1, **FOUR_S})
    entry_submit(device=other, key=key(), data={"board": board, "round": 1, **THREE_NT})
    row = next(b for b in table_state(device)["rounds"][0]["boards"] if b["board"] == board)
    assert row["state"] == "conflict"
    assert (
        len(row["results"]) == 2 and any("4♠" in r for r in row["results"]) and any("3NT" in r for r in row["results"])
    )


# --- item 4: results on a signed-out phone -------------------------------------------------------------------


def signed_out_with_an_entry(howell, table, key):
    """Phone A holds an entry it never sent; phone B takes the table over."""
    t = table(1)
    old, _token = table_join(code=t.code, pin=t.pin)
    new, _token = table_join(code=t.code, pin=t.pin, take_over=True)
    old.refresh_from_db()
    assert old.left_at is not None
    board = boards(howell, 1, 1)[0]
    action = {"key": key(), "kind": "entry", "body": {"board": board, "round": 1, **FOUR_S, "side": "NS"}}
    return old, new, board, action


def test_a_signed_out_phone_hands_its_entry_to_the_tables_phone(howell, table, key):
    old, new, board, action = signed_out_with_an_entry(howell, table, key)
    handover_give(device=old, actions=[action])  # reported at once: the director sees it
    assert Handover.objects.get().to == "" and table_state(new)["handovers"] == []
    version = table_state_version(new)
    handover_give(device=old, actions=[action], to="table")
    assert Handover.objects.count() == 1  # the same key: the same handover
    assert table_state_version(new) != version
    [shown] = table_state(new)["handovers"]
    assert shown["board"] == board and "4♠" in shown["said"] and shown["key"] == action["key"]
    # the table's phone sends it under its first key: the handover is closed as sent
    answer = entry_submit(device=new, key=action["key"], data=shown["body"])
    assert answer.status == "pending"
    assert Handover.objects.get().closed_how == "sent" and table_state(new)["handovers"] == []


def test_ews_acceptance_goes_with_the_entry_it_accepts(howell, table, key):
    """Offline, NS sent and EW accepted: both held; the entry is handed over, the acceptance with it."""
    old, _new, board, action = signed_out_with_an_entry(howell, table, key)
    accepted = {"key": key(), "kind": "confirm", "body": {"entry": action["key"], "side": "EW"}}
    [handover] = handover_give(device=old, actions=[action, accepted], to="table")
    assert handover.key == action["key"] and Handover.objects.count() == 1
    handover_give(device=old, actions=[accepted], to="table")  # later, alone: still with its entry
    assert Handover.objects.count() == 1


def test_the_table_phone_sets_a_handed_over_result_aside(howell, table, key):
    old, new, _board, action = signed_out_with_an_entry(howell, table, key)
    [handover] = handover_give(device=old, actions=[action], to="table")
    handover_dismiss(device=new, handover=handover.pk)
    assert Handover.objects.get().closed_how == "dismissed"
    with pytest.raises(TableError):
        handover_dismiss(device=new, handover=handover.pk)  # dealt with already


def test_a_handover_that_is_not_a_result_is_refused_with_its_field(howell, table, key):
    old, _new, board, action = signed_out_with_an_entry(howell, table, key)
    for body, field in (
        ({"board": board, "level": 8, "strain": "S", "declarer": "N", "tricks": 9}, "level"),
        ({"board": 999, **FOUR_S}, "board"),  # not a board of this table
    ):
        with pytest.raises(TableError) as error:
            handover_give(device=old, actions=[{**action, "body": body}], to="director")
        assert error.value.field == field and not Handover.objects.exists()


def test_the_director_records_a_handed_over_result(howell, table, key, director):
    old, _new, board, action = signed_out_with_an_entry(howell, table, key)
    [handover] = handover_give(device=old, actions=[action], to="director")
    handover_settle(session=howell, user=director, handover=handover.pk, record=True)
    result = Result.objects.get(session=howell, board=board)
    assert (result.table, result.round, result.level, result.tricks) == (1, 1, 4, 10)
    assert Handover.objects.get().closed_how == "recorded"


def test_the_director_is_told_when_the_board_has_another_result(howell, table, key, director, phone):
    old, new, board, action = signed_out_with_an_entry(howell, table, key)
    [handover] = handover_give(device=old, actions=[action], to="director")
    entry = entry_submit(device=new, key=key(), data={"board": board, "round": 1, **THREE_NT})
    entry_confirm(device=new, key=key(), entry=entry.entry, side="EW")
    with pytest.raises(TableError) as error:
        handover_settle(session=howell, user=director, handover=handover.pk, record=True)
    assert "already has a result" in str(error.value) and "3NT" in str(error.value)
    assert Result.objects.get(session=howell, board=board).level == 3  # nothing changed
    assert Handover.objects.get().closed_at is None


def test_the_room_lists_results_on_signed_out_phones_for_directors_only(howell, table, key, director, client_for):
    old, _new, _board, action = signed_out_with_an_entry(howell, table, key)
    handover_give(device=old, actions=[action])
    page = client_for(director).get(f"/tables/sessions/{howell.pk}/room/phones/")
    assert page.status_code == 200
    assert b'data-testid="handover"' in page.content and b"still on the signed-out phone" in page.content
    assert Client().get(f"/tables/sessions/{howell.pk}/room/phones/").status_code == 302  # to the login
    dismissed = client_for(director).post(
        f"/tables/sessions/{howell.pk}/room/phones/",
        {"action": "dismiss", "handover": Handover.objects.get().pk},
        HTTP_HX_REQUEST="true",
    )
    assert dismissed.status_code == 200 and b'data-testid="handover"' not in dismissed.content


def test_the_api_takes_a_signed_out_phones_handover(howell, table, key):
    from rest_framework.test import APIClient

    t = table(1)
    _old, token = table_join(code=t.code, pin=t.pin)
    table_join(code=t.code, pin=t.pin, take_over=True)
    api = APIClient()
    api.credentials(HTTP_X_TABLE_TOKEN=token)
    assert api.get("/api/v1/tables/state/").json()["error"]["code"] == "not_joined"
    board = boards(howell, 1, 1)[0]
    action = {"key": key(), "kind": "entry", "body": {"board": board, **FOUR_S}}
    answer = api.post("/api/v1/tables/handovers/", {"to": "table", "actions": [action]}, format="json")
    assert answer.status_code == 200 and answer.json() == {"handed": 1}
    refused = api.post("/api/v1/tables/handovers/", {"to": "nobody", "actions": [action]}, format="json")
    assert refused.status_code == 400


# --- item 10: leaving asks first -----------------------------------------------------------------------------


def test_leaving_the_table_needs_the_yes(howell, table):
    t = table(1)
    client = Client()
    client.post(f"/t/{t.code}/", {"pin": t.pin})
    assert client.get("/t/").status_code == 200
    assert client.post("/t/leave/").status_code == 302
    assert client.get("/t/").status_code == 200  # still at the table: the question was not answered
    client.post("/t/leave/", {"sure": "1"})
    assert client.get("/t/").status_code == 302  # signed out


# --- item 12: the players' ranking ---------------------------------------------------------------------------


def test_the_phone_shows_a_ranking_only_when_the_director_shows_it_or_publishes(howell, phone, key, director):
    device = phone(1)
    play(device, key, howell, 1)
    assert phone_ranking(device) is None and table_state(device)["ranking"]["live"] is False
    version = table_state_version(device)
    live_ranking_set(session=howell, user=director, shown=True)
    assert table_state_version(device) != version
    device.table.table_session.refresh_from_db()
    ranking = phone_ranking(device)
    assert ranking["kind"] == "live" and ranking["url"] == ""
    here = {row["pair"] for row in ranking["rows"] if row["here"]}
    meeting = session_layout(howell).meeting(round=1, table=1)
    assert here == {meeting.ns, meeting.ew}
    assert all(set(row) == {"place", "pair", "names", "score", "here"} for row in ranking["rows"])  # no deal


def test_after_publication_the_phone_shows_its_pairs_results_and_the_link(howell, phone, key, director):
    from scoring.services.sessions import session_results_publish, session_status_set

    device = phone(1)
    play(device, key, howell, 1)
    session_status_set(session=howell, status=Session.Status.FINISHED)
    howell.refresh_from_db()
    device.table.table_session.session.refresh_from_db()
    assert phone_ranking(device) is None  # finished, not published: nothing yet
    session_results_publish(session=howell, user=director, query_hours=24)
    device.table.table_session.session.refresh_from_db()
    ranking = phone_ranking(device)
    assert ranking["kind"] == "provisional" and ranking["url"] == f"/scoring/sessions/{howell.pk}/ranking/"
    assert sum(row["here"] for row in ranking["rows"]) == 2
    howell.club.results_public = False
    howell.club.save()
    device.table.table_session.session.club.results_public = False
    assert all(row["here"] for row in phone_ranking(device)["rows"])  # members only: the table's own pairs

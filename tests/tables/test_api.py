"""The phones' API: a joined phone's table state, entries and confirmations under idempotency keys, the
errors in the API's one shape and in the phone's language (English or Polish), nothing recorded changed."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import Result
from scoring.selectors.layout import session_layout
from tables.services.joining import table_join


@pytest.fixture
def api(table):
    """``api(1)``: a DRF client holding table 1's token, as a phone's page sends it."""
    from rest_framework.test import APIClient

    def make(number: int, language: str = "en"):
        t = table(number)
        _device, token = table_join(code=t.code, pin=t.pin)
        client = APIClient(HTTP_X_TABLE_TOKEN=token, HTTP_ACCEPT_LANGUAGE=language)
        return client

    return make


def board_of(howell, table=1, round_number=1, index=0):
    return session_layout(howell).meeting(round=round_number, table=table).boards[index]


def test_state_says_the_round_the_pairs_and_the_boards(howell, api):
    state = api(1).get("/api/v1/tables/state/").json()
    assert state["table"] == 1 and state["position"] == {"round": 1, "playing": True, "last": False, "moving": False}
    first = state["rounds"][0]
    assert first["ns"]["label"] == "8" and first["ew"]["label"] == "1"
    assert [b["state"] for b in first["boards"]] == ["missing"] * 3


def test_an_entry_and_its_confirmation_with_retries(howell, api):
    client = api(1)
    board = board_of(howell)
    key = uuid.uuid4().hex
    body = {"key": key, "board": board, "level": 4, "strain": "S", "doubling": "1", "declarer": "N", "tricks": 9}
    first = client.post("/api/v1/tables/entries/", body, format="json")
    again = client.post("/api/v1/tables/entries/", body, format="json")
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert first.json()["said"] == "4♠×−1 by N, 9 tricks: −100"
    confirm = {"key": uuid.uuid4().hex, "entry": key, "side": "EW"}
    assert client.post("/api/v1/tables/confirmations/", confirm, format="json").json()["status"] == "confirmed"
    assert client.post("/api/v1/tables/confirmations/", confirm, format="json").status_code == 200
    assert Result.objects.count() == 1
    state = client.get("/api/v1/tables/state/").json()
    assert state["rounds"][0]["boards"][0]["state"] == "confirmed"


@pytest.mark.parametrize(
    "body, field, english, polish",
    [
        (
            {"level": 8, "strain": "S", "declarer": "N", "tricks": 9},
            "level",
            "There is no 8-level contract",
            "Nie ma kontraktu na poziomie 8",
        ),
        (
            {"level": 4, "strain": "S", "declarer": "N", "tricks": 14},
            "tricks",
            "14 tricks: a side takes 0 to 13",
            "14 lew",
        ),
        ({"level": 4, "strain": "S", "tricks": 9}, "declarer", "Who was declarer?", "Kto rozgrywał?"),
        (
            {"board": 99, "level": 4, "strain": "S", "declarer": "N", "tricks": 9},
            "board",
            "Board 99 is not played at",
            "Rozdanie 99 nie jest grane",
        ),
    ],
)
def test_bad_input_is_said_in_the_phones_language(howell, api, body, field, english, polish):
    for language, words in (("en", english), ("pl", polish)):
        data = {"key": uuid.uuid4().hex, "board": board_of(howell), **body}
        response = api(1, language).post("/api/v1/tables/entries/", data, format="json")
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["field"] == field and words in error["message"], error
    assert not Result.objects.exists()


def test_a_confirmation_from_the_side_that_entered_is_refused(howell, api):
    client = api(1)
    key = uuid.uuid4().hex
    client.post("/api/v1/tables/entries/", {"key": key, "board": board_of(howell), "passed_out": True}, format="json")
    response = client.post(
        "/api/v1/tables/confirmations/", {"key": uuid.uuid4().hex, "entry": key, "side": "NS"}, format="json"
    )
    assert response.status_code == 400 and response.json()["error"]["field"] == "side"
    assert not Result.objects.exists()


def test_without_a_token_or_with_a_stale_one_the_phone_is_told_to_join(howell):
    from rest_framework.test import APIClient

    for client in (APIClient(), APIClient(HTTP_X_TABLE_TOKEN="not-a-token")):
        response = client.get("/api/v1/tables/state/")
        assert response.status_code == 400 and response.json()["error"]["code"] == "not_joined"


def test_a_finished_session_takes_no_result(howell, api):
    from clubs.models import Session

    client = api(2)
    Session.objects.filter(pk=howell.pk).update(status=Session.Status.FINISHED)
    response = client.post(
        "/api/v1/tables/entries/",
        {"key": uuid.uuid4().hex, "board": board_of(howell, 2), "passed_out": True},
        format="json",
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "session_over"
    assert not Result.objects.exists()


def test_the_state_is_asked_for_cheaply_until_something_changes(howell, api):
    client = api(1)
    first = client.get("/api/v1/tables/state/")
    etag = first["ETag"]
    assert client.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    client.post(
        "/api/v1/tables/entries/",
        {"key": uuid.uuid4().hex, "board": board_of(howell), "passed_out": True},
        format="json",
    )
    again = client.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again.json()["rounds"][0]["boards"][0]["state"] == "pending"


def test_the_state_changes_with_this_tables_results_and_not_with_other_tables(howell, api, director):
    from scoring.domain.notation import from_data
    from scoring.services.results import result_correct

    here, elsewhere = api(1), api(2)

    def enter(client, table):
        key = uuid.uuid4().hex
        client.post(
            "/api/v1/tables/entries/",
            {"key": key, "board": board_of(howell, table), "level": 3, "strain": "N", "declarer": "S", "tricks": 9},
            format="json",
        )
        assert (
            client.post("/api/v1/tables/confirmations/", {"key": uuid.uuid4().hex, "entry": key}, format="json").json()[
                "status"
            ]
            == "confirmed"
        )

    etag = here.get("/api/v1/tables/state/")["ETag"]
    enter(elsewhere, 2)  # another table records a board: nothing here changed
    assert here.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    enter(here, 1)
    changed = here.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed.json()["rounds"][0]["boards"][0]["state"] == "confirmed"
    etag = changed["ETag"]
    line = Result.objects.get(table=1)  # the director corrects this table's line
    result_correct(
        result=line,
        new=from_data({"contract": "3NT", "declarer": "S", "tricks": 10}),
        user=director,
        reason="tricks miscounted",
    )
    corrected = here.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag)
    assert corrected.status_code == 200 and corrected.json()["rounds"][0]["boards"][0]["said"].endswith("+430")
    etag = corrected["ETag"]
    Result.objects.filter(table=1).delete()  # and deletes it
    assert here.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_phones_of_a_table_share_each_version_of_its_state(howell, api, monkeypatch):
    """The state is built once a version, whichever phone of the table asks, and built again once it changes."""
    from tables.selectors import table as selectors

    built = []
    real = selectors.table_state
    monkeypatch.setattr(selectors, "table_state", lambda device: built.append(device.pk) or real(device))
    first, second, elsewhere = api(1), api(1), api(2)
    one, two = first.get("/api/v1/tables/state/"), second.get("/api/v1/tables/state/")
    assert one.json()["rounds"] == two.json()["rounds"] and one["ETag"] == two["ETag"] and len(built) == 1
    assert one.json()["stamp"] <= two.json()["stamp"]  # when it was sent, not when it was built
    elsewhere.get("/api/v1/tables/state/")
    assert len(built) == 2  # another table: its own state
    second.post(
        "/api/v1/tables/entries/",
        {"key": uuid.uuid4().hex, "board": board_of(howell), "passed_out": True},
        format="json",
    )
    after = first.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=one["ETag"])
    assert after.status_code == 200 and after.json()["rounds"][0]["boards"][0]["state"] == "pending"
    assert len(built) == 3


def test_the_state_changes_when_the_director_renames_a_pair_or_changes_the_table_settings(howell, api, club, director):
    from events.pairs import pair_set
    from tables.services.setup import table_settings_set

    client = api(1)
    first = client.get("/api/v1/tables/state/")
    assert first.json()["rounds"][0]["ns"]["label"] == "8"
    pair_set(session=howell, number=8, player_1_name="Ann Guest", player_2_name="Bo Guest")
    renamed = client.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert renamed.status_code == 200 and renamed.json()["rounds"][0]["ns"]["names"] == "Ann Guest – Bo Guest"
    table_settings_set(
        club=club, user=director, record_lead=True, show_traveller=False, tricks="total", minutes_per_board=7
    )
    changed = client.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=renamed["ETag"])
    assert changed.status_code == 200 and changed.json()["settings"] == {
        "lead": True,
        "traveller": False,
        "tricks": "total",
    }
    assert client.get("/api/v1/tables/state/", HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_the_traveller_after_a_board_only_once_the_table_has_confirmed_it(howell, api, club):
    from tables.models import TableSettings

    board = board_of(howell)
    first, second = api(1), api(4)
    assert first.get(f"/api/v1/tables/boards/{board}/traveller/").status_code == 404  # the club does not show it
    TableSettings.objects.create(club=club, show_traveller=True)
    assert first.get(f"/api/v1/tables/boards/{board}/traveller/").status_code == 404  # not played here yet
    key = uuid.uuid4().hex
    first.post(
        "/api/v1/tables/entries/",
        {"key": key, "board": board, "level": 4, "strain": "S", "declarer": "N", "relative": "="},
        format="json",
    )
    first.post("/api/v1/tables/confirmations/", {"key": uuid.uuid4().hex, "entry": key}, format="json")
    traveller = first.get(f"/api/v1/tables/boards/{board}/traveller/").json()
    assert traveller["mine"]["said"].startswith("4♠= by N") and traveller["mine"]["ns_percent"] == 50.0
    assert "deal" not in traveller and "hands" not in str(traveller)
    assert second.get(f"/api/v1/tables/boards/{board}/traveller/").status_code == 404  # table 4 has not played it

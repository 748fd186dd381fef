"""The results API: results, travellers and ranking as JSON; lines entered, corrected and deleted; every bad input
answered in the one error shape with its field, changing nothing; who may do what."""

from __future__ import annotations

import pytest

from clubs.models import Session
from scoring.domain.results import Played
from scoring.models import Result, ResultChange
from scoring.selectors.layout import session_layout
from scoring.services.results import result_record
from scoring.services.sessions import session_results_publish, session_scoring_set

pytestmark = pytest.mark.django_db


def _meetings(session, board):
    return session_layout(session).meetings_of_board(board)


@pytest.fixture
def board6(howell_session, pair, scorer):
    """Guzicki's board 6: +140, +420, +140, −50 (3, 6, 3, 0 matchpoints for NS)."""
    rows = []
    for m, (contract, declarer, tricks) in zip(
        _meetings(howell_session, 6), [("3S", "N", 9), ("4S", "S", 10), ("3S", "S", 9), ("4S", "N", 9)]
    ):
        rows.append(
            result_record(
                session=howell_session,
                board=6,
                ns_pair=pair(m.ns),
                ew_pair=pair(m.ew),
                result=Played.of(contract, declarer, tricks),
                user=scorer,
            )
        )
    return rows


def _results(session):
    return f"/api/v1/sessions/{session.pk}/results/"


def test_the_results_hold_the_options_the_ranking_and_every_line(howell_session, board6, scorer, api_client_for):
    body = api_client_for(scorer).get(_results(howell_session)).json()
    assert body["live"] is True and body["options"]["method"] == "matchpoints"
    assert "Neuberg" in body["options"]["description"]
    board = next(b for b in body["boards"] if b["board"] == 6)
    assert (board["tables"], board["entered"], board["complete"], board["top"]) == (4, 4, True, 6.0)
    assert [(ln["ns_score"], ln["mp_ns"], ln["mp_ew"]) for ln in board["lines"]] == [
        (140, 3.0, 3.0),
        (420, 6.0, 0.0),
        (140, 3.0, 3.0),
        (-50, 0.0, 6.0),
    ]
    first = board["lines"][0]
    assert (first["contract"], first["declarer"], first["tricks"], first["lead"], first["kind"]) == (
        "3S",
        "N",
        9,
        None,
        "played",
    )
    assert first["id"] == board6[0].pk and first["entry"] == "3S N 9" and first["said"] == "3♠= by N, 9 tricks: +140"
    assert "imp_ns" not in first
    assert next(b for b in body["boards"] if b["board"] == 1) == {
        "board": 1,
        "tables": 4,
        "entered": 0,
        "complete": False,
        "top": None,
        "datum": None,
        "lines": [],
    }
    top = body["pairs"][0]
    assert (top["place"], top["percentage"], top["boards"]) == ("1=", 100.0, 1)  # 420 NS and the EW pair v −50


def test_imp_scoring_gives_imps_and_the_datum(howell_session, board6, director, api_client_for):
    session_scoring_set(session=howell_session, user=director, method="butler")
    body = api_client_for(director).get(f"/api/v1/sessions/{howell_session.pk}/boards/6/traveller/").json()
    board = body["board"]
    assert body["options"]["method"] == "butler" and board["datum"] == 140 and board["top"] is None
    assert [(ln["imp_ns"], ln["imp_ew"]) for ln in board["lines"]] == [(0.0, 0.0), (7.0, -7.0), (0.0, 0.0), (-5.0, 5.0)]
    assert "mp_ns" not in board["lines"][0]


def test_a_traveller_of_a_board_the_session_does_not_play_is_not_found(howell_session, scorer, api_client_for):
    answer = api_client_for(scorer).get(f"/api/v1/sessions/{howell_session.pk}/boards/22/traveller/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("who", ["scorer", "director"])
def test_a_line_entered_comes_back_with_its_score(howell_session, who, request, api_client_for):
    user = request.getfixturevalue(who)
    m = _meetings(howell_session, 5)[0]
    answer = api_client_for(user).post(
        _results(howell_session), {"board": 5, "ns": m.ns, "ew": m.ew, "entry": "4SX N 9"}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    line = answer.json()
    assert (line["contract"], line["declarer"], line["tricks"], line["ns_score"]) == ("4SX", "N", 9, -200)
    assert (line["round"], line["table"], line["mp_ns"], line["mp_ew"]) == (m.round, m.table, 3.0, 3.0)
    assert line["said"] == "4♠×−1 by N, 9 tricks: −200"
    assert ResultChange.objects.get(result_id=line["id"]).by == user


@pytest.mark.parametrize(
    "result, expected",
    [
        ({"contract": "3NT", "declarer": "W", "tricks": 7, "lead": "hk"}, ("played", "3N", 100)),
        ({"contract": "PASS"}, ("played", "PASS", 0)),
        ({"score": 420}, ("assigned", None, 420)),
        ({"weighted": [[20, 650], [80, 620]]}, ("assigned", None, 626)),
        ({"adjusted": "60/40"}, ("artificial", None, None)),
    ],
)
def test_a_line_as_data(howell_session, scorer, api_client_for, result, expected):
    m = _meetings(howell_session, 5)[1]
    answer = api_client_for(scorer).post(
        _results(howell_session), {"board": 5, "ns": m.ns, "ew": m.ew, "result": result}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    line = answer.json()
    assert (line["kind"], line["contract"], line["ns_score"]) == expected
    if "lead" in result:
        assert line["lead"] == "HK"


def _bad_inputs(session):
    first, second = _meetings(session, 5)[0], _meetings(session, 5)[1]
    stranger = next(p for p in "12345678" if p not in (first.ns, first.ew))
    other_board = next(b for b in session_layout(session).boards if b not in first.boards)
    here = {"round": first.round, "table": first.table}
    base = {"board": 5, "ns": first.ns, "ew": first.ew}
    return [
        ("contract 8S", {**base, "entry": "8S N 10"}, "contract", "'8S N 10': a contract's level is 1 … 7"),
        (
            "contract 8S as data",
            {**base, "result": {"contract": "8S", "declarer": "N", "tricks": 10}},
            "contract",
            "level",
        ),
        ("tricks 14", {**base, "entry": "4S N 14"}, "tricks", "4S N 14 would be 14 tricks; a side takes 0 … 13"),
        (
            "tricks 14 as data",
            {**base, "result": {"contract": "4S", "declarer": "N", "tricks": 14}},
            "tricks",
            "14 tricks; a side takes 0 … 13",
        ),
        ("declarer missing", {**base, "entry": "4S="}, "declarer", "4S=: who was declarer? Add N, E, S or W"),
        (
            "declarer missing as data",
            {**base, "result": {"contract": "4S", "tricks": 10}},
            "declarer",
            "who was declarer?",
        ),
        ("4S+7", {**base, "entry": "4S+7 N"}, "tricks", "4S+7 would be 17 tricks; a side takes 0 … 13"),
        (
            "board not in this round",
            {**base, "board": other_board, **here, "entry": "4S N 10"},
            "board",
            f"board {other_board} is not played at table {first.table} in round {first.round}",
        ),
        (
            "pair not at this table",
            {**base, "ew": stranger, **here, "entry": "4S N 10"},
            "ew",
            f"pair {stranger} is not EW at table {first.table} in round {first.round} (pair {first.ew} is)",
        ),
        (
            "no such table",
            {**base, "round": first.round, "table": 9, "entry": "4S N 10"},
            "table",
            f"there is no table 9 in round {first.round}",
        ),
        (
            "not a pair of the session",
            {**base, "ns": "99", "entry": "4S N 10"},
            "ns",
            "pair 99 does not play in this session",
        ),
        ("neither entry nor result", {**base}, "entry", "Give the result either as entry"),
        ("board 0", {**base, "board": 0, "entry": "4S N 10"}, "board", "greater than or equal to 1"),
        (
            "pairs that do not meet on this board",
            {"board": 5, "ns": second.ns, "ew": first.ew, "entry": "4S N 10"},
            "ns",
            f"pairs {second.ns} and {first.ew} do not play board 5 against each other",
        ),
    ]


@pytest.mark.parametrize("case", range(14))
def test_every_bad_input_is_said_at_its_field_and_changes_nothing(howell_session, pair, scorer, api_client_for, case):
    name, data, field, message = _bad_inputs(howell_session)[case]
    m3 = _meetings(howell_session, 3)[0]
    result_record(
        session=howell_session,
        board=3,
        ns_pair=pair(m3.ns),
        ew_pair=pair(m3.ew),
        result=Played.of("2H", "E", 8),
        user=scorer,
    )  # what must not change
    before = list(Result.objects.values_list("id", "board", "level", "tricks")), ResultChange.objects.count()
    answer = api_client_for(scorer).post(_results(howell_session), data, format="json")
    assert answer.status_code == 400, (name, answer.json())
    error = answer.json()["error"]
    assert error["field"] == field, (name, error)
    assert message in error["message"], (name, error)
    assert (list(Result.objects.values_list("id", "board", "level", "tricks")), ResultChange.objects.count()) == before


def test_the_same_tables_result_twice_with_another_contract_is_refused(howell_session, scorer, api_client_for):
    m = _meetings(howell_session, 7)[0]
    client = api_client_for(scorer)
    line = {"board": 7, "ns": m.ns, "ew": m.ew}
    assert client.post(_results(howell_session), {**line, "entry": "3NT= S"}, format="json").status_code == 201
    again = client.post(_results(howell_session), {**line, "entry": "3NT= S"}, format="json")
    assert again.status_code == 201  # a retry: the same line, nothing new
    other = client.post(_results(howell_session), {**line, "entry": "4S= N"}, format="json")
    assert other.status_code == 400
    error = other.json()["error"]
    assert (
        error["field"] == "result"
        and f"board 7: {m.ns} v {m.ew} already has a result (3N S 9); correct it instead" == error["message"]
    )
    assert Result.objects.get().level == 3 and ResultChange.objects.count() == 1


def test_a_correction_and_a_deletion_with_their_reasons(howell_session, board6, scorer, api_client_for):
    client = api_client_for(scorer)
    url = f"/api/v1/results/{board6[3].pk}/"
    missing = client.patch(url, {"entry": "4S= N"}, format="json")
    assert missing.status_code == 400 and missing.json()["error"]["field"] == "reason"
    bad = client.patch(url, {"entry": "4S N 14", "reason": "typo"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "tricks"
    fixed = client.patch(url, {"entry": "4S= N", "reason": "the traveller said 10 tricks"}, format="json")
    assert fixed.status_code == 200 and (fixed.json()["ns_score"], fixed.json()["mp_ns"]) == (420, 5.0)
    change = ResultChange.objects.filter(result=board6[3]).latest("id")
    assert (change.action, change.reason, change.old["tricks"], change.new["tricks"]) == (
        "corrected",
        "the traveller said 10 tricks",
        9,
        10,
    )
    assert client.get(url).json()["tricks"] == 10
    assert client.delete(url).status_code == 400
    assert Result.objects.filter(pk=board6[3].pk).exists()
    assert client.delete(f"{url}?reason=entered+twice").status_code == 204
    assert not Result.objects.filter(pk=board6[3].pk).exists()
    assert ResultChange.objects.get(board=6, action="deleted").reason == "entered twice"


def test_the_ranking_live_for_scorers_and_as_published_for_players(
    howell_session, board6, scorer, director, player, api_client_for
):
    url = f"/api/v1/sessions/{howell_session.pk}/ranking/"
    live = api_client_for(scorer).get(url).json()
    assert live["live"] is True and live["publication"]["state"] == "unpublished" and len(live["pairs"]) == 8
    hidden = api_client_for(player).get(url)
    assert hidden.status_code == 403 and hidden.json()["error"]["code"] == "permission_denied"
    assert api_client_for(player).get(_results(howell_session)).status_code == 403
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.FINISHED)
    howell_session.refresh_from_db()
    session_results_publish(session=howell_session, user=director, query_hours=48)
    published = api_client_for(player).get(url).json()
    assert published["live"] is False and published["publication"]["state"] == "provisional"
    assert [(p["pair"], p["place"], p["percentage"]) for p in published["pairs"]] == [
        (p["pair"], p["place"], p["percentage"]) for p in live["pairs"]
    ]
    assert api_client_for(player).get(_results(howell_session)).status_code == 200


def test_who_may_do_what(howell_session, board6, scorer, player, other_director, api_client_for):
    m = _meetings(howell_session, 5)[0]
    line = {"board": 5, "ns": m.ns, "ew": m.ew, "entry": "4S N 10"}
    anonymous = api_client_for(None)
    for answer in (
        anonymous.get(_results(howell_session)),
        anonymous.post(_results(howell_session), line, format="json"),
    ):
        assert answer.status_code in (401, 403) and answer.json()["error"]["code"] == "not_authenticated"
    assert api_client_for(player).post(_results(howell_session), line, format="json").status_code == 403
    assert (
        api_client_for(player)
        .patch(f"/api/v1/results/{board6[0].pk}/", {"entry": "P", "reason": "x"}, format="json")
        .status_code
        == 403
    )
    for answer in (
        api_client_for(other_director).get(_results(howell_session)),
        api_client_for(other_director).post(_results(howell_session), line, format="json"),
        api_client_for(other_director).get(f"/api/v1/sessions/{howell_session.pk}/ranking/"),
        api_client_for(other_director).delete(f"/api/v1/results/{board6[0].pk}/?reason=x"),
    ):
        assert answer.status_code == 404
    assert Result.objects.count() == 4 and not Result.objects.filter(board=5).exists()
    assert api_client_for(scorer).post(_results(howell_session), line, format="json").status_code == 201


def test_final_results_cannot_change(howell_session, board6, scorer, director, api_client_for):
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.FINISHED)
    howell_session.refresh_from_db()
    session_results_publish(session=howell_session, user=director, query_hours=0)
    answer = api_client_for(director).patch(
        f"/api/v1/results/{board6[0].pk}/", {"entry": "P", "reason": "late"}, format="json"
    )
    assert answer.status_code == 400 and "the results are final" in answer.json()["error"]["message"]
    assert Result.objects.get(pk=board6[0].pk).level == 3


def test_errors_and_words_in_the_request_language(howell_session, scorer, api_client_for):
    m = _meetings(howell_session, 5)[0]
    client = api_client_for(scorer)
    bad = client.post(
        _results(howell_session),
        {"board": 5, "ns": m.ns, "ew": m.ew, "entry": "4S="},
        format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert bad.status_code == 400 and bad.json()["error"] == {
        "code": "invalid",
        "field": "declarer",
        "message": "4S=: kto rozgrywał? Dopisz N, E, S lub W (np. 4S= N)",
    }
    good = client.post(
        _results(howell_session),
        {"board": 5, "ns": m.ns, "ew": m.ew, "entry": "4S= N"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert "rozgrywa N" in good.json()["said"]
    options = client.get(_results(howell_session), HTTP_ACCEPT_LANGUAGE="pl").json()["options"]
    assert options["description"].startswith("Zapis maksymalny: 2 za każdy pobity wynik")

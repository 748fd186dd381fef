"""API and pages: the catalogue with balance, one movement, its print cards, choosing a session's movement."""

import pytest

from movements.models import SessionMovement

pytestmark = pytest.mark.django_db


def test_catalogue_lists_movements_with_balance(api_client_for, player):
    r = api_client_for(player).get("/api/v1/movements/", {"pairs": 14})
    assert r.status_code == 200
    first = r.json()["movements"][0]
    assert first["label"].startswith("Complete Howell")
    assert first["balance"]["min"] == 5 and first["balance"]["max"] == 7
    assert first["balance"]["best_possible"]["reached"] is True
    assert any(o["half_sets"] and o["balance"]["std"] == 0 for o in r.json()["movements"])


def test_catalogue_explains_an_impossible_field(api_client_for, player):
    r = api_client_for(player).get("/api/v1/movements/", {"pairs": 2})
    assert r.status_code == 400
    assert r.json()["error"]["field"] == "pairs" and "at least 4 pairs" in r.json()["error"]["message"]


@pytest.mark.parametrize(
    "field, value", [("boards", "9" * 5000), ("boards", "1-" + "9" * 5000), ("length", "9" * 5000 + " min")]
)
def test_a_number_of_thousands_of_digits_is_a_clear_400(api_client_for, player, field, value):
    """The API's boards and length have no length limit of their own (the form's is 40): int() refused 5,000
    digits and the catalogue answered a server error."""
    r = api_client_for(player).get("/api/v1/movements/", {"pairs": 8, field: value})
    assert r.status_code == 400
    assert r.json()["error"]["field"] == field and "e.g." in r.json()["error"]["message"]


def test_schedule_endpoint(api_client_for, player):
    r = api_client_for(player).get("/api/v1/movements/schedule/", {"pairs": 8})
    body = r.json()
    assert r.status_code == 200 and body["rounds_data"][0][0] == {"table": 1, "ns": 8, "ew": 1, "board_set": 1}
    assert body["relay_places"][0] == {"relay": "R1", "place": "between tables 1 and 2"}
    assert body["balance_report"]["completely_balanced"] is True


@pytest.mark.parametrize(
    "params, field",
    [
        ({"pairs": 8, "rounds": 9}, "rounds"),
        ({"pairs": 8, "boards_per_round": 0}, "boards_per_round"),
        ({"pairs": 3}, "pairs"),
    ],
)
def test_schedule_bad_input_is_a_400_with_the_field(api_client_for, player, params, field):
    r = api_client_for(player).get("/api/v1/movements/schedule/", params)
    assert r.status_code == 400
    assert r.json()["error"]["field"] == field and r.json()["error"]["code"] == "invalid"


def test_director_chooses_a_movement_for_a_session(api_client_for, director, club_session):
    client = api_client_for(director)
    r = client.post(
        f"/api/v1/sessions/{club_session.pk}/movement/", {"pairs": 12, "boards_per_round": 3}, format="json"
    )
    assert r.status_code == 201, r.content
    assert r.json()["title"] == "Howell for 12 pairs, 6 tables" and r.json()["balance"]["std"] == 0
    club_session.refresh_from_db()
    assert club_session.boards_per_round == 3
    assert client.get(f"/api/v1/sessions/{club_session.pk}/movement/").json()["pairs"] == 12


def test_impossible_choice_saves_nothing(api_client_for, director, club_session):
    r = api_client_for(director).post(
        f"/api/v1/sessions/{club_session.pk}/movement/",
        {"pairs": 12, "rounds": 15, "boards_per_round": 3},
        format="json",
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "rounds"
    assert not SessionMovement.objects.exists()


def test_player_cannot_choose(api_client_for, player, club_session):
    r = api_client_for(player).post(
        f"/api/v1/sessions/{club_session.pk}/movement/", {"pairs": 12, "boards_per_round": 3}, format="json"
    )
    assert r.status_code in (403, 404)
    assert not SessionMovement.objects.exists()


@pytest.mark.slow
def test_pages_show_balance_and_print(client_for, player):
    client = client_for(player)
    page = client.get("/movements/", {"pairs": 14})
    assert page.status_code == 200 and "Complete Howell, 13 rounds" in page.content.decode()
    assert "Mitchell, 7 rounds (two winners)" in page.content.decode()
    detail = client.get("/movements/show/", {"pairs": 8, "boards_per_round": 2})
    assert "between tables 1 and 2" in detail.content.decode()
    printed = client.get("/movements/print/", {"pairs": 8, "boards_per_round": 2})
    html = printed.content.decode()
    assert html.count('class="card pair-card"') == 8 and html.count('class="card table-card"') == 4
    pdf = client.get("/movements/print/", {"pairs": 8, "format": "pdf"})
    assert pdf["Content-Type"] == "application/pdf" and b"".join(pdf.streaming_content)[:5] == b"%PDF-"
    tables_only = client.get("/movements/print/", {"pairs": 8, "sections": "tables"}).content.decode()
    assert tables_only.count('class="card table-card"') == 4 and "pair-card" not in tables_only
    assert client.get("/movements/print/", {"pairs": 8, "sections": "menus"}).status_code == 400


def test_form_error_next_to_the_field(client_for, director, club_session):
    client = client_for(director)
    r = client.post(
        f"/movements/session/{club_session.pk}/choose/",
        {"expert-pairs": 8, "expert-kind": "howell", "expert-rounds": 9, "expert-boards_per_round": 2},
    )
    html = r.content.decode()
    assert r.status_code == 200 and 'id="id_expert-rounds-error"' in html and "at most 7 rounds" in html
    assert '<details class="expert" open>' in html and 'name="expert-rounds" value="9"' in html
    r = client.post(
        f"/movements/session/{club_session.pk}/choose/",
        {"expert-pairs": 8, "expert-kind": "howell", "expert-boards_per_round": 2},
    )
    assert r.status_code == 302 and SessionMovement.objects.get().pairs == 8
    page = client.get(f"/movements/session/{club_session.pk}/").content.decode()
    assert "Howell for 8 pairs" in page and "sections=tables" in page
    assert f"/movements/session/{club_session.pk}/print/?format=pdf" in page  # the session's own cards
    assert "R3 between tables 2 and 3" in page


@pytest.mark.parametrize(
    "params, words",
    [
        ({"pairs": "abc"}, "pairs must be a whole number"),
        ({"pairs": 12, "rounds": 99}, "at most 11 rounds"),
        ({"pairs": 8, "boards_per_round": "x"}, "whole number"),
    ],
)
def test_movement_page_explains_bad_parameters(client_for, player, params, words):
    r = client_for(player).get("/movements/show/", params)
    assert r.status_code == 400 and words in r.content.decode()


def test_boards_per_round_is_the_sessions_one_copy(api_client_for, client_for, director, club_session):
    """Choosing writes the session's field; the API, the pages and the print links read it there."""
    from clubs.services import session_update

    client = api_client_for(director)
    url = f"/api/v1/sessions/{club_session.pk}/movement/"
    assert client.post(url, {"pairs": 8, "boards_per_round": 4}, format="json").json()["boards_per_round"] == 4
    assert not hasattr(SessionMovement.objects.get(), "boards_per_round")
    club_session.refresh_from_db()
    session_update(
        session=club_session,
        name=club_session.name,
        date=club_session.date,
        start_time=None,
        boards_per_round=2,
        notes="",
    )
    assert client.get(url).json()["boards_per_round"] == 2
    page = client_for(director).get(f"/movements/session/{club_session.pk}/").content.decode()
    assert "2 boards per round." in page and f"/movements/session/{club_session.pk}/print/" in page
    cards = client_for(director).get(f"/movements/session/{club_session.pk}/print/").content.decode()
    assert "2 boards per round." in cards and "1–2" in cards  # the session's cards read it too
    form = client_for(director).get(f"/movements/session/{club_session.pk}/choose/").content.decode()
    assert 'name="expert-boards_per_round" value="2"' in form
    session_update(
        session=club_session,
        name=club_session.name,
        date=club_session.date,
        start_time=None,
        boards_per_round=None,
        notes="",
    )
    assert client.get(url).json()["boards_per_round"] is None
    page = client_for(director).get(f"/movements/session/{club_session.pk}/").content.decode()
    assert "boards per round." not in page and "boards_per_round" not in page


def test_a_refused_choice_leaves_the_sessions_boards_per_round(api_client_for, director, club_session):
    r = api_client_for(director).post(
        f"/api/v1/sessions/{club_session.pk}/movement/", {"pairs": 8, "boards_per_round": 9}, format="json"
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "boards_per_round"
    club_session.refresh_from_db()
    assert club_session.boards_per_round == 3 and not SessionMovement.objects.exists()

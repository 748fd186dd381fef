"""The director's pairs page: a row per pair of the movement, players typed (members offered as you type, other
names saved as guests), errors beside their fields with what was typed kept; English and Polish; the session
page's panel; the JSON API (GET/PUT /api/v1/sessions/{id}/pairs/)."""

from __future__ import annotations

import re

import pytest

from clubs.models import Pair, Session
from clubs.services import member_create
from events.pairs import pair_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(club):
    names = [("Ada", "Adamska"), ("Bruno", "Bianchi"), ("Celia", "Carter"), ("Dmitri", "Dvorak")]
    return [member_create(club=club, first_name=first, last_name=last) for first, last in names]


@pytest.fixture
def seven_pairs(club_session, director):
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=7, boards_per_round=3)
    club_session.refresh_from_db()
    return club_session


def page_url(session) -> str:
    return f"/sessions/{session.pk}/pairs/"


def form_data(page: str, **typed) -> dict:
    """The page's form as the browser would post it, with ``typed`` (``pairs-0-player_1="Ada Adamska"``) filled."""
    data = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    data.update(dict(re.findall(r'name="(pairs-\d+-player_\d)"[^>]*?(?:value="([^"]*)")?[^>]*>', page)))
    data.update({k.replace("__", "-"): v for k, v in typed.items()})
    return data


def names(session) -> dict[str, str]:
    return {p.label: p.names for p in Pair.objects.filter(session=session) if p.names}


def test_the_page_lists_every_pair_of_the_movement_with_sit_outs(client_for, director, seven_pairs, members):
    page = client_for(director).get(page_url(seven_pairs)).content.decode()
    assert Pair.objects.filter(session=seven_pairs).count() == 7  # session_pairs_ensure ran
    assert re.findall(r'data-pair="(\d+)"', page) == ["1", "2", "3", "4", "5", "6", "7"]
    assert '<datalist id="club-members">' in page and '<option value="Ada Adamska">' in page
    assert 'list="club-members"' in page
    assert "phantom pair" in page and page.count("sits out in round ") == 7


def test_typed_names_are_saved_as_members_or_guests(client_for, director, seven_pairs, members):
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    response = client.post(
        page_url(seven_pairs),
        form_data(
            page, pairs__0__player_1="ada adamska", pairs__0__player_2="Bruno Bianchi", pairs__1__player_1="Zofia Gość"
        ),
    )
    assert response.status_code == 302 and response["Location"] == page_url(seven_pairs)
    pair_1, pair_2 = (Pair.objects.get(session=seven_pairs, number=n) for n in (1, 2))
    assert (pair_1.player_1, pair_1.player_2) == (members[0], members[1])
    assert (pair_2.player_1, pair_2.player_1_name) == (None, "Zofia Gość")
    again = client.get(page_url(seven_pairs)).content.decode()
    assert 'value="Ada Adamska"' in again and 'value="Zofia Gość"' in again
    row = again[again.index('data-pair="2"') : again.index('data-pair="3"')]
    assert re.search(r'<small class="guest-tag">guest</small>', row)  # shown as a guest
    row_1 = again[again.index('data-pair="1"') : again.index('data-pair="2"')]
    assert 'guest-tag" hidden' in row_1


def test_an_error_keeps_what_was_typed_and_stands_beside_its_field(client_for, director, seven_pairs, members):
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    response = client.post(
        page_url(seven_pairs),
        form_data(
            page,
            pairs__0__player_1="Ada Adamska",
            pairs__0__player_2="Bruno Bianchi",
            pairs__2__player_1="Celia Carter",
            pairs__2__player_2="Ada Adamska",
        ),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert names(seven_pairs) == {}  # nothing saved
    row_3 = html[html.index('data-pair="3"') : html.index('data-pair="4"')]
    assert 'value="Celia Carter"' in row_3 and "Pair 3: Ada Adamska already plays in pair 1." in row_3
    assert 'class="field-error"' in row_3
    assert 'value="Bruno Bianchi"' in html


def test_two_members_with_one_name_are_told_apart(client_for, director, seven_pairs, members, club):
    twin = member_create(club=club, first_name="Ada", last_name="Adamska", national_id="PZBS 77")
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    assert (
        '<option value="Ada Adamska (PZBS 77)">' in page and f'<option value="Ada Adamska (#{members[0].pk})">' in page
    )
    html = client.post(page_url(seven_pairs), form_data(page, pairs__0__player_1="Ada Adamska")).content.decode()
    assert "Two members are called Ada Adamska: pick one from the list." in html
    client.post(page_url(seven_pairs), form_data(page, pairs__0__player_1="Ada Adamska (PZBS 77)"))
    assert Pair.objects.get(session=seven_pairs, number=1).player_1 == twin


def test_the_page_is_for_directors(client_for, scorer, player, seven_pairs, other_director):
    assert client_for(scorer).get(page_url(seven_pairs)).status_code == 403
    assert client_for(player).get(page_url(seven_pairs)).status_code == 403
    assert client_for(other_director).get(page_url(seven_pairs)).status_code == 404


def test_without_a_movement_the_page_says_choose_one(client_for, director, club_session):
    page = client_for(director).get(page_url(club_session)).content.decode()
    assert 'data-testid="no-movement"' in page and f"/movements/session/{club_session.pk}/choose/" in page


def test_final_results_make_the_page_read_only(client_for, director, seven_pairs, members):
    pair_set(session=seven_pairs, number=1, player_1=members[0])
    Session.objects.filter(pk=seven_pairs.pk).update(status=Session.Status.PUBLISHED)
    page = client_for(director).get(page_url(seven_pairs)).content.decode()
    assert 'data-testid="pairs-final"' in page and "<fieldset disabled>" in page and "save-pairs" not in page


def test_the_page_in_polish(client_for, director, seven_pairs, members):
    client = client_for(director)
    client.cookies["django_language"] = "pl"
    page = client.get(page_url(seven_pairs)).content.decode()
    assert "Para 1" in page and "Zapisz pary" in page and "pauzuje w rundzie" in page
    response = client.post(
        page_url(seven_pairs), form_data(page, pairs__0__player_1="Ada Adamska", pairs__1__player_1="Ada Adamska")
    )
    assert "Para 1: Ada Adamska gra już w parze 2." in response.content.decode()


def test_the_session_page_links_to_the_pairs(client_for, director, player, seven_pairs, members):
    pair_set(session=seven_pairs, number=3, player_1=members[0], player_2_name="Jan Gość")
    page = client_for(director).get(f"/sessions/{seven_pairs.pk}/").content.decode()
    assert 'data-testid="step-pairs"' in page and page_url(seven_pairs) in page  # the director's path
    assert "1 of 7 pairs named" in page and "Pair 3 — Ada Adamska &amp; Jan Gość" in page
    seen = client_for(player).get(f"/sessions/{seven_pairs.pk}/").content.decode()
    assert "Pair 3 — Ada Adamska &amp; Jan Gość" in seen and page_url(seven_pairs) not in seen


def api_url(session) -> str:
    return f"/api/v1/sessions/{session.pk}/pairs/"


def test_api_lists_the_pairs_to_whoever_sees_the_session(api_client_for, player, seven_pairs, members, other_director):
    pair_set(session=seven_pairs, number=3, player_1=members[0], player_2_name="Jan Gość")
    body = api_client_for(player).get(api_url(seven_pairs)).json()
    assert body["session"] == seven_pairs.pk and body["final"] is False
    assert [p["label"] for p in body["pairs"]] == ["1", "2", "3", "4", "5", "6", "7"]
    three = body["pairs"][2]
    assert three["player_1"] == {"member": members[0].pk, "name": "Ada Adamska", "guest": False}
    assert three["player_2"] == {"member": None, "name": "Jan Gość", "guest": True}
    assert body["pairs"][0]["player_1"] is None and len(three["sits_out"]) == 1 and three["line"] == ""
    assert api_client_for(other_director).get(api_url(seven_pairs)).status_code == 404


def test_api_put_names_the_pairs_all_at_once(api_client_for, director, scorer, seven_pairs, members):
    ada, bruno, celia, _ = members
    client = api_client_for(director)
    response = client.put(
        api_url(seven_pairs),
        {
            "pairs": [
                {"number": 1, "player_1": {"member": ada.pk}, "player_2": {"member": bruno.pk}},
                {"number": 2, "player_1": {"name": "Zofia Gość"}, "player_2": None},
            ]
        },
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["pairs"][1]["player_1"] == {"member": None, "name": "Zofia Gość", "guest": True}
    assert names(seven_pairs) == {"1": "Ada Adamska – Bruno Bianchi", "2": "Zofia Gość"}
    refused = client.put(
        api_url(seven_pairs),
        {
            "pairs": [
                {"number": 4, "player_1": {"member": celia.pk}},
                {"number": 5, "player_1": {"member": ada.pk}},
            ]
        },
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["field"] == "pairs[1].player_1"
    assert refused.json()["error"]["message"] == "pairs[1].player_1: Pair 5: Ada Adamska already plays in pair 1."
    assert names(seven_pairs) == {"1": "Ada Adamska – Bruno Bianchi", "2": "Zofia Gość"}  # nothing saved
    bad = client.put(api_url(seven_pairs), {"pairs": [{"number": 0}]}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "pairs.0.number"
    assert api_client_for(scorer).put(api_url(seven_pairs), {"pairs": []}, format="json").status_code == 403


def test_api_in_polish(api_client_for, director, seven_pairs):
    response = api_client_for(director).put(
        api_url(seven_pairs), {"pairs": [{"number": 9}]}, format="json", HTTP_ACCEPT_LANGUAGE="pl"
    )
    assert response.status_code == 400 and response.json()["error"]["message"].startswith(
        "pairs[0].number: Pary 9 nie ma w ruchu"
    )


def test_a_post_claiming_more_rows_than_the_movement_has_is_refused_at_once(client_for, director, seven_pairs, members):
    """A tampered form count (the browser sends one form per pair) builds no form beyond the movement's pairs: the
    page comes back with its seven rows and why, and nothing is saved."""
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    data = form_data(page, pairs__0__player_1="Ada Adamska")
    data["pairs-TOTAL_FORMS"] = "1001"
    response = client.post(page_url(seven_pairs), data)
    text = response.content.decode()
    assert response.status_code == 200
    assert "Please submit at most 7 forms." in text
    assert len(re.findall(r'data-pair="\d+"', text)) == 7
    assert names(seven_pairs) == {}


# --- "did you mean …?": a name close to a member's is asked about before it becomes a guest ------------------


@pytest.fixture
def klara(club):
    return member_create(club=club, first_name="Klara", last_name="Kowalczyk")


def test_a_mistyped_members_name_is_asked_about_and_nothing_is_saved(client_for, director, seven_pairs, klara):
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    typed = {"pairs__0__player_1": "Klara Kowalczik", "pairs__0__player_2": "Zofia Gość", "pairs__1__player_1": "Ida"}
    response = client.post(page_url(seven_pairs), form_data(page, **typed))
    answer = response.content.decode()
    assert response.status_code == 200
    assert "“Klara Kowalczik” is no member&#x27;s name: did you mean Klara Kowalczyk?" in answer
    assert 'data-testid="pairs-questions"' in answer and "Nothing is saved until then" in answer
    assert 'value="member:Klara Kowalczyk"' in answer and 'value="guest"' in answer
    assert 'name="pairs-0-player_1_asked" value="Klara Kowalczik"' in answer
    assert 'value="Zofia Gość"' in answer and 'value="Ida"' in answer  # everything typed is kept
    assert names(seven_pairs) == {}  # nothing saved, not even the rows without a question


def test_the_answer_makes_the_member_or_the_guest(client_for, director, seven_pairs, klara):
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    asked = client.post(page_url(seven_pairs), form_data(page, pairs__0__player_1="Klara Kowalczik")).content.decode()
    member = client.post(
        page_url(seven_pairs),
        form_data(asked, pairs__0__player_1="Klara Kowalczik", pairs__0__player_1_answer="member:Klara Kowalczyk"),
    )
    assert member.status_code == 302
    assert Pair.objects.get(session=seven_pairs, number=1).player_1 == klara

    page = client.get(page_url(seven_pairs)).content.decode()
    asked = client.post(page_url(seven_pairs), form_data(page, pairs__1__player_1="Klara Kowalczik")).content.decode()
    guest = client.post(
        page_url(seven_pairs), form_data(asked, pairs__1__player_1="Klara Kowalczik", pairs__1__player_1_answer="guest")
    )
    assert guest.status_code == 302
    pair_2 = Pair.objects.get(session=seven_pairs, number=2)
    assert (pair_2.player_1, pair_2.player_1_name) == (None, "Klara Kowalczik")
    # the guest saved is not asked about again when the page is saved once more
    page = client.get(page_url(seven_pairs)).content.decode()
    again = client.post(page_url(seven_pairs), form_data(page, pairs__1__player_1="Klara Kowalczik"))
    assert (
        again.status_code == 302 and Pair.objects.get(session=seven_pairs, number=2).player_1_name == "Klara Kowalczik"
    )


def test_an_answer_holds_only_for_the_name_it_was_given_for(client_for, director, seven_pairs, klara):
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    asked = client.post(page_url(seven_pairs), form_data(page, pairs__0__player_1="Klara Kowalczik")).content.decode()
    changed = client.post(
        page_url(seven_pairs),
        form_data(asked, pairs__0__player_1="Klara Kowalczyck", pairs__0__player_1_answer="guest"),
    )
    assert changed.status_code == 200 and "“Klara Kowalczyck” is no member" in changed.content.decode()
    forged = client.post(  # a member not offered is no answer
        page_url(seven_pairs),
        form_data(asked, pairs__0__player_1="Klara Kowalczik", pairs__0__player_1_answer="member:Ada Adamska"),
    )
    assert forged.status_code == 200 and names(seven_pairs) == {}


def test_a_name_far_from_every_members_is_a_guest_at_once(client_for, director, seven_pairs, klara):
    client = client_for(director)
    page = client.get(page_url(seven_pairs)).content.decode()
    response = client.post(page_url(seven_pairs), form_data(page, pairs__0__player_1="Zofia Nowak"))
    assert response.status_code == 302
    assert Pair.objects.get(session=seven_pairs, number=1).player_1_name == "Zofia Nowak"


def test_the_question_in_polish(client_for, director, seven_pairs, klara):
    client = client_for(director)
    client.cookies["django_language"] = "pl"
    page = client.get(page_url(seven_pairs)).content.decode()
    answer = client.post(page_url(seven_pairs), form_data(page, pairs__0__player_1="Klara Kowalczik")).content.decode()
    assert "„Klara Kowalczik” to nie jest nazwisko członka klubu. Czy chodziło o: Klara Kowalczyk?" in answer
    assert "Nie: Klara Kowalczik gra jako gość" in answer

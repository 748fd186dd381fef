"""Choosing a movement as a director does: pairs (or tables) and about how many boards (or how long), the options in
bridge words ranked for the session, one click to choose; the club's settings; the API's offers."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.utils import translation

from clubsite.texts import render
from movements.domain.catalogue import balance_report, movement_for
from movements.domain.chooser import Target, offers_for, pairs_for, parse_boards, parse_length, target_for, verdict
from movements.domain.errors import MovementError
from movements.models import ClubMovementSettings, SessionMovement

# --- the domain: what is asked, what is offered, in which order ------------------------------------------


@pytest.mark.parametrize(
    "value, expected",
    [
        ("24", (22, 26, True)),
        ("about 24", (22, 26, True)),
        ("24-28", (24, 28, False)),
        ("24–28", (24, 28, False)),
        ("24 to 28 boards", (24, 28, False)),
        ("ok. 30", (28, 32, True)),
        ("od 24 do 28", (24, 28, False)),
        ("28 - 24", (24, 28, False)),
    ],
)
def test_boards_are_read_as_directors_write_them(value, expected):
    assert parse_boards(value) == expected


@pytest.mark.parametrize(
    "value, field, words",
    [
        ("lots", "boards", "e.g. 24"),
        ("24.5", "boards", "e.g. 24"),
        ("2", "boards", "4 to 200"),
        ("1-2-3", "boards", "e.g. 24"),
    ],
)
def test_boards_that_make_no_sense_are_explained(value, field, words):
    with pytest.raises(MovementError) as exc:
        parse_boards(value)
    assert exc.value.field == field and words in str(exc.value)


@pytest.mark.parametrize(
    "value, minutes",
    [
        ("3 h", 180),
        ("3h", 180),
        ("2h30", 150),
        ("2 h 30 min", 150),
        ("2:45", 165),
        ("2,5 godz.", 150),
        ("2½ h", 150),
        ("170 min", 170),
        ("3", 180),
        ("200", 200),
    ],
)
def test_lengths_are_read_as_directors_write_them(value, minutes):
    assert parse_length(value) == minutes


@pytest.mark.parametrize(
    "value, words", [("soon", "e.g. 3 h"), ("13 h", "20 minutes to 12 hours"), ("10 min", "20 minutes to 12 hours")]
)
def test_lengths_that_make_no_sense_are_explained(value, words):
    with pytest.raises(MovementError) as exc:
        parse_length(value)
    assert exc.value.field == "length" and words in str(exc.value)


def test_the_target_from_boards_length_or_the_clubs_usual():
    assert (target_for().low, target_for().high) == (24, 28)
    assert (target_for(usual=(20, 22)).low, target_for(usual=(20, 22)).high) == (20, 22)
    three_hours = target_for(length="3 h")
    assert (three_hours.low, three_hours.high, three_hours.minutes) == (18, 24, 180)
    slow = target_for(length="3 h", minutes_per_board=9)
    assert slow.high == 20 and str(slow.text) == "at most 3 h: up to 20 boards at 9 minutes a board"
    assert target_for(boards="20-22", length="4 h").high == 22  # the stricter wins
    with pytest.raises(MovementError) as exc:
        target_for(length="25 min")
    assert exc.value.field == "length" and "holds only 3 boards" in str(exc.value)


def test_pairs_or_tables():
    assert pairs_for(12) == 12 and pairs_for(tables=6) == 12 and pairs_for(11, 6) == 11
    with pytest.raises(MovementError) as exc:
        pairs_for(10, 6)
    assert exc.value.field == "tables" and str(exc.value) == "6 tables seat 11 or 12 pairs, not 10"
    with pytest.raises(MovementError) as exc:
        pairs_for()
    assert exc.value.field == "pairs"


@pytest.mark.slow
def test_31_pairs_are_not_offered_a_62_board_howell_first():
    choice = offers_for(31, target_for(boards="24-28"))
    first = choice.offers[0]
    assert first.fits and first.movement.kind == "mitchell" and 24 <= first.boards <= 28
    howell = next(o for o in choice.offers if o.parameters["kind"] == "howell" and o.parameters["rounds"] is None)
    assert howell.boards == 62 and not howell.fits
    assert choice.offers.index(howell) > [o.fits for o in choice.offers].count(True) - 1  # after every row that fits


def test_rows_rank_by_fit_then_balance_then_the_clubs_winners():
    offers = offers_for(12, target_for(boards="about 24")).offers
    fitting = [o for o in offers if o.fits]
    assert offers[: len(fitting)] == tuple(fitting)  # fit first
    assert [o.verdict_rank for o in fitting] == sorted(o.verdict_rank for o in fitting)  # then balance
    best = offers[0]
    assert str(best.label) == "Complete Howell, 11 rounds" and best.boards_per_round == 2 and best.boards == 22
    assert best.minutes == 165 and str(best.time_text) == "about 2 h 45 min"
    assert str(best.verdict) == "perfectly balanced: every two pairs are compared on 10 boards"
    assert best.every_pair_meets and best.relays == 5 and best.winners == 1
    two = offers_for(12, target_for(boards="about 24"), winners="two").offers[0]
    assert two.winners == 2 and two.verdict_rank == 0  # as balanced: the club's winners decide


def test_several_boards_per_round_of_one_movement_that_fit_are_listed_best_first():
    offers = offers_for(8, target_for(boards="20-28")).offers
    howell = [o for o in offers if str(o.label) == "Complete Howell, 7 rounds"]
    assert [o.boards_per_round for o in howell] == [3, 4]  # 21 and 28 boards; 24 is the middle
    assert all(o.fits for o in howell)


@pytest.mark.slow
def test_each_offer_says_it_in_bridge_words():
    offers = {str(o.label): o for o in offers_for(14, target_for(boards="24-28")).offers}
    howell = offers["Complete Howell, 13 rounds"]
    assert str(howell.boards_text) == "13 rounds × 2 boards = 26 boards"
    assert str(howell.verdict) == "as balanced as possible: two pairs are compared on 10 to 14 boards"
    assert str(howell.best) == (
        "no movement for 14 pairs with one board set per round can be perfectly balanced "
        "(proven); two half-sets per round can"
    )
    assert [str(f) for f in howell.facts] == ["one winner", "every pair meets every other", "6 relays"]
    mitchell = offers["Mitchell, 7 rounds (two winners)"]
    assert [str(f) for f in mitchell.facts] == [
        "two winners (NS and EW)",
        "each pair meets 7 of the 13 other pairs",
        "no relays",
    ]
    assert str(mitchell.verdict).startswith("perfectly balanced within each line")
    relay = offers_for(16, target_for(boards="about 24")).offers
    bye = next(o for o in relay if o.parameters["variant"] == "relay")
    assert bye.bye_stands == 1 and bye.relays == 0
    assert "a bye-stand between tables 4 and 5; tables 1 and 8 share boards" in [str(f) for f in bye.facts]


def test_a_mitchell_cut_short_says_what_to_prepare():
    first = offers_for(31, target_for(boards="24-28")).offers[0]
    assert first.parameters["rounds"] == 14 and first.boards_dealt == 32
    assert "prepare 32 boards" in [str(f) for f in first.facts] and "one pair sits out each round" in [
        str(f) for f in first.facts
    ]


@pytest.mark.slow
def test_past_64_pairs_only_mitchells_and_the_advice():
    choice = offers_for(70, target_for(boards="24-28"))
    assert str(choice.advice).startswith("Howells are offered for up to 64 pairs: for 70 pairs play a Mitchell")
    assert choice.offers and all(o.movement.kind == "mitchell" for o in choice.offers)
    with pytest.raises(MovementError) as exc:
        offers_for(130, target_for())
    assert exc.value.field == "pairs" and "6 to 128 pairs" in str(exc.value)
    with pytest.raises(MovementError):
        offers_for(3, target_for())


@pytest.mark.parametrize(
    "pairs, kwargs, bpr, words, rank",
    [
        (8, {}, 3, "perfectly balanced: every two pairs are compared on 9 boards", 0),
        (14, {"half_sets": True}, 4, "perfectly balanced: every two pairs are compared on 24 boards", 0),
        (10, {}, 2, "as balanced as possible: two pairs are compared on 6 to 10 boards", 1),
        (58, {}, 2, "fair: two pairs are compared on 54 to 62 boards", 2),
    ],
)
def test_verdicts_in_boards(pairs, kwargs, bpr, words, rank):
    m = movement_for(pairs, **kwargs)
    said, got_rank, _best = verdict(m, balance_report(m), bpr)
    if pairs == 58:  # 27–31 sets: within 1½ times — well balanced, not proven best
        assert str(said) == "well balanced: two pairs are compared on 54 to 62 boards" and got_rank == 2
        return
    assert str(said) == words and got_rank == rank


def test_a_field_never_compared_is_uneven():
    m = movement_for(12, kind="mitchell", variant="skip", arrow_switch=True)
    said, rank, _ = verdict(m, balance_report(m), 2)
    assert rank >= 3


# --- the pages -----------------------------------------------------------------------------------------


def rows(html: str) -> list[str]:
    return re.findall(r'<tr class="offer[^"]*"[\s\S]*?</tr>', html)


@pytest.mark.slow
@pytest.mark.django_db
def test_catalogue_asks_and_ranks(client_for, player):
    client = client_for(player)
    first = client.get("/movements/").content.decode()
    assert 'name="boards" value="24–28"' in first and "movement-options" not in first
    html = client.get("/movements/", {"pairs": 12, "boards": "about 24"}).content.decode()
    found = rows(html)
    assert (
        "best" in found[0]
        and "Complete Howell, 11 rounds" in found[0]
        and "11 rounds × 2 boards = 22 boards" in found[0]
        and "about 2 h 45 min" in found[0]
    )
    assert "perfectly balanced: every two pairs are compared on 10 boards" in found[0]
    assert '<details class="maths"' in found[0] and "Berlekamp–Hwang over Z11" in found[0]  # maths collapsed
    assert "Σ(c −" not in re.sub(r"<details[\s\S]*?</details>", "", html)
    assert "/movements/show/?boards_per_round=2&amp;kind=howell&amp;pairs=12" in found[0]
    assert 'name="offer"' not in html  # nothing to choose without a session


@pytest.mark.slow
@pytest.mark.django_db
def test_catalogue_by_tables_and_time(client_for, player):
    html = client_for(player).get("/movements/", {"tables": 7, "length": "3 h"}).content.decode()
    assert "For 14 pairs, at most 3 h: up to 24 boards at 7½ minutes a board" in html


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize(
    "query, field, words",
    [
        ({"pairs": 2}, "pairs", "at least 4 pairs"),
        ({"pairs": "many"}, "pairs", "whole number"),
        ({"pairs": 10, "tables": 6}, "tables", "6 tables seat 11 or 12 pairs, not 10"),
        ({"pairs": 12, "boards": "lots"}, "boards", "e.g. 24"),
        ({"pairs": 12, "length": "soon"}, "length", "e.g. 3 h"),
        ({"pairs": 250}, "pairs", "200"),
        ({"pairs": 130}, "pairs", "6 to 128 pairs"),
    ],
)
def test_errors_next_to_their_field_with_everything_kept(client_for, player, query, field, words):
    html = client_for(player).get("/movements/", query).content.decode()
    error = re.search(rf'<small class="field-error" id="id_{field}-error" role="alert">([^<]*)</small>', html)
    assert error and words in error[1].replace("&#x27;", "'"), html[-3000:]
    for name, value in query.items():
        assert f'name="{name}" value="{value}"' in html


@pytest.mark.slow
@pytest.mark.django_db
def test_past_64_pairs_the_page_says_mitchell(client_for, player):
    html = client_for(player).get("/movements/", {"pairs": 70}).content.decode()
    assert "Howells are offered for up to 64 pairs: for 70 pairs play a Mitchell" in html
    assert all("Mitchell" in row and "Howell," not in row for row in rows(html))


@pytest.mark.django_db
def test_session_chooser_preselects_the_best_fit_and_one_click_chooses(client_for, director, club_session):
    client = client_for(director)
    url = f"/movements/session/{club_session.pk}/choose/"
    html = client.get(url, {"pairs": 12, "boards": "about 24"}).content.decode()
    found = rows(html)
    assert 'data-best="1"' in found[0] and "best fit" in found[0] and 'class="outline"' not in found[0]
    assert all('class="outline"' in row for row in found[1:])
    values = [re.search(r'name="offer" value="([^"]*)"', row)[1].replace("&amp;", "&") for row in found]
    assert values[0] == "boards_per_round=2&kind=howell&pairs=12&rounds=&variant="
    mitchell = next(v for v in values if "kind=mitchell" in v and "variant=relay" in v)
    r = client.post(url, {"offer": mitchell, "pairs": 12, "boards": "about 24"})
    assert r.status_code == 302 and r["Location"] == f"/movements/session/{club_session.pk}/"
    chosen = SessionMovement.objects.get(session=club_session)
    club_session.refresh_from_db()
    assert (chosen.kind, chosen.variant, chosen.pairs, club_session.boards_per_round) == ("mitchell", "relay", 12, 4)
    page = client.get(r["Location"]).content.decode()
    assert "Relay and bye-stand Mitchell for 12 pairs, 6 tables, 6 rounds" in page and "4 boards per round." in page
    again = client.get(url).content.decode()  # the current field is asked again
    assert 'name="pairs" value="12"' in again and "chosen now" in again


@pytest.mark.django_db
def test_a_refused_row_keeps_the_question_and_says_why(client_for, director, club_session):
    from clubs.models import Session

    Session.objects.filter(pk=club_session.pk).update(status=Session.Status.PUBLISHED)
    client = client_for(director)
    url = f"/movements/session/{club_session.pk}/choose/"
    r = client.post(url, {"offer": "pairs=12&kind=howell&boards_per_round=2", "pairs": 12, "boards": "about 24"})
    html = r.content.decode()
    assert r.status_code == 200 and "cannot change once the session is finished" in html
    assert 'name="boards" value="about 24"' in html and rows(html)
    assert not SessionMovement.objects.exists()


@pytest.mark.slow
@pytest.mark.django_db
def test_the_expert_form_still_sets_every_parameter(client_for, director, club_session):
    client = client_for(director)
    url = f"/movements/session/{club_session.pk}/choose/"
    r = client.post(
        url, {"expert-pairs": 12, "expert-kind": "howell", "expert-rounds": 9, "expert-boards_per_round": 3}
    )
    assert r.status_code == 302 and SessionMovement.objects.get().rounds == 9


@pytest.mark.django_db
def test_club_settings_from_the_chooser(client_for, director, player, club, club_session):
    client = client_for(director)
    chooser = f"/movements/session/{club_session.pk}/choose/?pairs=12"
    html = client.get(chooser).content.decode()
    assert "7½ minutes a board · usually 24–28 boards" in html and "preferred: one winner" in html
    link = re.search(r'href="(/movements/club/riverside/settings/\?next=[^"]+)"', html)[1].replace("&amp;", "&")
    form = client.get(link).content.decode()
    assert 'value="7½"' in form and 'value="24–28"' in form
    bad = client.post(link, {"minutes_per_board": "x", "usual_boards": "lots", "winners": "two"}).content.decode()
    assert 'id="id_minutes_per_board-error"' in bad and 'id="id_usual_boards-error"' in bad
    assert 'value="lots"' in bad and not ClubMovementSettings.objects.exists()
    r = client.post(
        link,
        {
            "minutes_per_board": "8",
            "usual_boards": "20-22",
            "winners": "two",
            "next": f"/movements/session/{club_session.pk}/choose/?pairs=12",
        },
    )
    assert r.status_code == 302 and r["Location"] == f"/movements/session/{club_session.pk}/choose/?pairs=12"
    saved = ClubMovementSettings.objects.get(club=club)
    assert (saved.minutes_per_board, saved.usual_boards, saved.winners) == (Decimal("8"), (20, 22), "two")
    html = client.get(chooser).content.decode()
    assert "For 12 pairs, 20–22 boards" in html and 'name="boards" value="20–22"' in html
    assert rows(html)[0].count("two winners") >= 1 and "about 2 h 56 min" not in rows(html)[0]
    assert client_for(player).get(link).status_code == 403
    evil = client.post(
        link, {"minutes_per_board": "7.5", "usual_boards": "24", "winners": "one", "next": "https://evil.example/"}
    )
    assert evil["Location"] == "/movements/?club=riverside"


@pytest.mark.django_db
def test_club_settings_in_polish_take_a_comma(client_for, director, club):
    client = client_for(director)
    client.cookies["django_language"] = "pl"
    r = client.post(
        "/movements/club/riverside/settings/", {"minutes_per_board": "7,5", "usual_boards": "22–26", "winners": "any"}
    )
    assert r.status_code == 302
    assert ClubMovementSettings.objects.get(club=club).minutes_per_board == Decimal("7.5")
    r = client.post(
        "/movements/club/riverside/settings/", {"minutes_per_board": "6½", "usual_boards": "22–26", "winners": "any"}
    )
    assert ClubMovementSettings.objects.get(club=club).minutes_per_board == Decimal("6.5")


@pytest.mark.django_db
def test_movement_pages_speak_plainly_with_the_maths_collapsed(client_for, director, club_session):
    client = client_for(director)
    detail = client.get("/movements/show/", {"pairs": 14, "boards_per_round": 2}).content.decode()
    outside = re.sub(r"<details[\s\S]*?</details>", "", detail)
    assert "As balanced as possible: two pairs are compared on 10 to 14 boards" in detail
    assert "13 rounds × 2 boards = 26 boards" in detail
    assert "Σ(c −" not in outside and "cyclic starter" not in outside and "Std" not in outside
    client.post(f"/movements/session/{club_session.pk}/choose/", {"offer": "pairs=8&kind=howell&boards_per_round=3"})
    page = client.get(f"/movements/session/{club_session.pk}/").content.decode()
    assert "Perfectly balanced: every two pairs are compared on 9 boards" in page
    assert "7 rounds × 3 boards = 21 boards" in page


# --- the API -------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.django_db
def test_api_offers_ranked_with_the_parameters_to_choose(api_client_for, director, club_session):
    api = api_client_for(director)
    body = api.get("/api/v1/movements/", {"pairs": 31, "boards": "24-28"}).json()
    first = body["offers"][0]
    assert body["target"] == "24–28 boards" and body["target_boards"] == [24, 28]
    assert first["best_fit"] and first["fits"] and first["parameters"]["kind"] == "mitchell"
    assert first["boards"] == first["rounds"] * first["boards_per_round"] <= 28
    assert first["verdict"] and first["time_text"].startswith("about") and first["minutes"] == first["boards"] * 7.5
    assert {"min", "max", "std", "sumsq", "best_possible"} <= set(first["balance"])
    assert body["movements"][0]["label"] == "Complete Howell, 31 rounds"  # the old list, as it was
    r = api.post(f"/api/v1/sessions/{club_session.pk}/movement/", first["parameters"], format="json")
    assert r.status_code == 201 and r.json()["boards_per_round"] == first["boards_per_round"]
    assert r.json()["rounds"] == first["parameters"]["rounds"]
    timed = api.get(
        "/api/v1/movements/", {"pairs": 12, "length": "3 h", "minutes_per_board": "9", "winners": "two"}
    ).json()
    assert timed["target"] == "at most 3 h: up to 20 boards at 9 minutes a board"
    assert timed["offers"][0]["winners"] == 2
    bad = api.get("/api/v1/movements/", {"pairs": 12, "length": "soon"})
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "length"
    big = api.get("/api/v1/movements/", {"pairs": 70}).json()
    assert big["advice"].startswith("Howells are offered for up to 64 pairs")
    assert all(o["parameters"]["kind"] == "mitchell" for o in big["offers"])


@pytest.mark.django_db
def test_a_mitchell_past_64_pairs_can_be_chosen(api_client_for, director, club_session):
    r = api_client_for(director).post(
        f"/api/v1/sessions/{club_session.pk}/movement/",
        {"pairs": 70, "kind": "mitchell", "rounds": 14, "boards_per_round": 2},
        format="json",
    )
    assert r.status_code == 201 and r.json()["title"] == "Mitchell for 70 pairs, 35 tables, 14 rounds"


# --- Polish ----------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_chooser_in_polish(client_for, director, club_session):
    client = client_for(director)
    client.cookies["django_language"] = "pl"
    html = client.get(f"/movements/session/{club_session.pk}/choose/", {"pairs": 12, "boards": "ok. 24"})
    text = re.sub(r"<[^>]+>", " ", html.content.decode())
    assert "Pełny Howell, 11 rund" in text and "11 rund × 2 rozdania = 22 rozdania" in text
    assert "około 2 godz. 45 min" in text
    assert "całkowicie zrównoważony: każde dwie pary są porównywane na 10 rozdaniach" in text
    for english in ("boards", "rounds", "relays", "winner", "balanced", "about", "Choose", "pairs"):
        assert not re.search(rf"\b{english}\b", text), english


@pytest.mark.slow
def test_every_chooser_text_in_polish_with_its_plurals():
    with translation.override("pl"):
        said = render(offers_for(14, target_for(boards="24-28")).offers[0].boards_text)
        assert said == "13 rund × 2 rozdania = 26 rozdań"
        from movements.domain.text import Text

        assert (
            render(Text.of("offer.boards", rounds=22, boards_per_round=5, boards=110))
            == "22 rundy × 5 rozdań = 110 rozdań"
        )
        assert (
            render(Text.of("target.length", minutes=150, boards=20, minutes_per_board=7.5))
            == "najwyżej 2 godz. 30 min: do 20 rozdań po 7½ min na rozdanie"
        )
        assert render(Text.of("fact.relays", count=3)) == "3 zbiornice"
        assert render(Text.of("fact.meets", count=7, others=13)) == "każda para spotyka 7 z 13 pozostałych par"


def test_target_is_a_value():
    assert Target(24, 28).penalty(22) == 2 and Target(24, 28).penalty(30) == 4 and Target(24, 28).penalty(26) == 0

"""The session's path (events.session_path): the evening in order, read from what each app owns, in sentences; the
session page shows it to the club's directors; every change of stage that cannot be undone asks first."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from clubs.models import Session
from clubs.services import member_create
from dealing.services import boards as board_services
from dealing.services import commitments as commitment_services
from events.pairs import pair_set
from events.session_path import session_path
from movements.services import session_movement_choose
from scoring.domain.results import Played
from scoring.selectors.layout import session_layout
from scoring.services.results import result_record
from scoring.services.sessions import session_pairs_ensure, session_results_publish, session_status_set


@pytest.fixture
def members(club):
    return [
        member_create(club=club, first_name=first, last_name=last)
        for first, last in [("Ada", "Adamska"), ("Bruno", "Bianchi")]
    ]


@pytest.fixture
def howell(club_session, director):
    """Tuesday Pairs: a complete Howell for 8 pairs, 3 boards per round: 7 rounds, 21 boards."""
    session_movement_choose(session=club_session, user=director, pairs=8, boards_per_round=3)
    club_session.refresh_from_db()
    session_pairs_ensure(session=club_session)
    return club_session


def _states(session) -> dict[str, str]:
    return {step.key: step.state for step in session_path(session).steps}


def _next(session) -> str | None:
    step = session_path(session).next
    return step.key if step else None


def _all_results(session, user) -> None:
    from clubs.models import Pair

    pairs = {p.label: p for p in Pair.objects.filter(session=session)}
    for meeting in session_layout(session).meetings:
        for board in meeting.boards:
            result_record(
                session=session,
                board=board,
                ns_pair=pairs[meeting.ns],
                ew_pair=pairs[meeting.ew],
                result=Played.of("3NT", "N", 9),
                user=user,
            )


def test_a_new_session_starts_with_its_pairs_and_asks_how_many(club_session):
    path = session_path(club_session)
    assert [s.key for s in path.steps] == ["pairs", "movement", "boards", "printing", "play", "scores", "publication"]
    assert path.next.key == "pairs" and path.step("pairs").ask.name == "pairs"
    assert path.step("pairs").ask.url == reverse("movements:session_choose", args=[club_session.pk])
    assert _states(club_session) == {
        "pairs": "todo",
        "movement": "todo",
        "boards": "waiting",
        "printing": "waiting",
        "play": "waiting",
        "scores": "waiting",
        "publication": "waiting",
    }


@pytest.mark.slow
def test_the_path_follows_the_evening_from_the_data_each_app_owns(howell, director, scorer, members):
    # the movement gives the pairs; none named yet
    pairs = session_path(howell).step("pairs")
    assert pairs.state == "partial" and "8 pairs play, as the movement has them." in pairs.said
    assert pairs.missing == ("No pair is named yet: the guide cards and the ranking show only the pairs' numbers.",)
    movement = session_path(howell).step("movement")
    assert movement.state == "done" and "21 boards in all: 7 rounds × 3 boards." in movement.said
    boards = session_path(howell).step("boards")
    assert boards.state == "todo" and "Not dealt yet: the movement plays 21 boards." in boards.said

    pair_set(session=howell, number=3, player_1=members[0], player_2_name="Jan Gość")
    pairs = session_path(howell).step("pairs")
    assert "1 of 8 pairs named." in pairs.said and pairs.details == ("Who plays", ("Pair 3 — Ada Adamska & Jan Gość",))
    assert pairs.missing == (
        "Pairs 1–2, 4–8 have no players' names yet: the guide cards and the ranking show only their numbers.",
    )
    for number in (1, 2, 4, 5, 6, 7, 8):
        pair_set(session=howell, number=number, player_1_name=f"Guest {number}", player_2_name=f"Guest {number}b")
    assert _states(howell)["pairs"] == "done" and _next(howell) == "boards"

    # 24 boards dealt for a 21-board movement: said in the layout's words, not recomputed
    board_services.session_deal_fresh(session=howell, user=director, boards=24)
    boards = session_path(howell).step("boards")
    assert boards.state == "partial"
    assert boards.said[0] == "24 boards dealt from a new key, not committed."
    assert boards.missing == (
        "The movement plays 21 boards (1–21) but 24 were dealt: boards 22, 23, 24 are not played.",
    )
    board_services.session_deal_fresh(session=howell, user=director, boards=21, replace=True)
    assert _states(howell)["boards"] == "done" and _next(howell) == "printing"
    assert _states(howell)["printing"] == "open"

    # play on paper, some results, finish, all results, publish
    session_status_set(session=howell, status=Session.Status.RUNNING)
    path = session_path(howell)
    assert path.next.key == "play" and path.step("play").said[0] == "In play, on paper travellers."
    finish = next(a for a in path.step("play").actions if a.testid == "path-finish")
    assert finish.post and finish.fields == {"status": "finished"} and finish.url.endswith(f"/{howell.pk}/status/")
    session_status_set(session=howell, status=Session.Status.FINISHED)
    assert _next(howell) == "scores" and session_path(howell).step("play").state == "done"
    assert session_path(howell).step("scores").said == ("0 of 84 results entered.",)
    _all_results(howell, scorer)
    assert _states(howell)["scores"] == "done" and _next(howell) == "publication"
    publish = session_path(howell).step("publication").actions[0]
    assert publish.url == reverse("scoring:results", args=[howell.pk]) + "#publication" and not publish.post
    session_results_publish(session=howell, user=director, query_hours=0)
    howell.refresh_from_db()
    path = session_path(howell)
    assert path.next is None and all(s.state in ("done", "open") for s in path.steps)
    assert path.step("publication").said[0].startswith("Published as final on ")


@pytest.mark.slow
def test_missing_results_are_said_by_board(howell, director, scorer):
    from clubs.models import Pair

    board_services.session_deal_fresh(session=howell, user=director, boards=21)
    session_status_set(session=howell, status=Session.Status.RUNNING)
    pairs = {p.label: p for p in Pair.objects.filter(session=howell)}
    for meeting in session_layout(howell).meetings:
        for board in meeting.boards:
            if board > 3:
                result_record(
                    session=howell,
                    board=board,
                    ns_pair=pairs[meeting.ns],
                    ew_pair=pairs[meeting.ew],
                    result=Played.of("3NT", "N", 9),
                    user=scorer,
                )
    scores = session_path(howell).step("scores")
    assert scores.state == "partial" and scores.said == ("72 of 84 results entered.",)
    assert scores.missing == ("12 results are missing, on boards 1–3.",)


def test_a_commitment_is_said_and_its_unrevealed_key_reminded(club, howell, director):
    commitment = commitment_services.commitment_create(
        club=club, user=director, event="Autumn", promise="P", dv_format="decimal:2", sessions=[(howell, 24)]
    )
    boards = session_path(howell).step("boards")
    assert boards.said[0] == "Committed in advance in “Autumn” (24 boards)."
    assert boards.missing == ("The commitment is a draft: publish it, then enter its delayed value, to deal from it.",)
    commitment = commitment_services.commitment_publish(commitment=commitment, user=director)
    assert session_path(howell).step("boards").missing == (
        "Enter the commitment's delayed value first: the deals depend on it.",
    )
    commitment_services.commitment_enter_dv(commitment=commitment, user=director, value="1.00")
    board_services.session_deal_from_commitment(session=howell, user=director)
    boards = session_path(howell).step("boards")
    assert boards.said[0] == "24 boards dealt from the commitment “Autumn”."
    assert boards.missing == (
        "The movement plays 21 boards (1–21) but 24 were dealt: boards 22, 23, 24 are not played.",
        "The movement plays 21 boards but the commitment covers 24.",
    )
    session_status_set(session=howell, status=Session.Status.RUNNING)
    session_status_set(session=howell, status=Session.Status.FINISHED)
    assert any("key is not revealed yet" in m for m in session_path(howell).step("boards").missing)


def test_the_path_stores_nothing_of_its_own():
    from django.apps import apps

    assert not [m for m in apps.get_app_config("clubs").get_models() if "path" in m.__name__.lower()]
    assert "step" not in {f.name for f in Session._meta.get_fields()}


# --- the session page ----------------------------------------------------------------------------------------


def test_directors_get_the_path_others_the_panels(client_for, director, scorer, player, howell):
    url = f"/sessions/{howell.pk}/"
    page = client_for(director).get(url).content.decode()
    assert 'data-testid="session-path"' in page and 'data-testid="step-boards"' in page
    assert 'data-testid="movement-panel"' not in page and "Mark as" not in page
    for user in (scorer, player):
        page = client_for(user).get(url).content.decode()
        assert 'data-testid="session-path"' not in page and 'data-testid="movement-panel"' in page
    assert (
        page.index('data-testid="pairs-panel"')
        < page.index('data-testid="movement-panel"')
        < page.index('data-testid="dealing-panel"')
    )


def test_finishing_asks_first_and_says_what_it_does(client_for, director, howell):
    session_status_set(session=howell, status=Session.Status.RUNNING)
    client = client_for(director)
    url = reverse("events:session_status", args=[howell.pk])
    asked = client.post(url, {"status": "finished"})
    html = asked.content.decode()
    assert asked.status_code == 200 and 'data-testid="confirm"' in html
    assert "Every player can then see every deal of this session" in html and "0 of 84 results entered." in html
    howell.refresh_from_db()
    assert howell.status == "running"
    done = client.post(url, {"status": "finished", "confirmed": "yes"})
    howell.refresh_from_db()
    assert done.status_code == 302 and done["Location"] == f"/sessions/{howell.pk}/" and howell.status == "finished"


def test_starting_play_on_paper_needs_no_confirmation(client_for, director, howell):
    response = client_for(director).post(reverse("events:session_status", args=[howell.pk]), {"status": "running"})
    howell.refresh_from_db()
    assert response.status_code == 302 and howell.status == "running"


def test_publishing_from_the_session_page_goes_to_the_results_page(client_for, director, howell):
    Session.objects.filter(pk=howell.pk).update(status=Session.Status.FINISHED)
    response = client_for(director).post(
        reverse("events:session_status", args=[howell.pk]), {"status": "provisional", "confirmed": "yes"}
    )
    howell.refresh_from_db()
    assert response["Location"] == reverse("scoring:results", args=[howell.pk]) + "#publication"
    assert howell.status == "finished"


@pytest.mark.parametrize(
    "start, back, words",
    [
        ("finished", "running", "The deals are hidden from players again"),
        ("provisional", "finished", "Players no longer see the ranking"),
        ("published", "provisional", "The results become provisional again"),
    ],
)
def test_stepping_back_says_what_it_undoes(client_for, director, howell, start, back, words):
    Session.objects.filter(pk=howell.pk).update(status=start)
    client = client_for(director)
    page = client.get(f"/sessions/{howell.pk}/").content.decode()
    assert f'name="status" value="{back}"' in page
    asked = client.post(reverse("events:session_status", args=[howell.pk]), {"status": back})
    assert words in asked.content.decode()
    howell.refresh_from_db()
    assert howell.status == start
    client.post(reverse("events:session_status", args=[howell.pk]), {"status": back, "confirmed": "yes"})
    howell.refresh_from_db()
    assert howell.status == back


def test_the_confirmation_goes_back_only_to_this_site(client_for, director, howell):
    session_status_set(session=howell, status=Session.Status.RUNNING)
    client = client_for(director)
    url = reverse("events:session_status", args=[howell.pk])
    room = reverse("tables:room", args=[howell.pk])
    asked = client.post(url, {"status": "finished", "back": room}).content.decode()
    assert f'href="{room}"' in asked
    evil = client.post(url, {"status": "finished", "back": "https://evil.example/"}).content.decode()
    assert "evil.example" not in evil


def test_the_status_refusal_is_said_in_polish(client_for, director, howell):
    client = client_for(director)
    client.cookies["django_language"] = "pl"
    page = client.post(
        reverse("events:session_status", args=[howell.pk]), {"status": "published"}, follow=True
    ).content.decode()
    assert "krok po kroku" in page or "jeden krok" in page


def test_the_rooms_finish_asks_the_same(client_for, director, howell):
    board_services.session_deal_fresh(session=howell, user=director, boards=21)
    session_status_set(session=howell, status=Session.Status.RUNNING)
    client = client_for(director)
    room = reverse("tables:room", args=[howell.pk])
    status = reverse("events:session_status", args=[howell.pk])
    client.post(reverse("tables:start", args=[howell.pk]))
    assert f'action="{status}"' in client.get(room).content.decode()  # the room's button: the same change
    asked = client.post(status, {"status": "finished", "back": room})
    assert "Every player can then see every deal of this session" in asked.content.decode()
    howell.refresh_from_db()
    assert howell.status == "running"
    done = client.post(status, {"status": "finished", "back": room, "confirmed": "yes"})
    assert done.status_code == 302 and done["Location"] == room  # and back to the room
    howell.refresh_from_db()
    assert howell.status == "finished"


def test_other_clubs_and_players_cannot_change_the_stage(client_for, other_director, player, howell):
    url = reverse("events:session_status", args=[howell.pk])
    assert client_for(other_director).post(url, {"status": "running"}).status_code == 404
    assert client_for(player).post(url, {"status": "running"}).status_code == 403


def test_an_imported_event_leads_straight_to_publication(club, director, events_dir):
    from scoring.services.imports import session_import_file

    name = "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml"
    session = session_import_file(club=club, data=(events_dir / name).read_bytes(), filename=name, user=director)
    path = session_path(session)
    states = {s.key: s.state for s in path.steps}
    assert states["movement"] == "done" and states["printing"] == "not_needed" and states["play"] == "not_needed"
    assert states["scores"] == "done" and path.next.key == "publication"
    assert path.step("movement").said[0].startswith("Played elsewhere and imported from a results file")


# --- issue 24: commitments said on the Dealing step, cards printed with their codes, back to the path after
# choosing, and what is left once the results are final ------------------------------------------------------


def test_the_boards_step_says_what_a_commitment_is_for_and_links_to_one(client_for, director, howell):
    boards = session_path(howell).step("boards")
    assert any("deal them from a commitment" in s and "its key is revealed once play is over" in s for s in boards.said)
    commit = next(a for a in boards.actions if a.testid == "path-commitment")
    assert commit.url == reverse("dealing:commitment_create", args=[howell.club.slug])
    dealing = client_for(director).get(reverse("events:session_boards", args=[howell.pk])).content.decode()
    assert 'data-testid="commitment-offer"' in dealing and "deal them from a commitment" in dealing
    assert reverse("dealing:commitment_create", args=[howell.club.slug]) in dealing
    board_services.session_deal_fresh(session=howell, user=director, boards=21)
    assert not any(a.testid == "path-commitment" for a in session_path(howell).step("boards").actions)


def test_the_chooser_comes_back_to_the_path_it_was_opened_from(client_for, director, club_session):
    client = client_for(director)
    path = session_path(club_session)
    back = reverse("events:session_detail", args=[club_session.pk])
    assert path.step("pairs").ask.hidden == (("next", back),)
    choose = next(a for a in path.step("movement").actions if a.testid == "path-movement")
    assert choose.url.endswith(f"?next=%2Fsessions%2F{club_session.pk}%2F")
    chooser = client.get(reverse("movements:session_choose", args=[club_session.pk]), {"pairs": 8, "next": back})
    html = chooser.content.decode()
    assert html.count(f'name="next" value="{back}"') == 3  # the question, the rows' form, the expert's form
    offer = {"offer": "boards_per_round=3&kind=howell&pairs=8&rounds=&variant=", "pairs": 8}
    url = reverse("movements:session_choose", args=[club_session.pk])
    chosen = client.post(url, {**offer, "next": back})
    assert chosen.status_code == 302 and chosen["Location"] == back
    for elsewhere in ("//evil.example/", "https://evil.example/", "Ada"):  # not a page of this site: the movement's
        answer = client.post(url, {**offer, "next": elsewhere})
        assert answer["Location"] == reverse("movements:session", args=[club_session.pk])
    assert client.post(url, offer)["Location"] == reverse("movements:session", args=[club_session.pk])


def test_printing_makes_the_codes_and_prints_the_cards_with_them(client_for, director, player, howell):
    from tables.models import Table

    board_services.session_deal_fresh(session=howell, user=director, boards=21, queue_analysis=False)
    printing = session_path(howell).step("printing")
    with_codes, pdf = printing.actions[0], next(a for a in printing.actions if a.testid == "path-cards-pdf")
    assert with_codes.testid == "path-cards-with-codes" and with_codes.post and with_codes.primary and not pdf.primary
    assert any("start it here and print the cards with their codes" in s for s in printing.said)
    url = reverse("events:session_print_with_codes", args=[howell.pk])
    assert client_for(director).get(url).status_code == 405
    assert client_for(player).post(url).status_code == 403 and not Table.objects.exists()
    answer = client_for(director).post(url)
    assert answer.status_code == 302
    assert answer["Location"] == reverse("movements:session_print", args=[howell.pk]) + "?format=pdf"
    howell.refresh_from_db()
    assert howell.status == Session.Status.RUNNING and Table.objects.filter(table_session__session=howell).count() == 4
    cards = client_for(director).get(reverse("movements:session_print", args=[howell.pk])).content.decode()
    assert all(table.code in cards for table in Table.objects.filter(table_session__session=howell))
    printing = session_path(howell).step("printing")
    assert "The table cards carry each table's QR code, code and PIN for the phones." in printing.said
    assert not any(a.testid == "path-cards-with-codes" for a in printing.actions)
    assert next(a for a in printing.actions if a.testid == "path-cards-pdf").primary


def test_printing_with_codes_says_why_it_cannot(client_for, director, club_session):
    from tables.domain.text import Text

    answer = client_for(director).post(reverse("events:session_print_with_codes", args=[club_session.pk]), follow=True)
    page = answer.content.decode()
    assert answer.status_code == 200 and 'data-testid="session-path"' in page
    assert html.escape(str(Text.of("director.no_movement"))) in page
    club_session.refresh_from_db()
    assert club_session.status == Session.Status.PLANNED


def _committed_and_published(club, howell, director, scorer, *, also=()):
    for number in range(1, 9):
        pair_set(session=howell, number=number, player_1_name=f"Guest {number}", player_2_name=f"Guest {number}b")
    commitment = commitment_services.commitment_create(
        club=club,
        user=director,
        event="Autumn",
        promise="P",
        dv_format="decimal:2",
        sessions=[(howell, 21), *((s, 21) for s in also)],
    )
    commitment = commitment_services.commitment_publish(commitment=commitment, user=director)
    commitment = commitment_services.commitment_enter_dv(commitment=commitment, user=director, value="1.00")
    board_services.session_deal_from_commitment(session=howell, user=director, queue_analysis=False)
    session_status_set(session=howell, status=Session.Status.RUNNING)
    session_status_set(session=howell, status=Session.Status.FINISHED)
    _all_results(howell, scorer)
    session_results_publish(session=howell, user=director, query_hours=0)
    howell.refresh_from_db()
    return commitment


@pytest.mark.slow
def test_after_publication_the_unrevealed_key_is_what_is_left(client_for, club, howell, director, scorer):
    commitment = _committed_and_published(club, howell, director, scorer)
    path = session_path(howell)
    assert path.next.key == "boards" and path.next.left.startswith("reveal the commitment's key")
    assert not path.complete and path.step("boards").state == "partial"
    page = client_for(director).get(reverse("events:session_detail", args=[howell.pk])).content.decode()
    assert "The results are final. Still to do:" in page and "Every step is done" not in page
    commitment_services.commitment_reveal(commitment=commitment, user=director)
    path = session_path(howell)
    assert path.next is None and path.complete
    page = client_for(director).get(reverse("events:session_detail", args=[howell.pk])).content.decode()
    assert "Every step is done: the results are final." in page


@pytest.mark.slow
def test_a_key_waiting_for_the_commitments_other_sessions_is_said_not_left(club, howell, director, scorer):
    later = Session.objects.create(club=club, name="Next week", date=howell.date, boards_per_round=3)
    _committed_and_published(club, howell, director, scorer, also=[later])
    path = session_path(howell)
    boards = path.step("boards")
    assert path.next is None and path.complete and boards.state == "done" and not boards.left
    assert any("revealed once its last session is over (Next week" in s for s in boards.said)

"""The scorer's page for paper travellers: a line per table, the score said as typed, each line saved at once,
the board's matchpoints once it is complete."""

from __future__ import annotations

import re
from html import unescape

import pytest

from clubs.models import Session
from scoring.domain.results import Played
from scoring.models import Result, ResultChange
from scoring.selectors.layout import session_layout
from scoring.services.results import result_record

pytestmark = pytest.mark.django_db


def _url(session, board, what=""):
    return f"/scoring/sessions/{session.pk}/entry/{board}/{what}"


def _text(answer) -> str:
    """The answer's words without the markup (suits come in coloured spans)."""
    seen = re.sub(
        r'<span class="visually-hidden">[^<]*</span>', "", answer.content.decode()
    )  # a screen reader's letter
    return unescape(re.sub(r"<[^>]+>", "", seen))


def _save(client, session, board, meeting, typed):
    return client.post(
        _url(session, board, "save/"), {"ns": meeting.ns, "ew": meeting.ew, "entry": typed}, HTTP_HX_REQUEST="true"
    )


def test_one_input_line_per_table_of_the_board_with_the_pairs_names(howell_session, scorer, client_for, pair):
    from clubs.services import member_create

    ada = member_create(club=howell_session.club, first_name="Ada", last_name="Adamska")
    meeting = session_layout(howell_session).meetings_of_board(4)[0]
    p = pair(meeting.ns)
    p.player_1 = ada
    p.save()
    page = client_for(scorer).get(_url(howell_session, 4))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('data-testid="entry-line"') == 4  # 8-pair Howell: 4 tables play board 4
    assert "Ada Adamska" in html
    assert f'value="{meeting.ns}"' in html and "autofocus" in html
    assert 'rel="prev"' in html and 'rel="next"' in html and "PgDn" in html


def test_a_sit_out_has_no_line(club_session, director, scorer, client_for):
    from movements.services import session_movement_choose

    session_movement_choose(session=club_session, user=director, pairs=7, boards_per_round=3)
    layout = session_layout(club_session)
    (round_, sitter), *_ = layout.sit_outs
    board = next(m for m in layout.meetings if m.round == round_).boards[0]
    html = client_for(scorer).get(_url(club_session, board)).content.decode()
    assert html.count('data-testid="entry-line"') == len(layout.meetings_of_board(board)) == 3  # 4 tables, 1 empty
    in_that_round = re.findall(rf"Result at table \d+, round {round_}: (\w+) v (\w+)", html)
    assert in_that_round and all(sitter not in pairs for pairs in in_that_round)


@pytest.mark.parametrize(
    "typed, said",
    [
        ("4SX N 9", "4♠×−1 by N, 9 tricks: −200"),  # board 5: N–S vulnerable
        ("3nt-2 w", "3NT−2 by W, 7 tricks: +100"),
        ("P", "Passed out: 0"),
        ("A6040", "Artificial: 60 % / 40 %"),
        ("+420", "Assigned: +420"),
    ],
)
def test_the_score_is_said_as_it_is_typed(howell_session, scorer, client_for, typed, said):
    answer = client_for(scorer).get(_url(howell_session, 5, "describe/"), {"entry": typed})
    assert answer.status_code == 200
    text = _text(answer)
    assert said in text and "not saved yet" in text
    assert not Result.objects.exists()


def test_typing_what_is_recorded_says_it_is_saved(howell_session, scorer, client_for):
    meeting = session_layout(howell_session).meetings_of_board(2)[0]
    client = client_for(scorer)
    _save(client, howell_session, 2, meeting, "4S N 10")
    same = client.get(_url(howell_session, 2, "describe/"), {"entry": "4s=n", "ns": meeting.ns, "ew": meeting.ew})
    assert "saved" in _text(same) and "not saved yet" not in _text(same)
    other = client.get(_url(howell_session, 2, "describe/"), {"entry": "4S N 9", "ns": meeting.ns, "ew": meeting.ew})
    assert "not saved yet" in _text(other)


@pytest.mark.parametrize(
    "typed, field, message",
    [
        ("8S N 10", "contract", "a contract's level is 1 … 7"),
        ("4S N 14", "tricks", "4S N 14 would be 14 tricks; a side takes 0 … 13"),
        ("4S=", "declarer", "who was declarer?"),
        ("4S+7 N", "tricks", "would be 17 tricks"),
    ],
)
def test_a_mistake_is_said_at_once(howell_session, scorer, client_for, typed, field, message):
    answer = client_for(scorer).get(_url(howell_session, 5, "describe/"), {"entry": typed})
    assert f'data-field="{field}"' in answer.content.decode() and message in _text(answer)


def test_a_line_is_saved_when_left_and_the_matchpoints_appear_when_the_board_is_complete(
    howell_session, scorer, client_for
):
    client = client_for(scorer)
    meetings = session_layout(howell_session).meetings_of_board(6)
    for meeting, typed in zip(meetings[:3], ("3S N 9", "4S= S", "3s s 9")):
        answer = _save(client, howell_session, 6, meeting, typed)
        assert answer.status_code == 200 and answer["X-Line-Status"] == "saved"
        assert "saved" in answer.content.decode() and 'data-testid="mp-ns"' not in answer.content.decode()
    assert "3 of 4 tables entered" in answer.content.decode()
    answer = _save(client, howell_session, 6, meetings[3], "4S-1 N")
    html = answer.content.decode()
    assert 'hx-swap-oob="true"' in html and "Board 6: matchpoints" in html
    # Guzicki's board 6: +140, +420, +140, −50 → 3, 6, 3, 0 for NS (Neuberg changes nothing: every table played)
    assert [cell.split(">")[1].split("<")[0] for cell in html.split('data-testid="mp-ns"')[1:]] == [
        "3.00",
        "6.00",
        "3.00",
        "0.00",
    ]
    assert Result.objects.filter(session=howell_session, board=6).count() == 4
    assert ResultChange.objects.filter(session=howell_session, board=6, by=scorer).count() == 4
    line = Result.objects.get(session=howell_session, board=6, ns_pair__number=int(meetings[0].ns))
    assert (line.round, line.table) == (meetings[0].round, meetings[0].table)


def test_a_bad_line_says_why_next_to_it_and_changes_nothing(howell_session, scorer, client_for, pair):
    meeting = session_layout(howell_session).meetings_of_board(2)[0]
    client = client_for(scorer)
    _save(client, howell_session, 2, meeting, "4S N 10")
    answer = _save(client, howell_session, 2, meeting, "4S N 14")
    assert answer["X-Line-Status"] == "error"
    html = answer.content.decode()
    assert "4S N 14 would be 14 tricks" in html and "Not saved." in html and 'role="alert"' in html
    assert Result.objects.get(session=howell_session, board=2).tricks == 10


def test_typing_a_line_again_corrects_it_with_a_trail(howell_session, scorer, client_for):
    meeting = session_layout(howell_session).meetings_of_board(2)[0]
    client = client_for(scorer)
    _save(client, howell_session, 2, meeting, "4S N 10")
    _save(client, howell_session, 2, meeting, "4S N 10")  # leaving the field again: a retry
    _save(client, howell_session, 2, meeting, "4S N 11")
    assert Result.objects.get(session=howell_session, board=2).tricks == 11
    assert list(ResultChange.objects.filter(board=2).values_list("action", flat=True)) == ["entered", "corrected"]


def test_an_empty_line_keeps_what_is_recorded(howell_session, scorer, client_for):
    meeting = session_layout(howell_session).meetings_of_board(2)[0]
    client = client_for(scorer)
    _save(client, howell_session, 2, meeting, "4S N 10")
    answer = _save(client, howell_session, 2, meeting, "  ")
    assert answer["X-Line-Status"] == "kept" and "the recorded result stays" in answer.content.decode()
    assert Result.objects.filter(board=2).count() == 1


def test_without_javascript_the_form_posts_and_comes_back(howell_session, scorer, client_for):
    meeting = session_layout(howell_session).meetings_of_board(2)[0]
    client = client_for(scorer)
    answer = client.post(_url(howell_session, 2, "save/"), {"ns": meeting.ns, "ew": meeting.ew, "entry": "8S N 7"})
    assert answer.status_code == 302 and answer["Location"] == _url(howell_session, 2)
    assert "a contract's level is 1 … 7" in _text(client.get(answer["Location"]))


def test_the_start_goes_to_the_first_board_still_to_enter(howell_session, scorer, client_for, pair):
    for meeting in session_layout(howell_session).meetings_of_board(1):
        result_record(
            session=howell_session,
            board=1,
            ns_pair=pair(meeting.ns),
            ew_pair=pair(meeting.ew),
            result=Played.of("1N", "N", 7),
            user=scorer,
        )
    answer = client_for(scorer).get(f"/scoring/sessions/{howell_session.pk}/entry/")
    assert answer.status_code == 302 and answer["Location"] == _url(howell_session, 2)


def test_a_board_the_session_does_not_play_is_not_found(howell_session, scorer, client_for):
    assert client_for(scorer).get(_url(howell_session, 22)).status_code == 404


def test_who_may_use_the_page(howell_session, scorer, director, player, other_director, client_for, client):
    assert client_for(director).get(_url(howell_session, 1)).status_code == 200
    assert client_for(player).get(_url(howell_session, 1)).status_code == 403
    assert client_for(other_director).get(_url(howell_session, 1)).status_code == 404
    assert client.get(_url(howell_session, 1)).status_code == 302  # to the login page
    meeting = session_layout(howell_session).meetings_of_board(1)[0]
    assert _save(client_for(player), howell_session, 1, meeting, "4S N 10").status_code == 403
    assert not Result.objects.exists()


def test_provisional_results_are_read_only_for_a_scorer(howell_session, scorer, client_for, pair):
    meeting = session_layout(howell_session).meetings_of_board(1)[0]
    result_record(
        session=howell_session,
        board=1,
        ns_pair=pair(meeting.ns),
        ew_pair=pair(meeting.ew),
        result=Played.of("4S", "N", 10),
        user=scorer,
    )
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.PROVISIONAL)
    client = client_for(scorer)
    html = client.get(_url(howell_session, 1)).content.decode()
    assert "only a director may change them" in html and "readonly" in html
    answer = _save(client, howell_session, 1, meeting, "4S N 11")
    assert answer["X-Line-Status"] == "error" and "only a director may change them now" in answer.content.decode()
    assert Result.objects.get().tricks == 10


def test_provisional_results_are_changed_on_the_directors_page(howell_session, director, client_for):
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.PROVISIONAL)
    html = client_for(director).get(_url(howell_session, 1)).content.decode()
    assert "readonly" in html and f"/scoring/sessions/{howell_session.pk}/results/" in html


def test_the_page_and_what_it_says_in_polish(howell_session, scorer, client_for):
    client = client_for(scorer)
    client.cookies["django_language"] = "pl"
    page = _text(client.get(_url(howell_session, 5)))
    assert "Rozdanie 5" in page and "Wpisz wynik każdego stołu" in page and "N–S po partii" in page
    said = _text(client.get(_url(howell_session, 5, "describe/"), {"entry": "4SX N 9"}))
    assert "rozgrywa N" in said and "jeszcze nie zapisano" in said
    wrong = _text(client.get(_url(howell_session, 5, "describe/"), {"entry": "4S="}))
    assert "kto rozgrywał?" in wrong

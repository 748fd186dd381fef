"""The director's results page: ranking and travellers while scoring, corrections and adjusted scores with their
reason in the audit trail, suspicious results flagged, re-scoring compared, publication confirmed."""

from __future__ import annotations

import re
from html import unescape

import pytest

from clubs.models import Session
from scoring.domain.results import Played
from scoring.models import Result, ResultChange, SessionScoring
from scoring.selectors.layout import session_layout
from scoring.services.results import result_record

pytestmark = pytest.mark.django_db


def _text(answer) -> str:
    """The answer's words as they are seen (suits come in coloured spans, joined to their text; the suit's letter
    kept for screen readers is not seen)."""
    html = re.sub(r'<span class="visually-hidden">[^<]*</span>', "", answer.content.decode())
    html = re.sub(r"</?span[^>]*>", "", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture
def board6(howell_session, pair, scorer):
    """Guzicki's board 6 at the four tables that play it: +140, +420, +140, −50."""
    lines = []
    for meeting, (contract, declarer, tricks) in zip(
        session_layout(howell_session).meetings_of_board(6),
        [("3S", "N", 9), ("4S", "S", 10), ("3S", "S", 9), ("4S", "N", 9)],
    ):
        lines.append(
            result_record(
                session=howell_session,
                board=6,
                ns_pair=pair(meeting.ns),
                ew_pair=pair(meeting.ew),
                result=Played.of(contract, declarer, tricks),
                user=scorer,
            )
        )
    return lines


def _results(session):
    return f"/scoring/sessions/{session.pk}/results/"


def _change(session, line):
    return f"/scoring/sessions/{session.pk}/results/boards/{line.board}/{line.ns_pair.label}/{line.ew_pair.label}/"


def test_the_page_shows_the_method_the_ranking_and_every_traveller(howell_session, board6, director, client_for):
    answer = client_for(director).get(_results(howell_session))
    assert answer.status_code == 200
    text = _text(answer)
    assert "Matchpoints: 2 per result beaten, 1 per tie (EBU, WBF); Neuberg factoring" in text
    assert answer.content.decode().count('class="traveller"') == 21
    assert "4♠= by S, 10 tricks: +420" in text and "4 of 4 tables" in text
    html = answer.content.decode()
    winner = board6[1]
    assert f'href="#pair-{winner.ns_pair.label}"' in html and 'href="#board-6"' in html  # board ↔ pair
    assert f'data-testid="percentage-{winner.ns_pair.label}">100.00<' in html  # running percentage
    assert "Not published" in text and "mark the session finished" in text


def test_scorers_players_and_other_clubs_do_not_see_it(howell_session, scorer, player, other_director, client_for):
    assert client_for(scorer).get(_results(howell_session)).status_code == 403
    assert client_for(player).get(_results(howell_session)).status_code == 403
    assert client_for(other_director).get(_results(howell_session)).status_code == 404


def test_an_artificial_score_with_its_reason_goes_into_the_audit_trail(howell_session, board6, director, client_for):
    client = client_for(director)
    line = board6[0]
    form = client.get(_change(howell_session, line))
    assert form.status_code == 200 and "60 / 40: average plus to NS" in _text(form)
    answer = client.post(
        _change(howell_session, line),
        {"action": "artificial", "artificial-split": "60/40", "artificial-reason": "slow play, director's ruling"},
    )
    assert answer.status_code == 302 and answer["Location"].endswith("#board-6")
    line.refresh_from_db()
    assert (line.kind, line.ns_percent, line.ew_percent) == ("artificial", 60, 40)
    change = ResultChange.objects.filter(result=line).latest("id")
    assert (change.action, change.reason, change.by) == ("adjusted", "slow play, director's ruling", director)
    trail = _text(client.get(_results(howell_session)))
    assert "3♠= by N, 9 tricks: +140 → Artificial: 60 % / 40 %" in trail and "slow play, director's ruling" in trail


@pytest.mark.parametrize(
    "split, ns, ew, expected",
    [
        ("50/50", None, None, (50, 50)),
        ("40/60", None, None, (40, 60)),
        ("60/60", None, None, (60, 60)),
        ("40/40", None, None, (40, 40)),
        ("other", 70, 30, (70, 30)),
    ],
)
def test_every_artificial_split(howell_session, board6, director, client_for, split, ns, ew, expected):
    data = {"action": "artificial", "artificial-split": split, "artificial-reason": "ruling"}
    if ns is not None:
        data.update({"artificial-ns_percent": ns, "artificial-ew_percent": ew})
    assert client_for(director).post(_change(howell_session, board6[2]), data).status_code == 302
    board6[2].refresh_from_db()
    assert (board6[2].ns_percent, board6[2].ew_percent) == expected


def test_an_assigned_and_a_weighted_score(howell_session, board6, director, client_for):
    client = client_for(director)
    client.post(
        _change(howell_session, board6[3]),
        {"action": "assigned", "assigned-score": "+420", "assigned-reason": "misinformation"},
    )
    board6[3].refresh_from_db()
    assert board6[3].kind == "assigned" and board6[3].assigned == [[1, 1, 420]]
    client.post(
        _change(howell_session, board6[3]),
        {"action": "assigned", "assigned-score": "20% +650 80% +620", "assigned-reason": "Law 12C1(c)"},
    )
    board6[3].refresh_from_db()
    assert board6[3].assigned == [[1, 5, 650], [4, 5, 620]]
    assert "Assigned: 20 % of +650, 80 % of +620: +626" in _text(client.get(_results(howell_session)))


@pytest.mark.parametrize(
    "data, field, message",
    [
        (
            {"action": "correct", "correct-entry": "4S N 14", "correct-reason": "typo"},
            "correct-entry",
            "4S N 14 would be 14 tricks; a side takes 0 … 13",
        ),
        (
            {"action": "correct", "correct-entry": "4S N 10", "correct-reason": ""},
            "correct-reason",
            "This field is required.",
        ),
        (
            {
                "action": "artificial",
                "artificial-split": "other",
                "artificial-ns_percent": "60",
                "artificial-reason": "ruling",
            },
            "artificial-ew_percent",
            "Give each side's percentage",
        ),
        (
            {"action": "assigned", "assigned-score": "+330", "assigned-reason": "ruling"},
            "assigned-score",
            "+330 is not a score any contract gives",
        ),
        (
            {"action": "assigned", "assigned-score": "4S N 10", "assigned-reason": "ruling"},
            "assigned-score",
            "Write a score (+420, -50)",
        ),
    ],
)
def test_a_bad_correction_is_said_at_its_field_and_changes_nothing(
    howell_session, board6, director, client_for, data, field, message
):
    answer = client_for(director).post(_change(howell_session, board6[0]), data)
    assert answer.status_code == 400
    html = unescape(answer.content.decode())
    assert f'id="id_{field}-error"' in html and message in html
    board6[0].refresh_from_db()
    assert (board6[0].kind, board6[0].level, board6[0].tricks) == ("played", 3, 9)
    assert ResultChange.objects.filter(result=board6[0]).count() == 1


def test_deleting_asks_first_then_deletes_with_the_reason(howell_session, board6, director, client_for):
    client = client_for(director)
    url = _change(howell_session, board6[0])
    confirm = client.post(url, {"action": "delete", "delete-reason": "board fouled at that table"})
    assert confirm.status_code == 200 and 'data-testid="confirm"' in confirm.content.decode()
    assert "The line leaves the traveller and the ranking" in _text(confirm)
    assert Result.objects.filter(pk=board6[0].pk).exists()
    done = client.post(url, {"action": "delete", "delete-reason": "board fouled at that table", "confirmed": "yes"})
    assert done.status_code == 302 and not Result.objects.filter(pk=board6[0].pk).exists()
    change = ResultChange.objects.filter(board=6, action="deleted").get()
    assert change.reason == "board fouled at that table" and change.old["contract"] == "3S"


def test_a_table_without_a_result_can_be_given_an_adjusted_score(howell_session, director, client_for):
    meeting = session_layout(howell_session).meetings_of_board(9)[0]
    url = f"/scoring/sessions/{howell_session.pk}/results/boards/9/{meeting.ns}/{meeting.ew}/"
    form = client_for(director).get(url)
    assert "Delete the line" not in _text(form)
    client_for(director).post(
        url,
        {"action": "artificial", "artificial-split": "40/40", "artificial-reason": "board not played: late arrival"},
    )
    line = Result.objects.get(session=howell_session, board=9)
    assert (line.round, line.table, line.ns_percent) == (meeting.round, meeting.table, 40)


def test_suspicious_results_are_flagged(howell_session, pair, scorer, director, client_for):
    for meeting, contract, tricks in zip(
        session_layout(howell_session).meetings_of_board(3), ("4S", "4S", "4S", "4SX"), (10, 10, 10, 4)
    ):  # −1400 against +420 three times
        result_record(
            session=howell_session,
            board=3,
            ns_pair=pair(meeting.ns),
            ew_pair=pair(meeting.ew),
            result=Played.of(contract, "N", tricks),
            user=scorer,
        )
    text = _text(client_for(director).get(_results(howell_session)))
    assert "To look at" in text and "IMPs from the nearest other result (+420)" in text
    assert "checked against the deals" in text  # the session is not over: no deal is read


def test_an_off_schedule_line_is_flagged(howell_session, pair, director, client_for):
    meeting = session_layout(howell_session).meetings_of_board(1)[0]
    others = [p for p in "12345678" if p not in (meeting.ns, meeting.ew)]
    result_record(
        session=howell_session,
        board=1,
        ns_pair=pair(others[0]),
        ew_pair=pair(others[1]),
        result=Played.of("1N", "N", 7),
        user=director,
        reason="traveller says so",
        off_schedule=True,
    )
    text = _text(client_for(director).get(_results(howell_session)))
    assert "off the schedule" in text and f"pairs {others[0]} and {others[1]} do not play board 1" in text


def test_the_deal_checks_run_once_the_session_is_over(howell_session, pair, scorer, director, client_for):
    from bridge.cards import Deal
    from dealing.domain.numbering import deal_to_number
    from dealing.models import Board

    pbn = "N:QJT9.AKQ.AKQ.AKQ AK2.JT9.JT9.JT98 7654.876.876.765 83.5432.5432.432"  # East holds ♠AK
    Board.objects.create(
        session=howell_session,
        number=1,
        dealer="N",
        vulnerability="None",
        deal_pbn=pbn,
        deal_number=str(deal_to_number(Deal.from_pbn(pbn))),
    )
    meeting = session_layout(howell_session).meetings_of_board(1)[0]
    result_record(
        session=howell_session,
        board=1,
        ns_pair=pair(meeting.ns),
        ew_pair=pair(meeting.ew),
        result=Played.of("6S", "N", 12),
        user=scorer,
    )
    before = _text(client_for(director).get(_results(howell_session)))
    assert "E holds ♠AK" not in before  # in play: the deal stays unread
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.FINISHED)
    after = _text(client_for(director).get(_results(howell_session)))
    assert "6♠ by N took 12 tricks, but E holds ♠AK: declarer can take at most 11" in after


def test_rescoring_is_compared_and_kept_only_when_asked(howell_session, pair, scorer, director, client_for):
    meetings = session_layout(howell_session).meetings_of_board(2)
    for meeting, tricks in zip(meetings[:3], (10, 9, 8)):  # board 2 played three times of four
        result_record(
            session=howell_session,
            board=2,
            ns_pair=pair(meeting.ns),
            ew_pair=pair(meeting.ew),
            result=Played.of("4S", "N", tricks),
            user=scorer,
        )
    for meeting, tricks in zip(session_layout(howell_session).meetings_of_board(5), (10, 9, 8, 7)):
        result_record(
            session=howell_session,
            board=5,
            ns_pair=pair(meeting.ns),
            ew_pair=pair(meeting.ew),
            result=Played.of("4S", "N", tricks),
            user=scorer,
        )
    client = client_for(director)
    url = f"/scoring/sessions/{howell_session.pk}/results/compare/"
    same = client.get(url)
    assert same.status_code == 200 and "Choose other options above" in _text(same)
    compared = client.get(url, {"method": "matchpoints", "scale": "ebu", "factoring": "none", "sections": "across"})
    text = _text(compared)
    assert "no factoring (each board on its own top)" in text and "pairs' places or scores change" in text
    assert "<mark>" in compared.content.decode()
    assert SessionScoring.objects.filter(session=howell_session, factoring="none").count() == 0
    kept = client.post(url, {"method": "matchpoints", "scale": "ebu", "factoring": "none", "sections": "across"})
    assert kept.status_code == 302
    assert SessionScoring.objects.get(session=howell_session).factoring == "none"
    assert "no factoring" in _text(client.get(_results(howell_session)))


def test_rescoring_offers_the_conventions_in_bridge_words(howell_session, pair, scorer, director, client_for):
    """Missing results as ties and lines cut to one decimal: offered, compared, kept, said on the results page."""
    for meeting, tricks in zip(session_layout(howell_session).meetings_of_board(2)[:3], (10, 9, 8)):
        result_record(
            session=howell_session,
            board=2,
            ns_pair=pair(meeting.ns),
            ew_pair=pair(meeting.ew),
            result=Played.of("4S", "N", tricks),
            user=scorer,
        )
    client = client_for(director)
    url = f"/scoring/sessions/{howell_session.pk}/results/compare/"
    form = _text(client.get(url))
    assert "Missing results as ties" in form and "Cut to the decimals, never rounded up (NZ Scorer)" in form
    choice = {"method": "matchpoints", "scale": "ebu", "factoring": "ties", "sections": "across"}
    choice |= {"rounding": "truncated", "decimals": "1", "totals": "lines"}
    text = _text(client.get(url, choice))
    assert "scored as ties with every result (ScoreBridge)" in text
    assert "each line's matchpoints cut (decimals: 1), never rounded up; the totals add the lines as rounded" in text
    assert client.post(url, choice).status_code == 302
    kept = SessionScoring.objects.get(session=howell_session)
    assert (kept.factoring, kept.rounding, kept.decimals, kept.totals) == ("ties", "truncated", 1, "lines")
    assert "scored as ties" in _text(client.get(_results(howell_session)))
    refused = _text(client.get(url, choice | {"decimals": "9"}))
    assert "Decimals of the lines" in refused and "less than or equal to 6" in refused


def test_publishing_provisionally_is_confirmed_then_shown_with_its_window(howell_session, board6, director, client_for):
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.FINISHED)
    client = client_for(director)
    url = f"/scoring/sessions/{howell_session.pk}/results/publish/"
    confirm = client.post(url, {"mode": "provisional", "query_hours": "48"})
    assert confirm.status_code == 200 and "Publish the results provisionally?" in _text(confirm)
    assert "they may query their scores" in _text(confirm)
    assert Session.objects.get(pk=howell_session.pk).status == "finished"
    done = client.post(url, {"mode": "provisional", "query_hours": "48", "confirmed": "yes"})
    assert done.status_code == 302
    scoring = SessionScoring.objects.get(session=howell_session)
    assert Session.objects.get(pk=howell_session.pk).status == "provisional" and scoring.published_ranking
    page = _text(client.get(_results(howell_session)))
    from django.utils import timezone
    from django.utils.formats import date_format

    until = " ".join(date_format(timezone.localtime(scoring.provisional_until), "DATETIME_FORMAT").split())
    assert f"Provisional until {until}" in page
    final = f"/scoring/sessions/{howell_session.pk}/results/final/"
    assert "Make the results final now?" in _text(client.post(final))
    assert Session.objects.get(pk=howell_session.pk).status == "provisional"
    client.post(final, {"confirmed": "yes"})
    assert Session.objects.get(pk=howell_session.pk).status == "published"
    assert "Final (published" in _text(client.get(_results(howell_session)))


def test_publishing_as_final_at_once(howell_session, board6, director, client_for):
    Session.objects.filter(pk=howell_session.pk).update(status=Session.Status.FINISHED)
    client = client_for(director)
    url = f"/scoring/sessions/{howell_session.pk}/results/publish/"
    assert "nobody can change a result afterwards" in _text(client.post(url, {"mode": "final"}))
    client.post(url, {"mode": "final", "confirmed": "yes"})
    assert Session.objects.get(pk=howell_session.pk).status == "published"


def test_publishing_before_play_is_over_says_why(howell_session, board6, director, client_for):
    client = client_for(director)
    answer = client.post(
        f"/scoring/sessions/{howell_session.pk}/results/publish/", {"mode": "final", "confirmed": "yes"}, follow=True
    )
    assert "mark the session finished first" in _text(answer)
    assert Session.objects.get(pk=howell_session.pk).status == "planned"


def test_the_session_page_links_to_the_results(howell_session, director, scorer, player, client_for):
    page = f"/sessions/{howell_session.pk}/"
    html = client_for(director).get(page).content.decode()
    assert f"/scoring/sessions/{howell_session.pk}/entry/" in html
    assert f"/scoring/sessions/{howell_session.pk}/results/" in html
    scorer_html = client_for(scorer).get(page).content.decode()
    assert "Enter travellers" in scorer_html and f"/scoring/sessions/{howell_session.pk}/results/" not in scorer_html
    assert "Enter travellers" not in client_for(player).get(page).content.decode()


def test_the_pages_in_polish(howell_session, board6, director, client_for):
    client = client_for(director)
    client.cookies["django_language"] = "pl"
    results = _text(client.get(_results(howell_session)))
    assert "Zapis maksymalny: 2 za każdy pobity wynik" in results and "Klasyfikacja" in results
    assert "Historia zmian" in results and "Nieopublikowane" in results
    change = _text(client.get(_change(howell_session, board6[0])))
    assert "Sztuczny wynik wyrównany" in change and "60 / 40: średnia plus dla NS" in change
    compare = _text(
        client.get(
            f"/scoring/sessions/{howell_session.pk}/results/compare/",
            {"method": "butler", "scale": "ebu", "factoring": "neuberg", "sections": "across"},
        )
    )
    assert "IMP-y od wyniku porównawczego Butlera" in compare

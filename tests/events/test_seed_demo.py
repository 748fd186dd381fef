"""The demo data: a club, director and scorer logins, 16 players, sessions; idempotent."""

import io

import pytest
from django.core.management import call_command

from clubs.models import Club, ClubRole, Member, Session


@pytest.mark.slow
@pytest.mark.django_db
def test_seed_demo_creates_the_demo_club_once():
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    call_command("seed_demo", stdout=io.StringIO())
    club = Club.objects.get(slug="riverside")
    assert Member.objects.filter(club=club).count() == 16
    assert ClubRole.objects.filter(club=club, role="director", user__username="director").count() == 1
    assert ClubRole.objects.filter(club=club, role="scorer", user__username="scorer").count() == 1
    assert Session.objects.filter(club=club).count() >= 4
    text = out.getvalue()
    assert "director / director-demo-2026" in text and "scorer / scorer-demo-2026" in text


@pytest.mark.slow
@pytest.mark.django_db
def test_demo_logins_work(client):
    call_command("seed_demo", stdout=io.StringIO())
    assert (
        client.post("/accounts/login/", {"username": "director", "password": "director-demo-2026"}).status_code == 302
    )
    assert client.get("/clubs/riverside/members/").status_code == 200


def _demo_state(club) -> dict:
    from clubs.models import Pair
    from scoring.models import Result, ResultChange, SessionScoring

    return {
        "pairs": sorted((p.session.name, p.label, p.names) for p in Pair.objects.filter(session__club=club)),
        "results": sorted(
            Result.objects.filter(session__club=club).values_list(
                "session__name",
                "board",
                "ns_pair__number",
                "ew_pair__number",
                "kind",
                "level",
                "strain",
                "doubling",
                "declarer",
                "tricks",
                "ns_percent",
                "assigned",
            )
        ),
        "changes": ResultChange.objects.filter(session__club=club).count(),
        "statuses": sorted(club.sessions.values_list("name", "status", "boards_per_round")),
        "published": [
            s.published_ranking["pairs"]
            for s in SessionScoring.objects.filter(session__club=club)
            if s.published_ranking
        ],
    }


@pytest.mark.slow
@pytest.mark.django_db
def test_seed_demo_scores_the_finished_and_published_sessions_once():
    """Movements that play the dealt boards, pairs named with the club's players, a result for every board of every
    round (contracts that fit the cards), a sit-out, an A6040 and a weighted score; the published session
    published; a second run changes nothing."""
    from clubs.models import Pair
    from scoring.models import Result, ResultChange
    from scoring.selectors.layout import session_layout
    from scoring.selectors.results import session_score

    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    club = Club.objects.get(slug="riverside")
    monday, thursday = club.sessions.get(name="Monday Pairs"), club.sessions.get(name="Thursday Howell")
    assert (monday.status, thursday.status) == (Session.Status.PUBLISHED, Session.Status.FINISHED)
    for session, pairs, boards in ((monday, 8, 24), (thursday, 7, 21)):
        layout = session_layout(session)
        assert len(layout.pairs) == pairs and layout.boards == tuple(range(1, boards + 1))
        assert not layout.problems  # the movement plays the boards dealt
        named = Pair.objects.filter(session=session)
        assert named.count() == pairs and all(p.player_1 and p.player_2 for p in named)
        lines = Result.objects.filter(session=session)
        assert lines.count() == sum(len(m.boards) for m in layout.meetings)  # every board of every round
        event = session_score(session=session)
        assert len(event.pairs) == pairs and all(p.percentage is not None for p in event.pairs)
    assert Pair.objects.get(session=thursday, number=1).names == "Ada Adamska – Bruno Bianchi"
    assert len(session_layout(thursday).sit_outs) == 7  # 7 pairs: one sits out each round
    assert len(session_layout(monday).fields) == 2  # a Mitchell: NS and EW winners
    adjusted = Result.objects.filter(session=monday).exclude(kind=Result.Kind.PLAYED)
    assert sorted(adjusted.values_list("kind", "ns_percent", "ew_percent")) == [
        ("artificial", 60, 40),
        ("assigned", None, None),
    ]
    weighted = adjusted.get(kind="assigned")
    assert len(weighted.assigned) == 2 and {(n, d) for n, d, _ in weighted.assigned} == {(3, 5), (2, 5)}
    assert ResultChange.objects.filter(session=monday, action="adjusted").count() == 2
    assert all(c.reason.startswith("Director's ruling") for c in ResultChange.objects.filter(action="adjusted"))
    assert monday.scoring.published_ranking and "Scoring demo:" in out.getvalue()

    # Contracts fit the cards: the side that declares holds most of the points on most boards.
    from bridge.cards import Deal, Seat
    from dealing.models import Board

    deals = {(b.session_id, b.number): Deal.from_pbn(b.deal_pbn) for b in Board.objects.all()}
    played = Result.objects.filter(kind=Result.Kind.PLAYED, level__isnull=False)
    stronger = 0
    for line in played:
        deal = deals[(line.session_id, line.board)]
        side = "NS" if line.declarer in "NS" else "EW"
        seats = (Seat.NORTH, Seat.SOUTH) if side == "NS" else (Seat.EAST, Seat.WEST)
        stronger += sum(deal.hand(s).hcp for s in seats) >= 20
    assert stronger >= 0.85 * played.count()

    before = _demo_state(club)
    again = io.StringIO()
    call_command("seed_demo", stdout=again)
    assert _demo_state(club) == before and "Scoring demo:" not in again.getvalue()


@pytest.mark.parametrize("days", range(7))
def test_the_demo_sessions_fall_on_the_weekdays_their_names_say(days):
    """Whatever day the demo is seeded, "Monday Pairs" is on a Monday and so on: the played ones before today, the
    planned ones from today on (Tuesday Pairs today when it is Tuesday)."""
    import datetime

    from events.management.commands.seed_demo import demo_dates

    today = datetime.date(2026, 11, 23) + datetime.timedelta(days=days)  # a Monday, then each day of its week
    dates = demo_dates(today)
    weekdays = {name: dates[name].strftime("%A") for name in dates}
    assert weekdays == {
        "Monday Pairs": "Monday",
        "Thursday Howell": "Thursday",
        "Tuesday Pairs": "Tuesday",
        "Club Championship": "Tuesday",
        "Hilltop Wednesday Pairs": "Wednesday",
    }
    assert (
        dates["Monday Pairs"] < dates["Thursday Howell"] < today <= dates["Tuesday Pairs"] < dates["Club Championship"]
    )
    assert today <= dates["Hilltop Wednesday Pairs"] < today + datetime.timedelta(days=7)
    assert dates["Tuesday Pairs"] - today < datetime.timedelta(days=7)

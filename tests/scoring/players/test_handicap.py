"""A session ranked with its members' handicaps too (``Member.handicap``, ``SessionScoring.handicap``): each pair's
percentage plus the mean of its two players' handicaps (a guest, or a member without one, counts 0), places in that
order; on the ranking page beside the scratch ranking, in its CSV and PDF, frozen at publication, and in the USEBIO
file, which imports again with every number agreeing."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction

import pytest

from clubs.models import Member, Pair
from scoring.domain.ranking import competition_places, shown

pytestmark = pytest.mark.django_db


def _handicaps(session) -> dict[str, Fraction]:
    """Ada 6 and Bruno 2 (pair 1: +4 %), the member of a pair with a guest −3 (that pair: −1.5 %); no one else."""
    one = Pair.objects.select_related("player_1", "player_2").get(session=session, number=1)
    Member.objects.filter(pk=one.player_1_id).update(handicap=Decimal("6.0"))
    Member.objects.filter(pk=one.player_2_id).update(handicap=Decimal("2"))
    guest = Pair.objects.filter(session=session, player_2__isnull=True, player_1__isnull=False).order_by("number")[0]
    Member.objects.filter(pk=guest.player_1_id).update(handicap=Decimal("-3.0"))
    return {"1": Fraction(8), str(guest.number): Fraction(-3)}


def _expected(snapshot: dict, handicaps: dict[str, Fraction]) -> dict[str, tuple[str, str]]:
    """Worked from the scratch percentages as published (two decimals are exact here: a top of 2 per board)."""
    values = {p["pair"]: Fraction(p["percentage"]) + handicaps.get(p["pair"], 0) / 2 for p in snapshot["pairs"]}
    places = competition_places(list(values.values()))
    return {pair: (shown(value), place) for (pair, value), place in zip(values.items(), places, strict=True)}


def test_the_handicap_ranking_adds_the_mean_of_the_players_handicaps(played, director, client_for):
    from scoring.selectors.results import pair_handicaps, ranking_snapshot, session_pairs
    from scoring.services.sessions import session_scoring_set

    handicaps = _handicaps(played)
    assert pair_handicaps(pairs=session_pairs(session=played)) == handicaps
    assert "handicap" not in ranking_snapshot(session=played)  # not asked for: the scratch ranking alone

    session_scoring_set(session=played, user=director, handicap=True)
    snapshot = ranking_snapshot(session=played)
    assert snapshot["handicap"] is True
    expected = _expected(snapshot, handicaps)
    assert {p["pair"]: (p["handicap_percentage"], p["handicap_place"]) for p in snapshot["pairs"]} == expected
    assert {p["pair"]: p["handicap"] for p in snapshot["pairs"] if p["handicap"]} == {
        "1": "8.0",
        **{pair: "-3.0" for pair in handicaps if pair != "1"},
    }
    moved = sorted(expected, key=lambda pair: int(expected[pair][1].rstrip("=")))
    assert moved != [p["pair"] for p in snapshot["pairs"]]  # the handicaps change the order here

    page = client_for(director).get(f"/scoring/sessions/{played.pk}/ranking/").content.decode()
    assert "Handicap ranking" in page and "a handicap ranking beside it" in page
    assert f'data-testid="handicap-percentage-1">{expected["1"][0]}<' in page
    rows = [row.split('"')[0] for row in page.split('data-testid="handicap-row-')[1:]]
    assert rows == moved

    table = list(
        csv.reader(
            io.StringIO(
                client_for(director).get(f"/scoring/sessions/{played.pk}/ranking.csv").content.decode("utf-8-sig")
            )
        )
    )
    assert table[0][-3:] == ["Handicap", "Handicap percentage", "Handicap place"]
    assert {row[2]: (row[-2], row[-1]) for row in table[1:]} == expected


def test_the_published_handicap_ranking_is_frozen_and_the_usebio_file_agrees(
    played, director, client_for, django_capture_on_commit_callbacks
):
    from scoring.domain.comparison import compare
    from scoring.domain.formats.usebio import read_usebio
    from scoring.models import SessionScoring
    from scoring.services.sessions import session_results_publish, session_scoring_set

    handicaps = _handicaps(played)
    session_scoring_set(session=played, user=director, handicap=True)
    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=played, user=director, query_hours=0)
    published = SessionScoring.objects.get(session=played).published_ranking
    expected = _expected(published, handicaps)
    Member.objects.update(handicap=Decimal("40"))  # handicaps change after the evening: the published ranking stays
    page = client_for(director).get(f"/scoring/sessions/{played.pk}/ranking/").content.decode()
    assert f'data-testid="handicap-percentage-1">{expected["1"][0]}<' in page

    Member.objects.update(handicap=None)
    assert _handicaps(played) == handicaps  # as they were, for the file written now from the live session
    response = client_for(director).get(f"/scoring/sessions/{played.pk}/export/usebio/")
    assert response.status_code == 200
    event = read_usebio(response.content, source="export.xml")
    assert event.handicaps == handicaps
    assert {p.id: (p.percentage, p.place) for p in event.pairs} == expected
    result = compare(event, event.score())
    assert result.handicap and result.differences == []


def test_a_handicap_is_a_number_of_percentage_points_within_fifty(club, director, client_for):
    from clubs.services import member_create

    member = member_create(club=club, first_name="Iga", last_name="Ivanova")
    url = f"/clubs/{club.slug}/members/{member.pk}/"
    page = client_for(director).get(url)
    assert page.status_code == 200 and 'name="handicap"' in page.content.decode()
    form = {"first_name": "Iga", "last_name": "Ivanova", "national_id": "", "email": "", "is_active": "on"}
    refused = client_for(director).post(url, {**form, "handicap": "55"})
    assert refused.status_code == 200 and "50" in refused.content.decode()
    member.refresh_from_db()
    assert member.handicap is None  # nothing saved by the refused form
    assert client_for(director).post(url, {**form, "handicap": "-2.5"}).status_code == 302
    member.refresh_from_db()
    assert member.handicap == Decimal("-2.5")


def test_the_director_asks_for_a_handicap_ranking_on_the_re_score_page(played, director, client_for):
    from scoring.models import SessionScoring
    from scoring.selectors.results import has_handicap_ranking

    url = f"/scoring/sessions/{played.pk}/results/compare/"
    page = (
        client_for(director)
        .get(
            url,
            {"method": "matchpoints", "scale": "ebu", "factoring": "neuberg", "sections": "across", "handicap": "on"},
        )
        .content.decode()
    )
    assert 'name="handicap"' in page and "a handicap ranking beside it" in page and 'data-testid="keep-form"' in page
    kept = client_for(director).post(
        url, {"method": "matchpoints", "scale": "ebu", "factoring": "neuberg", "sections": "across", "handicap": "True"}
    )
    assert kept.status_code == 302 and has_handicap_ranking(session=played)
    assert SessionScoring.objects.get(session=played).factoring == "neuberg"
    client_for(director).post(
        url,
        {"method": "matchpoints", "scale": "ebu", "factoring": "neuberg", "sections": "across", "handicap": "False"},
    )
    assert not has_handicap_ranking(session=played)

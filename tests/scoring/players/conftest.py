"""Fixtures of the players' pages: a Howell session dealt, named, played and published, with a player's login.

``published`` — Tuesday Pairs (complete Howell, 8 pairs, 7 rounds of 3 boards, 21 boards dealt with a fresh key,
every board "analysed" with one stored double-dummy table and par), pair 1 Ada Adamska (the ``player`` login) and
Bruno Bianchi (Polish e-mails), pairs 2–8 members with e-mail addresses or guests; every table's result recorded,
then published provisionally for 48 hours. The played evening is built once for each module (``evening``) and each
test reads it afresh in a savepoint of its own; publishing is done by each test that asks for ``published``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Session
from tests.worlds import built_once, club_make, club_session_make, director_make, howell_make, player_make, scorer_make

#: every board's stored analysis: N/S make 10 tricks in spades, par NS 4S= (+420 or +620)
DD_TRICKS = "98a79989794536445364"


def _tricks(board: int, table: int) -> int:
    return (9, 10, 10, 11, 8)[(board + table) % 5]


def play_the_evening(session, director, scorer, player):
    """Deal, name, play and finish the Howell ``session`` as the module docstring says."""
    from clubs.services import member_create
    from dealing.models import Board
    from dealing.services import boards as board_services
    from events.pairs import pair_set
    from scoring.domain.results import Artificial, Played
    from scoring.selectors.layout import session_layout
    from scoring.selectors.results import session_pairs
    from scoring.services.results import result_record
    from scoring.services.sessions import session_status_set

    club = session.club
    board_services.session_deal_fresh(session=session, user=director, boards=21, queue_analysis=False)
    Board.objects.filter(session=session).update(
        analysis_status=Board.AnalysisStatus.DONE, dd_tricks=DD_TRICKS, par_score=420, par_contracts="NS 4S="
    )
    ada = player.memberships.get(club=club)
    ada.email = "ada@example.org"
    ada.save()
    bruno = member_create(club=club, first_name="Bruno", last_name="Bianchi", email="bruno@example.org")
    bruno.language = "pl"
    bruno.save()
    pair_set(session=session, number=1, player_1=ada, player_2=bruno)
    names = iter(
        itertools.product(
            (
                "Celia",
                "Dmitri",
                "Elena",
                "Farid",
                "Greta",
                "Hugo",
                "Irena",
                "Jonas",
                "Klara",
                "Liam",
                "Maya",
                "Nikolai",
                "Olga",
                "Piotr",
            ),
            ("Nowak",),
        )
    )
    for number in range(2, 9):
        first, second = next(names), next(names)
        one = member_create(club=club, first_name=first[0], last_name=first[1], email=f"{first[0].lower()}@example.org")
        if number == 8:  # a guest partner, and a member without an address
            pair_set(session=session, number=number, player_1=one, player_2_name="Guest Player")
        else:
            two = member_create(
                club=club,
                first_name=second[0],
                last_name=second[1],
                email="" if number == 7 else f"{second[0].lower()}@example.org",
            )
            pair_set(session=session, number=number, player_1=one, player_2=two)
    session_status_set(session=session, status=Session.Status.RUNNING)
    pairs = session_pairs(session=session)
    for meeting in session_layout(session).meetings:
        for board in meeting.boards:
            result = Played.of("4S", "N", _tricks(board, meeting.table))
            if (board, meeting.table) == (5, 2):
                result = Artificial(60, 40)
            elif (board, meeting.table) == (6, 3):
                result = Played(None)
            result_record(
                session=session,
                board=board,
                ns_pair=pairs[meeting.ns],
                ew_pair=pairs[meeting.ew],
                result=result,
                user=scorer,
                round=meeting.round,
                table=meeting.table,
            )
    session_status_set(session=session, status=Session.Status.FINISHED)


@dataclass(frozen=True)
class Evening:
    """The ids of what the module's evening is made of."""

    club: int
    director: int
    scorer: int
    player: int
    session: int


@pytest.fixture(scope="module")
def evening(django_db_setup, django_db_blocker) -> Evening:
    """The played evening, built once for the module: every test starts from it in a savepoint of its own."""
    with built_once(django_db_blocker):
        club = club_make()
        director, scorer, player = director_make(club), scorer_make(club), player_make(club)
        session = howell_make(club_session_make(club), director)
        play_the_evening(session, director, scorer, player)
        yield Evening(club=club.pk, director=director.pk, scorer=scorer.pk, player=player.pk, session=session.pk)


# The fixtures of tests/conftest.py that the evening replaces: its rows, read afresh for each test.


@pytest.fixture
def club(db, evening):
    return Club.objects.get(pk=evening.club)


@pytest.fixture
def director(db, evening):
    return get_user_model().objects.get(pk=evening.director)


@pytest.fixture
def scorer(db, evening):
    return get_user_model().objects.get(pk=evening.scorer)


@pytest.fixture
def player(db, evening):
    return get_user_model().objects.get(pk=evening.player)


@pytest.fixture
def played(db, evening):
    """The session played to the end (finished, not published); returns it."""
    return Session.objects.get(pk=evening.session)


@pytest.fixture
def published(played, director, django_capture_on_commit_callbacks, mailoutbox):
    """The played session published provisionally (48 hours); its results e-mails sent (in ``mailoutbox``)."""
    from scoring.services.sessions import session_results_publish

    with django_capture_on_commit_callbacks(execute=True):
        session_results_publish(session=played, user=director, query_hours=48)
    played.refresh_from_db()
    return played

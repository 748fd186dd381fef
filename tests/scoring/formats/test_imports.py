"""Importing a results file as a session: each real file becomes a finished session whose stored results,
re-scored, rank as the command ranks the file; a bad file saves nothing."""

from __future__ import annotations

import datetime
import json
from io import StringIO

import pytest
from django.core.management import call_command

from clubs.models import Pair, Session
from dealing.models import Board, SessionDealing
from scoring.domain.errors import ScoringError
from scoring.domain.formats.usebio import SAMPLE
from scoring.domain.ranking import shown
from scoring.models import ImportedLayout, Result, ResultChange, SessionScoring
from scoring.selectors.results import session_lines, session_score
from scoring.services.imports import session_import_file, session_import_pbn, session_import_usebio

# file, results, pairs, boards with deals, winners, two sections
FILES = [
    ("abf-compscore3-howell-12pairs-2022-07-27.usebio.xml", 161, 12, 27, 1),
    ("abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml", 567, 42, 27, 2),
    ("ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml", 242, 22, 22, 2),
    ("ebuscore-two-sections-18boards-2025-01-02.usebio.xml", 305, 35, 18, 1),
    ("realbridge-club-duplicate-8tables-2025-04-07.usebio.xml", 168, 16, 21, 2),
    ("wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml", 144, 13, 0, 1),
    ("wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn", 144, 13, 24, 1),
]  # fmt: skip


def command_ranking(path) -> list[tuple[str, str, float]]:
    out = StringIO()
    call_command("score_usebio", str(path), stdout=out)
    return [(p["pair"], p["rank"], p["percentage"]) for p in json.loads(out.getvalue())["pairs"]]


def stored_ranking(session: Session) -> list[tuple[str, str, float]]:
    """The stored session scored as every page scores it (``session_score``: its rows, options and layout)."""
    score = session_score(session=session)
    return [(p.pair, p.place, float(shown(p.percentage))) for p in score.pairs]


@pytest.mark.slow
@pytest.mark.parametrize("name, results, pairs, deals, winners", FILES, ids=lambda v: str(v).split(".")[0])
def test_each_real_file_becomes_a_session_that_ranks_as_the_command(
    club, director, events_dir, name, results, pairs, deals, winners
):
    path = events_dir / name
    session = session_import_file(club=club, data=path.read_bytes(), filename=name, user=director)
    assert session.status == Session.Status.FINISHED and session.club == club
    assert (
        Result.objects.filter(session=session).count(),
        Pair.objects.filter(session=session).count(),
        Board.objects.filter(session=session).count(),
    ) == (results, pairs, deals)
    assert ResultChange.objects.filter(session=session, action="imported").count() == results
    layout = ImportedLayout.objects.get(session=session)
    assert layout.winners == winners and layout.source["filename"] == name
    assert sum(len(m["boards"]) for m in layout.meetings) == results
    assert stored_ranking(session) == command_ranking(path)


def test_the_session_metadata_players_and_results(club, director, events_dir):
    from clubs.services import member_create

    ada = member_create(club=club, first_name="Ada", last_name="Adamska", national_id="100095")
    name = "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml"
    session = session_import_usebio(club=club, data=(events_dir / name).read_bytes(), filename=name, user=director)
    assert (session.name, session.date) == ("EL Thu 1.00pm Open (28-Jul-22)", datetime.date(2022, 7, 28))
    pair = Pair.objects.get(session=session, number=1, direction="NS")
    assert (pair.label, pair.player_1, pair.player_1_name, pair.player_2_name) == ("1NS", ada, "", "Player 96")
    assert Pair.objects.get(session=session, number=1, direction="EW").label == "1EW"
    artificial = Result.objects.filter(session=session, kind=Result.Kind.ARTIFICIAL)
    assert sorted((r.ns_percent, r.ew_percent) for r in artificial) == [(50, 50), (50, 50), (60, 40), (60, 60)]
    passed = Result.objects.filter(session=session, kind=Result.Kind.PLAYED, level__isnull=True)
    assert passed.count() == 3 and all(r.declarer == "" and r.tricks is None for r in passed)
    line = Result.objects.filter(session=session, board=1, ns_pair__number=3).get()
    assert (line.level, line.strain, line.doubling, line.declarer, line.tricks, line.lead) == (3, "S", 0, "S", 9, "D6")
    change = ResultChange.objects.get(result=line)
    assert change.by == director and change.new["contract"] == "3S" and change.reason == name
    dealing = SessionDealing.objects.get(session=session)
    assert (dealing.source, dealing.imported_filename) == ("imported", name)
    assert SessionScoring.objects.get(session=session).method == "matchpoints"


def test_two_sections_keep_their_letters(club, director, events_dir):
    name = "ebuscore-two-sections-18boards-2025-01-02.usebio.xml"
    session = session_import_usebio(club=club, data=(events_dir / name).read_bytes(), filename=name, user=director)
    assert set(Pair.objects.filter(session=session).values_list("section", flat=True)) == {"A", "B"}
    assert Pair.objects.get(session=session, section="A", number=10).label == "A10"
    assert {line.section for line in session_lines(session=session)} == {"A", "B"}


def test_the_pbn_import(club, director, events_dir):
    name = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"
    session = session_import_pbn(club=club, data=(events_dir / name).read_bytes(), filename=name, user=director)
    assert (session.name, session.date) == ("Wednesday AM Pairs", datetime.date(2025, 4, 9))
    assert Result.objects.filter(session=session, kind=Result.Kind.ARTIFICIAL).count() == 1


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda d: d.replace(b"MP_PAIRS", b"TEAMS"), "event type TEAMS is a teams event: import it as a teams session"),
        (lambda d: d.replace(b"<CONTRACT>3NT", b"<CONTRACT>8S"), "line 11 (CONTRACT)"),
        (lambda d: d[: d.index(b"<SCORE>400")], "truncated"),
        (lambda d: d.replace(b"<NS_PAIR_NUMBER>3<", b"<NS_PAIR_NUMBER>1<"), "pair 1 has two results"),
    ],
)
def test_a_bad_file_saves_nothing(club, director, damage, words):
    with pytest.raises(ScoringError) as caught:
        session_import_usebio(club=club, data=damage(SAMPLE), filename="club.xml", user=director)
    assert words in str(caught.value)
    assert not Session.objects.filter(club=club).exists() and not Pair.objects.exists() and not Result.objects.exists()


def test_only_directors_import_and_only_results_files(club, scorer, director):
    with pytest.raises(ScoringError) as caught:
        session_import_usebio(club=club, data=SAMPLE, filename="club.xml", user=scorer)
    assert str(caught.value) == "only the club's directors may import a session's results"
    with pytest.raises(ScoringError) as caught:
        session_import_file(club=club, data=SAMPLE, filename="club.doc", user=director)
    assert caught.value.field == "file" and "club.doc: not a results file" in str(caught.value)
    assert not Session.objects.exists()

"""The field as kept between combinations (``simultaneous.domain.field``), without a database: clubs' results kept in
column form, joined and scored, give the engine's numbers for the same files read as before (every pair's overall and
local result, every line's matchpoints), and a board's frequencies and a pair's scorecard read from the kept pieces."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from scoring.domain.errors import ScoringError
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.notation import shorthand
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine
from scoring.domain.simultaneous import score_simultaneous, simultaneous_of_files
from simultaneous.domain.field import (
    ClubResults,
    board_results,
    club_results,
    club_scored,
    field_kept,
    field_of_clubs,
    frequencies,
    score_field,
    scorecard,
)

USEBIO = "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml"
PBN = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"


def _ratio(numerator, denominator) -> str:
    value = Fraction(int(numerator), int(denominator))
    return f"{value.numerator}/{value.denominator}"


@pytest.mark.parametrize("options", [ScoringOptions(), ScoringOptions(scale="acbl", factoring="none")])
def test_the_kept_field_scores_as_the_files_read_whole(events_dir, options):
    files = [
        ("Lindfield", USEBIO, read_usebio((events_dir / USEBIO).read_bytes())),
        ("Welwyn", PBN, read_pbn_results((events_dir / PBN).read_bytes())),
    ]
    # as before: the files' lines joined and scored whole
    named = [(place, dataclasses.replace(read, club_name=club)) for club, place, read in files]
    before = simultaneous_of_files(named, options)
    score = score_simultaneous(before)
    # now: each club's results kept (as JSON keeps them), joined without a line made
    kept_clubs = []
    for club, place, read in files:  # each club's local result scored alone when its results arrive
        results = club_scored(club, place, club_results(read.lines, {}), options)
        kept_clubs.append((club, place, ClubResults.from_data(json.loads(json.dumps(results.as_data())))))
    field, kept_score = score_field(kept_clubs, options)
    assert field.clubs == ["Lindfield", "Welwyn"] and len(field.columns) == len(before.columns)
    kept = field_kept(field, kept_score, {})
    expected_rows = [
        (p.section, p.pair, p.percentage, p.place, *score.local[(p.section, p.pair)]) for p in score.overall.pairs
    ]
    rows = [
        (r["club"], r["pair"], Fraction(r["percentage"]), r["place"], Fraction(r["local_percentage"]), r["local_place"])
        for r in kept.rows
    ]
    assert rows == expected_rows and len(rows) == 25
    # every line's overall matchpoints, board by board, as the whole files gave them
    bulk, columns = score.overall, before.columns
    expected_boards: dict[int, list[tuple]] = {}
    for unit in bulk.units:
        for i in unit.lines.tolist():
            line = columns.line(i)
            expected_boards.setdefault(unit.board, []).append(
                (
                    line.section,
                    line.ns,
                    line.ew,
                    shorthand(line.result),
                    None if line.ns_score is None else str(line.ns_score),
                    _ratio(bulk.ns_num[i], bulk.ns_den[i]),
                    _ratio(bulk.ew_num[i], bulk.ew_den[i]),
                    _ratio(bulk.top_num[i], bulk.top_den[i]),
                )
            )
    got = {b["board"]: [tuple(line.values()) for line in b["results"]] for b in board_results(kept.clubs, kept.boards)}
    assert got == expected_boards and sum(len(v) for v in got.values()) == len(columns)
    # a board's table holds each result once with its count; the frequencies add up to the board's tables
    assert sum(f.count for f in frequencies(kept.boards[1])) == len(expected_boards[1])


def test_artificial_and_weighted_scores_and_a_pairs_scorecard():
    lines = [
        TravellerLine(1, "1", "2", Played.of("3N", "S", 9)),
        TravellerLine(1, "3", "4", Artificial(60, 40)),
        TravellerLine(1, "5", "6", Assigned.weighted(("1/2", 400), ("1/2", 600))),
        TravellerLine(2, "1", "4", Played.of("2H", "E", 8)),
        TravellerLine(2, "3", "2", Played(None)),
    ]
    other = [TravellerLine(1, "1", "2", Played.of("3N", "S", 9)), TravellerLine(2, "1", "2", Played.of("2H", "E", 8))]
    first = club_results(lines, {"3": "Cy – Di"})
    assert json.loads(json.dumps(first.as_data())) == first.as_data()
    clubs = [("Hilltop", "h/s1", first), ("Lakeside", "l.xml", club_results(other, {}))]
    field = field_of_clubs(clubs, ScoringOptions())
    score = score_simultaneous(field)
    kept = field_kept(field, score, {("Hilltop", "3"): "Cy – Di"})
    assert {r["pair"]: r["names"] for r in kept.rows if r["club"] == "Hilltop"}["3"] == "Cy – Di"
    board_1 = frequencies(kept.boards[1])
    assert [(f.result, f.ns_score, f.count) for f in board_1] == [
        ("50% +400 50% +600", "500", 1),
        ("3N S 9", "400", 2),
        ("A6040", None, 1),
    ]
    assert board_1[2].ns_percentage == 60 and board_1[1].share == Fraction(1, 2)
    # pair 4 of Hilltop: EW on both boards (against 3, an artificial score; against 1: its score EW's)
    card = scorecard(kept.clubs["Hilltop"], kept.boards, "4")
    assert [(c.board, c.direction, c.opponents, c.result, c.score) for c in card] == [
        (1, "EW", "3", "A6040", None),
        (2, "EW", "1", "2H E 8", "110"),
    ]
    assert card[0].percentage == 40
    assert [(c.direction, c.score) for c in scorecard(kept.clubs["Lakeside"], kept.boards, "2")] == [
        ("EW", "-400"),
        ("EW", "110"),
    ]
    assert scorecard(kept.clubs["Lakeside"], kept.boards, "9") == []


def test_clubs_are_named_as_the_files_name_them():
    results = club_results([TravellerLine(1, "1", "2", Played.of("4S", "N", 10))], {})
    empty = club_results([], {})
    field = field_of_clubs(
        [("North", "a.xml", results), ("North", "b.pbn", results), ("Void", "c", empty)], ScoringOptions()
    )
    assert field.clubs == ["a.xml", "b.pbn"]  # the same club twice: each by its file; a club without lines left out
    with pytest.raises(ScoringError):
        # two say North (each named by its file, a.xml and b.pbn), and a third club is called a.xml
        field_of_clubs(
            [("North", "a.xml", results), ("North", "b.pbn", results), ("a.xml", "c", results)], ScoringOptions()
        )
    with pytest.raises(ScoringError):
        field_of_clubs([("Void", "c", empty)], ScoringOptions())

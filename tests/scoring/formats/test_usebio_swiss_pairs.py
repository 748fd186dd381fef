"""A Swiss pairs event's files (scoring.domain.formats.usebio_swiss_pairs, pbn_teams.write_pbn_swiss_pairs): the
USEBIO with its pairs, matches, each board's datum or matchpoints and the VPs, checked element by element; the PBN
with a game per board per match and the players in their seats; the teams import refusing the USEBIO in one line.

Round 1 of three tables and a bye, two boards (board 1 none vulnerable, board 2 North–South vulnerable):

    table 1 (1 v 2): 4S N 10 = +420,  3N N 9 = +600
    table 2 (3 v 4): 2S N 8  = +110,  1N N 6 = −100
    table 3 (5 v 6): 4S N 9  = −50,   3N N 10 = +630      pair 7: the bye

IMPs: board 1's datum is 110 (the middle one of three), board 2's 600; table 1 wins 7 and 0, table 2 0 and −12,
table 3 −4 and +1. Matchpoints (top 4): table 1 4 and 2 (75 %), table 2 2 and 0 (25 %), table 3 0 and 4 (50 %).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from dealing.domain.formats.pbn import read_pbn
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FilePlayer
from scoring.domain.formats.pbn_teams import write_pbn_swiss_pairs
from scoring.domain.formats.usebio_schema import check_usebio
from scoring.domain.formats.usebio_swiss_pairs import SwissPairsFile, write_usebio_swiss_pairs
from scoring.domain.formats.usebio_teams import FileTeam, read_usebio_teams
from scoring.domain.formats.xmltree import parse_xml
from scoring.domain.shorthand import parse_entry
from scoring.domain.swiss_pairs import PairsMatch, SwissPairsEvent, score_swiss_pairs

TABLES = {1: ("1", "2", "4S N 10", "3N N 9"), 2: ("3", "4", "2S N 8", "1N N 6"), 3: ("5", "6", "4S N 9", "3N N 10")}


def _event(method: str) -> SwissPairsEvent:
    matches = [
        PairsMatch(table - 1, 1, home, away, ((1, parse_entry(first)), (2, parse_entry(second))))
        for table, (home, away, first, second) in TABLES.items()
    ]
    matches.append(PairsMatch(3, 1, "7", None, ()))
    return SwissPairsEvent(boards_per_match=2, matches=tuple(matches), scale="wbf2013", method=method)


def _file(method: str) -> SwissPairsFile:
    pairs = tuple(
        FileTeam(str(n), f"Pair {n}", (FilePlayer(f"First {n}", f"PL{n}"), FilePlayer(f"Second {n}")))
        for n in range(1, 8)
    )
    return SwissPairsFile(
        "Swiss & pairs", _event(method), pairs, club_name="Riverside", date=datetime.date(2026, 11, 27)
    )


def _matches(data: bytes):
    root = parse_xml(data)
    event = root.find("EVENT")
    section = event.find("SESSION").find("SECTION")
    return root, event, section, section.findall("MATCH")


def test_the_usebio_of_swiss_pairs_on_imps():
    file = _file("imps")
    data = write_usebio_swiss_pairs(file, score_swiss_pairs(file.event))
    root, event, section, matches = _matches(data)
    assert event.attrs["EVENT_TYPE"] == "SWISS_PAIRS"
    assert [event.value(t) for t in ("BOARD_SCORING_METHOD", "PAIRS", "BOARDS_PER_MATCH", "VP_SCALE", "DATE")] == [
        "BUTLER", "7", "2", "wbf2013", "27/11/2026"
    ]  # fmt: skip
    pairs = section.find("PARTICIPANTS").findall("PAIR")
    assert [p.value("PAIR_NUMBER") for p in pairs] == [str(n) for n in range(1, 8)]
    first = pairs[0]
    assert [p.value("PLAYER_NAME") for p in first.findall("PLAYER")] == ["First 1", "Second 1"]
    assert (first.value("IMPS_FOR"), first.value("IMPS_AGAINST"), first.value("PLACE")) == (
        "7",
        "0",
        "2",
    )  # pair 4 won 12 IMPs
    assert len(matches) == 4
    table = {m.value("MATCH_NUMBER"): m for m in matches}
    one = table["1"]
    assert [one.value(t) for t in ("HOME_PAIR_NUMBER", "AWAY_PAIR_NUMBER", "HOME_IMPS", "AWAY_IMPS")] == [
        "1", "2", "7", "0"
    ]  # fmt: skip
    assert Decimal(one.value("HOME_VICTORY_POINTS")) + Decimal(one.value("AWAY_VICTORY_POINTS")) == 20
    boards = one.findall("BOARD")
    assert [(b.value("BOARD_NUMBER"), b.value("DATUM")) for b in boards] == [("1", "110"), ("2", "600")]
    line = boards[0].find("TRAVELLER_LINE")
    assert [line.value(t) for t in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS")] == [
        "1", "2", "4S", "N", "10"
    ]  # fmt: skip
    assert (line.value("SCORE"), line.value("NS_MATCH_POINTS"), line.value("EW_MATCH_POINTS")) == ("420", "7", "0")
    two = table["2"].findall("BOARD")[1].find("TRAVELLER_LINE")
    assert (two.value("SCORE"), two.value("NS_MATCH_POINTS"), two.value("EW_MATCH_POINTS")) == ("-100", "0", "12")
    bye = table["4"]
    assert bye.find("AWAY_PAIR_NUMBER") is None and bye.value("HOME_VICTORY_POINTS") == "12"
    assert not bye.findall("BOARD")


def test_the_usebio_of_swiss_pairs_on_matchpoints():
    file = _file("matchpoints")
    data = write_usebio_swiss_pairs(file, score_swiss_pairs(file.event))
    _root, event, section, matches = _matches(data)
    assert event.value("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert section.find("PARTICIPANTS").findall("PAIR")[0].find("IMPS_FOR") is None  # no IMPs on matchpoints
    got = [
        (m.value("HOME_PERCENTAGE"), m.value("AWAY_PERCENTAGE"), m.value("HOME_VICTORY_POINTS")) for m in matches[:3]
    ]
    assert got == [("75.00", "25.00", "15.00"), ("25.00", "75.00", "5.00"), ("50.00", "50.00", "10.00")]
    lines = [b.find("TRAVELLER_LINE") for b in matches[2].findall("BOARD")]
    assert [(x.value("NS_MATCH_POINTS"), x.value("EW_MATCH_POINTS")) for x in lines] == [("0", "4"), ("4", "0")]
    assert matches[0].findall("BOARD")[0].find("DATUM") is None


def test_only_the_elements_docs_teams_md_names_as_ours_are_new_to_usebio():
    file = _file("imps")
    data = write_usebio_swiss_pairs(file, score_swiss_pairs(file.event))
    unknown = {f.element for f in check_usebio(data) if f.code == "unknown"}
    assert unknown <= {"MATCH", "PAIR_NAME", "IMPS_FOR", "IMPS_AGAINST", "DATUM", "BOARDS_PER_MATCH", "VP_SCALE"}
    assert {"MATCH", "BOARDS_PER_MATCH", "VP_SCALE"} <= unknown
    assert not [f for f in check_usebio(data) if f.code != "unknown"]


def test_the_teams_import_refuses_a_swiss_pairs_file_in_one_line():
    file = _file("imps")
    data = write_usebio_swiss_pairs(file, score_swiss_pairs(file.event))
    with pytest.raises(ScoringError) as caught:
        read_usebio_teams(data, source="swiss.xml")
    said = str(caught.value)
    assert said.startswith("swiss.xml: line ") and "(EVENT)" in said
    assert "SWISS_PAIRS is a Swiss pairs event" in said and "cannot be imported yet" in said


@pytest.mark.parametrize(("method", "scoring", "tag", "first"), [
    ("imps", "Butler", "ScoreIMP", "NS 7"),
    ("matchpoints", "MP", "ScorePercentage", "NS 100.00"),
])  # fmt: skip
def test_the_pbn_of_swiss_pairs(method, scoring, tag, first):
    file = _file(method)
    text = write_pbn_swiss_pairs(file, score_swiss_pairs(file.event))
    games = read_pbn(text).games
    assert len(games) == 6  # three tables, two boards; the bye has none
    game = games[0].values
    assert (game["Board"], game["Table"], game["Round"], game["Scoring"], game["Competition"]) == (
        "1", "1", "1", scoring, "Pairs"
    )  # fmt: skip
    seats = [game[s] for s in ("North", "South", "East", "West")]
    assert seats == ["First 1", "Second 1", "First 2", "Second 2"]
    assert (game["Contract"], game["Declarer"], game["Result"], game["Score"]) == ("4S", "N", "10", "NS 420")
    assert game[tag] == first and (game["HomeTeam"], game["VisitTeam"]) == ("Pair 1", "Pair 2")
    assert [g.values["Table"] for g in games] == ["1", "1", "2", "2", "3", "3"]
    assert games[3].values["Score"] == "NS -100" and "TotalScoreTable" in text and "PairName" in text
    assert "Room" not in game

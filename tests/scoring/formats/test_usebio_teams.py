"""USEBIO teams events and PBN of teams matches (scoring.domain.formats.usebio_teams, pbn_teams): written with our
numbers, read back to the same event, and every damaged or foreign file refused in one line naming the place."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest

from bridge.cards import Deal
from dealing.domain.formats.pbn import read_pbn
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FilePlayer
from scoring.domain.formats.pbn_teams import write_pbn_teams
from scoring.domain.formats.teams import read_teams
from scoring.domain.formats.usebio_schema import check_usebio
from scoring.domain.formats.usebio_teams import (
    SAMPLE,
    FileTeam,
    FileTie,
    TeamsFile,
    is_teams_usebio,
    read_usebio_teams,
    write_usebio_teams,
)
from scoring.domain.teams import score_teams

#: three teams, two rounds of 2-board matches and a bye each round; a contract, an assigned score, a weighted one,
#: an artificial one and a pass-out among the results
EVENT = read_teams(
    """{"scale": "wbf2013-discrete", "boards_per_match": 2, "matches": [
 {"round": 1, "home": "1", "away": "2", "boards": [
   {"board": 1, "home_ns": {"contract": "3NT", "declarer": "S", "tricks": 10, "lead": "HK"},
    "away_ns": {"contract": "4SX", "declarer": "E", "tricks": 10}},
   {"board": 2, "home_ns": {"weighted": [[25, 620], [75, -100]]}, "away_ns": {"contract": "PASS"}}]},
 {"round": 1, "home": "3", "away": null},
 {"round": 2, "home": "3", "away": "1", "boards": [
   {"board": 3, "home_ns": {"adjusted": "60/40"}, "away_ns": {"score": -110}},
   {"board": 4, "home_ns": {"contract": "2H", "declarer": "W", "tricks": 8}, "away_ns": {"score": 140}}]},
 {"round": 2, "home": "2", "away": null}]}"""
)
RICH = TeamsFile(
    name="Winter League <round 1 & 2>",
    event=EVENT,
    teams=(
        FileTeam("1", "Sharks", (FilePlayer("Ada Nowak", "PL1001"), FilePlayer("Ben Kowal"))),
        FileTeam("2", "Owls & Co", (FilePlayer("Cyd Ło"),)),
        FileTeam("3", "Larks"),
    ),
    club_name="Riverside",
    date=datetime.date(2026, 11, 27),
    swiss=True,
    deals={1: Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.8765.765 432.5432.432.432")},
)


def test_a_file_written_is_read_back_to_the_same_event():
    score = score_teams(EVENT)
    data = write_usebio_teams(RICH, score)
    again = read_usebio_teams(data, source="w.xml")
    assert again.event.matches == EVENT.matches
    assert (again.event.scale, again.event.boards_per_match, again.swiss) == ("wbf2013-discrete", 2, True)
    assert again.teams == RICH.teams and again.name == RICH.name and again.date == RICH.date
    assert dict(again.deals) == dict(RICH.deals)
    assert [(s.team, s.vp, s.rank) for s in score_teams(again.event).standings] == [
        (s.team, s.vp, s.rank) for s in score.standings
    ]
    text = data.decode()
    assert 'EVENT_TYPE="SWISS_TEAMS"' in text and "<NOTES>Weighted: 25% +620, 75% -100</NOTES>" in text
    # each board's IMPs on both tables' lines, each team's totals, the bye's VPs
    assert text.count("<TRAVELLER_LINE>") == 8 and text.count("<AWAY_TEAM_NUMBER>") == 2
    assert text.count("<HOME_VICTORY_POINTS>12</HOME_VICTORY_POINTS>") == 2  # a bye: the larger of 12 and the average


def test_the_file_keeps_usebios_frame():
    """What the pairs structure check says of a teams file: only our teams elements are new to it."""
    unknown = {f.element for f in check_usebio(write_usebio_teams(RICH, score_teams(EVENT))) if f.code == "unknown"}
    assert unknown == {
        "BOARDS_PER_MATCH",
        "VP_SCALE",
        "TEAM",
        "MATCH",
    }


def test_a_file_of_another_program_without_our_elements():
    """No VP_SCALE or BOARDS_PER_MATCH: the WBF continuous scale (board-a-match for PAB), the longest match's
    boards; no SESSION/SECTION nesting (a 1.0 layout) is read too."""
    plain = re.sub(rb"<BOARDS_PER_MATCH>2</BOARDS_PER_MATCH>", b"", SAMPLE)
    plain = plain.replace(b'<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">', b"").replace(
        b"</SECTION></SESSION>", b""
    )
    read = read_usebio_teams(plain)
    assert (read.event.scale, read.event.boards_per_match) == ("wbf2013", 2)
    pab = plain.replace(b"<DATE>", b"<BOARD_SCORING_METHOD>PAB</BOARD_SCORING_METHOD><DATE>")
    assert read_usebio_teams(pab).event.scale == "board-a-match"
    assert is_teams_usebio(SAMPLE.replace(b'"TEAMS"', b'"SWISS_TEAMS"'))


def _error(data: bytes) -> str:
    with pytest.raises(ScoringError) as caught:
        read_usebio_teams(data, source="t.xml")
    return str(caught.value)


def _swap(old: bytes, new: bytes, count: int = 1) -> bytes:
    assert old in SAMPLE
    return SAMPLE.replace(old, new, count)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"<USEBIO><EVENT EVENT_TYPE='PAIRS'/></USEBIO>", "t.xml: line 1 (EVENT): event type PAIRS is not a teams"),
        (b"<EVENTS/>", "t.xml: line 1 (EVENTS): not a USEBIO file: the root element is <EVENTS>"),
        (SAMPLE[:300], "t.xml: line 6 (SESSION): the file ends before <SESSION>"),
        (_swap(b"<TEAM_NUMBER>2<", b"<TEAM_NUMBER>1<"), "t.xml: line 10 (TEAM_NUMBER): team 1 is listed twice"),
        (_swap(b"<TEAM_NUMBER>2<", b"<TEAM_NUMBER>two<"), "t.xml: line 10 (TEAM_NUMBER): TEAM_NUMBER 'two': expected"),
        (_swap(b"<AWAY_TEAM_NUMBER>2<", b"<AWAY_TEAM_NUMBER>1<"), "t.xml: line 12 (AWAY_TEAM_NUMBER): team 1 cannot"),
        (_swap(b"<HOME_TEAM_NUMBER>1</HOME_TEAM_NUMBER>", b""), "t.xml: line 12 (MATCH): <MATCH> has no HOME_TEAM_NUM"),
        (
            _swap(
                b"<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1<",
                b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2<",
            ),
            "t.xml: line 16 (TRAVELLER_LINE): board 1 of 1 v 2 (round 1) has two results where team 1 sat NS",
        ),
        (
            _swap(b"<EW_PAIR_NUMBER>2<", b"<EW_PAIR_NUMBER>3<"),
            "t.xml: line 14 (TRAVELLER_LINE): board 1 of 1 v 2 (round 1): a line of teams 1 v 3 belongs to another",
        ),
        (
            _swap(b"<SCORE>A5050<", b"<SCORE>A6060<"),
            "t.xml: line 19 (BOARD): A6060: an artificial score that is not Average plus / minus",
        ),
        (_swap(b"<CONTRACT>4S<", b"<CONTRACT>8S<"), "t.xml: line 14 (CONTRACT): '8S' is not a contract"),
        (
            _swap(b"<BOARDS_PER_MATCH>2<", b"<BOARDS_PER_MATCH>3<"),
            "t.xml: line 12 (MATCH): 1 v 2 (round 1) has 2 boards where a match has 3",
        ),
        (_swap(b"<DATE>", b"<VP_SCALE>fifa</VP_SCALE><DATE>"), "t.xml: line 5 (VP_SCALE): unknown scoring 'fifa'"),
        (
            re.sub(rb"<MATCH>.*</MATCH>", b"", SAMPLE, flags=re.S),
            "t.xml: line 6 (SECTION): the file has no MATCH: there is nothing to score",
        ),
    ],
)
def test_each_bad_file_is_one_line_naming_the_place(data, message):
    assert _error(data).startswith(message)


def test_a_team_in_two_matches_of_a_round():
    match = re.search(rb"<MATCH>.*</MATCH>", SAMPLE, flags=re.S)[0]
    data = SAMPLE.replace(match, match + b"\n" + match)
    assert _error(data).startswith(
        "t.xml: line 26 (MATCH): team 1 plays twice in round 1 (its other match is on line 12)"
    )


def test_the_pbn_has_a_game_per_board_per_table():
    score = score_teams(EVENT)
    pbn = read_pbn(write_pbn_teams(RICH, score))
    games = [g.values for g in pbn.games]
    assert len(games) == 8
    first, second = games[0], games[1]
    assert (first["Board"], first["Room"], first["Table"], first["Round"]) == ("1", "Open", "1", "1")
    assert (second["Room"], second["Table"], second["Contract"], second["Declarer"]) == ("Closed", "2", "4SX", "E")
    assert (first["HomeTeam"], first["VisitTeam"], first["Competition"]) == ("Sharks", "Owls & Co", "Teams")
    assert first["Deal"].startswith("N:AKQJ") and games[2]["Deal"] == ""
    # board 1: 3NT+1 (+430) against 4S× made by EW (−590): the home team gains 430 + 590 = 1020, 14 IMPs
    assert (first["Score"], first["ScoreIMP"], second["Score"], second["ScoreIMP"]) == (
        "NS 430",
        "NS 14",
        "NS -590",
        "NS -14",
    )
    assert games[3]["Contract"] == "Pass" and games[3]["Declarer"] == ""
    assert (
        games[2]["Contract"] == "?" and games[2]["Score"] == "NS 80"
    )  # weighted: its mean, 25% of +620 and 75% of -100
    # round 2: team 3 at home, an artificial score at its open table
    assert (games[4]["Round"], games[4]["HomeTeam"], games[4]["Contract"]) == ("2", "Larks", "?")
    total = next(t for t in pbn.games[0].items if getattr(t, "name", "") == "TotalScoreTable")
    assert len(total.section) == 3 and '"Sharks"' in total.section[0]
    assert Decimal(total.section[0].split()[-2]) == score.standings[0].vp


#: a knockout of three teams in plain IMPs: team 1 (the top seed) has round 1's bye in the bracket's first slot,
#: 2 v 3 is level on the boards and won on the carry-over; the final 1 v 3
KNOCKOUT = read_teams(
    """{"scale": "imps", "boards_per_match": 1, "matches": [
 {"round": 1, "home": "1", "away": null},
 {"round": 1, "home": "2", "away": "3", "boards": [
   {"board": 1, "home_ns": {"score": 420}, "away_ns": {"score": 420}}]},
 {"round": 2, "home": "1", "away": "3", "boards": [
   {"board": 2, "home_ns": {"score": 110}, "away_ns": {"score": 140}}]}]}"""
)
CUP = TeamsFile(
    name="Cup",
    event=KNOCKOUT,
    teams=(FileTeam("1", "Sharks", seed=1), FileTeam("2", "Owls", seed=3), FileTeam("3", "Larks", seed=2)),
    knockout=True,
    ties={1: FileTie(Decimal("1.5"), Decimal(0), "extra-boards", -2), 2: FileTie(tie_break="seed")},
    numbers=(1, 2, 1),
)


def test_a_knockouts_seeds_carry_over_and_tie_breaks_travel_in_our_own_elements():
    data = write_usebio_teams(CUP, score_teams(KNOCKOUT))
    text = data.decode()
    assert "<SEED>3</SEED>" in text and text.count("<KNOCKOUT_TIE>") == 2
    assert "<CARRY_OVER_HOME>1.5</CARRY_OVER_HOME>" in text and "<EXTRA_BOARDS_IMPS>-2</EXTRA_BOARDS_IMPS>" in text
    again = read_usebio_teams(data, source="cup.xml")
    assert again.knockout and again.ties == CUP.ties and again.numbers == (1, 2, 1)
    assert [t.seed for t in again.teams] == [1, 3, 2] and again.event.matches == KNOCKOUT.matches
    # a file without our elements is no knockout, and its matches are numbered in the order written
    plain = read_usebio_teams(write_usebio_teams(RICH, score_teams(EVENT)))
    assert not plain.knockout and not plain.ties and plain.numbers == (1, 2, 1, 2)
    assert {f.element for f in check_usebio(data) if f.code == "unknown"} == {
        "BOARDS_PER_MATCH", "VP_SCALE", "TEAM", "MATCH"
    }  # fmt: skip


@pytest.mark.parametrize(("old", "new", "said"), [
    (b"<TIE_BREAK>seed<", b"<TIE_BREAK>coin<", "(TIE_BREAK): TIE_BREAK 'coin': expected extra-boards"),
    (b"<CARRY_OVER_HOME>1.5<", b"<CARRY_OVER_HOME>-1<", "(CARRY_OVER_HOME): CARRY_OVER_HOME '-1': expected a"),
    (b"<CARRY_OVER_HOME>1.5<", b"<CARRY_OVER_HOME>1.25<", "expected a carry-over in IMPs from 0"),
    (b"<EXTRA_BOARDS_IMPS>-2<", b"<EXTRA_BOARDS_IMPS>x<", "EXTRA_BOARDS_IMPS 'x' is not a number"),
    (b"<MATCH_NUMBER>2<", b"<MATCH_NUMBER>1<", "round 1 has two matches numbered 1 (the other is on line"),
])  # fmt: skip
def test_a_damaged_knockout_tie_is_refused_naming_the_place(old, new, said):
    data = write_usebio_teams(CUP, score_teams(KNOCKOUT))
    assert old in data
    with pytest.raises(ScoringError) as caught:
        read_usebio_teams(data.replace(old, new, 1), source="cup.xml")
    assert said in str(caught.value) and str(caught.value).startswith("cup.xml: line ")

"""PBN with results: Bridgewebs' real file imports, our export round-trips, bad tables are named at their line."""

from __future__ import annotations

import pytest

from dealing.domain.analysis import BoardAnalysis, DoubleDummyTable, Par
from dealing.domain.formats.pbn import read_pbn
from scoring.domain.errors import ScoringError
from scoring.domain.formats.pbn_results import read_pbn_results, write_pbn_results
from scoring.domain.formats.usebio import SAMPLE, read_usebio
from scoring.domain.ranking import shown
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine

BRIDGEWEBS = "wgcbc-bridgewebs-howell-13pairs-2025-04-09.pbn"
BRIAN = "wgcbc-brian-howell-13pairs-2025-04-09.usebio.xml"
USEBIO = [
    "abf-compscore3-howell-12pairs-2022-07-27.usebio.xml",
    "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml",
    "ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml",
    "ebuscore-two-sections-18boards-2025-01-02.usebio.xml",
    "realbridge-club-duplicate-8tables-2025-04-07.usebio.xml",
    BRIAN,
]


def test_bridgewebs_pbn_imports(read_event):
    event = read_event(BRIDGEWEBS)
    assert (event.name, str(event.date), event.club_name, event.method) == (
        "Wednesday AM Pairs",
        "2025-04-09",
        "Welwyn Garden City Bridge Club",
        "matchpoints",
    )
    assert (len(event.lines), sorted(event.deals), event.winner_type) == (144, list(range(1, 25)), 1)
    kinds = {type(line.result).__name__ for line in event.lines}
    assert kinds == {"Played", "Artificial"}
    assert [str(line.result) for line in event.lines if isinstance(line.result, Artificial)] == ["A5050"]  # "A"
    assert sum(1 for line in event.lines if isinstance(line.result, Played) and line.result.is_passed_out) == 2
    doubled = [
        line
        for line in event.lines
        if isinstance(line.result, Played) and line.result.contract and line.result.contract.doubling
    ]
    assert len(doubled) == 28  # written 3S*
    assert event.lines[0].extra["line"] == 40 and event.lines[0].extra["score"] is None


def test_bridgewebs_and_brian_give_the_same_ranking(read_event, ranking):
    assert ranking(read_event(BRIDGEWEBS).score()) == ranking(read_event(BRIAN).score())


@pytest.mark.parametrize("name", USEBIO + [BRIDGEWEBS], ids=lambda n: n.split(".")[0])
def test_our_export_round_trips_to_the_same_ranking(read_event, ranking, name):
    event = read_event(name)
    score = event.score()
    text = write_pbn_results(event, score)
    again = read_pbn_results(text, source="export.pbn")
    assert ranking(again.score()) == ranking(score)
    assert again.deals == {b: d for b, d in event.deals.items() if b in event.boards}
    assert sorted((x.board, x.ns, x.ew, x.result) for x in again.lines) == sorted(
        (x.board, x.ns, x.ew, x.result) for x in event.lines
    )
    assert {p.id: (p.percentage, p.place) for p in again.pairs} == {
        p.pair: (shown(p.percentage), p.place) for p in score.pairs
    }
    assert again.winner_type == (2 if len(score.fields) > 1 else 1)
    pbn = read_pbn(text)  # the project's PBN reader takes it as any PBN
    assert [g.board for g in pbn.games] == sorted(event.boards)
    assert all(g.value("Dealer") and g.value("Vulnerable") for g in pbn.games)


def test_the_export_carries_names_analysis_and_the_files_own_numbers(read_event):
    event = read_event("abf-compscore3-howell-12pairs-2022-07-27.usebio.xml")
    table = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")
    event.analyses[1] = BoardAnalysis(table, Par.from_pbn("NS 420", "NS 4H"))
    text = write_pbn_results(event, event.score())
    again = read_pbn_results(text)
    assert again.analyses[1].table == table and again.analyses[1].par.score == 420
    assert again.pair("1").players[0].name == "Player 1" and again.pair("1").players[1].name == "Player 2"
    assert text.count("[TotalScoreTable") == 1 and text.count("[ScoreTable") == 27
    line = next(x for x in again.lines if x.board == 26 and x.extra["mp_ns"] in ("9.80", "0.20"))
    assert line.extra["score"] is not None


def test_adjusted_scores_and_imps_round_trip():
    event = read_usebio(SAMPLE)
    event.lines += [
        TravellerLine(1, "5", "6", Assigned.weighted(("1/5", 650), ("4/5", 620))),
        TravellerLine(1, "7", "8", Artificial(60, 40)),
        TravellerLine(1, "9", "10", Played(None)),
        TravellerLine(1, "11", "12", Assigned.of(-100), round=3, table=4),
    ]
    for method in ("matchpoints", "butler", "cross_imps"):
        score = event.score(event.options(method=method))
        again = read_pbn_results(write_pbn_results(event, score))
        assert [line.result for line in again.lines] == [line.result for line in event.lines]
        assert (again.lines[-1].round, again.lines[-1].table) == (3, 4)
        assert again.method == method
        assert [(p.pair, p.place, p.total) for p in again.score().pairs] == [
            (p.pair, p.place, p.total) for p in score.pairs
        ]


def test_two_winners_are_read_from_the_total_score_table(read_event):
    event = read_event("abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml")
    again = read_pbn_results(write_pbn_results(event, event.score()))
    assert again.winner_type == 2 and again.pair("1NS").direction == "NS"


# --- bad input ---------------------------------------------------------------------------------

GAME = """[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  2 4S    N 10
 3  4 3NT   S  9
"""


def _error(text: str) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        read_pbn_results(text, source="club.pbn")
    return caught.value


def test_a_small_game_reads():
    event = read_pbn_results(GAME)
    assert [str(line.result) for line in event.lines] == ["4S by N, 10 tricks", "3N by S, 9 tricks"]


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("4S    N 10", "8S    N 10", 6, "'8S' is not a contract"),
        ("4S    N 10", "4S    N 14", 6, "14 tricks"),
        ("4S    N 10", "4S    - 10", 6, "seat"),
        ("4S    N 10", "4S    N  x", 6, "'x' is not a number"),
        ("4S    N 10", "4S    N", 6, "4 cells for 5 columns"),
        (" 3  4 3NT", " 3  3 3NT", 7, "cannot play against itself"),
        ("PairId_NS", "PairNS", 6, "the ScoreTable has no PairId_NS column"),
        ('[Board "1"]', '[Board "one"]', 2, "Board"),
        ('[Dealer "N"]', '[Dealer "N]', 3, "Dealer"),
    ],
)
def test_each_mistake_names_the_file_line_and_table(old, new, line, words):
    error = _error(GAME.replace(old, new, 1))
    assert error.line == line and words in str(error), str(error)
    assert str(error).startswith(f"club.pbn: line {line}")


def test_a_pbn_without_results_says_so():
    assert "nothing to score" in str(_error('[Event "x"]\n[Board "1"]\n'))

"""What real scoring programs write, read as they mean it (issue 20): Magic Contest's and Ruter's adjusted scores,
one or two winners from the file's own ranking, multi-session tables, SECTION under EVENT, pair ids ``1 NS``."""

from __future__ import annotations

import re

import pytest

from scoring.domain.comparison import compare
from scoring.domain.errors import ScoringError
from scoring.domain.formats.pbn_results import read_pbn_results
from scoring.domain.formats.usebio import read_usebio
from scoring.domain.results import Artificial


def pbn(games: list[tuple[int, list[str]]], totals: tuple[str, list[str]] | None = None) -> str:
    """A small PBN: each game its board and ScoreTable rows (NS, EW, contract, declarer, tricks); ``totals`` a
    TotalScoreTable (header, rows) in the first game."""
    out = []
    for index, (board, rows) in enumerate(games):
        out += ['[Event "Club"]', f'[Board "{board}"]', '[Dealer "N"]', '[Vulnerable "None"]']
        out.append('[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\5L;Declarer\\\\1R;Result\\\\2R"]')
        out += rows
        if index == 0 and totals is not None:
            out.append(f'[TotalScoreTable "{totals[0]}"]')
            out += totals[1]
        out.append("")
    return "\n".join(out)


@pytest.mark.parametrize(
    "written, ns, ew",
    [("A+", 60, 40), ("A", 50, 50), ("A=", 50, 50), ("A-", 40, 60), ("A+/A-", 60, 40), ("A-/A+", 40, 60),
     ("A+A+", 60, 60), ("a-a-", 40, 40), ("A=/A+", 50, 60)],
)  # fmt: skip
def test_adjusted_scores_as_magic_contest_and_ruter_write_them(written, ns, ew):
    event = read_pbn_results(pbn([(1, [" 1  2 4S    N 10", f" 3  4 {written} - -"])]), source="x.pbn")
    assert event.lines[1].result == Artificial(ns, ew)


def test_an_unknown_adjusted_score_is_refused_naming_its_line():
    with pytest.raises(ScoringError) as caught:
        read_pbn_results(pbn([(1, [" 1  2 4S    N 10", " 3  4 A++ - -"])]), source="x.pbn")
    assert caught.value.line == 7 and "x.pbn" in str(caught.value)


HOWELL = [(1, [" 1  2 4S N 10", " 3  4 4S N 9"]), (2, [" 2  3 4S N 10", " 4  1 4S N 10"])]


def test_a_direction_column_in_a_howell_is_one_winner():
    """Each pair's starting direction written beside an overall ranking (places 1 … 4): one winner, as the pairs
    play both directions (pair 2 is EW on board 1 and NS on board 2)."""
    totals = ("Rank\\\\2R;PairId\\\\2R;Direction\\\\2L", [" 1  1 NS", " 2  2 EW", " 3  3 NS", " 4  4 EW"])
    event = read_pbn_results(pbn(HOWELL, totals), source="x.pbn")
    assert event.winner_type == 1
    assert {p.field for p in event.score().pairs} == {""}


def test_two_winners_when_the_file_ranks_each_direction_on_its_own():
    """A Mitchell: NS pairs 1, 3 and EW pairs 2, 4 stay put; the file ranks each direction from 1."""
    mitchell = [(1, [" 1  2 4S N 10", " 3  4 4S N 9"]), (2, [" 1  4 4S N 10", " 3  2 4S N 10"])]
    totals = ("Rank\\\\2R;PairId\\\\2R;Direction\\\\2L", [" 1  1 NS", " 2  3 NS", " 1  2 EW", " 2  4 EW"])
    assert read_pbn_results(pbn(mitchell, totals), source="x.pbn").winner_type == 2
    overall = ("Rank\\\\2R;PairId\\\\2R;Direction\\\\2L", [" 1  1 NS", " 2  3 NS", " 3  2 EW", " 4  4 EW"])
    assert read_pbn_results(pbn(mitchell, overall), source="x.pbn").winner_type == 1


def test_a_multi_session_table_is_compared_on_the_sessions_columns():
    """Two boards, four pairs: pairs 1 and 4 win both boards' comparisons (100 %), 2 and 3 lose (0 %). The file's
    TotalPercentage and Rank are over two sessions (pair 1 is 3rd so far); its session columns are ours."""
    header = (
        "Rank\\\\2R;PairId\\\\2R;TotalScoreMP\\\\5R;TotalPercentage\\\\6R;"
        "SessionRank\\\\2R;SessionScoreMP\\\\5R;SessionPercentage\\\\6R;NrBoardsSession\\\\2R"
    )
    rows = [" 3  1  5.00  62.50  1=  4.00 100.00  2", " 1  2  6.00  75.00  3=  0.00   0.00  2",
            " 2  3  5.50  68.75  3=  0.00   0.00  2", " 4  4  1.00  12.50  1=  4.00 100.00  2"]  # fmt: skip
    games = [(1, [" 1  2 4S N 10", " 3  4 4S N 9"]), (2, [" 4  3 4S N 10", " 2  1 4S N 9"])]
    event = read_pbn_results(pbn(games, (header, rows)), source="x.pbn")
    assert event.session_columns
    assert [(p.id, p.total, p.percentage, p.place) for p in event.pairs][:2] == [
        ("1", "4.00", "100.00", "1="),
        ("2", "0.00", "0.00", "3="),
    ]
    result = compare(event, event.score())
    assert result.differences == [] and result.checked["percentages"] == 4 and result.checked["places"] == 4
    assert str(result.describe()[0]).startswith("the file ranks several sessions: its pairs are compared on this")


def test_section_straight_under_event_is_read(events_dir):
    """The EBU's sample with its SESSION element taken away: SECTION sits right under EVENT, every line is read."""
    data = (events_dir / "ebu-usebio-sample-mitchell-11tables-2015-10-22.usebio.xml").read_bytes()
    flat = re.sub(rb"</?SESSION\b[^>]*>", b"", data)
    assert flat != data
    nested, event = read_usebio(data, source="a.xml"), read_usebio(flat, source="b.xml")
    assert len(event.lines) == len(nested.lines) == 242
    assert [(p.id, p.percentage) for p in event.pairs] == [(p.id, p.percentage) for p in nested.pairs]
    assert compare(event, event.score()).unexplained == []


def test_pair_ids_written_with_a_space(events_dir):
    """Compscore's two-winner Mitchell with every ``1NS`` written ``1 NS``: the same pairs, the same comparison."""
    data = (events_dir / "abf-compscore3-mitchell-21tables-adjusted-2022-07-28.usebio.xml").read_bytes()
    spaced = re.sub(rb">(\d+)(NS|EW)<", rb">\1 \2<", data)
    assert spaced != data
    event, plain = read_usebio(spaced, source="a.xml"), read_usebio(data, source="b.xml")
    assert [p.id for p in event.pairs] == [p.id for p in plain.pairs] and event.pairs[0].id.endswith(("NS", "EW"))
    assert compare(event, event.score()).unexplained == []


def handicap_usebio(pairs: list[tuple[int, str, str, str]]) -> bytes:
    """A USEBIO handicap event: board 1, 1 v 2 +420 and 3 v 4 +450 (NS 1 and 3: 0 and 100 %; EW 2 and 4: 100 and 0 %),
    board 2, 1 v 4 and 3 v 2 both +110 (everyone 50 %); ``pairs``: (number, handicap, percentage, place)."""
    listed = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><HANDICAP>{h}</HANDICAP><PERCENTAGE>{pct}</PERCENTAGE>"
        f"<PLACE>{place}</PLACE></PAIR>"
        for n, h, pct, place in pairs
    )

    def line(ns: int, ew: int, contract: str, tricks: int) -> str:
        return (
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS></TRAVELLER_LINE>"
        )

    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><DATE>24/11/2026</DATE>'
        f"<PARTICIPANTS>{listed}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line(1, 2, '4S', 10)}{line(3, 4, '4S', 11)}</BOARD>"
        f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{line(1, 4, '2S', 8)}{line(3, 2, '2S', 8)}</BOARD>"
        "</EVENT></USEBIO>"
    ).encode()


def test_a_handicap_event_is_compared_as_its_program_scores_it():
    """Scratch: pair 1 (NS 0 + 1 of a top of 2 + 2) 25 %, 2: 75 %, 3: 75 %, 4: 25 %. Handicaps 30, −10, 0, 20 add
    half: 40, 70, 75, 35 % — places 3, 2, 1, 4 (scratch places 3=, 1=, 1=, 3=)."""
    event = read_usebio(
        handicap_usebio(
            [(1, "30", "40.00", "3"), (2, "-10", "70.00", "2"), (3, "0", "75.00", "1"), (4, "20", "35.00", "4")]
        ),
        source="h.xml",
    )
    assert event.handicaps == {"1": 30, "2": -10, "3": 0, "4": 20}
    result = compare(event, event.score())
    assert result.differences == [] and result.handicap
    assert result.checked["percentages"] == 4 and result.checked["places"] == 4
    assert str(result.describe()[0]).startswith("the file is a handicap event")
    wrong = read_usebio(
        handicap_usebio(
            [(1, "30", "25.00", "3"), (2, "-10", "70.00", "2"), (3, "0", "75.00", "1"), (4, "20", "35.00", "4")]
        ),
        source="h.xml",
    )
    assert [(f.what, f.pair, f.theirs, f.ours) for f in compare(wrong, wrong.score()).unexplained] == [
        ("percentage", "1", "25.00", "40.00")
    ]


def test_a_handicap_that_is_no_number_is_refused_naming_its_line():
    with pytest.raises(ScoringError) as caught:
        read_usebio(handicap_usebio([(1, "ten", "40.00", "3")]), source="h.xml")
    assert "HANDICAP" in str(caught.value) and "'ten'" in str(caught.value) and caught.value.line == 1

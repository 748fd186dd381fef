"""Each scoring convention on a small hand-made event, its numbers worked by hand, and the comparison naming it.

The event (used by most tests): board 1 played three times, board 2 twice (pairs 2 and 5 miss it), so
E = 3 and board 2 is short (A = 2).

* Board 1 (none vul): 1 v 2 4S= N +420, 3 v 4 4S+1 N +450, 5 v 6 3NT= N +400 → NS 2, 4, 0; EW 2, 0, 4 (top 4).
* Board 2 (NS vul): 1 v 4 2S= N +110, 3 v 6 2S−1 N −100 → raw NS 2, 0; EW 0, 2 (top 2).
"""

from __future__ import annotations

from fractions import Fraction

from scoring.domain.comparison import compare
from scoring.domain.engine import score_event
from scoring.domain.formats.event import FileEvent, FilePair
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import shown
from scoring.domain.results import Played
from scoring.domain.results import TravellerLine as L

PLAYS = [
    (1, "1", "2", ("4S", "N", 10)),
    (1, "3", "4", ("4S", "N", 11)),
    (1, "5", "6", ("3NT", "N", 9)),
    (2, "1", "4", ("2S", "N", 8)),
    (2, "3", "6", ("2S", "N", 7)),
]


def event_written(mps, percentages, places) -> FileEvent:
    """The hand-made event as a file writing ``mps`` (one (NS, EW) per line), the pairs' percentages and places."""
    lines = [
        L(board, ns, ew, Played.of(*played), extra={"score": None, "mp_ns": m[0], "mp_ew": m[1], "line": i})
        for i, ((board, ns, ew, played), m) in enumerate(zip(PLAYS, mps), start=10)
    ]
    pairs = [FilePair(str(n), n, percentage=percentages[n - 1], place=places[n - 1], line=n) for n in range(1, 7)]
    return FileEvent(name="hand-made", source="hand.xml", lines=lines, pairs=pairs)


# Missing results as ties (ScoreBridge): board 2, E − A = 1, each side + 1 → 1 v 4: NS 3, EW 1; 3 v 6: NS 1, EW 3
# (top 2·(E − 1) = 4). Pair 1: 2 + 3 = 5 of 8 = 62.50 %; 2: 2/4 = 50.00; 3: 4 + 1 = 5/8 = 62.50; 4: 0 + 1 = 1/8 =
# 12.50; 5: 0/4 = 0.00; 6: 4 + 3 = 7/8 = 87.50. Places: 6 1, 1 and 3 2=, 2 4, 4 5, 5 6.
TIES = (
    [("2", "2"), ("4", "0"), ("0", "4"), ("3", "1"), ("1", "3")],
    ["62.50", "50.00", "62.50", "12.50", "0.00", "87.50"],
    ["2=", "4", "2=", "5", "6", "1"],
)


def test_missing_results_as_ties_by_hand():
    """Board 2 scored as ties: M + (E − A) for each side, on the top 2·(E − 1) = 4 (see TIES)."""
    event = score_event([L(b, ns, ew, Played.of(*p)) for b, ns, ew, p in PLAYS], ScoringOptions(factoring="ties"))
    board2 = event.board(2)
    assert board2.top == 4
    assert [(s.ns, s.ew) for s in board2.lines] == [(3, 1), (1, 3)]
    assert {p.pair: (shown(p.percentage), p.place) for p in event.pairs} == {
        str(n): (pct, place) for n, pct, place in zip(range(1, 7), TIES[1], TIES[2])
    }


def test_neuberg_differs_from_ties_by_hand():
    """Neuberg on board 2: (M + 1)·3/2 − 1 → 3.5 and 0.5, so pair 1 has 5.5/8 = 68.75 % and pair 3 4.5/8 = 56.25 %."""
    event = score_event([L(b, ns, ew, Played.of(*p)) for b, ns, ew, p in PLAYS])
    assert [(s.ns, s.ew) for s in event.board(2).lines] == [
        (Fraction(7, 2), Fraction(1, 2)),
        (Fraction(1, 2), Fraction(7, 2)),
    ]
    assert shown(event.pair("1").percentage) == "68.75" and event.pair("3").place == "3"


def test_a_file_scored_as_ties_is_named_and_reproduced():
    """Scored with Neuberg, the file's board 2 winners (3 where Neuberg gives 3.5; the losers' 1 is Neuberg's 0.5
    at the file's precision, no decimals), four percentages and pair 3's place 2= differ; each is explained by the
    ties convention, and re-scored that way every number agrees."""
    event = event_written(*TIES)
    result = compare(event, event.score())
    assert result.unexplained == []
    assert {f.convention for f in result.differences} == {("factoring_ties",)}
    assert sorted((f.what, f.pair or f.ns, f.side) for f in result.differences) == [
        ("matchpoints", "1", "NS"),
        ("matchpoints", "3", "EW"),
        ("percentage", "1", ""),
        ("percentage", "3", ""),
        ("percentage", "4", ""),
        ("percentage", "6", ""),
        ("place", "3", ""),
    ]
    assert result.reproduced_by == "factoring_ties"
    assert str(result.describe()[0]) == (
        "the file scores the results missing on a short board as ties with every result played: each side gets "
        "M + (E − A) (ScoreBridge); re-scored that way, every number agrees"
    )
    again = compare(event, event.score(ScoringOptions(factoring="ties")))
    assert again.differences == [] and again.reproduced_by == ""


def test_every_line_of_a_board_off_is_no_override():
    """Board 2's lines written 2.5/1.5 and 1.5/2.5 (no convention gives them), the pairs' percentages following
    (pair 1: 2 + 2.5 = 4.5/8 = 56.25 %; 3: 4 + 1.5 = 68.75; 4: 0 + 1.5 = 18.75; 6: 4 + 2.5 = 81.25): every line of
    the board differs, so these are no overrides, and the percentages and places that follow them are unexplained
    too (pair 1 is 3rd in the file, 2nd with Neuberg's 68.75 %; pair 3 the other way round)."""
    event = event_written(
        [("2", "2"), ("4", "0"), ("0", "4"), ("2.5", "1.5"), ("1.5", "2.5")],
        ["56.25", "50.00", "68.75", "18.75", "0.00", "81.25"],
        ["3", "4", "2", "5", "6", "1"],
    )
    result = compare(event, event.score())
    assert result.overrides == []
    unexplained = [(f.what, f.pair or f.ns, f.side) for f in result.unexplained]
    assert unexplained[:4] == [("matchpoints", "1", "NS"), ("matchpoints", "1", "EW"), ("matchpoints", "3", "NS"),
                               ("matchpoints", "3", "EW")]  # fmt: skip
    assert ("percentage", "1", "") in unexplained and ("place", "3", "") in unexplained and len(unexplained) == 10
    assert result.differences[: len(result.unexplained)] == result.unexplained  # unexplained first
    assert str(result.describe()[0]).startswith("matchpoints of board 2, 1 v 4 (NS): the file has 2.5")


def test_one_shift_over_two_lines_of_a_board_is_no_override():
    """Board 1's NS written 3 and 5 where the rules give 2 and 4 (the same +1 on two of its three lines): a shift,
    not a director's decision, even with the percentages following (pair 1: 3 + 3.5 = 6.5/8 = 81.25 %)."""
    event = event_written(
        [("3", "2"), ("5", "0"), ("0", "4"), ("3.5", "0.5"), ("0.5", "3.5")],
        ["81.25", "50.00", "68.75", "6.25", "0.00", "93.75"],
        ["2", "4", "3", "5", "6", "1"],
    )
    result = compare(event, event.score())
    assert result.overrides == []
    assert [(f.what, f.ns, f.theirs) for f in result.unexplained if f.what == "matchpoints"] == [
        ("matchpoints", "1", "3"),
        ("matchpoints", "3", "5"),
    ]


def test_truncated_matchpoints_by_hand():
    """NZ Scorer cuts matchpoints to one decimal. Board 2 gets a third result (pair 2 v 5: 2S−2 N, −200), so board
    1 and 2 both have 3 results; with E = 4 from the movement, Neuberg gives (M + 1)·4/3 − 1: M = 4 → 17/3 = 5.666…,
    written 5.6 (rounded it would be 5.7); M = 0 → 1/3 → 0.3."""
    lines = [L(b, ns, ew, Played.of(*p)) for b, ns, ew, p in PLAYS] + [L(2, "2", "5", Played.of("2S", "N", 6))]
    exact = score_event(lines, expected={1: 4, 2: 4})
    cut = score_event(lines, ScoringOptions(rounding="truncated", decimals=1), expected={1: 4, 2: 4})
    assert exact.board(1).lines[1].ns == Fraction(17, 3)
    assert cut.board(1).lines[1].ns == Fraction(56, 10) and cut.board(1).lines[2].ns == Fraction(3, 10)
    rounded = score_event(lines, ScoringOptions(rounding="rounded", decimals=1), expected={1: 4, 2: 4})
    assert rounded.board(1).lines[1].ns == Fraction(57, 10)


def test_totals_from_the_truncated_lines_by_hand():
    """The same event: board 2's NS raw 4, 2, 0 (+110, −100, −200) factored to 17/3, 3, 1/3 and cut to 5.6, 3, 0.3.
    Pair 3 (NS 4 on board 1, NS 2 on board 2) has 17/3 + 3 = 26/3 exact, 5.6 + 3 = 8.6 from the cut lines, of a top
    of 6 + 6 = 12: 72.22 % exact, 71.67 % from the lines."""
    lines = [L(b, ns, ew, Played.of(*p)) for b, ns, ew, p in PLAYS] + [L(2, "2", "5", Played.of("2S", "N", 6))]
    cut = ScoringOptions(rounding="truncated", decimals=1)
    from_lines = ScoringOptions(rounding="truncated", decimals=1, totals="lines")
    exact_totals = score_event(lines, cut, expected={1: 4, 2: 4}).pair("3")
    line_totals = score_event(lines, from_lines, expected={1: 4, 2: 4}).pair("3")
    assert (exact_totals.total, shown(exact_totals.percentage)) == (Fraction(26, 3), "72.22")
    assert (line_totals.total, shown(line_totals.percentage)) == (Fraction(86, 10), "71.67")


def test_a_truncating_file_is_named():
    """A file that writes the cut lines (5.6, 0.3 …) and percentages from them: each line explained as truncated,
    each percentage from the rounded lines, nothing unexplained."""
    lines = [L(b, ns, ew, Played.of(*p)) for b, ns, ew, p in PLAYS] + [L(2, "2", "5", Played.of("2S", "N", 6))]
    theirs = score_event(lines, ScoringOptions(rounding="truncated", decimals=1, totals="lines"), expected={1: 4, 2: 4})
    written = [
        L(s.line.board, s.line.ns, s.line.ew, s.line.result, extra={"mp_ns": shown(s.ns, 1), "mp_ew": shown(s.ew, 1)})
        for b in theirs.boards
        for s in b.lines
    ]
    pairs = [FilePair(p.pair, int(p.pair), percentage=shown(p.percentage, 2)) for p in theirs.pairs]
    event = FileEvent(name="nz", lines=written, pairs=pairs)
    result = compare(event, score_event(written, expected={1: 4, 2: 4}))
    assert result.unexplained == []
    assert ("truncated",) in {f.convention for f in result.differences if f.what == "matchpoints"}
    assert {f.convention for f in result.differences if f.what == "percentage"} == {("rounded_lines",)}

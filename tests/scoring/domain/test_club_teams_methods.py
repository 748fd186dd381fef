"""Board-a-match and Patton for a club's teams evening (scoring.domain.teams.patton, club_match_points), without a
database: the points at stake, draws, the aggregate's tolerance, adjusted scores."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction as F

import pytest

from scoring.domain.formats.teams import TeamBoard, TeamMatch, TeamsEvent
from scoring.domain.results import Artificial, Assigned
from scoring.domain.shorthand import parse_entry
from scoring.domain.teams import club_match_points, patton, score_teams


def test_every_patton_match_shares_four_points_a_board():
    rng = random.Random(21)
    for _ in range(200):
        boards = [(rng.choice((420, 450, -50, -100, 140, 110)), rng.choice((420, 450, -50, -100, 140, 110)))
                  for _ in range(rng.randint(1, 8))]  # fmt: skip
        score = patton(boards, level_within=rng.choice((0, 10, 40)))
        assert score.home + score.away == 4 * len(boards)
        assert score.board_home + score.board_away == 2 * len(boards)
        home, away = club_match_points("board-a-match", boards)
        assert (2 * home, 2 * away) == (score.board_home, score.board_away)


def test_the_aggregate_decides_its_half_even_when_the_boards_go_the_other_way():
    # boards: the away team wins two overtrick boards by 30 each; the home team wins the game swing by 470
    score = patton([(420, 450), (420, 450), (420, -50)])
    assert (score.board_home, score.board_away) == (2, 4)
    assert (score.aggregate, score.aggregate_home, score.aggregate_away) == (410, 6, 0)
    assert (score.home, score.away) == (8, 4)


@pytest.mark.parametrize(("within", "shared"), [(0, False), (9, False), (10, True), (40, True)])
def test_a_small_aggregate_difference_is_a_draw_when_the_director_says_so(within, shared):
    score = patton([(420, 430)], level_within=within)  # the away team 10 points better
    assert (score.aggregate_home, score.aggregate_away) == ((F(1), F(1)) if shared else (F(0), F(2)))


def test_adjusted_scores():
    # an artificial score decides its board by the side it favours, and counts nothing in the aggregate
    score = patton([(Artificial(60, 40), 420), (100, 50)])
    assert (score.board_home, score.board_away) == (4, 0) and score.aggregate == 50
    # an assigned score is weighted into the aggregate: ½ of +100 and ½ of 0 is +50 against +60 at the other table
    weighted = patton([(Assigned.weighted(("1/2", 100), ("1/2", 0)), 60)])
    assert weighted.aggregate == -10 and (weighted.home, weighted.away) == (0, 4)


def test_an_unknown_method_or_tolerance_is_refused():
    with pytest.raises(ValueError, match="board-a-match or patton"):
        club_match_points("point-a-board", [(1, 1)])
    with pytest.raises(ValueError, match="at least 0"):
        patton([(1, 1)], level_within=-1)


def test_an_event_scored_patton_ranks_on_its_points():
    def board(n, home_ns, away_ns):
        return TeamBoard(n, parse_entry(str(home_ns)), parse_entry(str(away_ns)))

    matches = (
        TeamMatch(0, 1, "A", "B", (board(1, 420, 450), board(2, 420, -50))),  # 1 board each; A +440 aggregate
        TeamMatch(1, 1, "C", None, ()),  # a bye: the team's average, here of nothing yet (0)
    )
    event = TeamsEvent(boards_per_match=2, matches=matches, scale="patton", bye_vp=Decimal(0))
    scored = score_teams(event)
    assert (scored.matches[0].vp_home, scored.matches[0].vp_away) == (6, 2)
    ranked = [(s.team, str(s.vp), s.rank) for s in scored.standings]
    assert ranked == [("A", "6.00", "1"), ("B", "2.00", "2"), ("C", "0", "3")]

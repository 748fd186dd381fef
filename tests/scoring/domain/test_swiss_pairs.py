"""Swiss pairs scored against the round's field (``scoring.domain.swiss_pairs``): a three-table round worked by
hand both ways (IMPs against the datum, matchpoints turned into VPs), the two sides' VPs adding up to 20 on random
rounds, a bye, a match not fully entered, and what is refused."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.domain.errors import ScoringError
from scoring.domain.results import Artificial, Assigned
from scoring.domain.shorthand import parse_entry
from scoring.domain.swiss_pairs import PairsMatch, SwissPairsEvent, pair_history, score_swiss_pairs
from scoring.domain.victory_points import victory_points

# Round 1, three tables, boards 1 (nobody vulnerable) and 2 (NS vulnerable): pairs 1 v 2, 3 v 4, 5 v 6.
ROUND = (
    PairsMatch(0, 1, "1", "2", ((1, parse_entry("4S N 10")), (2, parse_entry("3NT N 9")))),  # +420, +600
    PairsMatch(1, 1, "3", "4", ((1, parse_entry("2S N 8")), (2, parse_entry("3NT N 8")))),  # +110, −100
    PairsMatch(2, 1, "5", "6", ((1, parse_entry("4S N 9")), (2, parse_entry("3NT N 10")))),  # −50, +630
)


def test_three_tables_on_imps_by_hand():
    score = score_swiss_pairs(SwissPairsEvent(2, ROUND, scale="wbf2013", method="imps"))
    # board 1: 420, 110, −50 → datum 110 (highest and lowest left out); +310 → 7, 0, −160 → −4
    # board 2: 600, −100, 630 → datum 600; 0, −700 → −12, +30 → 1
    assert [[(b.datum, b.imps) for b in card.boards] for card in score.cards] == [
        [(110, 7), (600, 0)],
        [(110, 0), (600, -12)],
        [(110, -4), (600, 1)],
    ]
    assert [(c.imps.imps_home, c.imps.imps_away) for c in score.cards] == [(7, 0), (0, 12), (1, 4)]
    for card, (home, away) in zip(score.cards, [(7, 0), (0, 12), (1, 4)], strict=True):
        assert (card.vp_home, card.vp_away) == victory_points(home, away, 2, "wbf2013")
        assert card.vp_home + card.vp_away == 20
    assert score.cards[0].vp_home > Decimal(10) > score.cards[1].vp_home
    assert [s.team for s in score.standings][:2] == ["4", "1"]  # 12 IMPs won, then 7


def test_three_tables_on_matchpoints_by_hand():
    score = score_swiss_pairs(SwissPairsEvent(2, ROUND, scale="wbf2013", method="matchpoints"))
    # board 1: 420, 110, −50 → 4, 2, 0 of 4; board 2: 600, −100, 630 → 2, 0, 4 of 4
    assert [[(b.matchpoints, b.top, b.percent) for b in c.boards] for c in score.cards] == [
        [(4, 4, 100), (2, 4, 50)],
        [(2, 4, 50), (0, 4, 0)],
        [(0, 4, 0), (4, 4, 100)],
    ]
    # NS 75 %, 25 %, 50 % → 20 × % ÷ 100
    assert [(c.percent_home, c.vp_home, c.vp_away) for c in score.cards] == [
        (75, Decimal("15.00"), Decimal("5.00")),
        (25, Decimal("5.00"), Decimal("15.00")),
        (50, Decimal("10.00"), Decimal("10.00")),
    ]
    assert [(s.team, s.vp, s.rank) for s in score.standings][:2] == [("1", Decimal("15.00"), "1="), ("4", 15, "1=")]


def test_a_discrete_scale_gives_whole_vps_and_an_artificial_score_keeps_its_percentage():
    matches = (
        PairsMatch(0, 1, "1", "2", ((1, Artificial(60, 40)),)),
        PairsMatch(1, 1, "3", "4", ((1, Assigned.of(100)),)),
        PairsMatch(2, 1, "5", "6", ((1, Assigned.of(-100)),)),
    )
    score = score_swiss_pairs(SwissPairsEvent(1, matches, scale="acbl", method="matchpoints"))
    assert [(c.percent_home, c.vp_home, c.vp_away) for c in score.cards] == [
        (60, Decimal(12), Decimal(8)),
        (100, Decimal(20), Decimal(0)),  # two results compared: top 2
        (0, Decimal(0), Decimal(20)),
    ]
    imps = score_swiss_pairs(SwissPairsEvent(1, matches, scale="wbf2013", method="imps"))
    # Average plus: 3 IMPs; the datum 0 (of +100 and −100): 100 above it → 3
    assert [c.boards[0].imps for c in imps.cards] == [3, 3, -3]


@pytest.mark.parametrize("method", ["imps", "matchpoints"])
@pytest.mark.parametrize("scale", ["wbf2013", "wbf2013-discrete", "acbl"])
def test_the_two_pairs_vps_always_add_up_to_20(method, scale):
    rng = random.Random(f"{method}{scale}")
    scores = [-1100, -620, -300, -100, -50, 0, 50, 110, 140, 420, 450, 620, 650, 1430]
    for _attempt in range(25):
        tables, boards = rng.randint(1, 7), rng.randint(1, 6)
        matches = tuple(
            PairsMatch(t, 1, str(2 * t + 1), str(2 * t + 2), tuple((b, Assigned.of(rng.choice(scores))) for b in range(1, boards + 1)))
            for t in range(tables)
        )  # fmt: skip
        for card in score_swiss_pairs(SwissPairsEvent(boards, matches, scale=scale, method=method)).cards:
            assert card.vp_home + card.vp_away == 20


def test_a_bye_a_match_not_fully_entered_and_the_history():
    matches = (
        *ROUND,
        PairsMatch(3, 1, "7", None, ()),
        PairsMatch(4, 2, "1", "4", ((3, Assigned.of(100)),)),  # one board of two: in the field, not scored yet
        PairsMatch(5, 2, "7", "2", ((3, Assigned.of(200)), (4, Assigned.of(0)))),
    )
    score = score_swiss_pairs(SwissPairsEvent(2, matches, scale="wbf2013", method="imps"))
    bye = next(m for m in score.scored if m.match.away is None)
    assert bye.vp_home == Decimal(12)  # the larger of 12 VP and the pair's average (it has played nothing yet)
    assert 4 not in {m.match.index for m in score.scored} and not score.cards[3].complete
    assert score.cards[4].boards[0].datum == 150  # board 3: +100 (the match not complete) and +200
    history = pair_history(SwissPairsEvent(2, matches, scale="wbf2013", method="imps"), "7")
    won = victory_points(2, 0, 2, "wbf2013")[0]  # board 3: +200 against the datum 150, 2 IMPs; board 4: 0
    assert [(h.round, h.opponent, h.vp_for, h.vp_total) for h in history] == [
        (1, None, max(Decimal(12), won), Decimal(12)),  # the bye's worth now; 12 after round 1
        (2, "2", won, Decimal(12) + won),
    ]


def test_what_is_refused():
    lopsided = (PairsMatch(0, 1, "1", "2", ((1, Artificial(60, 60)),)),)
    with pytest.raises(ScoringError, match="A6060"):
        score_swiss_pairs(SwissPairsEvent(1, lopsided))
    with pytest.raises(ScoringError, match="no victory points"):
        score_swiss_pairs(SwissPairsEvent(1, ROUND, scale="imps", method="matchpoints"))
    with pytest.raises(ScoringError, match="Swiss pairs scoring"):
        score_swiss_pairs(SwissPairsEvent(1, ROUND, method="butler"))
    assert Fraction(score_swiss_pairs(SwissPairsEvent(2, ROUND, scale="imps")).cards[1].vp_away) == 12

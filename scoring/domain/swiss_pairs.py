"""Swiss pairs scored: pairs meet pairs in short matches at one table, compared with the whole field.

Source: ``../shared/specs/teams-and-simultaneous.md`` §3 ("Swiss pairs use the same engine with pairs instead of
teams; their matches are scored in IMPs between the two pairs, or on matchpoints of the whole field turned into
VPs, as the director chooses"), issue 21. A match is played at one table: the home pair North–South, the away pair
East–West, on the round's boards, which every table of the round plays. What one pair wins the other loses, so a
match's result is the home pair's (NS) and the away pair's is its mirror. The director chooses one of
``PAIRS_METHODS``:

* ``imps`` — each board's NS score is compared with the board's **datum**: the Butler datum of the round's scores
  on it (``bridge.imps.butler_datum``: the mean of the table scores without the single highest and lowest once
  there are three or more, rounded to 10), an assigned score counted at its (weighted) score, an artificial one
  left out. The home pair's IMPs on the board are ``board_imps(score, datum)`` (Law 78B; an artificial score
  ±3 / 0 to the side it favours, a weighted assigned score part by part); the away pair's are the negative. The
  match's IMPs for each pair add up the boards it won, and the VPs are read on the director's scale for the match's
  board count (``victory_points.victory_points``), exactly as a teams match's are.
* ``matchpoints`` — each board is matchpointed across the round's tables (``matchpoints.matchpoints``, 2 a score
  beaten, 1 a tie; an artificial score left out of the comparison and given its own percentage); a pair's
  percentage on a board is its matchpoints over the board's top (50 % when the board was compared at one table
  only), its percentage for the match the mean of its boards'. The home pair's VPs are
  ``20 × percentage ÷ 100`` (to two decimals, halves up; on a discrete 20-VP scale (``wbf2013-discrete``,
  ``acbl``) to whole VPs, halves up) and the away pair's are 20 minus them, so the two always add up to 20.
  Plain IMPs (``imps``) and a club's board-a-match or Patton have no VPs to turn a percentage into: refused.

An artificial score must be one side's gain and the other's loss (Average plus / minus, Average), as on a teams
score card (``victory_points.board_imps`` refuses A60/60); so the two pairs' VPs always add up to the scale's 20.

:func:`score_swiss_pairs` scores a whole event: each match as a :class:`PairsCard` and, once it has every board
(a match with fewer lends its results to the round's field but is not scored yet), as a ``teams.ScoredMatch`` (its
IMPs to the home pair; none on matchpoints); a bye as the bye rule says (``victory_points.bye_vp``, the larger of
12 VP and the pair's average, as for teams); the standings by ``teams.standings`` with the same tie-breaks.
:func:`pair_history` is ``teams.team_history`` for a pair. :func:`pairs_json` and :func:`pairs_text` are
``manage.py score_teams``'s output for a Swiss pairs event, in the shape of a teams event's (``teams.teams_json``).

A worked example, three tables playing one board (board 1, nobody vulnerable): +420, +170 and −50. The datum is
+170 (three scores: the highest and the lowest left out); +420 is 250 above it, 6 IMPs to the pair NS, −50 is 220
below it, 6 IMPs to its EW pair. On matchpoints (top 4): 4, 2 and 0, so 100 %, 50 % and 0 % to NS.

>>> from scoring.domain.results import Assigned
>>> event = SwissPairsEvent(boards_per_match=1, method="imps", scale="wbf2013", matches=(
...     PairsMatch(0, 1, "1", "2", ((1, Assigned.of(420)),)),
...     PairsMatch(1, 1, "3", "4", ((1, Assigned.of(170)),)),
...     PairsMatch(2, 1, "5", "6", ((1, Assigned.of(-50)),))))
>>> score = score_swiss_pairs(event)
>>> [(b.datum, b.imps) for m in score.cards for b in m.boards]
[(170, 6), (170, 0), (170, -6)]
>>> [(m.match.home, str(m.vp_home), m.match.away, str(m.vp_away)) for m in score.scored]
[('1', '15.74', '2', '4.26'), ('3', '10.00', '4', '10.00'), ('5', '4.26', '6', '15.74')]
>>> mp = score_swiss_pairs(SwissPairsEvent(1, event.matches, scale="wbf2013", method="matchpoints"))
>>> [(str(m.percent_home), str(m.vp_home), str(m.vp_away)) for m in mp.cards]
[('100', '20.00', '0.00'), ('50', '10.00', '10.00'), ('0', '0.00', '20.00')]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from bridge.imps import butler_datum
from scoring.domain.errors import ScoringError
from scoring.domain.formats.teams import TeamMatch, named_in
from scoring.domain.matchpoints import matchpoints
from scoring.domain.ranking import shown
from scoring.domain.results import Artificial, Assigned, Played, Result
from scoring.domain.teams import (
    HistoryLine,
    ScoredMatch,
    Standing,
    history_lines,
    imps_text,
    json_number,
    json_score,
    standings,
    standings_json,
)
from scoring.domain.text import Text
from scoring.domain.victory_points import (
    SCALES,
    MatchImps,
    TableScore,
    artificial_imps,
    board_imps,
    bye_vp,
    victory_points,
)

__all__ = [
    "PAIRS_METHODS",
    "PairsBoard",
    "PairsCard",
    "PairsMatch",
    "PairsScore",
    "SwissPairsEvent",
    "pair_history",
    "pairs_json",
    "pairs_text",
    "pairs_vp_from_percent",
    "score_swiss_pairs",
]

#: How a Swiss pairs match is scored: IMPs against the field's datum, or the field's matchpoints turned into VPs.
PAIRS_METHODS = ("imps", "matchpoints")
#: The scales whose VPs are whole numbers: a percentage's VPs are rounded to whole VPs on them.
WHOLE_VP_SCALES = ("wbf2013-discrete", "acbl")
#: The VPs a match shares out on every 20-VP scale.
VP_MAXIMUM = Decimal(20)
HUNDRED = Fraction(100)


@dataclass(frozen=True)
class PairsMatch:
    """A match of Swiss pairs at one table (``away`` None: ``home`` has the round's bye): each board's result at
    the table, North–South's (the home pair's) view; ``index`` its place in the event."""

    index: int
    round: int
    home: str
    away: str | None
    boards: tuple[tuple[int, Result], ...]


@dataclass(frozen=True)
class SwissPairsEvent:
    """A Swiss pairs event: the match length, the matches, the VP scale, the method (``PAIRS_METHODS``), a bye's
    fixed VPs and the tie-break (``formats.teams.TIE_BREAKS``)."""

    boards_per_match: int
    matches: tuple[PairsMatch, ...]
    scale: str = "wbf2013"
    method: str = "imps"
    bye_vp: Decimal = Decimal(12)
    tie_break: str = "imp-difference"

    @property
    def pairs(self) -> tuple[str, ...]:
        """Every pair of the event, in the order the matches first name them."""
        return named_in(self.matches)


@dataclass(frozen=True)
class PairsBoard:
    """A board of a match scored: the NS result, the datum and NS's IMPs (``imps``), or NS's matchpoints, the
    board's top and NS's percentage (``matchpoints``; top None: an artificial score, its own percentage)."""

    board: int
    result: Result
    datum: int | None = None
    imps: int | Fraction | None = None
    matchpoints: int | Fraction | None = None
    top: int | None = None
    percent: Fraction | None = None

    @property
    def imps_home(self) -> int | Fraction | None:
        """The IMPs the home pair (NS) won on the board, 0 when it lost them (the score card's two columns)."""
        return None if self.imps is None else max(self.imps, 0)

    @property
    def imps_away(self) -> int | Fraction | None:
        return None if self.imps is None else max(-self.imps, 0)

    @property
    def percent_away(self) -> Fraction | None:
        """EW's percentage on the board: the rest of 100 (an artificial score is one side's gain the other's loss)."""
        return None if self.percent is None else HUNDRED - self.percent


@dataclass(frozen=True)
class PairsCard:
    """A match scored: each board entered, the IMPs each way (``imps``) or the home pair's percentage
    (``matchpoints``), and the VPs (the away pair's are 20 minus the home pair's on a 20-VP scale); VPs None while
    the match has fewer boards than a match plays (its results count in the field already)."""

    match: PairsMatch
    boards: tuple[PairsBoard, ...]
    imps: MatchImps
    percent_home: Fraction | None
    vp_home: Decimal | None
    vp_away: Decimal | None

    @property
    def complete(self) -> bool:
        return self.vp_home is not None

    @property
    def percent_away(self) -> Fraction | None:
        return None if self.percent_home is None else HUNDRED - self.percent_home


@dataclass(frozen=True)
class PairsScore:
    event: SwissPairsEvent
    cards: tuple[PairsCard, ...]
    scored: tuple[ScoredMatch, ...]  # every match and bye, as the teams' standings read them
    standings: tuple[Standing, ...]
    tie_break: str = "imp-difference"  # the one the standings applied


def _table_score(result: Result, board: int) -> TableScore:
    return result.ns_score(board) if isinstance(result, Played) else result


def _compared(score: TableScore) -> Fraction | None:
    """A table's score as the field compares it: an assigned score at its (weighted) score; artificial: None."""
    if isinstance(score, Artificial):
        return None
    if isinstance(score, Assigned):
        return score.score
    return Fraction(score)


def _check_artificial(result: Result) -> None:
    if isinstance(result, Artificial) and artificial_imps(result, ns=True) != -artificial_imps(result, ns=False):
        raise ScoringError(Text.of("teams.unbalanced", score=str(result)), field="result")
    if isinstance(result, Artificial) and result.ns_percent + result.ew_percent != 100:
        raise ScoringError(Text.of("teams.unbalanced", score=str(result)), field="result")


def pairs_vp_from_percent(percent: Fraction, scale: str) -> tuple[Decimal, Decimal]:
    """The home and away pairs' VPs for the home pair's ``percent``: ``20 × percent ÷ 100`` to two decimals (whole
    VPs on a discrete scale), halves up; the away pair's are 20 minus them.

    >>> pairs_vp_from_percent(Fraction(1253, 20), "wbf2013"), pairs_vp_from_percent(Fraction(125, 2), "acbl")
    ((Decimal('12.53'), Decimal('7.47')), (Decimal('13'), Decimal('7')))
    """
    if scale not in SCALES or scale == "imps":
        raise ScoringError(Text.of("swiss_pairs.scale", value=scale), field="scale")
    exact = VP_MAXIMUM * Decimal(percent.numerator) / Decimal(percent.denominator) / 100
    home = exact.quantize(Decimal(1) if scale in WHOLE_VP_SCALES else Decimal("0.01"), ROUND_HALF_UP)
    return home, VP_MAXIMUM - home


def _field_matchpoints(field: Sequence[Fraction], own: Fraction) -> int:
    """``own``'s matchpoints among ``field`` (which holds it once): the scores made whole numbers by their common
    denominator (a weighted assigned score's mean may be a fraction), which keeps their order, then matchpointed
    with ``own`` appended, less the 1 it scores for tying with itself.

    >>> _field_matchpoints([Fraction(420), Fraction(110), Fraction(-50)], Fraction(110))
    2
    """
    scale = math.lcm(*(s.denominator for s in field), own.denominator)
    whole = [int(s * scale) for s in (*field, own)]
    return matchpoints(whole)[-1] - 1


def _round_cards(event: SwissPairsEvent, matches: Sequence[PairsMatch]) -> list[PairsCard]:
    """The round's matches scored against one another (every table of a round plays the same boards)."""
    field: dict[int, list[Fraction]] = {}
    for match in matches:
        for board, result in match.boards:
            _check_artificial(result)
            compared = _compared(_table_score(result, board))
            if compared is not None:
                field.setdefault(board, []).append(compared)
    cards = []
    for match in matches:
        lines: list[PairsBoard] = []
        for board, result in match.boards:
            score = _table_score(result, board)
            scores = field.get(board, [])
            if event.method == "imps":
                datum = butler_datum(scores) if scores else 0
                lines.append(PairsBoard(board, result, datum=datum, imps=board_imps(score, datum)))
            elif isinstance(score, Artificial):
                lines.append(PairsBoard(board, result, percent=Fraction(score.ns_percent)))
            else:
                own = _compared(score)
                assert own is not None  # not artificial
                mp = Fraction(_field_matchpoints(scores, own))
                top = 2 * (len(scores) - 1)
                percent = HUNDRED * mp / top if top else Fraction(50)
                lines.append(PairsBoard(board, result, matchpoints=mp, top=top, percent=percent))
        complete = len(lines) >= event.boards_per_match
        vp: tuple[Decimal | None, Decimal | None] = (None, None)
        if event.method == "imps":
            imps = MatchImps(tuple(line.imps or 0 for line in lines))
            if complete:
                vp = victory_points(imps.imps_home, imps.imps_away, event.boards_per_match, event.scale)
            cards.append(PairsCard(match, tuple(lines), imps, None, *vp))
        else:
            percent = sum((line.percent or Fraction(0) for line in lines), Fraction(0)) / max(len(lines), 1)
            if complete:
                vp = pairs_vp_from_percent(percent, event.scale)
            cards.append(PairsCard(match, tuple(lines), MatchImps(()), percent if lines else None, *vp))
    return cards


def score_swiss_pairs(event: SwissPairsEvent, *, tie_break: str | None = None) -> PairsScore:
    """Every match scored round by round against its round's field, the byes by the bye rule (the larger of the
    fixed VPs and the pair's average, as for teams), and the standings (``teams.standings``)."""
    if event.method not in PAIRS_METHODS:
        raise ScoringError(Text.of("swiss_pairs.method", value=event.method), field="method")
    if event.method == "matchpoints" and (event.scale not in SCALES or event.scale == "imps"):
        raise ScoringError(Text.of("swiss_pairs.scale", value=event.scale), field="scale")
    rounds = sorted({m.round for m in event.matches})
    cards: dict[int, PairsCard] = {}
    for number in rounds:
        played = [m for m in event.matches if m.round == number and m.away is not None]
        cards.update((card.match.index, card) for card in _round_cards(event, played))
    vps: dict[str, list[Decimal]] = {pair: [] for pair in event.pairs}
    scored: dict[int, ScoredMatch] = {}
    for index, card in cards.items():
        m = card.match
        if card.vp_home is None or card.vp_away is None:
            continue  # not every board in yet: in the field, not in the standings
        scored[index] = ScoredMatch(TeamMatch(m.index, m.round, m.home, m.away, ()), card.imps, *_vps(card))
        vps[m.home].append(card.vp_home)
        vps[m.away or ""].append(card.vp_away)
    for m in event.matches:
        if m.away is None:
            vp = bye_vp(vps[m.home], fixed=event.bye_vp)
            scored[m.index] = ScoredMatch(TeamMatch(m.index, m.round, m.home, None, ()), MatchImps(()), vp, None)
    ordered = tuple(scored[m.index] for m in event.matches if m.index in scored)
    chosen = event.tie_break if tie_break is None else tie_break
    return PairsScore(
        event,
        tuple(cards[m.index] for m in event.matches if m.index in cards),
        ordered,
        standings(event.pairs, ordered, chosen),
        chosen,
    )


def _vps(card: PairsCard) -> tuple[Decimal, Decimal]:
    assert card.vp_home is not None and card.vp_away is not None  # a complete match
    return card.vp_home, card.vp_away


def pair_history(
    event: SwissPairsEvent, pair: str, *, pairs: Sequence[str] | None = None, tie_break: str | None = None
) -> tuple[HistoryLine, ...]:
    """``pair``'s matches round by round, as ``teams.team_history`` gives a team's: each match's IMPs and VPs, the
    pair's VP total and place after each round (the event scored over its rounds up to that one)."""
    chosen = event.tie_break if tie_break is None else tie_break
    field = tuple(event.pairs if pairs is None else pairs)

    def upto(number: int) -> Sequence[ScoredMatch]:
        return score_swiss_pairs(replace(event, matches=tuple(m for m in event.matches if m.round <= number))).scored

    return history_lines(pair, field, score_swiss_pairs(event).scored, upto, chosen)


# --- the reports (manage.py score_teams) ----------------------------------------------------------------------


def _board_json(line: PairsBoard) -> dict[str, object]:
    """A board in ``teams.teams_json``'s shape (one table: no ``away_ns_score``), with the field's comparison."""
    out: dict[str, object] = {
        "board": line.board,
        "home_ns_score": json_score(line.result, line.board),
        "away_ns_score": None,
        "imps_home": None if line.imps_home is None else json_number(line.imps_home),
        "imps_away": None if line.imps_away is None else json_number(line.imps_away),
    }
    if isinstance(line.result, Artificial):
        out["home_ns_adjusted"] = f"{line.result.ns_percent}/{line.result.ew_percent}"
    if line.datum is not None:
        out["datum"] = line.datum
    if line.percent is not None:
        out |= {"matchpoints": None if line.matchpoints is None else json_number(line.matchpoints), "top": line.top}
        out |= {"percent_home": json_number(line.percent), "percent_away": json_number(HUNDRED - line.percent)}
    return out


def pairs_json(score: PairsScore) -> dict[str, object]:
    """``teams.teams_json``'s shape for Swiss pairs: every match (a bye's VPs), its IMPs against the datum or its
    percentages, its VPs and its boards; the standings (``"teams"``: the pairs); the format and method."""
    event = score.event
    cards = {card.match.index: card for card in score.cards}
    byes = {m.match.index: m for m in score.scored if m.match.away is None}
    matches: list[dict[str, object]] = []
    for match in event.matches:
        card = cards.get(match.index)
        out: dict[str, object] = {"round": match.round, "home": match.home, "away": match.away}
        if card is None:
            bye = byes[match.index]
            matches.append(out | {"imps_home": 0, "imps_away": 0, "vp_home": float(bye.vp_home), "vp_away": None})
            matches[-1]["boards"] = []
            continue
        out |= {"imps_home": json_number(card.imps.imps_home), "imps_away": json_number(card.imps.imps_away)}
        if card.percent_home is not None and card.percent_away is not None:
            out |= {"percent_home": json_number(card.percent_home), "percent_away": json_number(card.percent_away)}
        out |= {"vp_home": float(card.vp_home or 0), "vp_away": float(card.vp_away or 0)}
        matches.append(out | {"boards": [_board_json(line) for line in card.boards]})
    return {
        "format": "swiss-pairs",
        "method": event.method,
        "scale": event.scale,
        "boards_per_match": event.boards_per_match,
        "tie_break": score.tie_break,
        "matches": matches,
        "teams": standings_json(score.standings),
    }


def pairs_text(score: PairsScore) -> str:
    """The director's report: the matches round by round (IMPs or percentages, and VPs), then the standings."""
    event = score.event
    out = [
        f"Swiss pairs: {event.boards_per_match} boards a match, {event.method} against the field, "
        f"scale {event.scale}, tie-break {score.tie_break}"
    ]
    width = max(4, *(len(p) for p in event.pairs))
    cards = {card.match.index: card for card in score.cards}
    byes = {m.match.index: m for m in score.scored if m.match.away is None}
    current = None
    for match in sorted(event.matches, key=lambda m: (m.round, m.index)):
        if match.round != current:
            current = match.round
            out += ["", f"Round {current}"]
        card = cards.get(match.index)
        if card is None:
            out.append(f"  {match.home:>{width}}   {'bye':<{width}}  {'':>16}  VP {byes[match.index].vp_home:>6}")
            continue
        if event.method == "imps":
            said = f"IMPs {imps_text(card.imps.imps_home)}–{imps_text(card.imps.imps_away)}"
        else:
            said = f"% {shown(card.percent_home or 0)}–{shown(card.percent_away or 0)}"
        vp = f"VP {card.vp_home:>6}–{card.vp_away}"
        out.append(f"  {match.home:>{width}} v {match.away or '':<{width}}  {said:>16}  {vp}")
    out += ["", "Standings", f"  {'rank':>5} {'pair':>{width}} {'VP':>8}"]
    out += [f"  {s.rank:>5} {s.team:>{width}} {s.vp:>8}" for s in score.standings]
    return "\n".join(out) + "\n"

"""A teams event scored: each match's IMPs and VPs, the byes, and the standings with the director's tie-break.

Source: ``../shared/specs/teams-and-simultaneous.md`` §1 (a match), §2 (victory points, byes), §3 (the standings'
tie-breaks), issue 21. Every number comes from ``victory_points`` (``board_imps``, ``victory_points``,
``bye_vp``); this module adds them up and ranks.

* :func:`score_teams` — the event read by ``formats.teams.read_teams``, scored: a :class:`ScoredMatch` per match
  (a bye: the team's VPs by the bye rule, from the matches it played) and the :class:`Standing` of each team; a
  club's event scored ``board-a-match`` or ``patton`` (``CLUB_METHODS``, as its ``scale``) has those points in
  place of the VPs;
* the tie-breaks (``formats.teams.TIE_BREAKS``), applied to teams on the same VP total, in order:
  ``imp-difference`` (the spec's default: IMP difference, then the matches between the tied teams),
  ``head-to-head`` (those matches first, then IMP difference), ``imp-quotient`` (IMPs for ÷ IMPs against, then
  the matches between them), ``none`` (ties stand). The matches between tied teams count only when every two of
  them have met: their VPs in those matches, added. The first criterion that separates the teams orders them;
  those still level go through the chain again. Teams level at the end share the place (``3=``);
* :func:`teams_json`, :func:`teams_text` — the command's JSON and the director's text report;
* :func:`patton` — a match scored the Patton way, for a club's teams evening: board-a-match points per board
  (``victory_points.board_a_match``, 2 for a board won, 1 each when level) and as many again for the aggregate
  (the match's total points, Law 78C), to the team whose aggregate is higher, shared when level;
  :func:`club_match_points` — a match's points by the method the director chose (``CLUB_METHODS``);
* :func:`team_history` — one team's matches round by round: opponent, IMPs and VPs each way, its VP total and
  place after the round (the standings of the rounds so far, so a bye is worth what it was worth then).

>>> from scoring.domain.formats.teams import read_teams
>>> event = read_teams('{"scale": "imps", "boards_per_match": 1, "matches": [{"round": 1, "home": "A", '
...     '"away": "B", "boards": [{"board": 1, "home_ns": {"score": 420}, "away_ns": {"score": -50}}]}, '
...     '{"round": 1, "home": "C", "away": null}]}')
>>> [(s.team, str(s.vp), str(s.imps_for), str(s.imps_against), s.rank) for s in score_teams(event).standings]
[('A', '10.00', '10', '0', '1'), ('C', '0', '0', '0', '2'), ('B', '0.00', '0', '10', '3')]
>>> [s.rank for s in score_teams(event, tie_break="none").standings]   # B and C level on 0 VP
['1', '2=', '2=']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from scoring.domain.errors import ScoringError
from scoring.domain.formats.teams import TIE_BREAKS, TeamMatch, TeamsEvent
from scoring.domain.results import Artificial, Assigned, Played, Result
from scoring.domain.text import Text
from scoring.domain.victory_points import CLUB_METHODS as _CLUB_METHODS
from scoring.domain.victory_points import MatchImps, TableScore, board_a_match, board_imps, bye_vp, victory_points

__all__ = [
    "CLUB_METHODS",
    "HistoryLine",
    "history_lines",
    "PattonScore",
    "ScoredMatch",
    "Standing",
    "TeamsScore",
    "score_teams",
    "standings",
    "standings_json",
    "club_match_points",
    "imps_text",
    "json_number",
    "json_score",
    "patton",
    "team_history",
    "teams_json",
    "teams_text",
]


@dataclass(frozen=True)
class ScoredMatch:
    """A match scored: each board's IMPs to the home team, the totals and the VPs (a bye: ``vp_away`` None)."""

    match: TeamMatch
    imps: MatchImps
    vp_home: Decimal
    vp_away: Decimal | None


@dataclass(frozen=True)
class Standing:
    """A team's line in the standings: its VP total, IMPs won and lost, and its place (``3=`` when shared)."""

    team: str
    vp: Decimal
    imps_for: Fraction
    imps_against: Fraction
    rank: str


@dataclass(frozen=True)
class TeamsScore:
    event: TeamsEvent
    matches: tuple[ScoredMatch, ...]
    standings: tuple[Standing, ...]
    tie_break: str


def _match_imps(event: TeamsEvent, match: TeamMatch) -> MatchImps:
    boards = []
    for j, board in enumerate(match.boards):
        try:
            boards.append(board_imps(*board.scores))
        except ScoringError as exc:
            raise ScoringError(
                exc.reason, where=f"matches[{match.index}].boards[{j}]", source=event.source or "JSON"
            ) from None
    return MatchImps(tuple(boards))


def score_teams(event: TeamsEvent, *, tie_break: str | None = None) -> TeamsScore:
    """The event scored and ranked; ``tie_break`` (one of ``TIE_BREAKS``) in place of the file's."""
    chosen = event.tie_break if tie_break is None else tie_break
    if chosen not in TIE_BREAKS:
        raise ScoringError(Text.of("teams.tie_break", value=chosen), field="tie_break")
    played: dict[str, list[Decimal]] = {team: [] for team in event.teams}
    scored: dict[int, ScoredMatch] = {}
    for match in event.matches:
        if match.away is None:
            continue
        imps = _match_imps(event, match)
        if event.scale in CLUB_METHODS:  # a club's board-a-match or Patton: the points in place of the VPs
            home, away = (_decimal(p) for p in club_match_points(event.scale, [b.scores for b in match.boards]))
        else:
            home, away = victory_points(
                imps.imps_home, imps.imps_away, event.boards_per_match, event.scale, fractional=event.fractional
            )
        scored[match.index] = ScoredMatch(match, imps, home, away)
        played[match.home].append(home)
        played[match.away].append(away)
    for match in event.matches:
        if match.away is None:
            vp = bye_vp(played[match.home], rule=event.bye, fixed=event.bye_vp)
            scored[match.index] = ScoredMatch(match, MatchImps(()), vp, None)
    matches = tuple(scored[m.index] for m in event.matches)
    return TeamsScore(event, matches, standings(event.teams, matches, chosen), chosen)


# --- the standings ------------------------------------------------------------------------------------------


@dataclass
class _Totals:
    vp: Decimal = Decimal(0)
    imps_for: Fraction = Fraction(0)
    imps_against: Fraction = Fraction(0)


#: A tie-break: the tied teams → each one's key (higher is better), or None when it does not apply to them.
Criterion = Callable[[Sequence[str]], dict[str, tuple[int, Fraction]] | None]


def standings(teams: Sequence[str], matches: Sequence[ScoredMatch], tie_break: str) -> tuple[Standing, ...]:
    """The teams by VP total, ties broken by ``tie_break`` (see the module's docstring), places shared after."""
    totals = {team: _Totals() for team in teams}
    for m in matches:
        home = totals[m.match.home]
        home.vp += m.vp_home
        home.imps_for += m.imps.imps_home
        home.imps_against += m.imps.imps_away
        if m.match.away is not None and m.vp_away is not None:
            away = totals[m.match.away]
            away.vp += m.vp_away
            away.imps_for += m.imps.imps_away
            away.imps_against += m.imps.imps_home

    def difference(group: Sequence[str]) -> dict[str, tuple[int, Fraction]]:
        return {t: (0, totals[t].imps_for - totals[t].imps_against) for t in group}

    def quotient(group: Sequence[str]) -> dict[str, tuple[int, Fraction]]:
        # IMPs for ÷ IMPs against; none against is above every quotient (and 0 ÷ 0 is 1)
        return {
            t: (1, totals[t].imps_for)
            if totals[t].imps_against == 0 and totals[t].imps_for > 0
            else (0, totals[t].imps_for / totals[t].imps_against if totals[t].imps_against else Fraction(1))
            for t in group
        }

    def between(group: Sequence[str]) -> dict[str, tuple[int, Fraction]] | None:
        members = set(group)
        vp = {t: Decimal(0) for t in group}
        met: set[frozenset[str]] = set()
        for m in matches:
            away = m.match.away
            if away is not None and m.vp_away is not None and {m.match.home, away} <= members:
                vp[m.match.home] += m.vp_home
                vp[away] += m.vp_away
                met.add(frozenset((m.match.home, away)))
        if len(met) < len(group) * (len(group) - 1) // 2:
            return None
        return {t: (0, Fraction(vp[t])) for t in group}

    chains: dict[str, tuple[Criterion, ...]] = {
        "imp-difference": (difference, between),
        "head-to-head": (between, difference),
        "imp-quotient": (quotient, between),
        "none": (),
    }
    by_vp: dict[Decimal, list[str]] = {}
    for team in teams:
        by_vp.setdefault(totals[team].vp, []).append(team)
    groups: list[list[str]] = []
    for vp in sorted(by_vp, reverse=True):
        groups += _split(by_vp[vp], chains[tie_break])
    out: list[Standing] = []
    for group in groups:
        place = len(out) + 1
        rank = f"{place}=" if len(group) > 1 else str(place)
        for team in sorted(group, key=_natural):
            t = totals[team]
            out.append(Standing(team, t.vp, t.imps_for, t.imps_against, rank))
    return tuple(out)


def _split(group: list[str], chain: Sequence[Criterion]) -> list[list[str]]:
    """``group`` (teams level so far) in order by the first criterion of ``chain`` that applies and separates them;
    teams still level after it go through the whole chain again (the matches between fewer teams may now count)."""
    if len(group) < 2:
        return [group]
    for criterion in chain:
        keys = criterion(group)
        if keys is None or len(set(keys.values())) < 2:
            continue
        out: list[list[str]] = []
        for key in sorted(set(keys.values()), reverse=True):
            out += _split([t for t in group if keys[t] == key], chain)
        return out
    return [group]


def _natural(team: str) -> tuple[int, int, str]:
    """Teams named by numbers in numeric order, before those named by words."""
    return (0, int(team), "") if team.isdecimal() else (1, 0, team)


# --- the reports ------------------------------------------------------------------------------------------


def json_number(value: Fraction | int) -> int | float:
    """A number as the commands' JSON gives it: whole, or a float to two decimals."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else round(float(value), 2)


def json_score(result: Result, board: int) -> int | float | None:
    """A table's North–South score as the JSON gives it (an artificial score has none: None)."""
    if isinstance(result, Played):
        return result.ns_score(board)
    if isinstance(result, Assigned):
        return json_number(result.score)
    return None


def _board_json(board_number: int, home_ns: Result, away_ns: Result, imps: int | Fraction) -> dict[str, object]:
    out: dict[str, object] = {
        "board": board_number,
        "home_ns_score": json_score(home_ns, board_number),
        "away_ns_score": json_score(away_ns, board_number),
        "imps_home": json_number(max(imps, 0)),
        "imps_away": json_number(max(-imps, 0)),
    }
    for key, result in (("home_ns_adjusted", home_ns), ("away_ns_adjusted", away_ns)):
        if isinstance(result, Artificial):
            out[key] = f"{result.ns_percent}/{result.ew_percent}"
    return out


def teams_json(score: TeamsScore) -> dict[str, object]:
    """The issue's JSON: every match with its boards, IMPs and VPs; the standings; the options it was scored by."""
    event = score.event
    return {
        "scale": event.scale,
        "boards_per_match": event.boards_per_match,
        "tie_break": score.tie_break,
        "matches": [
            {
                "round": m.match.round,
                "home": m.match.home,
                "away": m.match.away,
                "imps_home": json_number(m.imps.imps_home),
                "imps_away": json_number(m.imps.imps_away),
                "vp_home": float(m.vp_home),
                "vp_away": None if m.vp_away is None else float(m.vp_away),
                "boards": [
                    _board_json(b.board, b.home_ns, b.away_ns, imps)
                    for b, imps in zip(m.match.boards, m.imps.boards, strict=True)
                ],
            }
            for m in score.matches
        ],
        "teams": standings_json(score.standings),
    }


def standings_json(lines: Sequence[Standing]) -> list[dict[str, object]]:
    """The standings as the commands' JSON gives them (``"teams"``): team, VPs, IMPs for and against, rank."""
    return [
        {
            "team": s.team,
            "vp": float(s.vp),
            "imps_for": json_number(s.imps_for),
            "imps_against": json_number(s.imps_against),
            "rank": s.rank,
        }
        for s in lines
    ]


def imps_text(value: Fraction | int) -> str:
    """IMPs as the files write them: whole, or to two decimals at most (``10``, ``10.5``)."""
    return f"{json_number(value):g}"


def teams_text(score: TeamsScore) -> str:
    """The director's report: the matches round by round (IMPs and VPs), then the standings (English)."""
    event = score.event
    out = [f"Teams: {event.boards_per_match} boards a match, scale {event.scale}, tie-break {score.tie_break}"]
    width = max(4, *(len(t) for t in event.teams))
    current = None
    for m in sorted(score.matches, key=lambda m: (m.match.round, m.match.index)):
        if m.match.round != current:
            current = m.match.round
            out += ["", f"Round {current}"]
        if m.match.away is None:
            out.append(f"  {m.match.home:>{width}}   {'bye':<{width}}  {'':>15}  VP {m.vp_home:>6}")
            continue
        imps = f"{imps_text(m.imps.imps_home)}–{imps_text(m.imps.imps_away)}"
        out.append(
            f"  {m.match.home:>{width}} v {m.match.away:<{width}}  IMPs {imps:>10}  VP {m.vp_home:>6}–{m.vp_away}"
        )
    out += ["", "Standings", f"  {'rank':>5} {'team':>{width}} {'VP':>8} {'IMPs +':>8} {'IMPs −':>8}"]
    for s in score.standings:
        out.append(
            f"  {s.rank:>5} {s.team:>{width}} {s.vp:>8} {imps_text(s.imps_for):>8} {imps_text(s.imps_against):>8}"
        )
    return "\n".join(out) + "\n"


# --- a team's history ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    """A round of one team: its opponent (None: a bye), whether it was the home team, the IMPs and VPs each way
    (``vp_against`` None for a bye), then its VP total and place once the round is counted."""

    round: int
    opponent: str | None
    home: bool
    imps_for: Fraction
    imps_against: Fraction
    vp_for: Decimal
    vp_against: Decimal | None
    vp_total: Decimal
    rank: str


def team_history(
    event: TeamsEvent, team: str, *, teams: Sequence[str] | None = None, tie_break: str | None = None
) -> tuple[HistoryLine, ...]:
    """``team``'s matches in ``event``, round by round: each match's IMPs and VPs as the whole event scores them,
    and the team's VP total and place after each round as the standings after it have them (the event scored over
    its rounds up to that one, ranked among ``teams`` (the event's teams when None) with ``tie_break`` (the
    event's when None)). A bye is worth the larger of the fixed VPs and the team's average (the spec's default),
    so its worth may grow as the team plays on: its line says what it is worth now, the totals what they were
    after each round. A round in which ``team`` has no match is left out.

    >>> from scoring.domain.formats.teams import read_teams
    >>> event = read_teams('{"scale": "wbf2013", "boards_per_match": 1, "matches": ['
    ...     '{"round": 1, "home": "A", "away": "B", "boards": [{"board": 1, "home_ns": {"score": 420}, '
    ...     '"away_ns": {"score": -50}}]}, {"round": 1, "home": "C", "away": null}, '
    ...     '{"round": 2, "home": "C", "away": "A", "boards": [{"board": 2, "home_ns": {"score": 100}, '
    ...     '"away_ns": {"score": -100}}]}, {"round": 2, "home": "B", "away": null}]}')
    >>> for line in team_history(event, "A"):
    ...     print(line.round, line.opponent, line.home, line.imps_for, line.imps_against, line.vp_for,
    ...           line.vp_against, line.vp_total, line.rank)
    1 B True 10 0 18.09 1.91 18.09 1
    2 C False 0 5 5.00 15.00 23.09 2
    >>> [(line.opponent, str(line.vp_for), str(line.vp_total), line.rank) for line in team_history(event, "C")]
    [(None, '15.00', '12', '2'), ('A', '15.00', '30.00', '1')]
    """
    chosen = event.tie_break if tie_break is None else tie_break
    field = tuple(event.teams if teams is None else teams)
    whole = score_teams(event, tie_break=chosen)

    def upto(number: int) -> Sequence[ScoredMatch]:
        return score_teams(replace(event, matches=tuple(m for m in event.matches if m.round <= number))).matches

    return history_lines(team, field, whole.matches, upto, chosen)


def history_lines(
    team: str,
    field: Sequence[str],
    whole: Sequence[ScoredMatch],
    upto: Callable[[int], Sequence[ScoredMatch]],
    tie_break: str,
) -> tuple[HistoryLine, ...]:
    """``team``'s lines from the event's matches scored (``whole``) and the matches scored over the rounds up to
    each one (``upto(round)``), the standings after each round ranked among ``field``: :func:`team_history`'s
    work, shared with a Swiss pairs event's (``swiss_pairs.pair_history``), which scores its rounds its own way."""
    rounds = sorted({m.match.round for m in whole if team in (m.match.home, m.match.away)})
    out: list[HistoryLine] = []
    for number in rounds:
        line = next(s for s in standings(field, upto(number), tie_break) if s.team == team)
        for m in whole:
            if m.match.round != number or team not in (m.match.home, m.match.away):
                continue
            home = m.match.home == team
            out.append(
                HistoryLine(
                    number,
                    m.match.away if home else m.match.home,
                    home,
                    m.imps.imps_home if home else m.imps.imps_away,
                    m.imps.imps_away if home else m.imps.imps_home,
                    m.vp_home if home else m.vp_away or Decimal(0),
                    m.vp_away if home else m.vp_home,
                    line.vp,
                    line.rank,
                )
            )
    return tuple(out)


# --- board-a-match and Patton, for a club's teams evening ---------------------------------------------------

#: The ways a club's teams evening may score a match besides IMPs and VPs (``victory_points.CLUB_METHODS``).
CLUB_METHODS = _CLUB_METHODS


@dataclass(frozen=True)
class PattonScore:
    """A Patton match: each side's board points (2 a board won, 1 a board level), the aggregate (the home team's
    total points over the match, minus the away team's), each side's aggregate points, and the totals."""

    board_home: Fraction
    board_away: Fraction
    aggregate: Fraction
    aggregate_home: Fraction
    aggregate_away: Fraction

    @property
    def home(self) -> Fraction:
        return self.board_home + self.aggregate_home

    @property
    def away(self) -> Fraction:
        return self.board_away + self.aggregate_away


def _points(score: TableScore) -> Fraction | None:
    """A table's score as total points (an assigned score weighted part by part); None for an artificial one."""
    if isinstance(score, Artificial):
        return None
    if isinstance(score, Assigned):
        return sum((Fraction(w) * Fraction(v) for w, v in score.parts), Fraction(0))
    return Fraction(score)


def patton(boards: Sequence[tuple[TableScore, TableScore]], *, level_within: int = 0) -> PattonScore:
    """A match scored the Patton way: the board-a-match points doubled (2 a board won, 1 each a board level, as
    the EBU's Patton teams count them) and the aggregate worth as much as all the boards together (2 a board), to
    the team whose total points over the match (the home team's NS scores less the other table's) are higher;
    the aggregate is shared when the totals differ by ``level_within`` points or less (0: only when equal; some
    clubs call 10 or 40 points a draw). A board with an artificial score at either table counts on its board
    points (by the side the score favours, as in board-a-match) but not in the aggregate: it has no total points.

    >>> score = patton([(420, 420), (420, -50), (-50, -100), (100, 110)])   # boards: level, won, won, lost
    >>> score.board_home, score.board_away, score.aggregate, score.aggregate_home, score.home, score.away
    (Fraction(5, 1), Fraction(3, 1), Fraction(510, 1), Fraction(8, 1), Fraction(13, 1), Fraction(3, 1))
    >>> patton([(420, 400), (-100, -110)], level_within=30).aggregate_home   # 30 points apart: shared
    Fraction(2, 1)
    """
    if level_within < 0:
        raise ValueError("level_within is a number of points, at least 0")
    home_boards, away_boards = board_a_match(boards)
    aggregate = Fraction(0)
    for home_ns, away_ns in boards:
        here, there = _points(home_ns), _points(away_ns)
        if here is not None and there is not None:
            aggregate += here - there
    stake = Fraction(2 * len(boards))
    if abs(aggregate) <= level_within:
        share = (stake / 2, stake / 2)
    else:
        share = (stake, Fraction(0)) if aggregate > 0 else (Fraction(0), stake)
    return PattonScore(2 * home_boards, 2 * away_boards, aggregate, *share)


def _decimal(points: Fraction) -> Decimal:
    """Board-a-match or Patton points as the standings add them: halves exact, to two places like the VPs."""
    return (Decimal(points.numerator) / Decimal(points.denominator)).quantize(Decimal("0.01"))


def club_match_points(method: str, boards: Sequence[tuple[TableScore, TableScore]]) -> tuple[Fraction, Fraction]:
    """A match's points by ``method`` (one of ``CLUB_METHODS``): board-a-match (1 a board won, ½ each a board level)
    or Patton (:func:`patton`, aggregate level only when equal). Each side's, home first.

    >>> club_match_points("board-a-match", [(420, 400), (100, 100)])
    (Fraction(3, 2), Fraction(1, 2))
    >>> club_match_points("patton", [(420, 400), (100, 100)])
    (Fraction(7, 1), Fraction(1, 1))
    """
    if method == "board-a-match":
        return board_a_match(boards)
    if method == "patton":
        score = patton(boards)
        return score.home, score.away
    # the method is a format's choice, never typed by a reader: a plain ValueError, as for an unknown tie-break
    raise ValueError(f"not a club's teams scoring: {method!r} (board-a-match or patton)")

"""Every read of a teams session: its format, teams and draws; each match's score card (IMPs per board, the match's
IMPs and VPs); the standings after a round; the Swiss round proposed from them.

The numbers are the scoring engine's: ``scoring.domain.victory_points`` (``board_imps``, ``victory_points``) for a
match, ``scoring.domain.teams`` (``score_teams``, ``standings``) for the standings with their tie-breaks and shared
places (``3=``), ``movements.domain.swiss`` for the Swiss draw. A Swiss pairs session (``TeamsFormat.for_pairs``) is
scored by ``scoring.domain.swiss_pairs`` instead: each match at one table against the round's field (its card:
``pairs_match_card``), the standings and a pair's history by the same teams' ranking. A match counts in the standings once both tables'
scores of every board are entered; a round's bye counts as the bye rule says (the larger of 12 VP and the team's
average). Board numbers run on through the rounds: round ``r`` plays boards ``(r − 1)·n + 1 … r·n`` (``n`` boards
per match), which sets each board's vulnerability. Who may read them is the caller's check.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.http import Http404
from django.utils.translation import gettext as _

from clubs.models import Session
from dealing.models import Board, CommitmentSession
from movements.domain.swiss import Draw as SwissDraw
from movements.domain.swiss import SwissTeam, swiss_pair, swiss_swap
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FilePlayer
from scoring.domain.formats.teams import TeamBoard, TeamMatch, TeamsEvent
from scoring.domain.formats.usebio_swiss_pairs import SwissPairsFile
from scoring.domain.formats.usebio_teams import FileTeam, FileTie, TeamsFile
from scoring.domain.knockout import BracketTie, TieResult, bracket, tie_result
from scoring.domain.layout import reconcile
from scoring.domain.results import Result
from scoring.domain.shorthand import describe, parse_entry
from scoring.domain.swiss_pairs import (
    PairsCard,
    PairsMatch,
    PairsScore,
    SwissPairsEvent,
    pair_history,
    score_swiss_pairs,
)
from scoring.domain.teams import (
    CLUB_METHODS,
    HistoryLine,
    ScoredMatch,
    Standing,
    TeamsScore,
    club_match_points,
    score_teams,
    standings,
    team_history,
)
from scoring.domain.victory_points import board_imps, match_imps, victory_points
from teams.domain.sharing import BoardSet, planned_rounds, share_boards
from teams.models import Draw, KnockoutTie, Match, Team, TeamsFormat

#: The tie-break the standings use (the spec's default): IMP difference, then the matches between the tied teams.
TIE_BREAK = "imp-difference"


def teams_format_get(*, session: Session) -> TeamsFormat | None:
    return TeamsFormat.objects.filter(session=session).first()


def session_teams(*, session: Session) -> list[Team]:
    """The session's teams in number order, each with its players (and their members) loaded."""
    return list(Team.objects.filter(session=session).prefetch_related("players__member"))


def session_draws(*, session: Session) -> list[Draw]:
    """The rounds drawn, in order, each with its matches and their teams loaded."""
    return list(
        Draw.objects.filter(session=session)
        .select_related("confirmed_by")
        .prefetch_related("matches__home", "matches__away", "matches__boards")
    )


def match_get(*, session: Session, round_number: int, number: int) -> Match:
    match = (
        Match.objects.filter(draw__session=session, draw__round=round_number, number=number)
        .select_related("draw", "home", "away")
        .first()
    )
    if match is None:
        raise Http404("No such match.")
    return match


def match_board_numbers(fmt: TeamsFormat, round_number: int) -> list[int]:
    first = (round_number - 1) * fmt.boards_per_match + 1
    return list(range(first, first + fmt.boards_per_match))


def session_rounds_planned(*, session: Session, fmt: TeamsFormat | None = None) -> int:
    """How many rounds the session plays: as its format has it for its teams (``teams.domain.sharing``), or as many
    as are drawn when more are (a field changed after the draw); 0 before the format is set."""
    fmt = fmt or teams_format_get(session=session)
    if fmt is None:
        return 0
    teams = Team.objects.filter(session=session).count()
    drawn = max(Draw.objects.filter(session=session).values_list("round", flat=True), default=0)
    return max(planned_rounds(fmt.format, teams, fmt.rounds), drawn)


def session_board_numbers(*, session: Session) -> tuple[int, ...]:
    """The boards the session plays, every round's (``match_board_numbers``): what the director deals; empty before
    the format is set."""
    fmt = teams_format_get(session=session)
    if fmt is None:
        return ()
    return tuple(range(1, session_rounds_planned(session=session, fmt=fmt) * fmt.boards_per_match + 1))


def session_boards_played(*, session: Session) -> int | None:
    """How many boards a teams session plays (None: not a teams session, or no format yet): dealing asks it through
    ``TeamsConfig.session_boards_played`` when a commitment to the session is made
    (``dealing.selectors.commitments.session_boards_played``)."""
    if session.kind != "teams":
        return None
    return len(session_board_numbers(session=session)) or None


def session_board_problems(*, session: Session) -> list[str]:
    """Where the boards the matches play, the boards dealt and the commitment's count disagree, in sentences (the
    scoring engine's ``reconcile`` finds them, as for a pairs session's movement)."""
    boards = session_board_numbers(session=session)
    dealt = list(Board.objects.filter(session=session).values_list("number", flat=True))
    entry = CommitmentSession.objects.filter(session=session).first()
    words = {
        "layout.boards_missing": lambda p: (
            _("The matches play %(boards)s boards (%(span)s) but %(dealt)s were dealt: boards %(missing)s are missing.")
            % p
        ),
        "layout.boards_extra": lambda p: (
            _(
                "The matches play %(boards)s boards (%(span)s) but %(dealt)s were dealt: boards %(extra)s are not played."
            )
            % p
        ),
        "layout.commitment": lambda p: (
            _("The matches play %(boards)s boards but the commitment covers %(committed)s.") % p
        ),
    }
    return [
        words[p.code](p.params)
        for p in reconcile(boards, dealt=dealt or None, committed=entry.boards if entry else None)
        if p.code in words
    ]


@dataclass(frozen=True)
class RoundAssignment:
    """A round as the tables are told it: each match's two tables (home NS at the first, EW at the second), the
    round's boards, and the sets of boards the matches share (``teams.domain.sharing.share_boards``)."""

    draw: Draw
    boards: tuple[int, ...]
    matches: tuple[Match, ...]
    byes: tuple[Team, ...]
    sets: tuple[BoardSet, ...]

    def set_of(self, match: Match) -> BoardSet | None:
        return next((s for s in self.sets if match.number in s.matches), None)


def round_assignments(*, session: Session, sets: int | None = None) -> list[RoundAssignment]:
    """Every round drawn, with ``sets`` sets of boards for each (None: one set a match). The matches are those with
    two teams, numbered from 1 as the draw numbers them; a bye is said apart."""
    fmt = teams_format_get(session=session)
    if fmt is None:
        return []
    out = []
    for draw in session_draws(session=session):
        matches = tuple(m for m in draw.matches.all() if m.away_id is not None)
        boards = tuple(match_board_numbers(fmt, draw.round))
        numbers = [m.number for m in matches]
        shared = share_boards(boards, numbers, sets or len(numbers))
        out.append(
            RoundAssignment(
                draw,
                boards,
                matches,
                tuple(m.home for m in draw.matches.all() if m.away_id is None),
                shared,
            )
        )
    return out


def _result(text: str) -> Result | None:
    if not text:
        return None
    try:
        return parse_entry(text)
    except ScoringError:  # stored only once read; a score kept from before a rule changed is shown as not entered
        return None


@dataclass(frozen=True)
class BoardLine:
    """A line of a match's score card: the board, what each table's score card says (as typed, and in words), and
    the IMPs each way once both are in."""

    board: int
    home_ns: str
    away_ns: str
    home_said: object
    away_said: object
    imps_home: int | Fraction | None
    imps_away: int | Fraction | None


@dataclass(frozen=True)
class MatchCard:
    match: Match
    lines: tuple[BoardLine, ...]
    imps_home: Fraction
    imps_away: Fraction
    vp_home: Decimal | None  # None until every board is in
    vp_away: Decimal | None

    @property
    def complete(self) -> bool:
        return self.vp_home is not None


def match_card(*, match: Match, fmt: TeamsFormat) -> MatchCard:
    """The match as the teams compare it: per board, both scores and the IMPs each way; the totals; the VPs."""
    stored = {b.board: b for b in match.boards.all()}
    lines, compared = [], []
    for board in match_board_numbers(fmt, match.draw.round):
        row = stored.get(board)
        home, away = (row.home_ns, row.away_ns) if row is not None else ("", "")
        results = _result(home), _result(away)
        imps = None
        if results[0] is not None and results[1] is not None:
            scores = TeamBoard(board, results[0], results[1]).scores
            imps = board_imps(*scores)
            compared.append(scores)
        lines.append(
            BoardLine(
                board,
                home,
                away,
                describe(results[0], board, score_card=True) if results[0] is not None else "",
                describe(results[1], board, score_card=True) if results[1] is not None else "",
                max(imps, 0) if imps is not None else None,
                max(-imps, 0) if imps is not None else None,
            )
        )
    totals = match_imps(compared)
    vp_home = vp_away = None
    if match.away_id is not None and len(compared) == fmt.boards_per_match and fmt.scale in CLUB_METHODS:
        vp_home, vp_away = (_club_points(p) for p in club_match_points(fmt.scale, compared))
    elif match.away_id is not None and len(compared) == fmt.boards_per_match:
        vp_home, vp_away = victory_points(totals.imps_home, totals.imps_away, fmt.boards_per_match, fmt.scale)
    return MatchCard(match, tuple(lines), totals.imps_home, totals.imps_away, vp_home, vp_away)


# --- the standings ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamStanding:
    """A team's line: the engine's standing (VP, IMPs for and against, rank such as ``3=``) and the team."""

    team: Team
    standing: Standing

    @property
    def imp_difference(self) -> Fraction:
        return self.standing.imps_for - self.standing.imps_against


@dataclass(frozen=True)
class Standings:
    after_round: int
    lines: tuple[TeamStanding, ...]
    incomplete: tuple[Match, ...]  # matches of these rounds not fully entered: not counted yet


def _drawn(fmt: TeamsFormat, draws: list[Draw], after_round: int) -> Iterator[tuple[int, list[int], Match]]:
    """Every match drawn up to ``after_round``, in order: its round, the round's boards, the match."""
    for draw in draws:
        if draw.round > after_round:
            continue
        numbers = match_board_numbers(fmt, draw.round)
        for match in draw.matches.all():
            yield draw.round, numbers, match


def _event(fmt: TeamsFormat, draws: list[Draw], after_round: int) -> tuple[TeamsEvent, list[Match]]:
    matches: list[TeamMatch] = []
    incomplete: list[Match] = []
    for round_number, numbers, match in _drawn(fmt, draws, after_round):
        key = str(match.home.number)
        if match.away is None:
            matches.append(TeamMatch(len(matches), round_number, key, None, ()))
            continue
        stored = {b.board: b for b in match.boards.all()}
        boards = []
        for board in numbers:
            row = stored.get(board)
            results = (_result(row.home_ns), _result(row.away_ns)) if row is not None else (None, None)
            if results[0] is None or results[1] is None:
                break
            boards.append(TeamBoard(board, results[0], results[1]))
        if len(boards) < len(numbers):
            incomplete.append(match)
            continue
        matches.append(TeamMatch(len(matches), round_number, key, str(match.away.number), tuple(boards)))
    event = TeamsEvent(
        boards_per_match=fmt.boards_per_match,
        matches=tuple(matches),
        scale=fmt.scale,
        bye_vp=Decimal(0) if fmt.scale in ("imps", *CLUB_METHODS) else Decimal(12),  # club points: its average
        tie_break=TIE_BREAK,
    )
    return event, incomplete


def _pairs_event(fmt: TeamsFormat, draws: list[Draw], after_round: int) -> tuple[SwissPairsEvent, list[Match]]:
    """A Swiss pairs session's matches up to ``after_round`` as ``scoring.domain.swiss_pairs`` reads them: each
    match's results entered at its one table (``home_ns``); the matches not fully entered are returned apart (their
    results are in the round's field already, their VPs not in the standings)."""
    matches: list[PairsMatch] = []
    incomplete: list[Match] = []
    for round_number, numbers, match in _drawn(fmt, draws, after_round):
        stored = {b.board: _result(b.home_ns) for b in match.boards.all()}
        boards = tuple((n, r) for n in numbers if (r := stored.get(n)) is not None)
        if match.away is not None and len(boards) < len(numbers):
            incomplete.append(match)
        away = None if match.away is None else str(match.away.number)
        matches.append(PairsMatch(len(matches), round_number, str(match.home.number), away, boards))
    event = SwissPairsEvent(
        boards_per_match=fmt.boards_per_match,
        matches=tuple(matches),
        scale=fmt.scale,
        method=fmt.pairs_scoring,
        bye_vp=Decimal(0) if fmt.scale == "imps" else Decimal(12),
        tie_break=TIE_BREAK,
    )
    return event, incomplete


def _scored(fmt: TeamsFormat, draws: list[Draw], after_round: int) -> tuple[tuple[ScoredMatch, ...], list[Match]]:
    """Every match up to ``after_round`` fully entered, and every bye, scored (by the teams' engine, or Swiss pairs'
    against the round's field); the matches not fully entered apart."""
    if fmt.for_pairs:
        pairs, incomplete = _pairs_event(fmt, draws, after_round)
        return score_swiss_pairs(pairs).scored, incomplete
    event, incomplete = _event(fmt, draws, after_round)
    return score_teams(event).matches, incomplete


def pairs_match_card(*, match: Match, fmt: TeamsFormat) -> PairsCard:
    """A Swiss pairs match scored against its round's field as entered so far (every table's results of the
    round's boards): per board the result, the datum and the IMPs, or the matchpoints and percentage; the VPs once
    every board of the match is in."""
    draws = [d for d in session_draws(session=match.draw.session) if d.round == match.draw.round]
    event, _incomplete = _pairs_event(fmt, draws, match.draw.round)
    number = [m.number for m in draws[0].matches.all()].index(match.number)
    card = next(c for c in score_swiss_pairs(event).cards if c.match.index == number)
    return card


def session_standings(*, session: Session, after_round: int | None = None) -> Standings | None:
    """The standings after ``after_round`` (the last round drawn when None); None before the format is set."""
    fmt = teams_format_get(session=session)
    if fmt is None:
        return None
    teams = session_teams(session=session)
    draws = session_draws(session=session)
    last = draws[-1].round if draws else 0
    after = last if after_round is None else max(0, min(after_round, last))
    matches, incomplete = _scored(fmt, draws, after)
    by_key = {str(t.number): t for t in teams}
    lines = standings(list(by_key), matches, TIE_BREAK)
    return Standings(after, tuple(TeamStanding(by_key[s.team], s) for s in lines), tuple(incomplete))


def _file_teams(session: Session, *, seeds: bool = False) -> tuple[FileTeam, ...]:
    """The session's teams (or pairs) as a results file holds them: number, name, players with their federation
    numbers, and a knockout's seeds when ``seeds``."""
    return tuple(
        FileTeam(
            str(team.number),
            team.name,
            tuple(
                FilePlayer(p.full_name, national_id=p.member.national_id if p.member is not None else "")
                for p in team.players.all()
            ),
            team.seed if seeds else None,
        )
        for team in session_teams(session=session)
    )


def session_teams_file(*, session: Session, deals=None) -> tuple[TeamsFile, TeamsScore] | None:
    """The session as a results file holds it (``scoring.domain.formats.usebio_teams.TeamsFile``: its teams with
    their players and federation numbers, every match fully entered, with both tables' results, its number in the
    round, and a knockout's seeds and each tie's carry-over and tie-break) and its score, ranked as the standings
    rank it; ``deals`` (board number → deal) only for a session that is over, the caller's check. None before the
    format is set, for Swiss pairs (``session_swiss_pairs_file``) and while no match is fully entered."""
    fmt = teams_format_get(session=session)
    if fmt is None or fmt.for_pairs:
        return None
    draws = session_draws(session=session)
    last = draws[-1].round if draws else 0
    event, incomplete = _event(fmt, draws, last)
    if not any(m.away is not None for m in event.matches):
        return None
    skipped = {m.pk for m in incomplete}
    kept = [m for _round, _boards, m in _drawn(fmt, draws, last) if m.pk not in skipped]  # as ``_event`` keeps them
    knockout = fmt.format == TeamsFormat.Format.KNOCKOUT
    terms = {t.match_id: t for t in KnockoutTie.objects.filter(match__draw__session=session)} if knockout else {}
    ties = {
        index: FileTie(t.carry_home, t.carry_away, t.tie_break, t.extra_imps)
        for index, match in enumerate(kept)
        if (t := terms.get(match.pk)) is not None
    }
    file = TeamsFile(
        name=session.name,
        event=event,
        teams=_file_teams(session, seeds=knockout),
        club_name=session.club.name,
        date=session.date,
        swiss=fmt.format == TeamsFormat.Format.SWISS,
        knockout=knockout,
        ties=ties,
        numbers=tuple(m.number for m in kept),
        deals=dict(deals or {}),
    )
    return file, score_teams(event)


def session_swiss_pairs_file(*, session: Session, deals=None) -> tuple[SwissPairsFile, PairsScore] | None:
    """A Swiss pairs session as a results file holds it (``scoring.domain.formats.usebio_swiss_pairs``: its pairs
    with their players, every match with the boards entered at its table, each a round's field) and its score, as
    the standings have it; ``deals`` as for ``session_teams_file``. None for a session that is not Swiss pairs and
    while no board is entered."""
    fmt = teams_format_get(session=session)
    if fmt is None or not fmt.for_pairs:
        return None
    draws = session_draws(session=session)
    last = draws[-1].round if draws else 0
    event, _incomplete = _pairs_event(fmt, draws, last)
    if not any(m.boards for m in event.matches):
        return None
    file = SwissPairsFile(
        name=session.name,
        event=event,
        pairs=_file_teams(session),
        club_name=session.club.name,
        date=session.date,
        numbers=tuple(m.number for _round, _boards, m in _drawn(fmt, draws, last)),
        deals=dict(deals or {}),
    )
    return file, score_swiss_pairs(event)


def round_complete(*, session: Session, round_number: int) -> bool:
    standing = session_standings(session=session, after_round=round_number)
    return standing is not None and not standing.incomplete


def swiss_table(*, session: Session) -> list[SwissTeam]:
    """The teams as the Swiss draw reads them: by the standings (tie-breaks applied), each with its VP total, the
    teams it has met, its bye and its home matches."""
    standing = session_standings(session=session)
    if standing is None:
        return []
    met: dict[int, set[str]] = {line.team.pk: set() for line in standing.lines}
    home: dict[int, int] = dict.fromkeys(met, 0)
    byes: set[int] = set()
    for draw in session_draws(session=session):
        for match in draw.matches.all():
            home[match.home_id] = home.get(match.home_id, 0) + (match.away is not None)
            if match.away is None:
                byes.add(match.home_id)
            else:
                met.setdefault(match.home_id, set()).add(str(match.away.number))
                met.setdefault(match.away_id, set()).add(str(match.home.number))
    return [
        SwissTeam(
            str(line.team.number),
            line.standing.vp,
            frozenset(met.get(line.team.pk, ())),
            line.team.pk in byes,
            home.get(line.team.pk, 0),
        )
        for line in standing.lines
    ]


def swiss_proposal(*, session: Session, round_number: int, swaps: list[tuple[str, str]]) -> SwissDraw:
    """Round ``round_number`` of a Swiss, as ``swiss_pair`` proposes it from the standings, with the director's
    swaps made in order (each refused, with a ``MovementError``, if it makes a rematch)."""
    table = swiss_table(session=session)
    draw = swiss_pair(table, round_number)
    for first, second in swaps:
        draw = swiss_swap(draw, table, first, second)
    return draw


@dataclass(frozen=True)
class CrossTable:
    """A round robin's cross-table: the teams in the standings' order, and each row team's VPs against each column
    team (None: not met yet, or the match not complete; the diagonal is None)."""

    teams: tuple[Team, ...]
    rows: tuple[tuple[Team, tuple[Decimal | None, ...]], ...]


def cross_table(*, session: Session, fmt: TeamsFormat, draws: list[Draw], standing: Standings) -> CrossTable:
    vps: dict[tuple[int, int], Decimal] = {}
    for draw in draws:
        if draw.round > standing.after_round:
            continue
        for match in draw.matches.all():
            if match.away_id is None:
                continue
            card = match_card(match=match, fmt=fmt)
            if card.vp_home is not None and card.vp_away is not None:
                vps[(match.home_id, match.away_id)] = card.vp_home
                vps[(match.away_id, match.home_id)] = card.vp_away
    teams = tuple(line.team for line in standing.lines)
    rows = tuple((row, tuple(vps.get((row.pk, col.pk)) for col in teams)) for row in teams)
    return CrossTable(teams, rows)


# --- a team's history ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRow:
    """A round of a team's history: the match drawn (its opponent, or its bye), and the engine's line for it (IMPs,
    VPs, the total and place after the round); ``line`` None: the match is not fully entered yet."""

    round: int
    match: Match
    opponent: Team | None
    line: HistoryLine | None


@dataclass(frozen=True)
class TeamHistory:
    team: Team
    fmt: TeamsFormat
    rows: tuple[HistoryRow, ...]


def team_history_get(*, session: Session, number: int) -> TeamHistory:
    """Team ``number``'s matches round by round (``scoring.domain.teams.team_history``: each match's IMPs and VPs,
    the VP total and place after each round, as the standings after that round have them); 404 for no such team
    or before the format is set."""
    fmt = teams_format_get(session=session)
    teams = session_teams(session=session)
    team = next((t for t in teams if t.number == number), None)
    if fmt is None or team is None:
        raise Http404("No such team.")
    draws = session_draws(session=session)
    last = draws[-1].round if draws else 0
    field = [str(t.number) for t in teams]
    if fmt.for_pairs:
        pairs, _incomplete = _pairs_event(fmt, draws, last)
        history = pair_history(pairs, str(team.number), pairs=field, tie_break=TIE_BREAK)
    else:
        event, _incomplete = _event(fmt, draws, last)
        history = team_history(event, str(team.number), teams=field, tie_break=TIE_BREAK)
    lines = {line.round: line for line in history}
    rows = []
    for draw in draws:
        for match in draw.matches.all():
            if team.pk in (match.home_id, match.away_id):
                opponent = match.away if match.home_id == team.pk else match.home
                rows.append(HistoryRow(draw.round, match, opponent, lines.get(draw.round)))
    return TeamHistory(team, fmt, tuple(rows))


# --- a knockout ---------------------------------------------------------------------------------------------


def knockout_seeds(*, session: Session) -> list[Team]:
    """A knockout's teams, best seed first: in the director's order when every team has its seed, else by number."""
    teams = session_teams(session=session)
    if teams and all(t.seed is not None for t in teams):
        return sorted(teams, key=lambda t: (t.seed, t.number))
    return teams


@dataclass(frozen=True)
class KnockoutLine:
    """A tie of the bracket as the page shows it: the engine's tie (teams by number), the match drawn for it (None:
    not drawn yet), its carry-over and tie-break (None: a bye or not drawn) and its result once every board is in."""

    tie: BracketTie
    match: Match | None
    knockout: KnockoutTie | None
    result: TieResult | None
    teams: dict[str, Team]

    @property
    def home(self) -> Team | None:
        return self.teams.get(self.tie.home or "")

    @property
    def away(self) -> Team | None:
        return self.teams.get(self.tie.away or "")

    @property
    def winner(self) -> Team | None:
        return self.teams.get(self.tie.winner or "")


@dataclass(frozen=True)
class KnockoutView:
    fmt: TeamsFormat
    seeds: tuple[Team, ...]
    draws: tuple[Draw, ...]
    rounds: tuple[tuple[KnockoutLine, ...], ...]


def knockout_bracket(*, session: Session) -> KnockoutView | None:
    """The knockout's bracket: every round's ties from the seeds (``scoring.domain.knockout.bracket``), each tie
    drawn so far with its IMPs (boards and carry-over) and its winner once every board is in and the tie-break
    decides a level tie; None for a session that is not a knockout."""
    fmt = teams_format_get(session=session)
    if fmt is None or fmt.format != TeamsFormat.Format.KNOCKOUT:
        return None
    seeds = knockout_seeds(session=session)
    draws = session_draws(session=session)
    by_number = {str(t.number): t for t in seeds}
    if len(seeds) < 2:
        return KnockoutView(fmt, tuple(seeds), tuple(draws), ())
    ties = {t.match_id: t for t in KnockoutTie.objects.filter(match__draw__session=session)}
    drawn: dict[tuple[int, int], Match] = {}
    results: dict[tuple[int, int], TieResult] = {}
    winners: dict[tuple[int, int], str] = {}
    for draw in draws:
        for match in draw.matches.all():
            key = (draw.round, match.number - 1)
            drawn[key] = match
            knockout = ties.get(match.pk)
            if match.away is None or knockout is None:
                continue
            card = match_card(match=match, fmt=fmt)
            if any(line.imps_home is None for line in card.lines):
                continue
            boards = [(line.imps_home or 0) - (line.imps_away or 0) for line in card.lines]
            extra = [] if knockout.extra_imps is None else [knockout.extra_imps]
            carry = (Fraction(knockout.carry_home), Fraction(knockout.carry_away))
            result = tie_result(boards, carry=carry, tie_break=knockout.tie_break, extra=extra)
            results[key] = result
            if result.winner is not None:
                winners[key] = str((match.home if result.winner == "home" else match.away).number)
    rounds = bracket([str(t.number) for t in seeds], winners)
    lines = tuple(
        tuple(
            KnockoutLine(
                tie,
                drawn.get((tie.round, tie.slot)),
                ties.get(drawn[(tie.round, tie.slot)].pk) if (tie.round, tie.slot) in drawn else None,
                results.get((tie.round, tie.slot)),
                by_number,
            )
            for tie in one
        )
        for one in rounds
    )
    return KnockoutView(fmt, tuple(seeds), tuple(draws), lines)


def _club_points(points: Fraction) -> Decimal:
    """Board-a-match or Patton points as a match card shows them, as the standings add them (two places)."""
    return (Decimal(points.numerator) / Decimal(points.denominator)).quantize(Decimal("0.01"))

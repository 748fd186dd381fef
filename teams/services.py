"""Every write of a teams session: its format (``teams_format_set``), its teams (``teams_set``, a page at once; a Swiss
pairs session's entrants are pairs, kept as teams of two), the draw of its rounds (``round_robin_draw``: every round
at once; ``swiss_round_confirm``: one round of a Swiss of teams or of pairs as proposed and swapped), and the two
tables' scores of a match's boards (``match_boards_set``; a Swiss pairs match has one table, its ``home_ns``). Each checks everything before it
saves anything, and says what is wrong and where (``teams[2].player_3``, ``board_5_home``)."""

from __future__ import annotations

from pathlib import PurePath

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Member, Session
from clubs.permissions import can_direct
from clubs.services import session_create
from clubsite.texts import error_message, render
from dealing.domain.formats.pbn import export_pbn
from dealing.services.boards import session_deal_import
from movements.domain.errors import MovementError
from movements.domain.round_robin import round_robin
from scoring.domain.errors import ScoringError
from scoring.domain.formats.usebio_teams import FileTie, TeamsFile, match_numbers, read_usebio_teams
from scoring.domain.notation import shorthand
from scoring.domain.shorthand import parse_entry
from scoring.domain.teams import CLUB_METHODS, score_teams
from scoring.domain.text import Text
from scoring.domain.victory_points import victory_points
from scoring.services.sessions import session_status_set
from teams.models import Draw, KnockoutTie, Match, MatchBoard, Team, TeamPlayer, TeamsFormat
from teams.selectors import (
    knockout_bracket,
    match_board_numbers,
    round_complete,
    session_draws,
    session_standings,
    swiss_proposal,
    teams_format_get,
)

#: How many players a team has: four to six.
LEAST_PLAYERS, MOST_PLAYERS = 4, 6
#: How many players a pair of Swiss pairs has.
PAIR_PLAYERS = 2


def _players_problem(count: int, *, pairs: bool | None, number: int) -> str | None:
    """What is wrong with an entrant of ``count`` players (0: none named yet, allowed), or None: a team has four to
    six players, a Swiss pairs entrant two; before the format is chosen (``pairs`` None) either will do."""
    if count == 0 or (pairs is not False and count == PAIR_PLAYERS):
        return None
    if pairs:
        return _("Pair %(number)d: a pair has 2 players, not %(count)d.") % {"number": number, "count": count}
    if LEAST_PLAYERS <= count <= MOST_PLAYERS:
        return None
    return _("Team %(number)d: a team has %(least)d to %(most)d players, not %(count)d.") % {
        "number": number,
        "least": LEAST_PLAYERS,
        "most": MOST_PLAYERS,
        "count": count,
    }


def _locked(session: Session) -> Session:
    session = Session.objects.select_for_update().select_related("club").get(pk=session.pk)
    if session.is_final:
        raise ValidationError(_("The results of this session are final: nothing in it can change."), code="final")
    return session


@transaction.atomic
def teams_format_set(
    *,
    session: Session,
    format: str,
    boards_per_match: int,
    scale: str,
    rounds: int | None = None,
    pairs_scoring: str = "imps",
):
    """Set how the teams play. Refused once a round is drawn (the draw and the boards follow the format), for a
    Swiss without its number of rounds, and for a match length the scale has no table for. Swiss pairs
    (``pairs_scoring``: IMPs against the field's datum, or matchpoints turned into VPs) need a VP scale (a club's
    board-a-match or Patton scores teams; matchpoints need 20-VP, not plain IMPs), and every entrant a pair: two
    players (a team of four for any other format)."""
    session = _locked(session)
    errors: dict[str, list[str]] = {}
    if Draw.objects.filter(session=session).exists():
        raise ValidationError(_("A round is drawn already: the format can no longer change."), code="drawn")
    swiss = format in (str(TeamsFormat.Format.SWISS), str(TeamsFormat.Format.SWISS_PAIRS))
    pairs = format == str(TeamsFormat.Format.SWISS_PAIRS)
    if swiss and not rounds:
        errors["rounds"] = [_("Say how many rounds the Swiss has.")]
    if pairs_scoring not in TeamsFormat.PairsScoring.values:
        errors["pairs_scoring"] = [_("Choose how the Swiss pairs' matches are scored.")]
    if pairs and scale in CLUB_METHODS:
        errors.setdefault("scale", []).append(_("Swiss pairs are scored in victory points: choose a VP scale."))
    elif pairs and pairs_scoring == str(TeamsFormat.PairsScoring.MATCHPOINTS) and scale == str(TeamsFormat.Scale.IMPS):
        errors.setdefault("scale", []).append(
            _("Matchpoints are turned into victory points: choose a 20-VP scale, not plain IMPs.")
        )
    for team in Team.objects.filter(session=session).prefetch_related("players"):
        problem = _players_problem(len(team.players.all()), pairs=pairs, number=team.number)
        if problem:
            errors.setdefault("format", []).append(problem)
    try:
        if scale not in CLUB_METHODS:  # board-a-match and Patton need no table for the match's length
            victory_points(0, 0, boards_per_match, scale)
    except ScoringError as exc:
        errors.setdefault("boards_per_match", []).append(error_message(exc))
    if errors:
        raise ValidationError(errors)
    fmt, _created = TeamsFormat.objects.update_or_create(
        session=session,
        defaults={
            "format": format,
            "boards_per_match": boards_per_match,
            "scale": scale,
            "rounds": rounds if swiss else None,
            "pairs_scoring": pairs_scoring if pairs else TeamsFormat.PairsScoring.IMPS,
        },
    )
    return fmt


@transaction.atomic
def teams_set(*, session: Session, rows) -> list[Team]:
    """Save a session's teams, a page at once: all rows or none.

    Each row is a mapping with ``number``, ``name`` and ``players``: up to six (member, guest name) pairs, in order
    (the first is the captain). A row with neither a name nor a player removes its team (refused once the team
    is drawn). Refused, naming the row and field: a team without a name, a number given twice, a team of other than
    four to six players (a Swiss pairs session's: two; before the format is chosen, either; none named yet is
    allowed), a member playing twice in the session.
    """
    session = _locked(session)
    fmt = teams_format_get(session=session)
    pairs = None if fmt is None else fmt.for_pairs
    errors: dict[str, list[str]] = {}

    def fail(index: int, field: str, message: str) -> None:
        errors.setdefault(f"teams[{index}].{field}", []).append(message)

    existing = {t.number: t for t in Team.objects.filter(session=session)}
    drawn = set(Match.objects.filter(draw__session=session).values_list("home_id", flat=True)) | set(
        Match.objects.filter(draw__session=session, away__isnull=False).values_list("away_id", flat=True)
    )
    wanted: dict[int, tuple[int, str, list[tuple[Member | None, str]]]] = {}
    removed: list[Team] = []
    seats: dict[int, tuple[int, int]] = {}  # member → (row, place) of its first seat
    for index, row in enumerate(rows):
        number, name = row["number"], " ".join(str(row.get("name") or "").split())
        players = [(member, guest) for member, guest in row.get("players", ()) if member is not None or guest]
        if not name and not players:
            team = existing.get(number)
            if team is not None and team.pk in drawn:
                fail(index, "name", _("Team %(number)d plays in a match drawn already: it stays.") % {"number": number})
            elif team is not None:
                removed.append(team)
            continue
        if number in wanted:
            fail(index, "number", _("Team %(number)d is given twice.") % {"number": number})
            continue
        if not name:
            fail(index, "name", _("Team %(number)d: give the team's name.") % {"number": number})
        problem = _players_problem(len(players), pairs=pairs, number=number)
        if problem:
            fail(index, "player_1", problem)
        for place, (member, _guest) in enumerate(players, 1):
            if member is None:
                continue
            if member.club_id != session.club_id:
                fail(
                    index,
                    f"player_{place}",
                    _("%(who)s is not a member of %(club)s.") % {"who": member.full_name, "club": session.club.name},
                )
            elif member.pk in seats:
                fail(
                    index,
                    f"player_{place}",
                    _("%(name)s already plays in team %(other)d.")
                    % {"name": member.full_name, "other": rows[seats[member.pk][0]]["number"]},
                )
            else:
                seats[member.pk] = (index, place)
        wanted[number] = (index, name, players)
    # a member seated in a team this page does not show (a team saved before, not among the rows) counts too
    others = TeamPlayer.objects.filter(team__session=session, member__isnull=False).exclude(team__number__in=wanted)
    for player in others.exclude(team__in=removed).select_related("team", "member"):
        if player.member_id in seats:
            index, place = seats[player.member_id]
            fail(
                index,
                f"player_{place}",
                _("%(name)s already plays in team %(other)d.")
                % {"name": player.member.full_name, "other": player.team.number},
            )
    if errors:
        raise ValidationError(errors)
    for team in removed:
        team.delete()
    saved = []
    for number, (_index, name, players) in wanted.items():
        team, _created = Team.objects.update_or_create(session=session, number=number, defaults={"name": name})
        team.players.all().delete()
        TeamPlayer.objects.bulk_create(
            TeamPlayer(team=team, place=place, member=member, name="" if member else guest)
            for place, (member, guest) in enumerate(players, 1)
        )
        saved.append(team)
    return saved


def _draw_create(
    session: Session, round_number: int, user, matches: list[tuple[Team, Team | None]], numbers: list[int] | None = None
) -> Draw:
    """The round's draw confirmed by ``user`` now, its matches numbered 1, 2, … (or by ``numbers``)."""
    draw = Draw.objects.create(session=session, round=round_number, confirmed_by=user, confirmed_at=timezone.now())
    numbered = numbers if numbers is not None else list(range(1, len(matches) + 1))
    Match.objects.bulk_create(
        Match(draw=draw, number=number, home=home, away=away) for number, (home, away) in zip(numbered, matches)
    )
    return draw


@transaction.atomic
def round_robin_draw(*, session: Session, user) -> list[Draw]:
    """Draw every round of a round robin (a single match: the round robin of two teams) from the teams in number
    order, confirmed by ``user`` now; a bye for an odd field. Refused when drawn already, before the format, and
    for a single match of other than two teams."""
    session = _locked(session)
    fmt = teams_format_get(session=session)
    if fmt is None or fmt.swiss or fmt.format == TeamsFormat.Format.KNOCKOUT:
        raise ValidationError(_("Choose a round robin or a single match first."), code="format")
    if Draw.objects.filter(session=session).exists():
        raise ValidationError(_("The rounds are drawn already."), code="drawn")
    teams = list(Team.objects.filter(session=session))
    if fmt.format == TeamsFormat.Format.SINGLE and len(teams) != 2:
        raise ValidationError(
            _("A single match is between two teams; this session has %(count)d.") % {"count": len(teams)}, code="teams"
        )
    try:
        schedule = round_robin(len(teams))
    except MovementError as exc:
        raise ValidationError(error_message(exc), code="teams") from None
    draws = []
    for one in schedule:
        matches: list[tuple[Team, Team | None]] = [(teams[m.home - 1], teams[m.away - 1]) for m in one.matches]
        if one.bye is not None:
            matches.append((teams[one.bye - 1], None))
        draws.append(_draw_create(session, one.number, user, matches))
    return draws


@transaction.atomic
def swiss_round_confirm(*, session: Session, round_number: int, swaps: list[tuple[str, str]], user) -> Draw:
    """Record round ``round_number`` of a Swiss (of teams or of pairs: the same engine) as proposed from the standings with the director's ``swaps``,
    confirmed by ``user`` now. Refused unless it is the next round, within the Swiss's rounds, and every board of the
    round before is entered (the standings it is drawn from are complete)."""
    session = _locked(session)
    fmt = teams_format_get(session=session)
    if fmt is None or not fmt.swiss:
        raise ValidationError(_("This session is not a Swiss."), code="format")
    drawn = len(session_draws(session=session))
    if round_number != drawn + 1 or round_number > (fmt.rounds or 0):
        raise ValidationError(
            _("Round %(round)d cannot be drawn now: %(drawn)d of %(rounds)d rounds are drawn.")
            % {"round": round_number, "drawn": drawn, "rounds": fmt.rounds or 0},
            code="round",
        )
    if drawn and not round_complete(session=session, round_number=drawn):
        raise ValidationError(
            _("Enter every board of round %(round)d first: the next round is drawn from its standings.")
            % {"round": drawn},
            code="incomplete",
        )
    try:
        proposal = swiss_proposal(session=session, round_number=round_number, swaps=swaps)
    except MovementError as exc:
        raise ValidationError(error_message(exc), code="swiss") from None
    by_number = {str(t.number): t for t in Team.objects.filter(session=session)}
    matches: list[tuple[Team, Team | None]] = [(by_number[t.home], by_number[t.away]) for t in proposal.tables]
    if proposal.bye is not None:
        matches.append((by_number[proposal.bye], None))
    return _draw_create(session, round_number, user, matches)


@transaction.atomic
def match_boards_set(*, match: Match, entries: dict[int, tuple[str, str]]) -> list[MatchBoard]:
    """Save the two tables' scores of a match's boards: ``entries`` maps a board to what the score cards say where
    the home team sat NS and where the away team did, as the scorer types it (``420``, ``-50``, ``4S N 10``,
    ``A60/40``; empty: not entered yet); a Swiss pairs match has only the first (its one table, the home pair NS).
    All saved, or none: each mistake is said under ``board_N_home`` or ``board_N_away``."""
    session = _locked(match.draw.session)
    fmt = teams_format_get(session=session)
    assert fmt is not None  # a match is drawn only once the format is set
    numbers = set(match_board_numbers(fmt, match.draw.round))
    errors: dict[str, list[str]] = {}
    cleaned: dict[int, tuple[str, str]] = {}
    for board, typed in entries.items():
        if board not in numbers:
            errors.setdefault("__all__", []).append(
                _("Board %(board)d is not played in this match.") % {"board": board}
            )
            continue
        values = []
        for side, text in zip(("home", "away"), typed, strict=True):
            text = " ".join(text.split())
            if not text:
                values.append("")
                continue
            if side == "away" and fmt.for_pairs:
                errors.setdefault(f"board_{board}_{side}", []).append(
                    _("Board %(board)d: a Swiss pairs match is played at one table.") % {"board": board}
                )
                continue
            try:
                values.append(shorthand(parse_entry(text)))
            except ScoringError as exc:
                errors.setdefault(f"board_{board}_{side}", []).append(
                    _("Board %(board)d: %(problem)s") % {"board": board, "problem": render(exc.text)}
                )
                values.append("")
        cleaned[board] = (values[0], values[1])
    if errors:
        raise ValidationError(errors)
    saved = []
    for board, (home, away) in sorted(cleaned.items()):
        if not home and not away:
            MatchBoard.objects.filter(match=match, board=board).delete()
            continue
        row, _created = MatchBoard.objects.update_or_create(
            match=match, board=board, defaults={"home_ns": home, "away_ns": away}
        )
        saved.append(row)
    return saved


@transaction.atomic
def teams_results_publish(*, session: Session) -> Session:
    """Publish a teams session's standings as final: players read the score cards and the standings from now on.
    Refused before play is over, before any round is drawn, and while a match drawn is not fully entered. The stage
    changes as every session's do (``scoring.services.sessions.session_status_set``), through provisional."""
    session = _locked(session)
    if session.status != Session.Status.FINISHED:
        raise ValidationError(_("Finish the session first: results are published once play is over."), code="stage")
    standing = session_standings(session=session)
    if standing is None or not session_draws(session=session):
        raise ValidationError(_("No round is drawn yet: there is nothing to publish."), code="empty")
    if standing.incomplete:
        raise ValidationError(
            ngettext(
                "%(count)d match is not fully entered: enter its boards first.",
                "%(count)d matches are not fully entered: enter their boards first.",
                len(standing.incomplete),
            )
            % {"count": len(standing.incomplete)},
            code="incomplete",
        )
    session_status_set(session=session, status=Session.Status.PROVISIONAL)
    session_status_set(session=session, status=Session.Status.PUBLISHED)
    return session


@transaction.atomic
def match_board_table_set(*, match: Match, board: int, home_table: bool, result) -> MatchBoard:
    """Save one table's result of a match's board (a ``scoring.domain.results`` result, kept as the scorer's
    shorthand), leaving the other table's as it is: ``home_table`` the match's first table (the home team NS), else
    its second. What the phones at a match's tables confirm comes here (``tables.services.teams``); the scorer
    corrects it on the score card (``match_boards_set``) like any other score."""
    session = _locked(match.draw.session)
    fmt = teams_format_get(session=session)
    assert fmt is not None  # a match is drawn only once the format is set
    if board not in match_board_numbers(fmt, match.draw.round):
        raise ValidationError(_("Board %(board)d is not played in this match.") % {"board": board}, code="board")
    if fmt.for_pairs and not home_table:
        raise ValidationError(
            _("Board %(board)d: a Swiss pairs match is played at one table.") % {"board": board}, code="table"
        )
    row, _created = MatchBoard.objects.select_for_update().get_or_create(match=match, board=board)
    if home_table:
        row.home_ns = shorthand(result)
    else:
        row.away_ns = shorthand(result)
    row.save(update_fields=["home_ns", "away_ns"])
    return row


# --- a knockout ---------------------------------------------------------------------------------------------


def _knockout(session: Session) -> TeamsFormat:
    fmt = teams_format_get(session=session)
    if fmt is None or fmt.format != TeamsFormat.Format.KNOCKOUT:
        raise ValidationError(_("This session is not a knockout."), code="format")
    return fmt


@transaction.atomic
def knockout_seeds_set(*, session: Session, order: list[int]) -> list[Team]:
    """Seed a knockout's teams in the director's ``order`` (team numbers, the first seed first); an empty order:
    seeded by number. Refused once the first round is drawn, and for an order that does not name every team once."""
    session = _locked(session)
    _knockout(session)
    if Draw.objects.filter(session=session).exists():
        raise ValidationError(_("The first round is drawn already: the seeds can no longer change."), code="drawn")
    teams = {t.number: t for t in Team.objects.filter(session=session)}
    if order:
        unknown = [n for n in order if n not in teams]
        if unknown:
            raise ValidationError({"order": [_("No team has the number %(number)d.") % {"number": unknown[0]}]})
        twice = sorted({n for n in order if order.count(n) > 1})
        if twice:
            raise ValidationError({"order": [_("Team %(number)d is named twice.") % {"number": twice[0]}]})
        missing = sorted(set(teams) - set(order))
        if missing:
            raise ValidationError(
                {"order": [_("Seed every team: %(teams)s not named.") % {"teams": ", ".join(map(str, missing))}]}
            )
    seeds = {number: place for place, number in enumerate(order, 1)}
    for number, team in teams.items():
        team.seed = seeds.get(number)
    Team.objects.bulk_update(teams.values(), ["seed"])
    return list(teams.values())


@transaction.atomic
def knockout_round_draw(*, session: Session, user) -> Draw:
    """Draw the knockout's next round from the bracket (``scoring.domain.knockout.bracket``): the first from the
    seeds, with byes to the top seeds; a later one once every tie of the round before is decided, the winners
    meeting as the bracket says (the better seed at home). Each tie starts with no carry-over and the winner of
    the last board as its tie-break; the director changes them on the knockout page."""
    session = _locked(session)
    _knockout(session)
    view = knockout_bracket(session=session)
    if view is None or len(view.seeds) < 2:
        raise ValidationError(_("Enter at least two teams first."), code="teams")
    number = len(view.draws) + 1
    if number > len(view.rounds):
        raise ValidationError(_("Every round of the knockout is drawn."), code="drawn")
    ties = view.rounds[number - 1]
    if any(t.tie.home is None or (t.tie.away is None and number > 1) for t in ties):
        raise ValidationError(_("Decide every tie of round %(round)d first.") % {"round": number - 1}, code="undecided")
    matches = [(line.home, line.away) for line in ties]
    draw = _draw_create(session, number, user, [(home, away) for home, away in matches if home is not None])
    KnockoutTie.objects.bulk_create(KnockoutTie(match=m) for m in draw.matches.all() if m.away_id is not None)
    return draw


@transaction.atomic
def knockout_tie_set(*, match: Match, carry_home, carry_away, tie_break: str, extra_imps: int | None) -> KnockoutTie:
    """Set a tie's carry-over, its tie-break and (once played) the extra boards' IMPs to the home team."""
    _locked(match.draw.session)
    tie = KnockoutTie.objects.select_for_update().filter(match=match).first()
    if tie is None:
        raise ValidationError(_("This match is not a knockout tie."), code="tie")
    if tie_break not in KnockoutTie.TieBreak.values:
        raise ValidationError({"tie_break": [_("Choose a tie-break.")]})
    if carry_home < 0 or carry_away < 0:
        raise ValidationError({"carry_home": [_("A carry-over is never below 0 IMPs.")]})
    tie.carry_home, tie.carry_away, tie.tie_break, tie.extra_imps = carry_home, carry_away, tie_break, extra_imps
    tie.save()
    return tie


# --- a teams event from a results file -----------------------------------------------------------------------

#: The largest teams file taken (the pairs import's limit).
MAX_IMPORT_BYTES = 5 * 1024 * 1024
_TEAM_NAME = Team._meta.get_field("name").max_length
_GUEST_NAME = TeamPlayer._meta.get_field("name").max_length


def teams_session_import(*, club, data: bytes, filename: str, user) -> Session:
    """A new teams session from a USEBIO teams file (``scoring.domain.formats.usebio_teams``): the event's name and
    date, its format (a knockout when the file has our KNOCKOUT_TIE, a Swiss when it says SWISS_TEAMS, a single
    match, else a round robin), the boards of a match and the scale; its teams with their players, each a member
    of the club when the file's national id is a member's (once in the session), else a guest by name; each
    round's draw (confirmed by ``user``), its matches and both tables' results of every board; a knockout's seeds,
    each round's matches in their MATCH_NUMBER slots, and each tie's carry-over and tie-break; the deals the file
    has, through the dealing app's import. The session is finished, not yet published: its director checks the
    standings and publishes them. A line's opening lead is not kept (a teams score card has none).

    The file is read and scored first: a pairs event, a Swiss pairs one, a damaged file, or matches whose boards
    are not the ones the session plays in their round (round ``r`` plays boards ``(r − 1)·n + 1 … r·n``) raise a
    ``ScoringError`` naming the file, the line and the element, and nothing is saved."""
    if not can_direct(user, club):
        raise ScoringError(Text.of("import.not_director"), field=None)
    name = PurePath(filename or "").name
    if len(data) > MAX_IMPORT_BYTES:
        raise ScoringError(
            Text.of("import.too_large", name=name, megabytes=MAX_IMPORT_BYTES // (1024 * 1024)), field="file"
        )
    file = read_usebio_teams(data, source=name)
    score_teams(file.event)  # what the engine refuses is refused before anything is saved
    n = file.event.boards_per_match
    for match, line in zip(file.event.matches, file.lines):
        expected = list(range((match.round - 1) * n + 1, match.round * n + 1))
        if match.away is not None and [b.board for b in match.boards] != expected:
            raise ScoringError(
                Text.of(
                    "usebio_teams.board_numbers",
                    home=match.home,
                    away=match.away,
                    round=match.round,
                    first=expected[0],
                    last=expected[-1],
                ),
                field="file",
                line=line,
                where="MATCH",
                source=name,
            )
    return _teams_store(club=club, file=file, data=data, name=name, user=user)


@transaction.atomic
def _teams_store(*, club, file: TeamsFile, data: bytes, name: str, user) -> Session:
    session = session_create(
        club=club,
        name=(file.name or PurePath(name).stem)[:120],
        date=file.date or timezone.localdate(),
        kind=Session.Kind.TEAMS,
    )
    rounds = sorted({m.round for m in file.event.matches})
    played = [m for m in file.event.matches if m.away is not None]
    if file.knockout:
        format = TeamsFormat.Format.KNOCKOUT
    elif file.swiss:
        format = TeamsFormat.Format.SWISS
    elif len(played) == 1 and len(file.teams) == 2:
        format = TeamsFormat.Format.SINGLE
    else:
        format = TeamsFormat.Format.ROUND_ROBIN
    TeamsFormat.objects.create(
        session=session,
        format=format,
        rounds=len(rounds) if file.swiss else None,
        boards_per_match=file.event.boards_per_match,
        scale=file.event.scale,
    )
    members = {m.national_id.strip(): m for m in Member.objects.filter(club=club).exclude(national_id="")}
    used: set[int] = set()
    teams: dict[str, Team] = {}
    players: list[TeamPlayer] = []
    for filed in file.teams:
        team = Team.objects.create(
            session=session,
            number=int(filed.number),
            name=(filed.name or _("Team %(number)s") % {"number": filed.number})[:_TEAM_NAME],
            seed=filed.seed if file.knockout else None,
        )
        teams[filed.number] = team
        for place, player in enumerate(filed.players, start=1):
            member = members.get(player.national_id.strip()) if player.national_id else None
            if member is not None and member.pk not in used:
                used.add(member.pk)
                players.append(TeamPlayer(team=team, place=place, member=member))
            else:
                players.append(TeamPlayer(team=team, place=place, name=" ".join(player.name.split())[:_GUEST_NAME]))
    TeamPlayer.objects.bulk_create(players)
    boards: list[MatchBoard] = []
    ties: list[KnockoutTie] = []
    slots = match_numbers(file.numbers, [m.round for m in file.event.matches])
    for number in rounds:
        in_round = [m for m in file.event.matches if m.round == number]
        numbers = None
        if file.knockout:  # the bracket's slots, as the file numbers them
            in_round.sort(key=lambda m: slots[m.index])
            numbers = [slots[m.index] for m in in_round]
        else:
            in_round.sort(key=lambda m: m.away is None)  # the byes after the matches, as a draw lists them
        draw = _draw_create(
            session,
            number,
            user,
            [(teams[m.home], teams[m.away] if m.away is not None else None) for m in in_round],
            numbers,
        )
        stored = {m.number: m for m in draw.matches.all()}
        for place, match in enumerate(in_round, start=1):
            row = stored[numbers[place - 1] if numbers is not None else place]
            boards += [
                MatchBoard(match=row, board=b.board, home_ns=shorthand(b.home_ns), away_ns=shorthand(b.away_ns))
                for b in match.boards
            ]
            if file.knockout and match.away is not None:
                terms = file.ties.get(match.index, FileTie())
                ties.append(
                    KnockoutTie(
                        match=row,
                        carry_home=terms.carry_home,
                        carry_away=terms.carry_away,
                        tie_break=terms.tie_break,
                        extra_imps=terms.extra_imps,
                    )
                )
    KnockoutTie.objects.bulk_create(ties)
    MatchBoard.objects.bulk_create(boards)
    deals = [(number, deal) for number, deal in sorted(file.deals.items()) if number in {b.board for b in boards}]
    if deals:
        session_deal_import(
            session=session,
            user=user,
            filename=f"{PurePath(name).stem}.pbn",
            data=export_pbn(deals, event=file.name).encode(),
        )
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINISHED)
    session.refresh_from_db()
    return session

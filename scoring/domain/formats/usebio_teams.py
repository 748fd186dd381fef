"""USEBIO teams events (``EVENT_TYPE`` ``TEAMS`` or ``SWISS_TEAMS``): a teams session written and read.

``../shared/specs/rules-and-formats.md`` §b8 gives USEBIO's frame (CLUB, EVENT, SESSION, SECTION, PARTICIPANTS,
PLAYER, BOARD, TRAVELLER_LINE, HANDSET) and names the teams event types (``TEAMS``, ``SWISS_TEAMS``; "1.1 July
2014 for teams NGS"); ``teams-and-simultaneous.md`` §1–2 what a teams event holds. The teams elements, as this
module writes and reads them (USEBIO's own names where the frame has them)::

    <EVENT EVENT_TYPE="TEAMS|SWISS_TEAMS">  EVENT_DESCRIPTION, PROGRAM_NAME, BOARD_SCORING_METHOD (IMPS; PAB for
        board-a-match and Patton), WINNER_TYPE 1, DATE dd/mm/yyyy, BOARDS_PLAYED, BOARDS_PER_MATCH, VP_SCALE
      <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
        <PARTICIPANTS>
          <TEAM> TEAM_NUMBER, TEAM_NAME, TOTAL_SCORE (VPs, or points), IMPS_FOR, IMPS_AGAINST, PLACE ("3="),
                 SEED (a knockout's), PLAYER* (PLAYER_NAME, NATIONAL_ID_NUMBER; the first is the captain)
        <MATCH> ROUND_NUMBER, MATCH_NUMBER, HOME_TEAM_NUMBER, AWAY_TEAM_NUMBER (none: the home team's bye),
                HOME_IMPS, AWAY_IMPS, HOME_VICTORY_POINTS, AWAY_VICTORY_POINTS
          <KNOCKOUT_TIE> (a knockout's tie) CARRY_OVER_HOME, CARRY_OVER_AWAY (IMPs, one decimal at most),
                 TIE_BREAK (``knockout.TIE_BREAKS``), EXTRA_BOARDS_IMPS (to the home team, once played)
          <BOARD> BOARD_NUMBER
            <TRAVELLER_LINE> (one per table) NS_PAIR_NUMBER and EW_PAIR_NUMBER: the teams sitting NS and EW
                 at that table; CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE (NS-signed | Annnn) as a pairs line;
                 NS_MATCH_POINTS / EW_MATCH_POINTS: the board's IMPs to the team NS / EW

``VP_SCALE`` (``wbf2013``, ``wbf2013-discrete``, ``acbl``, ``imps``, ``board-a-match``, ``patton``) and
``BOARDS_PER_MATCH`` are ours, like ``HANDICAP`` in a pairs file: a file without them is read on the WBF 2013
continuous scale (board-a-match when its BOARD_SCORING_METHOD is ``PAB``) with as many boards a match as its
longest match has. USEBIO has no knockout: ``SEED`` and ``KNOCKOUT_TIE`` are ours too, and a file with a
``KNOCKOUT_TIE`` is a knockout (:attr:`TeamsFile.knockout`), its matches in each round in their ``MATCH_NUMBER``
order (the bracket's slots, a bye in its place). A Swiss pairs event (``SWISS_PAIRS``, ``usebio_swiss_pairs.py``) is
refused with a sentence saying so. The numbers written (IMPs, VPs, totals, places) are ours; reading takes the
results alone and scores them again (``scoring.domain.teams.score_teams``).

* :func:`write_usebio_teams` — a :class:`TeamsFile` and its :class:`~scoring.domain.teams.TeamsScore` → USEBIO 1.2;
* :func:`read_usebio_teams` — a file → a :class:`TeamsFile`; a pairs event, a damaged file or one whose matches do
  not add up is refused with a :class:`~scoring.domain.errors.ScoringError` naming the file, the line and the
  element (the pairs reader's, ``usebio.py``, reads the results and the header).

>>> from scoring.domain.teams import score_teams
>>> teams = read_usebio_teams(SAMPLE, source="t.xml")
>>> [(t.number, t.name, [p.name for p in t.players][:1]) for t in teams.teams]
[('1', 'Sharks', ['Ada Nowak']), ('2', 'Owls', [])]
>>> [(s.team, str(s.vp), str(s.imps_for), s.rank) for s in score_teams(teams.event).standings]
[('1', '16.46', '10', '1'), ('2', '3.54', '0', '2')]
>>> again = read_usebio_teams(write_usebio_teams(teams, score_teams(teams.event)), source="t.xml")
>>> again.event == teams.event and again.teams == teams.teams
True
>>> read_usebio_teams(SAMPLE.replace(b'"TEAMS"', b'"MP_PAIRS"'), source="p.xml")
Traceback (most recent call last):
...
scoring.domain.errors.ScoringError: p.xml: line 4 (EVENT): event type MP_PAIRS is not a teams event: expected \
TEAMS or SWISS_TEAMS (a pairs file is imported as a pairs session)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Protocol

from bridge.cards import Deal
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import FilePlayer
from scoring.domain.formats.teams import TeamBoard, TeamMatch, TeamsEvent
from scoring.domain.formats.usebio import UsebioReader
from scoring.domain.formats.usebio_writer import PROGRAM_NAME, XmlOut, write_handset, write_result
from scoring.domain.formats.xmltree import Element
from scoring.domain.knockout import TIE_BREAKS
from scoring.domain.results import Played, Result
from scoring.domain.teams import CLUB_METHODS, Standing, TeamsScore, imps_text
from scoring.domain.text import Text
from scoring.domain.victory_points import SCALES, board_imps, victory_points

__all__ = [
    "FileTeam",
    "FileTie",
    "TeamsFile",
    "TEAMS_EVENT_TYPES",
    "is_teams_usebio",
    "match_numbers",
    "open_event",
    "open_participants",
    "close_event",
    "write_players",
    "write_standing",
    "read_usebio_teams",
    "write_usebio_teams",
    "SAMPLE",
]

#: The EVENT_TYPEs of a teams event (§b8).
TEAMS_EVENT_TYPES = ("TEAMS", "SWISS_TEAMS")
#: The highest team, round and board number read (a session's rows hold them; the dealing app deals 999 boards).
MOST = 999
_WHOLE = re.compile(r"[0-9]{1,4}")
_CARRY = re.compile(r"[0-9]{1,5}(\.[0-9])?")  # KnockoutTie's carry-over: six digits, one after the point
_SIGNED = re.compile(r"-?[0-9]{1,4}")

SAMPLE = b"""<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Riverside</CLUB_NAME></CLUB>
  <EVENT EVENT_TYPE="TEAMS">
    <EVENT_DESCRIPTION>Teams night</EVENT_DESCRIPTION><DATE>24/11/2026</DATE><BOARDS_PER_MATCH>2</BOARDS_PER_MATCH>
    <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
      <PARTICIPANTS>
        <TEAM><TEAM_NUMBER>1</TEAM_NUMBER><TEAM_NAME>Sharks</TEAM_NAME>
          <PLAYER><PLAYER_NAME>Ada Nowak</PLAYER_NAME><NATIONAL_ID_NUMBER>1001</NATIONAL_ID_NUMBER></PLAYER></TEAM>
        <TEAM><TEAM_NUMBER>2</TEAM_NUMBER><TEAM_NAME>Owls</TEAM_NAME></TEAM>
      </PARTICIPANTS>
      <MATCH><ROUND_NUMBER>1</ROUND_NUMBER><HOME_TEAM_NUMBER>1</HOME_TEAM_NUMBER><AWAY_TEAM_NUMBER>2</AWAY_TEAM_NUMBER>
        <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>
            <PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>
            <PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>
        </BOARD>
        <BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>PASS</CONTRACT>
            <SCORE>0</SCORE></TRAVELLER_LINE>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><SCORE>A5050</SCORE>
            </TRAVELLER_LINE>
        </BOARD>
      </MATCH>
    </SECTION></SESSION>
  </EVENT>
</USEBIO>
"""


@dataclass(frozen=True)
class FileTeam:
    """A team as the file gives it: its number (as text, the event's key), its name and its players."""

    number: str
    name: str
    players: tuple[FilePlayer, ...] = ()
    seed: int | None = None  # a knockout's, as its director set it


@dataclass(frozen=True)
class FileTie:
    """A knockout tie's terms (``scoring.domain.knockout.tie_result``): each side's carry-over, the tie-break,
    and the extra boards' IMPs to the home team once played."""

    carry_home: Decimal = Decimal(0)
    carry_away: Decimal = Decimal(0)
    tie_break: str = "last-board"
    extra_imps: int | None = None


@dataclass(frozen=True)
class TeamsFile:
    """A teams event with what a file says around its matches: the club, the date, the teams and their players.

    ``lines``: each match's line in the file (by its index in ``event.matches``), for messages about it.
    ``numbers``: each match's number in its round (by the same index; none: numbered in the order written).
    ``ties``: a knockout's ties' terms by the match's index; ``knockout``: the matches are a knockout's.
    """

    name: str
    event: TeamsEvent
    teams: tuple[FileTeam, ...]
    club_name: str = ""
    club_id: str = ""
    date: datetime.date | None = None
    swiss: bool = False
    knockout: bool = False
    ties: Mapping[int, FileTie] = field(default_factory=dict)
    numbers: tuple[int, ...] = ()
    deals: Mapping[int, Deal] = field(default_factory=dict, compare=False)
    lines: tuple[int, ...] = field(default=(), compare=False)
    source: str = field(default="", compare=False)

    def team(self, number: str) -> FileTeam | None:
        return next((t for t in self.teams if t.number == number), None)


# --- writing ----------------------------------------------------------------------------------------------


class EventHeader(Protocol):
    """What a file says around its event: a :class:`TeamsFile`, or a Swiss pairs file (``usebio_swiss_pairs``)."""

    @property
    def name(self) -> str: ...
    @property
    def club_name(self) -> str: ...
    @property
    def club_id(self) -> str: ...
    @property
    def date(self) -> datetime.date | None: ...


def _line(out: XmlOut, board: int, ns: str, ew: str, result: Result, imps_ns: Fraction, imps_ew: Fraction) -> None:
    out.open("TRAVELLER_LINE")
    out.leaf("NS_PAIR_NUMBER", ns)
    out.leaf("EW_PAIR_NUMBER", ew)
    write_result(out, result, result.ns_score(board) if isinstance(result, Played) else None)
    out.leaf("NS_MATCH_POINTS", imps_text(imps_ns))
    out.leaf("EW_MATCH_POINTS", imps_text(imps_ew))
    out.close("TRAVELLER_LINE")


def open_event(out: XmlOut, teams: EventHeader, event_type: str, method: str, version: str) -> None:
    """The file's head up to the EVENT's own elements: the declaration, USEBIO, CLUB, EVENT with its type,
    description, program, BOARD_SCORING_METHOD, WINNER_TYPE and DATE (``usebio_swiss_pairs.py`` writes with it)."""
    out.lines.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.lines.append('<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">')
    out.open("USEBIO", Version="1.2")
    out.open("CLUB")
    out.leaf("CLUB_NAME", teams.club_name)
    if teams.club_id:
        out.leaf("CLUB_ID_NUMBER", teams.club_id)
    out.close("CLUB")
    out.open("EVENT", EVENT_TYPE=event_type)
    out.leaf("EVENT_DESCRIPTION", teams.name)
    out.leaf("PROGRAM_NAME", PROGRAM_NAME)
    out.leaf("PROGRAM_VERSION", version)
    out.leaf("BOARD_SCORING_METHOD", method)
    out.leaf("WINNER_TYPE", 1)
    if teams.date is not None:
        out.leaf("DATE", f"{teams.date.day:02d}/{teams.date.month:02d}/{teams.date.year:04d}")  # year 5: 0005


def open_participants(out: XmlOut, boards_played: int, boards_per_match: int, scale: str) -> None:
    """The EVENT's counts and our options (BOARDS_PER_MATCH, VP_SCALE), then SESSION, SECTION and PARTICIPANTS
    opened."""
    out.leaf("BOARDS_PLAYED", boards_played)
    out.leaf("BOARDS_PER_MATCH", boards_per_match)
    out.leaf("VP_SCALE", scale)
    out.open("SESSION", SESSION_ID="1")
    out.open("SECTION", SECTION_ID="A")
    out.open("PARTICIPANTS")


def write_standing(out: XmlOut, line: Standing | None, *, imps: bool) -> None:
    """A team's (or pair's) line of the standings: TOTAL_SCORE, IMPS_FOR and IMPS_AGAINST when ``imps``, PLACE."""
    if line is None:
        return
    out.leaf("TOTAL_SCORE", line.vp)
    if imps:
        out.leaf("IMPS_FOR", imps_text(line.imps_for))
        out.leaf("IMPS_AGAINST", imps_text(line.imps_against))
    out.leaf("PLACE", line.rank)


def write_players(out: XmlOut, players: tuple[FilePlayer, ...]) -> None:
    for player in players:
        out.open("PLAYER")
        out.leaf("PLAYER_NAME", player.name)
        if player.national_id:
            out.leaf("NATIONAL_ID_NUMBER", player.national_id)
        out.close("PLAYER")


def close_event(out: XmlOut, deals: Mapping[int, Deal]) -> bytes:
    """The file's tail after the SECTION: the EVENT closed, the HANDSET of ``deals``, the whole file as UTF-8."""
    out.close("SECTION")
    out.close("SESSION")
    out.close("EVENT")
    write_handset(out, deals)
    out.close("USEBIO")
    return ("\n".join(out.lines) + "\n").encode("utf-8")


def match_numbers(given: Sequence[int], rounds: Sequence[int]) -> list[int]:
    """Each match's number in its round (the matches' ``rounds`` in order): the one ``given`` by its index, else
    counted in the order written (the files' writers number them so).

    >>> match_numbers((), [1, 1, 2]), match_numbers((2, 1, 1), [1, 1, 2])
    ([1, 2, 1], [2, 1, 1])
    """
    counted: dict[int, int] = {}
    out = []
    for index, number in enumerate(rounds):
        counted[number] = counted.get(number, 0) + 1
        out.append(given[index] if index < len(given) else counted[number])
    return out


def _write_tie(out: XmlOut, tie: FileTie) -> None:
    out.open("KNOCKOUT_TIE")
    out.leaf("CARRY_OVER_HOME", tie.carry_home)
    out.leaf("CARRY_OVER_AWAY", tie.carry_away)
    out.leaf("TIE_BREAK", tie.tie_break)
    if tie.extra_imps is not None:
        out.leaf("EXTRA_BOARDS_IMPS", tie.extra_imps)
    out.close("KNOCKOUT_TIE")


def write_usebio_teams(teams: TeamsFile, score: TeamsScore, *, program_version: str = "1") -> bytes:
    """USEBIO 1.2 of a teams event with our numbers (see the module's docstring), UTF-8."""
    event = teams.event
    out = XmlOut()
    method = "PAB" if event.scale in CLUB_METHODS else "IMPS"
    open_event(out, teams, "SWISS_TEAMS" if teams.swiss else "TEAMS", method, program_version)
    boards = len({b.board for m in event.matches for b in m.boards})
    open_participants(out, boards, event.boards_per_match, event.scale)
    standing = {s.team: s for s in score.standings}
    for team in teams.teams:
        out.open("TEAM")
        out.leaf("TEAM_NUMBER", team.number)
        out.leaf("TEAM_NAME", team.name)
        write_standing(out, standing.get(team.number), imps=True)
        if team.seed is not None:
            out.leaf("SEED", team.seed)
        write_players(out, team.players)
        out.close("TEAM")
    out.close("PARTICIPANTS")
    numbers = match_numbers(teams.numbers, [m.round for m in event.matches])
    for scored in score.matches:
        match = scored.match
        out.open("MATCH")
        out.leaf("ROUND_NUMBER", match.round)
        out.leaf("MATCH_NUMBER", numbers[match.index])
        out.leaf("HOME_TEAM_NUMBER", match.home)
        if match.away is not None:
            out.leaf("AWAY_TEAM_NUMBER", match.away)
            out.leaf("HOME_IMPS", imps_text(scored.imps.imps_home))
            out.leaf("AWAY_IMPS", imps_text(scored.imps.imps_away))
        out.leaf("HOME_VICTORY_POINTS", scored.vp_home)
        if scored.vp_away is not None:
            out.leaf("AWAY_VICTORY_POINTS", scored.vp_away)
        tie = teams.ties.get(match.index)
        if tie is not None and match.away is not None:
            _write_tie(out, tie)
        for board, imps in zip(match.boards, scored.imps.boards):
            out.open("BOARD")
            out.leaf("BOARD_NUMBER", board.board)
            assert match.away is not None
            home, away = Fraction(max(imps, 0)), Fraction(max(-imps, 0))
            _line(out, board.board, match.home, match.away, board.home_ns, home, away)
            _line(out, board.board, match.away, match.home, board.away_ns, away, home)
            out.close("BOARD")
        out.close("MATCH")
    return close_event(out, teams.deals)


# --- reading ----------------------------------------------------------------------------------------------


class _TeamsReader(UsebioReader):
    def whole(self, element: Element) -> int:
        """A team, round or board number: 1 … MOST."""
        if not _WHOLE.fullmatch(element.text) or not 1 <= int(element.text) <= MOST:
            raise self.error(Text.of("usebio_teams.number", element=element.tag, text=element.text, most=MOST), element)
        return int(element.text)

    def read_teams(self, data: bytes | str) -> TeamsFile:
        root, event = self.root_and_event(data)
        kind = event.attrs.get("EVENT_TYPE", "").strip().upper()
        if kind == "SWISS_PAIRS":
            raise self.error(Text.of("usebio_teams.swiss_pairs", type=kind), event)
        if kind not in TEAMS_EVENT_TYPES:
            raise self.error(Text.of("usebio_teams.not_teams", type=kind or "—"), event)
        sessions = event.findall("SESSION")
        if len(sessions) > 1:
            raise self.error(Text.of("usebio.sessions", count=len(sessions)), sessions[1])
        sections = (sessions[0] if sessions else event).findall("SECTION")
        if len(sections) > 1:
            raise self.error(Text.of("usebio_teams.sections", count=len(sections)), sections[1])
        unit = sections[0] if sections else (sessions[0] if sessions else event)
        teams = self.read_participants(unit)
        matches, lines, numbers, ties = self.read_matches(unit, teams)
        boards_per_match, scale = self.read_options(event, matches)
        for match, line in zip(matches, lines):
            if match.away is not None and len(match.boards) != boards_per_match:
                raise ScoringError(
                    Text.of(
                        "usebio_teams.board_count",
                        count=len(match.boards),
                        boards=boards_per_match,
                        home=match.home,
                        away=match.away,
                        round=match.round,
                    ),
                    line=line,
                    where="MATCH",
                    source=self.source,
                )
        deals: dict[int, Deal] = {}
        for handset in root.iter("HANDSET"):
            for board in handset.findall("BOARD"):
                number = self.whole(self.required(board, "BOARD_NUMBER"))
                deal = self.read_deal(board)
                if deal is not None:
                    deals.setdefault(number, deal)
        club = root.find("CLUB")
        date = event.find("DATE")
        return TeamsFile(
            name=event.value("EVENT_DESCRIPTION") or event.value("TITLE") or "",
            event=TeamsEvent(
                boards_per_match=boards_per_match,
                matches=matches,
                scale=scale,
                bye_vp=Decimal(0) if scale in ("imps", *CLUB_METHODS) else Decimal(12),
                source=self.source,
            ),
            teams=tuple(teams.values()),
            club_name=(club.value("CLUB_NAME") or "") if club is not None else "",
            club_id=(club.value("CLUB_ID_NUMBER") or "") if club is not None else "",
            date=self.read_date(date) if date is not None and date.text else None,
            swiss=kind == "SWISS_TEAMS",
            knockout=bool(ties),
            ties=ties,
            numbers=numbers,
            deals=deals,
            lines=lines,
            source=self.source,
        )

    def read_options(self, event: Element, matches: tuple[TeamMatch, ...]) -> tuple[int, str]:
        scale_element = event.find("VP_SCALE")
        method = (event.value("BOARD_SCORING_METHOD") or "").upper()
        scale = scale_element.text if scale_element is not None and scale_element.text else ""
        scale = scale or ("board-a-match" if method == "PAB" else "wbf2013")
        if scale not in SCALES + CLUB_METHODS:
            assert scale_element is not None
            raise self.error(Text.of("teams.scoring", value=scale), scale_element)
        given = event.find("BOARDS_PER_MATCH")
        longest = max((len(m.boards) for m in matches), default=0)
        boards = self.whole(given) if given is not None else longest
        if boards < 1:
            raise self.error(Text.of("usebio_teams.no_boards"), event)
        if scale not in CLUB_METHODS:
            try:
                victory_points(0, 0, boards, scale)
            except ScoringError as exc:
                raise self.wrapped(exc, given if given is not None else event) from None
        return boards, scale

    def read_participants(self, unit: Element) -> dict[str, FileTeam]:
        teams: dict[str, FileTeam] = {}
        for participants in unit.findall("PARTICIPANTS"):
            for element in participants.findall("TEAM"):
                number_element = self.required(element, "TEAM_NUMBER")
                number = str(self.whole(number_element))
                if number in teams:
                    raise self.error(Text.of("usebio_teams.team_twice", team=number), number_element)
                players = tuple(
                    FilePlayer(p.value("PLAYER_NAME") or "", p.value("NATIONAL_ID_NUMBER") or "")
                    for p in element.findall("PLAYER")
                )
                if any(not p.name for p in players):
                    player = next(p for p in element.findall("PLAYER") if not p.value("PLAYER_NAME"))
                    raise self.error(Text.of("file.missing", parent="PLAYER", element="PLAYER_NAME"), player)
                name = " ".join((element.value("TEAM_NAME") or "").split())
                seed = element.find("SEED")
                teams[number] = FileTeam(number, name, players, self.whole(seed) if seed is not None else None)
        if not teams:
            raise self.error(Text.of("usebio_teams.no_teams"), unit)
        return teams

    def team_of(self, match: Element, tag: str, teams: Mapping[str, FileTeam]) -> str | None:
        element = match.find(tag)
        if element is None or not element.text:
            if tag == "AWAY_TEAM_NUMBER":
                return None
            raise self.error(Text.of("file.missing", parent="MATCH", element=tag), element or match)
        number = str(self.whole(element))
        if number not in teams:
            raise self.error(Text.of("usebio_teams.unknown_team", team=number), element)
        return number

    def read_tie(self, element: Element) -> FileTie:
        """A knockout tie's terms (our KNOCKOUT_TIE): carry-overs of 0 up to 99999.9 IMPs, a known tie-break."""
        carry = []
        for tag in ("CARRY_OVER_HOME", "CARRY_OVER_AWAY"):
            given = element.find(tag)
            if given is not None and not _CARRY.fullmatch(given.text):
                raise self.error(Text.of("usebio_teams.carry_over", element=tag, text=given.text), given)
            carry.append(Decimal(given.text) if given is not None else Decimal(0))
        tie_break = self.required(element, "TIE_BREAK")
        if tie_break.text not in TIE_BREAKS:
            raise self.error(Text.of("usebio_teams.tie_break", text=tie_break.text), tie_break)
        extra = element.find("EXTRA_BOARDS_IMPS")
        if extra is not None and not _SIGNED.fullmatch(extra.text):
            raise self.error(Text.of("file.number", element="EXTRA_BOARDS_IMPS", text=extra.text), extra)
        return FileTie(carry[0], carry[1], tie_break.text, int(extra.text) if extra is not None else None)

    def read_matches(
        self, unit: Element, teams: Mapping[str, FileTeam]
    ) -> tuple[tuple[TeamMatch, ...], tuple[int, ...], tuple[int, ...], dict[int, FileTie]]:
        matches: list[TeamMatch] = []
        lines: list[int] = []
        numbers: list[int] = []
        ties: dict[int, FileTie] = {}
        numbered: dict[tuple[int, int], int] = {}
        seen: dict[tuple[int, str], int] = {}
        for element in unit.findall("MATCH"):
            number = self.whole(self.required(element, "ROUND_NUMBER"))
            given = element.find("MATCH_NUMBER")
            in_round = self.whole(given) if given is not None else 1 + sum(1 for r, _n in numbered if r == number)
            if (number, in_round) in numbered:
                raise self.error(
                    Text.of("usebio_teams.match_twice", match=in_round, round=number, first=numbered[number, in_round]),
                    given or element,
                )
            numbered[number, in_round] = element.line
            numbers.append(in_round)
            home = self.team_of(element, "HOME_TEAM_NUMBER", teams)
            away = self.team_of(element, "AWAY_TEAM_NUMBER", teams)
            assert home is not None
            if away == home:
                raise self.error(
                    Text.of("teams.same_team", team=home, round=number), element.find("AWAY_TEAM_NUMBER") or element
                )
            for team in (home, away):
                if team is not None and (number, team) in seen:
                    raise self.error(
                        Text.of("usebio_teams.twice_in_round", team=team, round=number, first=seen[(number, team)]),
                        element,
                    )
                if team is not None:
                    seen[(number, team)] = element.line
            boards = element.findall("BOARD")
            tie = element.find("KNOCKOUT_TIE")
            if tie is not None and away is not None:
                ties[len(matches)] = self.read_tie(tie)
            if away is None:
                if boards:
                    raise self.error(Text.of("teams.bye_boards", team=home, round=number), boards[0])
                matches.append(TeamMatch(len(matches), number, home, None, ()))
                lines.append(element.line)
                continue
            read: list[TeamBoard] = []
            for board in boards:
                read.append(self.read_team_board(board, home, away, number, [b.board for b in read]))
            if not read:
                raise self.error(Text.of("usebio_teams.match_boards", home=home, away=away, round=number), element)
            matches.append(TeamMatch(len(matches), number, home, away, tuple(read)))
            lines.append(element.line)
        if not matches:
            raise self.error(Text.of("usebio_teams.no_matches"), unit)
        return tuple(matches), tuple(lines), tuple(numbers), ties

    def read_team_board(self, board: Element, home: str, away: str, round_number: int, seen: list[int]) -> TeamBoard:
        number_element = self.required(board, "BOARD_NUMBER")
        number = self.whole(number_element)
        named = {"board": number, "home": home, "away": away, "round": round_number}
        if number in seen:
            raise self.error(Text.of("teams.board_twice", **named), number_element)
        tables: dict[str, Result] = {}
        for line in board.findall("TRAVELLER_LINE"):
            ns = self.required(line, "NS_PAIR_NUMBER")
            ew = self.required(line, "EW_PAIR_NUMBER")
            pair = (ns.text.strip(), ew.text.strip())
            if pair not in ((home, away), (away, home)):
                raise self.error(Text.of("usebio_teams.line_teams", ns=pair[0], ew=pair[1], **named), line)
            if pair[0] in tables:
                raise self.error(Text.of("usebio_teams.table_twice", team=pair[0], **named), line)
            score = line.find("SCORE")
            tables[pair[0]] = self.read_result(line, score.text if score is not None else "")
        for team in (home, away):
            if team not in tables:
                raise self.error(Text.of("teams.result_missing", team=team, **named), board)
        scores = TeamBoard(number, tables[home], tables[away])
        try:
            board_imps(*scores.scores)
        except ScoringError as exc:
            raise self.wrapped(exc, board) from None
        return scores


def read_usebio_teams(data: bytes | str, *, source: str = "") -> TeamsFile:
    """The teams event in a USEBIO file (see the module's docstring)."""
    try:
        return _TeamsReader(source).read_teams(data)
    except RecursionError:  # an absurdly deep file
        raise ScoringError(Text.of("json.unreadable"), source=source) from None


def is_teams_usebio(data: bytes) -> bool:
    """Does this USEBIO file say it is a teams event (its EVENT_TYPE, in its first 64 kB)?

    >>> is_teams_usebio(SAMPLE), is_teams_usebio(SAMPLE.replace(b'"TEAMS"', b'"PAIRS"'))
    (True, False)
    """
    return re.search(rb"""EVENT_TYPE\s*=\s*["']\s*(SWISS_)?TEAMS\s*["']""", data[:65536], re.IGNORECASE) is not None

"""PBN with the results of a teams event's matches: a game per board per table.

Source: ``../shared/specs/rules-and-formats.md`` §b7 (PBN 2.1: the mandatory tag set, ``Contract``/``Declarer``/
``Result`` tricks taken, ``Score "NS 620"`` and ``ScoreIMP``, §5 tables) and PBN 2.1's tags for team events: the
``Room`` (``Open``: the home team North–South, ``Closed``: the away team North–South), the ``Table``, the
``Round``, ``HomeTeam`` and ``VisitTeam`` (the teams' names), ``Competition "Teams"``. :func:`write_pbn_teams`
writes, for each match and each of its boards, the open room's game then the closed room's: the mandatory tags
(dealer and vulnerability from the board number, the deal when given, ``Scoring`` ``IMP``, ``BAM`` or ``Patton``),
the result (a pass-out ``Pass`` with no declarer; an assigned score ``?`` with its ``Score``; an artificial one ``?``
with a ``{…}`` commentary saying it), ``Score`` from North–South's view and ``ScoreIMP``, the board's IMPs to
North–South at that table (``NS -3``: they lost 3). A match's tables are numbered as the teams app numbers them:
the n-th match of a round plays at tables 2n − 1 (open) and 2n (closed). The first game also carries the standings
as a ``TotalScoreTable`` (``Rank``, ``TeamId``, ``TeamName``, ``TotalScoreVP`` — the points of a board-a-match or
Patton event —, ``TotalScoreIMP``: IMPs for less IMPs against).

The players' names (West, North, East, South) are left empty: a teams session records which players form a team,
not who sat where in each match.

>>> from scoring.domain.formats.usebio_teams import SAMPLE, read_usebio_teams
>>> from scoring.domain.teams import score_teams
>>> teams = read_usebio_teams(SAMPLE)
>>> text = write_pbn_teams(teams, score_teams(teams.event))
>>> print(text.split("\\n\\n")[1])
[Event "Teams night"]
[Site "Riverside"]
[Date "2026.11.24"]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal ""]
[Scoring "IMP"]
[Declarer "S"]
[Contract "4S"]
[Result "9"]
[Competition "Teams"]
[Round "1"]
[Room "Closed"]
[Table "2"]
[HomeTeam "Sharks"]
[VisitTeam "Owls"]
[Score "NS -50"]
[ScoreIMP "NS -10"]
>>> from dealing.domain.formats.pbn import read_pbn
>>> [(g.values["Room"], g.values["Board"], g.values.get("Contract")) for g in read_pbn(text).games]
[('Open', '1', '4S'), ('Closed', '1', '4S'), ('Open', '2', 'Pass'), ('Closed', '2', '?')]
"""

from __future__ import annotations

from bridge.cards import board_dealer, board_vulnerability
from dealing.domain.formats.pbn import MANDATORY_TAGS, PbnComment, PbnGame, PbnTag, dumps
from scoring.domain.formats.event import weight_text
from scoring.domain.formats.usebio_teams import TeamsFile
from scoring.domain.ranking import shown
from scoring.domain.results import Artificial, Played, Result
from scoring.domain.teams import TeamsScore, imps_text

__all__ = ["write_pbn_teams", "SCORING"]

#: The teams event's scale → PBN's Scoring tag.
SCORING = {"board-a-match": "BAM", "patton": "Patton"}

_TOTALS = (
    ("Rank", 3, "R"),
    ("TeamId", 3, "R"),
    ("TeamName", 24, "L"),
    ("TotalScoreVP", 7, "R"),
    ("TotalScoreIMP", 6, "R"),
)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _result_tags(result: Result, board: int) -> tuple[dict[str, str], str]:
    """The Declarer, Contract, Result and Score tags of a table's result, and a commentary when PBN has no tag."""
    if isinstance(result, Played):
        score = f"NS {result.ns_score(board)}"
        if result.contract is None:
            return {"Declarer": "", "Contract": "Pass", "Result": "", "Score": score}, ""
        tags = {"Declarer": result.contract.declarer.letter, "Contract": result.contract.call}
        return {**tags, "Result": str(result.tricks), "Score": score}, ""
    unknown = {"Declarer": "?", "Contract": "?", "Result": "?"}
    if isinstance(result, Artificial):
        return unknown, f"Artificial adjusted score: {result.ns_percent} % / {result.ew_percent} %"
    comment = ""
    if result.is_weighted:
        comment = "Weighted assigned score: " + ", ".join(f"{weight_text(w)}% {s:+d}" for w, s in result.parts)
    return {**unknown, "Score": f"NS {shown(result.score, 0)}"}, comment


def write_pbn_teams(teams: TeamsFile, score: TeamsScore) -> str:
    """PBN 2.1 of a teams event's matches with our IMPs (see the module's docstring)."""
    event = teams.event
    scoring = SCORING.get(event.scale, "IMP")
    names = {t.number: t.name or t.number for t in teams.teams}
    games: list[PbnGame] = []
    numbers: dict[int, int] = {}
    for scored in score.matches:
        match = scored.match
        numbers[match.round] = numbers.get(match.round, 0) + 1
        if match.away is None:
            continue
        first = 2 * numbers[match.round] - 1
        for board, imps in zip(match.boards, scored.imps.boards):
            deal = teams.deals.get(board.board)
            dealer = board_dealer(board.board)
            for room, table, result, to_ns in (
                ("Open", first, board.home_ns, imps),
                ("Closed", first + 1, board.away_ns, -imps),
            ):
                tags, comment = _result_tags(result, board.board)
                values = {
                    "Event": teams.name,
                    "Site": teams.club_name,
                    "Date": f"{teams.date.year:04d}.{teams.date.month:02d}.{teams.date.day:02d}" if teams.date else "",
                    "Board": str(board.board),
                    "West": "",
                    "North": "",
                    "East": "",
                    "South": "",
                    "Dealer": dealer.letter,
                    "Vulnerable": board_vulnerability(board.board).pbn,
                    "Deal": deal.to_pbn(dealer) if deal is not None else "",
                    "Scoring": scoring,
                    **tags,
                }
                game = PbnGame(items=[PbnTag(name, values[name]) for name in MANDATORY_TAGS])
                game.items += [
                    PbnTag("Competition", "Teams"),
                    PbnTag("Round", str(match.round)),
                    PbnTag("Room", room),
                    PbnTag("Table", str(table)),
                    PbnTag("HomeTeam", names.get(match.home, match.home)),
                    PbnTag("VisitTeam", names.get(match.away, match.away)),
                ]
                if "Score" in tags:
                    game.items.append(PbnTag("Score", tags["Score"]))
                game.items.append(PbnTag("ScoreIMP", f"NS {imps_text(to_ns)}"))
                if comment:
                    game.items.append(PbnComment("{" + comment + "}"))
                games.append(game)
    if games:
        rows = [
            [s.rank, s.team, _quoted(names.get(s.team, s.team)), str(s.vp), imps_text(s.imps_for - s.imps_against)]
            for s in score.standings
        ]
        header = ";".join(f"{name}\\{width}{side}" for name, width, side in _TOTALS)
        section = [
            " ".join(c.rjust(w) if side == "R" else c.ljust(w) for c, (_, w, side) in zip(row, _TOTALS)).rstrip()
            for row in rows
        ]
        games[0].items.append(PbnTag("TotalScoreTable", header, section=section))
        games[-1].blank_lines_after = 0
    return dumps(games, header=["% PBN 2.1", "% EXPORT", "%Creator: clubsite"])

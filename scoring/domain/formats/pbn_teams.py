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

:func:`write_pbn_swiss_pairs` writes a Swiss pairs event (``scoring.domain.swiss_pairs``) the same way, one table a
match: a game per board of each match (``Table`` the match's table, no ``Room``), ``Competition "Pairs"``,
``Scoring`` ``Butler`` (IMPs against the round's datum) or ``MP``, ``HomeTeam`` / ``VisitTeam`` the two pairs'
names, ``ScoreIMP`` the board's IMPs to North–South against the datum or ``ScorePercentage`` their percentage on
the round's matchpoints; the players' names by seat — a pair records its two players, not who sat where, so the
home pair's first player is written North and the second South, the away pair's first East and second West
(our rule) —; the standings as a ``TotalScoreTable`` (``PairId``, ``PairName``, ``TotalScoreVP`` and, on IMPs,
``TotalScoreIMP``).

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
from scoring.domain.formats.usebio_swiss_pairs import SwissPairsFile
from scoring.domain.formats.usebio_teams import FileTeam, TeamsFile, match_numbers
from scoring.domain.ranking import shown
from scoring.domain.results import Artificial, Played, Result
from scoring.domain.swiss_pairs import PairsScore
from scoring.domain.teams import TeamsScore, imps_text

__all__ = ["write_pbn_teams", "write_pbn_swiss_pairs", "SCORING", "PAIRS_SCORING"]

#: The teams event's scale → PBN's Scoring tag.
SCORING = {"board-a-match": "BAM", "patton": "Patton"}
#: How Swiss pairs' matches are scored → PBN's Scoring tag (IMPs against the field's datum are Butler's).
PAIRS_SCORING = {"imps": "Butler", "matchpoints": "MP"}

_TOTALS = (
    ("Rank", 3, "R"),
    ("TeamId", 3, "R"),
    ("TeamName", 24, "L"),
    ("TotalScoreVP", 7, "R"),
    ("TotalScoreIMP", 6, "R"),
)
_PAIRS_TOTALS = (("Rank", 3, "R"), ("PairId", 3, "R"), ("PairName", 24, "L"), *_TOTALS[3:])


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


def _game(
    file: TeamsFile | SwissPairsFile, board: int, result: Result, scoring: str, seats: dict[str, str]
) -> tuple[PbnGame, dict[str, str], str]:
    """A table's game of ``board``: the mandatory tags (the players' names by ``seats``, West North East South),
    the result's tags, and the commentary PBN has no tag for."""
    tags, comment = _result_tags(result, board)
    deal = file.deals.get(board)
    dealer = board_dealer(board)
    values = {
        "Event": file.name,
        "Site": file.club_name,
        "Date": f"{file.date.year:04d}.{file.date.month:02d}.{file.date.day:02d}" if file.date else "",
        "Board": str(board),
        **{seat: seats.get(seat, "") for seat in ("West", "North", "East", "South")},
        "Dealer": dealer.letter,
        "Vulnerable": board_vulnerability(board).pbn,
        "Deal": deal.to_pbn(dealer) if deal is not None else "",
        "Scoring": scoring,
        **tags,
    }
    return PbnGame(items=[PbnTag(name, values[name]) for name in MANDATORY_TAGS]), tags, comment


def _close_game(game: PbnGame, tags: dict[str, str], scored: list[PbnTag], comment: str) -> None:
    """A game's last tags: its ``Score`` when it has one, how it scored (``scored``), its commentary."""
    if "Score" in tags:
        game.items.append(PbnTag("Score", tags["Score"]))
    game.items += scored
    if comment:
        game.items.append(PbnComment("{" + comment + "}"))


def _totals(games: list[PbnGame], columns: tuple[tuple[str, int, str], ...], rows: list[list[str]]) -> None:
    """The standings as a ``TotalScoreTable`` on the first game (``columns``: name, width, side of each)."""
    header = ";".join(f"{name}\\{width}{side}" for name, width, side in columns)
    section = [
        " ".join(c.rjust(w) if side == "R" else c.ljust(w) for c, (_, w, side) in zip(row, columns)).rstrip()
        for row in rows
    ]
    games[0].items.append(PbnTag("TotalScoreTable", header, section=section))
    games[-1].blank_lines_after = 0


def write_pbn_teams(teams: TeamsFile, score: TeamsScore) -> str:
    """PBN 2.1 of a teams event's matches with our IMPs (see the module's docstring)."""
    event = teams.event
    scoring = SCORING.get(event.scale, "IMP")
    names = {t.number: t.name or t.number for t in teams.teams}
    games: list[PbnGame] = []
    numbers = match_numbers(teams.numbers, [m.round for m in event.matches])
    for scored in score.matches:
        match = scored.match
        if match.away is None:
            continue
        first = 2 * numbers[match.index] - 1
        for board, imps in zip(match.boards, scored.imps.boards):
            for room, table, result, to_ns in (
                ("Open", first, board.home_ns, imps),
                ("Closed", first + 1, board.away_ns, -imps),
            ):
                game, tags, comment = _game(teams, board.board, result, scoring, {})
                game.items += [
                    PbnTag("Competition", "Teams"),
                    PbnTag("Round", str(match.round)),
                    PbnTag("Room", room),
                    PbnTag("Table", str(table)),
                    PbnTag("HomeTeam", names.get(match.home, match.home)),
                    PbnTag("VisitTeam", names.get(match.away, match.away)),
                ]
                _close_game(game, tags, [PbnTag("ScoreIMP", f"NS {imps_text(to_ns)}")], comment)
                games.append(game)
    if games:
        rows = [
            [s.rank, s.team, _quoted(names.get(s.team, s.team)), str(s.vp), imps_text(s.imps_for - s.imps_against)]
            for s in score.standings
        ]
        _totals(games, _TOTALS, rows)
    return dumps(games, header=["% PBN 2.1", "% EXPORT", "%Creator: clubsite"])


def _seats(pair: FileTeam | None, first: str, second: str) -> dict[str, str]:
    """A pair's two players in its two seats, the first listed in ``first``."""
    players = [p.name for p in pair.players] if pair is not None else []
    return {seat: players[k] for k, seat in enumerate((first, second)) if k < len(players)}


def write_pbn_swiss_pairs(pairs: SwissPairsFile, score: PairsScore) -> str:
    """PBN 2.1 of a Swiss pairs event's matches (see the module's docstring): a game per board per match."""
    event = pairs.event
    by_number = {p.number: p for p in pairs.pairs}
    games: list[PbnGame] = []
    numbers = match_numbers(pairs.numbers, [m.round for m in event.matches])
    cards = {card.match.index: card for card in score.cards}
    for match in event.matches:
        card = cards.get(match.index)
        if card is None or match.away is None:
            continue
        table = numbers[match.index]
        seats = _seats(by_number.get(match.home), "North", "South") | _seats(by_number.get(match.away), "East", "West")
        home, away = by_number.get(match.home), by_number.get(match.away)
        for line in card.boards:
            game, tags, comment = _game(pairs, line.board, line.result, PAIRS_SCORING[event.method], seats)
            game.items += [
                PbnTag("Competition", "Pairs"),
                PbnTag("Round", str(match.round)),
                PbnTag("Table", str(table)),
                PbnTag("HomeTeam", (home.name if home is not None else "") or match.home),
                PbnTag("VisitTeam", (away.name if away is not None else "") or match.away),
            ]
            scored = [PbnTag("ScoreIMP", f"NS {imps_text(line.imps)}")] if line.imps is not None else []
            if line.percent is not None:
                scored.append(PbnTag("ScorePercentage", f"NS {shown(line.percent)}"))
            _close_game(game, tags, scored, comment)
            games.append(game)
    if games:
        rows = []
        for s in score.standings:
            pair = by_number.get(s.team)
            row = [s.rank, s.team, _quoted((pair.name if pair is not None else "") or s.team), str(s.vp)]
            rows.append(row + ([imps_text(s.imps_for - s.imps_against)] if event.method == "imps" else []))
        _totals(games, _PAIRS_TOTALS[: 5 if event.method == "imps" else 4], rows)
    return dumps(games, header=["% PBN 2.1", "% EXPORT", "%Creator: clubsite"])

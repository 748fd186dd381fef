"""USEBIO of a Swiss pairs event (``EVENT_TYPE`` ``SWISS_PAIRS``): pairs meeting pairs in short matches at one
table, each board compared with the round's field (``scoring.domain.swiss_pairs``).

``../shared/specs/rules-and-formats.md`` §b8 names the event type ``SWISS_PAIRS`` ("in generators") and gives the
frame, the pairs' elements (PARTICIPANTS, PAIR, PAIR_NUMBER, TOTAL_SCORE, PLACE, PLAYER) and the traveller line's;
the scoring methods ``BUTLER`` (IMPs against a datum) and ``MATCH_POINTS``. It says nothing of a Swiss pairs
event's matches: those are written as our teams file writes a teams match (``usebio_teams.py``), one table a match::

    <EVENT EVENT_TYPE="SWISS_PAIRS">  EVENT_DESCRIPTION, PROGRAM_NAME, BOARD_SCORING_METHOD (BUTLER: IMPs against
        the round's datum | MATCH_POINTS: the round's matchpoints turned into VPs), WINNER_TYPE 1, DATE, PAIRS,
        BOARDS_PLAYED, BOARDS_PER_MATCH, VP_SCALE
      <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
        <PARTICIPANTS>
          <PAIR> PAIR_NUMBER, PAIR_NAME, TOTAL_SCORE (VPs), IMPS_FOR, IMPS_AGAINST (BUTLER only), PLACE ("3="),
                 PLAYER × 2 (PLAYER_NAME, NATIONAL_ID_NUMBER)
        <MATCH> ROUND_NUMBER, MATCH_NUMBER (the match's table), HOME_PAIR_NUMBER (North–South),
                AWAY_PAIR_NUMBER (East–West; none: the home pair's bye), HOME_IMPS, AWAY_IMPS (BUTLER) or
                HOME_PERCENTAGE, AWAY_PERCENTAGE (MATCH_POINTS), HOME_VICTORY_POINTS, AWAY_VICTORY_POINTS (none
                while a board of the match is missing: its results count in the round's field already)
          <BOARD> BOARD_NUMBER, DATUM (BUTLER)
            <TRAVELLER_LINE> NS_PAIR_NUMBER (home), EW_PAIR_NUMBER (away), CONTRACT, PLAYED_BY, LEAD, TRICKS,
                 SCORE (NS-signed | Annnn), NS_MATCH_POINTS / EW_MATCH_POINTS: the board's IMPs to NS / EW
                 (BUTLER), or their matchpoints on the round's top (MATCH_POINTS; none for an artificial score)

Ours, not the spec's: ``MATCH`` and what it holds but its ``BOARD``, ``PAIR_NAME``, ``IMPS_FOR``, ``IMPS_AGAINST``,
``DATUM``, ``BOARDS_PER_MATCH`` and ``VP_SCALE``. The numbers are ours (``score_swiss_pairs``).

* :func:`write_usebio_swiss_pairs` — a :class:`SwissPairsFile` and its
  :class:`~scoring.domain.swiss_pairs.PairsScore` → USEBIO 1.2.

Every match is written with the boards entered, so that the round's field (each board's datum, or its
matchpoints) is the one the standings were scored on.

>>> from scoring.domain.results import Assigned
>>> from scoring.domain.swiss_pairs import PairsMatch, SwissPairsEvent, score_swiss_pairs
>>> event = SwissPairsEvent(boards_per_match=1, method="imps", matches=(
...     PairsMatch(0, 1, "1", "2", ((1, Assigned.of(420)),)), PairsMatch(1, 1, "3", "4", ((1, Assigned.of(170)),)),
...     PairsMatch(2, 1, "5", "6", ((1, Assigned.of(-50)),))))
>>> pairs = tuple(FileTeam(str(n), f"Pair {n}") for n in range(1, 7))
>>> text = write_usebio_swiss_pairs(SwissPairsFile("Swiss", event, pairs), score_swiss_pairs(event)).decode()
>>> 'EVENT_TYPE="SWISS_PAIRS"' in text, "<BOARD_SCORING_METHOD>BUTLER</BOARD_SCORING_METHOD>" in text
(True, True)
>>> [line.strip() for line in text.splitlines() if "VICTORY" in line][:2]
['<HOME_VICTORY_POINTS>15.74</HOME_VICTORY_POINTS>', '<AWAY_VICTORY_POINTS>4.26</AWAY_VICTORY_POINTS>']
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from bridge.cards import Deal
from scoring.domain.formats.usebio_teams import (
    FileTeam,
    close_event,
    match_numbers,
    open_event,
    open_participants,
    write_players,
    write_standing,
)
from scoring.domain.formats.usebio_writer import XmlOut, write_result
from scoring.domain.ranking import shown
from scoring.domain.results import Played
from scoring.domain.swiss_pairs import PairsBoard, PairsCard, PairsScore, SwissPairsEvent
from scoring.domain.teams import imps_text

__all__ = ["SCORING_METHODS", "SwissPairsFile", "write_usebio_swiss_pairs"]

#: How the matches are scored (``swiss_pairs.PAIRS_METHODS``) → the BOARD_SCORING_METHOD written.
SCORING_METHODS = {"imps": "BUTLER", "matchpoints": "MATCH_POINTS"}


@dataclass(frozen=True)
class SwissPairsFile:
    """A Swiss pairs event with what a file says around its matches: the club, the date, the pairs (as teams of
    two, ``usebio_teams.FileTeam``: number, name, players) and each match's table (``numbers``, by its index in
    ``event.matches``; none: numbered in the order written)."""

    name: str
    event: SwissPairsEvent
    pairs: tuple[FileTeam, ...]
    club_name: str = ""
    club_id: str = ""
    date: datetime.date | None = None
    numbers: tuple[int, ...] = ()
    deals: Mapping[int, Deal] = field(default_factory=dict, compare=False)


def _line(out: XmlOut, card: PairsCard, line: PairsBoard) -> None:
    match = card.match
    out.open("TRAVELLER_LINE")
    out.leaf("NS_PAIR_NUMBER", match.home)
    out.leaf("EW_PAIR_NUMBER", match.away)
    write_result(out, line.result, line.result.ns_score(line.board) if isinstance(line.result, Played) else None)
    if line.imps is not None:
        out.leaf("NS_MATCH_POINTS", imps_text(line.imps_home or 0))
        out.leaf("EW_MATCH_POINTS", imps_text(line.imps_away or 0))
    elif line.matchpoints is not None and line.top is not None:
        out.leaf("NS_MATCH_POINTS", imps_text(line.matchpoints))
        out.leaf("EW_MATCH_POINTS", imps_text(line.top - line.matchpoints))
    out.close("TRAVELLER_LINE")


def _match(out: XmlOut, card: PairsCard, number: int, method: str) -> None:
    match = card.match
    out.leaf("ROUND_NUMBER", match.round)
    out.leaf("MATCH_NUMBER", number)
    out.leaf("HOME_PAIR_NUMBER", match.home)
    out.leaf("AWAY_PAIR_NUMBER", match.away)
    if method == "imps":
        out.leaf("HOME_IMPS", imps_text(card.imps.imps_home))
        out.leaf("AWAY_IMPS", imps_text(card.imps.imps_away))
    elif card.percent_home is not None and card.percent_away is not None:
        out.leaf("HOME_PERCENTAGE", shown(card.percent_home))
        out.leaf("AWAY_PERCENTAGE", shown(card.percent_away))
    if card.vp_home is not None and card.vp_away is not None:
        out.leaf("HOME_VICTORY_POINTS", card.vp_home)
        out.leaf("AWAY_VICTORY_POINTS", card.vp_away)
    for line in card.boards:
        out.open("BOARD")
        out.leaf("BOARD_NUMBER", line.board)
        if line.datum is not None:
            out.leaf("DATUM", line.datum)
        _line(out, card, line)
        out.close("BOARD")


def write_usebio_swiss_pairs(pairs: SwissPairsFile, score: PairsScore, *, program_version: str = "1") -> bytes:
    """USEBIO 1.2 of a Swiss pairs event with our numbers (see the module's docstring), UTF-8."""
    event = pairs.event
    out = XmlOut()
    open_event(out, pairs, "SWISS_PAIRS", SCORING_METHODS[event.method], program_version)
    out.leaf("PAIRS", len(pairs.pairs))
    open_participants(
        out, len({b for m in event.matches for b, _result in m.boards}), event.boards_per_match, event.scale
    )
    standing = {s.team: s for s in score.standings}
    for pair in pairs.pairs:
        out.open("PAIR")
        out.leaf("PAIR_NUMBER", pair.number)
        out.leaf("PAIR_NAME", pair.name)
        write_standing(out, standing.get(pair.number), imps=event.method == "imps")
        write_players(out, pair.players)
        out.close("PAIR")
    out.close("PARTICIPANTS")
    cards = {card.match.index: card for card in score.cards}
    byes = {m.match.index: m for m in score.scored if m.match.away is None}
    numbers = match_numbers(pairs.numbers, [m.round for m in event.matches])
    for match in event.matches:
        number = numbers[match.index]
        card, bye = cards.get(match.index), byes.get(match.index)
        if card is None and bye is None:
            continue
        out.open("MATCH")
        if card is not None:
            _match(out, card, number, event.method)
        elif bye is not None:
            out.leaf("ROUND_NUMBER", match.round)
            out.leaf("MATCH_NUMBER", number)
            out.leaf("HOME_PAIR_NUMBER", match.home)
            out.leaf("HOME_VICTORY_POINTS", bye.vp_home)
        out.close("MATCH")
    return close_event(out, pairs.deals)

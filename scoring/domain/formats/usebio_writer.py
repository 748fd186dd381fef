"""Write USEBIO 1.2: an event and our score of it, with our numbers (two decimals).

:func:`write_usebio` writes what ``usebio.py`` reads and ``usebio_schema.py`` accepts without a
finding (``../shared/specs/rules-and-formats.md`` §b8): CLUB, EVENT (EVENT_TYPE from the method,
BOARD_SCORING_METHOD, WINNER_TYPE, DATE dd/mm/yyyy, counts), one SESSION with a SECTION per
section (PARTICIPANTS: each pair's number, direction, total, percentage, place and players;
BOARD: each traveller line's pairs, contract, declarer, lead, tricks, North–South score or
``Annnn``, and both sides' matchpoints — IMPs in an IMP event, as EBU files write them), and a
HANDSET with the deals we know. A handicap event's pairs carry their HANDICAP (not in §b8; EBUScore writes it
after PLACE), and their PERCENTAGE and PLACE are the handicap ranking's, as that program writes them.

A weighted assigned score (Law 12C1(c)) has no place in USEBIO: its SCORE is the weighted mean
rounded to a whole number and a NOTES element says the parts (``Weighted: 20% +650, 80% +620``),
which ``usebio.py`` reads back.

>>> from scoring.domain.formats.usebio import read_usebio, SAMPLE
>>> event = read_usebio(SAMPLE)
>>> again = read_usebio(write_usebio(event, event.score()))
>>> [(p.id, p.percentage, p.place) for p in again.pairs]
[('1', '100.00', '1='), ('2', '0.00', '3='), ('3', '0.00', '3='), ('4', '100.00', '1=')]
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

from bridge.cards import SUITS_DESCENDING, Deal, Seat
from bridge.contract import Contract
from scoring.domain.engine import EventScore, LineScore, PairScore, pair_sort_key
from scoring.domain.formats.event import METHOD_EVENT_TYPES, FileEvent, FilePair, weight_text
from scoring.domain.ranking import handicap_ranking, shown
from scoring.domain.results import Artificial, Assigned, Played, Result, TravellerLine

__all__ = ["write_usebio", "PROGRAM_NAME", "XmlOut", "usebio_contract", "write_hand", "write_handset", "write_result"]

PROGRAM_NAME = "clubsite"
_SUIT_TAGS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
_SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


class XmlOut:
    """The lines of an XML file being written, indented by depth (``usebio_teams.py`` writes with it too)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def open(self, tag: str, **attrs: str) -> None:
        attributes = "".join(f" {k}={quoteattr(str(v))}" for k, v in attrs.items())
        self.lines.append(f"{'  ' * self.depth}<{tag}{attributes}>")
        self.depth += 1

    def close(self, tag: str) -> None:
        self.depth -= 1
        self.lines.append(f"{'  ' * self.depth}</{tag}>")

    def leaf(self, tag: str, value: object) -> None:
        self.lines.append(f"{'  ' * self.depth}<{tag}>{escape(str(value))}</{tag}>")


def _written(pair_id: str, section: str) -> str:
    return pair_id[len(section) :] if section and pair_id.startswith(section) else pair_id


def write_handset(out: XmlOut, deals: Mapping[int, Deal]) -> None:
    """The HANDSET: each deal of ``deals`` (board number → deal) by board number, its four hands (none: nothing)."""
    if not deals:
        return
    out.open("HANDSET")
    for number, deal in sorted(deals.items()):
        out.open("BOARD")
        out.leaf("BOARD_NUMBER", number)
        for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
            write_hand(out, deal, seat)
        out.close("BOARD")
    out.close("HANDSET")


def usebio_contract(contract: Contract) -> str:
    call = contract.call
    return call[:1] + "NT" + call[2:] if call[1] == "N" else call


def write_result(out: XmlOut, result: Result, ns_score: int | Fraction | None) -> None:
    """A traveller line's result: the contract, declarer, lead and tricks of a played board with North–South's
    score ``ns_score``, an artificial score as ``A6040``, an assigned one as its score (and its weights)."""
    if isinstance(result, Played):
        if result.contract is None:
            out.leaf("CONTRACT", "PASS")
        else:
            out.leaf("CONTRACT", usebio_contract(result.contract))
            out.leaf("PLAYED_BY", result.contract.declarer.letter)
            if result.lead:
                out.leaf("LEAD", result.lead)
            out.leaf("TRICKS", result.tricks)
        out.leaf("SCORE", ns_score)
    elif isinstance(result, Artificial):
        out.leaf("SCORE", f"A{result.ns_percent:02d}{result.ew_percent:02d}")
    else:
        out.leaf("SCORE", shown(result.score, 0))
        if isinstance(result, Assigned) and result.is_weighted:
            out.leaf("NOTES", "Weighted: " + ", ".join(f"{weight_text(w)}% {s:+d}" for w, s in result.parts))


def _line(out: XmlOut, line: TravellerLine, ns: Fraction, ew: Fraction, section: str) -> None:
    out.open("TRAVELLER_LINE")
    out.leaf("NS_PAIR_NUMBER", _written(line.ns, section))
    out.leaf("EW_PAIR_NUMBER", _written(line.ew, section))
    write_result(out, line.result, line.ns_score)
    out.leaf("NS_MATCH_POINTS", shown(ns))
    out.leaf("EW_MATCH_POINTS", shown(ew))
    out.close("TRAVELLER_LINE")


def _pair(
    out: XmlOut,
    pair: FilePair | None,
    pair_id: str,
    section: str,
    score: PairScore,
    two_winners: bool,
    handicapped: tuple[Fraction, str] | None,
) -> None:
    out.open("PAIR")
    out.leaf("PAIR_NUMBER", pair.written if pair and pair.written else _written(pair_id, section))
    direction = score.field.split()[-1] if two_winners and score.field else (pair.direction if pair else "")
    out.leaf("DIRECTION", direction if direction in ("NS", "EW") else "")
    out.leaf("TOTAL_SCORE", shown(score.total))
    percentage, place = handicapped or (score.percentage, score.place)
    if percentage is not None:
        out.leaf("PERCENTAGE", shown(percentage))
    out.leaf("PLACE", place)
    if pair is not None and pair.handicap is not None:
        out.leaf("HANDICAP", shown(pair.handicap, 1))
    for player in pair.players if pair else ():
        out.open("PLAYER")
        out.leaf("PLAYER_NAME", player.name)
        if player.national_id:
            out.leaf("NATIONAL_ID_NUMBER", player.national_id)
        if player.club_id:
            out.leaf("CLUB_ID_NUMBER", player.club_id)
        out.close("PLAYER")
    out.close("PAIR")


def write_hand(out: XmlOut, deal: Deal, seat: Seat) -> None:
    out.open("HAND")
    out.leaf("DIRECTION", _SEAT_NAMES[seat])
    hand = deal.hand(seat)
    for suit, tag in zip(SUITS_DESCENDING, _SUIT_TAGS):
        out.leaf(tag, hand.holding_str(suit))
    out.close("HAND")


def write_usebio(event: FileEvent, score: EventScore, *, program_version: str = "1") -> bytes:
    """USEBIO 1.2 of ``event`` with the numbers of ``score`` (see the module's docstring), UTF-8."""
    out = XmlOut()
    method = score.options.method
    event_type, board_method = METHOD_EVENT_TYPES[method]
    several = len(event.sections) > 1
    sections = list(event.sections) if several else [event.sections[0] if event.sections else "A"]
    two_winners = len(score.fields) > 1 and all(f.split()[-1:] in (["NS"], ["EW"]) for f in score.fields)
    out.lines.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.lines.append('<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">')
    out.open("USEBIO", Version="1.2")
    out.open("CLUB")
    out.leaf("CLUB_NAME", event.club_name)
    if event.club_id:
        out.leaf("CLUB_ID_NUMBER", event.club_id)
    out.close("CLUB")
    out.open("EVENT", EVENT_TYPE=event_type)
    if event.identifier:
        out.leaf("EVENT_IDENTIFIER", event.identifier)
    out.leaf("EVENT_DESCRIPTION", event.name)
    out.leaf("PROGRAM_NAME", PROGRAM_NAME)
    out.leaf("PROGRAM_VERSION", program_version)
    out.leaf("BOARD_SCORING_METHOD", board_method)
    out.leaf("WINNER_TYPE", 2 if two_winners else 1)
    if event.date is not None:
        out.leaf("DATE", f"{event.date.day:02d}/{event.date.month:02d}/{event.date.year:04d}")  # year 5: 0005
    out.leaf("SESSION_COUNT", 1)
    out.leaf("SECTION_COUNT", len(sections))
    out.leaf("PAIRS", len(score.pairs))
    out.leaf("BOARDS_PLAYED", len({b.board for b in score.boards}))
    if two_winners:
        out.leaf("EW_PAIRS", sum(1 for p in score.pairs if p.field.split()[-1:] == ["EW"]))
    # a handicap event (pairs with a HANDICAP): each pair's percentage with half its handicap, places in that order,
    # field by field, as the programs that write HANDICAP do and ``comparison.py`` compares them
    handicapped: dict[str, tuple[Fraction, str]] = {}
    if event.handicaps and not score.options.is_imps:
        for field in {p.field for p in score.pairs}:
            scratch = {p.pair: p.percentage for p in score.pairs if p.field == field and p.percentage is not None}
            handicapped.update(handicap_ranking(scratch, event.handicaps))
    out.open("SESSION", SESSION_ID="1")
    for name in sections:
        section = name if several else ""
        out.open("SECTION", SECTION_ID=name)
        out.open("PARTICIPANTS")
        for p in sorted((p for p in score.pairs if p.section == section), key=lambda p: pair_sort_key(p.pair)):
            _pair(out, event.pair(p.pair), p.pair, section, p, two_winners, handicapped.get(p.pair))
        out.close("PARTICIPANTS")
        boards: dict[int, list[LineScore]] = {}
        for board in score.boards:
            for s in board.lines:
                if s.line.section == section:
                    boards.setdefault(board.board, []).append(s)
        for number in sorted(boards):
            out.open("BOARD")
            out.leaf("BOARD_NUMBER", number)
            for s in boards[number]:
                _line(out, s.line, s.ns, s.ew, section)
            out.close("BOARD")
        out.close("SECTION")
    out.close("SESSION")
    out.close("EVENT")
    played = {b.board for b in score.boards}
    write_handset(out, {n: d for n, d in event.deals.items() if n in played})
    out.close("USEBIO")
    return ("\n".join(out.lines) + "\n").encode("utf-8")

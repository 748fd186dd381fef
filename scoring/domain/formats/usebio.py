"""USEBIO (the EBU's results interchange XML, versions 1.0 – 1.3): read a pairs event.

The map of USEBIO in this package:

* this module — :func:`read_usebio`: a file → a :class:`~scoring.domain.formats.event.FileEvent`
  (event metadata, sections, pairs with their players and the file's totals, percentages and
  places, deals, traveller lines carrying the file's own numbers);
* ``usebio_writer.py`` — :func:`~scoring.domain.formats.usebio_writer.write_usebio`: an event
  and its ``EventScore`` → USEBIO 1.2 with our numbers;
* ``usebio_schema.py`` — :func:`~scoring.domain.formats.usebio_schema.check_usebio`: the
  structure §b8 describes (required elements, nesting, value formats), as findings.

Source: ``../shared/specs/rules-and-formats.md`` §b8 and the saved real files
(``../shared/data/events/README.md``). What the reader tolerates, all seen in real files:
1.0 files with PARTICIPANTS and BOARD right under EVENT, 1.2 files with SESSION/SECTION
nesting; deals in a HANDSET (under USEBIO or SESSION), in HAND elements of each BOARD, or only
in RealBridge's LIN_DATA; contracts ``3NT``/``3N``, ``x``/``X``, ``PASS``; leads ``2H``
(Compscore), ``D10`` (EBU), ``HK`` (RealBridge), stored as ``H2``, ``DT``, ``HK``; pair ids
``1NS``/``1EW``; TOTAL_SCORE absent; matchpoints with decimals; artificial scores ``A6040``; a
score without a contract is an assigned score (weighted when our NOTES say ``Weighted: …``).

Event types: ``MP_PAIRS``/``PAIRS`` (matchpoints unless BOARD_SCORING_METHOD says otherwise),
``BUTLER_PAIRS``/``BUTLER`` (Butler IMPs), ``CROSS_IMP``/``CROSS_IMPS`` (cross-IMPs). Teams,
individuals and Swiss events are refused, naming the type. A file of several sessions is
refused (import one session at a time).

The file is read with expat (``xmltree.py``): entity declarations are refused; every error
names the file, the line and the element. A fast pass (below) reads the usual file, a field of
a thousand tables in a fraction of the time, into the same event; whatever it does not read,
and every error, is the exact reader's (``read_usebio(..., fast=False)`` reads with it alone).

>>> event = read_usebio(SAMPLE, source="sample.xml")
>>> event.name, event.method, event.two_winners, [p.id for p in event.pairs]
('Club night', 'matchpoints', False, ['1', '2', '3', '4'])
>>> [(str(l.result), l.ns_score, l.extra["mp_ns"]) for l in event.lines]
[('3N by S, 9 tricks', 400, '2'), ('4S by E, 9 tricks', 50, '0')]
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from xml.parsers import expat

from bridge.cards import Card, Deal, Hand, Seat
from bridge.contract import Contract
from bridge.errors import BridgeError
from dealing.domain.formats.lin import read_lin
from scoring.domain.errors import ScoringError
from scoring.domain.formats.event import EVENT_TYPES, FileEvent, FilePair, FilePlayer, split_pair_id
from scoring.domain.formats.xmltree import Element, parse_xml
from scoring.domain.results import Artificial, Assigned, LineExtra, Played, Result, TravellerLine
from scoring.domain.text import Text

__all__ = ["read_usebio", "lead_card", "PASS_WORDS", "SCORING_METHODS", "UsebioReader"]

PASS_WORDS = {"P", "PASS", "PASSED", "AP", "PASSED OUT", "ALL PASS", "PO"}
#: BOARD_SCORING_METHOD → our method (IMPS in a pairs event is IMPs against a datum: Butler).
SCORING_METHODS = {
    "MATCH_POINTS": "matchpoints",
    "MATCHPOINTS": "matchpoints",
    "BUTLER": "butler",
    "IMPS": "butler",
    "CROSS_IMPS": "cross_imps",
    "CROSS_IMP": "cross_imps",
}
_SEATS = {
    "NORTH": Seat.NORTH,
    "EAST": Seat.EAST,
    "SOUTH": Seat.SOUTH,
    "WEST": Seat.WEST,
    "N": Seat.NORTH,
    "E": Seat.EAST,
    "S": Seat.SOUTH,
    "W": Seat.WEST,
}
_ARTIFICIAL = re.compile(r"A(\d\d)(\d\d)", re.IGNORECASE)
# numbers have at most a few digits: a longer one is no score (and int() refuses thousands of digits)
_SCORE = re.compile(r"[+-]?[0-9]{1,9}")
_WEIGHTED = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,9})?)%\s*([+-]?[0-9]{1,9})")  # our NOTES' weighted score: "20% +650"
_NUMBER = re.compile(r"[0-9]{1,9}")
_HANDICAP = re.compile(r"[+-]?[0-9]{1,4}(?:\.[0-9]{1,6})?")

SAMPLE = b"""<?xml version="1.0"?>
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Riverside</CLUB_NAME></CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Club night</EVENT_DESCRIPTION><DATE>24/11/2026</DATE><WINNER_TYPE>1</WINNER_TYPE>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PERCENTAGE>100.00</PERCENTAGE><PLACE>1</PLACE>
        <PLAYER><PLAYER_NAME>Ada Adamska</PLAYER_NAME><NATIONAL_ID_NUMBER>1001</NATIONAL_ID_NUMBER></PLAYER></PAIR>
    </PARTICIPANTS>
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
        <PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>
        <NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>
        <PLAYED_BY>E</PLAYED_BY><TRICKS>9</TRICKS><SCORE>50</SCORE>
        <NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""


class UsebioReader:
    """The exact reader of a USEBIO file: the event's header, pairs, boards, deals and results, every error naming
    the file, the line and the element (``usebio_teams.py`` reads a teams event's header and results with it)."""

    def __init__(self, source: str):
        self.source = source

    def error(self, text: Text, element: Element) -> ScoringError:
        return ScoringError(text, line=element.line, where=element.tag, source=self.source)

    def wrapped(self, exc: Exception, element: Element) -> ScoringError:
        """Another domain's error (a contract, a hand …) said at ``element``."""
        inner = exc.reason if isinstance(exc, ScoringError) else exc.said if isinstance(exc, BridgeError) else str(exc)
        return ScoringError(inner, line=element.line, where=element.tag, source=self.source)

    def required(self, parent: Element, tag: str) -> Element:
        child = parent.find(tag)
        if child is None or not child.text:
            raise self.error(Text.of("file.missing", parent=parent.tag, element=tag), child or parent)
        return child

    def number(self, element: Element) -> int:
        if not _NUMBER.fullmatch(element.text) or int(element.text) < 1:
            raise self.error(Text.of("file.number", element=element.tag, text=element.text), element)
        return int(element.text)

    # --- the event ---------------------------------------------------------------------------

    def parse(self, data: bytes | str) -> Element:
        return parse_xml(data, source=self.source)

    def root_and_event(self, data: bytes | str) -> tuple[Element, Element]:
        """The file's ``USEBIO`` root and its ``EVENT``, or the error naming what is not there (pairs and teams)."""
        root = self.parse(data)
        if root.tag != "USEBIO":
            raise self.error(Text.of("usebio.root", tag=root.tag), root)
        event = root.find("EVENT")
        if event is None:
            raise self.error(Text.of("file.missing", parent="USEBIO", element="EVENT"), root)
        return root, event

    def read(self, data: bytes | str) -> FileEvent:
        root, event = self.root_and_event(data)
        out = FileEvent(name="", source=self.source, version=root.attrs.get("Version", ""))
        self.read_metadata(root, event, out)
        sessions = event.findall("SESSION")
        if len(sessions) > 1:
            raise self.error(Text.of("usebio.sessions", count=len(sessions)), sessions[1])
        # SESSION > SECTION as 1.2 nests them; some programs put SECTION straight under EVENT
        sections = (sessions[0] if sessions else event).findall("SECTION")
        units = [(s.attrs.get("SECTION_ID", "") or str(i), s) for i, s in enumerate(sections, start=1)] or [("", event)]
        several = len(units) > 1
        out.sections = tuple(name for name, _ in units if name)
        for name, unit in units:
            for participants in unit.findall("PARTICIPANTS"):
                for pair in participants.findall("PAIR"):
                    out.pairs.append(self.read_pair(pair, name, several))
            for board in unit.findall("BOARD"):
                self.read_board(board, name if several else "", out)
        for handset in root.iter("HANDSET"):
            for board in handset.findall("BOARD"):
                number = self.number(self.required(board, "BOARD_NUMBER"))
                deal = self.read_deal(board)
                if deal is not None:
                    out.deals.setdefault(number, deal)
        if not out.lines:
            raise self.error(Text.of("file.no_results"), event)
        known = {p.id for p in out.pairs}
        for line in out.lines:  # pairs that play but are not listed: known by their number only
            for pid, _side in ((line.ns, "NS"), (line.ew, "EW")):
                if pid not in known:
                    known.add(pid)
                    section, number, direction = split_pair_id(pid[len(line.section) :]) or ("", 0, "")
                    out.pairs.append(
                        FilePair(
                            id=pid,
                            number=number,
                            direction=direction,
                            section=line.section,
                            written=pid[len(line.section) :],
                        )
                    )
        return out

    def read_metadata(self, root: Element, event: Element, out: FileEvent) -> None:
        kind = event.attrs.get("EVENT_TYPE", "").strip().upper()
        if not kind:
            raise self.error(Text.of("usebio.event_type_missing"), event)
        if kind in ("TEAMS", "SWISS_TEAMS"):  # usebio_teams.py reads them, into a teams session
            raise self.error(Text.of("usebio.teams_event", type=kind), event)
        if kind not in EVENT_TYPES:
            raise self.error(Text.of("usebio.event_type", type=kind), event)
        out.event_type = kind
        out.method = EVENT_TYPES[kind]
        scoring = event.find("BOARD_SCORING_METHOD")
        if scoring is not None and scoring.text:
            method = scoring.text.upper()
            if method not in SCORING_METHODS:
                raise self.error(Text.of("usebio.method", method=scoring.text), scoring)
            out.board_scoring_method = method
            out.method = SCORING_METHODS[method]
        winners = event.find("WINNER_TYPE")
        if winners is not None and winners.text:
            if winners.text not in ("1", "2"):
                raise self.error(Text.of("usebio.winner_type", text=winners.text), winners)
            out.winner_type = int(winners.text)
        club = root.find("CLUB")
        if club is not None:
            out.club_name, out.club_id = club.value("CLUB_NAME") or "", club.value("CLUB_ID_NUMBER") or ""
        out.program, out.program_version = event.value("PROGRAM_NAME") or "", event.value("PROGRAM_VERSION") or ""
        out.identifier = event.value("EVENT_IDENTIFIER") or ""
        out.name = event.value("EVENT_DESCRIPTION") or event.value("TITLE") or ""
        date = event.find("DATE")
        if date is not None and date.text:
            out.date = self.read_date(date)

    def read_date(self, element: Element) -> datetime.date:
        for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y", "%Y.%m.%d"):
            try:
                return datetime.datetime.strptime(element.text, pattern).date()
            except ValueError:
                continue
        raise self.error(Text.of("usebio.date", text=element.text), element)

    # --- pairs -------------------------------------------------------------------------------

    def pair_id(self, element: Element, section: str, several: bool) -> tuple[str, int, str]:
        parsed = _split_pair_id(element.text)
        if parsed is None:
            raise self.error(Text.of("file.pair_number", text=element.text), element)
        prefix, number, suffix = parsed
        return f"{section if several else ''}{prefix}{number}{suffix}", number, suffix

    def read_pair(self, element: Element, section: str, several: bool) -> FilePair:
        number_element = self.required(element, "PAIR_NUMBER")
        pair_id, number, suffix = self.pair_id(number_element, section, several)
        direction = (element.value("DIRECTION") or "").upper().replace("-", "")
        players = tuple(
            FilePlayer(
                p.value("PLAYER_NAME") or "", p.value("NATIONAL_ID_NUMBER") or "", p.value("CLUB_ID_NUMBER") or ""
            )
            for p in element.findall("PLAYER")
        )
        return FilePair(
            id=pair_id,
            number=number,
            direction=suffix or (direction if direction in ("NS", "EW") else ""),
            section=section if several else "",
            players=players,
            written=number_element.text.strip(),
            total=element.value("TOTAL_SCORE") or None,
            percentage=element.value("PERCENTAGE") or None,
            place=element.value("PLACE") or None,
            line=element.line,
            handicap=self.handicap(element),
        )

    def handicap(self, pair: Element) -> Fraction | None:
        """The pair's ``<HANDICAP>`` (a handicap event), a number such as ``4``, ``-2.5``; None when it has none."""
        element = pair.find("HANDICAP")
        if element is None or not element.text.strip():
            return None
        if not _HANDICAP.fullmatch(element.text.strip()):
            raise self.error(Text.of("file.number", element="HANDICAP", text=element.text), element)
        return Fraction(Decimal(element.text.strip()))

    # --- boards, deals and traveller lines ---------------------------------------------------

    def read_board(self, element: Element, section: str, out: FileEvent) -> None:
        number = self.number(self.required(element, "BOARD_NUMBER"))
        deal = self.read_deal(element)
        for line in element.findall("TRAVELLER_LINE"):
            out.lines.append(self.read_line(line, number, section))
            lin = line.find("LIN_DATA")
            if deal is None and lin is not None and lin.text and number not in out.deals:
                deal = self.read_lin_deal(lin)
        if deal is not None:
            out.deals.setdefault(number, deal)

    def read_deal(self, board: Element) -> Deal | None:
        hands = board.findall("HAND")
        if not hands:
            return None
        given: dict[Seat, Hand] = {}
        for hand in hands:
            seat = _SEATS.get((hand.value("DIRECTION") or "").upper())
            if seat is None:
                raise self.error(
                    Text.of("file.seat", text=hand.value("DIRECTION") or ""), hand.find("DIRECTION") or hand
                )
            suits = [
                (hand.value(tag) or "").replace("-", "").replace(" ", "")
                for tag in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
            ]
            try:
                given[seat] = Hand.from_pbn(".".join(suits))
            except BridgeError as exc:
                raise self.wrapped(exc, hand) from None
        try:
            return Deal.from_hands(given)
        except BridgeError as exc:
            raise self.wrapped(exc, board) from None

    def read_lin_deal(self, element: Element) -> Deal | None:
        try:
            boards = read_lin(element.text)
        except BridgeError as exc:
            raise self.wrapped(exc, element) from None
        return boards[0].deal if boards else None

    def read_line(self, element: Element, board: int, section: str) -> TravellerLine:
        ns, _, _ = self.pair_id(self.required(element, "NS_PAIR_NUMBER"), section, bool(section))
        ew, _, _ = self.pair_id(self.required(element, "EW_PAIR_NUMBER"), section, bool(section))
        score_element = element.find("SCORE")
        score = score_element.text if score_element is not None else ""
        result = self.read_result(element, score)
        extra: LineExtra = {
            "line": element.line,
            "score": score or None,
            "mp_ns": element.value("NS_MATCH_POINTS"),
            "mp_ew": element.value("EW_MATCH_POINTS"),
            "lead": element.value("LEAD") or "",
        }
        try:
            return TravellerLine(board, ns, ew, result, section=section, extra=extra)
        except ScoringError as exc:
            raise self.wrapped(exc, element) from None

    def read_result(self, element: Element, score: str) -> Result:
        artificial = _ARTIFICIAL.fullmatch(score)
        if artificial:
            try:
                return Artificial(int(artificial[1]), int(artificial[2]))
            except ScoringError as exc:
                raise self.wrapped(exc, element.find("SCORE") or element) from None
        if score and not _SCORE.fullmatch(score):
            raise self.error(Text.of("usebio.score", text=score), element.find("SCORE") or element)
        contract = element.find("CONTRACT")
        if contract is None or not contract.text:
            if not score:
                raise self.error(Text.of("file.missing", parent="TRAVELLER_LINE", element="CONTRACT"), element)
            notes = element.value("NOTES") or ""
            try:
                if notes.lower().startswith("weighted:"):
                    parts = _WEIGHTED.findall(notes)
                    return Assigned(tuple((Fraction(w) / 100, int(s)) for w, s in parts))
                return Assigned.of(int(score))
            except ScoringError as exc:
                raise self.wrapped(
                    exc, (element.find("NOTES") if notes else element.find("SCORE")) or element
                ) from None
        if contract.text.upper() in PASS_WORDS:
            return Played(None)
        declarer = self.required(element, "PLAYED_BY")
        tricks = self.required(element, "TRICKS")
        if not _NUMBER.fullmatch(tricks.text):
            raise self.error(Text.of("file.number", element="TRICKS", text=tricks.text), tricks)
        try:
            parsed = _contract(contract.text, declarer.text)
        except BridgeError as exc:
            on_seat = exc.text is not None and exc.text.code == "seat.unknown"
            raise self.wrapped(exc, declarer if on_seat else contract) from None
        try:
            return _played(parsed, int(tricks.text), _lead_card(element.value("LEAD") or ""))
        except ScoringError as exc:
            raise self.wrapped(exc, tricks) from None


# A field of a thousand tables writes the same few contracts, leads and pair numbers on every board: each is
# read once (the results are frozen, so lines may share them; an error is never remembered, always raised).
_contract = lru_cache(maxsize=1 << 12)(Contract.from_str)
_played = lru_cache(maxsize=1 << 14)(Played)
_split_pair_id = lru_cache(maxsize=1 << 14)(split_pair_id)


def lead_card(text: str) -> str:
    """The opening lead as a card (``2H``, ``D10``, ``HK`` → ``H2``, ``DT``, ``HK``); "" when it is not one.

    >>> [lead_card(t) for t in ("2H", "D10", "hk", "", "?")]
    ['H2', 'DT', 'HK', '', '']
    """
    if not text.strip():
        return ""
    try:
        return str(Card.from_str(text))
    except BridgeError:
        return ""


_lead_card = lru_cache(maxsize=1 << 10)(lead_card)


# --- the fast pass ---------------------------------------------------------------------------
#
# A field of a thousand tables is 27,000 traveller lines of ten elements each. The fast pass reads the
# file once with expat as the exact reader does, but keeps each traveller line's children as a dict of
# their texts (no element per child) and turns the line (pairs, contract, declarer, tricks, lead, a score
# played, artificial or assigned, matchpoints) straight into its TravellerLine, the same one the exact
# reader makes. Anything else (LIN_DATA, a weighted score's NOTES, an element with children inside a
# line, an error of any kind) stops it: the exact reader then reads the file, and says every error.


class _NotFast(Exception):
    """The file holds something the fast pass leaves to the exact reader."""


class _Line(Element):
    """A TRAVELLER_LINE read by the fast pass: no children, each child's text (stripped) by its tag."""

    __slots__ = ("fields",)

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        super().__init__(tag, attrs, line)
        self.fields: dict[str, str] = {}


def _fast_tree(data: bytes | str) -> Element:
    """The file's elements as ``parse_xml`` gives them, each traveller line a :class:`_Line`; :class:`_NotFast`
    (or expat's error) for anything else, entity declarations included (never expanded)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Element] = []
    roots: list[Element] = []
    parts: list[str] = []
    line: _Line | None = None  # the traveller line open
    child = ""  # the child of it open

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal line, child
        if line is not None:
            if child or tag == "LIN_DATA":  # (a line's deal: the exact reader's)
                raise _NotFast
            child = tag
            parts.clear()
            return
        element = Element(tag, attrs, parser.CurrentLineNumber)
        if tag == "TRAVELLER_LINE":
            element = line = _Line(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        nonlocal line, child
        if child:
            assert line is not None
            line.fields.setdefault(child, "".join(parts).strip())
            child = ""
        elif stack.pop() is line:
            line = None

    def chars(text: str) -> None:
        if child:
            parts.append(text)
        elif stack:
            stack[-1].parts.append(text)

    def refuse(*args: object) -> int:
        raise _NotFast

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.Parse(data, True)
    return roots[0]


@lru_cache(maxsize=1 << 14)
def _usual_result(contract: str, declarer: str, tricks: str, lead: str) -> Result:
    """A played or passed-out line's result from its texts, as ``UsebioReader.read_result`` reads it (remembered)."""
    if contract.upper() in PASS_WORDS:
        return Played(None)
    if not (declarer and tricks and _NUMBER.fullmatch(tricks)):
        raise _NotFast
    return Played(_contract(contract, declarer), int(tricks), lead_card(lead))


class _FastReader(UsebioReader):
    def parse(self, data: bytes | str) -> Element:
        return _fast_tree(data)

    def read_line(self, element: Element, board: int, section: str) -> TravellerLine:
        if not isinstance(element, _Line):
            raise _NotFast
        fields = element.fields
        ns, ew = fields.get("NS_PAIR_NUMBER"), fields.get("EW_PAIR_NUMBER")
        contract, declarer, tricks = fields.get("CONTRACT"), fields.get("PLAYED_BY"), fields.get("TRICKS")
        score = fields.get("SCORE", "")
        lead = fields.get("LEAD") or ""
        if not (ns and ew):
            raise _NotFast
        artificial = _ARTIFICIAL.fullmatch(score)
        result: Result
        if artificial:  # as UsebioReader.read_result, in its order
            result = Artificial(int(artificial[1]), int(artificial[2]))
        elif score and not _SCORE.fullmatch(score):
            raise _NotFast
        elif not contract:
            if not score or (fields.get("NOTES") or "").lower().startswith("weighted:"):
                raise _NotFast
            result = Assigned.of(int(score))
        else:
            result = _usual_result(contract, declarer or "", tricks or "", lead)
        extra: LineExtra = {
            "line": element.line,
            "score": score or None,
            "mp_ns": fields.get("NS_MATCH_POINTS"),
            "mp_ew": fields.get("EW_MATCH_POINTS"),
            "lead": lead,
        }
        return TravellerLine(
            board, self.line_pair(ns, section), self.line_pair(ew, section), result, section, extra=extra
        )

    @staticmethod
    @lru_cache(maxsize=1 << 14)
    def line_pair(text: str, section: str) -> str:
        parsed = _split_pair_id(text)
        if parsed is None:
            raise _NotFast
        prefix, number, suffix = parsed
        return f"{section}{prefix}{number}{suffix}"


def read_usebio(data: bytes | str, *, source: str = "", fast: bool = True) -> FileEvent:
    """Read a USEBIO pairs event (see the module's docstring); a :class:`ScoringError` naming file, line and
    element for a damaged file or one this reader cannot score.

    The fast pass reads the usual file (see "the fast pass" above) and gives the same event as the exact reader;
    ``fast=False`` reads with the exact reader alone (the tests hold the two to the same event).
    """
    if fast:
        try:
            return _FastReader(source).read(data)
        except Exception:  # whatever stops the fast pass, the exact reader reads the file and says why
            pass
    return UsebioReader(source).read(data)

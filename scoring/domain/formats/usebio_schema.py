"""USEBIO's structure as ``../shared/specs/rules-and-formats.md`` §b8 describes it, checked element by element.

:func:`check_usebio` reads a file (safely, ``xmltree.py``) and returns a :class:`SchemaFinding`
for every place it departs from §b8 — an empty list when it follows it:

* ``missing`` — a required element or attribute is absent (CLUB with CLUB_NAME, EVENT with
  EVENT_TYPE and DATE, PAIR_NUMBER, PLAYER_NAME, BOARD_NUMBER, a traveller line's pairs and
  SCORE, and for a played line its CONTRACT, PLAYED_BY and TRICKS; a HAND's DIRECTION and four
  suits);
* ``empty`` — a required element with no text;
* ``repeated`` — an element that may appear once appears more often;
* ``format`` — a value not in the form §b8 gives (DATE dd/mm/yyyy, WINNER_TYPE 1|2, EVENT_TYPE,
  BOARD_SCORING_METHOD, DIRECTION NS|EW|empty, PLACE ``5=``, numbers, contracts ``3NT``/``3N``
  with ``x``/``X``, seats, leads, TRICKS 0 … 13, SCORE signed or ``Annnn``, hands' ranks);
* ``nesting`` — a 1.2 (or later) file whose PARTICIPANTS and BOARD sit right under EVENT
  instead of in SESSION/SECTION (the 1.0 layout);
* ``unknown`` — an element §b8 does not list where it stands (programs add their own:
  TITLE, VENUE, HANDICAP, LIN_DATA …).

The variations §b8 tells an importer to tolerate (``3N``, ``x``, leads ``2H``/``D10``, pair
ids ``1NS``, TOTAL_SCORE absent, decimal matchpoints) are part of the format, not findings.

>>> from scoring.domain.formats.usebio import SAMPLE
>>> [(f.code, f.element, f.line) for f in check_usebio(SAMPLE)]
[('nesting', 'PARTICIPANTS', 6), ('nesting', 'BOARD', 10)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.domain.formats.xmltree import Element, parse_xml
from scoring.domain.text import Text

__all__ = ["check_usebio", "SchemaFinding", "SPEC"]

_INT = r"\d+"
_NUMBER = r"-?\d+(\.\d+)?"
_PAIR = r"[A-Za-z]?\d+(NS|EW)?"
_RANKS = r"(A?K?Q?J?(T|10)?9?8?7?6?5?4?3?2?)"
_CARD = r"([SHDC](10|[AKQJT2-9])|(10|[AKQJT2-9])[SHDC])"
FORMATS = {
    "DATE": (r"\d{2}/\d{2}/\d{4}", "dd/mm/yyyy"),
    "WINNER_TYPE": (r"[12]", "1|2"),
    "BOARD_SCORING_METHOD": (r"MATCH_POINTS|CROSS_IMPS|IMPS|PAB|BUTLER", "MATCH_POINTS|CROSS_IMPS|IMPS|PAB|BUTLER"),
    "SESSION_COUNT": (_INT, "0-9"),
    "SECTION_COUNT": (_INT, "0-9"),
    "PAIRS": (_INT, "0-9"),
    "BOARDS_PLAYED": (_INT, "0-9"),
    "EW_PAIRS": (_INT, "0-9"),
    "MPS_AWARDED_FLAG": (r"[YN]", "Y|N"),
    "PAIR_NUMBER": (_PAIR, "7|1NS"),
    "NS_PAIR_NUMBER": (_PAIR, "7|1NS"),
    "EW_PAIR_NUMBER": (_PAIR, "7|1NS"),
    "TOTAL_SCORE": (_NUMBER, "0.00"),
    "PERCENTAGE": (_NUMBER, "0.00"),
    "PLACE": (r"\d+=?", "5|5="),
    "MASTER_POINTS_AWARDED": (_NUMBER, "0-9"),
    "ADJUSTMENT": (_NUMBER, "0.00"),
    "BOARD_NUMBER": (r"[1-9]\d*", "1-9"),
    "CONTRACT": (r"[1-7](NT|N|S|H|D|C)(X|XX|x|xx)?|PASS", "3NT|3N|4SX|4Hx|PASS"),
    "PLAYED_BY": (r"[NESW]", "N|E|S|W"),
    "LEAD": (_CARD + "?", "2H|D10|HK"),
    "TRICKS": (r"\d|1[0-3]", "0-13"),
    "SCORE": (r"-?\d+|A\d{4}", "-620|A6040"),
    "NS_MATCH_POINTS": (_NUMBER, "0.00"),
    "EW_MATCH_POINTS": (_NUMBER, "0.00"),
    "SPADES": (_RANKS, "AKQJT98765432"),
    "HEARTS": (_RANKS, "AKQJT98765432"),
    "DIAMONDS": (_RANKS, "AKQJT98765432"),
    "CLUBS": (_RANKS, "AKQJT98765432"),
}
EVENT_TYPES = ("MP_PAIRS", "PAIRS", "TEAMS", "INDIVIDUAL", "CROSS_IMP", "BUTLER_PAIRS", "SWISS_PAIRS", "SWISS_TEAMS")

# Each element's children: tag → "1" (exactly once), "?" (at most once), "+" (at least once), "*" (any).
_EVENT_HEAD = dict.fromkeys(
    (
        "EVENT_IDENTIFIER",
        "EVENT_DESCRIPTION",
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "BOARD_SCORING_METHOD",
        "WINNER_TYPE",
        "MASTER_POINT_SCALE",
        "MASTER_POINT_TYPE",
        "SESSION_COUNT",
        "SECTION_COUNT",
        "PAIRS",
        "BOARDS_PLAYED",
        "EW_PAIRS",
        "MPS_AWARDED_FLAG",
        "CONTACT",
    ),
    "?",
)
SPEC: dict[str, dict[str, str]] = {
    "USEBIO": {"CLUB": "1", "EVENT": "1", "HANDSET": "*"},
    "CLUB": {"CLUB_NAME": "1", "CLUB_ID_NUMBER": "?"},
    "EVENT": {**_EVENT_HEAD, "DATE": "1", "SESSION": "*", "PARTICIPANTS": "?", "BOARD": "*"},
    "CONTACT": {"FULL_NAME": "?", "TELEPHONE": "?", "EMAIL": "?"},
    "SESSION": {"SECTION": "+"},
    "SECTION": {"PARTICIPANTS": "1", "BOARD": "*"},
    "PARTICIPANTS": {"PAIR": "*"},
    "PAIR": {
        "PAIR_NUMBER": "1",
        "DIRECTION": "?",
        "TOTAL_SCORE": "?",
        "PERCENTAGE": "?",
        "PLACE": "?",
        "MASTER_POINTS_AWARDED": "?",
        "ADJUSTMENT": "?",
        "PLAYER": "*",
    },
    "PLAYER": {"PLAYER_NAME": "1", "NATIONAL_ID_NUMBER": "?", "CLUB_ID_NUMBER": "?"},
    "BOARD": {"BOARD_NUMBER": "1", "HAND": "*", "TRAVELLER_LINE": "*"},
    "HAND": {"DIRECTION": "1", "CLUBS": "1", "DIAMONDS": "1", "HEARTS": "1", "SPADES": "1"},
    "TRAVELLER_LINE": {
        "NS_PAIR_NUMBER": "1",
        "EW_PAIR_NUMBER": "1",
        "CONTRACT": "?",
        "PLAYED_BY": "?",
        "LEAD": "?",
        "TRICKS": "?",
        "SCORE": "1",
        "NS_MATCH_POINTS": "?",
        "EW_MATCH_POINTS": "?",
        "LIN_DATA": "?",
    },
    "HANDSET": {"BOARD": "*"},
}
#: Elements whose text must not be empty when present (the rest may be, e.g. DIRECTION of a Howell pair).
_NOT_EMPTY = {"CLUB_NAME", "DATE", "PAIR_NUMBER", "PLAYER_NAME", "BOARD_NUMBER", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER",
              "SCORE", "CONTRACT", "PLAYED_BY", "TRICKS"}  # fmt: skip


@dataclass(frozen=True)
class SchemaFinding:
    code: str  # missing, empty, repeated, format, nesting, unknown
    element: str
    parent: str
    line: int
    text: Text

    def __str__(self) -> str:
        return f"line {self.line}: {self.text}"


class _Checker:
    def __init__(self) -> None:
        self.findings: list[SchemaFinding] = []
        self.version = ""

    def add(self, code: str, element: Element | None, parent: Element, *, tag: str = "", **params: object) -> None:
        at = element if element is not None else parent
        tag = tag or (element.tag if element is not None else "")
        text = Text.of(f"schema.{code}", element=tag, parent=parent.tag, **params)
        self.findings.append(SchemaFinding(code, tag, parent.tag, at.line, text))

    def check(self, element: Element, parent: Element | None) -> None:
        spec = SPEC.get(element.tag, {})
        if element.tag == "BOARD" and parent is not None and parent.tag == "HANDSET":
            spec = {"BOARD_NUMBER": "1", "HAND": "+"}
        if element.tag == "DIRECTION" and parent is not None and parent.tag == "HAND":
            self.value(element, parent, r"North|East|South|West", "North|East|South|West")
        elif element.tag == "DIRECTION" and parent is not None:
            self.value(element, parent, r"NS|EW|", "NS|EW|")
        elif parent is not None and (element.tag in FORMATS or element.tag in _NOT_EMPTY):  # (the root is neither)
            self.value(element, parent, *FORMATS.get(element.tag, (r".*", "")))
        counts: dict[str, int] = {}
        for child in element.children:
            counts[child.tag] = counts.get(child.tag, 0) + 1
            if child.tag not in spec:
                self.add("unknown", child, element)
                continue
            self.check(child, element)
        for tag, how in spec.items():
            count = counts.get(tag, 0)
            if how in ("1", "+") and not count:
                self.add("missing", None, element, tag=tag)
            if how in ("1", "?") and count > 1:
                self.add("repeated", element.findall(tag)[1], element, count=count)
        if element.tag == "TRAVELLER_LINE":
            self.played_line(element)

    def value(self, element: Element, parent: Element, pattern: str, expected: str) -> None:
        if not element.text:
            if element.tag in _NOT_EMPTY:
                self.add("empty", element, parent)
            return
        if not re.fullmatch(pattern, element.text):
            self.add("format", element, parent, text=element.text, expected=expected)

    def played_line(self, line: Element) -> None:
        score = line.value("SCORE") or ""
        contract = (line.value("CONTRACT") or "").upper()
        if score.upper().startswith("A") or contract == "PASS" or (not contract and score):
            return
        for tag in ("CONTRACT", "PLAYED_BY", "TRICKS"):
            if line.find(tag) is None:
                self.add("missing", None, line, tag=tag)


def check_usebio(data: bytes | str, *, source: str = "") -> list[SchemaFinding]:
    """Every place ``data`` departs from §b8's USEBIO (see the module's docstring), in file order."""
    root = parse_xml(data, source=source)
    checker = _Checker()
    if root.tag != "USEBIO":
        checker.add("unknown", root, root)
        return checker.findings
    checker.version = root.attrs.get("Version", "")
    if not re.fullmatch(r"1\.[0-3]", checker.version):
        checker.add("format", root, root, tag="Version", text=checker.version, expected="1.0|1.1|1.2|1.3")
    event = root.find("EVENT")
    if event is not None:
        kind = event.attrs.get("EVENT_TYPE")
        if kind is None:
            checker.add("missing", None, event, tag="EVENT_TYPE")
        elif kind not in EVENT_TYPES:
            checker.add("format", event, root, tag="EVENT_TYPE", text=kind, expected="|".join(EVENT_TYPES))
        if checker.version not in ("1.0", "1.1"):
            for tag in ("PARTICIPANTS", "BOARD"):
                for element in event.findall(tag):
                    checker.add("nesting", element, event, version=checker.version)
    checker.check(root, None)
    return sorted(checker.findings, key=lambda f: f.line)

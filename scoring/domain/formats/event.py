"""An event as a results file holds it: what USEBIO and PBN readers give and their writers take.

* :class:`FilePlayer` — a player's name and, when the file gives them, national and club ids;
* :class:`FilePair` — a pair: its id as the traveller lines use it (``"7"``, ``"1NS"``, with the
  section in front when the file has several: ``"A7"``), its number, direction and section as
  the file writes them, its players, and the file's own total, percentage and place (text, as
  written, so that the file's precision is kept);
* :class:`FileEvent` — the event: name, date, club, the file's event type, board scoring method
  and winner type, the program that wrote it, sections, pairs, deals (board → ``Deal``), analyses
  (board → ``BoardAnalysis``, PBN), and the traveller lines
  (:class:`~scoring.domain.results.TravellerLine`, each carrying the file's own numbers in
  ``extra``: ``score``, ``mp_ns``, ``mp_ew`` as written and ``line``, the file's line).

:meth:`FileEvent.score` scores the lines with the options the file implies (its method; our
default scale, factoring and sections) or with the caller's.

>>> from scoring.domain.results import Played, TravellerLine as L
>>> event = FileEvent(name="Club pairs", lines=[L(1, "1", "2", Played.of("4S", "N", 10)),
...                                             L(1, "3", "4", Played.of("4S", "N", 9))])
>>> [(p.pair, p.place) for p in event.score().pairs]
[('1', '1='), ('4', '1='), ('2', '3='), ('3', '3=')]
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from fractions import Fraction

from bridge.cards import Deal
from dealing.domain.analysis import BoardAnalysis
from scoring.domain.engine import EventScore, score_event
from scoring.domain.errors import ScoringError
from scoring.domain.options import ScoringOptions
from scoring.domain.results import TravellerLine

__all__ = ["FilePlayer", "FilePair", "FileEvent", "split_pair_id", "weight_text", "EVENT_TYPES", "METHOD_EVENT_TYPES"]

#: USEBIO's EVENT_TYPE (and the spellings seen in real files) → our scoring method.
EVENT_TYPES = {
    "MP_PAIRS": "matchpoints",
    "PAIRS": "matchpoints",
    "MATCH_POINTS": "matchpoints",
    "BUTLER_PAIRS": "butler",
    "BUTLER": "butler",
    "CROSS_IMP": "cross_imps",
    "CROSS_IMPS": "cross_imps",
}
#: Our method → the EVENT_TYPE and BOARD_SCORING_METHOD we write.
METHOD_EVENT_TYPES = {
    "matchpoints": ("MP_PAIRS", "MATCH_POINTS"),
    "butler": ("BUTLER_PAIRS", "BUTLER"),
    "cross_imps": ("CROSS_IMP", "CROSS_IMPS"),
}

_PAIR_ID = re.compile(r"([A-Za-z]*?)([0-9]{1,9}) ?(NS|EW)?", re.IGNORECASE)  # (int() refuses thousands of digits)


def split_pair_id(text: str) -> tuple[str, int, str] | None:
    """``"1NS"`` → ``("", 1, "NS")``, ``"A7"`` → ``("A", 7, "")``; None when it is not a pair id.

    >>> split_pair_id("12"), split_pair_id("3ew"), split_pair_id("1 NS"), split_pair_id("x")
    (('', 12, ''), ('', 3, 'EW'), ('', 1, 'NS'), None)
    """
    match = _PAIR_ID.fullmatch(str(text).strip())
    if not match or int(match[2]) < 1:
        return None
    return match[1], int(match[2]), (match[3] or "").upper()


def weight_text(weight: Fraction) -> str:
    """A weighted score's weight as a percentage: ``1/5`` → ``"20"``, ``1/3`` → ``"33.3333"``."""
    value = Fraction(weight) * 100
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, slots=True)
class FilePlayer:
    name: str
    national_id: str = ""
    club_id: str = ""


@dataclass(slots=True)
class FilePair:
    """A pair of the event as the file describes it."""

    id: str  # as the traveller lines name it
    number: int
    direction: str = ""  # "NS", "EW" or "" (what the file says)
    section: str = ""  # the file's section id ("" when it has none)
    players: tuple[FilePlayer, ...] = ()
    written: str = ""  # the number as the file writes it ("1NS")
    total: str | None = None  # the file's numbers, as written
    percentage: str | None = None
    place: str | None = None
    line: int | None = None
    handicap: Fraction | None = None  # a handicap event's (USEBIO <HANDICAP>): the file adds half of it

    @property
    def numbered_by_direction(self) -> bool:
        """NS and EW pairs numbered separately (``1NS`` and ``1EW``)."""
        return (self.written or self.id).upper().endswith(("NS", "EW"))

    @property
    def names(self) -> str:
        return " – ".join(p.name for p in self.players if p.name)


@dataclass
class FileEvent:
    name: str
    date: datetime.date | None = None
    club_name: str = ""
    club_id: str = ""
    event_type: str = "MP_PAIRS"  # as the file says (USEBIO EVENT_TYPE)
    board_scoring_method: str = ""  # as the file says
    method: str = "matchpoints"  # ours: matchpoints, butler or cross_imps
    winner_type: int = 1  # 1: one ranking; 2: NS and EW ranked apart
    program: str = ""
    program_version: str = ""
    identifier: str = ""
    version: str = ""  # the file format's version ("1.2")
    source: str = ""  # the file's name
    file_format: str = "usebio"
    sections: tuple[str, ...] = ()
    pairs: list[FilePair] = field(default_factory=list)
    deals: dict[int, Deal] = field(default_factory=dict)
    analyses: dict[int, BoardAnalysis] = field(default_factory=dict)
    lines: list[TravellerLine] = field(default_factory=list)
    stated: ScoringOptions | None = None  # options the file states in full (a JSON traveller set)
    session_columns: bool = False  # the pairs' numbers are a multi-session table's columns for this session

    @property
    def two_winners(self) -> bool:
        return self.winner_type == 2

    @property
    def handicaps(self) -> dict[str, Fraction]:
        """Each pair's handicap, when the file gives them (a handicap event): pair id → handicap."""
        return {p.id: p.handicap for p in self.pairs if p.handicap is not None}

    @property
    def boards(self) -> tuple[int, ...]:
        """The boards that have a result."""
        return tuple(sorted({line.board for line in self.lines}))

    def pair(self, pair_id: str) -> FilePair | None:
        return next((p for p in self.pairs if p.id == pair_id), None)

    def options(self, **overrides: str | None) -> ScoringOptions:
        """The file's method with our defaults (or the options it states), changed by ``overrides``."""
        base = self.stated or ScoringOptions(method=self.method)
        given = {k: v for k, v in overrides.items() if v}
        return ScoringOptions.parse({**base.as_dict(), **given}) if given else base

    def fields(self, options: ScoringOptions) -> dict[str, str] | None:
        """Who is ranked with whom when the file says it: NS and EW apart for two winners (from each pair's
        direction), each section apart when sections are scored within; None lets the engine decide."""
        within = options.sections == "within" and len(self.sections) > 1
        if not self.two_winners and not within:
            return None
        known = {p.id: p for p in self.pairs}
        playing = {pid for line in self.lines for pid in (line.ns, line.ew)}
        if self.two_winners and any(pid not in known or not known[pid].direction for pid in playing):
            return None
        out = {}
        for pid in playing:
            pair = known.get(pid)
            parts = [pair.section if within and pair else "", pair.direction if self.two_winners and pair else ""]
            out[pid] = " ".join(p for p in parts if p)
        return out

    def score(self, options: ScoringOptions | None = None) -> EventScore:
        """The event scored by us (the file's method and our defaults unless ``options`` are given)."""
        options = options or self.options()
        try:
            return score_event(self.lines, options, fields=self.fields(options), two_winners=self.two_winners)
        except ScoringError as exc:  # what the engine refuses, said where the file says it (its line)
            if (exc.line is None and exc.where is None) or not self.source:
                raise
            raise ScoringError(
                exc.reason, field=exc.field, line=exc.line, where=exc.where, source=self.source
            ) from None

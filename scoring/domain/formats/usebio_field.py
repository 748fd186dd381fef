"""A simultaneous pairs' whole field as one USEBIO 1.2 file: a SECTION per club, each pair with its overall percentage
and place across the field, every traveller line with its overall matchpoints (and, once the deals may be shown, the
HANDSET). Written by :func:`~scoring.domain.formats.usebio_writer.write_usebio`: this module only puts the field as
kept (:class:`FieldPair`, :class:`FieldLine`) into the writer's event and score.

>>> from fractions import Fraction as F
>>> from scoring.domain.formats.usebio import read_usebio
>>> from scoring.domain.results import Played
>>> pairs = [FieldPair("Alpha", "1", "Ann – Bob", F(75), "1"), FieldPair("Alpha", "2", "", F(25), "3"),
...          FieldPair("Beta", "1", "", F(50), "2")]
>>> lines = [FieldLine(1, "Alpha", "1", "2", Played.of("4S", "N", 10), F(3), F(1), F(4)),
...          FieldLine(1, "Beta", "1", "2", Played.of("4S", "N", 9), F(1), F(3), F(4))]
>>> read = read_usebio(write_field_usebio(name="Autumn Sim", organiser="Riverside", pairs=pairs, lines=lines))
>>> read.sections, [(p.section, p.id, p.percentage, p.place, p.names) for p in read.pairs][:2]
(('Alpha', 'Beta'), [('Alpha', 'Alpha1', '75.00', '1', 'Ann – Bob'), ('Alpha', 'Alpha2', '25.00', '3', '')])
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridge.cards import Deal
from scoring.domain.engine import BoardScore, EventScore, LineScore, PairScore
from scoring.domain.formats.event import FileEvent, FilePair, FilePlayer
from scoring.domain.formats.usebio_writer import write_usebio
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Result, TravellerLine

__all__ = ["FieldPair", "FieldLine", "write_field_usebio"]


@dataclass(frozen=True, slots=True)
class FieldPair:
    """A pair of the field: its club, its number there, its players, its overall percentage and place."""

    club: str
    pair: str
    names: str
    percentage: Fraction
    place: str


@dataclass(frozen=True, slots=True)
class FieldLine:
    """A result of the field: board, club, NS and EW pairs (the club's numbers), the result, and each side's overall
    matchpoints with the top they are out of."""

    board: int
    club: str
    ns: str
    ew: str
    result: Result
    mp_ns: Fraction
    mp_ew: Fraction
    top: Fraction


def _number(pair: str) -> int:
    digits = "".join(ch for ch in pair if ch.isdecimal())
    return int(digits[:9]) if digits else 0


def write_field_usebio(
    *,
    name: str,
    organiser: str,
    pairs: Sequence[FieldPair],
    lines: Sequence[FieldLine],
    date: datetime.date | None = None,
    options: ScoringOptions | None = None,
    deals: Mapping[int, Deal] | None = None,
) -> bytes:
    """USEBIO 1.2 of the whole field (see the module's docstring), UTF-8; ``deals`` (board → deal) only when the
    deals may be shown. A club is a SECTION; its pairs keep their club's numbers (each one's id in the file's
    sections is the club's name and the number, as the writer writes sections)."""
    clubs = sorted({p.club for p in pairs} | {line.club for line in lines})
    several = len(clubs) > 1

    def section(club: str) -> str:
        return club if several else ""

    def pair_id(club: str, pair: str) -> str:
        return f"{section(club)}{pair}"

    event = FileEvent(
        name=name,
        date=date,
        club_name=organiser,
        sections=tuple(clubs),
        pairs=[
            FilePair(
                id=pair_id(p.club, p.pair),
                number=_number(p.pair),
                section=p.club,
                players=tuple(FilePlayer(n.strip()) for n in p.names.split(" – ") if n.strip()),
                written=p.pair,
            )
            for p in pairs
        ],
        deals=dict(deals or {}),
    )
    boards: dict[int, list[LineScore]] = {}
    matchpoints: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for line in lines:
        ns, ew = pair_id(line.club, line.ns), pair_id(line.club, line.ew)
        traveller = TravellerLine(line.board, ns, ew, line.result, section=section(line.club))
        scored = LineScore(traveller, traveller.ns_score, line.mp_ns, line.mp_ew, line.top)
        boards.setdefault(line.board, []).append(scored)
        for pair, mp in ((ns, line.mp_ns), (ew, line.mp_ew)):
            matchpoints[pair] = matchpoints.get(pair, Fraction(0)) + mp
            tops[pair] = tops.get(pair, Fraction(0)) + line.top
            played[pair] = played.get(pair, 0) + 1
    score = EventScore(
        options=options or ScoringOptions(),
        boards=[
            BoardScore(board=n, section="", lines=found, expected=len(found), actual=len(found), top=None)
            for n, found in sorted(boards.items())
        ],
        pairs=[
            PairScore(
                pair=(key := pair_id(p.club, p.pair)),
                field="",
                section=section(p.club),
                total=matchpoints.get(key, Fraction(0)),
                top=tops.get(key, Fraction(0)),
                boards=played.get(key, 0),
                percentage=p.percentage,
                place=p.place,
            )
            for p in pairs
        ],
    )
    return write_usebio(event, score)

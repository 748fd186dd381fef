"""What a table scored on a board: the kinds of result a traveller line holds.

* :class:`Played` — a contract (the project's one :class:`~bridge.contract.Contract`)
  and the tricks taken, or a pass-out (``contract=None``), with the opening lead if recorded;
  its score is Law 77's (``contract.ns_score``), from North–South's view, the board number
  giving the vulnerability (Law 2).
* :class:`Assigned` — an assigned adjusted score (Law 12C1): a real score replacing the
  table's, or a weighted one (e.g. 20 % of +650 and 80 % of +620, Law 12C1(c)); matchpointed
  like any result, each part with its weight.
* :class:`Artificial` — an artificial adjusted score (Law 12C2): each side's percentage of the
  board's top (Average plus 60, Average 50, Average minus 40, or any pair such as 60/60);
  written ``A6040`` as USEBIO does.
* :class:`TravellerLine` — one line of a board's traveller: the board, the NS and EW pairs
  (their ids as the session or file writes them, e.g. ``"3"`` or ``"1NS"``), the result, and
  where known the round and table, the section and, for a fouled board, the group of tables
  that played the same cards.

Sit-outs have no line at all (a line would be scored as a pass).

>>> line = TravellerLine(6, "7", "5", Played.of("3S", "N", 9))
>>> line.ns_score, str(line.result)
(140, '3S by N, 9 tricks')
>>> TravellerLine(6, "3", "2", Played.of("4S", "N", 9)).ns_score
-50
>>> Assigned.weighted((Fraction(1, 5), 650), (Fraction(4, 5), 620)).score
Fraction(626, 1)
>>> str(Artificial(60, 40)), TravellerLine(1, "1", "2", Artificial(60, 40)).ns_score is None
('A6040', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import TypedDict

from bridge.cards import Seat, Strain, board_vulnerability
from bridge.contract import Bid, Contract
from bridge.contract import score as law77_score
from scoring.domain.errors import ScoringError
from scoring.domain.text import Text

#: Law 77 scores already worked out, by (contract, tricks, board's place in Law 2's 16-board cycle);
#: at most 420 contracts × 14 × 16 entries.
_LAW77: dict[tuple[Contract, int, int], int] = {}


@dataclass(frozen=True, slots=True)
class Played:
    """A contract played (``contract=None``: passed out) and the tricks declarer took."""

    contract: Contract | None
    tricks: int | None = None
    lead: str = ""

    def __post_init__(self) -> None:
        if self.contract is None:
            object.__setattr__(self, "tricks", None)
        elif isinstance(self.tricks, bool) or not isinstance(self.tricks, int) or not 0 <= self.tricks <= 13:
            raise ScoringError(
                Text.of("entry.tricks_range", contract=str(self.contract.call), tricks=self.tricks), field="tricks"
            )

    @classmethod
    def of(cls, contract: str, declarer: str | Seat, tricks: int, lead: str = "") -> Played:
        return cls(Contract.from_str(contract, declarer), tricks, lead)

    @classmethod
    def passed_out(cls) -> Played:
        return cls(None)

    @property
    def is_passed_out(self) -> bool:
        return self.contract is None

    def ns_score(self, board: int) -> int:
        if self.contract is None:
            return 0
        tricks = self.tricks
        assert tricks is not None  # a contract has its tricks (__post_init__)
        if isinstance(board, int) and board >= 1:  # remembered: a session re-scores the same lines often
            key = (self.contract, tricks, (board - 1) % 16)
            score = _LAW77.get(key)
            if score is None:
                score = _LAW77[key] = self.contract.ns_score(tricks, board_vulnerability(board))
            return score
        return self.contract.ns_score(tricks, board_vulnerability(board))

    @property
    def result(self) -> str:
        """Tricks against the contract, as travellers write them: ``=``, ``+1``, ``-2`` ("" when passed out)."""
        if self.contract is None:
            return ""
        assert self.tricks is not None  # a contract has its tricks (__post_init__)
        over = self.tricks - self.contract.tricks_needed
        return "=" if over == 0 else f"{over:+d}"

    def __str__(self) -> str:
        return str(said(self))


@dataclass(frozen=True, slots=True)
class Assigned:
    """An assigned adjusted score: one real score (NS view) or a weighted set of them (weights add up to 1)."""

    parts: tuple[tuple[Fraction, int], ...]
    note: str = ""

    def __post_init__(self) -> None:
        parts = tuple((Fraction(w), int(s)) for w, s in self.parts)
        total = sum(w for w, _ in parts)
        if not parts or total != 1 or any(w <= 0 for w, _ in parts):
            raise ScoringError(Text.of("entry.weights", total=str(total * 100)), field="result")
        for _, s in parts:
            check_score(s)
        object.__setattr__(self, "parts", parts)

    @classmethod
    def of(cls, score: int, note: str = "") -> Assigned:
        return cls(((Fraction(1), score),), note)

    @classmethod
    def weighted(cls, *parts: tuple[Fraction | int | str, int], note: str = "") -> Assigned:
        return cls(tuple((Fraction(w), s) for w, s in parts), note)

    @property
    def is_weighted(self) -> bool:
        return len(self.parts) > 1

    @property
    def score(self) -> Fraction:
        """The weighted mean NS score (the score itself when there is one part)."""
        return sum((w * s for w, s in self.parts), Fraction(0))

    def __str__(self) -> str:
        return str(said(self))


def _score(score: int) -> str:
    """``+420``, ``-50``, ``0`` (as files and scorers write scores; pages use ``ranking.signed``)."""
    return f"{score:+d}" if score else "0"


def _percent(weight: Fraction) -> str:
    value = weight * 100
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score: NS's and EW's percentage of the board's top (e.g. 60 and 40)."""

    ns_percent: int
    ew_percent: int

    def __post_init__(self) -> None:
        for value in (self.ns_percent, self.ew_percent):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
                raise ScoringError(
                    Text.of("entry.artificial", text=f"A{self.ns_percent}{self.ew_percent}"), field="result"
                )

    def __str__(self) -> str:
        return (
            f"A{self.ns_percent:02d}{self.ew_percent:02d}"
            if max(self.ns_percent, self.ew_percent) < 100
            else f"A{self.ns_percent}/{self.ew_percent}"
        )


Result = Played | Assigned | Artificial


def said(result: Result) -> Text | str:
    """The result as a traveller shows it, for messages: a ``Text`` where words need translating
    (``4S by N, 10 tricks``, ``passed out``, ``20% of +650, 80% of +620``), else the plain
    notation (``+420``, ``A6040``). ``str()`` of a result is its English.

    >>> [str(said(r)) for r in (Played.of("4S", "N", 10), Played.of("1N", "E", 1), Played(None), Assigned.of(0))]
    ['4S by N, 10 tricks', '1N by E, 1 trick', 'passed out', '0']
    """
    if isinstance(result, Played):
        if result.contract is None:
            return Text.of("result.passed")
        return Text.of(
            "result.played",
            contract=str(result.contract.call),
            declarer=result.contract.declarer.letter,
            tricks=result.tricks,
        )
    if isinstance(result, Assigned):
        if not result.is_weighted:
            return _score(result.parts[0][1])
        return Text.of("result.weighted", parts=tuple((_percent(w), _score(s)) for w, s in result.parts))
    return str(result)


def correction(old: Result, new: Result) -> Result:
    """What a recorded line holds after ``new`` is put in place of ``old``: ``new`` itself, except that a played
    result corrected without a lead keeps the lead recorded. The card led is a fact of the play that a corrected
    contract, declarer or tricks does not undo (a director retyping ``4S= W`` after the table's "declarer was
    West" must not lose the table's ♥K); a lead given replaces it, and an adjusted score has none.

    >>> correction(Played.of("4S", "E", 10, lead="HK"), Played.of("4S", "W", 10)).lead
    'HK'
    >>> correction(Played.of("4S", "E", 10, lead="HK"), Played.of("4S", "W", 10, lead="D2")).lead
    'D2'
    >>> correction(Played.of("4S", "E", 10, lead="HK"), Assigned.of(-100))
    Assigned(parts=((Fraction(1, 1), -100),), note='')
    """
    if isinstance(new, Played) and new.contract is not None and not new.lead and isinstance(old, Played) and old.lead:
        return replace(new, lead=old.lead)
    return new


class LineExtra(TypedDict, total=False):
    """What a file (or the database) adds to a traveller line: none of it is scored."""

    line: int  # the file's line
    position: str  # where in a JSON file (``boards[0].results[2]``)
    score: str | None  # the file's own numbers, as written
    mp_ns: str | None
    mp_ew: str | None
    lead: str
    id: int  # the result's row in the database


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on a board."""

    board: int
    ns: str
    ew: str
    result: Result
    section: str = ""
    group: str = ""  # a fouled board: the tables that played the same cards share a group
    round: int | None = None
    table: int | None = None
    extra: LineExtra = field(default_factory=LineExtra, compare=False, hash=False)  # what a file adds (its own MPs …)
    _ns_score: int | Fraction | None = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise ScoringError(Text.of("result.board", board=self.board), field="board")
        if not self.ns or not self.ew:
            raise ScoringError(Text.of("result.pair_missing"), field="ns" if not self.ns else "ew")
        if self.ns == self.ew:
            raise ScoringError(Text.of("result.pairs_same", pair=self.ns), field="ew")
        # worked out once: the checks compare each score with every other on its board
        object.__setattr__(self, "_ns_score", self._score())

    def _score(self) -> int | Fraction | None:
        if isinstance(self.result, Played):
            return self.result.ns_score(self.board)
        if isinstance(self.result, Assigned):
            score = self.result.score
            return int(score) if score.denominator == 1 else score
        return None

    @property
    def ns_score(self) -> int | Fraction | None:
        """North–South's score: Law 77 for a played board, the assigned score, ``None`` for an artificial one."""
        return self._ns_score


@cache
def possible_scores() -> frozenset[int]:
    """Every NS score a contract can give on any board (both sides, any vulnerability), and 0."""
    out = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in (0, 1, 2):
                contract = Contract(Bid(level, strain), doubling, Seat.NORTH)
                for tricks in range(14):
                    for vulnerable in (False, True):
                        points = law77_score(contract, tricks, vulnerable=vulnerable)
                        out.update((points, -points))
    return frozenset(out)


def check_score(score: int) -> int:
    """``score`` if some contract gives it, else a :class:`ScoringError`.

    >>> check_score(-1100)
    -1100
    >>> check_score(330)
    Traceback (most recent call last):
    ...
    scoring.domain.errors.ScoringError: +330 is not a score any contract gives
    """
    if isinstance(score, bool) or not isinstance(score, int) or score not in possible_scores():
        raise ScoringError(
            Text.of("entry.score", score=int(score) if isinstance(score, (int, float)) else 0), field="score"
        )
    return score


__all__ = [
    "Played",
    "Assigned",
    "Artificial",
    "Result",
    "TravellerLine",
    "possible_scores",
    "check_score",
    "said",
    "correction",
]

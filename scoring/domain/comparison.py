"""Compare our score of an event with the numbers a results file publishes, and explain every difference.

:func:`compare` takes a :class:`~scoring.domain.formats.event.FileEvent` (whose traveller lines
carry the file's own ``score``, ``mp_ns`` and ``mp_ew`` as written, and whose pairs carry its
totals, percentages and places) and our :class:`~scoring.domain.engine.EventScore` of it, and
returns a :class:`Comparison`:

* every line's **score** must equal ours (Law 77); an unequal one is an error, never explained;
* every line's **matchpoints** (or IMPs) and every pair's **total**, **percentage** and
  **place** are compared at the file's own precision: each number with as many decimals as the
  file wrote (BriAn writes up to 6, Compscore 1–2, EBUScore 0–2 with trailing zeros dropped);
  places by their number (``6`` and ``6=`` agree: Compscore writes no ``=``).

A difference is *explained* when a named convention reproduces the file's number
(:data:`CONVENTIONS`):

* ``factoring_none`` / ``factoring_neuberg`` — the file scores short boards the other way
  (BriAn: no Neuberg; each board on its own top, percentages over the actual tops);
* ``raw_lines`` — the lines carry raw (unfactored) matchpoints while the totals are factored
  (Compscore, board 12 of the Howell);
* ``rounded_lines`` — percentages computed from the line matchpoints as the file rounds them
  (EBUScore, 2 decimals);
* ``totals_all_boards`` — a pair that missed boards has its total factored to all boards,
  total × boards ÷ boards played (Compscore);
* ``half_even`` — the file rounds halves to the even digit (12.65 → 12.6, 21.05 → 21.0: Compscore's
  Neuberg matchpoints), where we round them away from zero;
* ``single_precision`` — the number is one unit off in its last decimal because the program
  keeps it as a single-precision float (BriAn's percentages);
* ``factoring_ties`` — the file scores the results missing on a short board as ties with every
  result played: each side gets M + (E − A) (ScoreBridge);
* ``truncated`` — the file cuts its numbers to the decimals it writes (NZ Scorer: one decimal);
* ``override`` — a director's override: a line whose matchpoints no rule gives, taken as the
  director's only when the file marks it (``extra["override"]``) or when it is *isolated* (not
  every line of its board, not one shift shared by several lines of the board, not below 0 or above
  the board's top) and the file's own numbers of its pairs follow it (listed in
  :attr:`Comparison.overrides`). Any other line no convention gives is unexplained, and changes nothing
  the pairs' numbers are checked against.

A pair's total, percentage or place that differs from ours is explained only when a named
convention reproduces it; otherwise it is unexplained, always. When another factoring than the
one we scored with reproduces every number of the file, :attr:`Comparison.reproduced_by` names
it ("the file scores missing results as ties; re-scored that way, every number agrees").
:meth:`Comparison.describe` and :attr:`Comparison.differences` list the unexplained first.

What no convention reproduces is reported as unexplained (``convention == ()``).

>>> from scoring.domain.formats.event import FileEvent, FilePair
>>> from scoring.domain.results import Played, TravellerLine as L
>>> lines = [L(1, "1", "2", Played.of("4S", "N", 10), extra={"score": "420", "mp_ns": "2", "mp_ew": "0"}),
...          L(1, "3", "4", Played.of("4S", "N", 9), extra={"score": "-50", "mp_ns": "0", "mp_ew": "2"})]
>>> event = FileEvent(name="x", lines=lines, pairs=[FilePair("1", 1, percentage="100.00")])
>>> result = compare(event, event.score())
>>> result.checked, result.differences
({'scores': 2, 'matchpoints': 4, 'totals': 0, 'percentages': 1, 'places': 0}, [])
"""

from __future__ import annotations

import re
import struct
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from scoring.domain.engine import EventScore, LineScore, PairScore, score_event
from scoring.domain.formats.event import FileEvent, FilePair
from scoring.domain.options import FACTORINGS
from scoring.domain.ranking import competition_places, handicap_ranking, place_number, shown
from scoring.domain.results import Artificial
from scoring.domain.text import Text

__all__ = ["compare", "Comparison", "Finding", "Override", "CONVENTIONS", "decimals", "agrees"]

CONVENTIONS = (
    "factoring_none",
    "factoring_neuberg",
    "raw_lines",
    "rounded_lines",
    "totals_all_boards",
    "half_even",
    "single_precision",
    "override",
    # issue 20: an honest comparison
    "factoring_ties",
    "truncated",
)

#: Conventions about how a number is written, not how it is scored: a file reproduced up to these agrees.
WRITING = ("half_even", "single_precision", "truncated")


@dataclass(frozen=True)
class Finding:
    """One number of the file that is not ours at its precision, and the conventions that reproduce it."""

    what: str  # "score", "matchpoints", "total", "percentage" or "place"
    theirs: str  # as the file writes it
    ours: str  # ours with the file's decimals (at least two)
    convention: tuple[str, ...]  # what reproduces the file's number; () = unexplained
    board: int | None = None
    ns: str | None = None
    ew: str | None = None
    side: str = ""  # "NS" or "EW" for a line's matchpoints
    pair: str | None = None
    line: int | None = None  # the file's line

    @property
    def explained(self) -> bool:
        return bool(self.convention)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "what": self.what,
            "theirs": self.theirs,
            "ours": self.ours,
            "explained_by": list(self.convention),
        }
        for key in ("board", "ns", "ew", "pair", "line"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.side:
            out["side"] = self.side
        return out


@dataclass(frozen=True)
class Override:
    """A line whose matchpoints no rule gives: what the file carries against what the rules give."""

    board: int
    ns: str
    ew: str
    result: str
    theirs: tuple[str, str]
    ours: tuple[str, str]
    line: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "board": self.board,
            "ns": self.ns,
            "ew": self.ew,
            "result": self.result,
            "theirs": list(self.theirs),
            "ours": list(self.ours),
            "line": self.line,
        }


@dataclass
class Comparison:
    source: str
    differences: list[Finding] = field(default_factory=list)
    overrides: list[Override] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)
    reproduced_by: str = ""  # a convention that, in place of ours, reproduces every number of the file
    session_columns: bool = False  # the pairs' numbers compared are a multi-session table's session columns
    handicap: bool = False  # a handicap event: percentages and places compared with scratch + half the handicap

    @property
    def errors(self) -> list[Finding]:
        """Scores that are not Law 77's: never explained."""
        return [f for f in self.differences if f.what == "score"]

    @property
    def unexplained(self) -> list[Finding]:
        return [f for f in self.differences if not f.explained]

    @property
    def conventions(self) -> tuple[str, ...]:
        """The conventions that explain something, in :data:`CONVENTIONS` order."""
        used = {c for f in self.differences for c in f.convention}
        return tuple(c for c in CONVENTIONS if c in used)

    def describe(self) -> list[Text]:
        """One text per unexplained difference, then the convention that reproduces the whole file (if one does),
        one per convention found and one per override."""
        out = [
            Text.of(
                "compare.unexplained",
                what=f.what,
                board=f.board,
                ns=f.ns,
                ew=f.ew,
                side=f.side,
                pair=f.pair,
                theirs=f.theirs,
                ours=f.ours,
            )
            for f in self.unexplained
        ]
        if self.session_columns:
            out.append(Text.of("compare.session_columns"))
        if self.handicap:
            out.append(Text.of("compare.handicap"))
        if self.reproduced_by:
            out.append(Text.of("compare.reproduced", convention=self.reproduced_by))
        out += [Text.of(f"compare.{c}") for c in self.conventions]
        out += [
            Text.of(
                "compare.override_line",
                board=o.board,
                ns=o.ns,
                ew=o.ew,
                result=o.result,
                theirs="/".join(o.theirs),
                ours="/".join(o.ours),
            )
            for o in self.overrides
        ]
        return out

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "checked": dict(self.checked),
            "conventions": [{"code": c, "text": str(Text.of(f"compare.{c}"))} for c in self.conventions],
            "overrides": [o.as_dict() for o in self.overrides],
            "reproduced_by": self.reproduced_by,
            "session_columns": self.session_columns,
            "handicap": self.handicap,
            "differences": [f.as_dict() for f in self.differences],
            "errors": len(self.errors),
            "unexplained": len(self.unexplained),
        }


# --- numbers at the file's precision ----------------------------------------------------------


def decimals(text: str) -> int:
    """How many decimals a number is written with: ``"29.9"`` → 1, ``"5"`` → 0."""
    text = text.strip()
    return len(text.split(".", 1)[1]) if "." in text else 0


def _ours(value: Fraction, theirs: str) -> str:
    """Our number as a finding shows it: with the file's decimals, at least two."""
    return shown(value, max(2, decimals(theirs)))


_PLAIN_DECIMAL = re.compile(r"[+-]?[0-9]{1,15}(?:\.[0-9]{1,15})?")


def _decimal(text: str | None) -> Decimal | None:
    """A number as a file writes it (``29.9``, ``-650``), or None: ``Infinity``, ``NaN`` and ``1E+999999999`` are
    no matchpoints, and the exact fraction of the last would take a very long time."""
    if text is None or not _PLAIN_DECIMAL.fullmatch(text.strip()):
        return None
    return Decimal(text.strip())


_PLAIN_PLACE = re.compile(r"[0-9]{1,6}=?")


def _place(text: str | None) -> str | None:
    """A place as a file writes it (``5``, ``5=``), or None: a place of thousands of digits (which ``int()``
    refuses past 4,300) or of digits like ``²`` (``isdigit()`` yet no number) is no place.

    >>> _place("5="), _place(" 12 "), _place("²"), _place("9" * 5000), _place("inf")
    ('5=', '12', None, None, None)
    """
    if text is None or not _PLAIN_PLACE.fullmatch(text.strip()):
        return None
    return text.strip()


@lru_cache(maxsize=1 << 16)
def _exact(text: str) -> Fraction:
    """A number the file writes (``29.9``), exactly."""
    return Fraction(Decimal(text))


def _single(value: float) -> float:
    single: float = struct.unpack("f", struct.pack("f", value))[0]
    return single


def half_even(value: Fraction, places: int) -> Decimal:
    """``value`` to ``places`` decimals with halves rounded to the even digit (banker's rounding).

    >>> half_even(Fraction(1265, 100), 1), half_even(Fraction(2105, 100), 1), half_even(Fraction(1337, 100), 1)
    (Decimal('12.6'), Decimal('21.0'), Decimal('13.4'))
    """
    scaled = Fraction(value) * 10**places
    units = round(scaled)  # Fraction.__round__ rounds halves to even, exactly
    return Decimal(units).scaleb(-places)


def truncated(value: Fraction, places: int) -> Decimal:
    """``value`` cut to ``places`` decimals, towards zero (NZ Scorer's matchpoints).

    >>> truncated(Fraction(29, 3), 1), truncated(Fraction(-29, 3), 1), truncated(Fraction(5), 2)
    (Decimal('9.6'), Decimal('-9.6'), Decimal('5.00'))
    """
    scaled = Fraction(value) * 10**places
    units = int(scaled)  # int() of a Fraction cuts towards zero, exactly
    return Decimal(units).scaleb(-places)


def agrees(ours: Fraction, theirs: str) -> tuple[str, ...] | None:
    """``()`` when ``ours`` written with the file's decimals (halves away from zero) is the file's number; the
    convention that makes it so otherwise (``half_even``: halves rounded to even; ``single_precision``: the same
    single-precision float); None when nothing does.

    >>> agrees(Fraction(700, 13), "53.846154"), agrees(Fraction(700, 13), "53.846153"), agrees(Fraction(1), "2")
    ((), ('single_precision',), None)
    >>> agrees(Fraction(1265, 100), "12.6"), agrees(Fraction(1265, 100), "12.7")
    (('half_even',), ())
    >>> agrees(Fraction(29, 3), "9.6"), agrees(Fraction(29, 3), "9.7")     # NZ Scorer truncates: 9.666… → 9.6
    (('truncated',), ())
    """
    return _agrees(ours, theirs)


@lru_cache(maxsize=1 << 16)
def _agrees(ours: Fraction, theirs: str) -> tuple[str, ...] | None:
    """:func:`agrees`, remembered: a field of a thousand tables writes the same few numbers on every board."""
    written = _decimal(theirs)
    if written is None:
        return None
    places = decimals(theirs)
    if Decimal(shown(ours, places)) == written:
        return ()
    if half_even(ours, places) == written:
        return ("half_even",)
    if places >= 3 and _single(float(ours)) == _single(float(written)):
        return ("single_precision",)
    if places >= 1 and truncated(ours, places) == written:
        return ("truncated",)
    return None


# --- the comparison ---------------------------------------------------------------------------
#
# Algorithm notes. Each side of each line is ours at the file's precision ("equal"), or given by
# another factoring ("alt": a named convention), or not reproduced ("suspect"). A suspect line is
# taken as a director's override only when the file marks it (``extra["override"]``), or when it is
# isolated — not every line of its board, not one shift shared by several lines of its board — and
# the file's own numbers of both its pairs follow it (their total or percentage is ours plus what
# the overrides add). Every other suspect is unexplained, and adds nothing to the pairs: their
# totals, percentages and places are then explained only when a named convention reproduces them.


_T = TypeVar("_T")


class _Lazy(Mapping[str, _T]):
    """``{key: make(key)}`` for ``keys``, each value made the first time it is asked for: another factoring's
    score is made only when a number of the file is not ours (a file that agrees is scored once)."""

    def __init__(self, keys: Iterable[str], make: Callable[[str], _T]):
        self._keys = list(keys)
        self._make = make
        self._made: dict[str, _T] = {}

    def __getitem__(self, key: str) -> _T:
        if key not in self._keys:
            raise KeyError(key)
        if key not in self._made:
            self._made[key] = self._make(key)
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def _rescore(ours: EventScore, factoring: str) -> EventScore:
    lines = [s.line for b in ours.boards for s in b.lines]
    fields = {p.pair: p.field for p in ours.pairs}
    expected = None
    if all(b.section == "" for b in ours.boards):
        expected = {b.board: b.expected for b in ours.boards}
    return score_event(lines, replace(ours.options, factoring=factoring), fields=fields, expected=expected)


def _line_value(score: LineScore, side: str) -> Fraction:
    return score.ns if side == "NS" else score.ew


def compare(event: FileEvent, ours: EventScore) -> Comparison:
    """Our score against the file's numbers (see the module's docstring); when another factoring reproduces
    every number of the file, :attr:`Comparison.reproduced_by` names it."""
    out = _compare(event, ours)
    if ours.options.is_imps or all(set(f.convention) <= set(WRITING) for f in out.differences):
        return out
    for factoring in FACTORINGS:
        if factoring == ours.options.factoring:
            continue
        again = _compare(event, _rescore(ours, factoring=factoring))
        if all(set(f.convention) <= set(WRITING) for f in again.differences):
            out.reproduced_by = f"factoring_{factoring}"
            break
    return out


#: One side of a line the file writes: (side, text, verdict, the factoring that gives it, rounding conventions).
_Side = tuple[str, str, str, str, tuple[str, ...]]


def _compare(event: FileEvent, ours: EventScore) -> Comparison:
    out = Comparison(
        source=event.source,
        checked=dict.fromkeys(("scores", "matchpoints", "totals", "percentages", "places"), 0),
        session_columns=event.session_columns,
        handicap=bool(event.handicaps) and not ours.options.is_imps,
    )
    matchpoints = not ours.options.is_imps
    others = [f for f in FACTORINGS if f != ours.options.factoring] if matchpoints else []
    alts: Mapping[str, EventScore] = _Lazy(others, lambda f: _rescore(ours, factoring=f))
    alt_lines: Mapping[str, dict[int, LineScore]] = _Lazy(
        others, lambda f: {id(s.line): s for b in alts[f].boards for s in b.lines}
    )
    ours_lines = [s for b in ours.boards for s in b.lines]

    _compare_scores(ours_lines, out)
    line_alt: list[tuple[LineScore, str, str, str, tuple[str, ...]]] = []
    rounded_delta: dict[str, Fraction] = defaultdict(Fraction)
    suspects: list[tuple[LineScore, list[_Side]]] = []
    written_lines: dict[tuple[str, int], int] = defaultdict(int)  # (section, board) → lines with matchpoints
    for s in ours_lines:
        sides: list[_Side] = []
        for side, text in (("NS", s.line.extra.get("mp_ns")), ("EW", s.line.extra.get("mp_ew"))):
            if text is None or _decimal(text) is None:
                continue
            verdict, factoring, rounding = _verdict(s, alt_lines, side, text)
            sides.append((side, text, verdict, factoring, rounding))
        out.checked["matchpoints"] += len(sides)
        if sides:
            written_lines[s.line.section, s.line.board] += 1
        if any(verdict == "suspect" for _, _, verdict, _, _ in sides):
            suspects.append((s, sides))
            continue
        for side, text, verdict, factoring, rounding in sides:
            mine = _line_value(s, side)
            if verdict == "alt":
                line_alt.append((s, side, text, factoring, rounding))
                continue
            written = _exact(text)
            if written != mine:
                rounded_delta[_pair_of(s, side)] += written - mine
            if rounding:
                out.differences.append(_line_finding(s, side, text, rounding))

    accepted = _isolated(suspects, written_lines)
    while True:
        delta, delta_alt = _deltas(accepted, alt_lines)
        pairs = Comparison(source=out.source, checked=dict.fromkeys(("totals", "percentages", "places"), 0))
        pair_conventions, followed = _compare_pairs(event, ours, alts, delta, delta_alt, rounded_delta, pairs)
        dropped = [
            (s, sides)
            for s, sides in accepted
            if not s.line.extra.get("override") and not (followed[s.line.ns] and followed[s.line.ew])
        ]
        if not dropped:
            break
        accepted = [item for item in accepted if item not in dropped]
    for what, count in pairs.checked.items():
        out.checked[what] += count
    out.differences += pairs.differences

    taken = {id(s) for s, _ in accepted}
    for s, sides in suspects:
        override = id(s) in taken
        if override:
            texts = {side: text for side, text, *_ in sides}
            out.overrides.append(
                Override(
                    s.line.board,
                    s.line.ns,
                    s.line.ew,
                    _result_text(s),
                    (texts.get("NS", ""), texts.get("EW", "")),
                    (
                        _ours(_line_value(s, "NS"), texts.get("NS", "0")),
                        _ours(_line_value(s, "EW"), texts.get("EW", "0")),
                    ),
                    s.line.extra.get("line"),
                )
            )
        for side, text, verdict, _factoring, _rounding in sides:
            if verdict != "equal":  # an override, or a number nothing reproduces
                out.differences.append(_line_finding(s, side, text, ("override",) if override else ()))

    used = {c for names in pair_conventions.values() for c in names}
    for s, side, text, factoring, rounding in line_alt:
        # lines of another factoring whose totals are ours: the file factors its totals only (Compscore)
        name = f"factoring_{factoring}"
        if factoring == "none" and name not in used:
            name = "raw_lines"
        names = tuple(c for c in CONVENTIONS if c in (name,) + rounding)
        out.differences.append(_line_finding(s, side, text, names))
    out.differences.sort(key=_order)
    return out


def _line_finding(s: LineScore, side: str, text: str, names: tuple[str, ...]) -> Finding:
    return Finding(
        "matchpoints",
        text,
        _ours(_line_value(s, side), text),
        names,
        s.line.board,
        s.line.ns,
        s.line.ew,
        side,
        line=s.line.extra.get("line"),
    )


def _isolated(
    suspects: Sequence[tuple[LineScore, list[_Side]]], written_lines: Mapping[tuple[str, int], int]
) -> list[tuple[LineScore, list[_Side]]]:
    """The suspect lines that may be a director's overrides: marked by the file, or isolated on their board (not
    every line of the board, not one shift shared by two or more lines of the board, and between 0 and the board's
    top)."""
    by_board: dict[tuple[str, int], list[tuple[LineScore, list[_Side]]]] = defaultdict(list)
    for s, sides in suspects:
        by_board[s.line.section, s.line.board].append((s, sides))
    out = []
    for key, group in by_board.items():
        every_line = written_lines[key] >= 2 and len(group) == written_lines[key]
        shifts = {
            tuple(Fraction(Decimal(text)) - _line_value(s, side) for side, text, *_ in sides) for s, sides in group
        }
        shifted = len(group) >= 2 and len(shifts) == 1
        for s, sides in group:
            if s.line.extra.get("override") or not (every_line or shifted or _beyond_the_top(s, sides)):
                out.append((s, sides))
    return out


def _beyond_the_top(s: LineScore, sides: Sequence[_Side]) -> bool:
    """Matchpoints below 0 or above the board's top: no director gives them, whatever the rules."""
    return s.top is not None and any(not 0 <= Fraction(Decimal(text)) <= s.top for _side, text, *_ in sides)


def _deltas(
    accepted: Sequence[tuple[LineScore, list[_Side]]], alt_lines: Mapping[str, Mapping[int, LineScore]]
) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]]:
    """What the overrides add to each pair: against our score, and against each other factoring's."""
    delta: dict[str, Fraction] = defaultdict(Fraction)
    delta_alt: dict[str, dict[str, Fraction]] = {f: defaultdict(Fraction) for f in alt_lines}
    for s, sides in accepted:
        for side, text, *_ in sides:
            written = Fraction(Decimal(text))
            delta[_pair_of(s, side)] += written - _line_value(s, side)
            for f, lines in alt_lines.items():
                delta_alt[f][_pair_of(s, side)] += written - _line_value(lines[id(s.line)], side)
    return delta, delta_alt


def _verdict(
    s: LineScore, alt_lines: Mapping[str, Mapping[int, LineScore]], side: str, text: str
) -> tuple[str, str, tuple[str, ...]]:
    """``equal`` (ours at the file's precision), ``alt`` (another factoring, named, gives it) or ``suspect``, with
    the rounding conventions that made it agree (another factoring's score is made only when ours does not)."""
    got = agrees(_line_value(s, side), text)
    if got is not None:
        return "equal", "", got
    for factoring, lines in alt_lines.items():
        got = agrees(_line_value(lines[id(s.line)], side), text)
        if got is not None:
            return "alt", factoring, got
    return "suspect", "", ()


def _order(f: Finding) -> tuple[bool, int, int, int, bool, str]:
    """Unexplained differences first; then scores, lines, totals, percentages and places, board by board."""
    kinds = ("score", "matchpoints", "total", "percentage", "place")
    return (f.explained, kinds.index(f.what), f.board or 0, f.line or 0, f.side != "NS", f.pair or "")


def _pair_of(s: LineScore, side: str) -> str:
    return s.line.ns if side == "NS" else s.line.ew


def _result_text(s: LineScore) -> str:
    result = s.line.result
    if isinstance(result, Artificial):
        return str(result)
    return f"{s.ns_score:+d}" if isinstance(s.ns_score, int) else str(result)


def _compare_scores(lines: list[LineScore], out: Comparison) -> None:
    for s in lines:
        written = s.line.extra.get("score")
        if written is None or isinstance(s.line.result, Artificial):
            continue
        out.checked["scores"] += 1
        assert s.ns_score is not None  # only an artificial score has none
        if isinstance(s.ns_score, int) and written == str(s.ns_score):
            continue  # written as ours: the same number (the common case, told apart without a Decimal)
        theirs = _decimal(written)
        if theirs is None or Fraction(theirs) != Fraction(s.ns_score):
            out.differences.append(
                Finding(
                    "score",
                    str(written),
                    f"{s.ns_score}",
                    (),
                    s.line.board,
                    s.line.ns,
                    s.line.ew,
                    line=s.line.extra.get("line"),
                )
            )


#: What the file may have written for a pair: (conventions, total, percentage).
_Candidate = tuple[tuple[str, ...], Fraction, Fraction | None]


def _candidates(
    p: PairScore,
    alt_pairs: Mapping[str, Mapping[str, PairScore]],
    boards_in_event: int,
    delta: Fraction,
    delta_alt: Mapping[str, Fraction],
    rounded: Fraction,
    bonus: Fraction,
) -> Iterator[_Candidate]:
    """(conventions, total, percentage) the file may have written for a pair, simplest first, each made when it
    is asked for (another factoring's score only when ours does not give the file's number); ``bonus`` is added
    to each percentage (half the pair's handicap in a handicap event)."""
    over = ("override",) if delta else ()

    def pct(total: Fraction, top: Fraction) -> Fraction | None:
        if p.percentage is None:
            return None
        return 100 * total / top if top else Fraction(0)  # as the engine: no top, 0 %

    def plus(candidate: _Candidate) -> _Candidate:
        names, total, percentage = candidate
        return names, total, None if percentage is None else percentage + bonus

    total = p.total + delta
    yield plus(((), p.total, pct(p.total, p.top)))  # the file's number is ours: nothing to explain
    if delta:
        yield plus((over, total, pct(total, p.top)))
    for factoring in alt_pairs:
        alt_p = alt_pairs[factoring].get(p.pair)
        if alt_p is not None and alt_p is not p:
            shift = delta_alt.get(factoring, Fraction(0))
            alt_total = alt_p.total + shift
            names = (f"factoring_{factoring}",) + (("override",) if shift else ())
            yield plus((names, alt_total, pct(alt_total, alt_p.top)))
    if rounded:
        yield plus((("rounded_lines",) + over, total + rounded, pct(total + rounded, p.top)))
    if p.boards and p.boards < boards_in_event:
        factored = total * boards_in_event / p.boards
        yield plus((("totals_all_boards",) + over, factored, pct(total, p.top)))


def _explain(candidates: Iterable[_Candidate], index: int, theirs: str) -> tuple[tuple[str, ...], Fraction] | None:
    """The conventions of the first candidate whose value (``index`` 0: total, 1: percentage) gives ``theirs``."""
    for names, *values in candidates:
        value = values[index]
        if value is not None:
            got = agrees(value, theirs)
            if got is not None:
                return tuple(c for c in CONVENTIONS if c in names + got), value
    return None


def _compare_pairs(
    event: FileEvent,
    ours: EventScore,
    alts: Mapping[str, EventScore],
    delta: Mapping[str, Fraction],
    delta_alt: Mapping[str, Mapping[str, Fraction]],
    rounded: Mapping[str, Fraction],
    out: Comparison,
) -> tuple[dict[str, tuple[str, ...]], dict[str, bool]]:
    """Totals, percentages and places; returns the conventions that explained each pair's numbers, and whether
    each pair's numbers in the file follow the overrides of its lines (true when the file has no number for it)."""
    alt_pairs: Mapping[str, dict[str, PairScore]] = _Lazy(alts, lambda f: {p.pair: p for p in alts[f].pairs})
    filed_pairs = _filed_pairs(event)
    handicaps = event.handicaps
    boards_in_event = len({(b.section, b.board) for b in ours.boards})
    values: dict[str, Fraction] = {}
    used: dict[str, tuple[str, ...]] = {}
    followed: dict[str, bool] = defaultdict(lambda: True)
    for p in ours.pairs:
        filed = filed_pairs.get(p.pair)
        if filed is None:
            continue
        shift = delta.get(p.pair, Fraction(0))
        shifts = {f: d.get(p.pair, Fraction(0)) for f, d in delta_alt.items()}
        # a handicap event: the file's percentage is the scratch one plus half the pair's handicap
        bonus = handicaps.get(p.pair, Fraction(0)) / 2 if p.percentage is not None else Fraction(0)
        arguments = (p, alt_pairs, boards_in_event, shift, shifts, rounded.get(p.pair, Fraction(0)), bonus)
        # only a candidate with an override's shift names one: none without a shift
        with_override = (
            [c for c in _candidates(*arguments) if "override" in c[0]] if shift or any(shifts.values()) else []
        )
        conventions: set[str] = set()
        values[p.pair] = p.score + bonus
        written = 0
        follows = False
        for what, theirs, mine, index in (
            ("total", filed.total, p.total, 0),
            ("percentage", filed.percentage, None if p.percentage is None else p.percentage + bonus, 1),
        ):
            if mine is None or theirs is None or _decimal(theirs) is None:
                continue
            out.checked[what + "s"] += 1
            written += 1
            follows = follows or _explain(with_override, index, theirs) is not None
            found = _explain(_candidates(*arguments), index, theirs)
            if found is not None and (index == 1 or p.percentage is None):
                values[p.pair] = found[1]
            if found is not None and not found[0]:
                continue
            names = found[0] if found is not None else ()
            conventions.update(names)
            out.differences.append(Finding(what, theirs, _ours(mine, theirs), names, pair=p.pair, line=filed.line))
        used[p.pair] = tuple(c for c in CONVENTIONS if c in conventions)
        followed[p.pair] = not shift or not written or follows
    _compare_places(filed_pairs, event, ours, values, used, out)
    return used, followed


def _filed_pairs(event: FileEvent) -> dict[str, FilePair]:
    """``event.pair`` for every pair at once: pair id → the first pair of the file with that id."""
    out: dict[str, FilePair] = {}
    for pair in event.pairs:
        out.setdefault(pair.id, pair)
    return out


def _compare_places(
    filed_pairs: Mapping[str, FilePair],
    event: FileEvent,
    ours: EventScore,
    values: dict[str, Fraction],
    used: dict[str, tuple[str, ...]],
    out: Comparison,
) -> None:
    by_field: dict[str, list[PairScore]] = defaultdict(list)
    for p in ours.pairs:
        by_field[p.field].append(p)
    for group in by_field.values():
        # a handicap event is ranked on scratch + half the handicap (values hold the file's handicapped numbers)
        ranked = handicap_ranking({p.pair: p.score for p in group}, {} if ours.options.is_imps else event.handicaps)
        mine = {pair: place for pair, (_, place) in ranked.items()}
        known = [p for p in group if p.pair in values]
        theirs_rank = dict(zip([p.pair for p in known], competition_places([values[p.pair] for p in known])))
        field_conventions = tuple(c for c in CONVENTIONS if any(c in used.get(p.pair, ()) for p in group))
        for p in group:
            filed = filed_pairs.get(p.pair)
            if filed is None:
                continue
            place = _place(filed.place)
            if place is None:
                continue
            out.checked["places"] += 1
            if place_number(place) == place_number(mine[p.pair]):
                continue
            explained = p.pair in theirs_rank and place_number(theirs_rank[p.pair]) == place_number(place)
            out.differences.append(
                Finding(
                    "place", place, mine[p.pair], field_conventions if explained else (), pair=p.pair, line=filed.line
                )
            )

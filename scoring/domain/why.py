"""Why a pair scored what it did on a board: its result set against double dummy, par and the field.

``explain(line, side, field, table=None, par=None, scored=None)`` takes one of the pair's traveller
lines, the side it sat (``"NS"`` or ``"EW"``), the board's other lines (the field), and — once the
session is over — the board's double-dummy table and par; it returns a :class:`Why` holding three
facts, each said in one sentence on the scorecard and the traveller (``templates/scoring/_player_why.html``):

* :class:`TricksAgainstDoubleDummy` — the tricks declarer took against the tricks double dummy gives
  that declarer in that strain: a trick given away by the defence, or lost in the play;
* :class:`ScoreAgainstPar` — the pair's score against par, both from the pair's side;
* :class:`ContractCount` — how often each contract was played on the board (by strain, level,
  doubling and declaring side), the pair's own marked;

and, for the collapsed "how it is counted", :class:`Counting`: the results the pair beat and tied,
the raw matchpoints, the factoring when the board was played fewer times than others (Neuberg's, or
each missing result scored as a tie with every result, ``factoring="ties"``), the matchpoints rounded
or truncated to the lines' decimals (:attr:`Counting.notes` says the last two); or the Butler datum
and the difference the IMPs come from.

Nothing here reads a deal: the caller passes the double-dummy table and par it may show
(``dealing.selectors``), or none before the session is over.

Guzicki's board 6 (E–W vulnerable), pair 1 North–South in 4♠ by S making 10 tricks, when double
dummy gives South 10 tricks in spades and par is +420:

>>> from scoring.domain.results import Played, TravellerLine as L
>>> board6 = [L(6, "7", "5", Played.of("3S", "N", 9)), L(6, "1", "4", Played.of("4S", "S", 10)),
...           L(6, "8", "6", Played.of("3S", "S", 9)), L(6, "3", "2", Played.of("4S", "N", 9))]
>>> from bridge.cards import Seat, Strain
>>> tricks = {(Seat.S, Strain.SPADES): 10, (Seat.N, Strain.SPADES): 10}
>>> from scoring.domain.engine import score_event
>>> scored = score_event(board6).boards[0].lines[1]          # pair 1's line, scored: 6 matchpoints of 6
>>> why = explain(board6[1], "NS", board6, table=tricks, par=(420, ("NS 4S=",)), scored=scored)
>>> why.tricks.difference, why.tricks.declaring, why.par.difference, why.par.contracts
(0, True, 0, ('4♠= N–S',))
>>> [(c.contract, c.side, c.tables, c.ours) for c in why.contracts]
[('4♠', 'NS', 2, True), ('3♠', 'NS', 2, False)]
>>> c = why.counting; (c.beaten, c.tied, c.others, c.raw, c.raw_top, c.points, c.factored)
(3, 0, 3, 6, 6, Fraction(6, 1), False)
>>> explain(board6[3], "EW", board6, table=tricks, par=(420, ())).tricks.for_pair   # the defence took one more
1

The same board scored for five results (one missing) on the ACBL scale, the missing result as a tie with
every result played, the lines truncated to whole matchpoints: pair 1 beat 3 results, (6 + (5 − 4)) ÷ 2 = 3.5
matchpoints of 4, cut to 3.

>>> from scoring.domain.options import ScoringOptions
>>> options = {"scale": "acbl", "factoring": "ties", "rounding": "truncated", "decimals": 0, "expected": 5}
>>> scored = score_event(board6, ScoringOptions.parse(options), expected={6: 5}).boards[0].lines[1]
>>> c = explain(board6[1], "NS", board6, scored=scored, options=options).counting
>>> c.tied_missing, c.factored, c.missing, c.exact, c.points
(True, False, 1, Fraction(7, 2), Fraction(3, 1))
>>> for note in c.notes:
...     print(note)
The board was played 4 times instead of 5: each missing result is scored as a tie with every result played, so \
each side gets 0.50 more: 3.00 + 0.50 = 3.50 of 4.00.
The matchpoints are cut to 0 decimals, never rounded up: 3.50 becomes 3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from bridge.cards import Seat, Strain
from bridge.contract import Contract
from bridge.imps import butler_datum, imps
from dealing.domain.analysis import DoubleDummyTable
from scoring.domain.ranking import shown
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine
from scoring.domain.text import Text

if TYPE_CHECKING:
    from scoring.domain.engine import LineScore

__all__ = ["explain", "Why", "TricksAgainstDoubleDummy", "ScoreAgainstPar", "ContractCount", "Counting"]


@dataclass(frozen=True, slots=True)
class TricksAgainstDoubleDummy:
    """Declarer's tricks against double dummy's for that declarer and strain."""

    contract: Contract
    tricks: int  # taken by declarer
    possible: int  # double dummy: what declarer takes in this strain against the best defence
    declaring: bool  # the pair was declarer's side

    @property
    def difference(self) -> int:
        """Tricks declarer took beyond double dummy (negative: fewer)."""
        return self.tricks - self.possible

    @property
    def size(self) -> int:
        """How many tricks from double dummy, either way."""
        return abs(self.difference)

    @property
    def for_pair(self) -> int:
        """Tricks the pair gained (+) or lost (−) against double dummy, declaring or defending."""
        return self.difference if self.declaring else -self.difference

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.tricks_needed

    @property
    def makeable(self) -> bool:
        """Double dummy, the contract makes."""
        return self.possible >= self.contract.tricks_needed


@dataclass(frozen=True, slots=True)
class ScoreAgainstPar:
    """The pair's score and par, both from the pair's side."""

    score: int | Fraction
    par: int
    contracts: tuple[str, ...]  # par contracts as players write them: "4♥= N–S", "5♦×−2 E"

    @property
    def difference(self) -> int | Fraction:
        return self.score - self.par

    @property
    def gap(self) -> int | Fraction:
        """How far from par, either way."""
        difference = self.difference
        return difference if difference >= 0 else -difference  # abs(), which mypy types as object for int | Fraction


@dataclass(frozen=True, slots=True)
class ContractCount:
    """A contract played on the board (``"4♠×"``; ``""`` for a pass-out) and at how many tables."""

    contract: str
    side: str  # the declaring side, "NS" or "EW" ("" for a pass-out)
    tables: int
    ours: bool


@dataclass(frozen=True, slots=True)
class Counting:
    """How the pair's matchpoints (or IMPs) on the board are counted, for the collapsed details."""

    method: str  # "matchpoints", "butler" or "cross_imps"
    score: int | Fraction | None  # the pair's score from its side (None: artificial)
    beaten: int = 0  # results beaten (matchpoints)
    tied: int = 0
    others: int = 0  # the other results compared with (A − 1)
    expected: int = 0  # E, the results the board should have had (Neuberg)
    points: Fraction | None = None  # the pair's matchpoints or IMPs as scored
    top: Fraction | None = None
    acbl: bool = False
    weighted: bool = False  # a weighted score on the board: every part compared with its weight
    datum: int | None = None  # Butler
    artificial: Artificial | None = None
    factoring: str = "neuberg"  # how a board with fewer results than E is scored: neuberg, none or ties
    rounding: str = "exact"  # the lines' matchpoints: exact, rounded or truncated to ``decimals``
    decimals: int = 2
    exact: Fraction | None = None  # the pair's matchpoints before rounding or truncating (plain matchpoints only)

    @property
    def raw(self) -> int:
        """Matchpoints before factoring, 2 per result beaten and 1 per tie."""
        return 2 * self.beaten + self.tied

    @property
    def raw_top(self) -> int:
        return 2 * self.others

    @property
    def missing(self) -> int:
        """Results the board lacks against E (0 when it has them all)."""
        return max(self.expected - self.others - 1, 0)

    @property
    def factored(self) -> bool:
        """Neuberg's formula changed the raw count (the board had fewer results than E)."""
        return self.factoring == "neuberg" and self.missing > 0

    @property
    def tied_missing(self) -> bool:
        """Each missing result was scored as a tie with every result played: M + (E − A) (ScoreBridge)."""
        return self.factoring == "ties" and self.missing > 0

    @property
    def cut(self) -> bool:
        """The matchpoints were rounded or truncated to the lines' decimals (and that changed them)."""
        return self.rounding != "exact" and self.exact is not None and self.exact != self.points

    @property
    def notes(self) -> tuple[Text, ...]:
        """What the factoring of missing results as ties and the rounding did, one sentence each (Neuberg's
        factoring, the older sentence, is said by the page itself)."""
        half = 2 if self.acbl else 1
        out = []
        if self.method == "matchpoints" and not self.weighted and self.artificial is None and self.tied_missing:
            out.append(
                Text.of(
                    "why.ties",
                    a=self.others + 1,
                    e=self.expected,
                    raw=shown(Fraction(self.raw, half)),
                    missing=shown(Fraction(self.missing, half)),
                    points=shown(Fraction(self.raw + self.missing, half)),
                    top=shown(self.top or 0),
                )
            )
        if self.cut:
            assert self.exact is not None and self.points is not None  # (cut)
            out.append(
                Text.of(
                    f"why.{self.rounding}",
                    decimals=self.decimals,
                    exact=shown(self.exact, self.decimals + 2),
                    points=shown(self.points, self.decimals),
                )
            )
        return tuple(out)

    @property
    def percentage(self) -> Fraction | None:
        if self.points is None or not self.top:
            return None
        return 100 * self.points / self.top

    @property
    def difference(self) -> int | Fraction | None:
        """Butler: the pair's score minus the datum (the IMPs come from this)."""
        if self.datum is None or self.score is None:
            return None
        return self.score - self.datum

    @property
    def imps_from_datum(self) -> int | None:
        difference = self.difference
        return imps(difference) if difference is not None else None


@dataclass(frozen=True, slots=True)
class Why:
    board: int
    side: str  # the side the pair sat: "NS" or "EW"
    line: TravellerLine
    tables: int  # results on the board (the field)
    tricks: TricksAgainstDoubleDummy | None  # None: no contract played, or no analysis to compare with
    par: ScoreAgainstPar | None  # None: an artificial score, or no analysis
    contracts: tuple[ContractCount, ...]  # most played first
    counting: Counting | None = None

    @property
    def adjusted(self) -> bool:
        return isinstance(self.line.result, (Assigned, Artificial))

    @property
    def passed_out(self) -> bool:
        return isinstance(self.line.result, Played) and self.line.result.contract is None

    @property
    def ours(self) -> ContractCount | None:
        return next((c for c in self.contracts if c.ours), None)

    @property
    def others(self) -> tuple[ContractCount, ...]:
        return tuple(c for c in self.contracts if not c.ours)


def par_contract_words(text: str) -> str:
    """A par contract as PBN writes it (``NS 4H=``, ``E 5DX-3``) as players write it: ``4♥= N–S``, ``5♦×−3 E``.

    >>> par_contract_words("NS 4H="), par_contract_words("E 5DX-3"), par_contract_words("odd")
    ('4♥= N–S', '5♦×−3 E', 'odd')
    """
    who, _, rest = str(text).strip().partition(" ")
    level, strain_part = rest[:1], rest[1:]
    if not level.isdigit() or not who or any(ch not in "NESW" for ch in who.upper()):
        return str(text)
    mark = next((i for i, ch in enumerate(strain_part) if ch in "=+-"), len(strain_part))
    call, result = strain_part[:mark], strain_part[mark:]
    doubled = call.upper().endswith("X")
    try:
        strain = Strain.from_str(call.upper().rstrip("X"))
    except ValueError:
        return str(text)
    side = "–".join(who.upper()) if len(who) == 2 else who.upper()
    return f"{level}{strain.symbol}{'×' if doubled else ''}{result.replace('-', '−')} {side}"


def _side_score(line: TravellerLine, side: str) -> int | Fraction | None:
    score = line.ns_score
    if score is None:
        return None
    return score if side == "NS" else -score


def _contract_key(line: TravellerLine) -> tuple[str, str] | None:
    """What the field counts: the contract played with its declaring side; None for an adjusted score."""
    result = line.result
    if not isinstance(result, Played):
        return None
    if result.contract is None:
        return ("", "")
    return (result.contract.symbol, result.contract.side)


def _contracts(line: TravellerLine, field: Sequence[TravellerLine]) -> tuple[ContractCount, ...]:
    counts: dict[tuple[str, str], int] = {}
    for other in field:
        key = _contract_key(other)
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    mine = _contract_key(line)
    order = sorted(counts.items(), key=lambda item: (-item[1], item[0] != mine, item[0]))
    return tuple(ContractCount(contract, side, n, (contract, side) == mine) for (contract, side), n in order)


#: Double-dummy tricks by (declarer, strain): a ``DoubleDummyTable`` or a mapping.
Tricks = DoubleDummyTable | Mapping[tuple[Seat, Strain], int]
#: Par: the NS par score and the par contracts as PBN writes them.
Par = tuple[int, Sequence[str]]


def _tricks(line: TravellerLine, side: str, table: Tricks | None) -> TricksAgainstDoubleDummy | None:
    result = line.result
    if table is None or not isinstance(result, Played) or result.contract is None:
        return None
    contract = result.contract
    assert result.tricks is not None  # a contract has its tricks (Played)
    try:
        possible = table[contract.declarer, contract.strain]
    except (KeyError, IndexError):
        return None
    return TricksAgainstDoubleDummy(contract, result.tricks, int(possible), contract.side == side)


def _par(line: TravellerLine, side: str, par: Par | None) -> ScoreAgainstPar | None:
    if par is None:
        return None
    score = _side_score(line, side)
    if score is None:
        return None
    ns_par, contracts = par
    return ScoreAgainstPar(score, ns_par if side == "NS" else -ns_par, tuple(par_contract_words(c) for c in contracts))


def _counting(
    line: TravellerLine,
    side: str,
    field: Sequence[TravellerLine],
    scored: LineScore | None,
    options: Mapping[str, str | int | None] | None,
) -> Counting | None:
    """How the pair's points on this board are counted (``scored``: its LineScore; ``options``: the method)."""
    if scored is None:
        return None
    options = dict(options or {})
    method = str(options.get("method", "matchpoints"))
    points = scored.ns if side == "NS" else scored.ew
    if isinstance(line.result, Artificial):
        return Counting(method, None, points=points, top=scored.top, artificial=line.result)
    unit = [other for other in field if other.group == line.group and not isinstance(other.result, Artificial)]
    mine = _side_score(line, side)
    assert mine is not None  # only an artificial score has none
    weighted = any(isinstance(other.result, Assigned) and other.result.is_weighted for other in unit)
    if method == "butler":
        scores = [score for other in unit if (score := other.ns_score) is not None]  # (all: none is artificial)

        datum = butler_datum(scores) if scores else None
        if datum is not None and side == "EW":
            datum = -datum
        return Counting(
            method, mine, points=points, datum=None if weighted else datum, weighted=weighted, others=len(unit) - 1
        )
    if method == "cross_imps":
        return Counting(method, mine, points=points, others=len(unit) - 1, weighted=weighted)
    beaten = tied = 0
    for other in unit:
        if other is line or other == line:  # the pair's own line (the field may hold an equal copy of it)
            continue
        theirs = _side_score(other, side)
        assert theirs is not None  # the unit holds no artificial score
        if mine > theirs:
            beaten += 1
        elif mine == theirs:
            tied += 1
    factoring = str(options.get("factoring") or "neuberg")
    expected = int(options.get("expected") or len(unit)) if factoring in ("neuberg", "ties") else len(unit)
    rounding = str(options.get("rounding") or "exact")
    decimals = options.get("decimals")
    acbl = options.get("scale") == "acbl"
    exact = None
    if rounding != "exact" and not weighted:
        a, raw, half = len(unit), 2 * beaten + tied, 2 if acbl else 1
        if factoring == "neuberg" and expected > a:
            exact = (Fraction((raw + 1) * expected, a) - 1) / half
        elif factoring == "ties" and expected > a:
            exact = Fraction(raw + expected - a, half)
        else:
            exact = Fraction(raw, half)
    return Counting(
        method,
        mine,
        beaten=beaten,
        tied=tied,
        others=len(unit) - 1,
        expected=expected,
        points=points,
        top=scored.top,
        acbl=acbl,
        weighted=weighted,
        factoring=factoring,
        rounding=rounding,
        decimals=int(decimals) if decimals is not None else 2,
        exact=exact,
    )


def explain(
    line: TravellerLine,
    side: str,
    field: Sequence[TravellerLine],
    *,
    table: Tricks | None = None,
    par: Par | None = None,
    scored: LineScore | None = None,
    options: Mapping[str, str | int | None] | None = None,
) -> Why:
    """The pair's result on ``line`` (sitting ``side``) against double dummy, par and ``field`` (the board's lines).

    ``table``: double-dummy tricks by ``(Seat, Strain)`` (a ``DoubleDummyTable`` or a mapping), or None;
    ``par``: ``(NS par score, par contracts as PBN writes them)``, or None; ``scored``: the line's ``LineScore``
    and ``options``: the method, scale and factoring and the board's ``expected`` results, for the counting.
    """
    if side not in ("NS", "EW"):
        raise ValueError(f"side is NS or EW, not {side!r}")
    return Why(
        board=line.board,
        side=side,
        line=line,
        tables=len(field),
        tricks=_tricks(line, side, table),
        par=_par(line, side, par),
        contracts=_contracts(line, field),
        counting=_counting(line, side, field, scored, options),
    )

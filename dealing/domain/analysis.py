"""Double-dummy analysis of a deal: the trick table, the par score and the par contracts.

The only module of the project that touches the double-dummy solver (endplay, a binding of
Bo Haglund's DDS). Everything the solver returns is converted at the edge into the small
frozen types below, so its encodings (denominations S=0 … NT=4, seats NS=4, vulnerability
``both=1``) never leak into the rest of the code. endplay is imported on first use, so reading
or writing the types (PBN files) costs nothing.

What it offers:

* :class:`DoubleDummyTable` — tricks for each declarer (N, E, S, W) in each strain (20 numbers),
  with converters to and from the PBN forms real programs write: ``DoubleDummyTricks``
  (20 hex digits, declarers N, S, E, W, each NT, S, H, D, C — BridgeComposer, Bridgewebs),
  ``OptimumResultTable`` rows (PBN 2.1 §5) and JFR/BCDD's ``Ability``.
* :class:`ParContract` and :class:`Par` — the par score (North–South's view) and the par
  contracts (each the project's one :class:`~bridge.contract.Contract`, scored by its
  one Law 77 function), with the PBN ``OptimumScore`` / ``ParContract`` spellings and a reader
  for BigDeal/Deep Finesse's ``Minimax`` tag.
* ``double_dummy_table(deal)``, ``double_dummy_tables(deals)`` (a batch through DDS's
  ``CalcAllTables``, 40 deals per call, threaded), ``par(table, vulnerability, dealer)``,
  ``analyse(deal, vulnerability, dealer)`` / ``analyse_boards(...)`` and
  ``set_solver_threads(n)``.
* ``card_tricks(hands, strain, leader, trick)`` — a position of the play solved (DDS's
  ``SolveBoard``): for each card the player to move may play, the tricks that player's side
  takes from here on. ``dealing.domain.play`` (Play it again) builds on it.

Source documents: ``../shared/specs/rules-and-formats.md`` §b7 (PBN 2.1 analysis tags) and
``../shared/specs/stack-probe.md`` §4 (endplay).

>>> table = DoubleDummyTable.from_pbn_tricks("98a79989794536445364")
>>> table[Seat.NORTH, Strain.HEARTS], table[Seat.EAST, Strain.NOTRUMP]
(10, 4)
>>> table.to_pbn_tricks()
'98a79989794536445364'
>>> Par.from_pbn("NS -100", "N 2NX-1; N 3DX-1").contracts[1]
ParContract('N 3DX-1')
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from bridge import words
from bridge.cards import Card, Deal, Rank, Seat, Strain, Suit, Vulnerability
from bridge.contract import Bid, Contract, undertricks_for
from dealing.domain.errors import DealingError
from dealing.domain.text import Text

if TYPE_CHECKING:
    from types import ModuleType

    from endplay.dds.ddtable import DDTable, DDTableList
    from endplay.dds.parscore import ParList
    from endplay.types import Deal as EDeal
    from endplay.types import Player, Vul

__all__ = [
    "DoubleDummyTable",
    "ParContract",
    "Par",
    "BoardAnalysis",
    "PBN_DECLARER_ORDER",
    "PBN_STRAIN_ORDER",
    "double_dummy_table",
    "double_dummy_tables",
    "par",
    "analyse",
    "analyse_boards",
    "set_solver_threads",
    "card_tricks",
    "parse_optimum_score",
    "parse_minimax",
]

#: The order of ``DoubleDummyTricks`` (and of BridgeComposer's ``OptimumResultTable``).
PBN_DECLARER_ORDER: tuple[Seat, ...] = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
PBN_STRAIN_ORDER: tuple[Strain, ...] = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)

_HEX = "0123456789abcd"
_STRAIN_PBN = {Strain.NOTRUMP: "NT", Strain.SPADES: "S", Strain.HEARTS: "H", Strain.DIAMONDS: "D", Strain.CLUBS: "C"}


# --- the trick table --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DoubleDummyTable:
    """Tricks each declarer takes in each strain when all four hands are seen.

    ``tricks[seat][strain]`` with seats in N, E, S, W order and strains in bidding order
    (clubs … no trump), the values of :class:`Seat` and :class:`Strain`.
    """

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        rows = tuple(tuple(int(n) for n in row) for row in self.tricks)
        if len(rows) != 4 or any(len(row) != 5 for row in rows):
            raise DealingError("a double-dummy table has 4 declarers × 5 strains")
        for seat, row in zip(Seat, rows):
            for strain, n in zip(Strain, row):
                if not 0 <= n <= 13:
                    raise DealingError(Text.of("table.tricks", seat=seat.letter, strain=str(strain), tricks=n))
        object.__setattr__(self, "tricks", rows)

    @classmethod
    def from_mapping(cls, values: Mapping[tuple[Seat, Strain], int]) -> DoubleDummyTable:
        """Build from ``{(declarer, strain): tricks}``; all 20 entries are required."""
        missing = [f"{seat.letter} {strain}" for seat in Seat for strain in Strain if (seat, strain) not in values]
        if missing:
            raise DealingError(Text.of("table.lacks", missing=missing))
        return cls(tuple(tuple(values[seat, strain] for strain in Strain) for seat in Seat))

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[Seat(seat)][Strain(strain)]

    # PBN "DoubleDummyTricks": 20 hex digits, declarers N, S, E, W, each NT, S, H, D, C.
    def to_pbn_tricks(self) -> str:
        return "".join(_HEX[self[seat, strain]] for seat in PBN_DECLARER_ORDER for strain in PBN_STRAIN_ORDER)

    @classmethod
    def from_pbn_tricks(cls, text: str) -> DoubleDummyTable:
        """Read BridgeComposer's/Bridgewebs' ``DoubleDummyTricks`` value (case-insensitive)."""
        value = str(text).strip().lower()
        if len(value) != 20 or any(ch not in _HEX for ch in value):
            raise DealingError(Text.of("tricks.pbn", text=text), field="DoubleDummyTricks")
        digits = iter(_HEX.index(ch) for ch in value)
        return cls.from_mapping(
            {(seat, strain): next(digits) for seat in PBN_DECLARER_ORDER for strain in PBN_STRAIN_ORDER}
        )

    # PBN 2.1 "OptimumResultTable": rows of declarer, denomination, tricks.
    def optimum_result_rows(self) -> list[tuple[str, str, int]]:
        """Rows in BridgeComposer's order (N, S, E, W × NT, S, H, D, C)."""
        return [
            (seat.letter, _STRAIN_PBN[strain], self[seat, strain])
            for seat in PBN_DECLARER_ORDER
            for strain in PBN_STRAIN_ORDER
        ]

    @classmethod
    def from_optimum_result_rows(cls, rows: Iterable[tuple[str, str, str | int]]) -> DoubleDummyTable:
        """Read ``(declarer, denomination, result)`` rows in any order (20, each once)."""
        values: dict[tuple[Seat, Strain], int] = {}
        for declarer, denomination, result in rows:
            seat, strain = Seat.from_str(declarer), Strain.from_str(denomination)
            try:
                tricks = int(str(result).strip())
            except ValueError:
                raise DealingError(f"{declarer} {denomination}: result {result!r} is not a number of tricks") from None
            if (seat, strain) in values:
                raise DealingError(Text.of("table.twice", seat=seat.letter, strain=str(strain)))
            values[seat, strain] = tricks
        return cls.from_mapping(values)

    # JFR/BCDD "Ability": "N:89797 E:44535 S:89797 W:44535" (hex, NT S H D C per declarer).
    def to_ability(self) -> str:
        return " ".join(
            f"{seat.letter}:" + "".join(_HEX[self[seat, strain]].upper() for strain in PBN_STRAIN_ORDER)
            for seat in Seat
        )

    @classmethod
    def from_ability(cls, text: str) -> DoubleDummyTable:
        values: dict[tuple[Seat, Strain], int] = {}
        parts = str(text).split()
        for part in parts:
            match = re.fullmatch(r"([NESWnesw]):([0-9A-Da-d]{5})", part)
            if not match:
                raise DealingError(f"Ability part {part!r} is not like N:89797", field="Ability")
            seat = Seat.from_str(match[1])
            for strain, ch in zip(PBN_STRAIN_ORDER, match[2].lower()):
                values[seat, strain] = _HEX.index(ch)
        if len(parts) != 4:
            raise DealingError(f"Ability needs four declarers, not {len(parts)}: {text!r}", field="Ability")
        return cls.from_mapping(values)

    def __str__(self) -> str:
        head = "    " + " ".join(f"{_STRAIN_PBN[s]:>2}" for s in PBN_STRAIN_ORDER)
        rows = [f"{seat.letter}   " + " ".join(f"{self[seat, s]:>2}" for s in PBN_STRAIN_ORDER) for seat in Seat]
        return "\n".join([head, *rows])


# --- par --------------------------------------------------------------------------------

_PAR_ITEM = re.compile(r"(NS|EW|N|E|S|W)\s*([1-7])(NT|N|S|H|D|C)(XX|X)?\s*(=|[+-]\d{1,2})?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the :class:`~bridge.contract.Contract` (declared by the first of
    ``declarers``), the seats that make it (one seat, or both of a side) and the tricks taken.
    Its score is the contract's Law 77 score, from the one table in ``contract.py``."""

    contract: Contract
    declarers: tuple[Seat, ...]
    tricks: int

    def __post_init__(self) -> None:
        seats = tuple(sorted({Seat(s) for s in self.declarers}))
        if not seats or len({s.side for s in seats}) != 1:
            raise DealingError("a par contract's declarers are one seat or two partners")
        if not 0 <= self.tricks <= 13:
            raise DealingError(words.Text.of("contract.tricks", tricks=self.tricks), field="tricks")
        object.__setattr__(self, "declarers", seats)
        if self.contract.declarer != seats[0]:
            object.__setattr__(self, "contract", Contract(self.contract.bid, self.contract.doubling, seats[0]))

    @classmethod
    def of(cls, level: int, strain: Strain, declarers: tuple[Seat, ...], doubled: bool, tricks: int) -> ParContract:
        return cls(Contract(Bid(level, strain), int(doubled), Seat(min(declarers))), tuple(declarers), tricks)

    @property
    def level(self) -> int:
        return self.contract.level

    @property
    def strain(self) -> Strain:
        return self.contract.strain

    @property
    def doubled(self) -> bool:
        return self.contract.doubling == 1

    @property
    def side(self) -> str:
        return self.declarers[0].side

    @property
    def result(self) -> int:
        """Over- (+) or undertricks (−) against the contract."""
        return self.tricks - self.contract.tricks_needed

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """What this par contract scores for North–South (Law 77, ``contract.score``)."""
        return self.contract.ns_score(self.tricks, vulnerability)

    def to_pbn(self) -> str:
        """BridgeComposer's spelling: ``NS 2C+2``, ``N 2NX-1``, ``EW 6H=``."""
        who = self.side if len(self.declarers) == 2 else self.declarers[0].letter
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{who} {self.contract.call}{result}"

    @classmethod
    def from_pbn(cls, text: str) -> ParContract:
        match = _PAR_ITEM.fullmatch(str(text).strip())
        if not match:
            raise DealingError(Text.of("par.format", text=text), field="ParContract")
        who, level, strain, double, result = match.groups()
        who = who.upper()
        declarers = tuple(Seat.from_str(ch) for ch in who)
        if double and double.upper() == "XX":
            raise DealingError(Text.of("par.redoubled", text=text), field="ParContract")
        over = 0 if result in (None, "=") else int(result)
        tricks = 6 + int(level) + over
        if not 0 <= tricks <= 13:
            raise DealingError(Text.of("par.tricks", text=text, tricks=tricks), field="ParContract")
        return cls.of(int(level), Strain.from_str(strain), declarers, bool(double), tricks)

    def __repr__(self) -> str:
        return f"ParContract({self.to_pbn()!r})"


@dataclass(frozen=True, slots=True)
class Par:
    """The par result: ``score`` from North–South's view; no contracts when par is a pass-out."""

    score: int
    contracts: tuple[ParContract, ...]

    def optimum_score_pbn(self) -> str:
        """``OptimumScore`` as BridgeComposer writes it: from the par-contract side's view."""
        if self.contracts and self.contracts[0].side == "EW":
            return f"EW {-self.score}"
        return f"NS {self.score}"

    def par_contract_pbn(self) -> str:
        return "; ".join(c.to_pbn() for c in self.contracts) if self.contracts else "Pass"

    @classmethod
    def from_pbn(cls, optimum_score: str, par_contract: str | None = None) -> Par:
        contracts: tuple[ParContract, ...] = ()
        if par_contract is not None and par_contract.strip().lower() not in ("", "pass", "passed out", "-"):
            contracts = tuple(ParContract.from_pbn(part) for part in re.split(r"[;,]", par_contract) if part.strip())
        return cls(parse_optimum_score(optimum_score), contracts)


def parse_optimum_score(text: str) -> int:
    """PBN ``OptimumScore`` to North–South's view: ``"NS 620"`` → 620, ``"EW 450"`` → −450.

    >>> parse_optimum_score("EW -100"), parse_optimum_score("NS -300")
    (100, -300)
    """
    value = str(text).strip()
    match = re.fullmatch(r"(?:(NS|EW)\s+)?([+-]?[0-9]{1,9})(?:\s+(NS|EW)\s+([+-]?[0-9]{1,9}))?", value, re.IGNORECASE)
    if not match:
        raise DealingError(Text.of("optimum.format", text=text), field="OptimumScore")
    side, score = (match[1] or "NS").upper(), int(match[2])
    return score if side == "NS" else -score


def parse_minimax(text: str, vulnerability: Vulnerability) -> tuple[ParContract, int]:
    """BigDeal/Deep Finesse's ``Minimax`` tag, e.g. ``"3HDN-100"``: 3♥ doubled by North, NS −100.

    Returns the contract and the NS score. The tag does not give the tricks: a positive score
    is read as the contract made exactly, a negative one as down as many tricks as the score
    says (which needs the board's vulnerability).

    >>> parse_minimax("4SS650", Vulnerability.NS)
    (ParContract('S 4S='), 650)
    >>> parse_minimax("5DDN-500", Vulnerability.NONE)[0]
    ParContract('N 5DX-3')
    """
    match = re.fullmatch(r"([1-7])([CDHSN])(D?)([NESW])(-?\d+)", str(text).strip())
    if not match:
        raise DealingError(f"Minimax {text!r} is not like '4SS650' or '3HDN-100'", field="Minimax")
    level, strain, doubled, seat, score = match.groups()
    declarer = Seat.from_str(seat)
    declarer_score = int(score) if declarer.side == "NS" else -int(score)
    tricks = 6 + int(level)
    if declarer_score < 0:  # a doubled sacrifice: work out the undertricks from the score
        tricks -= undertricks_for(-declarer_score, int(bool(doubled)), vulnerability.is_vulnerable(declarer))
    contract = ParContract.of(int(level), Strain.from_str(strain), (declarer,), bool(doubled), tricks)
    return contract, int(score)


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    table: DoubleDummyTable
    par: Par


# --- the solver (endplay / DDS) -----------------------------------------------------------
#
# Algorithm notes. endplay's ``ParList`` iterator (0.5.12) writes into its own ctypes buffer
# while iterating: a contract for "NS" comes out twice as South, and a second iteration
# differs from the first. We therefore read DDS's ``parResultsMaster`` record ourselves:
# ``denom`` 0 = NT, 1 = S, 2 = H, 3 = D, 4 = C; ``seats`` 0-3 = N, E, S, W, 4 = NS, 5 = EW;
# ``underTricks`` > 0 marks a doubled sacrifice, otherwise ``overTricks`` counts overtricks.
# DDS's trick tables index ``resTable[denom][hand]`` with denom 0 = S … 3 = C, 4 = NT.

_DDS_PAR_STRAIN = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DDS_TABLE_STRAIN = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
_DDS_SEATS = (
    (Seat.NORTH,),
    (Seat.EAST,),
    (Seat.SOUTH,),
    (Seat.WEST,),
    (Seat.NORTH, Seat.SOUTH),
    (Seat.EAST, Seat.WEST),
)
_BATCH = 40  # DDS's MAXNOOFTABLES: deals per CalcAllTables call with all five strains

# DDS keeps its search memory per thread index; ``SolveBoard`` is called with index 0 and the table
# functions use every index, so two Python threads (a threaded web server) must not solve at once.
_SOLVER_LOCK = threading.Lock()

# ``SolveBoard``'s encodings: suits S = 0, H = 1, D = 2, C = 3 (trump 4 = no trump); a holding is
# a bit mask with bit r for rank r (2 … 14); hands N = 0, E = 1, S = 2, W = 3 (the Seat values).
_DDS_SUIT = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_SUIT_FROM_DDS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_DDS_TRUMP = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3, Strain.NOTRUMP: 4}


@cache
def _endplay() -> tuple[
    ModuleType,
    Callable[[Iterable[EDeal]], DDTableList],
    Callable[[EDeal], DDTable],
    Callable[[EDeal | DDTable, Vul | int, Player], ParList],
    type[DDTable],
    type[EDeal],
    type[Player],
    dict[Vulnerability, Vul],
]:
    """endplay, imported on first use: its raw DDS bindings (``endplay._dds``), calc_all_tables, calc_dd_table,
    par, DDTable, Deal, Player and our vulnerabilities as its ``Vul``."""
    # endplay (DDS) is heavy: loaded only where double dummy runs
    import endplay._dds as dds_raw
    from endplay.dds import calc_all_tables, calc_dd_table
    from endplay.dds import par as dds_par
    from endplay.dds.ddtable import DDTable
    from endplay.types import Deal as EDeal
    from endplay.types import Player, Vul

    vul = {
        Vulnerability.NONE: Vul.none,
        Vulnerability.NS: Vul.ns,
        Vulnerability.EW: Vul.ew,
        Vulnerability.BOTH: Vul.both,
    }
    return dds_raw, calc_all_tables, calc_dd_table, dds_par, DDTable, EDeal, Player, vul


def set_solver_threads(threads: int) -> None:
    """How many threads DDS may use (0: as many as cores, its default). Each thread keeps
    about 100 MB of transposition tables; one per worker process when processes give the
    parallelism."""
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise DealingError(f"solver threads must be a whole number ≥ 0, not {threads!r}", field="threads")
    _endplay()[0].SetMaxThreads(threads)


def _to_endplay(deal: Deal) -> EDeal:
    return _endplay()[5](deal.to_pbn())


def _table_from_dds(results: Any) -> DoubleDummyTable:  # Any: DDS's ddTableResults, ctypes fields mypy cannot see
    values = {(seat, strain): results.resTable[d][seat] for d, strain in enumerate(_DDS_TABLE_STRAIN) for seat in Seat}
    return DoubleDummyTable.from_mapping(values)


def double_dummy_table(deal: Deal) -> DoubleDummyTable:
    """Solve one deal: tricks for every declarer and strain."""
    calc_dd_table = _endplay()[2]
    with _SOLVER_LOCK:
        return _table_from_dds(calc_dd_table(_to_endplay(deal))._data)


def double_dummy_tables(deals: Sequence[Deal]) -> list[DoubleDummyTable]:
    """Solve many deals with DDS's threaded ``CalcAllTables`` (40 deals per call)."""
    calc_all_tables = _endplay()[1]
    tables: list[DoubleDummyTable] = []
    for start in range(0, len(deals), _BATCH):
        chunk = [_to_endplay(d) for d in deals[start : start + _BATCH]]
        with _SOLVER_LOCK:
            results = calc_all_tables(chunk)
        tables.extend(_table_from_dds(results[i]._data) for i in range(len(chunk)))
    return tables


def par(table: DoubleDummyTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """Par score (NS view) and par contracts from a trick table, as DDS's ``DealerParBin``
    computes them (the dealer matters when both sides could bid the same contract)."""
    dds_raw, _, _, dds_par, DDTable, _, Player, vul = _endplay()
    data = dds_raw.ddTableResults()
    for d, strain in enumerate(_DDS_TABLE_STRAIN):
        for seat in Seat:
            data.resTable[d][seat] = table[seat, strain]
    # Any: DDS's parResultsMaster, a ctypes structure whose fields mypy cannot see.
    master: Any = dds_par(DDTable(data), vul[vulnerability], Player(int(dealer)))._data
    contracts = []
    for i in range(master.number):
        c = master.contracts[i]
        doubled = c.underTricks > 0
        tricks = 6 + c.level - c.underTricks if doubled else 6 + c.level + c.overTricks
        contracts.append(ParContract.of(c.level, _DDS_PAR_STRAIN[c.denom], _DDS_SEATS[c.seats], doubled, tricks))
    return Par(int(master.score), tuple(contracts))


def analyse(deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> BoardAnalysis:
    """The trick table and par of one board."""
    table = double_dummy_table(deal)
    return BoardAnalysis(table, par(table, vulnerability, dealer))


def analyse_boards(boards: Sequence[tuple[Deal, Vulnerability, Seat]]) -> list[BoardAnalysis]:
    """Tables (batched) and par for many boards: ``(deal, vulnerability, dealer)`` each."""
    tables = double_dummy_tables([deal for deal, _, _ in boards])
    return [BoardAnalysis(t, par(t, vul, dealer)) for t, (_, vul, dealer) in zip(tables, boards)]


def card_tricks(
    hands: Mapping[Seat, Iterable[Card]], strain: Strain, leader: Seat, trick: Sequence[Card] = ()
) -> dict[Card, int]:
    """Solve a position of the play: for each card the player to move may play, the tricks that
    player's side takes of those still to be won (the trick in progress included) when all four
    play double dummy from then on.

    ``hands`` are the cards each seat still holds (not those it played to the trick in progress);
    ``leader`` led to that trick and ``trick`` holds the 0 … 3 cards played to it, in order.
    Raises :class:`DealingError` when the position is impossible (hands of the wrong sizes, a card
    twice), as DDS would refuse it.

    >>> hands = {Seat.NORTH: [Card.from_str("SA")], Seat.EAST: [Card.from_str("SK")],
    ...          Seat.SOUTH: [Card.from_str("HA")], Seat.WEST: [Card.from_str("S2")]}
    >>> card_tricks(hands, Strain.NOTRUMP, Seat.WEST)
    {Card('S2'): 0}
    >>> hands[Seat.EAST] = []                                # East has led the king …
    >>> card_tricks(hands, Strain.HEARTS, Seat.EAST, [Card.from_str("SK")])   # … and South ruffs
    {Card('HA'): 1}
    """
    held = {Seat(seat): tuple(cards) for seat, cards in hands.items()}
    trick = tuple(trick)
    if set(held) != set(Seat) or len(trick) > 3:
        raise DealingError("a position of the play has four hands and at most three cards in the trick")
    every = [card for cards in held.values() for card in cards] + list(trick)
    if len(set(every)) != len(every):
        raise DealingError("a card is in the position twice")
    left = len(held[leader]) + (1 if trick else 0)
    for offset in range(4):
        seat = leader.after(offset)
        if len(held[seat]) + (1 if offset < len(trick) else 0) != left or left == 0:
            raise DealingError("the hands of a position of the play must be of equal size (after the trick's cards)")
    return dict(_solved_position((tuple(frozenset(held[seat]) for seat in Seat), Strain(strain), Seat(leader), trick)))


#: Positions of the play solved lately (``card_tricks``): Play it again asks for the same position again as a player
#: steps back and forth through a board, and every reader of a board starts from the same opening lead.
SOLVED_POSITIONS = 4096


@lru_cache(maxsize=SOLVED_POSITIONS)
def _solved_position(
    position: tuple[tuple[frozenset[Card], ...], Strain, Seat, tuple[Card, ...]],
) -> tuple[tuple[Card, int], ...]:
    """DDS's ``SolveBoard`` on a checked position (each seat's cards in ``Seat`` order, the strain, the trick's leader
    and its cards): each card the player to move may play with its side's tricks, in the deck's order."""
    held, strain, leader, trick = position
    dds_raw = _endplay()[0]
    solving = dds_raw.deal()
    solving.trump = _DDS_TRUMP[strain]
    solving.first = int(leader)
    for i in range(3):
        card = trick[i] if i < len(trick) else None
        solving.currentTrickSuit[i] = _DDS_SUIT[card.suit] if card else 0
        solving.currentTrickRank[i] = int(card.rank) if card else 0
    for seat, cards in zip(Seat, held, strict=True):
        for card in cards:
            solving.remainCards[seat][_DDS_SUIT[card.suit]] |= 1 << int(card.rank)
    solved = dds_raw.futureTricks()
    with _SOLVER_LOCK:
        dds_raw.SolveBoard(solving, -1, 3, 1, solved, 0)  # target -1, all cards (3), always search (1)
    tricks: dict[Card, int] = {}
    for i in range(solved.cards):
        suit = _SUIT_FROM_DDS[solved.suit[i]]
        ranks = (1 << solved.rank[i]) | solved.equals[i]  # the card and the cards equal to it
        for rank in Rank:
            if ranks & (1 << int(rank)):
                tricks[Card(suit, rank)] = int(solved.score[i])
    return tuple(sorted(tricks.items(), key=lambda item: item[0].index))

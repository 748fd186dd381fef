"""Choosing a movement for a session, in a director's words: the options ranked by how well they fit.

A director knows the field (pairs, or tables) and how long the evening may be (a time, or about
how many boards: "24", "24–28"). ``target_for`` turns that into a range of boards to play;
``offers_for`` lists every movement offered for the field (``catalogue.options_for``; past 64
pairs only Mitchells), each with the boards per round that fit the range (a Mitchell may also be
cut short by rounds), and ranks them:

1. fit to the session's length (boards short of the range cost one each, boards past it two);
2. balance, as a verdict: perfect, as good as possible, good, fair, uneven;
3. the number of winners the club prefers (``"one"``, ``"two"`` or ``"any"``);
4. the simpler movement (no half-sets, no shared boards), then the nearer to the middle of the range.

Each ``Offer`` carries, as ``Text`` data (``text.py``): rounds × boards per round = boards, the
expected playing time (minutes per board, a club setting, 7½ by default), relays and bye-stands,
one or two winners, whether every pair meets every other, and the balance as a plain verdict in
boards ("perfectly balanced: every two pairs are compared on 22 boards") with what is provably
best in words. The mathematics (constructions, Σ(c − ideal)², std, bounds) stays in the balance
report (``catalogue.balance_report``, ``Offer.report``).

>>> t = target_for(boards="24-28")
>>> (t.low, t.high, str(t.text))
(24, 28, '24–28 boards')
>>> str(target_for(length="3 h").text)
'at most 3 h: up to 24 boards at 7½ minutes a board'
>>> best = offers_for(12, target_for(boards="about 24")).offers[0]
>>> str(best.label), str(best.boards_text), str(best.verdict)
('Complete Howell, 11 rounds', '11 rounds × 2 boards = 22 boards', 'perfectly balanced: every two pairs are compared on 10 boards')
>>> first = offers_for(31, target_for(boards="24–28")).offers[0]    # not the 31-round, 62-board Howell
>>> first.movement.kind, first.boards
('mitchell', 28)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from movements.domain import howell
from movements.domain import mitchell as mitchell_mod
from movements.domain.catalogue import MAX_BOARDS_PER_ROUND, Report, balance_report, movement_for, options_for
from movements.domain.errors import MovementError
from movements.domain.schedule import Movement
from movements.domain.text import Text

#: Clubs' usual values, when a club has set none.
MINUTES_PER_BOARD = 7.5
USUAL_BOARDS = (24, 28)
WINNERS = ("one", "two", "any")

#: Boards per round the chooser offers (one board a round is left to the expert form).
BOARDS_PER_ROUND = tuple(range(2, MAX_BOARDS_PER_ROUND + 1))
MIN_BOARDS, MAX_BOARDS = 4, 200
MIN_MINUTES, MAX_MINUTES = 20, 12 * 60
#: At most this many boards-per-round (or shortened) rows of one movement.
ROWS_PER_MOVEMENT = 3


# --- what the director asks for ----------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """The boards to play: ``low`` to ``high``; ``minutes`` is the session's limit when one was given."""

    low: int
    high: int
    minutes_per_board: float = MINUTES_PER_BOARD
    minutes: int | None = None
    text: Text | None = None

    @property
    def middle(self) -> float:
        return (self.low + self.high) / 2

    def penalty(self, boards: int) -> int:
        """How badly ``boards`` misses the range: one per board short, two per board over."""
        if boards < self.low:
            return self.low - boards
        if boards > self.high:
            return 2 * (boards - self.high)
        return 0


# (at most six digits a number: no session has more boards, and int() refuses thousands of digits)
_BOARDS = re.compile(r"^\D*?(\d{1,6})\s*(?:(?:-|–|—|\.\.\.?|…|to|do)\s*(\d{1,6}))?[^\d.,]*$", re.IGNORECASE)


def parse_boards(value: str) -> tuple[int, int, bool]:
    """``"24"`` or ``"about 24"`` → (22, 26, True); ``"24-28"``, ``"24–28"``, ``"24 to 28"`` → (24, 28, False).

    >>> parse_boards("ok. 24 rozdania"), parse_boards("28–24")
    ((22, 26, True), (24, 28, False))
    """
    found = _BOARDS.match(str(value).strip())
    if not found:
        raise MovementError(Text.of("error.target_boards", value=str(value)), field="boards")
    low = int(found[1])
    about = not found[2]
    if about:
        spread = max(1, round(low / 12))
        low, high = low - spread, low + spread
    else:
        high = int(found[2])
    low, high = min(low, high), max(low, high)
    if low < MIN_BOARDS or high > MAX_BOARDS:
        raise MovementError(
            Text.of("error.target_boards_range", value=str(value), low=MIN_BOARDS, high=MAX_BOARDS), field="boards"
        )
    return low, high, about


_H_MM = re.compile(r"^(\d{1,2})[:.](\d{2})$")
_HOURS = re.compile(
    r"^(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hour|hours|g|godz|godzin|godziny|godzina)\.?"
    r"(?:\s*(\d{1,2})\s*(?:m|min|mins|minut|minuty|minutes)?\.?)?$"
)
_MINUTES = re.compile(r"^(\d{1,6})\s*(?:m|min|mins|minut|minuty|minutes)\.?$")
_NUMBER = re.compile(r"^(\d+(?:\.\d+)?)$")


def parse_length(value: str) -> int:
    """How long the session may be, in minutes: ``"3 h"``, ``"2h30"``, ``"2:45"``, ``"2,5 godz."``, ``"170 min"``; a
    bare number is hours up to 12, minutes above.

    >>> [parse_length(v) for v in ("3 h", "2h30", "2:45", "2,5 godz.", "2½ h", "170 min", "3", "180")]
    [180, 150, 165, 150, 150, 170, 180, 180]
    """
    text = str(value).strip().lower().replace("½", ".5").replace(",", ".").replace(" .5", ".5")
    text = re.sub(r"\s+", " ", text)
    minutes: float | None = None
    if found := _H_MM.match(text):
        minutes = int(found[1]) * 60 + int(found[2])
    elif found := _HOURS.match(text):
        minutes = float(found[1]) * 60 + int(found[2] or 0)
    elif found := _MINUTES.match(text):
        minutes = int(found[1])
    elif found := _NUMBER.match(text):
        number = float(found[1])
        minutes = number * 60 if number <= 12 else number
    if minutes is None:
        raise MovementError(Text.of("error.target_length", value=str(value)), field="length")
    if not MIN_MINUTES <= minutes <= MAX_MINUTES:
        raise MovementError(
            Text.of("error.target_length_range", value=str(value), low=MIN_MINUTES, high=MAX_MINUTES // 60),
            field="length",
        )
    return round(minutes)


def target_for(
    *,
    boards: str | None = None,
    length: str | None = None,
    minutes_per_board: float = MINUTES_PER_BOARD,
    usual: tuple[int, int] = USUAL_BOARDS,
) -> Target:
    """The boards to aim at: about how many (``boards``), at most how long (``length``), or the club's ``usual``
    range. When both are given, the stricter wins: a length that holds fewer boards than asked limits them.

    >>> t = target_for(boards="24-28", length="2 h 30", minutes_per_board=7.5)
    >>> (t.low, t.high, t.minutes)
    (15, 20, 150)
    """
    mpb = float(minutes_per_board)
    if mpb <= 0:
        raise MovementError(Text.of("error.minutes_per_board", value=minutes_per_board), field="minutes_per_board")
    if boards not in (None, ""):
        low, high, about = parse_boards(boards)
        text = (
            Text.of("target.about", boards=(low + high) // 2, low=low, high=high)
            if about
            else Text.of("target.range", low=low, high=high)
        )
    else:
        low, high = usual
        text = Text.of("target.range", low=low, high=high)
    minutes = None
    if length not in (None, ""):
        minutes = parse_length(length)
        most = math.floor(minutes / mpb + 1e-9)
        if most < MIN_BOARDS:
            raise MovementError(
                Text.of("error.target_too_short", minutes=minutes, boards=most, minutes_per_board=_number(mpb)),
                field="length",
            )
        if most < high:
            high = most
            low = min(low, max(MIN_BOARDS, most - max(2, round(most * 0.25))))
            text = Text.of("target.length", minutes=minutes, boards=most, minutes_per_board=_number(mpb))
        low = min(low, high)
    return Target(low=low, high=high, minutes_per_board=mpb, minutes=minutes, text=text)


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def pairs_for(pairs: int | None = None, tables: int | None = None) -> int:
    """The field from the pairs, the tables (two pairs a table), or both when they agree.

    >>> pairs_for(tables=7), pairs_for(13, 7)
    (14, 13)
    """
    if pairs is None and tables is None:
        raise MovementError(Text.of("error.pairs_missing"), field="pairs")
    if tables is not None:
        if tables < 2:
            raise MovementError(Text.of("error.tables_min", value=tables), field="tables")
        if pairs is None:
            return 2 * tables
        if pairs not in (2 * tables - 1, 2 * tables):
            raise MovementError(Text.of("error.tables_pairs", tables=tables, pairs=pairs), field="tables")
    assert pairs is not None  # pairs and tables both None was refused above
    return pairs


# --- what is offered ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    """One row of the chooser: a movement with its boards per round, said in bridge words."""

    pairs: int
    parameters: dict[str, Any]  # movement_for's: rounds, kind, half_sets, variant, arrow_switch
    boards_per_round: int
    label: Text
    movement: Movement
    report: Report  # catalogue.balance_report: the mathematics, for the curious
    boards: int  # boards each table plays: rounds × boards per round
    boards_dealt: int  # boards to prepare: board sets × boards in a set
    minutes: float  # expected playing time
    penalty: int  # how badly it misses the session's range (0: it fits)
    verdict: Text
    verdict_rank: int  # 0 perfect … 4 uneven
    best: Text | None  # what is provably best, in words
    opponents: int  # the fewest other pairs a pair meets
    relays: int
    bye_stands: int
    facts: tuple[Text, ...] = ()
    sort_key: tuple[float, ...] = field(default=(), compare=False)

    @property
    def fits(self) -> bool:
        return self.penalty == 0

    @property
    def rounds(self) -> int:
        return self.movement.round_count

    @property
    def tables(self) -> int:
        return self.movement.tables

    @property
    def winners(self) -> int:
        return self.movement.winners

    @property
    def every_pair_meets(self) -> bool:
        return self.opponents >= self.pairs - 1

    @property
    def boards_text(self) -> Text:
        return Text.of("offer.boards", rounds=self.rounds, boards_per_round=self.boards_per_round, boards=self.boards)

    @property
    def time_text(self) -> Text:
        return Text.of("offer.time", minutes=round(self.minutes))

    def fit_text(self, target: Target) -> Text | None:
        if self.boards < target.low:
            return Text.of("offer.shorter", boards=target.low - self.boards)
        if self.boards > target.high:
            if target.minutes is not None:
                return Text.of("offer.longer_time", minutes=round(self.minutes - target.minutes))
            return Text.of("offer.longer", boards=self.boards - target.high)
        return None

    def query(self) -> dict[str, int | str | bool | None]:
        """The parameters a page or the API sends back to choose this row."""
        p = self.parameters
        return {
            "pairs": self.pairs,
            "kind": p["kind"],
            "rounds": p["rounds"],
            "half_sets": p["half_sets"],
            "variant": p["variant"],
            "arrow_switch": p["arrow_switch"],
            "boards_per_round": self.boards_per_round,
        }


@dataclass(frozen=True)
class Choice:
    """What the chooser answers for a field and a target: the ranked offers, the best first."""

    pairs: int
    target: Target
    offers: tuple[Offer, ...]
    unavailable: tuple[tuple[Text, Text], ...] = ()  # (label, why) of options that could not be built
    advice: Text | None = None


def opponents_met(movement: Movement) -> int:
    """The fewest real opponents any pair meets (a sit-out is no meeting)."""
    met: dict[int, set[int]] = {p: set() for p in movement.pair_numbers}
    for rnd in movement.rounds:
        for t in rnd.tables:
            if movement.phantom in (t.ns, t.ew):
                continue
            met.setdefault(t.ns, set()).add(t.ew)
            met.setdefault(t.ew, set()).add(t.ns)
    return min((len(v) for v in met.values()), default=0)


def verdict(movement: Movement, report: Report, boards_per_round: int) -> tuple[Text, int, Text | None]:
    """The balance said plainly, in boards: (verdict, rank 0 perfect … 4 uneven, what is provably best).

    Perfect: every two pairs (of a line, with two winners) compared equally often. As balanced as
    possible: a complete Howell that meets the proven bound for its field. Then by the numbers:
    good (the most at most 1½ times the fewest), fair (at most 3 times), uneven (more, or some
    pairs never compared).

    >>> m = movement_for(14)
    >>> v, rank, best = verdict(m, balance_report(m), 2)
    >>> str(v), rank
    ('as balanced as possible: two pairs are compared on 10 to 14 boards', 1)
    >>> str(best)
    'no movement for 14 pairs with one board set per round can be perfectly balanced (proven); two half-sets per round can'
    """
    per_set = boards_per_round // 2 if movement.half_sets else boards_per_round
    low, high = report["min"] * per_set, report["max"] * per_set
    best = report["best_possible"]
    lines = movement.winners == 2
    if high == low:
        text, rank = Text.of("verdict.perfect", boards=low, lines=lines), 0
    elif low > 0 and best["reached"] and movement.kind == "howell" and movement.complete:
        text, rank = Text.of("verdict.best", low=low, high=high), 1
    elif low > 0 and 2 * high <= 3 * low:
        text, rank = Text.of("verdict.good", low=low, high=high), 2
    elif low > 0 and high <= 3 * low:
        text, rank = Text.of("verdict.fair", low=low, high=high), 3
    else:
        text, rank = Text.of("verdict.uneven", low=low, high=high), 4
    return text, rank, _best_in_words(movement, best, high == low)


def _best_in_words(movement: Movement, best: Mapping[str, Any], perfect: bool) -> Text | None:
    code = best["explanation"].code
    n = movement.pairs
    if movement.winners == 2:
        return Text.of("words.two_lines")
    if perfect:
        return None
    if code == "best.parity":
        half_sets = str(n + 1 if n % 2 else n) in howell.embedded().get("half", {}) or n in (5, 6)
        return Text.of("words.parity", pairs=n, reached=best["reached"], half_sets=half_sets)
    if code in ("best.complete_possible", "best.half_sets"):
        return Text.of("words.possible", pairs=n)
    if code in ("best.no_hadamard", "best.odd"):
        return Text.of("words.unknown", pairs=n)
    return Text.of("words.kind", reached=best["reached"])


def _facts(
    movement: Movement, parameters: Mapping[str, Any], opponents: int, dealt: int, played: int
) -> tuple[Text, ...]:
    facts = [Text.of("fact.winners", count=movement.winners)]
    others = movement.pairs - 1
    facts.append(
        Text.of("fact.meets_all") if opponents >= others else Text.of("fact.meets", count=opponents, others=others)
    )
    if movement.kind == "mitchell" and parameters.get("variant") == "relay":
        facts.append(
            Text.of("fact.bye_stand", low=movement.tables // 2, high=movement.tables // 2 + 1, tables=movement.tables)
        )
    elif movement.kind == "mitchell" and parameters.get("variant") == "skip":
        facts.append(Text.of("fact.skip", round=movement.tables // 2))
    else:
        facts.append(Text.of("fact.relays", count=len(movement.relays)))
        if movement.shared_boards:
            facts.append(Text.of("fact.shared_boards"))
    if movement.phantom:
        facts.append(Text.of("fact.sit_out"))
    if dealt != played:
        facts.append(Text.of("fact.deal", boards=dealt))
    return tuple(facts)


def _boards_per_round(rounds: int, half_sets: bool) -> list[int]:
    """Clubs play 2 to 4 boards a round; a short movement (7 rounds or fewer) may take up to 8."""
    top = MAX_BOARDS_PER_ROUND if rounds <= 7 else 4
    return [b for b in BOARDS_PER_ROUND if b <= top and (not half_sets or b % 2 == 0)]


def _candidates(full_rounds: int, kind: str, half_sets: bool, target: Target) -> list[tuple[int | None, int, int]]:
    """(rounds parameter, boards per round, boards played) worth offering for one movement, best first: every
    boards per round that fits; for a Mitchell that does not fit, the same cut short by a third of its rounds at
    most (a big field: as many rounds as the session holds); when nothing fits, the nearest."""
    choices = _boards_per_round(full_rounds, half_sets)
    full: list[tuple[int | None, int, int]] = [(None, b, full_rounds * b) for b in choices]
    fitting = [c for c in full if target.penalty(c[2]) == 0]
    if kind == "mitchell":
        shortened = _shortened(full_rounds, target, shortest=max(3, math.ceil(2 * full_rounds / 3)), most=4)
        if not fitting and not shortened:  # a big field: as many rounds as the session holds, 2 boards each
            shortened = _shortened(full_rounds, target, shortest=3, most=2)
        fitting += shortened
    if not fitting:
        return [min(full, key=lambda c: (target.penalty(c[2]), abs(c[2] - target.middle)))]
    fitting.sort(key=lambda c: (c[0] is not None, abs(c[2] - target.middle), c[1]))
    return fitting[:ROWS_PER_MOVEMENT]


def _shortened(full_rounds: int, target: Target, *, shortest: int, most: int) -> list[tuple[int, int, int]]:
    out = []
    for b in range(2, most + 1):
        if target.penalty(full_rounds * b) == 0:
            continue
        r = min(full_rounds - 1, target.high // b)
        if r >= shortest and target.penalty(r * b) == 0:
            out.append((r, b, r * b))
    return out


def offers_for(pairs: int, target: Target, *, winners: str = "one") -> Choice:
    """Every movement offered for ``pairs`` with each boards per round that fits ``target``, ranked (the best
    first). Raises ``MovementError`` for a field no movement serves (fewer than 4 pairs, more than Mitchells
    take)."""
    if pairs < howell.MIN_PAIRS:
        movement_for(pairs)  # raises with the explanation
    if pairs > mitchell_mod.MAX_PAIRS:
        movement_for(pairs, kind="mitchell")  # raises with the explanation
    if winners not in WINNERS:
        raise MovementError(Text.of("error.winners", value=str(winners)), field="winners")
    offers: list[Offer] = []
    unavailable: list[tuple[Text, Text]] = []
    reports: dict[int, Report] = {}
    for option in options_for(pairs):
        params = {
            "rounds": option.get("rounds"),
            "kind": option["kind"],
            "half_sets": bool(option["half_sets"]),
            "variant": option.get("variant"),
            "arrow_switch": bool(option.get("arrow_switch")),
        }
        try:
            full = movement_for(pairs, **params)
        except MovementError as exc:
            unavailable.append((option["label"], exc.text or Text.of("error.internal", detail=str(exc))))
            continue
        for rounds, bpr, _played in _candidates(full.round_count, params["kind"], params["half_sets"], target):
            p = dict(params, rounds=rounds) if rounds is not None else params
            try:
                m = movement_for(pairs, **p) if rounds is not None else full
            except MovementError:
                continue
            report = reports.get(id(m)) or reports.setdefault(id(m), balance_report(m))
            label = option["label"]
            if rounds is not None:
                label = Text.of(
                    "option.mitchell",
                    variant=params["variant"] or "plain",
                    rounds=rounds,
                    arrow_switch=params["arrow_switch"],
                )
            offers.append(_offer(pairs, p, bpr, label, m, report, target, winners))
    offers.sort(key=lambda o: o.sort_key)
    advice = Text.of("advice.mitchell_only", pairs=pairs, max=howell.MAX_PAIRS) if pairs > howell.MAX_PAIRS else None
    return Choice(pairs=pairs, target=target, offers=tuple(offers), unavailable=tuple(unavailable), advice=advice)


def _offer(
    pairs: int,
    params: Mapping[str, Any],
    bpr: int,
    label: Text,
    m: Movement,
    report: Report,
    target: Target,
    winners: str,
) -> Offer:
    per_set = bpr // 2 if m.half_sets else bpr
    played = m.round_count * bpr
    dealt = m.board_sets * per_set
    said, rank, best = verdict(m, report, bpr)
    opponents = opponents_met(m)
    relays = len(m.relays)
    bye = relays if m.kind == "mitchell" else 0
    penalty = target.penalty(played)
    wrong_winners = winners != "any" and m.winners != (1 if winners == "one" else 2)
    simpler = int(m.half_sets) + int(m.shared_boards and m.kind == "howell")
    key = (penalty, rank, wrong_winners, simpler, abs(played - target.middle), not 2 <= bpr <= 4, report["std"], relays)
    return Offer(
        pairs=pairs,
        parameters=dict(params),
        boards_per_round=bpr,
        label=label,
        movement=m,
        report=report,
        boards=played,
        boards_dealt=dealt,
        minutes=played * target.minutes_per_board,
        penalty=penalty,
        verdict=said,
        verdict_rank=rank,
        best=best,
        opponents=opponents,
        relays=relays - bye,
        bye_stands=bye,
        facts=_facts(m, params, opponents, dealt, played),
        sort_key=key,
    )

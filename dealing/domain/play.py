"""Play it again: a board's card play from the opening lead, and each card set against double dummy.

What it offers:

* :class:`Trick` — a trick's leader and its cards; ``winner(strain)``: the highest trump, else the
  highest card of the suit led (Law 44E/F).
* :class:`Play` — a deal, the contract and the cards played so far. It knows whose turn it is
  (the opening lead is made by declarer's left-hand opponent, Law 41; then the winner of each
  trick leads, and play goes clockwise, Law 44), the tricks each side has won, the cards each hand
  still holds and the cards it may play (it must follow suit if it can, Law 44C).
  ``play.play(card)`` checks the card and returns the next :class:`Play`;
  ``Play.replay(deal, contract, cards)`` checks a whole sequence, its error naming the card
  ("card 6: …"). Every refusal is a :class:`~dealing.domain.errors.DealingError` with a text
  (``play.*`` codes): a card not in the hand, not following suit, out of turn, played twice.
* :class:`Position` — what a double-dummy solver needs of a moment of the play (the hands left,
  the trump, who led to the trick in progress and its cards) and ``key``, the same string for the
  same position however it was reached (for a cache).
* :func:`evaluate` — the play so far against double dummy: for each card played, how many tricks
  it gave away (its side's best card would have taken that many more), and for the player to
  move, what each card they may play leads to (:func:`options`). :func:`best_card` is what a
  double-dummy player plays; :func:`play_for` lets one side play that way. Positions are solved
  by :func:`solve_position` (DDS, through :func:`dealing.domain.analysis.card_tricks`), or by
  any :data:`Solver` — the site passes one that caches each position.

Source documents: the Laws of Duplicate Bridge (2017), Laws 41, 44 and 57
(``../shared/specs/rules-and-formats.md``).

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> play = Play.start(deal, Contract.from_str("3NT", "S"))
>>> play.to_play, [str(c) for c in play.legal_cards()][:3]
(<Seat.WEST: 3>, ['S4', 'S3', 'S2'])
>>> play = play.play(Card.from_str("HA")).play(Card.from_str("H8")).play(Card.from_str("H5"))
>>> play.play(Card.from_str("S5"))
Traceback (most recent call last):
...
dealing.domain.errors.DealingError: South must follow suit in hearts (South holds ♥4, ♥3, ♥2)
>>> play = play.play(Card.from_str("H2"))
>>> play.tricks_won, play.to_play
({'NS': 0, 'EW': 1}, <Seat.WEST: 3>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from bridge.cards import Card, Deal, Seat, Strain, Suit
from bridge.contract import Contract
from bridge.errors import BridgeError
from dealing.domain.analysis import card_tricks
from dealing.domain.errors import DealingError
from dealing.domain.text import Text

__all__ = [
    "Trick",
    "Play",
    "Position",
    "CardOption",
    "PlayedCard",
    "PlayEvaluation",
    "evaluate",
    "options",
    "best_card",
    "play_for",
    "parse_cards",
    "Solver",
    "solve_position",
]

#: A double-dummy solver of positions: for each card the player to move may play, the tricks its
#: side takes from here on (the trick in progress included). :func:`solve_position` is the real one.
Solver = Callable[["Position"], Mapping[Card, int]]


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: who led to it and the cards played to it, in order (complete at four)."""

    leader: Seat
    cards: tuple[Card, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def seat_of(self, i: int) -> Seat:
        """Who played the ``i``-th card (0 = the lead)."""
        return self.leader.after(i)

    @property
    def next_seat(self) -> Seat:
        return self.leader.after(len(self.cards))

    def winner(self, strain: Strain) -> Seat:
        """Who wins the (complete) trick: the highest trump in it, else the highest card of the suit led."""
        trumps, led = strain.suit, self.cards[0].suit

        def strength(card: Card) -> tuple[int, int]:
            return (2 if card.suit is trumps else 1 if card.suit is led else 0, int(card.rank))

        best = max(range(len(self.cards)), key=lambda i: strength(self.cards[i]))
        return self.seat_of(best)

    def add(self, card: Card) -> Trick:
        return Trick(self.leader, self.cards + (card,))


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of the play as a double-dummy solver sees it."""

    hands: tuple[frozenset[Card], ...]  # the cards each seat still holds, N, E, S, W
    strain: Strain
    leader: Seat  # who led to the trick in progress
    trick: tuple[Card, ...]  # its cards so far (0 … 3)

    @property
    def to_play(self) -> Seat:
        return self.leader.after(len(self.trick))

    @property
    def key(self) -> str:
        """``"S W HA.H8 N:AKQJ.T9.765.432 …"``: strain, leader, the trick, the hands left — one string per
        position, whatever order the earlier tricks were played in."""
        hands = " ".join(
            ".".join(
                "".join(c.rank.letter for c in sorted(h, reverse=True, key=lambda c: c.rank) if c.suit is suit)
                for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
            )
            for h in self.hands
        )
        return f"{self.strain.letter} {self.leader.letter} {'.'.join(map(str, self.trick)) or '-'} N:{hands}"


class Play:
    """The play of a board so far: immutable; :meth:`play` gives the next one."""

    __slots__ = ("_won", "cards", "contract", "deal", "hands", "tricks")

    def __init__(
        self,
        deal: Deal,
        contract: Contract,
        cards: tuple[Card, ...],
        tricks: tuple[Trick, ...],
        hands: tuple[frozenset[Card], ...],
        won: tuple[int, int],
    ):
        self.deal = deal
        self.contract = contract
        self.cards = cards  # every card played, in order
        self.tricks = tricks  # complete tricks, then the one in progress (if any card is in it)
        self.hands = hands  # the cards each seat still holds (N, E, S, W)
        self._won = won  # tricks won by NS, EW

    @classmethod
    def start(cls, deal: Deal, contract: Contract) -> Play:
        """Before the opening lead, which declarer's left-hand opponent makes."""
        return cls(deal, contract, (), (), tuple(deal.hand(seat).cards for seat in Seat), (0, 0))

    @classmethod
    def replay(cls, deal: Deal, contract: Contract, cards: Iterable[Card]) -> Play:
        """The play after ``cards``, each checked; an error names the card by its place ("card 6: …")."""
        play, error = cls.replay_checked(deal, contract, cards)
        if error is not None:
            raise error
        return play

    @classmethod
    def replay_checked(cls, deal: Deal, contract: Contract, cards: Iterable[Card]) -> tuple[Play, DealingError | None]:
        """The play up to the first card that may not be played, and the error saying why (naming the card
        by its place), or ``None`` when every card was good."""
        play = cls.start(deal, contract)
        for n, card in enumerate(cards, start=1):
            try:
                play = play.play(card)
            except BridgeError as exc:
                return play, DealingError(Text.of("play.at", position=n, error=exc.said), field="cards")
        return play, None

    # --- where the play stands ------------------------------------------------------------

    @property
    def strain(self) -> Strain:
        return self.contract.strain

    @property
    def declarer(self) -> Seat:
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        return self.contract.declarer.partner

    @property
    def current(self) -> Trick:
        """The trick in progress (no cards yet when a trick has just been completed)."""
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1]
        if self.tricks:
            return Trick(self.tricks[-1].winner(self.strain))
        return Trick(self.declarer.next)

    @property
    def completed(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.complete)

    @property
    def is_over(self) -> bool:
        return len(self.cards) == 52

    @property
    def to_play(self) -> Seat | None:
        """Whose turn it is (``None`` once all thirteen tricks are played)."""
        return None if self.is_over else self.current.next_seat

    @property
    def tricks_won(self) -> dict[str, int]:
        return {"NS": self._won[0], "EW": self._won[1]}

    @property
    def declarer_tricks(self) -> int:
        return self._won[0 if self.declarer.side == "NS" else 1]

    @property
    def defence_tricks(self) -> int:
        return self._won[1 if self.declarer.side == "NS" else 0]

    def hand(self, seat: Seat) -> frozenset[Card]:
        """The cards ``seat`` still holds."""
        return self.hands[seat]

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play, in deck order (spades first, high to low)."""
        seat = self.to_play
        if seat is None:
            return []
        held = self.hands[seat]
        led = self.current.suit_led
        following = [c for c in held if c.suit is led] if led is not None else []
        return sorted(following or held)

    def position(self) -> Position:
        trick = self.current
        return Position(self.hands, self.strain, trick.leader, trick.cards)

    # --- playing a card -------------------------------------------------------------------

    def play(self, card: Card) -> Play:
        """The play after ``card``, which must be the turn's player's and follow suit if it can."""
        seat = self.to_play
        if seat is None:
            raise DealingError(Text.of("play.over"), field="card")
        if card not in self.hands[seat]:
            holder = self.deal.holder(card)
            if card in self.hands[holder]:
                raise DealingError(Text.of("play.turn", card=_said(card), holder=holder, seat=seat), field="card")
            trick_no = next(i for i, t in enumerate(self.tricks, start=1) if card in t.cards)
            raise DealingError(Text.of("play.played", card=_said(card), seat=holder, trick=trick_no), field="card")
        trick = self.current
        led = trick.suit_led
        if led is not None and card.suit is not led:
            following = sorted(c for c in self.hands[seat] if c.suit is led)
            if following:
                raise DealingError(
                    Text.of(
                        "play.follow", seat=seat, suit=led, card=_said(card), holding=tuple(_said(c) for c in following)
                    ),
                    field="card",
                )
        trick = trick.add(card)
        tricks = self.tricks[:-1] + (trick,) if self.tricks and not self.tricks[-1].complete else self.tricks + (trick,)
        hands = tuple(h - {card} if s == seat else h for s, h in zip(Seat, self.hands))
        won = self._won
        if trick.complete:
            side = trick.winner(self.strain).side
            won = (won[0] + 1, won[1]) if side == "NS" else (won[0], won[1] + 1)
        return Play(self.deal, self.contract, self.cards + (card,), tricks, hands, won)

    def __repr__(self) -> str:
        return f"Play({self.contract!s}, {len(self.cards)} cards)"


def _said(card: Card) -> str:
    """``♥A``, ``♠10``: a card as messages write it."""
    return card.suit.symbol + ("10" if card.rank.letter == "T" else card.rank.letter)


def parse_cards(text: str) -> list[Card]:
    """Cards as a page or program sends them: ``"HA H8 H5"``, ``"HA,H8"``, ``"ha.h8"``; an error names the
    card by its place.

    >>> parse_cards("HA, h8 ♥10")
    [Card('HA'), Card('H8'), Card('HT')]
    """
    cards = []
    for n, part in enumerate(str(text).replace(",", " ").replace(".", " ").split(), start=1):
        try:
            cards.append(Card.from_str(part))
        except BridgeError as exc:
            raise DealingError(Text.of("play.at", position=n, error=exc.said), field="cards") from None
    return cards


# --- against double dummy ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardOption:
    """A card the player to move may play: the tricks declarer's side ends with if it is played (and all
    play double dummy after it), and how many tricks it gives away against the player's best card."""

    card: Card
    declarer_tricks: int
    cost: int


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card of the play: who played it, in which trick, the tricks declarer's side ends with from then on
    (double dummy), and how many its player gave away with it (0: as good as any card they held)."""

    card: Card
    seat: Seat
    trick: int
    declarer_tricks: int
    cost: int


@dataclass(frozen=True, slots=True)
class PlayEvaluation:
    """The play set against double dummy."""

    start: int  # declarer's tricks before the opening lead
    played: tuple[PlayedCard, ...]
    options: tuple[CardOption, ...]  # for the player to move (none once the play is over)
    declarer_tricks: int  # what declarer's side ends with from here, double dummy

    @property
    def given_away(self) -> dict[str, int]:
        """Tricks each side has given away so far."""
        out = {"NS": 0, "EW": 0}
        for p in self.played:
            out[p.seat.side] += p.cost
        return out


def solve_position(position: Position) -> dict[Card, int]:
    """The position solved by DDS (:func:`dealing.domain.analysis.card_tricks`)."""
    return card_tricks({seat: position.hands[seat] for seat in Seat}, position.strain, position.leader, position.trick)


def _options(play: Play, solve: Solver) -> dict[Card, int]:
    """What each card the player to move may play leads to, in declarer's tricks at the end."""
    side_tricks = solve(play.position())
    left = 13 - len(play.completed)
    mover = play.to_play
    assert mover is not None  # asked only of a play that is not over
    ours = mover.side == play.declarer.side
    won = play.declarer_tricks
    legal = play.legal_cards()
    if set(side_tricks) != set(legal):
        raise DealingError("the solver's cards are not the cards that may be played")
    return {card: won + (n if ours else left - n) for card, n in side_tricks.items()}


def _cost(options: Mapping[Card, int], card: Card, declarer_side: bool) -> int:
    return abs(_best(options, declarer_side) - options[card])


def options(play: Play, solve: Solver | None = None) -> tuple[CardOption, ...]:
    """The cards the player to move may play, each with where it leads (one position solved)."""
    if play.is_over:
        return ()
    tricks = _options(play, solve or solve_position)
    mover = play.to_play
    assert mover is not None  # the play is not over
    ours = mover.side == play.declarer.side
    return tuple(CardOption(c, n, _cost(tricks, c, ours)) for c, n in tricks.items())


def best_card(play: Play, solve: Solver | None = None) -> Card:
    """What a double-dummy player plays: the lowest of the cards that give nothing away (the lowest rank;
    between suits, the first in deck order)."""
    choices = [o.card for o in options(play, solve) if o.cost == 0]
    if not choices:
        raise DealingError(Text.of("play.over"), field="card")
    return min(choices, key=lambda c: (c.rank, c.index))


def play_for(play: Play, side: str, solve: Solver | None = None) -> Play:
    """Let ``side`` (``"NS"`` or ``"EW"``) play double dummy (:func:`best_card`) until it is the other side's
    turn or the play is over."""
    while (mover := play.to_play) is not None and mover.side == side:  # None: the play is over
        play = play.play(best_card(play, solve))
    return play


def evaluate(play: Play, solve: Solver | None = None) -> PlayEvaluation:
    """Every card of ``play`` set against double dummy, and the options of the player to move.

    ``solve`` is :func:`solve_position` unless another is given (e.g. one that caches positions); it is
    asked once per position, the opening lead's included.
    """
    solve = solve or solve_position
    replay = Play.start(play.deal, play.contract)
    played: list[PlayedCard] = []
    start = None
    for card in play.cards:
        tricks = _options(replay, solve)
        seat = replay.to_play
        assert seat is not None  # replay has fewer cards than play: not over
        ours = seat.side == play.declarer.side
        if start is None:
            start = _best(tricks, ours)
        played.append(PlayedCard(card, seat, len(replay.completed) + 1, tricks[card], _cost(tricks, card, ours)))
        replay = replay.play(card)
    if play.is_over:
        final = play.declarer_tricks
        return PlayEvaluation(final if start is None else start, tuple(played), (), final)
    now_options = options(play, solve)
    mover = play.to_play
    assert mover is not None  # the play is not over
    ours = mover.side == play.declarer.side
    now = _best({o.card: o.declarer_tricks for o in now_options}, ours)
    return PlayEvaluation(now if start is None else start, tuple(played), now_options, now)


def _best(options: Mapping[Card, int], declarer_side: bool) -> int:
    return max(options.values()) if declarer_side else min(options.values())

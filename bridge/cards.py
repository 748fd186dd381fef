"""The vocabulary of bridge deals: seats, suits, strains, ranks, cards, hands, deals, vulnerability.

What it offers:

* :class:`Seat` (N, E, S, W, clockwise), :class:`Suit` and :class:`Strain` in bidding order
  (clubs < diamonds < hearts < spades < no trump), :class:`Rank` (two … ace),
  :class:`Card`, :class:`Hand` (13 cards), :class:`Deal` (four hands), :class:`Vulnerability`.
* ``board_dealer(n)`` and ``board_vulnerability(n)``: Law 2's 16-board cycle
  (``../shared/specs/rules-and-formats.md`` §b1).
* ``DECK``: the 52 cards in *deck order*, spades first, each suit ace to two
  (S A = 0, S K = 1, …, H A = 13, …, C 2 = 51). A :class:`Deal` stores, for each card in
  deck order, the seat that holds it; numbering schemes (Pavlicek, BigDeal) convert to and
  from that.

Each type has one tolerant parser (``from_str`` / ``from_pbn``) whose error, a
:class:`~bridge.errors.BridgeError`, says what was wrong.

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> deal.hand(Seat.WEST).to_pbn()
'432.AKQJ.T98.765'
>>> deal.holder(Card.from_str("SA"))
<Seat.NORTH: 0>
>>> board_dealer(6), board_vulnerability(6)
(<Seat.EAST: 1>, <Vulnerability.EW: 2>)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cached_property

from bridge.errors import BridgeError
from bridge.words import Text

__all__ = [
    "Seat",
    "Suit",
    "Strain",
    "Rank",
    "Card",
    "Hand",
    "Deal",
    "Vulnerability",
    "DECK",
    "SUITS_DESCENDING",
    "RANKS_DESCENDING",
    "board_dealer",
    "board_vulnerability",
]


class Seat(IntEnum):
    """A compass seat; the value is the clockwise position from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3
    N = 0  # short aliases: Seat.N is Seat.NORTH
    E = 1
    S = 2
    W = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def next(self) -> Seat:
        """The seat on this one's left: the next to call or play."""
        return Seat((self + 1) % 4)

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return Seat((self + steps) % 4)

    @property
    def side(self) -> str:
        """``"NS"`` or ``"EW"``."""
        return "NS" if self in (Seat.NORTH, Seat.SOUTH) else "EW"

    @classmethod
    def from_str(cls, text: str | int) -> Seat:
        """Parse ``N``, ``north``, ``E`` … (any case); anything else, an int too, is an unknown seat.

        >>> Seat.from_str("w")
        <Seat.WEST: 3>
        """
        key = str(text).strip().upper()
        for seat in cls:
            if key in (seat.letter, seat.name):
                return seat
        raise BridgeError(Text.of("seat.unknown", text=text))

    def __str__(self) -> str:
        return self.letter


_SEAT_BY_VALUE: dict[int, Seat] = {seat.value: seat for seat in Seat}


class Suit(IntEnum):
    """A suit; the value is its bidding rank (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def strain(self) -> Strain:
        return Strain(int(self))

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Parse ``S``, ``spades``, ``♠`` … (any case)."""
        key = str(text).strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.name, suit.name[:-1], suit.symbol, "♤♡♢♧"[3 - suit]):
                return suit
        raise BridgeError(Text.of("suit.unknown", text=text))

    def __str__(self) -> str:
        return self.letter


class Strain(IntEnum):
    """A denomination of a contract, in bidding order: C < D < H < S < NT."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H``, ``S`` or ``N`` (the one-letter form used in bids like ``3N``)."""
        return "CDHSN"[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        return None if self is Strain.NOTRUMP else Suit(int(self))

    @classmethod
    def from_str(cls, text: str) -> Strain:
        """Parse ``C`` … ``S``, ``N``, ``NT``, ``notrump``, ``♠`` … (any case).

        >>> Strain.from_str("nt"), Strain.from_str("♥")
        (<Strain.NOTRUMP: 4>, <Strain.HEARTS: 2>)
        """
        key = str(text).strip().upper()
        if key in ("N", "NT", "NOTRUMP", "NOTRUMPS", "NO TRUMP", "SA"):
            return Strain.NOTRUMP
        try:
            return Suit.from_str(key).strain
        except BridgeError:
            raise BridgeError(Text.of("strain.unknown", text=text)) from None

    def __str__(self) -> str:
        return "NT" if self is Strain.NOTRUMP else self.letter


class Rank(IntEnum):
    """A card's rank; the value is its natural value (two = 2, ace = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work high-card points."""
        return max(0, self - 10)

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """Parse ``A``, ``K`` … ``2``, ``T`` or ``10`` (any case)."""
        key = str(text).strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise BridgeError(Text.of("rank.unknown", text=text))

    def __str__(self) -> str:
        return self.letter


SUITS_DESCENDING: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS_DESCENDING: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


@dataclass(frozen=True, order=False, slots=True)
class Card:
    """One card. ``index`` is its place in deck order (S A = 0 … C 2 = 51)."""

    suit: Suit
    rank: Rank

    @property
    def index(self) -> int:
        return (3 - self.suit) * 13 + (14 - self.rank)

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise BridgeError(Text.of("card.index", index=index))
        return DECK[index]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse a card written suit first or rank first: ``HT``, ``H10``, ``TH``, ``10h``, ``♥T``.

        >>> Card.from_str("H10"), Card.from_str("kd")
        (Card('HT'), Card('DK'))
        """
        key = str(text).strip().upper()
        if len(key) >= 2:
            for suit_part, rank_part in ((key[0], key[1:]), (key[-1], key[:-1])):
                try:
                    return cls(Suit.from_str(suit_part), Rank.from_str(rank_part))
                except BridgeError:
                    continue
        raise BridgeError(Text.of("card.unknown", text=text))

    def __lt__(self, other: Card) -> bool:
        """Deck order: a card is "less" when it comes earlier (S A first)."""
        return self.index < other.index

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS_DESCENDING for rank in RANKS_DESCENDING)
# suit -> rank letter -> the card: one lookup per card when a hand is read (PBN files, deals typed in)
_CARD_BY_LETTER: dict[Suit, dict[str, Card]] = {
    suit: {card.rank.letter: card for card in DECK if card.suit is suit} for suit in SUITS_DESCENDING
}


class Hand:
    """Thirteen (or, while being built, up to thirteen) cards held by one player.

    >>> hand = Hand.from_pbn("AKQJ.T98.765.432")
    >>> hand.hcp, hand.shape, len(hand)
    (10, (4, 3, 3, 3), 13)
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card]):
        self._cards = frozenset(cards)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse PBN hand notation ``S.H.D.C`` (ranks ``AKQJT98765432``; ``10`` accepted)."""
        parts = str(text).strip().split(".")
        if len(parts) != 4:
            raise BridgeError(Text.of("hand.suits", text=text))
        cards: list[Card] = []
        for suit, holding in zip(SUITS_DESCENDING, parts):
            holding = holding.strip().upper().replace("10", "T")
            of_suit = _CARD_BY_LETTER[suit]
            for char in holding:
                card = of_suit.get(char)
                if card is None:
                    raise BridgeError(Text.of("hand.rank", text=text, char=char, suit=suit))
                cards.append(card)
        if len(set(cards)) != len(cards):
            raise BridgeError(Text.of("hand.twice", text=text))
        return cls(cards)

    @property
    def cards(self) -> frozenset[Card]:
        return self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self._cards))

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def holding(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, highest first."""
        return tuple(sorted((c.rank for c in self._cards if c.suit is suit), reverse=True))

    def holding_str(self, suit: Suit) -> str:
        return "".join(rank.letter for rank in self.holding(suit))

    @property
    def hcp(self) -> int:
        return sum(card.rank.hcp for card in self._cards)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        return tuple(len(self.holding(suit)) for suit in SUITS_DESCENDING)  # type: ignore[return-value]

    @property
    def pattern(self) -> tuple[int, ...]:
        """Suit lengths, longest first (``(4, 4, 3, 2)`` for a 4-4-3-2 hand)."""
        return tuple(sorted(self.shape, reverse=True))

    def to_pbn(self) -> str:
        return ".".join(self.holding_str(suit) for suit in SUITS_DESCENDING)

    def __repr__(self) -> str:
        return f"Hand({self.to_pbn()!r})"


class Deal:
    """Four hands of thirteen cards: every card held by exactly one seat.

    Stored as ``owners``: for each card in deck order (S A … C 2), the seat holding it.
    """

    __slots__ = ("__dict__", "_owners")

    def __init__(self, owners: Iterable[Seat | int]):
        values = tuple(owners)
        seats: tuple[Seat, ...]
        try:  # a dict lookup per card: many times faster than calling Seat(o) (perfect-auction decoding)
            seats = tuple(map(_SEAT_BY_VALUE.__getitem__, values))
        except (KeyError, TypeError):
            seats = tuple(Seat(o) for o in values)  # raises the usual error for what is not a seat
        if len(seats) != 52:
            raise BridgeError(Text.of("deal.cards", count=len(seats)))
        counts = [seats.count(seat) for seat in Seat]
        if counts != [13, 13, 13, 13]:
            raise BridgeError(Text.of("deal.counts", counts=tuple(counts)))
        self._owners: tuple[Seat, ...] = seats

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand | Iterable[Card]]) -> Deal:
        """Build a deal from four hands, or from three (the fourth gets the remaining cards)."""
        owners: list[Seat | None] = [None] * 52
        given = {Seat(seat): (hand if isinstance(hand, Hand) else Hand(hand)) for seat, hand in hands.items()}
        for seat, hand in given.items():
            if len(hand) != 13:
                raise BridgeError(Text.of("deal.hand_size", seat=seat, count=len(hand)), field=seat.letter)
            for card in hand.cards:
                if owners[card.index] is not None:
                    raise BridgeError(Text.of("deal.card_twice", card=str(card), first=owners[card.index], second=seat))
                owners[card.index] = seat
        missing = [seat for seat in Seat if seat not in given]
        if len(missing) > 1:
            raise BridgeError(Text.of("deal.three_hands"))
        if missing:
            owners = [missing[0] if owner is None else owner for owner in owners]
        return cls(owners)  # type: ignore[arg-type]

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal ``"N:<hand> <hand> <hand> <hand>"`` (first seat, then clockwise).

        Tolerant: any first seat; ``-`` for one unknown hand (worked out from the other
        three); no prefix means North first.

        >>> Deal.from_pbn("E:- AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98").hand(Seat.EAST).to_pbn()
        '432.AKQJ.T98.765'
        """
        text = str(text).strip().strip('"')
        first = Seat.NORTH
        if len(text) >= 2 and text[1] == ":":
            first = Seat.from_str(text[0])
            text = text[2:]
        parts = text.split()
        if len(parts) != 4:
            raise BridgeError(Text.of("deal.pbn_parts", count=len(parts), text=text))
        hands: dict[Seat, Hand] = {}
        for offset, part in enumerate(parts):
            seat = first.after(offset)
            if part == "-":
                continue
            try:
                hands[seat] = Hand.from_pbn(part)
            except BridgeError as exc:
                raise BridgeError(Text.of("deal.hand", seat=seat, error=exc.said), field=seat.letter) from None
        return cls.from_hands(hands)

    @property
    def owners(self) -> tuple[Seat, ...]:
        """For each card in deck order (S A … C 2), the seat that holds it."""
        return self._owners

    def holder(self, card: Card) -> Seat:
        return self._owners[card.index]

    @cached_property
    def hands(self) -> dict[Seat, Hand]:
        cards: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        for card, seat in zip(DECK, self._owners):
            cards[seat].append(card)
        return {seat: Hand(cards[seat]) for seat in Seat}

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN deal string starting with ``first``."""
        return f"{first.letter}:" + " ".join(self.hand(first.after(i)).to_pbn() for i in range(4))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._owners == other._owners

    def __hash__(self) -> int:
        return hash(self._owners)

    def __repr__(self) -> str:
        return f"Deal({self.to_pbn()!r})"


class Vulnerability(Enum):
    """Which sides are vulnerable on a board."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, seat: Seat) -> bool:
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return self is (Vulnerability.NS if seat.side == "NS" else Vulnerability.EW)

    @property
    def pbn(self) -> str:
        """PBN's spelling: ``None``, ``NS``, ``EW``, ``All``."""
        return ("None", "NS", "EW", "All")[self.value]

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        """Parse PBN and common spellings: None/Love/-, NS, EW, All/Both.

        >>> Vulnerability.from_str("Both"), Vulnerability.from_str("love")
        (<Vulnerability.BOTH: 3>, <Vulnerability.NONE: 0>)
        """
        key = str(text).strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        table = {
            "NONE": cls.NONE,
            "LOVE": cls.NONE,
            "": cls.NONE,
            "O": cls.NONE,
            "NS": cls.NS,
            "N": cls.NS,
            "EW": cls.EW,
            "E": cls.EW,
            "ALL": cls.BOTH,
            "BOTH": cls.BOTH,
            "B": cls.BOTH,
        }
        if key in table and not (key == "" and str(text).strip() not in ("", "-")):
            return table[key]
        raise BridgeError(Text.of("vulnerability.unknown", text=text))

    def __str__(self) -> str:
        return self.pbn


def _check_board_number(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise BridgeError(Text.of("board.number", board=board), field="board")
    return board


def board_dealer(board: int) -> Seat:
    """The dealer of a board (Law 2): N, E, S, W repeating from board 1.

    >>> [board_dealer(n).letter for n in (1, 2, 3, 4, 5, 17)]
    ['N', 'E', 'S', 'W', 'N', 'N']
    """
    return Seat((_check_board_number(board) - 1) % 4)


def board_vulnerability(board: int) -> Vulnerability:
    """The vulnerability of a board (Law 2's 16-board cycle).

    >>> [board_vulnerability(n).pbn for n in range(1, 17)]  # doctest: +NORMALIZE_WHITESPACE
    ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None',
     'EW', 'All', 'None', 'NS', 'All', 'None', 'NS', 'EW']
    """
    k = (_check_board_number(board) - 1) % 16
    return Vulnerability((k % 4 + k // 4) % 4)

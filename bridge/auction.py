"""Calls and auctions under the Laws: parse them, check their legality, find the contract.

What it offers:

* :class:`Call` (pass, double, redouble or a bid: a :class:`~bridge.contract.Bid`,
  level 1 … 7 and a strain, ordered as in the auction: 1♣ < 1♦ < … < 7NT).
  ``CALLS`` holds the 38 calls, each once (``Call.code``: P = 0, X = 1, XX = 2, 1C = 3 …
  7N = 37), so code that builds many auctions creates no new objects.
* ``Call.from_str`` and :func:`parse_calls`, tolerant of case and of common spellings:
  ``P``/``pass``/``NB``, ``X``/``dbl``/``double``, ``XX``/``rdbl``/``redouble``, ``1NT``/``1N``,
  suit symbols (``1♣``), ``1 NT``, separators (spaces, commas, semicolons, dashes) and a
  closing ``AP``/``all pass``.
* :func:`check_auction`: is a sequence of calls, started by a dealer, legal under the Laws
  (Laws 18, 19, 22; ``../shared/specs/rules-and-formats.md``)? A bid must be higher than the
  last bid; a double is allowed only of an opponent's last bid not yet doubled; a redouble
  only of one's own side's last bid doubled by an opponent; the auction ends after four
  opening passes or three passes after a call, and nothing may follow. The error, a
  :class:`~bridge.errors.BridgeError`, names the offending call: its position
  (1 = the dealer's call), who made it and what it was.
* :class:`Auction` (a legal sequence with its dealer: completeness, the final contract, the
  rows of a four-column bidding diagram); the contract it ends in is the project's one
  :class:`~bridge.contract.Contract`.

>>> auction = Auction.from_str("1NT p 3nt dbl rdbl all pass", dealer=Seat.SOUTH)
>>> " ".join(str(call) for call in auction.calls)
'1N P 3N X XX P P P'
>>> auction.is_complete, str(auction.contract)
(True, '3NXX by S')
>>> check_auction(parse_calls("1C X XX X"), Seat.NORTH)
Traceback (most recent call last):
...
bridge.errors.BridgeError: call 4 (West: X) is illegal: 1♣ is already redoubled
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from bridge.cards import Seat, Strain
from bridge.contract import BIDS, Bid, Contract
from bridge.errors import BridgeError
from bridge.words import Text

__all__ = [
    "Bid",
    "Call",
    "CALLS",
    "BIDS",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "Contract",
    "Auction",
    "parse_calls",
    "check_auction",
    "is_complete",
    "describe_call",
    "call_text",
    "call_error",
]

PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE, FIRST_BID_CODE = 0, 1, 2, 3


_PASS_WORDS = {"P", "PASS", "PA", "NB", "NO BID", "NOBID", "NO-BID"}
_DOUBLE_WORDS = {"X", "D", "DBL", "DB", "DOUBLE", "DOUBLES"}
_REDOUBLE_WORDS = {"XX", "R", "RD", "RDBL", "REDOUBLE", "REDOUBLES"}
_BID_RE = re.compile(r"^([1-7])\s*(\S.*)$")


@dataclass(frozen=True, slots=True)
class Call:
    """One call: pass, double, redouble or a bid. ``code``: P = 0, X = 1, XX = 2, bids 3 … 37.

    Use the shared instances (``PASS``, ``DOUBLE``, ``REDOUBLE``, ``CALLS[code]``,
    ``Call.of(bid)``); equal calls compare equal whichever way they were made.

    >>> Call.from_str("rdbl"), Call.from_str("1nt"), Call.from_str("2♥"), str(Call.from_str("pass"))
    (Call('XX'), Call('1N'), Call('2H'), 'P')
    """

    code: int

    def __post_init__(self) -> None:
        if isinstance(self.code, bool) or not isinstance(self.code, int) or not 0 <= self.code < 38:
            raise BridgeError(Text.of("call.code", value=self.code))

    @classmethod
    def of(cls, bid: Bid) -> Call:
        return CALLS[FIRST_BID_CODE + bid.index]

    @property
    def is_pass(self) -> bool:
        return self.code == PASS_CODE

    @property
    def is_double(self) -> bool:
        return self.code == DOUBLE_CODE

    @property
    def is_redouble(self) -> bool:
        return self.code == REDOUBLE_CODE

    @property
    def is_bid(self) -> bool:
        return self.code >= FIRST_BID_CODE

    @property
    def bid(self) -> Bid | None:
        return BIDS[self.code - FIRST_BID_CODE] if self.code >= FIRST_BID_CODE else None

    @property
    def symbol(self) -> str:
        """As printed in a bidding diagram: ``Pass``, ``X``, ``XX``, ``1♣``, ``3NT``."""
        if self.code >= FIRST_BID_CODE:
            return BIDS[self.code - FIRST_BID_CODE].symbol
        return ("Pass", "X", "XX")[self.code]

    @classmethod
    def from_str(cls, text: str) -> Call:
        """Parse one call in any common spelling (see the module docstring)."""
        key = _normalise(text)
        if key in _PASS_WORDS:
            return PASS
        if key in _DOUBLE_WORDS:
            return DOUBLE
        if key in _REDOUBLE_WORDS:
            return REDOUBLE
        match = _BID_RE.match(key)
        if match:
            try:
                strain = Strain.from_str(match.group(2))
            except BridgeError:
                pass
            else:
                return CALLS[FIRST_BID_CODE + (int(match.group(1)) - 1) * 5 + int(strain)]
        raise BridgeError(Text.of("call.unknown", text=str(text).strip()), field="auction")

    def __str__(self) -> str:
        if self.code >= FIRST_BID_CODE:
            return str(BIDS[self.code - FIRST_BID_CODE])
        return ("P", "X", "XX")[self.code]

    def __repr__(self) -> str:
        return f"Call({str(self)!r})"


CALLS: tuple[Call, ...] = tuple(Call(code) for code in range(38))
PASS, DOUBLE, REDOUBLE = CALLS[PASS_CODE], CALLS[DOUBLE_CODE], CALLS[REDOUBLE_CODE]


def _normalise(text: str) -> str:
    """Upper case, no emoji variation selectors, single spaces."""
    return " ".join(str(text).replace("\ufe0f", "").upper().split())


_SEPARATORS = re.compile(r"[\s,;|/\-–—]+")
_ALL_PASS = {"AP", "ALLPASS", "ALL PASS", "ALL PASSES", "A/P"}


def parse_calls(text: str) -> list[Call]:
    """Read an auction written as text: calls separated by spaces, commas, semicolons or dashes.

    A closing ``AP`` (or ``all pass``) stands for the passes that end the auction. The error
    names the call that could not be read by its position.

    >>> [str(call) for call in parse_calls("1♠ - dbl - 2 NT, p; 4s AP")]
    ['1S', 'X', '2N', 'P', '4S', 'P', 'P', 'P']
    >>> parse_calls("1C 1Z")
    Traceback (most recent call last):
    ...
    bridge.errors.BridgeError: call 2: '1Z' is not a call: write P, X, XX or a bid from 1C to 7NT
    """
    tokens = [token for token in _SEPARATORS.split(_normalise(text.replace("A/P", "AP"))) if token]
    merged: list[str] = []
    for token in tokens:
        if merged and len(merged[-1]) == 1 and merged[-1] in "1234567" and not token[0].isdigit():
            merged[-1] += token  # "1 NT"
        elif merged and merged[-1] in ("ALL", "NO") and token in ("PASS", "PASSES", "BID"):
            merged[-1] += " " + token  # "all pass", "no bid"
        else:
            merged.append(token)
    calls: list[Call] = []
    for position, token in enumerate(merged, start=1):
        if token in _ALL_PASS:
            if position != len(merged):
                raise BridgeError(Text.of("call.all_pass_last", position=position, token=token), field="auction")
            trailing = 0
            while trailing < len(calls) and calls[-1 - trailing].code == PASS_CODE:
                trailing += 1
            needed = (3 if any(call.code != PASS_CODE for call in calls) else 4) - trailing
            if needed <= 0:
                raise BridgeError(Text.of("call.all_pass_ended", position=position, token=token), field="auction")
            calls.extend([PASS] * needed)
            continue
        try:
            calls.append(Call.from_str(token))
        except BridgeError as exc:
            raise call_error(position, exc) from None
    return calls


def describe_call(position: int, dealer: Seat, call: Call) -> str:
    """``call 5 (North: 1♥)``: a call named by its position (1 = the dealer's) and its maker."""
    return str(call_text(position, dealer, call))


def call_text(position: int, dealer: Seat, call: Call) -> Text:
    """:func:`describe_call` as data, for an error's text."""
    seat = Seat((int(dealer) + position - 1) % 4)
    return Text.of("call.named", position=position, seat=seat, call=call.symbol if call.is_bid else str(call))


def call_error(position: int, exc: BridgeError) -> BridgeError:
    """``call 5: <what exc says>``: an error about the call at ``position`` (1 = the dealer's)."""
    return BridgeError(Text.of("call.at", position=position, error=exc.said), field="auction")


def _as_call(call: Call | str) -> Call:
    return call if isinstance(call, Call) else Call.from_str(call)


def check_auction(calls: Iterable[Call | str], dealer: Seat | str) -> None:
    """Raise :class:`BridgeError` naming the first call that the Laws forbid; the auction may be unfinished."""
    _walk(calls, dealer, with_contract=False)


def is_complete(calls: Sequence[Call | str]) -> bool:
    """Has the auction ended: four passes to start, or three passes after any other call?"""
    codes = [_as_call(call).code for call in calls]
    if len(codes) >= 4 and codes[:4] == [PASS_CODE] * 4:
        return True
    return len(codes) >= 4 and codes[-3:] == [PASS_CODE] * 3 and any(code != PASS_CODE for code in codes)


def _walk(
    calls: Iterable[Call | str], dealer: Seat | str, with_contract: bool = True
) -> tuple[list[Call], bool, Contract | None]:
    """Check every call; return (calls, complete?, contract so far; None unless ``with_contract``).

    The loop runs on call codes: when every call is a :class:`Call` it reads them all at once (the perfect
    auction's round trip checks 400,000 auctions this way); otherwise each is parsed in turn, so that the
    first error, illegal or unreadable, is still the one reported.
    """
    dealer = dealer if isinstance(dealer, Seat) else Seat.from_str(dealer)
    first_seat = int(dealer)
    given = list(calls)
    codes: Iterable[int]
    if set(map(type, given)) <= {Call}:  # all of them Calls (a loop in C)
        checked = cast(list[Call], given)
        codes = [call.code for call in checked]
    else:
        checked = []  # filled as the loop reads them
        codes = _parsed_codes(given, checked)
    last_bid = -1  # code of the last bid
    last_side = 0  # side (seat % 2) of the last bid
    doubling = 0
    passes = 0  # consecutive passes
    ended = False
    position = 0

    def illegal(reason: str, **params: object) -> BridgeError:  # of the call being checked (position, code)
        return BridgeError(
            Text.of("call.illegal", call=call_text(position, dealer, CALLS[code]), reason=Text.of(reason, **params)),
            field="auction",
        )

    for position, code in enumerate(codes, start=1):
        if ended:
            raise illegal("illegal.ended")
        if code == PASS_CODE:
            passes += 1
            if (passes == 3 and last_bid >= 0) or passes == 4:
                ended = True
        elif code >= FIRST_BID_CODE:
            if code <= last_bid:
                raise illegal("illegal.not_higher", bid=_bid_name(code), last=_bid_name(last_bid))
            last_bid, last_side, doubling, passes = code, (first_seat + position - 1) & 1, 0, 0
        elif code == DOUBLE_CODE:
            if last_bid < 0:
                raise illegal("illegal.no_bid_to_double")
            if last_side == (first_seat + position - 1) & 1:
                raise illegal("illegal.double_own_side", bid=_bid_name(last_bid))
            if doubling:
                raise illegal(
                    "illegal.already_doubled" if doubling == 1 else "illegal.already_redoubled", bid=_bid_name(last_bid)
                )
            doubling, passes = 1, 0
        else:
            if last_bid < 0:
                raise illegal("illegal.no_bid_to_redouble")
            if last_side != (first_seat + position - 1) & 1:
                raise illegal("illegal.redouble_opponents", bid=_bid_name(last_bid))
            if doubling != 1:
                raise illegal(
                    "illegal.not_doubled" if doubling == 0 else "illegal.already_redoubled", bid=_bid_name(last_bid)
                )
            doubling, passes = 2, 0
    contract = None
    if last_bid >= 0 and with_contract:
        # The declarer: the first of the last bidder's side to name the final strain.
        strain = (last_bid - FIRST_BID_CODE) % 5
        declarer = next(
            (first_seat + index) % 4
            for index, call in enumerate(checked)
            if call.code >= FIRST_BID_CODE
            and (call.code - FIRST_BID_CODE) % 5 == strain
            and (first_seat + index) & 1 == last_side
        )
        contract = Contract(BIDS[last_bid - FIRST_BID_CODE], doubling, Seat(declarer))
    return checked, ended, contract


def _parsed_codes(calls: list[Call | str], parsed: list[Call]) -> Iterator[int]:
    """The calls' codes, parsing each text as it comes into ``parsed`` (an error names the call not read)."""
    for position, raw in enumerate(calls, start=1):
        try:
            call = raw if isinstance(raw, Call) else Call.from_str(raw)
        except BridgeError as exc:
            raise call_error(position, exc) from None
        parsed.append(call)
        yield call.code


def _bid_name(code: int) -> str:
    return BIDS[code - FIRST_BID_CODE].symbol


class Auction:
    """A legal auction: its dealer and its calls (checked on creation; it may be unfinished)."""

    __slots__ = ("_contract", "calls", "dealer", "is_complete")

    def __init__(self, dealer: Seat | str, calls: Iterable[Call | str]):
        self.dealer = dealer if isinstance(dealer, Seat) else Seat.from_str(dealer)
        checked, complete, contract = _walk(calls, self.dealer)
        self.calls: tuple[Call, ...] = tuple(checked)
        self.is_complete: bool = complete
        self._contract = contract

    @classmethod
    def from_str(cls, text: str, dealer: Seat | str) -> Auction:
        return cls(dealer, parse_calls(text))

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and self._contract is None

    @property
    def contract(self) -> Contract | None:
        """The final contract of a complete auction; ``None`` when it was passed out."""
        if not self.is_complete:
            raise BridgeError(Text.of("auction.no_contract"), field="auction")
        return self._contract

    def seat_of(self, position: int) -> Seat:
        """Who made call ``position`` (1 = the dealer's call)."""
        return self.dealer.after(position - 1)

    @property
    def columns(self) -> tuple[Seat, ...]:
        """The four seats of a bidding diagram, dealer first."""
        return tuple(self.dealer.after(i) for i in range(4))

    def rows(self) -> list[tuple[Call | None, ...]]:
        """The calls in rows of four under :attr:`columns`; the last row is padded with ``None``.

        >>> [[str(c) for c in row] for row in Auction.from_str("P 1C 1H P P P", "E").rows()]
        [['P', '1C', '1H', 'P'], ['P', 'P', 'None', 'None']]
        """
        padded = list(self.calls) + [None] * (-len(self.calls) % 4)
        return [tuple(padded[i : i + 4]) for i in range(0, len(padded), 4)]

    def __str__(self) -> str:
        return " ".join(str(call) for call in self.calls)

    def __repr__(self) -> str:
        return f"Auction({self.dealer.letter!r}, {str(self)!r})"

"""Perfect bidding: every deal as a legal auction, and back (Kersey's cooperative system).

Implements D. Kersey, *Perfect Bidding* (``../shared/seeds/kersey-perfect-bidding.txt``)
with the gaps closed as issue 6 specifies:

* :func:`encode` ``(deal, dealer) -> list[Call]``: the one auction the system prescribes.
* :func:`decode` ``(calls, dealer) -> Deal``: the deal an auction describes. It rejects,
  with a :class:`~dealing.domain.errors.DealingError` naming the call (its position,
  1 = the dealer's call, and who made it), any auction that is illegal under the Laws,
  unfinished, inconsistent with the system, or that would give a hand more than 13 cards.
* :func:`dealer_seat` and :func:`deal_from_pbn` read the inputs as given (text), their errors
  naming the ``dealer`` or ``deal`` field.

The system. Cards in Kersey's order: spades, hearts, diamonds, clubs, each ace to two; this is
exactly ``cards.DECK`` (card 1 = ♠A = ``DECK[0]`` … card 52 = ♣2). Step 1 (1♣) is ♠A;
steps 2 … 26 (1♦ … 6♣) are two consecutive cards each (1♦ = ♠K ♠Q, …, 6♣ = ♣4 ♣3); ♣2
belongs to no step and goes to the hand left with 12 cards.

* From the dealer on, players pass until the holder of ♠A, who opens.
* A bid B says: "the cards of the step just located are known; I hold all cards of the
  steps after it up to B, and not both cards of the step after B". The opening bid says the
  same from step 1 on.
* The calls after a bid locate the two cards F, S of the next step by the article's table
  (:data:`_PROCEDURE`, rotated so that "South" is whoever made the last bid); then the
  player the table names bids. No shortcuts: every step is located by the table even when
  counting cards would already place them.
* Once step 26 (♣4 ♣3) is located the bid is 6♣, and three passes end the auction.

Every call the system makes is legal (Laws 18, 19; checked by
:func:`~bridge.auction.check_auction`): each bid is above the last, doubles are of an
opponent's undoubled bid, redoubles of one's own side's doubled bid, and no three passes
ever follow a bid before the final 6♣.

Kersey's first example: a hand with ♠AKQT7 opens 1♦.

>>> from bridge.cards import Deal, Seat
>>> deal = Deal.from_pbn("N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432")
>>> calls = encode(deal, Seat.NORTH)
>>> calls[0], len(calls), calls[-4:]
(Call('1D'), 71, [Call('6C'), Call('P'), Call('P'), Call('P')])
>>> decode(calls, Seat.NORTH) == deal
True
>>> decode("P 1C", "N")
Traceback (most recent call last):
...
dealing.domain.errors.DealingError: the auction is unfinished: after call 2 (East: 1♣) South must bid with both ♠K and ♠Q, double with one of them, or pass with neither
"""

from __future__ import annotations

from collections.abc import Iterable

from bridge.auction import CALLS, FIRST_BID_CODE, PASS, Call, call_error, call_text, check_auction, parse_calls
from bridge.cards import DECK, Deal, Seat
from bridge.errors import BridgeError
from bridge.text import TextBase
from dealing.domain.errors import DealingError
from dealing.domain.text import Text

__all__ = ["encode", "decode", "dealer_seat", "deal_from_pbn", "LAST_STEP"]

LAST_STEP = 26  # 6♣: locates ♣4 and ♣3; ♣2 belongs to no step
_P, _X, _XX = 0, 1, 2

# --- Algorithm notes -------------------------------------------------------------------
# Seats in the tables are relative to the last bidder, as in the article: 0 = "South" (the
# last bidder), 1 = "West" (his left-hand opponent), 2 = "North" (partner), 3 = "East".
# _PROCEDURE maps where F and S (the next step's two cards, F first in card order) lie to
# the calls that locate them and the player who then bids. The last bidder never holds both
# (his bid denied it), so there are 4 * 4 - 1 = 15 rows. The bidder always sits
# len(calls) + 1 places after the last bidder, so a sequence of passes, doubles and
# redoubles alone tells where F and S are: decoding walks a trie of these sequences.
#   (F's holder, S's holder): (calls between the bids, who bids)
_PROCEDURE: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {
    # West bids with both.
    (1, 1): ((), 1),
    # West doubles with one. North bids with F (West has S) ...
    (2, 1): ((_X,), 2),
    # ... or redoubles with S (West has F): both located, East bids ...
    (1, 2): ((_X, _XX), 3),
    # ... or passes with neither; East bids with F (West has S) ...
    (3, 1): ((_X, _P), 3),
    # ... or passes; South bids with S (West has F) ...
    (1, 0): ((_X, _P, _P), 0),
    # ... or redoubles; West bids with F (East has S) ...
    (1, 3): ((_X, _P, _P, _XX), 1),
    # ... or passes with S (South has F): both located, North bids.
    (0, 1): ((_X, _P, _P, _XX, _P), 2),
    # West passes with neither. North bids with both ...
    (2, 2): ((_P,), 2),
    # ... or passes; East bids with both ...
    (3, 3): ((_P, _P), 3),
    # ... or doubles. South redoubles with F; West passes; whoever has S bids: North ...
    (0, 2): ((_P, _P, _X, _XX, _P), 2),
    # ... or, after North's pass, East.
    (0, 3): ((_P, _P, _X, _XX, _P, _P), 3),
    # South passes (no F); West passes; North bids with S (East has F) ...
    (3, 2): ((_P, _P, _X, _P, _P), 2),
    # ... or redoubles; East bids with F (South has S) ...
    (3, 0): ((_P, _P, _X, _P, _P, _XX), 3),
    # ... or passes (North has F); South bids with S ...
    (2, 0): ((_P, _P, _X, _P, _P, _XX, _P), 0),
    # ... or passes: North has F, East has S, and West bids.
    (2, 3): ((_P, _P, _X, _P, _P, _XX, _P, _P), 1),
}

# What the player to call must do after each sequence: the article's words, as the codes of
# ``dealing.domain.text.RULES`` (there F and S are the cards being located). Its keys are
# exactly the sequences that are not yet followed by a bid, which the assertion below checks.
_RULES: dict[tuple[int, ...], str] = {
    (): "rule.both_one_neither",
    (_X,): "rule.first_second_neither",
    (_X, _XX): "rule.located",
    (_X, _P): "rule.first_or_pass",
    (_X, _P, _P): "rule.second_or_redouble",
    (_X, _P, _P, _XX): "rule.first_or_pass_second",
    (_X, _P, _P, _XX, _P): "rule.located",
    (_P,): "rule.both_or_pass",
    (_P, _P): "rule.both_or_double",
    (_P, _P, _X): "rule.redouble_first",
    (_P, _P, _X, _XX): "rule.pass_neither",
    (_P, _P, _X, _XX, _P): "rule.second_or_pass",
    (_P, _P, _X, _XX, _P, _P): "rule.holding_second",
    (_P, _P, _X, _P): "rule.pass_neither",
    (_P, _P, _X, _P, _P): "rule.second_or_redouble",
    (_P, _P, _X, _P, _P, _XX): "rule.first_or_pass",
    (_P, _P, _X, _P, _P, _XX, _P): "rule.second_or_pass",
    (_P, _P, _X, _P, _P, _XX, _P, _P): "rule.located",
}


def _build_trie() -> tuple[list[tuple[int, ...]], list[int], list[tuple[int, int] | None], list[list[tuple[int, int]]]]:
    """Nodes are the sequences of _RULES; transitions by call code; outcomes where a bid may follow."""
    nodes = sorted(_RULES, key=lambda seq: (len(seq), seq))
    index = {seq: i for i, seq in enumerate(nodes)}
    following = [-1] * (3 * len(nodes))  # node * 3 + code -> node
    outcome: list[tuple[int, int] | None] = [None] * len(nodes)
    reachable: list[list[tuple[int, int]]] = [[] for _ in nodes]
    for holders, (seq, bidder) in _PROCEDURE.items():
        assert bidder == (len(seq) + 1) % 4, holders
        assert seq in _RULES and outcome[index[seq]] is None, holders
        outcome[index[seq]] = holders
        for depth in range(len(seq) + 1):
            reachable[index[seq[:depth]]].append(holders)
            if depth:
                following[index[seq[: depth - 1]] * 3 + seq[depth - 1]] = index[seq[:depth]]
    prefixes = {seq[:depth] for seq, _ in _PROCEDURE.values() for depth in range(len(seq) + 1)}
    assert prefixes == set(_RULES), "every sequence has a rule, every rule a sequence"
    assert len(_PROCEDURE) == 15 and (0, 0) not in _PROCEDURE
    return nodes, following, outcome, reachable


_NODES, _FOLLOWING, _OUTCOME, _REACHABLE = _build_trie()


def _room_signature(counts: list[int], bidder: int) -> int:
    """How many more cards (0, 1, or 2 meaning "enough") each seat can take, from the bidder round."""
    signature = 0
    for rel in range(4):
        signature = signature * 3 + min(2, 13 - counts[(bidder + rel) & 3])
    return signature


def _build_fits() -> list[bool]:
    """node * 81 + room signature -> can F and S still lie as the calls so far allow?"""
    fits = []
    for node in range(len(_NODES)):
        for signature in range(81):
            room = [signature // 27, signature // 9 % 3, signature // 3 % 3, signature % 3]
            fits.append(
                any(
                    all((f_rel == rel) + (s_rel == rel) <= room[rel] for rel in range(4))
                    for f_rel, s_rel in _REACHABLE[node]
                )
            )
    return fits


_FITS = _build_fits()
_ROOMY = 80  # the signature when every seat can take two more cards
# The decoder's one lookup per call: _MOVES[room][node * 3 + code] is the next node * 3, or -1
# when the call is not in the table or leaves no room for F and S (then the slow path explains).
_MOVES: list[list[int]] = [
    [3 * nxt if nxt >= 0 and _FITS[nxt * 81 + room] else -1 for nxt in _FOLLOWING] for room in range(81)
]
_END = 99  # a code past the last call

# encode: (F's holder * 4 + S's holder) relative to the bidder -> (calls, places to the next bidder)
_ENCODE: list[tuple[tuple[Call, ...], int] | None] = [None] * 16
for (_f, _s), (_seq, _bidder) in _PROCEDURE.items():
    _ENCODE[_f * 4 + _s] = (tuple(CALLS[code] for code in _seq), _bidder)
_STEP_CALL: tuple[Call, ...] = tuple(CALLS[FIRST_BID_CODE + step - 1] if step else PASS for step in range(27))
_LEADING_PASSES: tuple[tuple[Call, ...], ...] = tuple((PASS,) * k for k in range(4))


def dealer_seat(dealer: Seat | str | int) -> Seat:
    """The dealer as a seat (0 … 3, ``N``, ``north`` …); the error is about the ``dealer`` field."""
    if isinstance(dealer, Seat):
        return dealer
    if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < 4:
        return Seat(dealer)
    try:
        return Seat.from_str(dealer)
    except BridgeError as exc:
        raise DealingError(Text.of("dealer.error", error=exc.said), field="dealer") from None


def deal_from_pbn(deal: Deal | str) -> Deal:
    """The deal given as PBN (``N:… … … …``); the error is about the ``deal`` field.

    >>> try:
    ...     deal_from_pbn("N:AKQ")
    ... except BridgeError as exc:
    ...     print(exc.field, "|", exc)
    deal | a PBN deal has four hands separated by spaces, not 1: 'AKQ'
    """
    if isinstance(deal, Deal):
        return deal
    try:
        return Deal.from_pbn(deal)
    except BridgeError as exc:
        raise DealingError(exc.said, field="deal") from None


def encode(deal: Deal, dealer: Seat | str) -> list[Call]:
    """The auction Kersey's system gives ``deal`` when ``dealer`` deals.

    Kersey's second example: South holds ♠A9, West ♠KQJT85; South opens 1♣, West bids 1♥.

    >>> deal = Deal.from_pbn("S:A9.AKQJ.AKQJ.AKQ KQJT85.T98.T9.J8 7.7654.8765.T976 6432.32.432.5432")
    >>> " ".join(str(call) for call in encode(deal, "S")[:2])
    '1C 1H'
    """
    if not isinstance(deal, Deal):
        raise DealingError(Text.of("scheme.not_a_deal", type=type(deal).__name__), field="deal")
    first_seat = int(dealer_seat(dealer))
    owners = [int(seat) for seat in deal.owners]
    bidder = owners[0]
    calls = list(_LEADING_PASSES[(bidder - first_seat) & 3])
    last = 1  # the last step located
    while last < LAST_STEP and owners[2 * last - 1] == bidder and owners[2 * last] == bidder:
        last += 1
    calls.append(_STEP_CALL[last])
    while last < LAST_STEP:
        # Locate step last + 1, whose cards F and S are owners[2 * last - 1] and owners[2 * last].
        entry = _ENCODE[((owners[2 * last - 1] - bidder) & 3) * 4 + ((owners[2 * last] - bidder) & 3)]
        assert entry is not None  # only (0, 0) has none: the bidder holding both cards, skipped above
        between, places = entry
        calls += between
        bidder = (bidder + places) & 3
        last += 1
        while last < LAST_STEP and owners[2 * last - 1] == bidder and owners[2 * last] == bidder:
            last += 1
        calls.append(_STEP_CALL[last])
    calls += (PASS, PASS, PASS)
    return calls


def _codes(calls: Iterable[Call | str] | str) -> tuple[list[int], list[Call]]:
    """Call codes and the calls, parsing text if need be (the error names the call that cannot be read)."""
    if isinstance(calls, str):
        parsed = parse_calls(calls)
        return [call.code for call in parsed], parsed
    calls = list(calls)
    try:
        # A str has no .code: the AttributeError sends the list to the parsing below.
        return [call.code for call in calls], calls  # type: ignore[union-attr, return-value]
    except AttributeError:
        parsed = []
        for position, call in enumerate(calls, start=1):
            try:
                parsed.append(call if isinstance(call, Call) else Call.from_str(call))
            except BridgeError as exc:
                raise call_error(position, exc) from None
        return [call.code for call in parsed], parsed


def _card(index: int) -> str:
    card = DECK[index]
    return card.suit.symbol + card.rank.letter


def decode(calls: Iterable[Call | str] | str, dealer: Seat | str) -> Deal:
    """The deal described by an auction of Kersey's system (calls, or text such as ``"P 1C X"``).

    >>> decode("1C 1D P P P", "N")
    Traceback (most recent call last):
    ...
    dealing.domain.errors.DealingError: call 5 (North: P) does not fit the scheme: after East's 1♦ (South passed, West passed), North must bid with both ♠J and ♠T, or double otherwise
    """
    dealer = dealer_seat(dealer)
    codes, source = _codes(calls)
    d = int(dealer)
    n = len(codes)
    codes.append(_END)
    owners = [0] * 52
    counts = [0, 0, 0, 0]

    def named(position: int) -> TextBase:
        return call_text(position, dealer, CALLS[codes[position - 1]])

    def against(position: int, reason: Text | str) -> DealingError:
        """The error for call ``position`` (1-based): illegal under the Laws, else against the scheme."""
        check_auction(source[:position], dealer)  # raises if the call is illegal
        reason = reason if isinstance(reason, Text) else Text.of(reason)
        return DealingError(Text.of("scheme.against", call=named(position), reason=reason), field="auction")

    def unfinished(reason: Text) -> DealingError:
        if n == 0:
            return DealingError(Text.of("scheme.empty"), field="auction")
        return DealingError(Text.of("scheme.unfinished", call=named(n), reason=reason), field="auction")

    def too_many(position: int, seat: int, what: Text) -> DealingError:
        check_auction(source[:position], dealer)
        return DealingError(
            Text.of("scheme.too_many", call=named(position), what=what, seat=Seat(seat), count=counts[seat]),
            field="auction",
        )

    def shows(first: int, last: int) -> Text:
        return Text.of("scheme.shows", first=_card(first), last=_card(last))

    # The opening: passes up to the holder of ♠A, who opens.
    i = 0
    while i < n and i < 4 and codes[i] == _P:
        i += 1
    if i == 4:
        if n > 4:
            raise against(5, "scheme.ended")  # illegal: check_auction raises first
        raise against(4, "scheme.must_open")
    if i == n:
        raise unfinished(Text.of("scheme.open_or_pass", seat=Seat((d + i) % 4)))
    code = codes[i]
    if code < FIRST_BID_CODE:
        raise against(i + 1, "scheme.open_with_bid")  # illegal before any bid
    bidder = (d + i) & 3
    last = code - FIRST_BID_CODE + 1
    if last > LAST_STEP:
        raise against(i + 1, "scheme.above_last_step")
    owners[0 : 2 * last - 1] = [bidder] * (2 * last - 1)
    counts[bidder] = 2 * last - 1
    if counts[bidder] > 13:
        raise too_many(i + 1, bidder, shows(0, 2 * last - 2))
    tight = counts[bidder] > 11
    i += 1

    # Each further step: the calls that locate its cards F and S, then a bid.
    while last < LAST_STEP:
        step = last + 1
        first, second = 2 * step - 3, 2 * step - 2
        start = i
        state = 0  # node * 3
        moves = _MOVES[_room_signature(counts, bidder) if tight else _ROOMY]
        while True:
            code = codes[i]
            if code >= FIRST_BID_CODE:
                break
            following = moves[state + code]
            if following < 0:
                node = state // 3
                if _FOLLOWING[state + code] < 0:
                    raise against(i + 1, _expectation(node, bidder, codes[start - 1], codes[start:i], first, second))
                check_auction(source[: i + 1], dealer)
                raise DealingError(
                    Text.of(
                        "scheme.impossible",
                        call=named(i + 1),
                        F=_card(first),
                        S=_card(second),
                        seats=_crowded(_FOLLOWING[state + code], bidder, counts),
                    ),
                    field="auction",
                )
            state = following
            i += 1
        node = state // 3
        if code == _END:
            raise unfinished(_must(Seat((bidder + i - start + 1) & 3), node, first, second))
        holders = _OUTCOME[node]
        if holders is None:
            raise against(i + 1, _expectation(node, bidder, codes[start - 1], codes[start:i], first, second))
        new_last = code - FIRST_BID_CODE + 1
        if new_last < step:
            raise against(i + 1, "scheme.higher")  # illegal: check_auction raises first
        if new_last > LAST_STEP:
            raise against(i + 1, "scheme.above_last_step")
        f_seat = (bidder + holders[0]) & 3
        s_seat = (bidder + holders[1]) & 3
        owners[first] = f_seat
        owners[second] = s_seat
        counts[f_seat] += 1
        counts[s_seat] += 1
        if counts[f_seat] > 13 or counts[s_seat] > 13:
            seat = f_seat if counts[f_seat] > 13 else s_seat
            raise too_many(
                i + 1,
                seat,
                Text.of("scheme.places", F=_card(first), f_seat=Seat(f_seat), S=_card(second), s_seat=Seat(s_seat)),
            )
        bidder = (bidder + i - start + 1) & 3
        if new_last > step:
            owners[second + 1 : 2 * new_last - 1] = [bidder] * (2 * (new_last - step))
            counts[bidder] += 2 * (new_last - step)
            if counts[bidder] > 13:
                raise too_many(i + 1, bidder, shows(second + 1, 2 * new_last - 2))
        last = new_last
        tight = counts[0] > 11 or counts[1] > 11 or counts[2] > 11 or counts[3] > 11
        i += 1

    # After 6♣ three passes end the auction; ♣2 goes to the hand with 12 cards.
    for extra in range(3):
        if i + extra >= n:
            raise unfinished(Text.of("scheme.passes_left", count=3 - extra))
        if codes[i + extra] != _P:
            raise against(i + extra + 1, "scheme.after_last_step")
    if n > i + 3:
        raise against(i + 4, "scheme.ended")  # illegal: check_auction raises first
    owners[51] = counts.index(12)
    return Deal(owners)


def _crowded(node: int, bidder: int, counts: list[int]) -> tuple[Seat, ...]:
    """Who would overflow, however F and S lie among the places the calls so far allow."""
    over: set[int] = set()
    for f_rel, s_rel in _REACHABLE[node]:
        f_seat, s_seat = (bidder + f_rel) & 3, (bidder + s_rel) & 3
        added = [0, 0, 0, 0]
        added[f_seat] += 1
        added[s_seat] += 1
        over.update(seat for seat in range(4) if counts[seat] + added[seat] > 13)
    return tuple(Seat(seat) for seat in sorted(over))


def _must(seat: Seat, node: int, first: int, second: int) -> Text:
    """``<seat> must <the rule at node>``, F and S being the cards ``first`` and ``second``."""
    return Text.of("scheme.must", seat=seat, rule=Text.of(_RULES[_NODES[node]], F=_card(first), S=_card(second)))


def _expectation(node: int, bidder: int, bid_code: int, between: list[int], first: int, second: int) -> Text:
    """What the system asks of the player to call at ``node``, with the calls that led there."""
    made = tuple(Text.of(_CALL_WORDS[code], seat=Seat((bidder + k + 1) & 3)) for k, code in enumerate(between))
    return Text.of(
        "scheme.expectation",
        bidder=Seat(bidder),
        bid=CALLS[bid_code].symbol,
        made=made,
        must=_must(Seat((bidder + len(between) + 1) & 3), node, first, second),
    )


_CALL_WORDS = ("scheme.passed", "scheme.doubled", "scheme.redoubled")

"""The ground floor's own messages: what is wrong with a seat, a card, a hand, a deal, a bid, a call, an
auction or a contract as written, and a line of a file. Written once, as the other domains' are
(``bridge.text``): ``str(text)`` is the English, the Django layer says it in the reader's language.

Also the words every domain uses to name a seat or a suit in a sentence (:func:`seat`, :func:`whose`,
:func:`held_by`, :func:`in_suit`, :func:`rank`) and to put parameters into a sentence (:func:`said`,
:func:`quoted`).

>>> str(Text.of("call.at", position=2, error=Text.of("call.unknown", text="1Z")))
"call 2: '1Z' is not a call: write P, X, XX or a bid from 1C to 7NT"
>>> str(Text.of("deal.hand", seat=1, error=Text.of("hand.twice", text="AKA...")))
"East's hand: hand 'AKA...' lists a card twice"
"""

from __future__ import annotations

from typing import SupportsInt

from bridge.text import Params, Template, TextBase, ngettext, pgettext, render
from bridge.text import gettext as _


class Text(TextBase):
    """A message of the ground floor (its templates: ``TEMPLATES`` below)."""

    kind = "bridge"


def seat(s: SupportsInt) -> str:
    return (_("North"), _("East"), _("South"), _("West"))[int(s)]


def whose(s: SupportsInt) -> str:
    """``North's`` (Polish: the genitive, ``Północy``)."""
    return (_("North's"), _("East's"), _("South's"), _("West's"))[int(s)]


def honours() -> dict[str, str]:
    """The ranks a player of the reader's language writes otherwise: ``Q`` is ``D`` (dama) in Polish, ``J`` is ``W``
    (walet), ``T`` is ``10``; the other ranks are the same."""
    return {
        "A": pgettext("card rank: ace", "A"),
        "K": pgettext("card rank: king", "K"),
        "Q": pgettext("card rank: queen", "Q"),
        "J": pgettext("card rank: jack", "J"),
        "T": "10",
    }


def rank(letter: str) -> str:
    """A card's rank as a player of the reader's language writes it (:func:`honours`)."""
    return honours().get(letter, letter)


def held_by(s: SupportsInt) -> str:
    """``with North`` (Polish: ``u Północy``)."""
    return (_("with North"), _("with East"), _("with South"), _("with West"))[int(s)]


def in_suit(suit: SupportsInt) -> str:
    """The suit after "in" (Polish: the locative, ``w pikach``); Suit.CLUBS is 0."""
    return (_("in clubs"), _("in diamonds"), _("in hearts"), _("in spades"))[int(suit)]


def said(p: Params, **changes: object) -> Params:
    """The parameters with nested texts rendered, quoted strings quoted, and ``changes`` applied."""
    out = {k: render(v) if isinstance(v, TextBase) else v for k, v in p.items()}
    out.update(changes)
    return out


def quoted(p: Params, *names: str, **changes: object) -> Params:
    return said(p, **{name: repr(p[name]) for name in names}, **changes)


def _deal_counts(p: Params) -> str:
    detail = ", ".join(f"{letter} {n}" for letter, n in zip("NESW", p["counts"]))
    return _("every hand must have 13 cards (%(detail)s)") % {"detail": detail}


def _hand_size(p: Params) -> str:
    n = p["count"]
    return ngettext("%(whose)s hand has %(count)d cards, not 13", "%(whose)s hand has %(count)d cards, not 13", n) % {
        "whose": whose(p["seat"]),
        "count": n,
    }


TEMPLATES: dict[str, Template] = {
    # cards.py
    "seat.unknown": lambda p: _("unknown seat %(text)s: expected N, E, S or W") % quoted(p, "text"),
    "suit.unknown": lambda p: _("unknown suit %(text)s: expected S, H, D or C") % quoted(p, "text"),
    "strain.unknown": lambda p: _("unknown strain %(text)s: expected C, D, H, S or NT") % quoted(p, "text"),
    "rank.unknown": lambda p: _("unknown rank %(text)s: expected A, K, Q, J, T (or 10), 9 … 2") % quoted(p, "text"),
    "card.index": lambda p: _("card index %(index)s is outside 0 … 51") % p,
    "card.unknown": lambda p: _("unknown card %(text)s: write a suit and a rank, like HT or SA") % quoted(p, "text"),
    "hand.suits": lambda p: _("hand %(text)s must have four suits separated by dots (S.H.D.C)") % quoted(p, "text"),
    "hand.rank": lambda p: (
        _("hand %(text)s: %(char)s is not a rank %(in_suit)s")
        % {**quoted(p, "text", "char"), "in_suit": in_suit(p["suit"])}
    ),
    "hand.twice": lambda p: _("hand %(text)s lists a card twice") % quoted(p, "text"),
    "deal.cards": lambda p: _("a deal places 52 cards, not %(count)s") % p,
    "deal.counts": _deal_counts,
    "deal.hand_size": _hand_size,
    "deal.card_twice": lambda p: (
        _("%(card)s is in both %(first)s and %(second)s hands")
        % {"card": p["card"], "first": whose(p["first"]), "second": whose(p["second"])}
    ),
    "deal.three_hands": lambda p: _("a deal needs at least three hands; the fourth can be worked out"),
    "deal.pbn_parts": lambda p: (
        _("a PBN deal has four hands separated by spaces, not %(count)s: %(text)s") % quoted(p, "text")
    ),
    "deal.hand": lambda p: _("%(whose)s hand: %(error)s") % said(p, whose=whose(p["seat"])),
    "vulnerability.unknown": lambda p: (
        _("unknown vulnerability %(text)s: expected None, NS, EW or All") % quoted(p, "text")
    ),
    "board.number": lambda p: _("board numbers start at 1, not %(board)s") % quoted(p, "board"),
    # auction.py
    "bid.level": lambda p: _("a bid's level is 1 … 7, not %(level)s") % quoted(p, "level"),
    "bid.index": lambda p: _("bid index %(index)s is outside 0 … 34") % p,
    "contract.format": lambda p: (
        _(
            "%(text)s is not a contract: write a level 1 … 7, a strain C, D, H, S or NT "
            "and X or XX when doubled or redoubled (e.g. 4S, 3NTX)"
        )
        % quoted(p, "text")
    ),
    "contract.doubling": lambda p: (
        _("a contract is undoubled (0), doubled (1) or redoubled (2), not %(value)s") % quoted(p, "value")
    ),
    "contract.tricks": lambda p: _("tricks taken are 0 … 13, not %(tricks)s") % quoted(p, "tricks"),
    "contract.penalty": lambda p: _("no number of undertricks costs %(penalty)s points") % p,
    "call.code": lambda p: _("call code %(value)s is outside 0 … 37") % quoted(p, "value"),
    "call.unknown": lambda p: _("%(text)s is not a call: write P, X, XX or a bid from 1C to 7NT") % quoted(p, "text"),
    "call.at": lambda p: _("call %(position)s: %(error)s") % said(p),
    "call.all_pass_last": lambda p: (
        _("call %(position)s: %(token)s (all pass) must be the last call") % quoted(p, "token")
    ),
    "call.all_pass_ended": lambda p: (
        _("call %(position)s: %(token)s (all pass) follows an auction that has already ended") % quoted(p, "token")
    ),
    "call.named": lambda p: _("call %(position)s (%(seat)s: %(call)s)") % said(p, seat=seat(p["seat"])),
    "call.illegal": lambda p: _("%(call)s is illegal: %(reason)s") % said(p),
    "illegal.ended": lambda p: _("the auction has already ended"),
    "illegal.no_bid_to_double": lambda p: _("there is no bid to double"),
    "illegal.double_own_side": lambda p: (
        _("%(bid)s was bid by your own side; you may double only an opponent's bid") % p
    ),
    "illegal.already_doubled": lambda p: _("%(bid)s is already doubled") % p,
    "illegal.already_redoubled": lambda p: _("%(bid)s is already redoubled") % p,
    "illegal.no_bid_to_redouble": lambda p: _("there is no bid to redouble"),
    "illegal.redouble_opponents": lambda p: (
        _("%(bid)s was bid by an opponent; you may redouble only your side's bid") % p
    ),
    "illegal.not_doubled": lambda p: _("%(bid)s is not doubled") % p,
    "illegal.not_higher": lambda p: _("%(bid)s is not higher than the last bid, %(last)s") % p,
    "auction.no_contract": lambda p: _("the auction has not ended yet, so it has no final contract"),
    "line": lambda p: _("line %(line)s: %(error)s") % said(p),
}
Text.templates = TEMPLATES

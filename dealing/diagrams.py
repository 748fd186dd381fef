"""A board as its diagram shows it, for every page and print that draws one: the four hands (seat, HCP, suit
lines with their colours), dealer and vulnerability, and the double-dummy table and par when the board is analysed.

The hand-record pages, the printed hand record (``dealing/printing.py``), "play it again", the perfect-auction page
and the players' traveller (``scoring/views/players.py``) all draw boards from here, and bidding diagrams
(``auction_view``: the perfect-auction page and the hand records' ``{% perfect_auction %}`` tag); none of them calls
another's view.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from bridge.auction import Auction, Call
from bridge.cards import SUITS_DESCENDING, Deal, Seat, Strain, Suit
from bridge.words import honours
from dealing.domain.analysis import PBN_STRAIN_ORDER
from dealing.models.board import VULNERABILITY_CHOICES
from dealing.selectors.boards import BoardRecord

SUIT_CLASS = {Suit.SPADES: "suit-s", Suit.HEARTS: "suit-h", Suit.DIAMONDS: "suit-d", Suit.CLUBS: "suit-c"}
SEAT_NAMES = {
    Seat.NORTH: gettext_lazy("North"),
    Seat.EAST: gettext_lazy("East"),
    Seat.SOUTH: gettext_lazy("South"),
    Seat.WEST: gettext_lazy("West"),
}


def ranks(text: str, written: dict[str, str] | None = None) -> str:
    """``AKT2`` as the reader writes it (``A K 10 2``; Polish: ``A K 10 2``, ``D`` for ``Q``); ``written`` is
    :func:`dealing.domain.text.honours`, given by a caller that writes many."""
    written = written or honours()
    return " ".join(written.get(r, r) for r in text) or "—"


def hand_view(deal, seat: Seat, written: dict[str, str] | None = None) -> dict:
    """One hand as the diagram shows it: seat, HCP and four suit lines (symbol, colour, ranks)."""
    written = written or honours()
    hand = deal.hand(seat)
    return {
        "seat": seat.letter,
        "name": str(SEAT_NAMES[seat]),
        "hcp": hand.hcp,
        "suits": [
            {
                "symbol": s.symbol,
                "css": SUIT_CLASS[s],
                "ranks": ranks(hand.holding_str(s), written),
                "name": s.name.lower(),
            }
            for s in SUITS_DESCENDING
        ],
    }


def board_view(board: BoardRecord) -> dict:
    """Everything a board's diagram and analysis need, in display order."""
    written = honours()
    hands = {seat.letter: hand_view(board.deal, seat, written) for seat in Seat}
    view = {
        "number": board.number,
        "dealer": board.dealer.letter,
        "dealer_name": str(SEAT_NAMES[board.dealer]),
        "vulnerability": str(dict(VULNERABILITY_CHOICES)[board.vulnerability.pbn]),
        "vulnerable_seats": "".join(seat.letter for seat in Seat if board.vulnerability.is_vulnerable(seat)),
        "hands": hands,
        "hcp": board.hcp,
        "analysis_status": board.analysis_status,
        "dd_rows": None,
        "par": None,
    }
    if board.analysis is not None:
        table = board.analysis.table
        view["dd_strains"] = [
            (
                str(gettext_lazy("NT")) if s is Strain.NOTRUMP else s.symbol,
                "" if s.suit is None else SUIT_CLASS[s.suit],  # no trump has no suit
            )
            for s in PBN_STRAIN_ORDER
        ]
        view["dd_rows"] = [
            (seat.letter, [table[seat, s] for s in PBN_STRAIN_ORDER])
            for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
        ]
        par = board.analysis.par
        view["par"] = {"score": par.optimum_score_pbn(), "contracts": par.par_contract_pbn(), "ns": par.score}
    return view


def call_cell(call: Call | None) -> dict:
    """One cell of a bidding diagram: what kind of call, and for a bid its level, strain symbol and colour."""
    if call is None:
        return {"kind": "empty"}
    if call.is_pass:
        return {"kind": "pass"}
    if call.is_double:
        return {"kind": "double"}
    if call.is_redouble:
        return {"kind": "redouble"}
    bid = call.bid
    assert bid is not None  # not a pass, a double nor a redouble: a bid
    suit = bid.strain.suit  # Suit.CLUBS is 0, so test against None, never for truth
    if suit is None:
        return {"kind": "bid", "level": bid.level, "notrump": True}
    return {
        "kind": "bid",
        "level": bid.level,
        "notrump": False,
        "symbol": suit.symbol,
        "css": SUIT_CLASS[suit],
        "name": suit.name.lower(),
    }


def auction_view(calls, dealer: Seat | str) -> dict:
    """A bidding diagram of ``calls``: seat columns from the dealer, rows of call cells, the text, the contract."""
    auction = Auction(dealer, calls)
    contract = auction.contract if auction.is_complete else None
    return {
        "dealer": auction.dealer.letter,
        "columns": [
            {"letter": seat.letter, "name": str(SEAT_NAMES[seat]), "dealer": seat is auction.dealer}
            for seat in auction.columns
        ],
        "rows": [[call_cell(call) for call in row] for row in auction.rows()],
        "text": str(auction),
        "count": len(auction.calls),
        "contract": None
        if contract is None
        else {
            "level": contract.bid.level,
            "cell": call_cell(Call.of(contract.bid)),
            "doubling": "X" * contract.doubling,
            "declarer": str(SEAT_NAMES[contract.declarer]),
        },
    }


def deal_view(deal: Deal, dealer: Seat) -> dict:
    """The four hands for a compass diagram (``hand_view`` as on the hand-record pages)."""
    return {
        "hands": {seat.letter: hand_view(deal, seat) for seat in Seat},
        "dealer": dealer.letter,
        "pbn": deal.to_pbn(Seat.NORTH),
    }

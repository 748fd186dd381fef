"""Template tags for Kersey's perfect auction: a board's auction diagram and one call in it.

``{% perfect_auction_diagram deal dealer as auction %}`` (optionally ``calls`` after the
dealer, when already encoded) gives the context ``dealing/_bidding_diagram.html`` needs, or
``None`` if the deal cannot be read. ``{% call_html cell %}`` writes one call: ``Pass``,
``X``, ``XX``, ``3NT`` or a level with a coloured suit symbol.
"""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy

from bridge.cards import Deal, Seat
from bridge.errors import BridgeError
from dealing.diagrams import auction_view
from dealing.domain import perfect_auction

register = template.Library()

SUIT_NAMES = {
    "spades": gettext_lazy("spades"),
    "hearts": gettext_lazy("hearts"),
    "diamonds": gettext_lazy("diamonds"),
    "clubs": gettext_lazy("clubs"),
}


@register.simple_tag
def perfect_auction_diagram(deal, dealer, calls=None):
    """The bidding diagram of ``deal``'s perfect auction when ``dealer`` deals (``None`` if unreadable)."""
    try:
        if not isinstance(deal, Deal):
            deal = Deal.from_pbn(str(deal))
        dealer = dealer if isinstance(dealer, Seat) else Seat.from_str(str(dealer))
        return auction_view(calls or perfect_auction.encode(deal, dealer), dealer)
    except BridgeError:
        return None


@register.simple_tag
def call_html(cell):
    """One call of a bidding diagram, from a cell of ``auction_view``."""
    kind = cell["kind"]
    if kind == "empty":
        return ""
    if kind == "pass":
        return gettext("Pass")
    if kind == "double":
        return gettext("X")
    if kind == "redouble":
        return gettext("XX")
    if cell["notrump"]:
        return format_html("{}{}", cell["level"], gettext("NT"))
    return format_html(
        '{}<span class="{}" role="img" aria-label="{}">{}</span>',
        cell["level"],
        cell["css"],
        SUIT_NAMES[cell["name"]],
        cell["symbol"],
    )

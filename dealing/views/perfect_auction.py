"""The perfect-bidding page (Kersey): a deal becomes its legal auction, an auction its deal.

``GET /dealing/perfect-auction/`` shows the forms; they submit by GET, so every result has
a link of its own. ``encode-*`` fields: a PBN deal (or up to four hands, three being enough)
and a dealer → the auction in a bidding diagram, dealer first. ``board-*`` fields: a board of
a published session the user may see (through ``board_for_viewer``, its visibility rule) →
the same. ``decode-*`` fields: an auction and a dealer → the four hands in a compass diagram.
Any logged-in user may use it: the user supplies the deal (or picks a board already public),
so nothing secret is shown. Bridge rules stay in
:mod:`dealing.domain.perfect_auction`; this module only reads forms and shapes the results.

:func:`dealing.diagrams.auction_view` also serves the ``_perfect_auction.html`` partial that hand-record pages
include (through ``{% perfect_auction_diagram %}`` in ``dealing.templatetags.perfect_auction_tags``).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from bridge.cards import Deal, Hand, Seat
from bridge.errors import BridgeError
from clubs.models import Session
from clubs.selectors import session_list_for_user
from clubsite.dates import when
from clubsite.texts import error_message
from dealing.diagrams import SEAT_NAMES, auction_view, deal_view
from dealing.domain import perfect_auction
from dealing.selectors.boards import board_for_viewer

SEAT_CHOICES = [(seat.letter, SEAT_NAMES[seat]) for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)]
HAND_FIELDS = {Seat.NORTH: "north", Seat.EAST: "east", Seat.SOUTH: "south", Seat.WEST: "west"}
EXAMPLE_DEAL = "N:AKQT7.AKQ.AKQ.AK J9.JT98.JT98.QJT 8654.765.765.987 32.432.432.65432"


def _hand_field(seat: Seat) -> forms.CharField:
    return forms.CharField(
        label=SEAT_NAMES[seat],
        required=False,
        max_length=60,
        widget=forms.TextInput(
            attrs={
                "placeholder": "♠.♥.♦.♣",
                "autocomplete": "off",
                "spellcheck": "false",
                "autocapitalize": "characters",
            }
        ),
    )


class DealForm(forms.Form):
    """A deal as one PBN string, or as hands (spades.hearts.diamonds.clubs), and its dealer."""

    deal = forms.CharField(
        label=gettext_lazy("Deal (PBN)"),
        required=False,
        max_length=120,
        widget=forms.TextInput(attrs={"placeholder": EXAMPLE_DEAL, "autocomplete": "off", "spellcheck": "false"}),
        help_text=gettext_lazy(
            "First seat, a colon, then four hands clockwise, each spades.hearts.diamonds.clubs. "
            "Or leave this empty and fill in the hands below (three are enough)."
        ),
    )
    north = _hand_field(Seat.NORTH)
    east = _hand_field(Seat.EAST)
    south = _hand_field(Seat.SOUTH)
    west = _hand_field(Seat.WEST)
    dealer = forms.ChoiceField(label=gettext_lazy("Dealer"), choices=SEAT_CHOICES, initial="N")

    def hand_fields(self):
        return [self[name] for name in HAND_FIELDS.values()]

    def clean(self):
        data = super().clean()
        text = (data.get("deal") or "").strip()
        if text:
            try:
                data["parsed_deal"] = Deal.from_pbn(text)
            except BridgeError as exc:
                self.add_error("deal", error_message(exc))
            return data
        hands: dict[Seat, Hand] = {}
        for seat, name in HAND_FIELDS.items():
            value = (data.get(name) or "").strip()
            if not value or value == "-":
                continue
            try:
                hands[seat] = Hand.from_pbn(_dotted(value))
            except BridgeError as exc:
                self.add_error(name, error_message(exc))
        if self.errors:
            return data
        if len(hands) < 3:
            self.add_error("deal", _("Enter a deal in PBN, or at least three of the four hands."))
            return data
        try:
            data["parsed_deal"] = Deal.from_hands(hands)
        except BridgeError as exc:
            self.add_error(_field_of_hand_error(exc, hands), error_message(exc))
        return data


def _dotted(text: str) -> str:
    """Hands may be typed with spaces instead of dots, and ``-`` for a void."""
    if "." not in text:
        parts = text.split()
        if len(parts) == 4:
            text = ".".join(parts)
    return ".".join("" if part.strip() in ("-", "—", "–") else part.strip() for part in text.split("."))


def _field_of_hand_error(exc: BridgeError, hands: dict[Seat, Hand]) -> str:
    """The hand field a whole-deal error belongs to: its seat, or the later hand repeating a card."""
    if exc.field in ("N", "E", "S", "W"):
        return HAND_FIELDS[Seat.from_str(exc.field)]
    seen: set = set()
    for seat, hand in hands.items():
        if seen & hand.cards:
            return HAND_FIELDS[seat]
        seen |= hand.cards
    return "deal"


class AuctionForm(forms.Form):
    """An auction as text and its dealer."""

    auction = forms.CharField(
        label=gettext_lazy("Auction"),
        max_length=2000,
        widget=forms.Textarea(
            attrs={"rows": 4, "placeholder": "P 1C X XX 1H …", "spellcheck": "false", "autocapitalize": "characters"}
        ),
        help_text=gettext_lazy(
            "Calls separated by spaces, from the dealer's: P (or Pass), X (Dbl), XX (Rdbl), "
            "1C … 7NT; suit symbols are fine."
        ),
    )
    dealer = forms.ChoiceField(label=gettext_lazy("Dealer"), choices=SEAT_CHOICES, initial="N")

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            data["decoded_deal"] = perfect_auction.decode(data["auction"], data["dealer"])
        except BridgeError as exc:
            self.add_error(exc.field if exc.field in self.fields else "auction", error_message(exc))
        return data


class BoardForm(forms.Form):
    """A board of a published session the user may see (its deal is public by then)."""

    session = forms.TypedChoiceField(label=gettext_lazy("Published session"), coerce=int)
    number = forms.IntegerField(label=gettext_lazy("Board"), min_value=1, max_value=999)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        sessions = (
            session_list_for_user(user)
            .filter(status=Session.Status.PUBLISHED, boards__isnull=False)
            .distinct()
            .order_by("-date", "name")
        )
        self.fields["session"].choices = [(s.pk, f"{s.club.name} · {s.name} · {when(s.date)}") for s in sessions]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            session, board = board_for_viewer(user=self.user, session_id=data["session"], number=data["number"])
        except Http404:
            self.add_error("number", _("This session has no board %(number)s.") % {"number": data["number"]})
            return data
        except PermissionDenied:
            session, board = None, None
        if session is None or not session.is_published:
            self.add_error("session", _("A session's perfect auctions are shown once it is published."))
            return data
        data["board"] = board
        data["label"] = _("Board %(number)s of %(session)s") % {"number": board.number, "session": session.name}
        return data


def perfect_auction_page_url(**params: str) -> str:
    return f"{reverse('dealing:perfect_auction')}?{urlencode(params)}"


@require_safe
@login_required
def perfect_auction_page(request):
    """Both directions on one page; each form is bound only when its own fields were sent."""
    board_form = BoardForm(request.GET if "board-number" in request.GET else None, prefix="board", user=request.user)
    deal_form = DealForm(request.GET if "encode-dealer" in request.GET else None, prefix="encode")
    auction_form = AuctionForm(request.GET if "decode-dealer" in request.GET else None, prefix="decode")
    context = {
        "board_form": board_form,
        "deal_form": deal_form,
        "auction_form": auction_form,
        "auction": None,
        "deal": None,
        "example_deal": EXAMPLE_DEAL,
    }
    chosen = None
    if board_form.is_bound and board_form.is_valid():
        board = board_form.cleaned_data["board"]
        chosen = (board.deal, board.dealer, board_form.cleaned_data["label"])
        deal_form = DealForm(
            initial={"deal": board.deal.to_pbn(Seat.NORTH), "dealer": board.dealer.letter}, prefix="encode"
        )
        context["deal_form"] = deal_form
    elif deal_form.is_bound and deal_form.is_valid():
        chosen = (deal_form.cleaned_data["parsed_deal"], Seat.from_str(deal_form.cleaned_data["dealer"]), "")
    if chosen is not None:
        deal, dealer, label = chosen
        calls = perfect_auction.encode(deal, dealer)
        auction = auction_view(calls, dealer)
        auction["decode_url"] = perfect_auction_page_url(
            **{"decode-auction": auction["text"], "decode-dealer": dealer.letter}
        )
        auction["label"] = label
        context["auction"] = auction
    if auction_form.is_bound and auction_form.is_valid():
        dealer = Seat.from_str(auction_form.cleaned_data["dealer"])
        decoded = deal_view(auction_form.cleaned_data["decoded_deal"], dealer)
        decoded["encode_url"] = perfect_auction_page_url(
            **{"encode-deal": decoded["pbn"], "encode-dealer": dealer.letter}
        )
        context["deal"] = decoded
    return render(request, "dealing/perfect_auction.html", context)

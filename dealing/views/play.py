"""Play it again: a finished session's board played card by card against double dummy.

``play_board`` (``/dealing/sessions/<id>/boards/<n>/play/``) shows the four hands, the trick in
progress and the play so far, each card with the tricks it gave away. Everything is in the query
string, so each position has its own address (links work without JavaScript, the browser's Back
is "undo", a position can be shared):

* ``contract`` (``4S``, ``3NT``, ``2HX``; or ``level`` and ``strain``, as the page's form sends them) and
  ``declarer`` (``N`` … ``W``) — by default the board's par contract
  (:func:`dealing.selectors.play.default_contract`); a pair's traveller and scorecard link here with the contract
  the pair played (``dealing.templatetags.play_it_again``), and the page then offers par beside it;
* ``cards`` — the cards played, in order: ``HA.H8.H5`` (``.``, ``,`` or spaces between);
* ``auto=defence`` — the defenders play double dummy: after each of the user's cards the server
  adds theirs (the lowest of their best cards) until it is declarer's side's turn.

Every card is checked on the server (``dealing.domain.play``): one not in the hand, not following
suit, out of turn or played twice stops the play before it, and the page says why (status 400).
htmx asks for the position's fragment only (``HX-Request``) and pushes the position's address.
Before the session is over every address answers 404, to everyone
(``dealing.selectors.play.play_board_for_viewer``). The same position as JSON, for programs:
``dealing.apis.play``.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_safe

from bridge.cards import SUITS_DESCENDING, Card, Seat, Strain, Suit
from bridge.contract import Contract
from bridge.errors import BridgeError
from bridge.words import rank
from clubsite.texts import error_message
from dealing.diagrams import SEAT_NAMES, SUIT_CLASS, board_view
from dealing.domain.play import parse_cards
from dealing.selectors import play as selectors

SUIT_NAMES = {
    Suit.SPADES: gettext_lazy("spades"),
    Suit.HEARTS: gettext_lazy("hearts"),
    Suit.DIAMONDS: gettext_lazy("diamonds"),
    Suit.CLUBS: gettext_lazy("clubs"),
}


def strain_choices() -> list[tuple[str, str]]:
    """The contract form's strains, no trumps as the reader's language writes them (NT, BA)."""
    return [("NT", gettext("NT")) if s is Strain.NOTRUMP else (s.letter, s.symbol) for s in reversed(Strain)]


def _rank(card: Card) -> str:
    return rank(card.rank.letter)  # honours as the reader's language writes them (Polish: A K D W)


def card_view(card: Card) -> dict:
    """A card as the page writes it; ``html``: the coloured suit symbol (named for screen readers) and the rank."""
    name = str(SUIT_NAMES[card.suit])
    return {
        "code": str(card),
        "rank": _rank(card),
        "symbol": card.suit.symbol,
        "css": SUIT_CLASS[card.suit],
        "suit_name": name,
        "html": format_html(
            '<span class="{}" role="img" aria-label="{}">{}</span>{}',
            SUIT_CLASS[card.suit],
            name,
            card.suit.symbol,
            _rank(card),
        ),
    }


def contract_view(contract: Contract) -> dict:
    strain = contract.strain
    return {
        "level": contract.level,
        "strain": "NT" if strain is Strain.NOTRUMP else strain.letter,
        "symbol": strain.symbol,
        "css": "" if strain.suit is None else SUIT_CLASS[strain.suit],  # no trump has no suit
        "doubling": "×" * contract.doubling,
        "call": contract.call,
        "declarer": contract.declarer.letter,
        "declarer_name": str(SEAT_NAMES[contract.declarer]),
        "needed": contract.tricks_needed,
    }


class _Addresses:
    """Addresses of positions of this play (the same contract and mode, other cards)."""

    def __init__(self, base: str, contract: Contract, auto: str):
        self.base, self.contract, self.auto = base, contract, auto

    def __call__(self, cards) -> str:
        query = {"contract": self.contract.call, "declarer": self.contract.declarer.letter}
        if cards:
            query["cards"] = ".".join(str(c) for c in cards)
        if self.auto:
            query["auto"] = self.auto
        return f"{self.base}?{urlencode(query)}"


def play_context(result: selectors.BoardPlay, *, base: str, auto: str) -> dict:
    """What the play templates show, in display order."""
    play, evaluation, contract = result.play, result.evaluation, result.contract
    address = _Addresses(base, contract, auto)
    options = {o.card: o for o in evaluation.options}
    to_play = play.to_play
    robot_side = None if not auto else ("EW" if contract.declarer.side == "NS" else "NS")

    seats = {}
    for seat in Seat:
        held = play.hand(seat)
        role = "declarer" if seat == contract.declarer else "dummy" if seat == contract.declarer.partner else "defender"
        suits = []
        for suit in SUITS_DESCENDING:
            cards = sorted((c for c in held if c.suit is suit), key=lambda c: -c.rank)
            row = []
            for card in cards:
                option = options.get(card) if seat == to_play and seat.side != robot_side else None
                row.append(
                    {
                        **card_view(card),
                        "playable": option is not None,
                        "url": address(play.cards + (card,)) if option else None,
                        "cost": option.cost if option else None,
                        "tricks": option.declarer_tricks if option else None,
                    }
                )
            suits.append({"symbol": suit.symbol, "css": SUIT_CLASS[suit], "name": str(SUIT_NAMES[suit]), "cards": row})
        seats[seat.letter] = {
            "letter": seat.letter,
            "name": str(SEAT_NAMES[seat]),
            "role": role,
            "to_play": seat == to_play,
            "suits": suits,
            "count": len(held),
        }

    # the trick on the table: the one in progress, or the last one complete (with its winner)
    shown = play.current
    winner = None
    if not shown.cards and play.completed:
        shown = play.completed[-1]
        winner = shown.winner(contract.strain)
    on_table = {shown.seat_of(i): card_view(card) for i, card in enumerate(shown.cards)}
    table = [
        {
            "seat": seat.letter,
            "name": str(SEAT_NAMES[seat]),
            "card": on_table.get(seat),
            "won": seat == winner,
            "led": bool(shown.cards) and seat == shown.leader,
        }
        for seat in Seat
    ]

    log: list[dict] = []
    current: dict | None = None
    for p in evaluation.played:
        if current is None or current["number"] != p.trick:
            current = {"number": p.trick, "cards": [], "winner": None}
            log.append(current)
        current["cards"].append(
            {
                **card_view(p.card),
                "seat": p.seat.letter,
                "cost": p.cost,
                "tricks": p.declarer_tricks,
                "side": p.seat.side,
            }
        )
    for entry in log:
        entry["blanks"] = range(4 - len(entry["cards"]))
    for entry, trick in zip(log, play.tricks):
        if trick.complete:
            winner_seat = trick.winner(contract.strain)
            entry["winner"] = winner_seat.letter
            entry["winner_name"] = str(SEAT_NAMES[winner_seat])

    last = evaluation.played[-1] if evaluation.played else None
    undo = None
    if play.cards:
        keep = len(play.cards)
        if robot_side:  # the defenders' cards after the user's last card go too
            while keep and evaluation.played[keep - 1].seat.side == robot_side:
                keep -= 1
        undo = address(play.cards[: keep - 1]) if keep else None
    best = None
    if evaluation.options and to_play is not None and to_play.side != robot_side:  # options: the play goes on
        best_option = min((o for o in evaluation.options if o.cost == 0), key=lambda o: (o.card.rank, o.card.index))
        best = address(play.cards + (best_option.card,))
    declarer_won, defence_won = play.declarer_tricks, play.defence_tricks
    dd = evaluation.declarer_tricks
    return {
        "contract": contract_view(contract),
        "seats": seats,
        "to_play": to_play.letter if to_play is not None else None,
        "to_play_name": str(SEAT_NAMES[to_play]) if to_play is not None else None,
        "table": table,
        "winner": winner.letter if winner is not None else None,
        "winner_name": str(SEAT_NAMES[winner]) if winner is not None else None,
        "log": log,
        "last": (
            {**card_view(last.card), "seat_name": str(SEAT_NAMES[last.seat]), "cost": last.cost} if last else None
        ),
        "declarer_won": declarer_won,
        "defence_won": defence_won,
        "double_dummy": dd,
        "start": evaluation.start,
        "result": dd - contract.tricks_needed,
        "down": contract.tricks_needed - dd,
        "given_away": evaluation.given_away,
        "declarer_side": contract.declarer.side,
        "over": play.is_over,
        "cards_played": len(play.cards),
        "address": address(play.cards),
        "undo_url": undo,
        "restart_url": address(()),
        "best_url": best,
        "auto": auto,
        "auto_url": _Addresses(base, contract, "" if auto else "defence")(() if not auto else play.cards),
        "error": error_message(result.error) if result.error else None,
    }


@require_safe
@login_required
def play_board(request, session_id: int, number: int):
    session, board = selectors.play_board_for_viewer(user=request.user, session_id=session_id, number=number)
    analysis = selectors.board_analysis(board)
    auto = "defence" if request.GET.get("auto") == "defence" else ""
    problems = []
    try:
        asked = request.GET.get("contract") or "".join(request.GET.get(k, "") for k in ("level", "strain"))
        contract = selectors.parse_contract(asked, request.GET.get("declarer"), analysis)
    except BridgeError as exc:
        problems.append(exc)
        contract = selectors.default_contract(analysis)
    try:
        cards = parse_cards(request.GET.get("cards", ""))
    except BridgeError as exc:
        problems.append(exc)
        cards = []
    result = selectors.board_play(
        session=session, board=board, contract=contract, cards=cards, defenders_play=bool(auto) and not problems
    )
    if problems and result.error is None:
        result = selectors.BoardPlay(**{**result.__dict__, "error": problems[0]})
    base = reverse("dealing:play_board", args=[session.pk, board.number])
    context = play_context(result, base=base, auto=auto)
    par = analysis.par.contracts[0].contract if analysis.par.contracts else None  # (none: par is a pass-out)
    context["is_par"] = par is not None and (par.call, par.declarer) == (result.contract.call, result.contract.declarer)
    context["par"] = (
        {"call": par.call, "declarer_name": str(SEAT_NAMES[par.declarer]), "url": base}
        if par is not None and not context["is_par"]
        else None
    )
    status = 400 if result.error else 200
    if request.headers.get("HX-Request"):
        response = render(
            request,
            "dealing/play_position.html",
            {"session": session, "p": context},
            status=200 if status == 400 else status,
        )
        response["HX-Push-Url"] = context["address"]
        return response
    return render(
        request,
        "dealing/play_board.html",
        {
            "session": session,
            "club": session.club,
            "board": board_view(board),
            "p": context,
            "levels": range(1, 8),
            "strains": strain_choices(),
            "declarers": [(s.letter, str(SEAT_NAMES[s])) for s in Seat],
        },
        status=status,
    )

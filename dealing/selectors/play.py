"""Play it again: a finished session's board played through card by card against double dummy.

* :func:`play_board_for_viewer` — the session and the board (a ``BoardRecord``) for anyone who may
  see the session, **only once it is over**: before that, and for a board it does not have, it
  answers 404 to everyone (directors included; they take deals off the site through their
  dealing-machine files only). Deals come from :func:`dealing.selectors.boards.board_for_viewer`.
* :func:`board_play` — the play after the cards given, checked card by card by
  :mod:`dealing.domain.play`, set against double dummy: ``BoardPlay`` holds the contract, the play
  up to the last good card, the evaluation, and the refusal of the first bad card (if any).
* :func:`cached_solve` — the solver of positions with each position's answer kept in Django's
  cache (``CACHE_SECONDS``), keyed by a hash of the position (strain, trick, hands left): a
  position is solved once, however often and by whichever play it is reached.
* :func:`default_contract` — what a board is played in when no contract is asked for: the first
  par contract, else the declarer and strain with the most double-dummy tricks.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.http import Http404
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables

from bridge.cards import Card, Seat, Strain
from bridge.contract import Bid, Contract
from clubs.models import Session
from dealing.domain.analysis import BoardAnalysis, analyse
from dealing.domain.errors import DealingError
from dealing.domain.play import Play, PlayEvaluation, Position, evaluate, parse_cards, play_for, solve_position
from dealing.selectors.boards import BoardRecord, DealsHidden, board_for_viewer

CACHE_SECONDS = 7 * 24 * 3600
CACHE_PREFIX = "dealing:play:v1:"


@dataclass(frozen=True)
class BoardPlay:
    session: Session
    board: BoardRecord
    analysis: BoardAnalysis
    contract: Contract
    play: Play
    evaluation: PlayEvaluation
    error: DealingError | None  # the first card refused (the play stops before it)


@sensitive_variables()
def play_board_for_viewer(*, user, session_id: int, number: int) -> tuple[Session, BoardRecord]:
    """The board of a session that is over, for anyone who may see the session; 404 otherwise."""
    try:
        return board_for_viewer(user=user, session_id=session_id, number=number)
    except DealsHidden:
        raise Http404(_("No such board.")) from None


def cached_solve(position: Position) -> dict[Card, int]:
    """:func:`dealing.domain.play.solve_position`, each position's answer kept in the cache."""
    key = CACHE_PREFIX + hashlib.sha256(position.key.encode()).hexdigest()
    stored = cache.get(key)
    if stored is not None:
        return {Card.from_index(index): tricks for index, tricks in stored}
    solved = solve_position(position)
    cache.set(key, [(card.index, tricks) for card, tricks in solved.items()], CACHE_SECONDS)
    return solved


@sensitive_variables()
def board_analysis(board: BoardRecord) -> BoardAnalysis:
    """The board's stored analysis, or (still pending) one solved now and kept in the cache."""
    if board.analysis is not None:
        return board.analysis
    key = (
        CACHE_PREFIX
        + "table:"
        + hashlib.sha256(f"{board.deal.to_pbn()} {board.vulnerability.pbn} {board.dealer.letter}".encode()).hexdigest()
    )
    stored = cache.get(key)
    if stored is None:
        stored = analyse(board.deal, board.vulnerability, board.dealer)
        cache.set(key, stored, CACHE_SECONDS)
    return stored


def default_contract(analysis: BoardAnalysis) -> Contract:
    """The first par contract; when par is a pass-out, the declarer and strain with the most tricks."""
    if analysis.par.contracts:
        return analysis.par.contracts[0].contract
    table = analysis.table
    tricks, strain, seat = max((table[seat, strain], strain, seat) for seat in Seat for strain in Strain)
    return Contract(Bid(max(1, tricks - 6), strain), 0, seat)


def parse_contract(text: str | None, declarer: str | None, analysis: BoardAnalysis) -> Contract:
    """The contract asked for (``4S`` and ``N``), or the board's default when none is."""
    if not text:
        return default_contract(analysis)
    return Contract.from_str(text, declarer or "")


@sensitive_variables()
def board_play(
    *,
    session: Session,
    board: BoardRecord,
    contract: Contract,
    cards: list[Card] | str,
    defenders_play: bool = False,
    solve=cached_solve,
) -> BoardPlay:
    """The play after ``cards`` (a list, or text such as ``"HA H8 H5"``), set against double dummy.

    A card that may not be played stops the play before it; ``error`` says why. With ``defenders_play``
    the defenders then play double dummy until it is declarer's side's turn (the opening lead too).
    Text that is not cards raises :class:`DealingError`.
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    play, error = Play.replay_checked(board.deal, contract, cards)
    if defenders_play and error is None:
        play = play_for(play, "EW" if contract.declarer.side == "NS" else "NS", solve)
    return BoardPlay(session, board, board_analysis(board), contract, play, evaluate(play, solve), error)

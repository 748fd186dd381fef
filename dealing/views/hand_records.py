"""Hand records of a finished session: the board list, each board, its analysis, the PBN download.

Every deal comes from :mod:`dealing.selectors.boards`, which shows them only when the
session is over; before that these pages answer 403 with a plain explanation. The hand records of a revealed
commitment's sessions are public once they are over (anyone checks the deals against them: no login); for any
other session a visitor who is not logged in is sent to log in (:func:`dealing.views.public.public_or_login`).
"""

from __future__ import annotations

from functools import wraps

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from bridge.errors import BridgeError
from clubs.selectors import session_list_for_user
from dealing.diagrams import board_view
from dealing.domain import perfect_auction
from dealing.selectors import boards as selectors
from dealing.selectors.commitments import revealed_commitment_of
from dealing.services.boards import session_analysis_queue
from dealing.views.public import public_or_login


def _perfect_auction_context(board: selectors.BoardRecord) -> dict | None:
    try:
        calls = perfect_auction.encode(board.deal, board.dealer)
    except BridgeError:
        return None
    return {"calls": calls, "dealer": board.dealer, "deal": board.deal}


def _about(request, session) -> dict:
    """What every hand-record page says of its session: whether the viewer may open the session's page, and the
    revealed commitment it was dealt from (what a visitor checks the deals against)."""
    return {
        "session": session,
        "club": session.club,
        "insider": session_list_for_user(request.user).filter(pk=session.pk).exists(),
        "commitment": revealed_commitment_of(session=session),
    }


def deals_hidden_page(view):
    """Answer 403 with a page that says why, when a session's deals are not shown yet."""

    @wraps(view)
    def wrapper(request, session_id, *args, **kwargs):
        try:
            return view(request, session_id, *args, **kwargs)
        except selectors.DealsHidden:
            session = selectors.session_get_for_deals(user=request.user, session_id=session_id)
            return render(request, "dealing/hand_record_hidden.html", _about(request, session), status=403)

    return wrapper


def _kick_analysis(session, boards) -> None:
    """Boards still without analysis: make sure it is queued (at most every few minutes)."""
    if any(board.analysis is None for board in boards):
        session_analysis_queue(session=session)


@require_safe
@public_or_login
@deals_hidden_page
def hand_record(request, session_id):
    session, boards = selectors.hand_record_for_viewer(user=request.user, session_id=session_id)
    _kick_analysis(session, boards)
    return render(
        request,
        "dealing/hand_record_list.html",
        {
            **_about(request, session),
            "boards": [board_view(b) for b in boards],
            "pending": sum(1 for b in boards if b.analysis is None),
        },
    )


@require_safe
@public_or_login
@deals_hidden_page
def hand_record_board(request, session_id, number):
    session, boards = selectors.hand_record_for_viewer(user=request.user, session_id=session_id)
    numbers = [b.number for b in boards]
    if number not in numbers:
        raise Http404(gettext_lazy("No such board."))
    here = numbers.index(number)
    board = boards[here]
    _kick_analysis(session, boards)
    show_auction = session.is_published
    auction = _perfect_auction_context(board) if show_auction else None
    return render(
        request,
        "dealing/hand_record_board.html",
        {
            **_about(request, session),
            "board": board_view(board),
            "previous": numbers[here - 1] if here > 0 else None,
            "next": numbers[here + 1] if here + 1 < len(numbers) else None,
            "show_auction": show_auction and auction is not None,
            "perfect_auction": auction,
        },
    )


@require_safe
@public_or_login
@deals_hidden_page
def hand_record_analysis(request, session_id, number):
    """The analysis fragment of a board (polled by the board page while the analysis is pending)."""
    session, board = selectors.board_for_viewer(user=request.user, session_id=session_id, number=number)
    _kick_analysis(session, [board])
    return render(
        request, "dealing/hand_record_analysis.html", {"session": session, "board": board_view(board), "poll": True}
    )


@require_safe
@public_or_login
@deals_hidden_page
def hand_record_pbn(request, session_id):
    session, text = selectors.hand_record_pbn_for_viewer(user=request.user, session_id=session_id)
    response = HttpResponse(text, content_type="application/x-chess-pbn; charset=utf-8")
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-hand-record.pbn"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response

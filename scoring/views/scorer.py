"""The scorer's page for paper travellers: a board at a time, one input line per table, keyboard only.

* ``entry`` — board *n* of the session (its number in the URL): a line per table the layout puts
  on the board (round, table, NS and EW pairs with their names; a sit-out has no line), each
  with the result as the scorer types it (``4SX N 9``, ``4S= N``, ``3NT-2 W``, ``P``, ``A6040``,
  ``+420``), the board's matchpoints (both sides) once every line is in, links to the previous and
  next boards (PgUp / PgDn).
* ``entry_describe`` — what a typed line means, said in bridge terms with its score
  (``scoring.domain.shorthand.describe``), or the mistake: the page asks as the scorer types (htmx).
* ``entry_save`` — one line saved as soon as the scorer leaves it or presses Enter
  (``result_enter``: recorded, or corrected when the table already has a result); a bad line
  answers with the domain's message and keeps what was typed. Without JavaScript the same form
  posts and comes back to the board.

Scorers and directors of the club; the pages never show a deal.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_GET, require_POST, require_safe

from bridge.cards import board_dealer, board_vulnerability
from clubs.permissions import can_direct
from clubs.selectors import session_get_for_scorer
from clubsite.texts import error_message
from clubsite.texts import render as say
from scoring.domain.errors import ScoringError
from scoring.domain.shorthand import describe, parse_entry
from scoring.selectors.layout import session_layout
from scoring.selectors.results import session_lines, session_pairs
from scoring.selectors.travellers import options_in_words, session_travellers
from scoring.services.results import result_enter
from scoring.services.sessions import session_pairs_ensure


def _may_change(session) -> bool:
    """Lines are typed here until the results are published; then a director changes them on the results page,
    each with a reason (``scoring.views.director``)."""
    return not session.is_published


def _board_context(request, session, board: int, layout, results=None) -> dict:
    results = results if results is not None else session_travellers(session=session, board=board, layout=layout)
    boards = list(layout.boards)
    index = boards.index(board)
    return {
        "session": session,
        "club": session.club,
        "board": board,
        "boards": boards,
        "layout": layout,
        "traveller": results.traveller(board),
        "options": results.options,
        "options_words": options_in_words(results.options),
        "previous": boards[index - 1] if index > 0 else None,
        "next": boards[index + 1] if index + 1 < len(boards) else None,
        "dealer": board_dealer(board).letter,
        "vulnerability": board_vulnerability(board).pbn,
        "may_change": _may_change(session),
        "can_direct": can_direct(request.user, session.club_id),
    }


def _recorded(session, board: int, ns: str, ew: str):
    """The result recorded for ``ns`` v ``ew`` on ``board`` (None when there is none)."""
    line = next((ln for ln in session_lines(session=session, board=board) if (ln.ns, ln.ew) == (ns, ew)), None)
    return line.result if line is not None else None


def _layout_board(session, board: int):
    layout = session_layout(session)
    if board not in layout.boards:
        raise Http404("No such board in this session.")
    return layout


@require_safe
@login_required
def entry_start(request, session_id):
    """The first board with a table still to enter (or board 1 of the layout)."""
    session = session_get_for_scorer(user=request.user, session_id=session_id)
    layout = session_layout(session)
    if not layout.boards:
        return render(
            request,
            "scoring/entry_no_layout.html",
            {"session": session, "club": session.club, "problems": layout.problems},
        )
    results = session_travellers(session=session, layout=layout)
    first = next((t.board for t in results.travellers if t.expected and not t.complete), layout.boards[0])
    return redirect("scoring:entry", session_id=session.pk, board=first)


@login_required
@require_GET
def entry(request, session_id, board):
    session = session_get_for_scorer(user=request.user, session_id=session_id)
    layout = _layout_board(session, board)
    results = session_travellers(session=session, layout=layout)
    context = _board_context(request, session, board, layout, results)
    context["progress"] = [(t.board, t.complete, t.entered) for t in results.travellers if t.expected]
    context["complete_boards"] = sum(1 for _b, done, _n in context["progress"] if done)
    open_lines = [ln.key for ln in context["traveller"].lines if ln.meeting and not ln.entered]
    all_lines = [ln.key for ln in context["traveller"].lines if ln.meeting]
    context["first_open"] = (open_lines or all_lines or [None])[0]
    return render(request, "scoring/entry.html", context)


@login_required
@require_GET
def entry_describe(request, session_id, board):
    """What the typed line says (a fragment for the line's outcome cell)."""
    session = session_get_for_scorer(user=request.user, session_id=session_id)
    typed = request.GET.get("entry", "")
    context = {"typed": typed, "state": "typing"}
    if typed.strip():
        try:
            result = parse_entry(typed)
        except ScoringError as exc:
            context.update(error=error_message(exc), field=exc.field)
        else:
            context["said"] = say(describe(result, board))
            ns, ew = request.GET.get("ns"), request.GET.get("ew")
            if ns and ew and _recorded(session, board, ns, ew) == result:
                context["state"] = "recorded"  # what is typed is what is saved
    return render(request, "scoring/_entry_outcome.html", context)


@login_required
@require_POST
def entry_save(request, session_id, board):
    """Save one line: the table (its NS and EW pairs) and what the scorer typed."""
    session = session_get_for_scorer(user=request.user, session_id=session_id)
    layout = _layout_board(session, board)
    typed = request.POST.get("entry", "")
    ns, ew = request.POST.get("ns", ""), request.POST.get("ew", "")
    meeting = layout.meeting_of(board=board, ns=ns, ew=ew)
    if meeting is None:
        raise Http404("No such table on this board.")
    context: dict = {"typed": typed, "state": "saved"}
    if typed.strip():
        try:
            result = parse_entry(typed)
            pairs = session_pairs(session=session)
            if ns not in pairs or ew not in pairs:
                session_pairs_ensure(session=session)
                pairs = session_pairs(session=session)
            if ns not in pairs or ew not in pairs:
                raise Http404("No such pair in this session.")
            result_enter(
                session=session,
                board=board,
                ns_pair=pairs[ns],
                ew_pair=pairs[ew],
                result=result,
                user=request.user,
                round=meeting.round,
                table=meeting.table,
            )
            context["said"] = say(describe(result, board))
        except ScoringError as exc:
            context.update(state="error", error=error_message(exc), field=exc.field)
    board_context = _board_context(request, session, board, layout)
    if not typed.strip():
        line = next((ln for ln in board_context["traveller"].lines if (ln.ns, ln.ew) == (ns, ew)), None)
        if line is not None and line.entered:
            context.update(state="kept", said=say(line.description))
        else:
            context.update(state="empty", said="")
    if not request.headers.get("HX-Request"):
        if context["state"] == "error":
            messages.error(request, f"{ns} – {ew}: {context['error']}")
        return redirect("scoring:entry", session_id=session.pk, board=board)
    response = render(request, "scoring/_entry_saved.html", {**board_context, **context})
    response["X-Line-Status"] = context["state"]
    return response


urlpatterns = [
    path("sessions/<int:session_id>/entry/", entry_start, name="entry_start"),
    path("sessions/<int:session_id>/entry/<int:board>/", entry, name="entry"),
    path("sessions/<int:session_id>/entry/<int:board>/describe/", entry_describe, name="entry_describe"),
    path("sessions/<int:session_id>/entry/<int:board>/save/", entry_save, name="entry_save"),
]

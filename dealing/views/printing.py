"""A session's hand record to print: the printable HTML page and the PDF (``dealing.printing``).

* ``hand_record_print`` (``/dealing/sessions/<id>/hand-record/print/``) — six boards to an A4 page,
  the browser's Print prints it as the PDF looks;
* ``hand_record_pdf`` (``/dealing/sessions/<id>/hand-record.pdf``) — the same pages as a PDF. When
  boards still wait for their double-dummy analysis (a worker makes it once the session is over),
  the analysis is asked for and a page shows its progress, reloading itself (htmx,
  ``hand_record_pdf_progress``) until the PDF can be made; ``?partial=1`` makes it at once, the
  missing tables marked as not ready.

Deals come from :func:`dealing.selectors.boards.hand_record_for_viewer` only: before the session is
over every address here answers 404, to everyone (directors take deals off the site through their
dealing-machine files only). Anonymous users are sent to log in, as on the hand-record pages.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from dealing import printing
from dealing.models import Board
from dealing.selectors import boards as selectors
from dealing.services.boards import session_analysis_queue


def _hand_record(user, session_id: int):
    try:
        session, boards = selectors.hand_record_for_viewer(user=user, session_id=session_id)
    except selectors.DealsHidden:
        raise Http404("No such hand record.") from None
    if not boards:
        raise Http404("This session has no boards.")
    return session, boards


def _waiting(boards) -> int:
    """Boards whose analysis may still come (pending, not failed)."""
    return sum(1 for b in boards if b.analysis is None and b.analysis_status != Board.AnalysisStatus.FAILED)


@require_safe
@login_required
def hand_record_print(request, session_id: int):
    session, boards = _hand_record(request.user, session_id)
    if any(b.analysis is None for b in boards):
        session_analysis_queue(session=session)
    return HttpResponse(printing.hand_record_html(session, boards, request=request))


def _pdf_response(session, boards) -> HttpResponse:
    response = HttpResponse(printing.hand_record_pdf(session, boards), content_type="application/pdf")
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-hand-record.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@require_safe
@login_required
def hand_record_pdf(request, session_id: int):
    session, boards = _hand_record(request.user, session_id)
    if _waiting(boards) and not request.GET.get("partial"):
        session_analysis_queue(session=session)
        session, boards = _hand_record(request.user, session_id)  # an inline worker may have finished it
    if _waiting(boards) and not request.GET.get("partial"):
        return render(request, "dealing/hand_record_pdf_wait.html", _progress(session, boards))
    return _pdf_response(session, boards)


def _progress(session, boards) -> dict:
    return {
        "session": session,
        "club": session.club,
        "total": len(boards),
        "waiting": _waiting(boards),
        "done": len(boards) - _waiting(boards),
        "pdf_url": reverse("dealing:hand_record_pdf", args=[session.pk]),
    }


@require_safe
@login_required
def hand_record_pdf_progress(request, session_id: int):
    """The progress partial the waiting page reloads; when nothing waits, it sends the browser to the PDF."""
    session, boards = _hand_record(request.user, session_id)
    context = _progress(session, boards)
    response = render(request, "dealing/_hand_record_pdf_progress.html", context)
    if not context["waiting"]:
        response["HX-Redirect"] = context["pdf_url"]
    return response

"""The room's part about the phones themselves (``room_phones``, its own fragment refreshed by htmx, included in the
live room): results waiting on signed-out phones, with "Record it" and "Not needed", the switch that shows
players the live ranking on their phones, and whether a phone stays at its table or follows its pair. Only the club's directors (others: 404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.selectors import session_get_for_director
from clubsite.texts import error_message
from scoring.domain.errors import ScoringError
from tables.domain.errors import TableError
from tables.selectors.handovers import room_phones as room_phones_state
from tables.services.handovers import handover_settle
from tables.services.setup import live_ranking_set, phones_set


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def room_phones(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    error = ""
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "ranking":
                live_ranking_set(session=session, user=request.user, shown=request.POST.get("shown") == "1")
            elif action == "phones":
                phones_set(session=session, user=request.user, phones=request.POST.get("phones", ""))
            elif action in ("record", "dismiss"):
                handover_settle(
                    session=session, user=request.user, handover=request.POST.get("handover"), record=action == "record"
                )
            else:
                error = _(
                    "Choose what to do: record the result, set it aside, or switch the live ranking or the phones."
                )
        except (TableError, ScoringError) as exc:
            error = error_message(exc)
        if not request.headers.get("HX-Request"):
            if error:
                messages.error(request, error)
            return redirect("tables:room", session_id=session.pk)
    return render(
        request,
        "tables/_room_phones.html",
        {"session": session, "phones": room_phones_state(session=session), "phones_error": error},
    )

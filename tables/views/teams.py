"""A teams session's tables (issue 21): the phone's page at a teams table, and the director's page for them.

* ``teams_phone`` — the table's page (``tables/phone.html`` and its script, as at a pairs table) over the teams
  endpoints of the phones' API (``tables/apis_teams.py``): the match at the table, its boards, the match's result
  once both tables have finished; ``tables.views.phone.phone`` hands a teams table's phone here;
* ``teams_room`` — the director's page (``/tables/sessions/<id>/teams/``): start table entry, every table's code,
  PIN and QR code, where each table stands in the round open at the tables (its match and boards), the conflicts
  (keep one of the results), the tables' requests, and a lock per table; the tables' part is refreshed every few
  seconds (``?live=1``: that part alone), so the phones' results show as they arrive. The score cards themselves stay the teams pages' (a link per
  match), where the scorer corrects any score.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.selectors import session_get_for_director
from clubsite.texts import error_message
from scoring.domain.notation import from_data
from tables.domain.errors import TableError
from tables.models import Conflict, CorrectionRequest, TableSession
from tables.selectors.cards import join_url, qr_data_uri, session_tables
from tables.selectors.table import said, score_table, vulnerability_json
from tables.selectors.teams import teams_room as room_state
from tables.selectors.teams import teams_table_state, teams_tables
from tables.services.setup import require_director, table_lock
from tables.services.teams import teams_conflict_resolve, teams_table_entry_start


def teams_phone(request, device, *, signed_out: bool, words: dict, token: str | None):
    """A teams table's page: the pairs table's page and script, fed the teams state and endpoints."""
    state = teams_table_state(device)
    boards = [b["board"] for r in state["rounds"] for b in r["boards"]]
    words = {
        **words,
        "ranking_pair": _("Team %(pair)s: place %(place)s, %(score)s"),
        "ranking_pair_head": _("Team"),
    }
    return render(
        request,
        "tables/phone.html",
        {
            "device": device,
            "signed_out": signed_out,
            "table": device.table,
            "state": state,
            "token": token,
            "words": words,
            "scores": score_table(),
            "vulnerability": vulnerability_json(boards),
            "api": {
                "state": reverse("tables-teams-state"),
                "entries": reverse("tables-teams-entries"),
                "confirmations": reverse("tables-teams-confirmations"),
                "requests": reverse("tables-teams-requests"),
                "ranking": reverse("tables-teams-ranking"),
                "handovers": reverse("tables-teams-handovers"),
                # the rest as at a pairs table (a teams table's state never asks for a traveller or a move)
                "traveller": reverse("tables-traveller", args=[0]),
                "moves": reverse("tables-moves"),
                "dismissals": reverse("tables-handover-dismissals"),
                "phone_pair": reverse("tables-phone-pair"),
                "phone_follow": reverse("tables-phone-follow"),
            },
        },
    )


@login_required
def teams_room(request, session_id: int):
    """The director's page for a teams session's tables (see the module's docstring); its buttons post here."""
    session = session_get_for_director(user=request.user, session_id=session_id)
    if teams_tables(session) is None:
        raise Http404("Not a teams session.")
    here = reverse("tables:teams_room", args=[session.pk])
    if request.method == "POST":
        try:
            require_director(request.user, session.club_id)
            action = request.POST.get("action")
            if action == "start":
                teams_table_entry_start(session=session, user=request.user)
                messages.success(request, _("Table entry has started: each table's QR code opens its page."))
            elif action == "keep":
                conflict = get_object_or_404(
                    Conflict, pk=request.POST.get("conflict") or 0, table__table_session__session=session
                )
                teams_conflict_resolve(
                    conflict=conflict, user=request.user, choice=int(request.POST.get("choice") or 0)
                )
                messages.success(request, _("The result is kept on the match's score card."))
            elif action == "lock":
                table_lock(
                    session=session,
                    user=request.user,
                    table_number=int(request.POST.get("table") or 0),
                    locked=request.POST.get("locked") == "1",
                )
            elif action == "done":
                CorrectionRequest.objects.filter(
                    pk=request.POST.get("request") or 0, table__table_session__session=session, done_at__isnull=True
                ).update(done_at=timezone.now(), done_by=request.user)
        except TableError as exc:
            messages.error(request, error_message(exc))
        except ValueError:
            messages.error(request, _("Choose one of the results."))
        return redirect(here)
    started = TableSession.objects.filter(session=session).exists()
    lines = room_state(session) if started else None
    live = {"session": session, "lines": lines or [], "round": lines[0]["round"] if lines else 0}
    live["closed"] = session.is_published
    if request.GET.get("live"):  # the tables' part alone, refreshed by the page every few seconds
        return render(request, "tables/_teams_room_tables.html", live)
    codes = (
        [
            {"table": t, "url": join_url(t, request), "qr": qr_data_uri(join_url(t, request))}
            for t in session_tables(session)
        ]
        if started and not session.is_over
        else []
    )
    conflicts = [
        {
            "conflict": c,
            "results": [(s.pk, said(from_data(s.data), c.board)) for s in c.submissions.all() if s.data],
        }
        for c in Conflict.objects.filter(table__table_session__session=session, resolved_at__isnull=True)
        .select_related("table")
        .prefetch_related("submissions")
    ]
    requests = CorrectionRequest.objects.filter(
        table__table_session__session=session, done_at__isnull=True
    ).select_related("table")
    return render(
        request,
        "tables/teams_room.html",
        {
            **live,
            "started": started,
            "codes": codes,
            "conflicts": conflicts,
            "requests": requests,
        },
    )

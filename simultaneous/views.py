"""The simultaneous pairs' pages (issue 22), for the organising club's directors (site auditors read them):

* ``event_list`` (``/clubs/<slug>/simultaneous/``) — the club's simultaneous pairs and a new one's form;
* ``event_page`` (``/simultaneous/<id>/``) — the clubs' results files (club, file, who uploaded it and when, pairs
  and boards read), a new club's file, and each file replaced or removed; a bad file's message (the file, its line)
  stands beside the file field and nothing changes;
* ``event_results`` (``/simultaneous/<id>/results/``) and ``event_results_csv`` (``…/results.csv``) — every pair's
  overall place and percentage across the whole field beside its local ones within its club.

Anyone else gets the site's 404, as for another club's pages.
"""

from __future__ import annotations

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs.selectors import club_get_for_viewer
from clubsite.texts import error_message
from scoring.domain.errors import ScoringError
from simultaneous.forms import ClubFileForm, EventForm
from simultaneous.models import ClubResultsFile, SimultaneousEvent
from simultaneous.selectors import event_get_for_organiser, event_list_for_organiser, event_ranking, may_organise
from simultaneous.services import club_file_remove, club_file_upload, event_create


def _organising(request, event: SimultaneousEvent) -> None:
    """A change is the organising club's directors' (a site auditor reads only)."""
    if not may_organise(request.user, event.club_id):
        raise PermissionDenied("Only the organising club's directors may do this.")


@login_required
def event_list(request, slug):
    club = club_get_for_viewer(user=request.user, slug=slug)
    events = event_list_for_organiser(user=request.user, club=club)
    can_organise = may_organise(request.user, club)
    form = EventForm(request.POST) if request.method == "POST" else EventForm()
    if form.is_bound:
        if not can_organise:
            raise PermissionDenied("Only the club's directors may do this.")
        if form.is_valid():
            event = event_create(club=club, user=request.user, **form.cleaned_data)
            messages.success(request, _("The simultaneous pairs %(name)s is created.") % {"name": event.name})
            return redirect("simultaneous:event", event_id=event.pk)
    return render(
        request,
        "simultaneous/event_list.html",
        {"club": club, "events": events, "form": form, "can_organise": can_organise},
        status=400 if form.errors else 200,
    )


def _event_page(request, event: SimultaneousEvent, form=None, *, replacing=None, replace_form=None, status=200):
    """The event's page; after a refused file, its form with the message (``replacing``: the club's file it was to
    replace, whose row shows the form)."""
    files = list(ClubResultsFile.objects.filter(event=event).select_related("uploaded_by").order_by("club_name"))
    return render(
        request,
        "simultaneous/event_page.html",
        {
            "event": event,
            "club": event.club,
            "files": files,
            "form": form or ClubFileForm(),
            "failed": replacing.pk if replacing is not None else None,
            "replace_form": replace_form,
            "can_organise": may_organise(request.user, event.club_id),
        },
        status=status,
    )


def _upload(request, event: SimultaneousEvent, replacing: ClubResultsFile | None):
    """The upload of a new club's file (``replacing`` None) or of one in place of a club's file."""
    form = ClubFileForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            stored = club_file_upload(
                event=event,
                upload=form.cleaned_data["file"],
                user=request.user,
                club_name=form.cleaned_data["club"],
                replacing=replacing,
            )
        except ScoringError as exc:
            form.add_error(exc.field if exc.field in form.fields else "file", error_message(exc))
        else:
            messages.success(
                request, _("%(file)s is in as the club %(club)s.") % {"file": stored.filename, "club": stored.club_name}
            )
            return redirect("simultaneous:event", event_id=event.pk)
    if replacing is None:
        return _event_page(request, event, form, status=400)
    return _event_page(request, event, replacing=replacing, replace_form=form, status=400)


@login_required
def event_page(request, event_id):
    event = event_get_for_organiser(user=request.user, event_id=event_id)
    if request.method == "POST":
        _organising(request, event)
        return _upload(request, event, None)
    return _event_page(request, event, ClubFileForm())


def _club_file(event: SimultaneousEvent, club_file_id: int) -> ClubResultsFile:
    club_file = ClubResultsFile.objects.filter(event=event, pk=club_file_id).first()
    if club_file is None:
        raise Http404("No such club's file.")
    return club_file


@require_POST
@login_required
def file_replace(request, event_id, club_file_id):
    event = event_get_for_organiser(user=request.user, event_id=event_id)
    _organising(request, event)
    return _upload(request, event, _club_file(event, club_file_id))


@require_POST
@login_required
def file_remove(request, event_id, club_file_id):
    event = event_get_for_organiser(user=request.user, event_id=event_id)
    _organising(request, event)
    club_file = _club_file(event, club_file_id)
    club_file_remove(club_file=club_file, user=request.user)
    messages.success(
        request,
        _("%(file)s of the club %(club)s is removed.") % {"file": club_file.filename, "club": club_file.club_name},
    )
    return redirect("simultaneous:event", event_id=event.pk)


@require_safe
@login_required
def event_results(request, event_id):
    event = event_get_for_organiser(user=request.user, event_id=event_id)
    rows = event_ranking(event=event)
    return render(
        request,
        "simultaneous/event_results.html",
        {
            "event": event,
            "club": event.club,
            "rows": rows,
            "clubs": len({row.club for row in rows}),
        },
    )


@require_safe
@login_required
def event_results_csv(request, event_id):
    event = event_get_for_organiser(user=request.user, event_id=event_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"{event.club.slug}-{event.date:%Y%m%d}-sim{event.pk}-ranking.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response.write("\ufeff")  # so that spreadsheets read the names' letters right
    writer = csv.writer(response)
    writer.writerow(
        [_("Club"), _("Pair"), _("Players"), _("Overall %"), _("Overall place"), _("Local %"), _("Local place")]
    )
    for row in event_ranking(event=event):
        overall, local = row.written
        writer.writerow([row.club, row.pair, row.names, overall, row.place, local, row.local_place])
    return response

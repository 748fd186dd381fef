"""The simultaneous pairs' pages (issue 22), for the organising club's directors (site auditors read them):

* ``event_list`` (``/clubs/<slug>/simultaneous/``) — the club's simultaneous pairs and a new one's form;
* ``event_page`` (``/simultaneous/<id>/``) — the clubs' results files (club, file, who uploaded it and when, pairs
  and boards read), a new club's file, and each file replaced or removed; a bad file's message (the file, its line)
  stands beside the file field and nothing changes; for the organiser, the flags across the field (a club's board
  whose results look like another board's deal, or like none: ``field_flags``);
* ``event_commit``, ``event_deal``, ``event_embargo_end`` (``/simultaneous/<id>/commit/``, ``…/deal/``,
  ``…/embargo/``, POST) — the organiser commits to the event's deals (published at once: clubs may register from
  then), deals them when the delayed value is public, and ends the embargo (the commitment revealed);
* ``event_publish`` (``/simultaneous/<id>/publish/``, POST, ``stage``: provisional or final) — the organiser
  publishes the field's results provisionally, then finally once the correction period is over;
* ``event_results`` (``/simultaneous/<id>/results/``) and ``event_results_csv`` (``…/results.csv``) — every pair's
  overall place and percentage across the whole field beside its local ones within its club, as the field's
  combination was last kept; the organiser's at any time, the participating clubs' players' once the embargo ended;
  ``event_results_usebio`` (``…/results.xml``) — the whole field as one USEBIO file, under the same rule;
* ``event_results_club`` (``…/results/clubs/<entry id>/`` for a registered club, ``…/results/files/<file id>/`` for
  a club that sent its results file) and ``event_results_club_csv`` (``….csv``) — one club's pairs, in the overall
  order, with their overall and local places and percentages, each linking to its scorecard; the same rule, read
  from the club's own kept rows (never the whole ranking);
* ``club_event`` (``/clubs/<slug>/simultaneous/<id>/``) — a club's part in another club's event, for its directors:
  the commitment, its session registered, when its dealing files are released, and its downloads;
  ``club_dealing_file`` (``…/dealing.<format>``, POST) — a dealing-machine file, each download recorded.

* ``event_commentary`` (``/simultaneous/<id>/commentary/``) — the organiser's commentary, a text per board beside
  its hands, double-dummy table and par (the organising club's directors only before the embargo ends);
* ``event_board`` (``/simultaneous/<id>/boards/<n>/``) — a board: hands, analysis, commentary, the frequency of
  every result across the field (a table and a bar chart) and the commitment's check; the same rule;
* ``event_scorecard`` (``/simultaneous/<id>/scorecard/?club=…&pair=…``) — a pair's boards with the overall
  matchpoints; whoever reads the field's results;
* ``event_booklet`` (``/simultaneous/<id>/booklet.pdf``) — the booklet (deals, analysis, commentary, two boards a
  page): the organiser's at any time, a club's director's once its session is over, the players' after the embargo.

Anyone else gets the site's 404, as for another club's pages.
"""

from __future__ import annotations

import csv

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_POST, require_safe

from clubs.models import Session
from clubs.permissions import can_direct
from clubs.selectors import club_get_for_viewer
from clubsite.texts import error_message
from dealing.diagrams import board_view
from dealing.services.boards import DEALING_MACHINE_FORMATS, session_analysis_queue
from scoring.domain.errors import ScoringError
from simultaneous.forms import ClubFileForm, CommitForm, DealForm, EventForm, PublishForm, RegisterForm
from simultaneous.models import ClubResultsFile, SimultaneousEvent
from simultaneous.printing import booklet_pdf
from simultaneous.selectors import (
    FieldRow,
    board_frequencies,
    booklet_may,
    club_in_field,
    combination_of,
    embargo_waits_for,
    entry_of,
    event_boards,
    event_commentaries,
    event_commitment,
    event_dealt,
    event_downloads,
    event_get_for_boards,
    event_get_for_booklet,
    event_get_for_club,
    event_get_for_organiser,
    event_get_for_results,
    event_list_for_organiser,
    event_ranking,
    events_open_to_club,
    field_club_sources,
    field_flags,
    field_row,
    field_size,
    field_usebio,
    files_released_at,
    may_organise,
    may_read_boards,
    may_read_results,
    pair_scorecard,
    ranking_rows,
)
from simultaneous.services import (
    club_dealing_file as club_dealing_file_service,
)
from simultaneous.services import (
    club_file_remove,
    club_file_upload,
    club_session_register,
    commentaries_save,
    event_create,
    event_deals_commit,
    event_deals_deal,
    event_embargo_end,
    event_results_publish,
    field_combination_ask,
)


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
        {
            "club": club,
            "events": events,
            "form": form,
            "can_organise": can_organise,
            "open_events": events_open_to_club(club) if can_organise else [],
        },
        status=400 if form.errors else 200,
    )


def _event_page(request, event: SimultaneousEvent, form=None, *, replacing=None, replace_form=None, status=200):
    """The event's page; after a refused file, its form with the message (``replacing``: the club's file it was to
    replace, whose row shows the form)."""
    files = list(
        ClubResultsFile.objects.filter(event=event).defer("data").select_related("uploaded_by").order_by("club_name")
    )
    entries = list(event.entries.select_related("session", "session__club", "registered_by"))
    field_combination_ask(event=event)
    can_organise = may_organise(request.user, event.club_id)
    dealt = event_dealt(event)
    combination = combination_of(event)
    if can_organise and dealt:  # the flags judge the clubs' results against the deals' analysis: ask for it
        session_analysis_queue(session=event.deals_session)
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
            "can_organise": can_organise,
            "commitment": event_commitment(event),
            "dealt": dealt,
            "flags": field_flags(event) if can_organise and dealt else [],
            "entries": [(entry, files_released_at(entry)) for entry in entries],
            "downloads": event_downloads(event),
            "waiting": embargo_waits_for(event),
            "combination": combination,
            "changed_since_final": event.changed_since_final(combination),
            "commit_form": CommitForm(),
            "deal_form": DealForm(),
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
        except ValidationError as exc:
            form.add_error(None, exc)
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


def _organiser_act(request, event_id, act, done: str, form_class=None):
    """An organiser's act on the event (a POST): done, its message; refused, the reason; back to the event's page."""
    event = event_get_for_organiser(user=request.user, event_id=event_id)
    _organising(request, event)
    data = {}
    if form_class is not None:
        form = form_class(request.POST)
        if not form.is_valid():
            for errors in form.errors.values():
                messages.error(request, " ".join(errors))
            return redirect("simultaneous:event", event_id=event.pk)
        data = form.cleaned_data
    try:
        act(event=event, user=request.user, **data)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, done)
    return redirect("simultaneous:event", event_id=event.pk)


@require_POST
@login_required
def event_commit(request, event_id):
    return _organiser_act(
        request,
        event_id,
        event_deals_commit,
        _("The commitment to the event's deals is published: clubs may register now."),
        CommitForm,
    )


@sensitive_variables()
@require_POST
@login_required
def event_deal(request, event_id):
    return _organiser_act(
        request, event_id, event_deals_deal, _("The event's deals are dealt from the commitment."), DealForm
    )


@require_POST
@login_required
def event_embargo(request, event_id):
    return _organiser_act(
        request, event_id, event_embargo_end, _("The embargo has ended: the key is revealed and the results are open.")
    )


def _publish(*, event, user, stage):
    return event_results_publish(event=event, user=user, final=stage == "final")


@require_POST
@login_required
def event_publish(request, event_id):
    final = request.POST.get("stage") == "final"
    done = (
        _("The final results are published.")
        if final
        else _(
            "The provisional results are published: the players see them, and corrections are taken until the end of the correction period."
        )
    )
    return _organiser_act(request, event_id, _publish, done, PublishForm)


def _club_event_page(request, club, event, form=None, status=200):
    entry = entry_of(event, club)
    planned = Session.objects.filter(club=club, status=Session.Status.PLANNED, boards__isnull=True).order_by("date")
    return render(
        request,
        "simultaneous/club_event.html",
        {
            "club": club,
            "event": event,
            "entry": entry,
            "commitment": event_commitment(event),
            "released_at": files_released_at(entry) if entry else None,
            "downloads": [d for d in event_downloads(event) if entry and d.session_id == entry.session_id],
            "form": form or RegisterForm(sessions=planned),
            "can_direct": can_direct(request.user, club),
            "formats": DEALING_MACHINE_FORMATS,  # the machines' files, and the hand records to deal by hand
            "results_open": may_read_results(request.user, event),
        },
        status=status,
    )


@login_required
def club_event(request, slug, event_id):
    club = club_get_for_viewer(user=request.user, slug=slug)
    event = event_get_for_club(user=request.user, club=club, event_id=event_id)
    if request.method != "POST":
        field_combination_ask(event=event)  # a club's director back after confirming its results: the field follows
        return _club_event_page(request, club, event)
    if not can_direct(request.user, club):
        raise PermissionDenied("Only the club's directors may do this.")
    planned = Session.objects.filter(club=club, status=Session.Status.PLANNED, boards__isnull=True)
    form = RegisterForm(request.POST, sessions=planned)
    if form.is_valid():
        try:
            entry = club_session_register(event=event, session=form.cleaned_data["session"], user=request.user)
        except ValidationError as exc:
            for field, errors in exc.message_dict.items() if hasattr(exc, "error_dict") else [(None, exc.messages)]:
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("%(session)s plays the event's deals.") % {"session": entry.session})
            return redirect("simultaneous:club_event", slug=club.slug, event_id=event.pk)
    return _club_event_page(request, club, event, form, status=400)


@sensitive_variables()
@require_POST
@login_required
def club_dealing_file(request, slug, event_id, file_format):
    club = club_get_for_viewer(user=request.user, slug=slug)
    event = event_get_for_club(user=request.user, club=club, event_id=event_id)
    if not can_direct(request.user, club):
        raise PermissionDenied("Only the club's directors may do this.")
    entry = entry_of(event, club)
    if entry is None:
        raise Http404("The club plays no session of this event.")
    try:
        filename, content, mime = club_dealing_file_service(entry=entry, user=request.user, file_format=file_format)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("simultaneous:club_event", slug=club.slug, event_id=event.pk)
    response = HttpResponse(content, content_type=mime)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


#: pairs on a page of the overall ranking
RANKING_PAGE = 200


@require_safe
@login_required
def event_results(request, event_id):
    event = event_get_for_results(user=request.user, event_id=event_id)
    updating = field_combination_ask(event=event)
    kept = combination_of(event)
    # a national field ranks tens of thousands of pairs: a page of them at a time (the CSV holds them all)
    page = Paginator(kept.rows if kept is not None else [], RANKING_PAGE).get_page(request.GET.get("page"))
    rows = ranking_rows(page.object_list)
    sources = field_club_sources(event, [row.club for row in rows])  # each club's name links to its page
    return render(
        request,
        "simultaneous/event_results.html",
        {
            "event": event,
            "club": event.club,
            "rows": [(row, sources.get(row.club, (None, None))) for row in rows],
            "board_numbers": range(1, event.boards + 1) if may_read_boards(request.user, event) else [],
            "booklet": booklet_may(request.user, event) and event.deals_session_id is not None,
            "commitment": event_commitment(event) if event.embargo_ended_at else None,
            "clubs": kept.clubs if kept is not None else 0,
            "page": page,
            "combination": kept,
            "updating": updating,
        },
    )


def _ranking_csv(event: SimultaneousEvent, rows: list[FieldRow], part: str) -> HttpResponse:
    """Rows of the ranking as CSV (the whole field's, or a club's), named by the event and ``part``."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"{event.club.slug}-{event.date:%Y%m%d}-sim{event.pk}-{part}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response.write("\ufeff")  # so that spreadsheets read the names' letters right
    writer = csv.writer(response)
    writer.writerow(
        [_("Club"), _("Pair"), _("Players"), _("Overall %"), _("Overall place"), _("Local %"), _("Local place")]
    )
    for row in rows:
        overall, local = row.written
        writer.writerow([row.club, row.pair, row.names, overall, row.place, local, row.local_place])
    return response


@require_safe
@login_required
def event_results_csv(request, event_id):
    event = event_get_for_results(user=request.user, event_id=event_id)
    return _ranking_csv(event, event_ranking(event=event), "ranking")


def _club_of(request, event_id, entry_id, club_file_id):
    event = event_get_for_results(user=request.user, event_id=event_id)
    return event, club_in_field(event, entry_id=entry_id, club_file_id=club_file_id)


@require_safe
@login_required
def event_results_club(request, event_id, entry_id=None, club_file_id=None):
    """A participating club's page of the field's results: its pairs, in the overall order, each with its place and
    percentage across the whole field beside its place and percentage within the club (``entry_id``: a registered
    club's; ``club_file_id``: a club that sent its results file). Under the results page's rule."""
    event, club_here = _club_of(request, event_id, entry_id, club_file_id)
    clubs, pairs = field_size(event)
    return render(
        request,
        "simultaneous/event_results_club.html",
        {
            "event": event,
            "club": event.club,
            "club_here": club_here,
            "rows": club_here.rows,
            "clubs": clubs,
            "pairs": pairs,
            "updating": field_combination_ask(event=event),
        },
    )


@require_safe
@login_required
def event_results_club_csv(request, event_id, entry_id=None, club_file_id=None):
    event, club_here = _club_of(request, event_id, entry_id, club_file_id)
    part = f"club{entry_id}" if entry_id is not None else f"file{club_file_id}"
    return _ranking_csv(event, club_here.rows, part)


@sensitive_variables()
@require_safe
@login_required
def event_results_usebio(request, event_id):
    """The whole field as one USEBIO file: a section per club, each pair's overall percentage and place, every result
    with its overall matchpoints, and the deals once the embargo has ended; whoever reads the field's results."""
    event = event_get_for_results(user=request.user, event_id=event_id)
    response = HttpResponse(field_usebio(event), content_type="application/xml; charset=utf-8")
    name = f"{event.club.slug}-{event.date:%Y%m%d}-sim{event.pk}-field.usebio.xml"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


# --- the boards: commentary (the organiser's), each board across the field, a pair's scorecard, the booklet -----


def _commentary_board(board, commentaries: dict[int, str]) -> dict:
    return {**board_view(board), "commentary": commentaries.get(board.number, "")}


@login_required
def event_commentary(request, event_id):
    """The organiser writes the commentary board by board, beside each board's hands, double-dummy table and par;
    nobody but the organising club's directors reads it before the embargo ends."""
    event = event_get_for_boards(user=request.user, event_id=event_id)
    can_write = may_organise(request.user, event.club_id)
    boards = event_boards(event)
    if any(b.analysis is None for b in boards) and can_write:
        session_analysis_queue(session=event.deals_session)
    commentaries = event_commentaries(event)
    status = 200
    if request.method == "POST":
        _organising(request, event)
        texts = {}
        for board in boards:
            key = f"board-{board.number}"
            if key in request.POST:
                texts[board.number] = request.POST[key]
        try:
            changed = commentaries_save(event=event, user=request.user, texts=texts)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            commentaries = {**commentaries, **texts}  # what was typed stays in the boxes
            status = 400
        else:
            messages.success(request, _("Commentary saved (%(count)d boards changed).") % {"count": changed})
            return redirect("simultaneous:commentary", event_id=event.pk)
    return render(
        request,
        "simultaneous/commentary.html",
        {
            "event": event,
            "club": event.club,
            "boards": [_commentary_board(b, commentaries) for b in boards],
            "can_write": can_write,
            "session": event.deals_session,
        },
        status=status,
    )


@require_safe
@login_required
def event_board(request, event_id, number):
    """One board of the event: its hands, double dummy and par, the commentary, every result across the field (a
    table and a bar chart), and the commitment's check."""
    event = event_get_for_boards(user=request.user, event_id=event_id)
    boards = event_boards(event)
    numbers = [b.number for b in boards]
    if number not in numbers:
        raise Http404("No such board.")
    here = numbers.index(number)
    commitment = event_commitment(event)
    frequencies = board_frequencies(event, number)
    return render(
        request,
        "simultaneous/event_board.html",
        {
            "event": event,
            "club": event.club,
            "board": _commentary_board(boards[here], event_commentaries(event)),
            "session": event.deals_session,
            "previous": numbers[here - 1] if here > 0 else None,
            "next": numbers[here + 1] if here + 1 < len(numbers) else None,
            "frequencies": frequencies,
            "tables": sum(f.count for f in frequencies),
            "commitment": commitment,
            "booklet": booklet_may(request.user, event),
        },
    )


@require_safe
@login_required
def event_scorecard(request, event_id):
    """A pair's scorecard across the field (``?club=…&pair=…``): each board, its result and overall matchpoints."""
    event = event_get_for_results(user=request.user, event_id=event_id)
    club_name, pair = request.GET.get("club", ""), request.GET.get("pair", "")
    row = field_row(event, club_name, pair)
    if row is None:
        raise Http404("No such pair in this event.")
    return render(
        request,
        "simultaneous/scorecard.html",
        {
            "event": event,
            "club": event.club,
            "row": row,
            "lines": pair_scorecard(event, club_name, pair),
            "boards_open": may_read_boards(request.user, event),
        },
    )


@sensitive_variables()
@require_safe
@login_required
def event_booklet(request, event_id):
    """The booklet (PDF): the organiser's at any time once dealt, a club's director's once its session is over,
    the players' once the embargo has ended."""
    event = event_get_for_booklet(user=request.user, event_id=event_id)
    boards = event_boards(event)
    if not boards:
        raise Http404("The event's deals are not dealt yet.")
    if any(b.analysis is None for b in boards):  # printed without a table until the analysis is done: ask for it
        session_analysis_queue(session=event.deals_session)
    pdf = booklet_pdf(event, boards, event_commentaries(event))
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{event.club.slug}-{event.date:%Y%m%d}-sim{event.pk}-booklet.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response

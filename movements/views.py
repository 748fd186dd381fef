"""HTML pages of the movements app: the catalogue with balance, one movement, its print cards (HTML
and PDF), choosing a session's movement, and the session's own cards (its title and, once its pairs
are named, the players beside the pair numbers).

A cards PDF is made once and kept (``services.guide_card_pdf_*``): a PDF already made is sent
at once; a small one (``printing.pdf_work`` up to ``MOVEMENT_PDF_SYNC_MAX_ROWS``) is made inside
the request; a big one (a 64-pair set takes half a minute) is made by a Celery task while
``/movements/cards/<key>/`` shows its progress (htmx polls a partial) and then the download.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubs import selectors as club_selectors
from clubs.permissions import can_direct
from clubs.texts import error_message
from movements import selectors, services
from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.errors import MovementError
from movements.forms import MovementForm
from movements.models import GuideCardPdf
from movements.printing import cards_html, parse_sections, sync_max_rows


def _params(source) -> dict:
    def num(name, default=None):
        value = source.get(name)
        if value in (None, ""):
            return default
        try:
            return int(value)
        except ValueError:
            raise MovementError(_("%(name)s must be a whole number, not %(value)r")
                                % {"name": name.replace("_", " "), "value": value}, field=name) from None

    return {"pairs": num("pairs"), "rounds": num("rounds"), "kind": source.get("kind") or "howell",
            "half_sets": source.get("half_sets") in ("1", "true", "on"), "variant": source.get("variant") or None,
            "arrow_switch": source.get("arrow_switch") in ("1", "true", "on")}


@login_required
def movement_index(request):
    form = MovementForm(request.GET or None, initial={"pairs": 8, "boards_per_round": 2})
    options, error = [], None
    pairs = None
    if request.GET.get("pairs"):
        try:
            pairs = int(request.GET["pairs"])
            movement_for(pairs) if pairs < 4 or pairs > 64 else None
            options = selectors.movement_options(pairs=pairs)
        except (ValueError, MovementError) as exc:
            error = error_message(exc) if isinstance(exc, MovementError) else _("Enter a whole number of pairs.")
    return render(request, "movements/movement_index.html",
                  {"form": form, "options": options, "error": error, "pairs": pairs,
                   "boards_per_round": request.GET.get("boards_per_round") or 2})


def _movement_from_request(request):
    """(movement, boards per round, the movement's parameters) asked for by the query string."""
    params = _params(request.GET)
    try:
        bpr = int(request.GET.get("boards_per_round") or 2)
    except ValueError:
        raise MovementError(_("boards per round must be a whole number"), field="boards_per_round") from None
    check_boards_per_round(bpr, params["half_sets"])
    return movement_for(**params), bpr, params


@login_required
def movement_detail(request):
    try:
        m, bpr = _movement_from_request(request)[:2]
    except (MovementError, ValueError, TypeError) as exc:
        return render(request, "movements/movement_detail.html", {"error": error_message(exc)}, status=400)
    return render(request, "movements/movement_detail.html", {
        "movement": m, "balance": balance_report(m), "boards_per_round": bpr, "query": request.GET.urlencode()})


@login_required
def movement_print(request):
    try:
        m, bpr, params = _movement_from_request(request)
    except (MovementError, ValueError, TypeError) as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    paper = request.GET.get("paper", "A6")
    try:
        sections = parse_sections(request.GET.get("sections"))
    except ValueError as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    if request.GET.get("format") == "pdf":
        return _cards_pdf(request, params, bpr, paper, sections)
    return HttpResponse(cards_html(m, boards_per_round=bpr, paper=paper, request=request, sections=sections))


def _pdf_response(job: GuideCardPdf) -> FileResponse:
    name = (f"session-{job.parameters['session']}-cards" if job.parameters.get("session")
            else f"movement-{job.parameters['pairs']}-pairs")
    return FileResponse(job.file.open("rb"), content_type="application/pdf", as_attachment=False,
                        filename=f"{name}-{job.language}.pdf")


def _cards_pdf(request, params: dict, bpr: int, paper: str, sections: tuple[str, ...], session=None, names=None):
    """The cards PDF: from the store, made now (small), or made in the background (big: a progress page)."""
    job, created = services.guide_card_pdf_get_or_create(
        user=request.user, movement=params, boards_per_round=bpr, paper=paper, sections=sections,
        language=translation.get_language(), session=session, names=names)
    if job.is_ready:
        return _pdf_response(job)
    if job.parameters["work_rows"] <= sync_max_rows():          # small: a few seconds at most, made now
        job = services.guide_card_pdf_make(job_id=job.pk, in_parts=False)
        if job.is_ready:
            return _pdf_response(job)
        return redirect("movements:cards_pdf", key=job.key)      # says what went wrong; "Try again" there
    services.guide_card_pdf_queue(job=job, new=created)
    return redirect("movements:cards_pdf", key=job.key)


SECTION_NAMES = {"pairs": gettext_lazy("pair cards"), "tables": gettext_lazy("table cards"),
                 "sheet": gettext_lazy("board and relay sheet"), "report": gettext_lazy("balance report")}


def _cards_pdf_context(job: GuideCardPdf) -> dict:
    try:
        title = movement_for(**job.movement_parameters()).title
    except MovementError:
        title = None
    return {"job": job, "title": title, "progress": selectors.guide_card_pdf_progress(job),
            "sections": [SECTION_NAMES[s] for s in job.parameters["sections"]],
            "language_name": translation.get_language_info(job.language)["name_translated"]}


@login_required
def cards_pdf(request, key: str):
    """The page of one cards PDF: progress while it is made, then the download link."""
    job = selectors.guide_card_pdf_get(key=key, user=request.user)
    if job.is_active:
        job = services.guide_card_pdf_queue(job=job)       # queues it again only if its worker went silent
    return render(request, "movements/guide_card_pdf.html", _cards_pdf_context(job))


@login_required
def cards_pdf_progress(request, key: str):
    """The progress partial htmx reloads every second while the PDF is being made."""
    job = selectors.guide_card_pdf_get(key=key, user=request.user)
    return render(request, "movements/_guide_card_pdf_progress.html", _cards_pdf_context(job))


@login_required
def cards_pdf_download(request, key: str):
    job = selectors.guide_card_pdf_get(key=key, user=request.user)
    if not job.is_ready or not job.file.storage.exists(job.file.name):
        raise Http404(_("This PDF is not ready."))
    return _pdf_response(job)


@login_required
@require_POST
def cards_pdf_retry(request, key: str):
    job = selectors.guide_card_pdf_get(key=key, user=request.user)
    if job.status == GuideCardPdf.Status.FAILED:
        services.guide_card_pdf_queue(job=job)
    return redirect("movements:cards_pdf", key=job.key)


@login_required
def session_movement(request, session_id: int):
    session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    choice = selectors.session_movement_get(session=session)
    movement = choice.build() if choice else None
    return render(request, "movements/session_movement.html", {
        "session": session, "choice": choice, "movement": movement,
        "print_url": reverse("movements:session_print", args=[session.pk]),
        "balance": balance_report(movement) if movement else None, "can_direct": can_direct(request.user, session.club),
    })


@login_required
def session_movement_print(request, session_id: int):
    """The session's guide cards (HTML, or ``format=pdf``): its movement and boards per round, its title, and the
    players' names beside the pair numbers once its pairs are named."""
    session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    choice = selectors.session_movement_get(session=session)
    if choice is None or not session.boards_per_round:
        raise Http404(_("The session has no movement and boards per round yet."))
    try:
        sections = parse_sections(request.GET.get("sections"))
    except ValueError as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    paper = request.GET.get("paper", "A6")
    names = selectors.session_card_names(session=session)
    if request.GET.get("format") == "pdf":
        return _cards_pdf(request, choice.parameters(), session.boards_per_round, paper, sections, session=session,
                          names=names)
    return HttpResponse(cards_html(choice.build(), boards_per_round=session.boards_per_round, session=session,
                                   names=names, paper=paper, request=request, sections=sections))


@login_required
def session_movement_choose(request, session_id: int):
    session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    current = selectors.session_movement_get(session=session)
    initial = {"pairs": 8, "boards_per_round": session.boards_per_round or 2, "kind": "howell"}
    if current:
        initial.update(current.parameters(), variant=current.variant)
    form = MovementForm(request.POST or None, initial=initial)
    options = []
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            services.session_movement_choose(
                session=session, user=request.user, pairs=d["pairs"], boards_per_round=d["boards_per_round"],
                kind=d["kind"], rounds=d["rounds"], half_sets=d["half_sets"], variant=d["variant"] or None,
                arrow_switch=d["arrow_switch"])
        except MovementError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, error_message(exc))
        else:
            messages.success(request, _("Movement chosen."))
            return redirect("movements:session", session_id=session.pk)
    pairs = form.data.get("pairs") if form.is_bound else initial["pairs"]
    try:
        if pairs and 4 <= int(pairs) <= 64:
            options = selectors.movement_options(pairs=int(pairs))
    except ValueError:
        options = []
    return render(request, "movements/session_movement_form.html",
                  {"session": session, "form": form, "options": options, "current": current})

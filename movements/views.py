"""HTML pages of the movements app: the catalogue with balance, one movement, its print cards (HTML
and PDF), and choosing a session's movement."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs import selectors as club_selectors
from clubs.permissions import can_direct
from movements import selectors, services
from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.errors import MovementError
from movements.forms import MovementForm
from movements.printing import cards_html, cards_pdf, parse_sections
from movements.texts import error_message


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
    params = _params(request.GET)
    try:
        bpr = int(request.GET.get("boards_per_round") or 2)
    except ValueError:
        raise MovementError(_("boards per round must be a whole number"), field="boards_per_round") from None
    check_boards_per_round(bpr, params["half_sets"])
    return movement_for(**params), bpr


@login_required
def movement_detail(request):
    try:
        m, bpr = _movement_from_request(request)
    except (MovementError, ValueError, TypeError) as exc:
        return render(request, "movements/movement_detail.html", {"error": error_message(exc)}, status=400)
    return render(request, "movements/movement_detail.html", {
        "movement": m, "balance": balance_report(m), "boards_per_round": bpr, "query": request.GET.urlencode()})


@login_required
def movement_print(request):
    try:
        m, bpr = _movement_from_request(request)
    except (MovementError, ValueError, TypeError) as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    paper = request.GET.get("paper", "A6")
    try:
        sections = parse_sections(request.GET.get("sections"))
    except ValueError as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    if request.GET.get("format") == "pdf":
        pdf = cards_pdf(m, boards_per_round=bpr, paper=paper, sections=sections)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="movement-{m.pairs}-pairs.pdf"'
        return response
    return HttpResponse(cards_html(m, boards_per_round=bpr, paper=paper, request=request, sections=sections))


@login_required
def session_movement(request, session_id: int):
    session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    choice = selectors.session_movement_get(session=session)
    movement = choice.build() if choice else None
    query = ""
    if choice:
        params = {k: v for k, v in choice.parameters().items() if v not in (None, False, "")}
        params.update({k: 1 for k in ("half_sets", "arrow_switch") if params.get(k)})
        query = urlencode({**params, "boards_per_round": choice.boards_per_round})
    return render(request, "movements/session_movement.html", {
        "session": session, "choice": choice, "movement": movement, "query": query,
        "balance": balance_report(movement) if movement else None, "can_direct": can_direct(request.user, session.club),
    })


@login_required
def session_movement_choose(request, session_id: int):
    session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    current = selectors.session_movement_get(session=session)
    initial = {"pairs": 8, "boards_per_round": session.boards_per_round or 2, "kind": "howell"}
    if current:
        initial.update(current.parameters(), boards_per_round=current.boards_per_round, variant=current.variant)
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

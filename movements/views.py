"""HTML pages of the movements app: the chooser (the catalogue, and a session's "choose a movement"), one
movement, its print cards (HTML and PDF), the session's own cards (its title and, once its pairs are named, the
players beside the pair numbers), and a club's settings for choosing.

The chooser asks for the pairs (or tables) and about how many boards (or at most how long) and lists the options
in bridge words, ranked for the session (``movements.domain.chooser``); the best fit comes first and is marked, and
on a session's page every row is chosen with one click (its button posts the row's parameters, which go through
``services.session_movement_choose``). An error is said next to its field, with everything typed kept.

A cards PDF is made once and kept (``services.guide_card_pdf_*``): a PDF already made is sent
at once; a small one (``printing.pdf_work`` up to ``MOVEMENT_PDF_SYNC_MAX_ROWS``) is made inside
the request; a big one (a 64-pair set takes half a minute) is made by a Celery task while
``/movements/cards/<key>/`` shows its progress (htmx polls a partial) and then the download.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from clubs import selectors as club_selectors
from clubs.permissions import can_direct
from clubsite.texts import error_message
from movements import selectors, services
from movements.domain.catalogue import balance_report, check_boards_per_round, movement_for
from movements.domain.chooser import MINUTES_PER_BOARD, verdict
from movements.domain.errors import MovementError
from movements.domain.text import Text, minutes_number
from movements.forms import ChooserForm, ClubMovementSettingsForm, MovementForm
from movements.models import GuideCardPdf
from movements.printing import cards_html, paper_for, parse_sections, sync_max_rows


def _params(source) -> dict:
    def num(name, default=None):
        value = source.get(name)
        if value in (None, ""):
            return default
        try:
            return int(value)
        except ValueError:
            raise MovementError(
                _("%(name)s must be a whole number, not %(value)r") % {"name": name.replace("_", " "), "value": value},
                field=name,
            ) from None

    return {
        "pairs": num("pairs"),
        "rounds": num("rounds"),
        "kind": source.get("kind") or "howell",
        "half_sets": source.get("half_sets") in ("1", "true", "on"),
        "variant": source.get("variant") or None,
        "arrow_switch": source.get("arrow_switch") in ("1", "true", "on"),
    }


def _usual_boards(settings) -> str:
    return f"{settings.usual_boards_low}–{settings.usual_boards_high}"


def _row_value(query: dict, compact: bool = False) -> str:
    """A row's movement parameters as a query string: what its button posts (``MovementForm``'s data: a flag is
    present only when set) and, ``compact``, its "show" link (empty parameters left out)."""
    out: dict[str, object] = {}
    for key, value in sorted(query.items()):
        if isinstance(value, bool):
            if value:
                out[key] = 1
        elif value is None or value == "":
            if not compact:
                out[key] = ""
        else:
            out[key] = value
    return urlencode(out)


def _chooser(form: ChooserForm, settings) -> tuple[object | None, list[dict]]:
    """The choice for a bound, valid chooser form (its errors added to the form otherwise), and its rows."""
    if not form.is_bound or not form.is_valid():
        return None, []
    d = form.cleaned_data
    try:
        choice = selectors.movement_choice(pairs=d["pairs"], boards=d["boards"], length=d["length"], settings=settings)
    except MovementError as exc:
        form.add_error(exc.field if exc.field in form.fields else "pairs", error_message(exc))
        return None, []
    rows = []
    for index, offer in enumerate(choice.offers):
        query = offer.query()
        rows.append(
            {
                "offer": offer,
                "best": index == 0,
                "fit": offer.fit_text(choice.target),
                "value": _row_value(query),
                "show": _row_value(query, compact=True),
            }
        )
    return choice, rows


def _chooser_context(request, form, settings, club) -> dict:
    choice, rows = _chooser(form, settings)
    search_hidden = [
        (name, form.data[name])
        for name in ("pairs", "tables", "boards", "length")
        if form.is_bound and form.data.get(name)
    ]
    return {
        "form": form,
        "choice": choice,
        "rows": rows,
        "settings": settings,
        "club": club,
        "search_hidden": search_hidden,
        "minutes_per_board": minutes_number(settings.minutes_per_board),
        "can_set": club is not None and can_direct(request.user, club),
    }


@require_safe
@login_required
def movement_index(request):
    """The catalogue: the movements for a field, ranked for a session of the club's usual length (or the one
    asked for), each with a link to its schedule and cards."""
    club = selectors.chooser_club(user=request.user, slug=request.GET.get("club"))
    settings = selectors.club_movement_settings_get(club=club)
    form = ChooserForm(_search_data(request.GET, None, settings), initial={"boards": _usual_boards(settings)})
    return render(request, "movements/movement_index.html", _chooser_context(request, form, settings, club))


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
    balance = balance_report(m)
    return render(
        request,
        "movements/movement_detail.html",
        {
            "movement": m,
            "balance": balance,
            "boards_per_round": bpr,
            "query": request.GET.urlencode(),
            "plain": _plain(m, balance, bpr),
        },
    )


def _plain(movement, balance: dict, boards_per_round: int | None, minutes_per_board=MINUTES_PER_BOARD) -> dict:
    """A movement's page in bridge words: rounds × boards per round = boards, the playing time, the balance said
    plainly (a verdict in boards, what is provably best)."""
    bpr = boards_per_round or 2
    said, _rank, best = verdict(movement, balance, bpr)
    boards = movement.round_count * bpr
    return {
        "verdict": said,
        "best": best,
        "boards_per_round": boards_per_round,
        "boards_text": Text.of("offer.boards", rounds=movement.round_count, boards_per_round=bpr, boards=boards),
        "time_text": Text.of("offer.time", minutes=round(boards * float(minutes_per_board))),
    }


@login_required
def movement_print(request):
    try:
        m, bpr, params = _movement_from_request(request)
    except (MovementError, ValueError, TypeError) as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    paper = paper_for(request.GET.get("paper")).key
    try:
        sections = parse_sections(request.GET.get("sections"))
    except ValueError as exc:
        return HttpResponse(error_message(exc), status=400, content_type="text/plain; charset=utf-8")
    if request.GET.get("format") == "pdf":
        return _cards_pdf(request, params, bpr, paper, sections)
    return HttpResponse(cards_html(m, boards_per_round=bpr, paper=paper, request=request, sections=sections))


def _pdf_response(job: GuideCardPdf) -> FileResponse:
    name = (
        f"session-{job.parameters['session']}-cards"
        if job.parameters.get("session")
        else f"movement-{job.parameters['pairs']}-pairs"
    )
    return FileResponse(
        job.file.open("rb"), content_type="application/pdf", as_attachment=False, filename=f"{name}-{job.language}.pdf"
    )


def _cards_pdf(
    request, params: dict, bpr: int, paper: str, sections: tuple[str, ...], session=None, names=None, table_codes=None
):
    """The cards PDF: from the store, made now (small), or made in the background (big: a progress page)."""
    job, created = services.guide_card_pdf_get_or_create(
        user=request.user,
        movement=params,
        boards_per_round=bpr,
        paper=paper,
        sections=sections,
        language=translation.get_language(),
        session=session,
        names=names,
        table_codes=table_codes,
    )
    if job.is_ready:
        return _pdf_response(job)
    if job.parameters["work_rows"] <= sync_max_rows():  # small: a few seconds at most, made now
        job = services.guide_card_pdf_make(job_id=job.pk, in_parts=False)
        if job.is_ready:
            return _pdf_response(job)
        return redirect("movements:cards_pdf", key=job.key)  # says what went wrong; "Try again" there
    services.guide_card_pdf_queue(job=job, new=created)
    return redirect("movements:cards_pdf", key=job.key)


SECTION_NAMES = {
    "pairs": gettext_lazy("pair cards"),
    "tables": gettext_lazy("table cards"),
    "sheet": gettext_lazy("board and relay sheet"),
    "report": gettext_lazy("balance report"),
}


def _cards_pdf_context(job: GuideCardPdf) -> dict:
    try:
        title = movement_for(**job.movement_parameters()).title
    except MovementError:
        title = None
    return {
        "job": job,
        "title": title,
        "progress": selectors.guide_card_pdf_progress(job),
        "sections": [SECTION_NAMES[s] for s in job.parameters["sections"]],
        "language_name": translation.get_language_info(job.language)["name_translated"],
    }


@require_safe
@login_required
def cards_pdf(request, key: str):
    """The page of one cards PDF: progress while it is made, then the download link."""
    job = selectors.guide_card_pdf_get(key=key, user=request.user)
    if job.is_active:
        job = services.guide_card_pdf_queue(job=job)  # queues it again only if its worker went silent
    return render(request, "movements/guide_card_pdf.html", _cards_pdf_context(job))


@require_safe
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


@require_safe
@login_required
def session_movement(request, session_id: int):
    session = club_selectors.session_get_for_viewer(user=request.user, session_id=session_id)
    choice = selectors.session_movement_get(session=session)
    movement = choice.build() if choice else None
    balance = balance_report(movement) if movement else None
    return render(
        request,
        "movements/session_movement.html",
        {
            "session": session,
            "choice": choice,
            "movement": movement,
            "print_url": reverse("movements:session_print", args=[session.pk]),
            "balance": balance,
            "can_direct": can_direct(request.user, session.club),
            "plain": _plain(
                movement,
                balance,
                session.boards_per_round,
                minutes_per_board=selectors.club_movement_settings_get(club=session.club).minutes_per_board,
            )
            if movement and balance is not None
            else None,
        },
    )


@require_safe
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
    paper = paper_for(request.GET.get("paper")).key
    names = selectors.session_card_names(session=session)
    table_codes = _table_codes(session, request)
    if request.GET.get("format") == "pdf":
        return _cards_pdf(
            request,
            choice.parameters(),
            session.boards_per_round,
            paper,
            sections,
            session=session,
            names=names,
            table_codes=table_codes,
        )
    return HttpResponse(
        cards_html(
            choice.build(),
            boards_per_round=session.boards_per_round,
            session=session,
            names=names,
            paper=paper,
            request=request,
            sections=sections,
            table_codes=table_codes,
        )
    )


def _table_codes(session, request) -> dict:
    """What other apps print beside each table on the session's table cards (an AppConfig's ``table_card_extras``,
    a dotted path: table-side entry's QR code, code and PIN, for the club's directors)."""

    out: dict = {}
    for config in apps.get_app_configs():
        hook = getattr(config, "table_card_extras", None)
        if hook:
            out.update(import_string(hook)(session=session, user=request.user, request=request))
    return out


def _search_data(source, current, settings) -> QueryDict | None:
    """The chooser's question from the request (GET, or the hidden fields a row's button posts with), else the
    ``current`` choice's field; the club's usual boards when no length is asked for; None: nothing asked yet."""
    data = QueryDict(mutable=True)
    for name in ("pairs", "tables", "boards", "length"):
        if source.get(name):
            data[name] = source[name]
    if not (data.get("pairs") or data.get("tables")):
        if current is None:
            return None
        data["pairs"] = str(current.pairs)
    if not (data.get("boards") or data.get("length")):
        data["boards"] = _usual_boards(settings)  # the club's usual, shown in its field
    return data


def _back(request) -> str:
    """Where a page goes back to when done: the ``next`` it was given (GET or POST), when it is a path of this site;
    else "" (``Ada`` would be taken for a view's name by ``redirect``: a 500; ``//evil.example`` is another site)."""
    back = request.POST.get("next") or request.GET.get("next") or ""
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return ""


@login_required
def session_movement_choose(request, session_id: int):
    """Choose the session's movement: the chooser's rows (one click each), or every parameter in the expert's form.
    Either way ``services.session_movement_choose`` records it and writes the session's boards per round; then back
    to the page the director came from (``next``: the session's path), else to the movement's page."""
    session = club_selectors.session_get_for_director(user=request.user, session_id=session_id)
    back = _back(request)
    current = selectors.session_movement_get(session=session)
    settings = selectors.club_movement_settings_get(club=session.club)
    initial = {"pairs": 8, "boards_per_round": session.boards_per_round or 2, "kind": "howell"}
    if current:
        initial.update(current.parameters(), variant=current.variant)
    expert = MovementForm(initial=initial, prefix="expert")
    choose_error = None
    if request.method == "POST":
        if request.POST.get("offer"):
            movement_data = QueryDict(request.POST["offer"])
            form = MovementForm(movement_data)
        else:
            form = expert = MovementForm(request.POST, prefix="expert")
        if form.is_valid():
            d = form.cleaned_data
            try:
                choice = services.session_movement_choose(
                    session=session,
                    user=request.user,
                    pairs=d["pairs"],
                    boards_per_round=d["boards_per_round"],
                    kind=d["kind"],
                    rounds=d["rounds"],
                    half_sets=d["half_sets"],
                    variant=d["variant"] or None,
                    arrow_switch=d["arrow_switch"],
                )
            except MovementError as exc:
                if form is expert and exc.field in form.fields:
                    form.add_error(exc.field, error_message(exc))
                elif form is expert:
                    form.add_error(None, error_message(exc))
                else:
                    choose_error = error_message(exc)
            else:
                messages.success(
                    request,
                    _("Movement chosen: %(title)s, %(boards)s boards per round.")
                    % {"title": choice.display_title, "boards": d["boards_per_round"]},
                )
                return redirect(back or reverse("movements:session", args=[session.pk]))
        elif form is not expert:
            choose_error = "; ".join(str(e) for errors in form.errors.values() for e in errors)
    search = _search_data(request.POST if request.method == "POST" else request.GET, current, settings)
    form = ChooserForm(search, initial={"boards": _usual_boards(settings)})
    context = _chooser_context(request, form, settings, session.club)
    context.update(
        {
            "session": session,
            "current": current,
            "expert": expert,
            "choose_error": choose_error,
            "expert_open": expert.is_bound and bool(expert.errors),
            "current_value": _current_value(current, session),
            "next": back,
        }
    )
    return render(request, "movements/session_movement_form.html", context)


def _current_value(current, session) -> str | None:
    """The chosen movement's row value, so the chooser can mark the row that is the session's movement now."""
    if current is None:
        return None
    return _row_value({**current.parameters(), "pairs": current.pairs, "boards_per_round": session.boards_per_round})


@login_required
def club_movement_settings(request, slug: str):
    """How the club plays (minutes a board, its usual boards, the winners it prefers), for the chooser; directors."""
    club = club_selectors.club_get_for_director(user=request.user, slug=slug)
    settings = selectors.club_movement_settings_get(club=club)
    back = _back(request)
    form = ClubMovementSettingsForm(
        request.POST if request.method == "POST" else None,
        initial={
            "minutes_per_board": minutes_number(settings.minutes_per_board),
            "usual_boards": _usual_boards(settings),
            "winners": settings.winners,
        },
    )
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        services.club_movement_settings_update(
            club=club,
            user=request.user,
            minutes_per_board=d["minutes_per_board"],
            usual_boards_low=d["usual_boards_low"],
            usual_boards_high=d["usual_boards_high"],
            winners=d["winners"],
        )
        messages.success(request, _("The club's settings for choosing movements are saved."))
        return redirect(back or f"{reverse('movements:index')}?{urlencode({'club': club.slug})}")
    return render(request, "movements/club_movement_settings.html", {"club": club, "form": form, "next": back})

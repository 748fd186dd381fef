"""The director's pages: the live room (``room``, its live part refreshed every few seconds by htmx from
``room_live``), its controls (start table entry, release the next round — asking first while tables are still
playing —, lock a table, resolve a conflict, enter or correct a table's result, close a request, finish the
session), a flagged board with its hands (``board_check``: "checked, it stands" or "correct it"), the table
codes with their QR codes (``codes``), and the club's table settings. Only the club's directors (others: 404).

The correction form (``tables/_room_result.html``) is filled from a table's request or a flag ("Correct it":
``?table=…&board=…``); a refused result comes back with everything typed kept and the error beside its field
(htmx swaps the form alone; without a script the room is rendered again with it). Once the results are published
the room is closed: it shows the evening and offers nothing."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from clubs.selectors import club_get_for_director, session_get_for_director
from clubsite.texts import error_message
from dealing.diagrams import board_view as deal_diagram
from scoring.domain.errors import ScoringError
from scoring.services.flags import flag_check
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Conflict, CorrectionRequest, TableSettings
from tables.selectors.cards import join_url, qr_data_uri, session_tables
from tables.selectors.room import board_to_check, correction_initial, room_state
from tables.services import director as director_services
from tables.services import setup

REFRESH_SECONDS = 3


def _posted_number(request, name: str) -> int | None:
    """A whole number the room's form posted (ASCII digits, at most nine); None for anything else (``²``, ``-1``,
    ``x``, nothing, 5,000 digits)."""
    text = (request.POST.get(name) or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


class _Refused(Exception):
    """A request the room refuses before any service sees it; its message is said as it is."""


class _PlainText(forms.Form):
    """What the director types in the room: plain text, which a NUL character is not (PostgreSQL cannot store one:
    once a 500)."""

    def refusal(self) -> str | None:
        """The first field's error, named: "Reason: Null characters are not allowed."; None when valid."""
        if self.is_valid():
            return None
        name, errors = next(iter(self.errors.items()))
        return f"{self.fields[name].label}: {errors[0]}"


class _Typed(_PlainText):
    """A result in the scorer's shorthand, and a reason."""

    typed = forms.CharField(label=gettext_lazy("Result"), required=False, strip=False)
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, strip=False)


class _Note(_PlainText):
    """A director's note on a checked result."""

    note = forms.CharField(label=gettext_lazy("Note"), required=False, max_length=1000)


def _typed(request) -> tuple[str, str]:
    """The posted result and reason; ``_Refused`` (inside ``_act``: the room's error message) when not text."""
    form = _Typed(request.POST)
    refusal = form.refusal()
    if refusal is not None:
        raise _Refused(refusal)
    return form.cleaned_data["typed"], form.cleaned_data["reason"]


#: Where each field of an error belongs on the correction form: the scorer's shorthand's parts are the result's.
_FORM_FIELDS = {"table": "table", "round": "round", "board": "board", "lead": "lead", "reason": "reason"}
_RESULT_FIELDS = {"result", "contract", "declarer", "tricks", "score", "adjusted", "weighted"}


def _form_field(field: str | None) -> str:
    """The correction form's input an error is about ("" for the form as a whole: a pair, a permission …)."""
    if field in _RESULT_FIELDS:
        return "typed"
    return _FORM_FIELDS.get(field or "", "")


def _room_context(request, session, *, form: dict | None = None, live_messages: bool = False) -> dict:
    room = room_state(session=session, user=request.user)
    return {
        "session": session,
        "room": room,
        "refresh": REFRESH_SECONDS,
        "form": form if form is not None else _form_from_query(request, session),
        "live_messages": live_messages,  # the page's own layout says the messages; the live part only when swapped
    }


def _form_from_query(request, session) -> dict:
    """The correction form, filled in when "Correct it" brought the director here (``?table=3&board=20``, a table's
    request ``&request=7``): the round, the result recorded, its lead, the request's words as the reason."""
    table, board = _query_number(request, "table"), _query_number(request, "board")
    request_id = _query_number(request, "request")
    item = (
        CorrectionRequest.objects.filter(pk=request_id, table__table_session__session=session, done_at__isnull=True)
        .select_related("table")
        .first()
        if request_id
        else None
    )
    if table is None and board is None and item is None:
        return {"errors": {}}
    form = correction_initial(
        session=session, table=table, board=board, round_number=_query_number(request, "round"), request=item
    )
    return {**form, "errors": {}, "filled": True}


def _query_number(request, name: str) -> int | None:
    text = (request.GET.get(name) or "").strip()
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) <= 9 else None


@require_safe
@login_required
def room(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    context = _room_context(request, session)
    context["codes"] = (
        [
            {"table": t, "url": join_url(t, request), "qr": qr_data_uri(join_url(t, request))}
            for t in session_tables(session)
        ]
        if request.GET.get("codes")
        else []
    )
    return render(request, "tables/room.html", context)


@require_safe
@login_required
def room_live(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    return render(request, "tables/_room_live.html", _room_context(request, session, live_messages=True))


def _act(request, session, action) -> HttpResponse:
    try:
        action()
    except (TableError, ScoringError, _Refused) as exc:
        messages.error(request, error_message(exc))
    if request.headers.get("HX-Request"):
        return render(request, "tables/_room_live.html", _room_context(request, session, live_messages=True))
    return redirect("tables:room", session_id=session.pk)


@login_required
@require_POST
def start(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    phones = request.POST.get("phones") or None
    return _act(request, session, lambda: setup.table_entry_start(session=session, user=request.user, phones=phones))


@login_required
@require_POST
def release(request, session_id: int):
    """Start the next round. While tables are still playing the button asks first, saying how many; the form then
    says so (``playing_confirmed``), and a click on a page that showed every table done is refused with the count
    if a table has fallen behind since (the question was never asked)."""
    session = session_get_for_director(user=request.user, session_id=session_id)
    round_number = _posted_number(request, "round")

    def act():
        if round_number is None:
            typed = (request.POST.get("round") or "").strip()
            raise TableError(
                Text.of("round.unknown", round=typed[:12] + ("…" if len(typed) > 12 else "") or "?"), field="round"
            )
        setup.round_release(
            session=session,
            user=request.user,
            round_number=round_number,
            playing_confirmed=request.POST.get("playing_confirmed") == "1",
        )

    return _act(request, session, act)


@login_required
@require_POST
def lock(request, session_id: int, table: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    locked = request.POST.get("locked") == "1"
    return _act(
        request,
        session,
        lambda: setup.table_lock(session=session, user=request.user, table_number=table, locked=locked),
    )


@login_required
@require_POST
def resolve(request, session_id: int, conflict_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    conflict = get_object_or_404(Conflict, pk=conflict_id, table__table_session__session=session)

    def act():
        typed, reason = _typed(request)
        director_services.conflict_resolve(
            conflict=conflict, user=request.user, choice=_posted_number(request, "choice"), typed=typed, reason=reason
        )

    return _act(request, session, act)


def _posted_form(request) -> dict:
    """What the director typed in the correction form, kept as typed (a refused result is shown again with it)."""
    form = {name: (request.POST.get(name) or "")[:200] for name in ("table", "round", "board", "typed", "lead")}
    form["reason"] = (request.POST.get("reason") or "")[:1000]
    form["request"] = (request.POST.get("request") or "")[:12]
    return {**form, "errors": {}}


@login_required
@require_POST
def result(request, session_id: int):
    """Enter or correct a table's result. Saved: the form comes back empty with "Result saved." (htmx), or the room.
    Refused: the form comes back with everything typed and the error beside its field — once (without htmx: the
    room, status 400)."""
    session = session_get_for_director(user=request.user, session_id=session_id)
    form = _posted_form(request)
    request_id = _posted_number(request, "request")
    item = (
        CorrectionRequest.objects.filter(pk=request_id, table__table_session__session=session).first()
        if request_id
        else None
    )
    try:
        typed, reason = _typed(request)
        for name in ("table", "round", "board"):
            if form[name].strip() and _posted_number(request, name) is None:
                raise TableError(_not_a_number(name, form[name]), field=name)
        director_services.table_result_set(
            session=session,
            user=request.user,
            table=_posted_number(request, "table"),
            round_number=_posted_number(request, "round"),
            board=_posted_number(request, "board"),
            typed=typed,
            lead=form["lead"],
            reason=reason,
            request=item,
        )
    except (TableError, ScoringError, _Refused) as exc:
        field = _form_field(getattr(exc, "field", None))
        form["errors"] = {field or "form": error_message(exc)}
        if session.is_published:  # the room is closed and shows no form: say it at the top
            messages.error(request, error_message(exc))
            return redirect("tables:room", session_id=session.pk)
        if request.headers.get("HX-Request"):  # (200: htmx swaps no 4xx answer in)
            return render(request, "tables/_room_result.html", {"session": session, "form": form})
        context = _room_context(request, session, form=form)
        context["codes"] = []
        return render(request, "tables/room.html", context, status=400)
    saved = {"errors": {}, "saved": True}
    if request.headers.get("HX-Request"):
        return render(request, "tables/_room_result.html", {"session": session, "form": saved})
    messages.success(request, _("Result saved."))
    return redirect("tables:room", session_id=session.pk)


def _not_a_number(name: str, typed: str) -> Text:
    if name == "table":
        return Text.of("director.table_missing")
    if name == "board":
        return Text.of("director.board_missing")
    return Text.of("round.unknown", round=typed.strip()[:12])


@login_required
@require_POST
def request_done(request, session_id: int, request_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    item = get_object_or_404(CorrectionRequest, pk=request_id, table__table_session__session=session)
    return _act(request, session, lambda: director_services.correction_request_done(request=item, user=request.user))


@login_required
def board_check(request, session_id: int, board: int):
    """A flagged board for the director: its results with their flags, the hands beside them (only when a result of
    the board is flagged), and for each flag "Checked, it stands" (with a note: POST here) or "Correct it" (the
    room's correction form, filled in)."""
    session = session_get_for_director(user=request.user, session_id=session_id)
    error = ""
    if request.method == "POST":
        try:
            note = _Note(request.POST)
            refusal = note.refusal()
            if refusal is not None:
                raise _Refused(refusal)
            flag_check(
                session=session,
                user=request.user,
                board=board,
                ns=(request.POST.get("ns") or "")[:8],
                ew=(request.POST.get("ew") or "")[:8],
                flag=(request.POST.get("flag") or "")[:40],
                note=note.cleaned_data["note"],
            )
        except (ScoringError, _Refused) as exc:
            error = error_message(exc)
        else:
            messages.success(request, _("Board %(board)s: checked, the result stands.") % {"board": board})
            found = board_to_check(session=session, user=request.user, board=board)
            if any(line.flags for line in found.lines):
                return redirect("tables:board_check", session_id=session.pk, board=board)
            return redirect("tables:room", session_id=session.pk)
    elif request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405)
    found = board_to_check(session=session, user=request.user, board=board)
    board_view = deal_diagram(found.record) if found.record is not None else None
    return render(
        request,
        "tables/board_check.html",
        {"session": session, "check": found, "board_view": board_view, "error": error},
        status=400 if error else 200,
    )


@login_required
@require_POST
def renew(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    return _act(request, session, lambda: setup.table_codes_renew(session=session, user=request.user))


@require_safe
@login_required
def codes(request, session_id: int):
    """Every table's code, PIN and QR code, to show or print."""
    session = session_get_for_director(user=request.user, session_id=session_id)
    tables = [
        {"table": t, "url": join_url(t, request), "qr": qr_data_uri(join_url(t, request), scale=6)}
        for t in session_tables(session)
    ]
    return render(request, "tables/codes.html", {"session": session, "tables": tables})


class TableSettingsForm(forms.Form):
    record_lead = forms.BooleanField(required=False)
    show_traveller = forms.BooleanField(required=False)
    tricks = forms.ChoiceField(label=gettext_lazy("tricks entered as"), choices=TableSettings.Tricks.choices)
    minutes_per_board = forms.IntegerField(label=gettext_lazy("minutes a board takes"), min_value=1, max_value=60)


@login_required
def club_settings(request, slug: str):
    """The club's table settings: saved as given, or the page again with the error beside its field (a tricks
    choice or minutes that are not one of the page's are refused, never replaced by another value)."""
    club = club_get_for_director(user=request.user, slug=slug)
    current = setup.table_settings_get(club)
    form = TableSettingsForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        setup.table_settings_set(club=club, user=request.user, **form.cleaned_data)
        messages.success(request, _("Table settings saved."))
        return redirect("tables:club_settings", slug=club.slug)
    return render(
        request,
        "tables/club_settings.html",
        {"club": club, "settings": current, "form": form, "tricks_choices": TableSettings.Tricks.choices},
        status=400 if form.is_bound else 200,
    )

"""The director's pages: the live room (``room``, its live part refreshed every few seconds by htmx from
``room_live``), its controls (start table entry, release the next round, lock a table, resolve a conflict,
enter or correct a table's result, close a request, finish the session), the table codes with their QR
codes (``codes``), and the club's table settings. Only the club's directors (others: 404)."""

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
from clubs.texts import error_message
from scoring.domain.errors import ScoringError
from tables.domain.errors import TableError
from tables.domain.text import Text
from tables.models import Conflict, CorrectionRequest, TableSettings
from tables.selectors.cards import join_url, qr_data_uri, session_tables
from tables.selectors.room import room_state
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


class _Typed(forms.Form):
    """What the director types in the room (a result in the scorer's shorthand, a reason): plain text, which a
    NUL character is not (PostgreSQL cannot store one: once a 500)."""

    typed = forms.CharField(label=gettext_lazy("Result"), required=False, strip=False)
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, strip=False)

    def refusal(self) -> str | None:
        """The first field's error, named: "Reason: Null characters are not allowed."; None when valid."""
        if self.is_valid():
            return None
        name, errors = next(iter(self.errors.items()))
        return f"{self.fields[name].label}: {errors[0]}"


def _typed(request) -> tuple[str, str]:
    """The posted result and reason; ``_Refused`` (inside ``_act``: the room's error message) when not text."""
    form = _Typed(request.POST)
    refusal = form.refusal()
    if refusal is not None:
        raise _Refused(refusal)
    return form.cleaned_data["typed"], form.cleaned_data["reason"]


def _room_context(request, session) -> dict:
    room = room_state(session=session, user=request.user)
    return {"session": session, "room": room, "refresh": REFRESH_SECONDS}


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
    return render(request, "tables/_room_live.html", _room_context(request, session))


def _act(request, session, action) -> HttpResponse:
    try:
        action()
    except (TableError, ScoringError, _Refused) as exc:
        messages.error(request, error_message(exc))
    if request.headers.get("HX-Request"):
        return render(request, "tables/_room_live.html", _room_context(request, session))
    return redirect("tables:room", session_id=session.pk)


@login_required
@require_POST
def start(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    return _act(request, session, lambda: setup.table_entry_start(session=session, user=request.user))


@login_required
@require_POST
def release(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    round_number = _posted_number(request, "round")

    def act():
        if round_number is None:
            typed = (request.POST.get("round") or "").strip()
            raise TableError(
                Text.of("round.unknown", round=typed[:12] + ("…" if len(typed) > 12 else "") or "?"), field="round"
            )
        setup.round_release(session=session, user=request.user, round_number=round_number)

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


@login_required
@require_POST
def result(request, session_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)

    def number(name: str) -> int:
        try:
            return int(request.POST.get(name) or 0)
        except ValueError:
            return 0

    def act():
        typed, reason = _typed(request)
        director_services.table_result_set(
            session=session,
            user=request.user,
            table=number("table"),
            round_number=number("round"),
            board=number("board"),
            typed=typed,
            reason=reason,
        )
        messages.success(request, _("Result saved."))

    return _act(request, session, act)


@login_required
@require_POST
def request_done(request, session_id: int, request_id: int):
    session = session_get_for_director(user=request.user, session_id=session_id)
    item = get_object_or_404(CorrectionRequest, pk=request_id, table__table_session__session=session)
    return _act(request, session, lambda: director_services.correction_request_done(request=item, user=request.user))


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

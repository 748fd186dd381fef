"""What players see of a session's results, and their own history and settings.

* ``ranking`` (and ``ranking.csv``) — the ranking frozen at publication: places (``5=``), pairs, players,
  matchpoints or IMPs, percentages; NS and EW for a two-winner movement, sections; the scoring method in
  words and "provisional until …" during the score-query window;
* ``scorecard`` — a pair's boards in play order with a bar chart of its board percentages, each board linked
  to its traveller and set against double dummy, par and the field ("Why");
* ``traveller`` — a board's lines, the hand diagram with double dummy, par, the Pavlicek number and the
  perfect auction (once the session is over), the highlighted pair's line and its "Why";
* ``history`` — a login's sessions across its clubs, with a chart of percentages and the best results;
* ``settings`` — the player's profile: results by e-mail or not, and the e-mails' language;
* ``mail_stop`` — the link in each results e-mail that stops them without logging in.

Who may read the session pages: ``scoring.selectors.players`` (public once published unless the club keeps its
results to its members; before publication the club's directors and scorers only). Anyone else gets the same
404 page whatever the reason, so nothing says that a session, a pair or a board exists.
"""

from __future__ import annotations

import csv
from functools import wraps
from typing import TYPE_CHECKING

from django import forms
from django.conf import settings as django_settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from clubs.models import Member
from clubs.permissions import can_view_club
from dealing.diagrams import board_view
from dealing.services.boards import session_analysis_queue
from scoring.selectors.players import (
    NotFound,
    history_for_user,
    ranking_for_viewer,
    scorecard_for_viewer,
    traveller_for_viewer,
)
from scoring.selectors.travellers import options_in_words
from scoring.services.mail import STOP_SALT, member_results_settings_set

if TYPE_CHECKING:
    pass

#: the results files' downloads, another page module's partial (shown on the ranking once it exists)
EXPORTS_TEMPLATE = "scoring/_exports.html"


def results_page(view):
    """Answer every "you may not read this" and "there is no such thing" alike: one 404 page."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except (Http404, NotFound):
            return render(request, "scoring/player_not_found.html", {}, status=404)

    return wrapper


def _common(request, data, mine: str | None, *, handicap: bool = False) -> dict:
    """What every player's page shows: the session, its state and how it is scored (with its handicap ranking on
    the ranking's page, ``handicap``)."""
    session = data.session
    return {
        "session": session,
        "club": session.club,
        "state": data.state,
        "preview": data.preview,
        "options": data.options,
        "options_words": options_in_words(data.options, handicap=handicap),
        "mine": mine,
        "hand_records": session.is_over and can_view_club(request.user, session.club_id),
    }


def _exports_template() -> str | None:
    """The results files' downloads (USEBIO, PBN), when that partial exists."""
    try:
        get_template(EXPORTS_TEMPLATE)
    except TemplateDoesNotExist:
        return None
    return EXPORTS_TEMPLATE


@require_safe
@results_page
def ranking(request, session_id):
    data = ranking_for_viewer(user=request.user, session_id=session_id)
    return render(
        request,
        "scoring/player_ranking.html",
        {
            **_common(request, data, data.mine, handicap=data.handicap),
            "ranking": data,
            "exports_template": _exports_template(),
        },
    )


@require_safe
@results_page
def ranking_csv(request, session_id):
    data = ranking_for_viewer(user=request.user, session_id=session_id)
    session = data.session
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-ranking{'-preview' if data.preview else ''}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response.write("\ufeff")  # so that spreadsheets read the names' letters right
    writer = csv.writer(response)
    imps = data.options.is_imps
    header = [_("Field"), _("Place"), _("Pair"), _("Players")]
    header += [_("IMPs")] if imps else [_("Matchpoints"), _("Top"), _("Percentage")]
    header += [_("Boards")]
    if data.handicap:
        header += [_("Handicap"), _("Handicap percentage"), _("Handicap place")]
    if data.sections:
        header.insert(1, _("Section"))
    writer.writerow(header)
    for row in data.rows:
        values: list[str | int | None] = [_field_name(row.field), row.place, row.pair, row.names]
        values += [row.total] if imps else [row.total, row.top, row.percentage]
        values += [row.boards]
        if data.handicap:
            values += [row.handicap, row.handicap_percentage, row.handicap_place]
        if data.sections:
            values.insert(1, row.section)
        writer.writerow(values)
    return response


def _field_name(name: str) -> str:
    parts = {"NS": _("North–South"), "EW": _("East–West")}
    return " ".join(parts.get(part, part) for part in name.split()) if name else ""


@require_safe
@results_page
def scorecard(request, session_id, pair):
    data = scorecard_for_viewer(user=request.user, session_id=session_id, pair=pair)
    _kick_analysis(data.session, data.analysis_missing)
    return render(request, "scoring/player_scorecard.html", {**_common(request, data, data.viewer), "card": data})


@require_safe
@results_page
def traveller(request, session_id, board):
    data = traveller_for_viewer(
        user=request.user, session_id=session_id, board=board, pair=request.GET.get("pair") or None
    )
    context = {**_common(request, data, data.mine), "page": data, "board_view": None}
    if data.record is not None:
        record = data.record
        context["board_view"] = board_view(record)
        _kick_analysis(data.session, record.analysis is None)
    return render(request, "scoring/player_traveller.html", context)


def _kick_analysis(session, missing: bool) -> None:
    """Boards not analysed yet: queue their analysis, as the hand-record pages do (at most every few minutes)."""
    if missing:
        session_analysis_queue(session=session)


@require_safe
@login_required
def history(request):
    data = history_for_user(user=request.user)
    return render(request, "scoring/player_history.html", {"history": data})


class MemberSettingsForm(forms.Form):
    results_by_email = forms.BooleanField(
        label=gettext_lazy("E-mail me my result when a session is published"), required=False
    )
    language = forms.ChoiceField(
        label=gettext_lazy("Language of the e-mails"),
        required=False,
        choices=[("", gettext_lazy("The site's language"))] + list(django_settings.LANGUAGES),
    )


@login_required
def player_settings(request):
    """The player's profile: for each membership of the login, results by e-mail or not, and in which language."""
    members = list(Member.objects.filter(user=request.user).select_related("club").order_by("club__name"))
    forms_ = [
        (
            member,
            MemberSettingsForm(
                request.POST if request.method == "POST" else None,
                prefix=f"m{member.pk}",
                initial={"results_by_email": member.results_by_email, "language": member.language},
            ),
        )
        for member in members
    ]
    if request.method == "POST" and all(form.is_valid() for _member, form in forms_):
        for member, form in forms_:
            member_results_settings_set(member=member, user=request.user, **form.cleaned_data)
        messages.success(request, _("Your settings are saved."))
        return redirect("scoring:player_settings")
    return render(
        request, "scoring/player_settings.html", {"forms": forms_}, status=400 if request.method == "POST" else 200
    )


def mail_stop(request, token):
    """Stop results e-mails from the link in one of them (a signed member id, no login needed); POST to confirm."""

    try:
        member_id = signing.loads(token, salt=STOP_SALT)
    except signing.BadSignature:
        raise Http404("No such link.") from None
    member = Member.objects.select_related("club").filter(pk=member_id).first()
    if member is None:
        raise Http404("No such link.")
    if request.method == "POST":
        member_results_settings_set(member=member, user=None, results_by_email=False, language=member.language)
        return render(request, "scoring/player_mail_stopped.html", {"member": member})
    return render(request, "scoring/player_mail_stop.html", {"member": member})


urlpatterns = [
    path("sessions/<int:session_id>/ranking/", ranking, name="player_ranking"),
    path("sessions/<int:session_id>/ranking.csv", ranking_csv, name="player_ranking_csv"),
    path("sessions/<int:session_id>/pairs/<str:pair>/", scorecard, name="player_scorecard"),
    path("sessions/<int:session_id>/boards/<int:board>/", traveller, name="player_traveller"),
    path("me/", history, name="player_history"),
    path("me/settings/", player_settings, name="player_settings"),
    path("results-mail/stop/<str:token>/", mail_stop, name="results_mail_stop"),
]

"""The director's pages of a session's results.

* ``results`` — one page: the scoring method in words, the publication (provisional for a
  score-query window, final, "make final now"), the layout's problems and the suspicious
  results (``scoring.domain.checks`` through ``selectors.travellers``), the ranking with running
  percentages, every traveller (boards collapsible, each with its audit trail) and each pair's
  boards, linked both ways.
* ``line_change`` — one traveller line: correct the result, give an artificial score (60/40,
  50/50, 40/60, 60/60, 40/40 or any pair), an assigned or weighted assigned score, or delete it;
  each asks for the reason, which goes into the board's audit trail. Deleting asks to confirm.
* ``compare`` — re-score with other options (method, scale, factoring, sections) and see the
  ranking beside the session's current one, differences marked; keep the new options or not.
* ``publish`` / ``make_final`` — what cannot be undone is confirmed first on a page that says
  what it will do.

Directors of the session's club only (``clubs.selectors.session_get_for_director``).
"""

from __future__ import annotations

import datetime
from types import SimpleNamespace

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from clubs.selectors import session_get_for_director
from clubsite.texts import error_message
from clubsite.texts import render as say
from scoring.domain.errors import ScoringError
from scoring.domain.options import MOST_DECIMALS, ScoringOptions
from scoring.domain.results import Artificial, Assigned
from scoring.domain.shorthand import parse_entry
from scoring.models import Result, SessionScoring
from scoring.selectors.layout import session_layout
from scoring.selectors.results import (
    domain_result,
    has_handicap_ranking,
    session_options,
    session_pairs,
    session_score,
)
from scoring.selectors.travellers import options_in_words, publication_state, ranking_rows, session_travellers
from scoring.services.results import result_correct, result_delete, result_record
from scoring.services.sessions import (
    MAX_QUERY_HOURS,
    session_pairs_ensure,
    session_results_make_final,
    session_results_publish,
    session_scoring_set,
)

DEFAULT_QUERY_HOURS = 48


def _reason_field():
    return forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=500,
        widget=forms.TextInput(),
        help_text=gettext_lazy("Kept in the board's audit trail."),
    )


class CorrectForm(forms.Form):
    entry = forms.CharField(
        label=gettext_lazy("The right result"),
        max_length=60,
        help_text=gettext_lazy("As on the traveller: 4S= N, 4SX N 9, 3NT-2 W, P."),
    )
    reason = _reason_field()

    def result(self):
        return parse_entry(self.cleaned_data["entry"])


ARTIFICIAL_CHOICES = [
    ("60/40", gettext_lazy("60 / 40: average plus to NS, average minus to EW")),
    ("50/50", gettext_lazy("50 / 50: average to both")),
    ("40/60", gettext_lazy("40 / 60: average minus to NS, average plus to EW")),
    ("60/60", gettext_lazy("60 / 60: average plus to both")),
    ("40/40", gettext_lazy("40 / 40: average minus to both")),
    ("other", gettext_lazy("other percentages")),
]


class ArtificialForm(forms.Form):
    split = forms.ChoiceField(
        label=gettext_lazy("Artificial score"), choices=ARTIFICIAL_CHOICES, widget=forms.RadioSelect, initial="60/40"
    )
    ns_percent = forms.IntegerField(label=gettext_lazy("NS %"), min_value=0, max_value=100, required=False)
    ew_percent = forms.IntegerField(label=gettext_lazy("EW %"), min_value=0, max_value=100, required=False)
    reason = _reason_field()

    def clean(self):
        data = super().clean()
        if data.get("split") == "other":
            for name in ("ns_percent", "ew_percent"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Give each side's percentage (0 … 100)."))
        return data

    def result(self):
        data = self.cleaned_data
        if data["split"] == "other":
            return Artificial(data["ns_percent"], data["ew_percent"])
        ns, ew = data["split"].split("/")
        return Artificial(int(ns), int(ew))


class AssignedForm(forms.Form):
    score = forms.CharField(
        label=gettext_lazy("Assigned score (NS)"),
        max_length=80,
        help_text=gettext_lazy("One score (+420, -50) or a weighted score: 20% +650 80% +620."),
    )
    reason = _reason_field()

    def result(self):
        result = parse_entry(self.cleaned_data["score"])
        if not isinstance(result, Assigned):
            raise forms.ValidationError(_("Write a score (+420, -50) or a weighted score (20% +650 80% +620)."))
        return result


class DeleteForm(forms.Form):
    reason = _reason_field()


CHANGE_FORMS: dict[str, type[forms.Form]] = {
    "correct": CorrectForm,
    "artificial": ArtificialForm,
    "assigned": AssignedForm,
    "delete": DeleteForm,
}
_RESULT_FIELD = {"correct": "entry", "assigned": "score", "artificial": "split"}


def _results_url(session, board: int | None = None) -> str:
    url = reverse("scoring:results", args=[session.pk])
    return f"{url}#board-{board}" if board else url


def _scorecards(results) -> dict[str, list]:
    """Each pair's boards: the line, the side it sat, its opponents and its matchpoints (or IMPs)."""
    cards: dict[str, list] = {}
    for traveller in results.travellers:
        for line in traveller.lines:
            if not line.entered or line.scored is None:
                continue
            for pair, side, against, points in (
                (line.ns, "NS", line.ew, line.scored.ns),
                (line.ew, "EW", line.ns, line.scored.ew),
            ):
                top = line.scored.top
                cards.setdefault(pair, []).append(
                    SimpleNamespace(
                        board=traveller.board,
                        side=side,
                        against=against,
                        line=line,
                        points=points,
                        top=top,
                        percentage=100 * points / top if top else None,
                    )
                )
    return cards


@require_safe
@login_required
def results(request, session_id):
    session = session_get_for_director(user=request.user, session_id=session_id)
    data = session_travellers(session=session, checks_for=request.user)
    sections = len({p.section for p in data.pairs.values()}) > 1
    return render(
        request,
        "scoring/results.html",
        {
            "session": session,
            "club": session.club,
            "results": data,
            "options": data.options,
            "options_words": options_in_words(data.options, sections=sections),
            "ranking": ranking_rows(data.event, data.pairs),
            "scorecards": _scorecards(data),
            "publication": publication_state(session),
            "default_hours": DEFAULT_QUERY_HOURS,
            "max_hours": MAX_QUERY_HOURS,
            "may_change": not session.is_final,
        },
    )


def _line_of(session, board: int, ns: str, ew: str):
    layout = session_layout(session)
    data = session_travellers(session=session, board=board, layout=layout)
    traveller = data.traveller(board)
    line = next((ln for ln in traveller.lines if (ln.ns, ln.ew) == (ns, ew)), None) if traveller else None
    if line is None:
        raise Http404("No such line on this board.")
    return data, traveller, line


def _apply(request, session, line, action: str, form) -> bool:
    """Do what the director asked; a ScoringError lands on the form. False when the line already read so (a
    correction to the result it has: nothing to change, nothing in the trail)."""
    user, reason = request.user, form.cleaned_data["reason"]
    if action == "delete":
        result_delete(result=Result.objects.get(pk=line.id), user=user, reason=reason)
        return True
    new = form.result()
    if line.entered:
        recorded = Result.objects.get(pk=line.id)
        if domain_result(recorded) == new:
            return False
        result_correct(result=recorded, new=new, user=user, reason=reason)
        return True
    pairs = {p.label: p for p in session_pairs_ensure(session=session)}
    result_record(
        session=session,
        board=line.board,
        ns_pair=pairs[line.ns],
        ew_pair=pairs[line.ew],
        result=new,
        user=user,
        round=line.round,
        table=line.table,
        reason=reason,
    )
    return True


@login_required
def line_change(request, session_id, board, ns, ew):
    session = session_get_for_director(user=request.user, session_id=session_id)
    data, traveller, line = _line_of(session, board, ns, ew)
    action = request.POST.get("action") if request.method == "POST" else None
    if action is not None and action not in CHANGE_FORMS:
        raise Http404("No such change.")
    given = {
        name: (form_class(request.POST, prefix=name) if name == action else form_class(prefix=name))
        for name, form_class in CHANGE_FORMS.items()
    }
    if not line.entered:
        given.pop("delete")
    if action is not None and action not in given:
        raise Http404("No such change for this line.")
    if action is not None:
        form = given[action]
        if form.is_valid():
            if action == "delete" and request.POST.get("confirmed") != "yes":
                return render(
                    request,
                    "scoring/confirm.html",
                    {
                        "session": session,
                        "club": session.club,
                        "title": _("Delete this line?"),
                        "what": _(
                            "Board %(board)s, %(ns)s v %(ew)s: %(result)s. The line leaves the traveller and the "
                            "ranking; the board's audit trail keeps it with your reason."
                        )
                        % {"board": board, "ns": ns, "ew": ew, "result": say(line.description)},
                        "action": request.path,
                        "fields": {"action": "delete", "delete-reason": form.cleaned_data["reason"]},
                        "button": _("Delete the line"),
                        "cancel": request.path,
                        "danger": True,
                    },
                )
            try:
                changed = _apply(request, session, line, action, form)
            except forms.ValidationError as exc:
                form.add_error(_RESULT_FIELD.get(action), exc)
            except ScoringError as exc:
                target = "reason" if exc.field == "reason" else _RESULT_FIELD.get(action) if exc.field else None
                form.add_error(target if target in form.fields else None, error_message(exc))
            else:
                if changed:
                    messages.success(
                        request,
                        _("Board %(board)s, %(ns)s v %(ew)s: saved in the audit trail.")
                        % {"board": board, "ns": ns, "ew": ew},
                    )
                else:
                    messages.info(
                        request,
                        _("Board %(board)s, %(ns)s v %(ew)s already has this result: nothing changed.")
                        % {"board": board, "ns": ns, "ew": ew},
                    )
                return redirect(_results_url(session, board))
    return render(
        request,
        "scoring/line_change.html",
        {
            "session": session,
            "club": session.club,
            "board": board,
            "line": line,
            "traveller": traveller,
            "options": data.options,
            "forms": given,
            "action": action,
            "results_url": _results_url(session, board),
        },
        status=400 if action and not given[action].is_valid() else 200,
    )


class OptionsForm(forms.Form):
    method = forms.ChoiceField(label=gettext_lazy("Scoring"), choices=SessionScoring.Method.choices)
    scale = forms.ChoiceField(label=gettext_lazy("Matchpoint scale"), choices=SessionScoring.Scale.choices)
    factoring = forms.ChoiceField(label=gettext_lazy("Factoring"), choices=SessionScoring.Factoring.choices)
    sections = forms.ChoiceField(label=gettext_lazy("Sections"), choices=SessionScoring.Sections.choices)
    rounding = forms.ChoiceField(
        label=gettext_lazy("Matchpoints of each line"), choices=SessionScoring.Rounding.choices, required=False
    )
    decimals = forms.IntegerField(
        label=gettext_lazy("Decimals of the lines"), min_value=0, max_value=MOST_DECIMALS, required=False, initial=2
    )
    totals = forms.ChoiceField(
        label=gettext_lazy("Pairs' totals and percentages"), choices=SessionScoring.Totals.choices, required=False
    )
    handicap = forms.BooleanField(
        label=gettext_lazy("A handicap ranking beside it (the members' handicaps)"), required=False
    )


def _comparison(session, current: ScoringOptions, other: ScoringOptions):
    layout = session_layout(session)
    now = session_score(session=session, options=current, layout=layout)
    then = session_score(session=session, options=other, layout=layout)
    names = {label: p.names for label, p in session_pairs(session=session).items()}
    new = {p.pair: p for p in then.pairs}
    rows = []
    for p in now.pairs:
        q = new.get(p.pair)
        rows.append(
            SimpleNamespace(
                pair=p.pair,
                names=names.get(p.pair, ""),
                field=p.field,
                place=p.place,
                score=p.score,
                new_place=q.place if q else "",
                new_score=q.score if q else None,
                place_changed=q is None or q.place != p.place,
                score_changed=q is None or q.score != p.score,
                moved=(int(p.place.rstrip("=")) - int(q.place.rstrip("="))) if q else 0,
            )
        )
    return rows, now, then


@login_required
def compare(request, session_id):
    session = session_get_for_director(user=request.user, session_id=session_id)
    current = session_options(session=session)
    handicap_now = has_handicap_ranking(session=session)
    source = request.POST if request.method == "POST" else (request.GET or None)
    form = OptionsForm(source, initial={**current.as_dict(), "handicap": handicap_now})
    other, handicap = current, handicap_now
    if form.is_bound and form.is_valid():
        other, handicap = ScoringOptions.parse(form.cleaned_data), form.cleaned_data["handicap"]
        if request.method == "POST":
            try:
                session_scoring_set(session=session, user=request.user, **other.as_dict(), handicap=handicap)
            except ScoringError as exc:
                messages.error(request, error_message(exc))
            else:
                words = options_in_words(other, handicap=handicap)
                messages.success(request, _("The session is now scored with: %(options)s.") % {"options": words})
                return redirect(_results_url(session))
    rows, now, then = _comparison(session, current, other)
    return render(
        request,
        "scoring/compare.html",
        {
            "session": session,
            "club": session.club,
            "form": form,
            "rows": rows,
            "current": current,
            "other": other,
            "current_words": options_in_words(current, handicap=handicap_now),
            "other_words": options_in_words(other, handicap=handicap),
            "same": other == current and handicap == handicap_now,
            "changed": sum(1 for r in rows if r.place_changed or r.score_changed),
            "final": session.is_final,
        },
    )


class PublishForm(forms.Form):
    mode = forms.ChoiceField(choices=[("provisional", "provisional"), ("final", "final")])
    query_hours = forms.IntegerField(
        label=gettext_lazy("Score-query window (hours)"),
        min_value=1,
        max_value=MAX_QUERY_HOURS,
        required=False,
        initial=DEFAULT_QUERY_HOURS,
    )


@login_required
@require_POST
def publish(request, session_id):
    session = session_get_for_director(user=request.user, session_id=session_id)
    form = PublishForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect(f"{_results_url(session)}#publication")
    provisional = form.cleaned_data["mode"] == "provisional"
    hours = (form.cleaned_data["query_hours"] or DEFAULT_QUERY_HOURS) if provisional else 0
    if request.POST.get("confirmed") != "yes":
        if provisional:
            until = timezone.localtime(timezone.now() + datetime.timedelta(hours=hours))
            what = _(
                "Players of the club will see the ranking now. Until %(until)s they may query their scores and "
                "only directors can correct results, each with a reason; then the results become final by "
                "themselves and nobody can change them."
            ) % {"until": _when(until)}
            title, button = _("Publish the results provisionally?"), _("Publish provisionally")
        else:
            what = _(
                "Players of the club will see the ranking now, and the results are final at once: nobody can "
                "change a result afterwards."
            )
            title, button = _("Publish the results as final?"), _("Publish as final")
        return render(
            request,
            "scoring/confirm.html",
            {
                "session": session,
                "club": session.club,
                "title": title,
                "what": what,
                "action": request.path,
                "fields": {"mode": form.cleaned_data["mode"], "query_hours": hours or ""},
                "button": button,
                "cancel": f"{_results_url(session)}#publication",
                "danger": not provisional,
            },
        )
    try:
        session_results_publish(session=session, user=request.user, query_hours=hours)
    except ScoringError as exc:
        messages.error(request, error_message(exc))
    else:
        messages.success(
            request,
            _("The results are published provisionally.") if provisional else _("The results are published as final."),
        )
    return redirect(f"{_results_url(session)}#publication")


@login_required
@require_POST
def make_final(request, session_id):
    session = session_get_for_director(user=request.user, session_id=session_id)
    if request.POST.get("confirmed") != "yes":
        return render(
            request,
            "scoring/confirm.html",
            {
                "session": session,
                "club": session.club,
                "title": _("Make the results final now?"),
                "what": _(
                    "The score-query window closes now and the results become final: nobody can change a result "
                    "afterwards."
                ),
                "action": request.path,
                "fields": {},
                "button": _("Make final now"),
                "cancel": f"{_results_url(session)}#publication",
                "danger": True,
            },
        )
    try:
        session_results_make_final(session=session, user=request.user)
    except ScoringError as exc:
        messages.error(request, error_message(exc))
    else:
        messages.success(request, _("The results are final."))
    return redirect(f"{_results_url(session)}#publication")


def _when(moment) -> str:
    from clubsite.dates import when  # the site's one date format, in the reader's language

    return when(moment)


urlpatterns = [
    path("sessions/<int:session_id>/results/", results, name="results"),
    path("sessions/<int:session_id>/results/boards/<int:board>/<str:ns>/<str:ew>/", line_change, name="line_change"),
    path("sessions/<int:session_id>/results/compare/", compare, name="compare"),
    path("sessions/<int:session_id>/results/publish/", publish, name="publish"),
    path("sessions/<int:session_id>/results/final/", make_final, name="make_final"),
]

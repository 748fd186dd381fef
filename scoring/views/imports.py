"""Results files on pages: a director imports a USEBIO or PBN file as a session; a session's results downloaded.

* ``import_file`` (``/scoring/clubs/<slug>/import/``, the club's directors) — upload a USEBIO
  (``.xml``) or PBN-with-results (``.pbn``) file, at most 5 MB: it becomes a finished session of
  the club with its pairs, players, boards, hands and results, scored by us
  (``scoring.services.imports.session_import_upload``). A bad file's message (file, line and
  element) stands beside the file field and nothing is saved.
* ``import_report`` (``/scoring/sessions/<id>/import/``, the club's directors and scorers) — the
  session as we rank it and the comparison of our numbers with the file's, in bridge words, the
  mathematics collapsed (``scoring.selectors.imports.session_import_report``).
* ``export_usebio`` / ``export_pbn`` (``/scoring/sessions/<id>/export/usebio/``, ``…/pbn/``) —
  the session's results as a file (``scoring.selectors.exports``: directors and scorers at any
  time, players once the results are published; hands only once the session is over).

The session page shows ``scoring/_exports.html`` (a panel the pairs event kind places after the path: ``events.kinds.pairs``).
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from clubs.permissions import can_direct
from clubs.selectors import club_get_for_director, session_get_for_scorer
from clubsite.texts import error_message
from scoring.domain.errors import ScoringError
from scoring.domain.ranking import handicap_ranking
from scoring.selectors.exports import ResultsFile, session_export_pbn, session_export_usebio
from scoring.selectors.imports import session_import_report
from scoring.selectors.results import session_pairs, session_score
from scoring.selectors.travellers import options_in_words, ranking_rows
from scoring.services.imports import MAX_IMPORT_BYTES, session_import_upload


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Results file"), widget=forms.FileInput(attrs={"accept": ".xml,.pbn"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = _("USEBIO (.xml) or PBN with results (.pbn), at most %(megabytes)s MB.") % {
            "megabytes": MAX_IMPORT_BYTES // (1024 * 1024)
        }


@login_required
def import_file(request, slug):
    club = club_get_for_director(user=request.user, slug=slug)
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if form.is_bound and form.is_valid():
        try:
            session = session_import_upload(club=club, upload=form.cleaned_data["file"], user=request.user)
        except ScoringError as exc:
            form.add_error("file", error_message(exc))
        else:
            messages.success(
                request,
                _("%(file)s is imported as the session %(session)s.")
                % {"file": form.cleaned_data["file"].name, "session": session.name},
            )
            return redirect("scoring:import_report", session_id=session.pk)
    return render(
        request,
        "scoring/session_import.html",
        {
            "club": club,
            "form": form,
            "megabytes": MAX_IMPORT_BYTES // (1024 * 1024),
        },
        status=400 if form.errors else 200,
    )


@login_required
def import_report(request, session_id):
    session = session_get_for_scorer(user=request.user, session_id=session_id)
    report = session_import_report(session=session)
    if report is None:
        raise Http404(_("This session was not imported from a results file."))
    score = session_score(session=session)
    pairs = session_pairs(session=session)
    sections = len({p.section for p in pairs.values()}) > 1
    ranking = ranking_rows(score, pairs)
    return render(
        request,
        "scoring/session_import_report.html",
        {
            "session": session,
            "club": session.club,
            "report": report,
            "options": score.options,
            "options_words": options_in_words(score.options, sections=sections),
            "ranking": ranking,
            "handicap_ranking": _handicap_ranking(ranking, report.handicaps),
            "can_direct": can_direct(request.user, session.club),
        },
    )


def _handicap_ranking(ranking, handicaps: dict[str, Fraction]):
    """Beside the scratch ranking, a handicap event's: each field's pairs on scratch + half the handicap."""
    if not handicaps:
        return []
    out = []
    for name, rows in ranking:
        scratch = {row.pair: row.percentage for row in rows if row.percentage is not None}
        ranked = handicap_ranking(scratch, handicaps)
        table = [
            SimpleNamespace(
                place=ranked[row.pair][1],
                pair=row.pair,
                names=row.names,
                scratch=row.percentage,
                handicap=handicaps.get(row.pair),
                percentage=ranked[row.pair][0],
            )
            for row in rows
            if row.pair in ranked
        ]
        table.sort(key=lambda r: (-r.percentage, r.pair))
        out.append((name, table))
    return out


def _download(results_file: ResultsFile) -> HttpResponse:
    response = HttpResponse(results_file.content, content_type=results_file.content_type)
    response["Content-Disposition"] = f'attachment; filename="{results_file.filename}"'
    return response


@require_safe
@login_required
def export_usebio(request, session_id):
    return _download(session_export_usebio(user=request.user, session_id=session_id))


@require_safe
@login_required
def export_pbn(request, session_id):
    return _download(session_export_pbn(user=request.user, session_id=session_id))


urlpatterns = [
    path("clubs/<slug:slug>/import/", import_file, name="import"),
    path("sessions/<int:session_id>/import/", import_report, name="import_report"),
    path("sessions/<int:session_id>/export/usebio/", export_usebio, name="export_usebio"),
    path("sessions/<int:session_id>/export/pbn/", export_pbn, name="export_pbn"),
]

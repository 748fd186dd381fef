"""A session's results to print for the notice board: the ranking and every pair's scorecard (``scoring.printing``).

* ``results_pdf`` (``/scoring/sessions/<id>/results.pdf``) — the PDF, A4 portrait;
* ``results_print`` (``/scoring/sessions/<id>/results/print/``) — the same pages as HTML (the browser's Print).

Who may have them is who may read the ranking (``scoring.selectors.players.ranking_for_viewer``): a published
session's results, public unless the club keeps them to its members; the club's directors and scorers (and site
auditors) at any time, a preview before publication marked as one. Anyone else gets the players' 404 page,
whatever the reason. No login is needed for public results.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import path
from django.views.decorators.http import require_safe

from scoring import printing
from scoring.selectors.players import ranking_for_viewer
from scoring.views.players import results_page


@require_safe
@results_page
def results_print(request, session_id: int):
    ranking = ranking_for_viewer(user=request.user, session_id=session_id)
    return HttpResponse(printing.results_html(ranking, request=request))


@require_safe
@results_page
def results_pdf(request, session_id: int):
    ranking = ranking_for_viewer(user=request.user, session_id=session_id)
    session = ranking.session
    response = HttpResponse(printing.results_pdf(ranking), content_type="application/pdf")
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-results{'-preview' if ranking.preview else ''}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


urlpatterns = [
    path("sessions/<int:session_id>/results.pdf", results_pdf, name="results_pdf"),
    path("sessions/<int:session_id>/results/print/", results_print, name="results_print"),
]

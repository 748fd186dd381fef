"""A session's results to print for the notice board: the ranking and every pair's scorecard (``scoring.printing``).

* ``results_pdf`` (``/scoring/sessions/<id>/results.pdf``) — the PDF, A4 portrait, made once for each version of
  what it shows and kept (``scoring.printing.results_pdf``);
* ``results_print`` (``/scoring/sessions/<id>/results/print/``) — the same pages as HTML (the browser's Print).

Both take ``?contents=``: ``ranking`` (the ranking only), ``scorecards`` (with every pair's scorecard, the
default), ``travellers`` (with every board's traveller) or ``all`` (both); the printable page offers the choice.

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
    contents = printing.contents_of(request.GET.get("contents"))
    return HttpResponse(printing.results_html(ranking, contents, request=request))


@require_safe
@results_page
def results_pdf(request, session_id: int):
    ranking = ranking_for_viewer(user=request.user, session_id=session_id)
    contents = printing.contents_of(request.GET.get("contents"))
    session = ranking.session
    response = HttpResponse(printing.results_pdf(ranking, contents), content_type="application/pdf")
    what = "" if contents == printing.DEFAULT_CONTENTS else f"-{contents.name}"
    name = f"{session.club.slug}-{session.date:%Y%m%d}-s{session.pk}-results{what}{'-preview' if ranking.preview else ''}.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


urlpatterns = [
    path("sessions/<int:session_id>/results.pdf", results_pdf, name="results_pdf"),
    path("sessions/<int:session_id>/results/print/", results_print, name="results_print"),
]

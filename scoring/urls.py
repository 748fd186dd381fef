"""HTML pages of the scoring app: each page module's ``urlpatterns``, joined."""

from __future__ import annotations

from scoring.views import director, imports, players, printing, scorer

app_name = "scoring"

urlpatterns: list = [
    *scorer.urlpatterns,
    *director.urlpatterns,
    *imports.urlpatterns,
    *players.urlpatterns,
    *printing.urlpatterns,
]

"""HTML pages of the scoring app: each page module's ``urlpatterns``, joined."""

from __future__ import annotations

import importlib

app_name = "scoring"

#: page modules under scoring/views/ that define ``urlpatterns``
PAGE_MODULES = ("scorer", "director", "imports", "players", "printing")

urlpatterns: list = []
for _name in PAGE_MODULES:
    try:
        urlpatterns += importlib.import_module(f"scoring.views.{_name}").urlpatterns
    except ModuleNotFoundError as exc:          # a page module not written yet
        if exc.name != f"scoring.views.{_name}":
            raise

"""API endpoints of the scoring app, mounted under /api/v1/: each API module's ``urlpatterns``, joined."""

from __future__ import annotations

import importlib

#: API modules under scoring/apis/ that define ``urlpatterns``
API_MODULES = ("results", "files")

urlpatterns: list = []
for _name in API_MODULES:
    try:
        urlpatterns += importlib.import_module(f"scoring.apis.{_name}").urlpatterns
    except ModuleNotFoundError as exc:          # an API module not written yet
        if exc.name != f"scoring.apis.{_name}":
            raise

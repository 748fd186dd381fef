"""API endpoints of the scoring app, mounted under /api/v1/: each API module's ``urlpatterns``, joined."""

from __future__ import annotations

from scoring.apis import files, results

urlpatterns: list = [*results.urlpatterns, *files.urlpatterns]

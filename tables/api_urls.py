"""API endpoints of table-side entry, mounted under /api/v1/ (``tables/apis.py``; a teams session's tables:
``tables/apis_teams.py``)."""

from tables.apis import urlpatterns as pairs_urlpatterns
from tables.apis_teams import urlpatterns as teams_urlpatterns

urlpatterns = [*pairs_urlpatterns, *teams_urlpatterns]

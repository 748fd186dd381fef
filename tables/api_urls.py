"""API endpoints of table-side entry, mounted under /api/v1/ (``tables/apis.py``)."""

from tables.apis import urlpatterns  # noqa: F401

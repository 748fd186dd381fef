"""The scoring API (mounted under /api/v1/): each module holds small DRF views and its own ``urlpatterns``,
joined in ``scoring/api_urls.py``."""

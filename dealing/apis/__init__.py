"""API views of the dealing app, one module per feature (routes in dealing/api_urls.py)."""

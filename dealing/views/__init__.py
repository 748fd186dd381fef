"""HTML pages of the dealing app, one module per feature (routes in dealing/urls.py)."""

"""The WSGI application (``gunicorn clubsite.wsgi``), ready before its first request.

Django reads the URL configuration, and so imports every view, API and what they use, only when the
first request arrives, and compiles each template the first time a page uses it: about a second of
work that the first phone of the evening (and, with several workers, the first request each worker
takes) used to wait for. ``warm_up`` does it here, at start-up; with gunicorn's ``preload_app`` (``gunicorn.conf.py``) once, before the workers fork. It
touches no database (a connection opened before forking would be shared by every worker).
"""

import os
from pathlib import Path

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")

application = get_wsgi_application()


def warm_up() -> None:
    """Import the URL configuration (every view and API) and build its reverse lookup, load the site's
    translations and compile the site's templates (``templates/``; the cached template loader keeps them) now."""
    resolver = get_resolver()
    _ = resolver.url_patterns  # the URL configuration imported
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            translation.gettext("Table")
            _ = resolver.reverse_dict  # {% url %} and reverse(): built per language, on first use
            resolver.resolve("/")  # every pattern's regular expression compiled
    root = Path(settings.BASE_DIR) / "templates"
    for template in sorted(root.rglob("*.html")):
        get_template(template.relative_to(root).as_posix())


warm_up()

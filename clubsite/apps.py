"""The ``clubsite`` app: creates the Celery app when Django loads its apps, and makes the reader's language the one
the domains' words are said in outside of a text (``bridge.text.speak``)."""

from django.apps import AppConfig

from bridge.text import speak
from clubsite.texts import READER


class ClubsiteConfig(AppConfig):
    name = "clubsite"

    def ready(self):
        # The Celery app, configured from the settings: tasks declared with @shared_task are
        # bound to it, so it must exist before any is queued (it was imported by the package's
        # __init__, which made every import of the settings pay for Celery).
        from clubsite import celery  # noqa: F401

        speak(READER)  # a domain's word helper called from a page says its words in the page's language

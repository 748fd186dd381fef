"""The ``clubsite`` app: creates the Celery app when Django loads its apps."""

from django.apps import AppConfig


class ClubsiteConfig(AppConfig):
    name = "clubsite"

    def ready(self):
        # The Celery app, configured from the settings: tasks declared with @shared_task are
        # bound to it, so it must exist before any is queued (it was imported by the package's
        # __init__, which made every import of the settings pay for Celery).
        from clubsite import celery  # noqa: F401

"""Project wiring: settings, URLs, the Celery app, the API error handler and health checks."""

from .celery import app as celery_app

__all__ = ("celery_app",)

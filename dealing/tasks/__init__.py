"""Celery tasks of the dealing app, one module per feature (Celery's autodiscovery imports this package)."""

from dealing.tasks.analysis import session_analysis_task  # noqa: F401

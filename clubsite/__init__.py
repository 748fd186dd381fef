"""Project wiring: settings, URLs, the Celery app, the API error handler and health checks.

The Celery app (``clubsite.celery``) is created when Django loads its apps (``clubsite.apps``),
so every process that uses the models and queues tasks has it, and ``celery -A clubsite`` finds
it; importing this package alone (for the settings) does not import Celery, so the commands that
run without the app registry (``clubsite.standalone``) start without it. ``clubsite.celery_app``
still gives the app, importing it on first use.
"""

__all__ = ("celery_app",)


def __getattr__(name):
    if name == "celery_app":
        # only when asked for: Django's loading imports this package before the Celery app can be made
        from .celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

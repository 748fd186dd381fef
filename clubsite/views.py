"""Site-wide views: the health endpoint."""

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from clubsite.celery import app as celery_app


def _database_state() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says which
        return {"ok": False, "vendor": connection.vendor, "error": exc.__class__.__name__}
    return {"ok": True, "vendor": connection.vendor}


def _broker_state() -> dict:
    transport = celery_app.conf.broker_url.split("://", 1)[0]
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return {"ok": False, "transport": transport, "error": exc.__class__.__name__}
    return {"ok": True, "transport": transport}


@never_cache
@require_GET
def healthz(request):
    """Database and broker state as JSON; 200 when both answer, 503 otherwise."""
    state = {"database": _database_state(), "broker": _broker_state()}
    healthy = all(part["ok"] for part in state.values())
    state["status"] = "ok" if healthy else "degraded"
    return JsonResponse(state, status=200 if healthy else 503)

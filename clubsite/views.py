"""Site-wide views: the health endpoint, the error pages, and the standalone verifier's download."""

import logging
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.db import connection
from django.http import FileResponse, HttpResponsePermanentRedirect, HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_safe

from clubsite.celery import app as celery_app

logger = logging.getLogger(__name__)


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
    database, broker = _database_state(), _broker_state()
    healthy = all(part["ok"] for part in (database, broker))
    state = {"database": database, "broker": broker, "status": "ok" if healthy else "degraded"}
    return JsonResponse(state, status=200 if healthy else 503)


# --- the standalone verifier ---------------------------------------------------------------------

#: The file the docs describe (docs/commitments.md), served as it is in the repository: never a copy.
VERIFIER = Path(settings.BASE_DIR) / "tools" / "verify_commitment.py"


@require_safe
def verifier_download(request):
    """``tools/verify_commitment.py`` as a download (text/x-python), for anyone: checking needs no account."""
    response = FileResponse(
        VERIFIER.open("rb"), as_attachment=True, filename=VERIFIER.name, content_type="text/x-python; charset=utf-8"
    )
    response["Cache-Control"] = "public, max-age=3600"
    return response


# --- error pages ---------------------------------------------------------------------------------
# 403, 404 and 500 in the site's layout and the reader's language, saying why and what to do
# (templates/403.html, 404.html, 500.html); under /api/ the same errors in the API's one JSON shape
# ({"error": {"code", "message", "field"}}, clubsite/api.py) — a program gets no HTML page.


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def _api_error(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message, "field": None}}, status=status)


def _back(request) -> str | None:
    """Where "Back" goes: the page the reader came from, when it is a page of this site and not this one."""
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        if urlsplit(referer).path != request.path:
            return referer
    return None


#: Refusals some selectors raise as plain English (clubs/selectors.py); listed so the catalogue says them.
REFUSALS = (
    gettext_noop("Only the club's directors may do this."),
    gettext_noop("Only the club's directors and scorers may do this."),
)


def _reason(exception) -> str:
    """The refusal's own words ("Only the club's directors may do this."), in the reader's language."""
    message = str(exception or "").strip()
    if not message or message.startswith("<") or len(message) > 300:
        return ""
    return gettext(message)  # raised as plain English by some selectors; already said when raised with gettext


def permission_denied(request, exception=None):
    if _is_api(request):
        return _api_error("permission_denied", gettext("You may not do this."), 403)
    return render(request, "403.html", {"reason": _reason(exception), "back": _back(request)}, status=403)


def page_not_found(request, exception=None):
    if _is_api(request):
        return _api_error("not_found", gettext("Not found."), 404)
    return render(request, "404.html", {"back": _back(request)}, status=404)


def bad_request(request, exception=None):
    if _is_api(request):
        return _api_error("bad_request", gettext("Bad request."), 400)
    return render(request, "400.html", {"back": _back(request)}, status=400)


def csrf_failure(request, reason=""):
    """A form sent without its token (open too long, cookies off): say so, and how to send it again."""
    if _is_api(request):
        return _api_error("csrf_failed", gettext("The form's security token is missing or expired."), 403)
    return render(request, "403_csrf.html", {"back": _back(request)}, status=403)


def server_error(request):
    """The 500 page, made without the database: it must show when the database is the trouble."""
    if _is_api(request):
        return _api_error("server_error", gettext("Something went wrong on our side. Please try again later."), 500)
    try:
        html = loader.get_template("500.html").render({"request": request, "LANGUAGE_CODE": get_language()})
    except Exception:  # the page itself failed: say it plainly rather than fail twice
        logger.exception("the 500 page could not be rendered")
        html = "<!DOCTYPE html><title>Server error</title><h1>Server error (500)</h1><p>Please try again later.</p>"
    return HttpResponseServerError(html)


@require_safe
def favicon(request):
    """``/favicon.ico``, which browsers, bookmarks and feed readers ask for whatever a page links: the site's icon
    (``static/img/favicon.svg``, which every page links), so that no request for it ends in a 404."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))

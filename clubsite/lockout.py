"""What a paused login is answered with (django-axes calls ``locked_out``; settings ``AXES_*``).

Five wrong passwords for one username from one address pause that username's logins from that
address for ``AXES_COOLOFF_TIME``. A person at the login page gets a page in the site's layout and
their language saying what happened and what to do (429); the API (Basic authentication on
``/api/``) gets its one JSON error shape, ``{"error": {"code": "locked_out", "message", "field"}}``,
with ``Retry-After``: the API's exception handler (``clubsite.api``) turns axes' refusal into
``LockedOut``, since DRF authenticates inside the view, after axes' middleware has looked (axes
marks DRF's request, ``axes_locked_out``, and Django's authenticate() returns no user).
"""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework import exceptions

STATUS = 429


def _minutes() -> int:
    return max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))


def _api_message() -> str:
    return _(
        "Too many wrong passwords for this user from this address: logging in is paused for %(minutes)s minutes."
    ) % {"minutes": _minutes()}


class LockedOut(exceptions.Throttled):
    """The API's answer to a paused login: 429, code ``locked_out``, ``Retry-After``."""

    default_code = "locked_out"

    def __init__(self):
        super().__init__(wait=_minutes() * 60, detail=_api_message(), code="locked_out")


def locked_out(request, original_response=None, credentials=None):
    minutes = _minutes()
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"error": {"code": "locked_out", "message": _api_message(), "field": None}}, status=STATUS
        )
    else:
        response = render(
            request,
            "registration/locked_out.html",
            {"minutes": minutes, "failure_limit": settings.AXES_FAILURE_LIMIT},
            status=STATUS,
        )
    response["Retry-After"] = str(minutes * 60)
    return response

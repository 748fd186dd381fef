"""One JSON error shape for the whole API: ``{"error": {"code", "message", "field"}}``.

Domain errors (every domain package's error subclasses ``ValueError``) become 400s with
code ``invalid``, said in the request's language when the error carries its message as data
(``clubs.texts.error_message``; otherwise ``str(exc)``); DRF's own errors keep their
status and code. A validation error on several fields reports the first in
``field``/``message`` and all of them in ``fields``.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from clubs.texts import error_message


def _first_message(detail) -> tuple[str | None, str, str]:
    """(field, message, code) of the first error in a DRF detail structure."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            inner_field, message, code = _first_message(value)
            if field == "non_field_errors":
                return inner_field, message, code
            return (f"{field}.{inner_field}" if inner_field else field), message, code
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return None, str(detail), getattr(detail, "code", "invalid")


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(_flatten(value, name))
        return out
    if isinstance(detail, list) and detail and isinstance(detail[0], (dict, list)):
        out = {}
        for index, value in enumerate(detail):
            out.update(_flatten(value, f"{prefix}[{index}]"))
        return out
    messages = [str(item) for item in detail] if isinstance(detail, list) else [str(detail)]
    return {prefix or "non_field_errors": messages}


def error_response(message: str, *, code: str = "invalid", field: str | None = None, http_status: int = 400):
    return Response({"error": {"code": code, "message": message, "field": field}}, status=http_status)


def exception_handler(exc, context):
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, ValueError) and not isinstance(exc, exceptions.APIException):
        field = getattr(exc, "field", None)
        return error_response(error_message(exc), code=getattr(exc, "code", "invalid"), field=field)

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    detail = exc.detail if isinstance(exc, exceptions.APIException) else response.data
    field, message, code = _first_message(detail)
    body = {"error": {"code": code, "message": message, "field": field}}
    if isinstance(exc, exceptions.ValidationError):
        body["error"]["fields"] = _flatten(detail)
        if field and field != "non_field_errors" and not message.startswith(field):
            body["error"]["message"] = f"{field}: {message}"
    response.data = body
    if response.status_code == status.HTTP_403_FORBIDDEN and not context["request"].user.is_authenticated:
        response.status_code = status.HTTP_401_UNAUTHORIZED if response.has_header("WWW-Authenticate") else 403
    return response

"""One JSON error shape for the whole API: ``{"error": {"code", "message", "field"}}``.

This handler is the API's one error channel: views call services and let what they raise
pass (no API view catches a service's error; ``tests/test_architecture.py`` holds them to it).

* Domain errors (every domain package's error subclasses ``ValueError``, with optional
  ``field`` and ``text``) become 400s with code ``invalid``, said in the request's language
  when the error carries its message as data (``clubsite.texts.error_message``; otherwise
  ``str(exc)``).
* Django's ``ValidationError`` (what services raise after ``full_clean`` or their own checks)
  becomes a 400 too: with a ``message_dict``, the first field and its message, every field in
  ``fields``; a plain message has ``field`` null.
* A login paused for guessing (django-axes) becomes a 429 with code ``locked_out``.
* ``Http404`` / Django's ``PermissionDenied`` become DRF's 404 / 403; DRF's own errors keep
  their status and code.

A validation error on several fields reports the first in ``field``/``message`` and all of
them in ``fields``.

DRF's own messages are said in the request's language by DRF's catalogue; the few its Polish
catalogue leaves in English are listed in :data:`DRF_MESSAGES_WE_TRANSLATE`, so that ours (the
project's ``locale/``, which comes first) says them in Polish.
"""

from __future__ import annotations

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext_noop
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from clubsite.lockout import LockedOut
from clubsite.texts import error_message

#: DRF's validation messages that its Polish catalogue leaves in English (found by the hostile-fields tests:
#: ``analysis: Must be a valid boolean.`` to a Polish reader), kept in ours by ``make messages``.
DRF_MESSAGES_WE_TRANSLATE = (
    gettext_noop("A valid biginteger is required."),
    gettext_noop("Datetime value out of range."),
    gettext_noop("Ensure this field has at least {min_length} elements."),
    gettext_noop("Ensure this field has no more than {max_length} elements."),
    gettext_noop('Enter a valid "slug" consisting of Unicode letters, numbers, underscores, or hyphens.'),
    gettext_noop("Integer value too large to convert to float"),
    gettext_noop('Invalid datetime for the timezone "{timezone}".'),
    gettext_noop("Invalid input."),
    gettext_noop("Must be a valid UUID."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Not a valid string."),
    gettext_noop("Surrogate characters are not allowed: U+{code_point:X}."),
    gettext_noop("This dictionary may not be empty."),
)


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


def _from_django(exc: DjangoValidationError) -> exceptions.ValidationError:
    """DRF's validation error for a Django one: field → messages (``__all__`` is ``non_field_errors``)."""
    if hasattr(exc, "error_dict"):
        return exceptions.ValidationError(
            {
                ("non_field_errors" if field == NON_FIELD_ERRORS else field): messages
                for field, messages in exc.message_dict.items()
            }
        )
    return exceptions.ValidationError({"non_field_errors": exc.messages})


def error_response(message: str, *, code: str = "invalid", field: str | None = None, http_status: int = 400):
    return Response({"error": {"code": code, "message": message, "field": field}}, status=http_status)


def exception_handler(exc, context):
    if getattr(context.get("request"), "axes_locked_out", False):  # a paused login (Basic authentication): 429
        exc = LockedOut()
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        exc = _from_django(exc)
    elif isinstance(exc, ValueError) and not isinstance(exc, exceptions.APIException):
        field = getattr(exc, "field", None)
        set_rollback()
        return error_response(error_message(exc), code=getattr(exc, "code", "invalid"), field=field)

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    detail = exc.detail if isinstance(exc, exceptions.APIException) else response.data
    field, message, code = _first_message(detail)
    error: dict[str, str | dict[str, list[str]] | None] = {"code": code, "message": message, "field": field}
    if isinstance(exc, exceptions.ValidationError):
        error["fields"] = _flatten(detail)
        if field and field != "non_field_errors" and not message.startswith(field):
            error["message"] = f"{field}: {message}"
    response.data = {"error": error}
    if response.status_code == status.HTTP_403_FORBIDDEN and not context["request"].user.is_authenticated:
        response.status_code = status.HTTP_401_UNAUTHORIZED if response.has_header("WWW-Authenticate") else 403
    return response

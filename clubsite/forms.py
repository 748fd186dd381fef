"""What every page's form does with a service's refusal: ``report_errors`` puts a ``ValidationError`` on the form,
beside the field it names (or above the form when the form has no such field), so the page comes back with what
was typed and why it was refused. One helper for every app's views."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError


def report_errors(form: forms.BaseForm, exc: ValidationError, rename: dict[str, str] | None = None) -> None:
    """Put a service's ValidationError on ``form``, next to the field it names when the form has it; ``rename``
    maps a service's field name to the form's."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            field = (rename or {}).get(field, field)
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)

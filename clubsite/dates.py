"""Dates and times said in the site's one format, in the reader's language (``clubsite/formats``).

``when(value, clock=None)`` is what ``{{ value|when }}`` does in a template (``clubsite/templatetags/dates.py``),
for Python code that says a date to a person (a form's choices, a message):

* a moment (an aware datetime), in the site's time zone: "Tue 24 Nov 2026, 19:00" ("wt., 24 lis 2026, 19:00");
* a day: "Tue 24 Nov 2026"; a day and a wall-clock time (``clock``) as one moment: "Tue 24 Nov 2026, 19:00";
* a time: "19:00".

``when_with_offset(value)`` (``{{ value|when_with_offset }}``) says a moment with its offset from UTC, "Tue 24 Nov
2026, 19:00 (UTC+01:00)", where a page sets the site's time beside times kept in UTC (a commitment's acts, the
publication log, whose files hold UTC).

Files, logs and published records keep ISO dates (2026-11-24): they are read by programs, not people.
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.formats import date_format, time_format


def when(value, clock=None) -> str:
    """``value`` (a datetime, a date or a time) in the one format; ``clock``: a time joined to a date."""
    if value in (None, ""):
        return ""
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return date_format(value, "DATETIME_FORMAT")
    if isinstance(value, datetime.date):
        if isinstance(clock, datetime.time):
            return date_format(datetime.datetime.combine(value, clock), "DATETIME_FORMAT")
        return date_format(value, "DATE_FORMAT")
    if isinstance(value, datetime.time):
        return time_format(value, "TIME_FORMAT")
    return str(value)


def when_with_offset(value) -> str:
    """A moment (an aware datetime) in the site's time zone with its offset from UTC: "Tue 24 Nov 2026, 19:00
    (UTC+01:00)"; a naive one or anything else as :func:`when` says it."""
    if not isinstance(value, datetime.datetime) or not timezone.is_aware(value):
        return when(value)
    local = timezone.localtime(value)
    offset = local.strftime("%z")  # "+0100"
    return f"{when(local)} (UTC{offset[:3]}:{offset[3:]})"

"""``{{ value|when }}``: a date or a moment in the site's one format, in the reader's language.

Available in every template without ``{% load %}`` (``TEMPLATES`` ``builtins``); the formats are
``clubsite/formats/<language>`` and the work is :func:`clubsite.dates.when`:

* ``{{ commitment.published_at|when }}`` — a moment, in the site's time zone: "Tue 24 Nov 2026, 19:00"
  ("wt., 24 lis 2026, 19:00" in Polish);
* ``{{ session.date|when }}`` — a day: "Tue 24 Nov 2026";
* ``{{ session.date|when:session.start_time }}`` — a day and a wall-clock time as one moment:
  "Tue 24 Nov 2026, 19:00" (just the day when the time is empty);
* ``{{ session.start_time|when }}`` — a time: "19:00";
* ``{{ entry.recorded_at|when_with_offset }}`` — a moment with its offset from UTC: "Tue 24 Nov 2026, 19:00
  (UTC+01:00)", beside times the files keep in UTC.

``|date:"DATE_FORMAT"`` and ``|date:"DATETIME_FORMAT"`` (and their ``SHORT_`` forms, the same here)
say the same; a format written out by hand (``|date:"j M Y"``) does not, and is a bug.
"""

from __future__ import annotations

from django import template

from clubsite.dates import when as _when
from clubsite.dates import when_with_offset as _when_with_offset

register = template.Library()


@register.filter(expects_localtime=True)
def when(value, clock=None) -> str:
    return _when(value, clock)


@register.filter(expects_localtime=True)
def when_with_offset(value) -> str:
    return _when_with_offset(value)

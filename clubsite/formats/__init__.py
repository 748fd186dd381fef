"""Date formats per language, one format throughout the site: "Tue 24 Nov 2026, 19:00" / "wt., 24 lis 2026, 19:00".

Django looks here first (``FORMAT_MODULE_PATH``), so ``|date:"DATE_FORMAT"``, ``"DATETIME_FORMAT"`` and
their ``SHORT_`` forms (the same here: one format, not two), the admin and ``{{ value|when }}``
(``clubsite/templatetags/dates.py``, which also joins a session's date and start time) all say a
date the same way. The parts of a date are joined by no-break spaces, so a date never breaks across
lines (a table's date column keeps "Tue 24 Nov 2026" on one line); only the space before the time may.

Polish writes weekdays as "pon.", "wt.", "śr." …: Django's own Polish catalogue says "Pon", "Wt",
"Śr", so ours (``LOCALE_PATHS`` outrank Django's catalogue) translates the same English
abbreviations, marked below so that ``make messages`` keeps them. Months come from the ``b`` format
character ("lis"), which Django's Polish already gives in lower case.
"""

from django.utils.translation import gettext_noop

#: Django's weekday abbreviations (``django.utils.dates.WEEKDAYS_ABBR``), for our catalogue's Polish.
WEEKDAYS_ABBR = (
    gettext_noop("Mon"),
    gettext_noop("Tue"),
    gettext_noop("Wed"),
    gettext_noop("Thu"),
    gettext_noop("Fri"),
    gettext_noop("Sat"),
    gettext_noop("Sun"),
)

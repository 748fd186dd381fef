"""English date formats: "Tue 24 Nov 2026, 19:00" (day before month, as clubs outside the US expect).

One format for every date: the ``SHORT_`` formats are the long ones. The parts are joined by
no-break spaces (U+00A0) so that a date does not break across lines (see ``clubsite/formats``).
"""

DATE_FORMAT = "D\u00a0j\u00a0M\u00a0Y"
SHORT_DATE_FORMAT = DATE_FORMAT
DATETIME_FORMAT = "D\u00a0j\u00a0M\u00a0Y, H:i"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j\u00a0F"
YEAR_MONTH_FORMAT = "F\u00a0Y"
FIRST_DAY_OF_WEEK = 1  # Monday
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y"]

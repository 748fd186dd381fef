"""Polish date formats: "wt., 24 lis 2026, 19:00".

``D`` is the weekday as our catalogue says it ("wt."; see ``clubsite/formats``), ``b`` the month's
lower-case abbreviation ("lis"). One format for every date, its parts joined by no-break spaces.
Input keeps ISO dates first (the browser's date fields send them); numbers and everything else
come from Django's Polish formats.
"""

DATE_FORMAT = "D,\u00a0j\u00a0b\u00a0Y"
SHORT_DATE_FORMAT = DATE_FORMAT
DATETIME_FORMAT = "D,\u00a0j\u00a0b\u00a0Y, H:i"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
TIME_FORMAT = "H:i"
FIRST_DAY_OF_WEEK = 1  # Monday
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d.%m.%Y", "%d.%m.%y"]

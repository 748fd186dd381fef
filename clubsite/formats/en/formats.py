"""English date formats: unambiguous day-month order, as clubs outside the US expect."""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
TIME_FORMAT = "H:i"
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y"]

"""One date format throughout, in the reader's language: "Tue 24 Nov 2026, 19:00" / "wt., 24 lis 2026, 19:00".

The formats live in ``clubsite/formats/<language>``; ``{{ value|when }}`` (a builtin filter) and
``|date:"DATE_FORMAT"`` say the same; no template writes a date format by hand.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from clubsite.dates import when

NBSP = "\u00a0"
TUESDAY = datetime.date(2026, 11, 24)
SEVEN = datetime.time(19, 0)
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def plain(text: str) -> str:
    return text.replace(NBSP, " ")


@pytest.mark.parametrize(
    ("language", "day", "moment"),
    [
        ("en", "Tue 24 Nov 2026", "Tue 24 Nov 2026, 19:00"),
        ("pl", "wt., 24 lis 2026", "wt., 24 lis 2026, 19:00"),
    ],
)
def test_a_day_and_a_moment_in_the_readers_language(language, day, moment):
    aware = timezone.make_aware(datetime.datetime.combine(TUESDAY, SEVEN))  # the site's time zone
    with translation.override(language):
        assert plain(when(TUESDAY)) == day
        assert plain(when(TUESDAY, SEVEN)) == moment
        assert plain(when(aware)) == moment
        assert when(SEVEN) == "19:00"
        rendered = Template(
            '{{ d|when }}|{{ d|when:t }}|{{ m|when }}|{{ d|date:"SHORT_DATE_FORMAT" }}|'
            '{{ m|date:"SHORT_DATETIME_FORMAT" }}|{{ m|date:"DATETIME_FORMAT" }}'
        ).render(Context({"d": TUESDAY, "t": SEVEN, "m": aware}))
        assert plain(rendered) == "|".join([day, moment, moment, day, moment, moment])


def test_a_moment_is_said_in_the_sites_time_zone():
    utc = datetime.datetime(2026, 11, 24, 18, 0, tzinfo=datetime.UTC)  # 19:00 in Warsaw
    with translation.override("en"):
        assert plain(when(utc)) == "Tue 24 Nov 2026, 19:00"
        assert plain(Template("{{ m|when }}").render(Context({"m": utc}))) == "Tue 24 Nov 2026, 19:00"


def test_polish_weekdays_are_written_as_polish_writes_them():
    with translation.override("pl"):
        days = [plain(when(TUESDAY + datetime.timedelta(days=n))).split(",")[0] for n in range(-1, 6)]
    assert days == ["pon.", "wt.", "śr.", "czw.", "pt.", "sob.", "niedz."]


def test_a_date_never_breaks_inside_only_before_its_time():
    with translation.override("pl"):
        text = when(TUESDAY, SEVEN)
    assert " " not in text.split(", ")[0] and text.count(" ") == 1 and text.endswith(", 19:00")


def test_nothing_says_nothing():
    assert when(None) == "" and when("") == "" and when(TUESDAY, None) == when(TUESDAY)


def test_no_template_writes_a_date_format_by_hand():
    """Every date in a page goes through the one format: ``|when`` or a named format, never ``|date:"j M Y"``."""
    by_hand = re.compile(r"""\|date:["'](?![A-Z_]*FORMAT["'])""")
    machine = re.compile(r"""datetime="[^"]*"|datetime='[^']*'""")  # <time datetime="2026-11-24"> is for programs
    found = [
        f"{path.relative_to(TEMPLATES)}:{n}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_hand.search(machine.sub("", line))
    ]
    assert found == []


@pytest.mark.parametrize(
    ("moment", "said"),
    [
        (datetime.datetime(2026, 11, 24, 18, 0, tzinfo=datetime.UTC), "Tue 24 Nov 2026, 19:00 (UTC+01:00)"),
        (datetime.datetime(2026, 7, 14, 18, 30, tzinfo=datetime.UTC), "Tue 14 Jul 2026, 20:30 (UTC+02:00)"),
    ],
)
def test_a_moment_with_its_offset_is_the_sites_time_winter_and_summer(moment, said):
    """Beside times kept in UTC (a publication log's entries), a page says the site's time and its offset that day."""
    from clubsite.dates import when_with_offset

    with translation.override("en"):
        assert plain(when_with_offset(moment)) == said
        assert plain(Template("{{ m|when_with_offset }}").render(Context({"m": moment}))) == said
        assert plain(when_with_offset(TUESDAY)) == "Tue 24 Nov 2026"  # a day has no offset

"""Table codes for print and screen: the address a table's QR code holds (its code and PIN, so a scan
opens that table of that session and no other), and the QR image (``segno``: pure Python, SVG).

``table_card_extras`` is the hook the session's printed guide cards call (``TablesConfig.table_card_extras``):
only a director of the club gets the codes printed on the table cards; anyone else's cards have none.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from django.urls import reverse

from clubs.permissions import can_direct
from tables.models import Table, TableSession


def join_path(table: Table) -> str:
    return reverse("tables:join_code", args=[table.code]) + f"?pin={table.pin}"


def join_url(table: Table, request) -> str:
    return request.build_absolute_uri(join_path(table)) if request is not None else join_path(table)


@lru_cache(maxsize=512)
def qr_data_uri(url: str, scale: int = 4) -> str:
    """The QR code of ``url`` as an SVG ``data:`` URI (for an ``<img>``, on screen and in WeasyPrint's PDF)."""
    return segno.make(url, error="m").svg_data_uri(scale=scale, border=2)


def session_tables(session) -> list[Table]:
    return list(Table.objects.filter(table_session__session=session).order_by("number"))


def table_card_extras(*, session, user, request=None) -> dict[int, dict]:
    """Table number → ``{"url", "code", "pin", "stays"}`` for the session's table cards (directors only; else empty);
    ``stays``: the table's phone stays at the table (the session's choice), so the card says to leave it there."""
    if session is None or not can_direct(user, session.club_id):
        return {}
    tables = list(
        Table.objects.filter(table_session__session=session).select_related("table_session").order_by("number")
    )
    return {
        t.number: {
            "url": join_url(t, request),
            "code": t.code,
            "pin": t.pin,
            "stays": t.table_session.phones == TableSession.Phones.TABLE,
        }
        for t in tables
    }

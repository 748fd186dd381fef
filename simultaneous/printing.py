"""The event's booklet: the deals, their double-dummy analysis and par, and the organiser's commentary, two boards
a page (A4 portrait), one template shown as HTML and written as PDF through ``clubsite.pdf`` (made once per version
of its HTML and kept, as the hand records are). Boards come from ``simultaneous.selectors.event_boards`` under the
booklet's rule (``booklet_may``): the views call it first."""

from __future__ import annotations

from collections.abc import Sequence

from django.template.loader import render_to_string

from clubsite.pdf import pdf_kept
from dealing.diagrams import board_view
from dealing.selectors.boards import BoardRecord

BOARDS_PER_PAGE = 2


def booklet_html(event, boards: Sequence[BoardRecord], commentaries: dict[int, str]) -> str:
    views = [{**board_view(b), "commentary": commentaries.get(b.number, "")} for b in boards]
    pages = [views[i : i + BOARDS_PER_PAGE] for i in range(0, len(views), BOARDS_PER_PAGE)]
    return render_to_string("simultaneous/booklet.html", {"event": event, "club": event.club, "pages": pages})


def booklet_pdf(event, boards: Sequence[BoardRecord], commentaries: dict[int, str]) -> bytes:
    """The booklet as one PDF in the active language: the one kept for the same HTML, else made and kept."""
    return pdf_kept(booklet_html(event, boards, commentaries), folder=f"simultaneous/{event.pk}/booklet")

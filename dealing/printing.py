"""A session's hand record as clubs print it: one template, shown as HTML and written as PDF (WeasyPrint).

Six boards to an A4 page, two columns of three, as club programs print them (Bridgewebs, JFR
Pary, the EBU's hand records): each board its number, dealer and vulnerability, the four hands
round a compass (``templates/dealing/_hand_diagram.html``, the page's own diagram), the HCP, the
double-dummy table (tricks for each declarer in each strain) and the par score and contracts.

* ``hand_record_context(session, boards, …)`` — what ``templates/print/hand_record.html`` shows:
  the boards (``dealing.diagrams.board_view``) cut into pages;
* ``hand_record_html(…)`` — the printable HTML page (the browser's Print prints the same pages);
* ``hand_record_pdf(…)`` — the same HTML written as a PDF in the active language, made once for each version of
  that HTML and kept (``clubsite.pdf.pdf_kept``): the hand record of a finished session is written once per
  language (and once more when the missing analyses come), then served from the kept file in milliseconds;
* ``dealing_sheets_pdf(…)`` — the same pages for a director who deals the boards by hand before play: the four
  hands, dealer and vulnerability of each board, without the analysis (the players at the table see none of it).

Boards come from :func:`dealing.selectors.boards.hand_record_for_viewer` only, i.e. once the
session is over; the dealing sheets from a director's recorded download of the session's deals
(``dealing.services.boards.dealing_file_download``), at any time. A board whose analysis is not ready yet is printed without its table, saying so;
the views ask the analysis for the missing boards first (``dealing.services.boards``), so a
printed hand record is complete.

A 36-board hand record (6 pages) is written in about a second (``scripts/bench_hand_record_pdf.py``,
``docs/benchmarks.md``); WeasyPrint runs with fewer garbage collections as guide cards do
(``clubsite.pdf.fewer_collections``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from django.template.loader import render_to_string

from clubsite.pdf import pdf_kept
from dealing.diagrams import board_view
from dealing.selectors.boards import BoardRecord

BOARDS_PER_PAGE = 6  # two columns of three on A4 portrait


def hand_record_context(
    session, boards: Sequence[BoardRecord], *, per_page: int = BOARDS_PER_PAGE, for_dealing: bool = False
) -> dict:
    if for_dealing:  # the hands only: nothing of the analysis on a sheet printed before play
        boards = [dataclasses.replace(board, analysis=None) for board in boards]
    views = [board_view(board) for board in boards]
    pages = [views[i : i + per_page] for i in range(0, len(views), per_page)]
    return {
        "session": session,
        "club": session.club,
        "pages": pages,
        "boards": views,
        "pending": sum(1 for b in boards if b.analysis is None),
        "for_dealing": for_dealing,
    }


def hand_record_html(session, boards: Sequence[BoardRecord], *, request=None, screen: bool = True) -> str:
    """The printable page; ``screen`` adds the on-screen preview's buttons (Print, PDF)."""
    return render_to_string(
        "print/hand_record.html", {**hand_record_context(session, boards), "screen": screen}, request=request
    )


def hand_record_pdf(session, boards: Sequence[BoardRecord]) -> bytes:
    """The hand record as one PDF (A4 portrait, six boards a page), in the active language: the one kept for the
    same HTML, else made and kept."""
    return pdf_kept(hand_record_html(session, boards, screen=False), folder=f"hand-records/{session.pk}")


def dealing_sheets_pdf(session, boards: Sequence[BoardRecord]) -> bytes:
    """The session's boards as hand records to deal by hand (six boards a page, the hands without the analysis), in
    the active language; kept as the hand record is (``clubsite.pdf.pdf_kept``, its own folder), never served but
    through the director's recorded download."""
    html = render_to_string("print/hand_record.html", {**hand_record_context(session, boards, for_dealing=True)})
    return pdf_kept(html, folder=f"dealing-sheets/{session.pk}")

"""A session's hand record as clubs print it: one template, shown as HTML and written as PDF (WeasyPrint).

Six boards to an A4 page, two columns of three, as club programs print them (Bridgewebs, JFR
Pary, the EBU's hand records): each board its number, dealer and vulnerability, the four hands
round a compass (``templates/dealing/_hand_diagram.html``, the page's own diagram), the HCP, the
double-dummy table (tricks for each declarer in each strain) and the par score and contracts.

* ``hand_record_context(session, boards, …)`` — what ``templates/print/hand_record.html`` shows:
  the boards (``dealing.diagrams.board_view``) cut into pages;
* ``hand_record_html(…)`` — the printable HTML page (the browser's Print prints the same pages);
* ``hand_record_pdf(…)`` — the same HTML written as a PDF in the active language.

Boards come from :func:`dealing.selectors.boards.hand_record_for_viewer` only, i.e. once the
session is over. A board whose analysis is not ready yet is printed without its table, saying so;
the views ask the analysis for the missing boards first (``dealing.services.boards``), so a
printed hand record is complete. ``render_version(language)`` fingerprints everything a PDF is
made from, for the cache of made PDFs (``dealing.views.printing``).

A 36-board hand record (6 pages) is written in about a second (``scripts/bench_hand_record_pdf.py``,
``docs/benchmarks.md``); WeasyPrint runs with fewer garbage collections as guide cards do
(``clubsite.pdf.fewer_collections``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string

from clubsite.pdf import fewer_collections
from dealing.diagrams import board_view
from dealing.selectors.boards import BoardRecord

BOARDS_PER_PAGE = 6  # two columns of three on A4 portrait


def hand_record_context(session, boards: Sequence[BoardRecord], *, per_page: int = BOARDS_PER_PAGE) -> dict:
    views = [board_view(board) for board in boards]
    pages = [views[i : i + per_page] for i in range(0, len(views), per_page)]
    return {
        "session": session,
        "club": session.club,
        "pages": pages,
        "boards": views,
        "pending": sum(1 for b in boards if b.analysis is None),
    }


def hand_record_html(session, boards: Sequence[BoardRecord], *, request=None, screen: bool = True) -> str:
    """The printable page; ``screen`` adds the on-screen preview's buttons (Print, PDF)."""
    return render_to_string(
        "print/hand_record.html", {**hand_record_context(session, boards), "screen": screen}, request=request
    )


def hand_record_pdf(session, boards: Sequence[BoardRecord]) -> bytes:
    """The hand record as one PDF (A4 portrait, six boards a page), in the active language."""
    from weasyprint import HTML

    html = hand_record_html(session, boards, screen=False)
    with fewer_collections():
        return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


@lru_cache(maxsize=8)
def render_version(language: str) -> str:
    """A fingerprint of the templates, this code and the language's catalogue: a kept PDF is used while it matches."""
    root = Path(settings.BASE_DIR)
    files = [
        root / "templates" / "print" / "base.html",
        root / "templates" / "print" / "hand_record.html",
        root / "templates" / "dealing" / "_hand_diagram.html",
        root / "dealing" / "printing.py",
        root / "dealing" / "views" / "hand_records.py",
        root / "locale" / language / "LC_MESSAGES" / "django.mo",
    ]
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]

"""A teams session's standings and cross-table for the notice board, as printable HTML and as PDFs.

* ``standings_html`` / ``standings_pdf`` — the standings after a round (A4 portrait): rank, team and players, VPs,
  IMPs for and against, the IMP difference; the tie-break said once under the table;
* ``cross_table_html`` / ``cross_table_pdf`` — a round robin's cross-table (A4 landscape): each row team's VPs
  against each column team, with its total and rank.

The numbers are ``teams.selectors``' (``session_standings``, ``cross_table``), so the paper says what the pages say.
A PDF is the print page's HTML through ``clubsite.pdf.pdf_kept`` (made once for each version of the HTML and kept,
in the active language). Before publication the page says it is a preview, as the pairs results do. Who may have
them is the caller's check (``teams.views``: who may read the session's results).
"""

from __future__ import annotations

from django.template.loader import render_to_string

from clubs.models import Session
from clubsite.pdf import pdf_kept
from teams import selectors
from teams.models import TeamsFormat

STANDINGS, CROSS_TABLE = "standings", "cross_table"


def has_cross_table(fmt: TeamsFormat | None) -> bool:
    """A cross-table is kept for a round robin and a single match, not for a Swiss or a knockout (their teams meet
    only some of the others)."""
    return fmt is not None and fmt.format not in (TeamsFormat.Format.SWISS, TeamsFormat.Format.KNOCKOUT)


def print_context(*, session: Session, document: str, after_round: int | None = None) -> dict:
    fmt = selectors.teams_format_get(session=session)
    standing = selectors.session_standings(session=session, after_round=after_round)
    draws = selectors.session_draws(session=session)
    cross = None
    if document == CROSS_TABLE and standing is not None and fmt is not None and has_cross_table(fmt):
        cross = selectors.cross_table(session=session, fmt=fmt, draws=draws, standing=standing)
    lines = {line.team.pk: line for line in standing.lines} if standing is not None else {}
    return {
        "session": session,
        "club": session.club,
        "fmt": fmt,
        "document": document,
        "standing": standing,
        "rounds": [d.round for d in draws],
        "last_round": draws[-1].round if draws else 0,
        "cross": cross,
        "cross_rows": [(team, cells, lines[team.pk]) for team, cells in cross.rows] if cross else [],
        "standing_rows": [(line, ", ".join(p.full_name for p in line.team.players.all())) for line in standing.lines]
        if standing is not None
        else [],
        "preview": not session.is_published,
        "provisional": session.status == Session.Status.PROVISIONAL,
    }


def print_html(*, session: Session, document: str, after_round: int | None = None, request=None, screen=True) -> str:
    """The printable page; ``screen`` adds the on-screen tools (back, Print, PDF)."""
    context = print_context(session=session, document=document, after_round=after_round)
    return render_to_string("teams/print.html", {**context, "screen": screen}, request=request)


def print_pdf(*, session: Session, document: str, after_round: int | None = None) -> bytes:
    """The document as a PDF in the active language: the one kept for the same HTML, else made and kept."""
    html = print_html(session=session, document=document, after_round=after_round, screen=False)
    return pdf_kept(html, folder=f"teams/{session.pk}/{document}")

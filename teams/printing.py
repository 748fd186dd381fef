"""A teams session's standings and cross-table for the notice board, as printable HTML and as PDFs.

* ``standings_html`` / ``standings_pdf`` — the standings after a round (A4 portrait): rank, team and players, VPs,
  IMPs for and against, the IMP difference; the tie-break said once under the table;
* ``cross_table_html`` / ``cross_table_pdf`` — a round robin's cross-table (A4 landscape): each row team's VPs
  against each column team, with its total and rank;
* ``assignment_html`` / ``assignment_pdf`` — the round assignment for the tables (A4 portrait): round by round,
  which teams sit at which tables (the home team North–South at the match's first table, East–West at its second)
  and which boards, with the sets of boards shared between matches when the club has fewer sets than matches.

The numbers are ``teams.selectors``' (``session_standings``, ``cross_table``), so the paper says what the pages say.
A PDF is the print page's HTML through ``clubsite.pdf.pdf_kept`` (made once for each version of the HTML and kept,
in the active language). Before publication the page says it is a preview, as the pairs results do. Who may have
them is the caller's check (``teams.views``: who may read the session's results).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from clubs.models import Session
from clubsite.pdf import pdf_kept
from teams import selectors
from teams.domain.sharing import most_matches_per_set
from teams.models import TeamsFormat

STANDINGS, CROSS_TABLE = "standings", "cross_table"


def has_cross_table(fmt: TeamsFormat | None) -> bool:
    """A cross-table is kept for a round robin and a single match, not for a Swiss (of teams or pairs) or a knockout
    (their entrants meet only some of the others)."""
    return fmt is not None and fmt.format not in (
        TeamsFormat.Format.SWISS,
        TeamsFormat.Format.KNOCKOUT,
        TeamsFormat.Format.SWISS_PAIRS,
    )


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


# --- the round assignment: which teams sit where in each round, and which boards -----------------------------

ASSIGNMENT = "assignment"


def _span(boards) -> str:
    """1, 2, 3, 4 → "1–4" (a section of consecutive boards); one board: "7"."""
    boards = list(boards)
    return f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else str(boards[0]) if boards else ""


def assignment_sets(*, session: Session, sets: int | None) -> tuple[int | None, str]:
    """The board sets a round is printed with (None: one a match), and what is wrong with ``sets`` in words (empty:
    nothing): fewer than one set, or so few that a set's tables outnumber its boards (then the fewest that do)."""
    fmt = selectors.teams_format_get(session=session)
    if sets is None or fmt is None:
        return None, ""
    if sets < 1:
        return None, _("Say how many sets of boards the club has: at least one.")
    most = max(
        (len([m for m in d.matches.all() if m.away_id is not None]) for d in selectors.session_draws(session=session)),
        default=0,
    )
    per_set = most_matches_per_set(fmt.boards_per_match)
    fewest = -(-most // per_set) if most else 1
    if sets < fewest:
        return fewest, _(
            "%(sets)d sets are too few: a match has %(boards)d boards, so at most %(per_set)d matches can share a "
            "set (each table starts with a board of its own). Printed with %(fewest)d sets."
        ) % {"sets": sets, "boards": fmt.boards_per_match, "per_set": per_set, "fewest": fewest}
    return sets, ""


def assignment_context(*, session: Session, sets: int | None = None) -> dict:
    """Every round drawn: each match's tables (the home team North–South at the first, East–West at the second),
    the round's boards, and how the sets of boards go round the tables (``teams.domain.sharing``)."""
    sets, problem = assignment_sets(session=session, sets=sets)
    rounds = []
    for one in selectors.round_assignments(session=session, sets=sets):
        shared = [
            (
                board_set,
                [(t.table, _span(t.first), t.passes_to) for t in board_set.tables],
            )
            for board_set in one.sets
        ]
        rounds.append(
            {
                "round": one.draw.round,
                "boards": _span(one.boards),
                "matches": [(m, one.set_of(m)) for m in one.matches],
                "byes": one.byes,
                "sets": shared,
                "one_each": all(len(s.matches) == 1 for s in one.sets),
            }
        )
    return {
        "session": session,
        "club": session.club,
        "fmt": selectors.teams_format_get(session=session),
        "document": ASSIGNMENT,
        "rounds": rounds,
        "sets": sets,
        "problem": problem,
    }


def assignment_html(*, session: Session, sets: int | None = None, request=None, screen=True) -> str:
    context = assignment_context(session=session, sets=sets)
    return render_to_string("teams/assignment_print.html", {**context, "screen": screen}, request=request)


def assignment_pdf(*, session: Session, sets: int | None = None) -> bytes:
    html = assignment_html(session=session, sets=sets, screen=False)
    return pdf_kept(html, folder=f"teams/{session.pk}/{ASSIGNMENT}")

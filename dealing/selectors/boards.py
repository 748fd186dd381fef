"""Reading a session's boards: the ONLY way deals leave the database.

Error reports never list these functions' local variables (``sensitive_variables``).

The rule (who may see which deal when):

* A deal is shown to anyone who may see the session — players, scorers, directors,
  site auditors — **only once the session is over** (``Session.is_over``: finished or
  published), and, for a session dealt another session's committed deals (a simultaneous pairs' club:
  :func:`deals_held_by_commitment`), once that commitment is revealed. A session of a **revealed** commitment may be read by anyone at all, logged in or not
  (:func:`session_get_for_deals`): anyone can recompute its deals from the revealed key, and checks them
  against its hand record — still only once the session is over. Hand-record pages, the PBN hand record,
  the API and audits read deals through :func:`hand_record_for_viewer`, :func:`board_for_viewer`,
  :func:`hand_record_pbn_for_viewer` and :func:`played_deal_numbers_for_audit`, which refuse earlier.
* Before that, a director of the club may take the deals off the site in one way: a
  dealing-machine file (:func:`boards_for_dealing_machine`), to make the boards. The service
  that serves it records each download (:class:`dealing.models.DealDownload`). And the club's
  director sees one board's hands beside a flagged result in the live room
  (:func:`board_for_flag_check`, called only for a board with a suspicious result on it).
* :func:`session_dealing_summary` says whether and how a session was dealt, never a deal (``in_words()``: as a
  sentence);
  :func:`session_board_count` how many boards it has (its ``Board`` rows: the one answer).
* :func:`boards_for_analysis` is for the analysis task (no user; results stay on the board
  and are shown under the same rule).
* :func:`boards_for_results_viewer` is for the results pages (traveller, scorecard): the viewer is
  whoever may read the session's results (``clubs.selectors.session_get_for_results``: anyone for a
  club's published public results), and the deals come under the same rule, once it is over;
  :func:`analyses_for_results_viewer` gives only the boards' double-dummy tables and par (a scorecard's
  "why" needs no deal).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.debug import sensitive_variables

from bridge.cards import Deal, Seat, Vulnerability
from bridge.errors import BridgeError
from clubs.models import Session
from clubs.selectors import session_get_for_director, session_get_for_results, session_get_for_viewer
from dealing.domain.analysis import BoardAnalysis, DoubleDummyTable, Par
from dealing.domain.formats.pbn import export_pbn
from dealing.models import Board, Commitment, SessionDealing


class DealsHidden(PermissionDenied):
    """The session is not over: its deals are not shown yet."""


@dataclass(frozen=True)
class DealingSummary:
    """Whether and how a session was dealt — without any deal."""

    board_count: int
    source: str | None
    source_label: str | None
    dealt_at: object | None
    commitment: Commitment | None
    analysis_pending: int
    imported_filename: str = ""

    def in_words(self) -> str:
        """How the session was dealt, as a sentence: "21 boards dealt from a new key, not committed." ("": not
        dealt). The dealing page's message and the session page's path say it alike."""
        n = self.board_count
        if not n:
            return ""
        if self.source == SessionDealing.Source.COMMITMENT and self.commitment is not None:
            return ngettext(
                "%(count)d board dealt from the commitment “%(event)s”.",
                "%(count)d boards dealt from the commitment “%(event)s”.",
                n,
            ) % {"count": n, "event": self.commitment.event}
        if self.source == SessionDealing.Source.FRESH_KEY:
            return ngettext(
                "%(count)d board dealt from a new key, not committed.",
                "%(count)d boards dealt from a new key, not committed.",
                n,
            ) % {"count": n}
        if self.source == SessionDealing.Source.IMPORTED and self.imported_filename:
            return ngettext(
                "%(count)d board imported from the file %(file)s.",
                "%(count)d boards imported from the file %(file)s.",
                n,
            ) % {"count": n, "file": self.imported_filename}
        return ngettext("%(count)d board dealt.", "%(count)d boards dealt.", n) % {"count": n}


@dataclass(frozen=True)
class BoardRecord:
    """A board as a hand record shows it: numbers, dealer, vulnerability, deal and analysis."""

    id: int
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    deal_number: int
    analysis: BoardAnalysis | None
    analysis_status: str

    @property
    def hcp(self) -> dict[str, int]:
        return {seat.letter: self.deal.hand(seat).hcp for seat in Seat}


def session_board_count(*, session: Session) -> int:
    """How many boards the session has been dealt: its ``Board`` rows (no other copy is kept)."""
    return Board.objects.filter(session=session).count()


def session_dealing_summary(*, session: Session) -> DealingSummary:
    dealing = SessionDealing.objects.filter(session=session).select_related("commitment").first()
    boards = Board.objects.filter(session=session)
    return DealingSummary(
        board_count=session_board_count(session=session),
        source=dealing.source if dealing else None,
        source_label=dealing.get_source_display() if dealing else None,
        dealt_at=dealing.dealt_at if dealing else None,
        commitment=dealing.commitment if dealing else None,
        analysis_pending=boards.exclude(analysis_status=Board.AnalysisStatus.DONE).count(),
        imported_filename=dealing.imported_filename if dealing else "",
    )


def _analysis(board: Board) -> BoardAnalysis | None:
    if board.analysis_status != Board.AnalysisStatus.DONE:
        return None
    try:
        return BoardAnalysis(
            DoubleDummyTable.from_pbn_tricks(board.dd_tricks),
            Par.from_pbn(f"NS {board.par_score}", board.par_contracts),
        )
    except BridgeError:
        return None


@sensitive_variables()
def board_record(board: Board) -> BoardRecord:
    return BoardRecord(
        id=board.pk,
        number=board.number,
        dealer=Seat.from_str(board.dealer),
        vulnerability=Vulnerability.from_str(board.vulnerability),
        deal=Deal.from_pbn(board.deal_pbn),
        deal_number=int(board.deal_number),
        analysis=_analysis(board),
        analysis_status=board.analysis_status,
    )


def session_get_for_deals(*, user, session_id: int) -> Session:
    """A session whose hand record ``user`` may read once it is over: one they may see
    (``clubs.selectors.session_get_for_viewer``), or — for anyone, anonymous visitors included — a session of a
    revealed commitment, whose deals anyone can recompute and check. 404 otherwise."""
    public = Session.objects.select_related("club").filter(
        pk=session_id, commitment_entry__commitment__status=Commitment.Status.REVEALED
    )
    return public.first() or session_get_for_viewer(user=user, session_id=session_id)


def deals_shared_from_commitment(session_id: int):
    """The session's dealing when it was dealt the deals a commitment gives another session (a simultaneous pairs:
    every club plays the deals committed to once for the event's session); None otherwise."""
    return (
        SessionDealing.objects.filter(session_id=session_id, commitment__isnull=False)
        .exclude(commitment__entries__session_id=session_id)
        .select_related("commitment")
        .first()
    )


def deals_held_by_commitment(session_id: int) -> bool:
    """Are the session's deals held past its end? They are another session's committed deals (a simultaneous pairs'
    club), and that commitment is not revealed yet: other clubs may still be playing them (the event's embargo)."""
    shared = deals_shared_from_commitment(session_id)
    return shared is not None and not shared.commitment.is_revealed


def _require_over(session: Session) -> None:
    if not session.is_over:
        raise DealsHidden(_("The deals of this session are shown once the session is over."))
    if deals_held_by_commitment(session.pk):
        raise DealsHidden(_("The deals of this session are shown once the event's embargo ends."))


@sensitive_variables()
def hand_record_for_viewer(*, user, session_id: int) -> tuple[Session, list[BoardRecord]]:
    """A finished session's boards with their deals, for anyone who may see the session (or anyone at all, for a
    session of a revealed commitment: :func:`session_get_for_deals`)."""
    session = session_get_for_deals(user=user, session_id=session_id)
    _require_over(session)
    return session, [board_record(b) for b in Board.objects.filter(session=session).order_by("number")]


@sensitive_variables()
def board_for_viewer(*, user, session_id: int, number: int) -> tuple[Session, BoardRecord]:
    session = session_get_for_deals(user=user, session_id=session_id)
    _require_over(session)
    board = Board.objects.filter(session=session, number=number).first()
    if board is None:
        raise Http404(_("No such board."))
    return session, board_record(board)


@sensitive_variables()
def boards_for_results_viewer(*, user, session_id: int, numbers=None) -> tuple[Session, dict[int, BoardRecord]]:
    """Board number → record (deal and analysis) of the session's boards (or only ``numbers``), for a viewer of its
    results; ``DealsHidden`` before the session is over, 404 for anyone who may not read its results."""
    session = session_get_for_results(user=user, session_id=session_id)
    _require_over(session)
    boards = Board.objects.filter(session=session).order_by("number")
    if numbers is not None:
        boards = boards.filter(number__in=list(numbers))
    return session, {b.number: board_record(b) for b in boards}


def analyses_for_results_viewer(*, user, session_id: int, numbers=None) -> tuple[Session, dict[int, BoardAnalysis]]:
    """Board number → double-dummy table and par (the boards analysed; no deal is read), under the rule of
    :func:`boards_for_results_viewer`: ``DealsHidden`` before the session is over."""
    session = session_get_for_results(user=user, session_id=session_id)
    _require_over(session)
    boards = Board.objects.filter(session=session, analysis_status=Board.AnalysisStatus.DONE).only(
        "id", "number", "analysis_status", "dd_tricks", "par_score", "par_contracts"
    )
    if numbers is not None:
        boards = boards.filter(number__in=list(numbers))
    return session, {b.number: analysis for b in boards if (analysis := _analysis(b)) is not None}


@sensitive_variables()
def hand_record_pbn_for_viewer(*, user, session_id: int) -> tuple[Session, str]:
    """The hand record of a finished session as PBN 2.1, with the analysis where it is ready."""
    session, boards = hand_record_for_viewer(user=user, session_id=session_id)
    if not boards:
        raise Http404(_("This session has no boards."))
    text = export_pbn(
        [(b.number, b.deal) for b in boards],
        event=f"{session.club.name} – {session.name}",
        site=session.club.city or session.club.name,
        date=f"{session.date:%Y.%m.%d}",
        analyses={b.number: b.analysis for b in boards if b.analysis is not None},
        dealers={b.number: b.dealer for b in boards},
        vulnerabilities={b.number: b.vulnerability for b in boards},
    )
    return session, text


@sensitive_variables()
def boards_for_dealing_machine(*, user, session_id: int) -> tuple[Session, list[tuple[int, Deal]]]:
    """The deals of a session for a dealing machine: club directors only, at any time.

    Use through :func:`dealing.services.boards.dealing_file_download`, which records the download.
    """
    session = session_get_for_director(user=user, session_id=session_id)
    boards = [(b.number, Deal.from_pbn(b.deal_pbn)) for b in Board.objects.filter(session=session).order_by("number")]
    if not boards:
        raise Http404(_("This session has not been dealt yet."))
    return session, boards


@sensitive_variables()
def board_for_flag_check(*, user, session_id: int, number: int) -> tuple[Session, BoardRecord | None]:
    """One board's deal for the club's director looking at a flagged result (the live room's "Results to look at"),
    at any time — the session may still be in play; None when the board was not dealt. Club directors only (404
    for anyone else); the caller asks only for a board with a flagged result (``tables.selectors.room``)."""
    session = session_get_for_director(user=user, session_id=session_id)
    board = Board.objects.filter(session=session, number=number).first()
    return session, (board_record(board) if board is not None else None)


@sensitive_variables()
def boards_for_analysis(*, session_id: int) -> list[Board]:
    """Boards still to analyse (for the analysis task only)."""
    return list(
        Board.objects.filter(session_id=session_id)
        .exclude(analysis_status=Board.AnalysisStatus.DONE)
        .order_by("number")
    )


@sensitive_variables()
def played_deal_numbers_for_audit(*, commitment: Commitment) -> dict[str, list[int | None]] | None:
    """For each session of a revealed commitment, the Pavlicek numbers of the boards it was dealt.

    None before the reveal (which needs every session over). Sessions dealt from another
    source are included as dealt, so the audit shows they differ from the commitment.
    """
    if not commitment.is_revealed:
        return None
    played: dict[str, list[int | None]] = {}
    for entry in commitment.entries.select_related("session"):
        if not entry.session.is_over:
            return None
        numbers = dict(Board.objects.filter(session=entry.session).values_list("number", "deal_number"))
        if not numbers:
            continue
        high = max(entry.boards, max(numbers))
        played[entry.label] = [int(numbers[n]) if n in numbers else None for n in range(1, high + 1)]
    return played

"""A session's travellers, ranking and publication as the scorer's and director's pages and the API show them.

* :func:`session_travellers` — every board (or one) with a line per table where the layout puts
  one (sit-outs have none), the stored result on it, its score and matchpoints or IMPs in the
  session scored now, lines entered off the schedule, and the board's audit trail; for a
  director, the suspicious results (``scoring.domain.checks``): far from the field, off the
  schedule, and — once the session is over, when its deals may be read (``dealing.selectors``)
  — tricks beyond the defenders' top trumps or far from the double-dummy table; a flag a director
  checked and let stand (``FlagCheck``, on the result the line holds) is apart from those to look at
  (``Line.checked``; ``SessionResults.flagged`` lists both);
* :func:`options_in_words` — how the session is scored, in the reader's language;
* :func:`ranking_rows` — the ranking with the pairs' names, field by field;
* :func:`publication_state` — not published, provisional until …, or final;
* :func:`published_ranking_for_player` — what a player may read: the ranking frozen at
  publication, nothing before (``ResultsNotPublished``, a 403 as hidden deals are);
* :func:`result_get_for_scorer` — a stored line for a scorer or director of its club (404 for
  anyone else who cannot see the session, 403 for its players).

Nothing is stored by these reads: every number comes from ``session_score``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from clubs.models import Pair, Session
from clubs.permissions import can_score, is_site_auditor
from clubs.selectors import session_get_for_scorer, session_get_for_viewer
from dealing.selectors.boards import hand_record_for_viewer
from scoring.domain.checks import beyond_top_trumps, check_line, far_from_double_dummy, far_from_the_field
from scoring.domain.engine import BoardScore, EventScore, LineScore
from scoring.domain.layout import Meeting, SessionLayout
from scoring.domain.notation import as_data, shorthand
from scoring.domain.options import ScoringOptions
from scoring.domain.results import Assigned, Played, TravellerLine
from scoring.domain.results import Result as DomainResult
from scoring.domain.shorthand import describe, lead_said
from scoring.domain.text import Text
from scoring.models import FlagCheck, Result, ResultChange, SessionScoring
from scoring.selectors.layout import session_layout
from scoring.selectors.results import session_lines, session_options, session_pairs, session_score


class ResultsNotPublished(PermissionDenied):
    """A player asked for results the director has not published yet."""


@dataclass
class Line:
    """One line of a traveller: a table where the layout puts one, or a line entered off the schedule."""

    board: int
    round: int | None
    table: int | None
    ns: str
    ew: str
    ns_pair: Pair | None
    ew_pair: Pair | None
    meeting: Meeting | None  # where the layout puts it (None: entered off the schedule)
    line: TravellerLine | None = None  # the stored result as the domain's line (None: not entered yet)
    scored: LineScore | None = None
    flags: list[Text] = field(default_factory=list)  # suspicious, not checked yet: to look at
    checked: list[tuple[Text, FlagCheck]] = field(default_factory=list)  # looked at, and let stand

    @property
    def id(self) -> int | None:
        return self.line.extra["id"] if self.line is not None else None

    @property
    def result(self) -> DomainResult | None:
        return self.line.result if self.line is not None else None

    @property
    def entered(self) -> bool:
        return self.line is not None

    @property
    def typed(self) -> str:
        """The result as a scorer types it ("" when none)."""
        return shorthand(self.line.result) if self.line is not None else ""

    @property
    def description(self) -> Text | None:
        return describe(self.line.result, self.board) if self.line is not None else None

    @property
    def contract(self) -> str:
        """The result in a traveller's column: ``4♠×−1 N``, ``passed out``, ``A60/40``, ``assigned``."""
        result = self.result
        if result is None:
            return ""
        if isinstance(result, Played):
            if result.contract is None:
                return _("passed out")
            return f"{result.contract.symbol}{result.result.replace('-', '−')} {result.contract.declarer.letter}"
        if isinstance(result, Assigned):
            return _("weighted") if result.is_weighted else _("assigned")
        return f"A{result.ns_percent}/{result.ew_percent}"

    @property
    def lead(self) -> str:
        """The opening lead as people read it (``♥K``, ``♠10``; "" when none was recorded)."""
        return lead_said(getattr(self.result, "lead", "") or "")

    @property
    def ns_score(self):
        """NS's score (None for an artificial score or a line not entered)."""
        return self.line.ns_score if self.line is not None else None

    @property
    def key(self) -> str:
        """An id for the page: ``r2-t3`` (or the pairs when the layout has no rounds and tables)."""
        if self.round is not None and self.table is not None:
            return f"r{self.round}-t{self.table}"
        return f"p{self.ns}-v-{self.ew}"


@dataclass
class Traveller:
    board: int
    lines: list[Line]
    scores: list[BoardScore]  # one per section scored on its own; usually one
    changes: list[ResultChange] = field(default_factory=list)

    @property
    def expected(self) -> int:
        return sum(1 for line in self.lines if line.meeting is not None)

    @property
    def entered(self) -> int:
        return sum(1 for line in self.lines if line.entered)

    @property
    def complete(self) -> bool:
        """Every table the layout puts on this board has its result."""
        return self.expected > 0 and all(line.entered for line in self.lines if line.meeting is not None)

    @property
    def flags(self) -> list[Text]:
        return [flag for line in self.lines for flag in line.flags]

    @property
    def top(self) -> Fraction | None:
        return self.scores[0].top if self.scores else None

    @property
    def datum(self) -> int | None:
        return self.scores[0].datum if self.scores else None


@dataclass(frozen=True)
class Flagged:
    """One suspicious result: the line, the flag (``scoring.domain.checks``), and the director's check if any."""

    line: Line
    flag: Text
    check: FlagCheck | None

    @property
    def code(self) -> str:
        return self.flag.code


@dataclass
class SessionResults:
    session: Session
    layout: SessionLayout
    options: ScoringOptions
    event: EventScore
    pairs: dict[str, Pair]
    travellers: list[Traveller]
    deal_checks: bool  # the deal and double-dummy checks ran (the session is over)
    checked: bool = False  # the suspicious results were looked for

    @property
    def deal_checks_note(self) -> str:
        """Why results were not checked against the deals ("" when they were, or were not asked for)."""
        if not self.checked or self.deal_checks:
            return ""
        if not self.session.is_over:
            return _(
                "Results are checked against the deals (the defenders' top trumps, the double-dummy tricks) once "
                "the session is over."
            )
        return _("This session has no dealt boards to check the results against.")

    @property
    def problems(self) -> tuple[Text, ...]:
        return self.layout.problems

    @property
    def flags(self) -> list[Text]:
        return [flag for t in self.travellers for flag in t.flags]

    def flagged(self) -> list[Flagged]:
        """Every flag of the session with its line, the unchecked ones first (in board order), then the checked."""
        rows = [
            Flagged(line, flag, check)
            for t in self.travellers
            for line in t.lines
            for flag, check in [(f, None) for f in line.flags] + list(line.checked)
        ]
        return sorted(rows, key=lambda f: f.check is not None)

    def traveller(self, board: int) -> Traveller | None:
        return next((t for t in self.travellers if t.board == board), None)


def _deals_for_checks(*, user, session: Session) -> dict[int, object]:
    """Board number → the hand record (deal and analysis) for the director's checks, once the session is over."""
    if not session.is_over:
        return {}
    _session, records = hand_record_for_viewer(user=user, session_id=session.pk)
    return {record.number: record for record in records}


def _flags(line: TravellerLine, others: list[TravellerLine], *, meeting_at, record) -> list[Text]:
    flags: list[Text] = []
    if line.round is not None and line.table is not None and meeting_at is not None:
        flags += check_line(line, expected_meeting=meeting_at(line.round, line.table))
    far = far_from_the_field(line, others)
    if far is not None:
        flags.append(far)
    if record is not None:
        flags += [
            t
            for t in (
                beyond_top_trumps(line, record.deal),
                far_from_double_dummy(line, record.analysis.table) if record.analysis else None,
            )
            if t is not None
        ]
    return flags


def _split_checked(row: Line, checks: dict[tuple[int, int, int, str], list[FlagCheck]]) -> None:
    """Move the line's flags a director checked (on the result it holds now) from ``flags`` to ``checked``."""
    if row.line is None or row.ns_pair is None or row.ew_pair is None:
        return
    result = as_data(row.line.result)
    open_flags = []
    for flag in row.flags:
        found = [
            c for c in checks.get((row.board, row.ns_pair.pk, row.ew_pair.pk, flag.code), []) if c.result == result
        ]
        if found:
            row.checked.append((flag, found[-1]))
        else:
            open_flags.append(flag)
    row.flags = open_flags


def session_travellers(
    *,
    session: Session,
    board: int | None = None,
    checks_for=None,
    options: ScoringOptions | None = None,
    layout: SessionLayout | None = None,
    trail: bool = True,
) -> SessionResults:
    """Every traveller of the session (or only ``board``'s) with the session scored now.

    ``checks_for``: the director for whom suspicious results are flagged (the deal checks read the
    deals through ``dealing.selectors`` under its rule: only once the session is over). ``trail``:
    each traveller's changes (who entered or corrected what, when); the director's live room, which
    shows none of them, leaves them unread (a row or more for every line of the session).
    """
    layout = layout if layout is not None else session_layout(session)
    options = options or session_options(session=session)
    every = session_lines(session=session)
    event = session_score(session=session, options=options, layout=layout, lines=every)
    pairs = session_pairs(session=session)
    lines = every if board is None else [line for line in every if line.board == board]
    scored = {s.line.extra["id"]: s for b in event.boards for s in b.lines}
    by_board: dict[int, list[TravellerLine]] = {}
    for line in lines:
        by_board.setdefault(line.board, []).append(line)
    records = _deals_for_checks(user=checks_for, session=session) if checks_for is not None else {}
    checks: dict[tuple[int, int, int, str], list[FlagCheck]] = {}
    if checks_for is not None:
        for check in FlagCheck.objects.filter(session=session).select_related("by"):
            checks.setdefault((check.board, check.ns_pair_id, check.ew_pair_id, check.flag), []).append(check)
    meetings = {(m.round, m.table): m for m in layout.meetings if m.round is not None and m.table is not None}
    changes: dict[int, list[ResultChange]] = {}
    if trail:
        trail_rows = ResultChange.objects.filter(session=session).select_related("by", "ns_pair", "ew_pair")
        for change in trail_rows if board is None else trail_rows.filter(board=board):
            changes.setdefault(change.board, []).append(change)

    numbers = sorted(set(layout.boards) | set(by_board)) if board is None else [board]
    travellers = []
    for number in numbers:
        stored = {(ln.ns, ln.ew): ln for ln in by_board.get(number, [])}
        rows: list[Line] = []
        for m in sorted(layout.meetings_of_board(number), key=lambda m: (m.round or 0, m.table or 0, m.ns)):
            rows.append(
                Line(
                    board=number,
                    round=m.round,
                    table=m.table,
                    ns=m.ns,
                    ew=m.ew,
                    ns_pair=pairs.get(m.ns),
                    ew_pair=pairs.get(m.ew),
                    meeting=m,
                    line=stored.pop((m.ns, m.ew), None),
                )
            )
        for ln in stored.values():  # entered off the schedule (a director, with a reason)
            rows.append(
                Line(
                    board=number,
                    round=ln.round,
                    table=ln.table,
                    ns=ln.ns,
                    ew=ln.ew,
                    ns_pair=pairs.get(ln.ns),
                    ew_pair=pairs.get(ln.ew),
                    meeting=None,
                    line=ln,
                )
            )
        for row in rows:
            if row.line is not None:
                row.scored = scored.get(row.line.extra["id"])  # row.id, the stored line being there
                if checks_for is not None:
                    row.flags = _flags(
                        row.line,
                        by_board[number],
                        record=records.get(number),
                        meeting_at=(lambda r, t: meetings.get((r, t))) if meetings else None,
                    )
                    if row.meeting is None and not row.flags and layout.meetings:
                        problem = layout.check(board=number, ns=row.ns, ew=row.ew)
                        if problem is not None:
                            row.flags.append(problem)
                    if checks:
                        _split_checked(row, checks)
        travellers.append(
            Traveller(
                board=number,
                lines=rows,
                scores=[b for b in event.boards if b.board == number],
                changes=changes.get(number, []),
            )
        )
    return SessionResults(
        session=session,
        layout=layout,
        options=options,
        event=event,
        pairs=pairs,
        travellers=travellers,
        deal_checks=bool(records),
        checked=checks_for is not None,
    )


# --- words, ranking, publication -------------------------------------------------------------------


def options_in_words(options: ScoringOptions, *, sections: bool = False, handicap: bool = False) -> str:
    """How the session is scored, in the reader's language: the scale and factoring, or the kind of IMPs; and
    whether a handicap ranking stands beside the ranking (``SessionScoring.handicap``)."""
    if options.method == "butler":
        how = _("IMPs against a Butler datum (the mean of the scores without the highest and the lowest)")
    elif options.method == "cross_imps":
        how = _("Cross-IMPs (each score against every other score on the board)")
    else:
        scale = (
            _("2 per result beaten, 1 per tie (EBU, WBF)")
            if options.scale == "ebu"
            else _("1 per result beaten, ½ per tie (ACBL)")
        )
        factoring = {
            "neuberg": _("Neuberg factoring for boards played fewer times"),
            "none": _("no factoring (each board on its own top)"),
            "ties": _("results missing on a board played fewer times scored as ties with every result (ScoreBridge)"),
        }[options.factoring]
        how = _("Matchpoints: %(scale)s; %(factoring)s") % {"scale": scale, "factoring": factoring}
        if options.rounding != "exact":
            lines = (
                _("each line's matchpoints rounded (decimals: %(decimals)s)")
                if options.rounding == "rounded"
                else _("each line's matchpoints cut (decimals: %(decimals)s), never rounded up")
            ) % {"decimals": options.decimals}
            totals = (
                _("the totals add the lines as rounded")
                if options.totals == "lines"
                else _("the totals add the exact matchpoints")
            )
            how = f"{how}; {lines}; {totals}"
    if sections:
        where = (
            _("sections compared across the field")
            if options.sections == "across"
            else _("each section scored on its own")
        )
        how = f"{how}; {where}"
    if handicap and not options.is_imps:
        how = _("%(options)s; a handicap ranking beside it (half of each pair's handicap added)") % {"options": how}
    return how


@dataclass
class RankingRow:
    place: str
    pair: str
    names: str
    field: str
    total: Fraction
    top: Fraction
    percentage: Fraction | None
    boards: int


def ranking_rows(event: EventScore, pairs: dict[str, Pair]) -> list[tuple[str, list[RankingRow]]]:
    """The ranking field by field (one field, or NS and EW): ``[(field, rows best first), …]``."""
    out: dict[str, list[RankingRow]] = {}
    for p in event.pairs:
        pair = pairs.get(p.pair)
        out.setdefault(p.field, []).append(
            RankingRow(p.place, p.pair, pair.names if pair else "", p.field, p.total, p.top, p.percentage, p.boards)
        )
    return list(out.items())


@dataclass
class PublicationState:
    status: str  # "unpublished", "provisional" or "final"
    published_at: object | None
    provisional_until: object | None


def publication_state(session: Session) -> PublicationState:
    scoring = SessionScoring.objects.filter(session=session).first()
    at = scoring.published_at if scoring else None
    until = scoring.provisional_until if scoring else None
    if session.status == Session.Status.PROVISIONAL:
        return PublicationState("provisional", at, until)
    if session.status == Session.Status.PUBLISHED:
        return PublicationState("final", at, until)
    return PublicationState("unpublished", None, None)


def may_read_live(user, session: Session) -> bool:
    """The club's scorers and directors (and site auditors) read the results as they stand."""
    return can_score(user, session.club_id) or is_site_auditor(user)


def session_for_results(*, user, session_id: int) -> tuple[Session, bool]:
    """The session and whether ``user`` reads it live; a player only once the results are published."""
    session = session_get_for_viewer(user=user, session_id=session_id)
    live = may_read_live(user, session)
    if not live and not session.is_published:
        raise ResultsNotPublished(_("The results of this session are not published yet."))
    return session, live


def published_ranking_for_player(*, session: Session) -> dict:
    """The ranking frozen at publication (``SessionScoring.published_ranking``)."""
    scoring = SessionScoring.objects.filter(session=session).first()
    if not session.is_published or scoring is None or not scoring.published_ranking:
        raise ResultsNotPublished(_("The results of this session are not published yet."))
    return scoring.published_ranking


def result_get_for_scorer(*, user, result_id: int) -> Result:
    result = Result.objects.filter(pk=result_id).select_related("session__club", "ns_pair", "ew_pair").first()
    if result is None:
        raise Http404(_("No such result."))
    session_get_for_scorer(user=user, session_id=result.session_id)
    return result

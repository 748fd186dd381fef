"""What players read of a session's results: the ranking, a pair's scorecard, a board's traveller, their history.

Who may read what (``clubs.permissions.can_read_results``, through ``clubs.selectors.session_get_for_results``):
a published session's results are public, or for the club's members when the club keeps them to its members;
before publication only the club's directors and scorers (and site auditors) read them, as a preview; anyone
else gets a 404 that does not say whether the session exists. Deals (the hand diagram, double dummy, par and
the "why") come through ``dealing.selectors.boards_for_results_viewer`` under the dealing rule: only once the
session is over.

* :func:`ranking_for_viewer` — the ranking players see: the one frozen at publication
  (``SessionScoring.published_ranking``), never the live one; a director's preview before publication is
  scored now and says so. Fields (one, or NS and EW, or sections) with their rows.
* :func:`scorecard_for_viewer` — one pair's boards in play order (round, table, direction, opponents, the
  result and its matchpoints or IMPs), its sit-outs, its place from the frozen ranking, and each board set
  against double dummy, par and the field (``scoring.domain.why``).
* :func:`traveller_for_viewer` — one board: every line with its score and matchpoints, the hand record
  (diagram, double dummy, par, Pavlicek number), and the "why" of the pair whose line is highlighted.
* :func:`history_for_user` — every published session a login's memberships played: date, partner, percentage,
  place; the percentages as a chart and the best sessions.
* :func:`bars` and :func:`line_chart` — the geometry of the inline SVG charts (the templates draw them).

Every number is scored from the stored results (``scoring.selectors.results.session_score``) except the
ranking and the places, which are the published ones (for a published session the two agree: a correction in
the score-query window freezes the ranking again).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from django.db.models import Q

from clubs.models import Member, Pair, Session
from clubs.selectors import session_get_for_results
from dealing.selectors.boards import DealsHidden, analyses_for_results_viewer, boards_for_results_viewer
from scoring.domain.engine import BoardScore, score_event
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import place_number
from scoring.domain.why import Why, explain
from scoring.models import Result, SessionScoring
from scoring.selectors.layout import session_layout
from scoring.selectors.results import ranking_snapshot, session_lines, session_options, session_pairs, session_score
from scoring.selectors.travellers import Line, PublicationState, Traveller, publication_state

if TYPE_CHECKING:
    from dealing.selectors.boards import BoardRecord


class NotFound(LookupError):
    """No such pair or board in a session the viewer may read (the view answers 404)."""


# --- the ranking ----------------------------------------------------------------------------------


@dataclass
class RankingRow:
    place: str
    pair: str
    names: str
    field: str
    section: str
    total: str
    top: str
    percentage: str | None
    boards: int
    mine: bool = False
    handicap: str | None = None  # a handicap ranking's: the pair's handicap, percentage and place with it
    handicap_percentage: str | None = None
    handicap_place: str | None = None


@dataclass
class Ranking:
    session: Session
    options: ScoringOptions
    fields: list[tuple[str, list[RankingRow]]]
    state: PublicationState
    preview: bool  # not published: a director's or scorer's look, scored now
    mine: str | None = None  # the viewer's pair in this session
    scored_at: str = ""
    handicap: bool = False  # a handicap ranking beside the ranking (``SessionScoring.handicap``, as published)

    @property
    def rows(self) -> list[RankingRow]:
        return [row for _field, rows in self.fields for row in rows]

    @property
    def sections(self) -> bool:
        return len({row.section for row in self.rows}) > 1

    @property
    def handicap_fields(self) -> list[tuple[str, list[RankingRow]]]:
        """Each field's pairs in their handicap ranking's order (empty without one)."""
        if not self.handicap:
            return []
        return [
            (name, sorted((r for r in rows if r.handicap_place), key=lambda r: place_number(r.handicap_place or "0")))
            for name, rows in self.fields
        ]


def _ranking_data(session: Session) -> tuple[dict, bool]:
    """The ranking players see (frozen at publication), or the live one for a preview; and whether it is one."""
    if session.is_published:
        scoring = SessionScoring.objects.filter(session=session).only("published_ranking").first()
        if scoring is not None and scoring.published_ranking:
            return scoring.published_ranking, False
    return ranking_snapshot(session=session), True


def ranking_data(*, session: Session) -> tuple[dict, bool]:
    """The ranking of ``session`` as players may see it once it is published (frozen then), else the live one and
    True — for a director's preview, or for the tables' phones when the director shows players the live ranking."""
    return _ranking_data(session)


def viewer_pair(*, user, session: Session) -> str | None:
    """The label of the pair ``user`` played in (through the memberships linked to the login), or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    members = Member.objects.filter(user=user, club_id=session.club_id).values("pk")
    pair = Pair.objects.filter(Q(player_1__in=members) | Q(player_2__in=members), session=session).first()
    return pair.label if pair is not None else None


def ranking_for_viewer(*, user, session_id: int) -> Ranking:
    session = session_get_for_results(user=user, session_id=session_id)
    data, preview = _ranking_data(session)
    mine = viewer_pair(user=user, session=session)
    fields: dict[str, list[RankingRow]] = {name: [] for name in data.get("fields") or [""]}
    for p in data["pairs"]:
        fields.setdefault(p["field"], []).append(
            RankingRow(
                place=p["place"],
                pair=p["pair"],
                names=p["names"],
                field=p["field"],
                section=p.get("section", ""),
                total=p["total"],
                top=p["top"],
                percentage=p["percentage"],
                boards=p["boards"],
                mine=p["pair"] == mine,
                handicap=p.get("handicap"),
                handicap_percentage=p.get("handicap_percentage"),
                handicap_place=p.get("handicap_place"),
            )
        )
    return Ranking(
        session=session,
        options=ScoringOptions.parse(data.get("options")),
        fields=[(name, rows) for name, rows in fields.items() if rows],
        state=publication_state(session),
        preview=preview,
        mine=mine,
        scored_at=data.get("scored_at", ""),
        handicap=bool(data.get("handicap")),
    )


# --- the "why" of a line ---------------------------------------------------------------------------


def _board_score(traveller: Traveller, line: Line) -> BoardScore | None:
    for score in traveller.scores:
        if any(s.line.extra.get("id") == line.id for s in score.lines):
            return score
    return traveller.scores[0] if traveller.scores else None


def _why(board_score: BoardScore | None, line: Line, side: str, analysis, options: ScoringOptions) -> Why | None:
    """The pair's result on ``line`` against double dummy, par and the field (the lines of ``board_score``, the
    comparison unit it was scored in); no deal facts without ``analysis`` (the board's ``BoardAnalysis``)."""
    entered = line.line
    if entered is None:  # (not line.entered)
        return None
    field_lines = [s.line for s in board_score.lines] if board_score else [entered]
    par = (analysis.par.score, tuple(c.to_pbn() for c in analysis.par.contracts)) if analysis else None
    counting = {**options.as_dict(), "expected": board_score.expected if board_score else None}
    return explain(
        entered,
        side,
        field_lines,
        table=analysis.table if analysis else None,
        par=par,
        scored=line.scored,
        options=counting,
    )


def _records(*, user, session: Session, numbers=None) -> dict:
    """Board number → hand record, once the session is over (none before: nothing of a deal is read)."""
    if not session.is_over:
        return {}
    try:
        _session, records = boards_for_results_viewer(user=user, session_id=session.pk, numbers=numbers)
    except DealsHidden:
        return {}
    return records


def _analyses(*, user, session: Session, numbers=None) -> dict:
    """Board number → double-dummy table and par of the boards analysed, once the session is over (no deal read)."""

    if not session.is_over:
        return {}
    try:
        _session, analyses = analyses_for_results_viewer(user=user, session_id=session.pk, numbers=numbers)
    except DealsHidden:
        return {}
    return analyses


# --- a pair's scorecard ----------------------------------------------------------------------------


@dataclass
class ScorecardRow:
    board: int
    round: int | None
    table: int | None
    side: str  # the side the pair sat: "NS" or "EW"
    against: str  # the opponents' label
    against_names: str
    line: Line
    points: Fraction | None  # the pair's matchpoints or IMPs on the board
    top: Fraction | None
    why: Why | None = None

    @property
    def percentage(self) -> Fraction | None:
        return 100 * self.points / self.top if self.points is not None and self.top else None

    @property
    def score(self):
        """The pair's score from its own side (None for an artificial score)."""
        score = self.line.ns_score
        if score is None:
            return None
        return score if self.side == "NS" else -score


@dataclass
class Scorecard:
    session: Session
    pair: str
    names: str
    options: ScoringOptions
    rows: list[ScorecardRow]
    sit_outs: tuple[int, ...]
    standing: RankingRow | None  # its line in the ranking players see
    state: PublicationState
    preview: bool
    deals_shown: bool  # the session is over: double dummy and par may be shown
    analysis_missing: bool = False  # some boards are not analysed yet
    viewer: str | None = None  # the viewer's own pair in the session
    pairs_in_field: int = 0

    @property
    def mine(self) -> bool:
        return self.viewer is not None and self.viewer == self.pair

    @property
    def total(self) -> Fraction:
        return sum((row.points for row in self.rows if row.points is not None), Fraction(0))

    @property
    def chart(self) -> BarChart:
        return bars([(row.board, row.percentage) for row in self.rows])


def _names(pair: Pair | None) -> str:
    return pair.names if pair is not None else ""


def boards_scored(*, session: Session, layout, boards) -> tuple[ScoringOptions, list[BoardScore]]:
    """``boards``' scores exactly as ``session_score`` scores them, reading no more than needed.

    When the movement's plan gives each board its E (a planned layout, sections compared across the field), a
    board's matchpoints (or IMPs) depend on its own lines alone — ``score_event`` takes E from ``expected``, and
    the most of E and the board's own results — so only those boards' lines are read and scored. Otherwise (an
    imported event, sections scored on their own: E is the most results of any board) the whole session is."""

    boards = set(boards)
    options = session_options(session=session)
    plan = layout.expected_plays if layout.planned and options.sections == "across" else {}
    if boards and all(board in plan for board in boards):
        event = score_event(
            session_lines(session=session, boards=boards), options, expected={board: plan[board] for board in boards}
        )
    else:
        event = session_score(session=session, options=options, layout=layout)
    return options, [b for b in event.boards if b.board in boards]


def scorecard_for_viewer(*, user, session_id: int, pair: str) -> Scorecard:
    """``pair``'s scorecard (its label: ``3``, ``1NS``, ``A3``); ``NotFound`` when the session has no such pair.

    The pair's boards scored (``boards_scored``): its lines and, for each, the lines of the unit it was scored in
    (the "why"'s field); only those boards' double-dummy analyses are read, no deal."""

    ranking = ranking_for_viewer(user=user, session_id=session_id)
    session = ranking.session
    layout = session_layout(session)
    pairs = session_pairs(session=session)
    if pair not in pairs and pair not in layout.pairs:
        raise NotFound(pair)
    played = set()
    if pair in pairs:
        played = set(
            Result.objects.filter(Q(ns_pair=pairs[pair]) | Q(ew_pair=pairs[pair]), session=session).values_list(
                "board", flat=True
            )
        )
    options, scored_boards = boards_scored(session=session, layout=layout, boards=played)
    found = []
    for board_score in scored_boards:
        for scored in board_score.lines:
            line = scored.line
            if pair in (line.ns, line.ew):
                found.append((board_score, scored))
    analyses = _analyses(user=user, session=session, numbers={b.board for b, _s in found}) if found else {}
    rows = []
    for board_score, scored in found:
        line = scored.line
        side = "NS" if line.ns == pair else "EW"
        against = line.ew if side == "NS" else line.ns
        shown_line = Line(
            board=line.board,
            round=line.round,
            table=line.table,
            ns=line.ns,
            ew=line.ew,
            ns_pair=pairs.get(line.ns),
            ew_pair=pairs.get(line.ew),
            meeting=None,
            line=line,
            scored=scored,
        )
        rows.append(
            ScorecardRow(
                board=line.board,
                round=line.round,
                table=line.table,
                side=side,
                against=against,
                against_names=_names(pairs.get(against)),
                line=shown_line,
                points=scored.ns if side == "NS" else scored.ew,
                top=scored.top,
                why=_why(board_score, shown_line, side, analyses.get(line.board), options),
            )
        )
    rows.sort(key=lambda row: (row.round if row.round is not None else 0, row.board))
    standing = next((row for row in ranking.rows if row.pair == pair), None)
    return Scorecard(
        session=session,
        pair=pair,
        names=_names(pairs.get(pair)) or (standing.names if standing else ""),
        options=ranking.options,
        rows=rows,
        sit_outs=tuple(sorted(r for r, p in layout.sit_outs if p == pair)),
        standing=standing,
        state=ranking.state,
        preview=ranking.preview,
        deals_shown=session.is_over,
        analysis_missing=session.is_over and any(row.board not in analyses for row in rows),
        viewer=ranking.mine,
        pairs_in_field=sum(1 for row in ranking.rows if standing and row.field == standing.field),
    )


# --- a board's traveller ----------------------------------------------------------------------------


@dataclass
class TravellerPage:
    session: Session
    board: int
    traveller: Traveller
    options: ScoringOptions
    record: BoardRecord | None  # dealing's board record once the session is over
    highlight: str | None  # the pair whose line is marked (the viewer's, or the scorecard's)
    why: Why | None
    boards: tuple[int, ...]
    state: PublicationState
    preview: bool
    mine: str | None = None

    @property
    def previous(self) -> int | None:
        here = self.boards.index(self.board)
        return self.boards[here - 1] if here > 0 else None

    @property
    def next(self) -> int | None:
        here = self.boards.index(self.board)
        return self.boards[here + 1] if here + 1 < len(self.boards) else None

    @property
    def lines(self) -> list[Line]:
        """The lines with a result (a traveller players see has no empty tables)."""
        return [line for line in self.traveller.lines if line.entered]


def traveller_from_scores(board: int, layout, pairs: dict, scores: list[BoardScore]) -> Traveller:
    """The board's lines as a traveller shows them: a line per table where the layout puts one (in round and table
    order) with its result and score, then any line entered off the schedule (``session_travellers`` without the
    audit trail and without scoring the whole session)."""
    stored = {(s.line.ns, s.line.ew): s for score in scores for s in score.lines}
    rows: list[Line] = []
    for m in sorted(layout.meetings_of_board(board), key=lambda m: (m.round or 0, m.table or 0, m.ns)):
        scored = stored.pop((m.ns, m.ew), None)
        rows.append(
            Line(
                board=board,
                round=m.round,
                table=m.table,
                ns=m.ns,
                ew=m.ew,
                ns_pair=pairs.get(m.ns),
                ew_pair=pairs.get(m.ew),
                meeting=m,
                line=scored.line if scored else None,
                scored=scored,
            )
        )
    for scored in stored.values():
        ln = scored.line
        rows.append(
            Line(
                board=board,
                round=ln.round,
                table=ln.table,
                ns=ln.ns,
                ew=ln.ew,
                ns_pair=pairs.get(ln.ns),
                ew_pair=pairs.get(ln.ew),
                meeting=None,
                line=ln,
                scored=scored,
            )
        )
    return Traveller(board=board, lines=rows, scores=scores)


def traveller_for_viewer(*, user, session_id: int, board: int, pair: str | None = None) -> TravellerPage:
    """``board``'s traveller, ``pair``'s line (else the viewer's own) highlighted; ``NotFound`` for no such board."""

    ranking = ranking_for_viewer(user=user, session_id=session_id)
    session = ranking.session
    played = set(Result.objects.filter(session=session).values_list("board", flat=True).distinct())
    if board not in played:
        raise NotFound(board)
    layout = session_layout(session)
    options, scores = boards_scored(session=session, layout=layout, boards={board})
    traveller = traveller_from_scores(board, layout, session_pairs(session=session), scores)
    records = _records(user=user, session=session, numbers=[board])
    highlight = pair if pair and any(pair in (ln.ns, ln.ew) for ln in traveller.lines) else ranking.mine
    why = None
    line = next((ln for ln in traveller.lines if highlight in (ln.ns, ln.ew)), None) if highlight else None
    if line is not None:
        record = records.get(board)
        why = _why(
            _board_score(traveller, line),
            line,
            "NS" if line.ns == highlight else "EW",
            record.analysis if record is not None else None,
            options,
        )
    return TravellerPage(
        session=session,
        board=board,
        traveller=traveller,
        options=options,
        record=records.get(board),
        highlight=highlight,
        why=why,
        boards=tuple(sorted(played)),
        state=ranking.state,
        preview=ranking.preview,
        mine=ranking.mine,
    )


# --- charts (inline SVG, drawn by the templates) ----------------------------------------------------


@dataclass
class Bar:
    label: int
    value: Fraction | None
    x: float
    y: float
    height: float
    width: float = 16

    @property
    def centre(self) -> float:
        return self.x + self.width / 2


@dataclass
class BarChart:
    bars: list[Bar]
    width: float
    height: float
    bar_width: float
    middle: float  # the y of 50 %


def bars(
    values: list[tuple[int, Fraction | None]], *, height: float = 120, bar: float = 16, gap: float = 4
) -> BarChart:
    """Bars of percentages (0 … 100) for the scorecard: one per board in play order, 50 % marked."""
    out = []
    for index, (label, value) in enumerate(values):
        size = float(max(Fraction(0), min(Fraction(100), value))) * height / 100 if value is not None else 0.0
        size = max(size, 2.0) if value is not None else 0.0  # a zero shows as a sliver, not as nothing
        out.append(Bar(label, value, x=index * (bar + gap), y=height - size, height=size, width=bar))
    width = max(len(values) * (bar + gap) - gap, bar)
    return BarChart(out, width=width, height=height, bar_width=bar, middle=height / 2)


@dataclass
class Point:
    x: float
    y: float
    value: Fraction
    label: str


@dataclass
class LineChart:
    points: list[Point]
    width: float
    height: float
    low: int  # the percentages shown run from low to high
    high: int
    ticks: list[tuple[float, int]]  # (y, percentage)

    @property
    def path(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def line_chart(
    values: list[tuple[str, Fraction]], *, width: float = 480, height: float = 180, margin: float = 12
) -> LineChart:
    """Percentages over time (oldest first) for the history page, on a scale that fits them (at least 30–70 %)."""
    low = min([40, *[int(v) // 10 * 10 for _label, v in values]])
    high = max([60, *[-(-int(v) // 10) * 10 for _label, v in values]])
    span = max(high - low, 1)
    step = (width - 2 * margin) / max(len(values) - 1, 1)

    def y(value) -> float:
        return margin + (height - 2 * margin) * (1 - (float(value) - low) / span)

    points = [
        Point(margin + (i * step if len(values) > 1 else (width - 2 * margin) / 2), y(v), v, label)
        for i, (label, v) in enumerate(values)
    ]
    ticks = [(y(t), t) for t in range(low, high + 1, 10)]
    return LineChart(points, width=width, height=height, low=low, high=high, ticks=ticks)


# --- a player's history ------------------------------------------------------------------------------


@dataclass
class HistoryEntry:
    session: Session
    pair: str
    partner: str
    field: str
    place: str
    pairs_in_field: int
    percentage: Fraction | None
    total: str
    imps: bool

    @property
    def place_number(self) -> int:
        return int(self.place.rstrip("=") or 0)


@dataclass
class History:
    entries: list[HistoryEntry]  # newest first
    members: list[Member]
    best: list[HistoryEntry] = field(default_factory=list)

    @property
    def chart(self) -> LineChart | None:
        points = [
            (f"{e.session.date:%Y-%m-%d}", e.percentage) for e in reversed(self.entries) if e.percentage is not None
        ]
        return line_chart(points) if points else None

    @property
    def average(self) -> Fraction | None:
        values = [e.percentage for e in self.entries if e.percentage is not None]
        return sum(values, Fraction(0)) / len(values) if values else None


def history_for_user(*, user, best: int = 3) -> History:
    """Every published session the login's memberships played, newest first, with the best ``best`` of them."""
    members = (
        list(Member.objects.filter(user=user).select_related("club"))
        if getattr(user, "is_authenticated", False)
        else []
    )
    ids = {m.pk for m in members}
    if not ids:
        return History([], members)
    pairs = Pair.objects.filter(
        Q(player_1__in=ids) | Q(player_2__in=ids),
        session__status__in=[Session.Status.PROVISIONAL, Session.Status.PUBLISHED],
    ).select_related("session__club", "player_1", "player_2")
    frozen = dict(
        SessionScoring.objects.filter(session__in={p.session_id for p in pairs}).values_list(
            "session_id", "published_ranking"
        )
    )
    entries = []
    for pair in pairs:
        ranking = frozen.get(pair.session_id) or {}
        row = next((p for p in ranking.get("pairs", ()) if p["pair"] == pair.label), None)
        if row is None:
            continue
        names = pair.player_names
        mine_first = pair.player_1_id in ids
        partner = names[1] if mine_first else names[0]
        imps = ScoringOptions.parse(ranking.get("options")).is_imps
        entries.append(
            HistoryEntry(
                session=pair.session,
                pair=pair.label,
                partner=partner,
                field=row["field"],
                place=row["place"],
                pairs_in_field=sum(1 for p in ranking["pairs"] if p["field"] == row["field"]),
                percentage=Fraction(row["percentage"]) if row.get("percentage") is not None else None,
                total=row["total"],
                imps=imps,
            )
        )
    entries.sort(key=lambda e: (e.session.date, e.session.start_time or datetime.time(0), e.session.pk), reverse=True)
    scored = [(e.percentage, e) for e in entries if e.percentage is not None]
    ranked = [e for _percentage, e in sorted(scored, key=lambda pe: (-pe[0], pe[1].place_number))]
    return History(entries, members, best=ranked[:best])

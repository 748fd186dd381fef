"""Reads of a session's results: its pairs, its traveller lines as the domain's, and their score.

Nothing scored is stored: ``session_score`` scores the session's ``Result`` rows with the
scoring domain each time it is asked (``score_event``), with the session's options or others a
director wants to compare. Who may read what is decided by the views and APIs through
``clubs.selectors`` (directors and scorers: everything; players: the published ranking,
``scoring.selectors.publication``).
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from bridge.cards import Seat, Strain
from bridge.contract import Bid, Contract
from clubs.models import Pair, Session
from scoring.domain.engine import EventScore, score_event
from scoring.domain.options import ScoringOptions
from scoring.domain.ranking import handicap_ranking, shown
from scoring.domain.results import Artificial, Assigned, Played, TravellerLine
from scoring.domain.results import Result as DomainResult
from scoring.models import Result, SessionScoring
from scoring.selectors.layout import session_layout


def session_pairs(*, session: Session) -> dict[str, Pair]:
    """The session's pairs by label (``"3"``, ``"1NS"``, ``"A3"``), players loaded."""
    pairs = Pair.objects.filter(session=session).select_related("player_1", "player_2")
    return {p.label: p for p in pairs}


def pair_handicaps(*, pairs: dict[str, Pair]) -> dict[str, Fraction]:
    """Each pair's handicap for a handicap ranking: the sum of its two players' (``Member.handicap``; a guest or a
    member without one counts 0), for the pairs with at least one. Half of it, the players' mean, is added to the
    pair's percentage (``scoring.domain.ranking.handicap_ranking``)."""
    out = {}
    for label, pair in pairs.items():
        handicaps = [m.handicap for m in (pair.player_1, pair.player_2) if m is not None and m.handicap is not None]
        if handicaps:
            out[label] = sum((Fraction(h) for h in handicaps), Fraction(0))
    return out


def has_handicap_ranking(*, session: Session) -> bool:
    """Is ``session`` ranked with its players' handicaps too (``SessionScoring.handicap``)?"""
    return SessionScoring.objects.filter(session=session, handicap=True).exists()


def session_handicaps(*, session: Session, pairs: dict[str, Pair] | None = None) -> dict[str, Fraction] | None:
    """The pairs' handicaps when ``session`` is scored with a handicap ranking (``SessionScoring.handicap``), else
    None."""
    if not has_handicap_ranking(session=session):
        return None
    return pair_handicaps(pairs=pairs if pairs is not None else session_pairs(session=session))


_STRAINS = {s.letter: s for s in Strain}
_SEATS = {s.letter: s for s in Seat}


def domain_result(result) -> DomainResult:
    """The domain's view of a stored result (a ``Result`` or any object with its fields)."""
    if result.kind == Result.Kind.ARTIFICIAL:
        return Artificial(result.ns_percent, result.ew_percent)
    if result.kind == Result.Kind.ASSIGNED:
        return Assigned(tuple((Fraction(n, d), int(s)) for n, d, s in (result.assigned or ())))
    if result.level is None:
        return Played(None)
    contract = Contract(Bid(result.level, _STRAINS[result.strain]), result.doubling, _SEATS[result.declarer])
    return Played(contract, result.tricks, result.lead)


def result_fields(result: DomainResult) -> dict:
    """The model fields that store a domain result (every field set, so a correction leaves nothing behind)."""
    fields: dict[str, object] = {
        "kind": Result.Kind.PLAYED,
        "level": None,
        "strain": "",
        "doubling": 0,
        "declarer": "",
        "tricks": None,
        "lead": "",
        "assigned": None,
        "ns_percent": None,
        "ew_percent": None,
    }
    if isinstance(result, Played):
        if result.contract is not None:
            c = result.contract
            fields.update(
                level=c.level,
                strain=c.strain.letter,
                doubling=c.doubling,
                declarer=c.declarer.letter,
                tricks=result.tricks,
                lead=result.lead,
            )
    elif isinstance(result, Assigned):
        fields.update(
            kind=Result.Kind.ASSIGNED,
            assigned=[[Fraction(w).numerator, Fraction(w).denominator, s] for w, s in result.parts],
        )
    else:
        fields.update(kind=Result.Kind.ARTIFICIAL, ns_percent=result.ns_percent, ew_percent=result.ew_percent)
    return fields


def traveller_line(result: Result) -> TravellerLine:
    """A stored result as the domain's traveller line (``ns_pair``/``ew_pair`` must be loaded)."""
    ns, ew = result.ns_pair, result.ew_pair
    return TravellerLine(
        board=result.board,
        ns=ns.label,
        ew=ew.label,
        result=domain_result(result),
        section=ns.section,
        group=result.group,
        round=result.round,
        table=result.table,
        extra={"id": result.pk},
    )


def session_results(*, session: Session, board: int | None = None):
    results = Result.objects.filter(session=session).select_related("ns_pair", "ew_pair")
    return results.filter(board=board) if board is not None else results


_LINE_FIELDS = ("id", "board", "ns_pair_id", "ew_pair_id", "round", "table", "group", "kind", "level", "strain",
                "doubling", "declarer", "tricks", "lead", "assigned", "ns_percent", "ew_percent")  # fmt: skip


def session_lines(*, session: Session, board: int | None = None, boards=None) -> list[TravellerLine]:
    """The session's lines (or one board's, or those of ``boards``) as the domain's, read as plain rows (no model
    objects: the running ranking reads every line of the session after each entry)."""
    pairs = {p.pk: p for p in Pair.objects.filter(session=session).only("id", "number", "direction", "section")}
    rows = Result.objects.filter(session=session)
    if board is not None:
        rows = rows.filter(board=board)
    if boards is not None:
        rows = rows.filter(board__in=list(boards))
    lines = []
    for values in rows.values_list(*_LINE_FIELDS):
        row = SimpleNamespace(**dict(zip(_LINE_FIELDS, values)))
        ns, ew = pairs[row.ns_pair_id], pairs[row.ew_pair_id]
        lines.append(
            TravellerLine(
                board=row.board,
                ns=ns.label,
                ew=ew.label,
                result=domain_result(row),
                section=ns.section,
                group=row.group,
                round=row.round,
                table=row.table,
                extra={"id": row.id},
            )
        )
    return lines


def session_options(*, session: Session) -> ScoringOptions:
    scoring = SessionScoring.objects.filter(session=session).first()
    return scoring.options() if scoring else ScoringOptions()


def session_score(
    *, session: Session, options: ScoringOptions | None = None, layout=None, lines: list[TravellerLine] | None = None
) -> EventScore:
    """Score the session's results now: with its own options, or ``options`` to compare. ``lines``: all the session's
    lines when the caller has read them (``session_lines(session=session)``), else they are read."""
    layout = layout if layout is not None else session_layout(session)
    fields = None
    if len(layout.fields) > 1:
        fields = {pair: ("NS" if index == 0 else "EW") for index, field in enumerate(layout.fields) for pair in field}
    options = options or session_options(session=session)
    # E from the movement's plan; an imported event's meetings are what was played, so E is the engine's own
    # (the most results of any board), as the programs that wrote the files count it
    expected = (layout.expected_plays or None) if layout.planned and options.sections == "across" else None
    return score_event(
        lines if lines is not None else session_lines(session=session), options, fields=fields, expected=expected
    )


def ranking_snapshot(*, session: Session, scored_at: str = "") -> dict:
    """The ranking as it would be published now: what publication freezes (``SessionScoring.published_ranking``,
    with ``scored_at``) and what a director's preview shows. With a handicap ranking (``SessionScoring.handicap``),
    each pair's handicap, its handicap percentage and its place in that order, field by field, as the pairs'
    handicaps were at that moment."""
    event = session_score(session=session)
    pairs = session_pairs(session=session)
    data: dict = {
        "options": event.options.as_dict(),
        "fields": list(event.fields),
        "scored_at": scored_at,
        "pairs": [
            {
                "pair": p.pair,
                "names": pairs[p.pair].names if p.pair in pairs else "",
                "field": p.field,
                "section": p.section,
                "total": shown(p.total),
                "top": shown(p.top),
                "percentage": shown(p.percentage) if p.percentage is not None else None,
                "place": p.place,
                "boards": p.boards,
            }
            for p in event.pairs
        ],
    }
    handicaps = session_handicaps(session=session, pairs=pairs)
    if handicaps is not None and not event.options.is_imps:
        data["handicap"] = True
        rows = {row["pair"]: row for row in data["pairs"]}
        for name in data["fields"] or [""]:
            scratch = {p.pair: p.percentage for p in event.pairs if p.field == name and p.percentage is not None}
            for pair, (value, place) in handicap_ranking(scratch, handicaps).items():
                handicap = handicaps.get(pair)
                rows[pair].update(
                    handicap=shown(handicap, 1) if handicap is not None else None,
                    handicap_percentage=shown(value),
                    handicap_place=place,
                )
    return data

"""A session's results as a file: USEBIO 1.2 (``session_export_usebio``) or PBN with results (``session_export_pbn``).

Who may download: the club's directors and scorers (and site auditors) at any time; the club's
players once the results are published (``selectors.travellers.session_for_results``: 403
before, 404 for anyone who cannot see the session). The files carry the deals, and deals leave
the database only through ``dealing.selectors.boards``: ``hand_record_for_viewer``, which gives
them once the session is over (``Session.is_over``). Before that a director's or a scorer's file
has the results and no hands.

The numbers are ours, scored now (``session_score``) with the session's options; the pairs are
the session's (``Pair.label`` as the file's pair id: ``3``, ``1NS``, ``A3``), with their players'
names and, for members, their federation numbers (and, in a session with a handicap ranking, each pair's handicap:
USEBIO's percentages and places are then the handicap ranking's). The domain writes the files
(``scoring.domain.formats.usebio_writer.write_usebio``, ``pbn_results.write_pbn_results``); an
exported file imports again to the same ranking.

Names: ``<club-slug>-<date>-<session>.usebio.xml`` and ``….pbn``, the session's name made a slug
(``riverside-2026-11-24-tuesday-pairs.pbn``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Session
from dealing.selectors.boards import DealsHidden, hand_record_for_viewer
from scoring.domain.engine import EventScore
from scoring.domain.formats.event import FileEvent, FilePair, FilePlayer
from scoring.domain.formats.pbn_results import write_pbn_results
from scoring.domain.formats.usebio_writer import write_usebio
from scoring.selectors.layout import session_layout
from scoring.selectors.results import session_handicaps, session_pairs, session_score
from scoring.selectors.travellers import may_read_live, session_for_results

__all__ = ["ResultsFile", "session_export_usebio", "session_export_pbn", "export_filename", "may_export"]

USEBIO_TYPE = "application/xml; charset=utf-8"
PBN_TYPE = "application/x-chess-pbn; charset=utf-8"


@dataclass(frozen=True)
class ResultsFile:
    filename: str
    content: bytes
    content_type: str
    with_deals: bool


def may_export(user, session: Session) -> bool:
    """May ``user`` (who can see ``session``) download its results files now?"""
    return may_read_live(user, session) or session.is_published


def export_filename(session: Session, suffix: str) -> str:
    """``<club-slug>-<date>-<session>`` and ``suffix`` (``.usebio.xml``, ``.pbn``)."""
    name = slugify(session.name)[:60].strip("-") or f"session-{session.pk}"
    return f"{session.club.slug}-{session.date:%Y-%m-%d}-{name}{suffix}"


def _event(user, session: Session) -> tuple[FileEvent, EventScore, bool]:
    layout = session_layout(session)
    score = session_score(session=session, layout=layout)
    if not score.boards:
        raise Http404(_("This session has no results to export yet."))
    pairs = session_pairs(session=session)
    handicaps = session_handicaps(session=session, pairs=pairs) or {}
    sections = tuple(sorted({p.section for p in pairs.values() if p.section}))
    event = FileEvent(
        name=session.name,
        date=session.date,
        club_name=session.club.name,
        identifier=f"{session.club.slug}-{session.pk}",
        method=score.options.method,
        winner_type=2 if len(score.fields) > 1 else 1,
        sections=sections,
        source=export_filename(session, ""),
    )
    for label, pair in pairs.items():
        players = []
        for member, guest in ((pair.player_1, pair.player_1_name), (pair.player_2, pair.player_2_name)):
            if member is not None:
                players.append(FilePlayer(member.full_name, national_id=member.national_id))
            elif guest:
                players.append(FilePlayer(guest))
        event.pairs.append(
            FilePair(
                id=label,
                number=pair.number,
                direction=pair.direction,
                section=pair.section,
                players=tuple(players),
                handicap=handicaps.get(label),
            )
        )
    with_deals = False
    if session.is_over:
        try:
            _session, boards = hand_record_for_viewer(user=user, session_id=session.pk)
        except DealsHidden:  # an event's embargo holds them past the session's end: the results without hands
            boards = []
        event.deals = {b.number: b.deal for b in boards}
        event.analyses = {b.number: b.analysis for b in boards if b.analysis is not None}
        with_deals = bool(event.deals)
    return event, score, with_deals


def _session(user, session_id: int) -> Session:
    session, _live = session_for_results(user=user, session_id=session_id)
    return session


def session_export_usebio(*, user, session_id: int) -> ResultsFile:
    """The session as USEBIO 1.2 (see the module's docstring)."""
    session = _session(user, session_id)
    event, score, with_deals = _event(user, session)
    return ResultsFile(export_filename(session, ".usebio.xml"), write_usebio(event, score), USEBIO_TYPE, with_deals)


def session_export_pbn(*, user, session_id: int) -> ResultsFile:
    """The session as PBN 2.1 with ScoreTable and TotalScoreTable (see the module's docstring)."""
    session = _session(user, session_id)
    event, score, with_deals = _event(user, session)
    text = write_pbn_results(event, score)
    return ResultsFile(export_filename(session, ".pbn"), text.encode("utf-8"), PBN_TYPE, with_deals)

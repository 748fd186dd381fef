"""A session's scoring: its options, its pairs, and the publication of its results.

* ``session_scoring_set`` — method, scale, factoring and sections (a director may re-score with
  other options at any time before the results are final; nothing stored changes but these).
* ``session_pairs_ensure`` — a Pair row (number only) for every pair of the session's movement
  that has none yet, so results can be entered before names are.
* ``session_results_publish`` — results out to players: provisional for a score-query window the
  director sets (then final by themselves), or final at once. The ranking players see is frozen
  at that moment (``SessionScoring.published_ranking``); a correction during the window freezes
  it again. ``session_results_finalize_if_due`` makes provisional results final once the window
  has closed (a Celery task queued for that moment, and the pages ask too).
* ``publication_refresh`` — freeze the ranking again (called after a change during the window).

* ``results_changed`` (``scoring.services.hooks``) — every change of the results players see (publication,
  a correction frozen again, made final, withdrawn) told to the callbacks the apps above registered, on commit.

* ``session_status_set`` — every change of a session's status (the session page's buttons, table entry's
  start, publication and its end): the change, then every app that acts on it told, explicitly and in order
  (no signal): dealing analyses a finished session's boards; the frozen ranking is made for a session
  reaching provisional or published without one and dropped for one stepped back to finished; the results
  e-mails are queued on publication and withdrawn when it is undone.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from clubs.models import Pair, Session
from clubs.permissions import can_direct
from clubs.services import session_set_status
from dealing.services import boards as dealing_boards
from scoring.domain.errors import ScoringError
from scoring.domain.options import ScoringOptions
from scoring.domain.text import Text
from scoring.models import Result, SessionScoring
from scoring.selectors.layout import session_layout
from scoring.selectors.results import ranking_snapshot
from scoring.services.hooks import results_changed
from scoring.services.mail import session_publication_changed
from scoring.tasks import queue_results_finalize

#: The longest score-query window a director may set.
MAX_QUERY_HOURS = 24 * 14


def _scoring(session: Session) -> SessionScoring:
    scoring, _created = SessionScoring.objects.get_or_create(session=session)
    return scoring


def _require_director(session: Session, user) -> None:
    if not can_direct(user, session.club_id):
        raise ScoringError(Text.of("publish.not_director"), field=None)


@transaction.atomic
def session_scoring_set(
    *,
    session: Session,
    user,
    method: str = "matchpoints",
    scale: str = "ebu",
    factoring: str = "neuberg",
    sections: str = "across",
    rounding: str = "exact",
    decimals: int | str = 2,
    totals: str = "exact",
    handicap: bool | None = None,
) -> SessionScoring:
    """Score ``session`` with these options; ``handicap``: rank the pairs with their players' handicaps too (None
    leaves it as it is)."""
    _require_director(session, user)
    if session.status == Session.Status.PUBLISHED:
        raise ScoringError(Text.of("result.final"), field="method")
    options = ScoringOptions.parse(
        {
            "method": method,
            "scale": scale,
            "factoring": factoring,
            "sections": sections,
            "rounding": rounding,
            "decimals": decimals,
            "totals": totals,
        }
    )
    scoring = _scoring(session)
    for name, value in options.as_dict().items():
        setattr(scoring, name, value)
    if handicap is not None:
        scoring.handicap = bool(handicap)
    scoring.save()
    if session.status == Session.Status.PROVISIONAL:
        publication_refresh(session=session)
    return scoring


@transaction.atomic
def session_pairs_ensure(*, session: Session) -> list[Pair]:
    """Create the missing Pair rows of a movement's pairs (numbers only); returns the session's pairs."""
    layout = session_layout(session)
    have = set(Pair.objects.filter(session=session).values_list("number", "direction", "section"))
    for label in layout.pairs:
        if label.isascii() and label.isdigit() and len(label) <= 9 and (int(label), "", "") not in have:
            Pair.objects.create(session=session, number=int(label))
    return list(Pair.objects.filter(session=session))


@transaction.atomic
def publication_refresh(*, session: Session) -> SessionScoring:
    scoring = _scoring(session)
    scoring.published_ranking = ranking_snapshot(session=session, scored_at=timezone.now().isoformat())
    scoring.save(update_fields=["published_ranking"])
    results_changed(session=session)
    return scoring


@transaction.atomic
def session_results_publish(*, session: Session, user, query_hours: int = 0) -> Session:
    """Publish the results: provisional for ``query_hours`` (then final), or final now (0)."""
    _require_director(session, user)
    if isinstance(query_hours, bool) or not isinstance(query_hours, int) or not 0 <= query_hours <= MAX_QUERY_HOURS:
        raise ScoringError(Text.of("publish.hours", max=MAX_QUERY_HOURS, value=str(query_hours)), field="query_hours")
    if session.status not in (Session.Status.FINISHED, Session.Status.PROVISIONAL):
        raise ScoringError(Text.of("publish.not_finished", status=session.status), field=None)

    if not Result.objects.filter(session=session).exists():
        raise ScoringError(Text.of("publish.no_results"), field=None)
    scoring = _scoring(session)
    now = timezone.now()
    scoring.published_at, scoring.published_by = now, user
    scoring.provisional_until = now + datetime.timedelta(hours=query_hours) if query_hours else None
    scoring.published_ranking = ranking_snapshot(session=session, scored_at=timezone.now().isoformat())
    scoring.save()
    target = Session.Status.PROVISIONAL if query_hours else Session.Status.PUBLISHED
    if session.status == Session.Status.FINISHED and target == Session.Status.PUBLISHED:
        session_status_set(session=session, status=Session.Status.PROVISIONAL)
    if session.status != target:
        session_status_set(session=session, status=target)
    if query_hours:
        queue_results_finalize(session.pk, scoring.provisional_until)
    results_changed(session=session)
    return session


@transaction.atomic
def session_results_make_final(*, session: Session, user) -> Session:
    """End the score-query window now."""
    _require_director(session, user)
    if session.status != Session.Status.PROVISIONAL:
        raise ScoringError(Text.of("publish.not_provisional"), field=None)
    publication_refresh(session=session)
    SessionScoring.objects.filter(session=session).update(provisional_until=timezone.now())
    return session_status_set(session=session, status=Session.Status.PUBLISHED)


@transaction.atomic
def session_results_finalize_if_due(*, session_id: int) -> bool:
    """Make provisional results final when their window has closed; True if it did."""
    session = Session.objects.select_for_update().filter(pk=session_id).first()
    if session is None or session.status != Session.Status.PROVISIONAL:
        return False
    scoring = SessionScoring.objects.filter(session=session).first()
    if scoring is None or scoring.provisional_until is None or scoring.provisional_until > timezone.now():
        return False
    session_status_set(session=session, status=Session.Status.PUBLISHED)
    return True


@transaction.atomic
def session_status_set(*, session: Session, status: str) -> Session:
    """Move ``session`` to ``status`` (one stage at a time: ``clubs.services.session_set_status`` refuses more) and
    tell every app that acts on a session's status, in this order: dealing (a session over: its boards analysed,
    queued once the change is committed), the frozen ranking (``session_status_changed``) and the results
    e-mails (``scoring.services.mail.session_publication_changed``)."""
    session_set_status(session=session, status=status)
    dealing_boards.session_status_changed(session=session)
    session_status_changed(session=session)
    session_publication_changed(session=session)
    return session


def session_status_changed(*, session: Session) -> None:
    """Keep the frozen ranking in step with the session's status (any path that changes it)."""
    scoring = SessionScoring.objects.filter(session=session).first()
    if session.is_published:
        if scoring is None or not scoring.published_ranking:
            scoring = scoring or _scoring(session)
            scoring.published_at = scoring.published_at or timezone.now()
            scoring.published_ranking = ranking_snapshot(session=session, scored_at=timezone.now().isoformat())
            scoring.save()
    elif scoring is not None and scoring.published_ranking:
        scoring.published_ranking, scoring.published_at, scoring.provisional_until = None, None, None
        scoring.save(update_fields=["published_ranking", "published_at", "provisional_until"])
    else:
        return
    results_changed(session=session)  # published, made final or withdrawn: the results players see changed

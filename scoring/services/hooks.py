"""Who is told when a session's results change (a registry, so that the apps above scoring hear of it without
scoring importing them: the floors, ``tests/test_floors.py``).

An app registers a callback once, in its ``AppConfig.ready()``::

    from scoring.services.hooks import on_results_changed
    on_results_changed(my_callback)  # my_callback(session) -> None

Scoring calls :func:`results_changed` wherever the results players see change: published (provisional or final),
frozen again after a correction during the score-query window, made final, or withdrawn (a session stepped back).
Each callback runs with the session once the transaction commits (``transaction.on_commit``), so nothing is told
of a change that was rolled back, and a callback's failure cannot undo the publication (it is logged).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from clubs.models import Session

__all__ = ["on_results_changed", "results_changed", "ResultsCallback"]

ResultsCallback = Callable[[Session], None]

_callbacks: list[ResultsCallback] = []
log = logging.getLogger(__name__)


def on_results_changed(callback: ResultsCallback) -> ResultsCallback:
    """Register ``callback`` (once: registering it again does nothing); returned, so it serves as a decorator."""
    if callback not in _callbacks:
        _callbacks.append(callback)
    return callback


def _told(callback: ResultsCallback, session: Session) -> None:
    try:
        callback(session)
    except Exception:  # a listener's fault is its own: the results are published whatever it does
        log.exception("results_changed callback %r failed for session %s", callback, session.pk)


def results_changed(*, session: Session) -> None:
    """Tell every registered callback, once the current transaction commits, that ``session``'s results changed."""
    for callback in list(_callbacks):
        transaction.on_commit(lambda callback=callback: _told(callback, session))

"""Celery tasks of the simultaneous pairs (thin: ids in, a service called).

``field_combination_task`` combines the field again and keeps it (``simultaneous.services.field_combination_refresh``)
when a club's results have changed: queued after a club's file goes in or out, when the embargo ends, when a
registered club's session is published, corrected, made final or withdrawn (scoring's ``results_changed`` hook,
registered in ``SimultaneousConfig.ready``: scoring is below this app and cannot import it), and by the event's
pages when the kept combination is still older than the clubs' confirmed results. A club's confirmation
never waits for it; it is idempotent (the same inputs: nothing done), so it is safe to run twice. Once the field
is kept, it works out the organiser's flags across it (``field_flags_prepare``: kept in the cache, for the
event's page to read; nothing when they are kept already or the deals are not analysed yet).
"""

from __future__ import annotations

from celery import shared_task

from simultaneous.models import ClubEntry


@shared_task(acks_late=True, name="simultaneous.field_combination")
def field_combination_task(event_id: int) -> int:
    # at call time: simultaneous.services imports this module to queue its task
    from simultaneous.services import field_combination_refresh, field_flags_prepare

    kept = field_combination_refresh(event_id=event_id)
    if kept is None:
        return 0
    # the field kept (committed: the ranking is read from now), the organiser's flags across it worked out here
    field_flags_prepare(event_id=event_id)
    return kept.pairs


def queue_field_combination(event_id: int) -> None:
    """Combine the field again after the transaction commits."""
    field_combination_task.apply_async_on_commit(args=[event_id], queue="default")


def session_results_changed(session) -> None:
    """Scoring's hook (``scoring.services.hooks``, registered in ``SimultaneousConfig.ready``): a session's results
    were published, corrected, made final or withdrawn; when the session plays an event, its field is combined
    again (queued: the club's confirmation never waits for it)."""
    event_id = ClubEntry.objects.filter(session_id=session.pk).values_list("event_id", flat=True).first()
    if event_id is not None:
        queue_field_combination(event_id)

"""Celery tasks of the simultaneous pairs (thin: ids in, a service called).

``field_combination_task`` combines the field again and keeps it (``simultaneous.services.field_combination_refresh``)
when a club's results have changed: queued after a club's file goes in or out, when the embargo ends, and by the
event's pages when the kept combination is older than the clubs' confirmed results (a club's publication is the
scoring app's, below this one, so the pages ask as they do for a score-query window's end). A club's confirmation
never waits for it; it is idempotent (the same inputs: nothing done), so it is safe to run twice.
"""

from __future__ import annotations

from celery import shared_task


@shared_task(acks_late=True, name="simultaneous.field_combination")
def field_combination_task(event_id: int) -> int:
    # at call time: simultaneous.services imports this module to queue its task
    from simultaneous.services import field_combination_refresh

    kept = field_combination_refresh(event_id=event_id)
    return len(kept.rows) if kept is not None else 0


def queue_field_combination(event_id: int) -> None:
    """Combine the field again after the transaction commits."""
    field_combination_task.apply_async_on_commit(args=[event_id], queue="default")

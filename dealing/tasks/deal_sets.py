"""Celery tasks of deal-set jobs. Thin: each takes ids, calls :mod:`dealing.services.deal_sets`, reports progress.

Every task is ``acks_late`` and safe to run twice: chunks are recomputed from the stored key and
written under a temporary name before they are moved into place, and one assembler at a time
(it holds a lease on the job) publishes. So a worker killed in the middle of a task costs only
the time to run it again. Queues: dealing chunks, the start and the assembly go to
``DEAL_SET_DEALING_QUEUE`` ("dealing"), analysis chunks to ``DEAL_SET_ANALYSIS_QUEUE``
("analysis"); the service sets them.
"""

from __future__ import annotations

import os

from celery import Task, shared_task
from django.db import InterfaceError, OperationalError


class _DealSetTask(Task):
    """A chunk that fails for good (after its retries) fails the job, with a message, not a traceback."""

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        # at call time: dealing.services.deal_sets imports this module to queue its tasks
        from dealing.services.deal_sets import deal_set_fail

        deal_set_id = args[0] if args else kwargs.get("deal_set_id")
        if deal_set_id is not None:
            deal_set_fail(deal_set_id=deal_set_id, message=f"{type(exc).__name__}: {exc}")


def _reporter(task):
    def report(done: int, total: int) -> None:
        if task.request.id and not task.request.is_eager:
            task.update_state(state="PROGRESS", meta={"done": done, "total": total})

    return report


def _worker(task) -> str:
    """Who runs the task, for the chunk rows: the worker's name and the pool process."""
    return f"{task.request.hostname or 'inline'} pid {os.getpid()}"


_RETRY = {
    "autoretry_for": (OperationalError, InterfaceError, ConnectionError),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 5,
}


@shared_task(bind=True, acks_late=True, name="dealing.deal_set_start", **_RETRY)
def deal_set_start_task(self, deal_set_id: int) -> int:
    # at call time: dealing.services.deal_sets imports this module to queue its tasks
    from dealing.services.deal_sets import deal_set_dispatch

    return deal_set_dispatch(deal_set_id=deal_set_id)


@shared_task(
    bind=True, base=_DealSetTask, acks_late=True, reject_on_worker_lost=True, name="dealing.deal_set_chunk", **_RETRY
)
def deal_set_chunk_task(self, deal_set_id: int, index: int) -> int:
    # at call time: dealing.services.deal_sets imports this module to queue its tasks
    from dealing.services.deal_sets import deal_set_chunk_run

    return deal_set_chunk_run(deal_set_id=deal_set_id, index=index, on_progress=_reporter(self), worker=_worker(self))


@shared_task(
    bind=True,
    base=_DealSetTask,
    acks_late=True,
    reject_on_worker_lost=True,
    name="dealing.deal_set_analysis_chunk",
    **_RETRY,
)
def deal_set_analysis_chunk_task(self, deal_set_id: int, index: int) -> int:
    # at call time: dealing.services.deal_sets imports this module to queue its tasks
    from dealing.services.deal_sets import deal_set_analysis_chunk_run

    return deal_set_analysis_chunk_run(
        deal_set_id=deal_set_id, index=index, on_progress=_reporter(self), worker=_worker(self)
    )


@shared_task(
    bind=True,
    base=_DealSetTask,
    acks_late=True,
    reject_on_worker_lost=True,
    name="dealing.deal_set_assemble",
    max_retries=None,
)
def deal_set_assemble_task(self, deal_set_id: int) -> str:
    # at call time: dealing.services.deal_sets imports this module to queue its tasks
    from dealing.services.deal_sets import deal_set_assemble

    state = deal_set_assemble(deal_set_id=deal_set_id, worker=_worker(self))
    if state == "waiting":  # analysis chunks still to come, or a lost part being made again
        raise self.retry(countdown=1)
    if state == "busy":  # another copy of this task holds the job's lease: look again later
        raise self.retry(countdown=2)
    return state


@shared_task(bind=True, acks_late=True, name="dealing.deal_set_cleanup", **_RETRY)
def deal_set_cleanup_task(self, deal_set_id: int) -> int:
    # at call time: dealing.services.deal_sets imports this module to queue its tasks
    from dealing.services.deal_sets import deal_set_cleanup

    return deal_set_cleanup(deal_set_id=deal_set_id)

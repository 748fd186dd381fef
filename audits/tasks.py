"""The Celery task of an audit: takes its id, calls :func:`audits.services.audit_run`, reports progress.

``acks_late`` and safe to run twice: the run concludes the audit in one transaction, and a second
delivery finds it concluded and does nothing. A run that fails for good (after its retries) puts
the audit back to a draft with the error, to be run again.
"""

from __future__ import annotations

from celery import shared_task
from celery.contrib.django.task import DjangoTask
from django.db import InterfaceError, OperationalError


class _AuditTask(DjangoTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo):
        # at call time: audits.services imports this module to queue the run
        from audits.services import audit_fail

        audit_id = args[0] if args else kwargs.get("audit_id")
        if audit_id is not None:
            audit_fail(audit_id=audit_id, message=f"{type(exc).__name__}: {exc}")


@shared_task(
    bind=True,
    base=_AuditTask,
    acks_late=True,
    reject_on_worker_lost=True,
    name="audits.squaredeal_run",
    autoretry_for=(OperationalError, InterfaceError, ConnectionError),
    retry_backoff=2,
    max_retries=5,
)
def squaredeal_audit_run_task(self, audit_id: int) -> str:
    # at call time: audits.services imports this module to queue the run
    from audits.services import audit_run

    def report(done: int, total: int) -> None:
        if self.request.id and not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    return audit_run(audit_id=audit_id, on_progress=report)

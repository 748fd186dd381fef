"""Celery tasks of the movements app: guide-card PDFs too big to make inside a web request.

Thin: takes the id of a ``GuideCardPdf`` record and calls
:func:`movements.services.guide_card_pdf_make`, which renders the cards part by part and
writes its progress on the record (the page polls it). Idempotent (a ready PDF is left
alone; a redelivered task after a lost worker makes it again), so ``acks_late`` is safe.
"""

from __future__ import annotations

from celery import shared_task

#: The queue this task goes to (settings: the web's small jobs).
QUEUE = "default"


@shared_task(bind=True, acks_late=True, name="movements.guide_card_pdf")
def guide_card_pdf_task(self, job_id: int) -> str:
    # at call time: movements.services imports this module to queue the PDF
    from movements.services import guide_card_pdf_make

    return guide_card_pdf_make(job_id=job_id, in_parts=True).status


def queue_guide_card_pdf(job_id: int) -> None:
    """Queue the making of a guide-card PDF on the default queue once the transaction commits."""
    guide_card_pdf_task.apply_async_on_commit(args=[job_id], queue=QUEUE)

"""Celery tasks of the scoring app (thin: ids in, a service called).

``session_results_finalize_task`` makes provisional results final when the score-query window
closes; it is queued with that moment as its ETA when the results are published, and does
nothing if the window was changed or the results were made final by hand meanwhile.
"""

from __future__ import annotations

from celery import shared_task


@shared_task(acks_late=True, name="scoring.session_results_finalize")
def session_results_finalize_task(session_id: int) -> bool:
    # at call time: scoring.services.sessions imports this module to queue its task
    from scoring.services.sessions import session_results_finalize_if_due

    return session_results_finalize_if_due(session_id=session_id)


def queue_results_finalize(session_id: int, when) -> None:
    """Run the finalisation at ``when`` (after the transaction commits)."""
    session_results_finalize_task.apply_async_on_commit(args=[session_id], eta=when, queue="default")


@shared_task(bind=True, acks_late=True, name="scoring.results_email_send", max_retries=6)
def results_email_send_task(self, session_id: int) -> dict:
    """E-mail each player their result for the session's current publication; retried (1, 2, 4 … 32 minutes) while
    some fail. Safe to run again: nothing sent is sent twice (``scoring.services.mail``)."""
    # at call time: scoring.services.mail imports this module to queue the e-mail
    from scoring.services.mail import ResultsEmailNotSent, results_email_send

    try:
        return results_email_send(session_id=session_id)
    except ResultsEmailNotSent as exc:
        raise self.retry(exc=exc, countdown=60 * 2**self.request.retries) from exc


def queue_results_email(session_id: int) -> None:
    """Send the session's results e-mails after the transaction commits."""
    results_email_send_task.apply_async_on_commit(args=[session_id], queue="default")

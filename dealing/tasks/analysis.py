"""Double-dummy analysis of a session's boards, on the "analysis" queue.

Thin: takes a session id, calls :func:`dealing.services.boards.session_boards_analyse`,
reports progress. Idempotent (boards already analysed are skipped), so ``acks_late`` is safe.
"""

from __future__ import annotations

from celery import shared_task

#: The queue this task goes to (settings: workers listen on default, dealing, analysis).
QUEUE = "analysis"


@shared_task(bind=True, acks_late=True, name="dealing.session_analysis")
def session_analysis_task(self, session_id: int) -> int:
    # at call time: dealing.services.boards imports this module to queue the analysis
    from dealing.services.boards import session_boards_analyse

    def report(done: int, total: int) -> None:
        if self.request.id and not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    return session_boards_analyse(session_id=session_id, on_progress=report)


def queue_session_analysis(session_id: int) -> None:
    """Queue the analysis of a session's boards on the analysis queue once the transaction commits."""
    session_analysis_task.apply_async_on_commit(args=[session_id], queue=QUEUE)

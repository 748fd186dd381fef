"""The double-dummy analysis of a dealt session runs on a real Celery worker, over the "analysis" queue.

Needs what ``make test`` provides: a broker (CELERY_BROKER_URL) and a worker consuming the
default, dealing and analysis queues against the test database.
"""

from __future__ import annotations

import time

import pytest

from dealing.models import Board, SessionDealing
from dealing.services import boards as services

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def real_worker():
    from clubsite.celery import app

    app.conf.task_always_eager = False
    yield app
    app.conf.task_always_eager = True


def test_dealing_queues_the_analysis_and_a_worker_stores_it(real_worker, club_session, director):
    reply = real_worker.control.inspect(timeout=5).active_queues() or {}
    assert any(q["name"] == "analysis" for queues in reply.values() for q in queues), (
        f"no worker consumes the analysis queue: {reply}"
    )
    services.session_deal_fresh(session=club_session, user=director, boards=3)  # commits: the task is sent
    assert SessionDealing.objects.get(session=club_session).analysis_queued_at is not None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if not Board.objects.filter(session=club_session).exclude(analysis_status="done").exists():
            break
        time.sleep(0.5)
    boards = list(Board.objects.filter(session=club_session))
    assert [b.analysis_status for b in boards] == ["done"] * 3
    assert all(len(b.dd_tricks) == 20 and b.par_contracts for b in boards)

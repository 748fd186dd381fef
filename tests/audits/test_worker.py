"""The audit's run on real Celery workers: the WBG 2024 event (1,186 deals) audited by a worker process.

* ``test_the_embedded_default_runs_an_audit`` (slow): the embedded default as ``make serve`` runs it — SQLite and
  the file-system broker in a fresh folder, a worker started as the README starts one — takes a queued audit and
  concludes it.
* ``test_the_suites_worker_runs_an_audit`` (worker): ``make test``'s PostgreSQL, Redis and worker.
"""

from __future__ import annotations

import time

import pytest

from audits import services
from audits.models import SquareDealAudit
from audits.services import Upload
from tests.clubsite.test_stopping import BIN, environment, kill_all, manage, query, start, wait_for

SEED = """
from pathlib import Path
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from audits import services
from audits.services import Upload
from clubs.permissions import SITE_AUDITORS_GROUP
wbg = Path(sys.argv[1])
user, _ = get_user_model().objects.get_or_create(username="auditor", is_staff=True)
user.groups.add(Group.objects.get_or_create(name=SITE_AUDITORS_GROUP)[0])
audit = services.audit_create(user=user, sqd=Upload("WBG2024.sqd", (wbg / "WBG2024.sqd").read_bytes()))
services.audit_files_add(audit=audit, user=user, sqk=Upload("WBG2024.sqk", (wbg / "WBG2024.sqk").read_bytes()),
                         hand_records=[Upload("allpbn.actual", (wbg / "allpbn.actual").read_bytes())])
services.audit_start(audit=audit, user=user)
print("queued", audit.pk)
"""


@pytest.mark.slow
def test_the_embedded_default_runs_an_audit(tmp_path, events_dir):
    var = tmp_path / "var"
    env = environment(var)
    manage(env, "migrate", "--noinput", "-v0")
    out = manage(
        env, "shell", "-c", f"import sys; sys.argv = ['seed', {str(events_dir / 'squaredeal-wbg2024')!r}]\n{SEED}"
    )
    assert "queued 1" in out
    assert query(var, "SELECT status FROM audits_squaredealaudit WHERE id = 1") == ("running",)
    log = tmp_path / "worker.log"
    worker = start(
        [
            str(BIN / "celery"),
            "-A",
            "clubsite",
            "worker",
            "-Q",
            "default,dealing",
            "-c",
            "1",
            "--hostname=audit@%h",
            "--loglevel=INFO",
        ],
        env,
        log,
    )
    try:
        started = time.monotonic()
        wait_for(
            "the worker to conclude the audit",
            lambda: query(var, "SELECT status FROM audits_squaredealaudit WHERE id = 1") == ("concluded",),
            timeout=120,
        )
        print(f"\nfile-system broker: concluded {time.monotonic() - started:.1f} s after the worker started")
    finally:
        kill_all(worker)
    assert query(
        var, "SELECT verdict, boards, matched, progress_done, progress_total FROM audits_squaredealaudit WHERE id = 1"
    ) == ("passed", 1186, 1186, 90, 90)
    assert query(var, "SELECT count(*) FROM audits_auditsession WHERE audit_id = 1 AND status = 'match'") == (90,)
    assert "audits.squaredeal_run" in log.read_text()


@pytest.fixture
def real_worker():
    from clubsite.celery import app

    app.conf.task_always_eager = False
    yield app
    app.conf.task_always_eager = True


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_suites_worker_runs_an_audit(real_worker, auditor, wbg):
    reply = real_worker.control.inspect(timeout=5).active_queues() or {}
    assert any(q["name"] == "default" for queues in reply.values() for q in queues), (
        f"no worker consumes the default queue: {reply}"
    )
    audit = services.audit_create(user=auditor, sqd=Upload("WBG2024.sqd", wbg["WBG2024.sqd"]))
    services.audit_files_add(
        audit=audit,
        user=auditor,
        sqk=Upload("WBG2024.sqk", wbg["WBG2024.sqk"]),
        hand_records=[Upload("allpbn.plusone", wbg["allpbn.plusone"])],
    )
    services.audit_start(audit=audit, user=auditor, dv="43275.92")  # commits: the task is sent
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        audit.refresh_from_db()
        if audit.status != SquareDealAudit.Status.RUNNING:
            break
        time.sleep(0.3)
    assert (audit.status, audit.verdict, audit.matched) == ("concluded", "passed", 1186)
    assert audit.sessions.count() == 90

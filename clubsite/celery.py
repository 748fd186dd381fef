"""The Celery application: configured from Django settings (``CELERY_*``), tasks found in each app's ``tasks.py``.

**How a worker stops.** On SIGTERM (what systemd, ``docker stop`` and supervisors send) a worker
stops within seconds, even in the middle of long work. It used to take minutes, for two reasons:

1. Celery answers SIGTERM with a *warm* shutdown: stop taking messages, then wait for every running
   task to end. Ours run for minutes — a deal set's assembler walks the whole job in one task
   (a hundred million deals take minutes), an analysis chunk is up to twenty minutes of
   double-dummy solving — and the worker sat in its pool's shutdown for as long as they took.
2. A pool process catches SIGTERM in a Python handler (billiard's, so that ``finally`` blocks run),
   and Python runs a handler only between bytecodes: a process inside a long native call — a
   numba dealing kernel, DDS solving a batch of deals — goes on until the call returns. So even
   cancelling a task with SIGTERM (Celery's cold shutdown) could wait for the native code.

Every task here is ``acks_late`` and safe to run twice (chunks are recomputed from the stored key,
the assembler holds a lease and keeps finished chunks; ``dealing/tasks``), so nothing needs waiting
for. On SIGTERM the worker gives its running tasks :data:`SOFT_SHUTDOWN_SECONDS` to finish, then
kills the pool processes still running one with SIGKILL (the same end as a hard time limit, which
billiard handles), and finishes with Celery's cold shutdown, which hands every unacknowledged
message back to the broker ("Restoring N unacknowledged message(s)"): another worker, or this one
when it is back, runs them again. A second SIGTERM kills the running tasks at once. The exit
status is 0: a stop that was asked for is not a failure. Ctrl-C (SIGINT) stops a worker the same way:
Celery's own meaning, a warm shutdown, waited for the running task — minutes of an assembler — and a
Ctrl-C to ``make serve``'s process group reaches its workers as well as its script (it took 11 s on a
slow machine, the script killing the worker at 6 s and its pool processes lingering).

Two waits remained after the cold shutdown, and made even an idle worker take six seconds to end (so
``make serve`` killed both workers at its deadline): the worker's loop on the file-system broker looks for a
stop only between polls of the broker, up to two seconds apart, so the handler raises Celery's
``WorkerTerminate`` itself, as Celery's own hard shutdown does; and once the worker has terminated, the
interpreter's exit joined the pool's helper threads (which sleep a second at a time) and collected the whole
heap's garbage, so a stop that was asked for ends the process at once (:func:`exit_at_once`). A worker now ends
within about two seconds of SIGTERM or Ctrl-C, by itself.
``tests/clubsite/test_stopping.py`` starts the workers as the README does and holds them to ten seconds.
"""

import atexit
import logging
import os
import sys

from celery import Celery, signals
from celery.platforms import EX_OK

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")

#: Seconds a worker lets its running tasks finish after SIGTERM before it kills and requeues them (the
#: rest of the ten seconds a supervisor waits goes to stopping the pool and closing the broker connection).
SOFT_SHUTDOWN_SECONDS = 1.0

#: Seconds the pool waits for the result of a pool process that died in a task before it calls the task
#: lost (Celery's default is 10). A service manager signals every process of the worker at once (systemd's
#: control group, a terminal's process group), so pool processes die with their task, and the main process
#: waited this long for each before it could stop; a result still in the pipe from a dead process arrives
#: in milliseconds.
LOST_WAIT_SECONDS = 1.0

#: The signals that stop a worker promptly (SIGTERM from a service manager, SIGINT from Ctrl-C).
STOP_SIGNALS = ("SIGTERM", "SIGINT")

app = Celery("clubsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.worker_soft_shutdown_timeout = SOFT_SHUTDOWN_SECONDS
app.conf.worker_lost_wait = LOST_WAIT_SECONDS
app.autodiscover_tasks()


def kill_running_tasks(worker) -> None:
    """SIGKILL the pool processes running a task that may run again (Celery's own choice of tasks to cancel).

    A task already acknowledged is left to finish (it would be lost), a successful one is done; the
    others' messages go back to the broker when the connection closes.
    """
    # a worker's own modules, read only in a worker
    from celery.worker import state

    for request in tuple(state.active_requests):
        if request.task.acks_late and (request.acknowledged or request.id in state.successful_requests):
            continue
        request.cancel(worker.consumer.pool, signal="SIGKILL", emit_retry=not request.task.acks_late)


def exit_at_once(worker) -> None:
    """At the interpreter's exit after a stop that was asked for: once the worker has terminated (its pool stopped,
    its messages handed back), end the process without the interpreter's own finalization — billiard's finalizers
    joining the pool's helper threads (each sleeps a second at a time) and a last garbage collection of the whole
    heap, together two seconds and more on a busy machine. Registered last, it runs first of the exit handlers."""
    # a worker's own modules, read only in a worker
    from celery.bootsteps import TERMINATE

    if worker.blueprint is None or worker.blueprint.state != TERMINATE:
        return  # the shutdown did not finish: let the interpreter end as usual, and say why
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(worker.exitcode or EX_OK)


@signals.worker_ready.connect
def stop_promptly_on_sigterm(sender, **kwargs) -> None:
    """Once the worker is ready, make SIGTERM and SIGINT stop it as the module's docstring says (not Celery's
    warm wait)."""
    # a worker's own modules, read only in a worker
    from celery.apps.worker import install_worker_term_hard_handler, on_cold_shutdown
    from celery.exceptions import WorkerTerminate

    def kill_now(worker) -> None:
        kill_running_tasks(worker)

    def stop(worker) -> None:
        for sig in STOP_SIGNALS:
            install_worker_term_hard_handler(worker, sig=sig, callback=kill_now, exitcode=0)
        worker.wait_for_soft_shutdown()
        kill_running_tasks(worker)
        on_cold_shutdown(worker)  # nothing left to wait for: cancels what remains, stops the pool, requeues
        atexit.register(exit_at_once, worker)
        # End the worker's loop now rather than when it next looks (``state.maybe_shutdown``): on the file-system
        # broker the loop sleeps in the broker's poll up to two seconds at a time. Celery's own hard shutdown
        # raises the same from its signal handler; the worker then terminates as it would have a moment later.
        raise WorkerTerminate(EX_OK)

    for sig in STOP_SIGNALS:
        install_worker_term_hard_handler(sender.controller, sig=sig, callback=stop, exitcode=0)

"""Every process the README starts stops within ten seconds of SIGTERM, even in the middle of long work.

SIGTERM is what systemd, ``docker stop`` and supervisors send, and they kill what is still running
after their grace (Docker's is ten seconds). The processes are started as the README and
``scripts/serve.sh`` start them, each on its own copy of an SQLite database migrated and seeded once
for the module (``seeded_var``), with work in progress that runs for minutes: a hundred-million-deal
set, whose assembler walks the whole job in one task on the dealing worker, and an analysis chunk of
200 deals (minutes of double-dummy solving) on the analysis worker; gunicorn has slow clients in the
middle of their requests.

* ``test_the_readme_processes_stop_within_ten_seconds``: gunicorn and the two Celery workers, each
  sent SIGTERM; the workers hand their unfinished tasks back to the broker (Celery's "Restoring …
  unacknowledged message(s)") for the next worker. On the file-system broker always; on Redis too
  when ``CELERY_BROKER_URL`` names one (``make test``), in a database of its own so that the
  suite's workers do not take the messages.
* ``test_make_serve_stops_within_ten_seconds``: ``scripts/serve.sh`` sent SIGTERM as a service
  manager sends it (to every process of the group at once), as a supervisor does (to the script
  alone), and Ctrl-C (SIGINT to the group); each process stops by itself (the script kills none).
* ``test_make_serve_in_a_terminal_ends_quietly_on_ctrl_c``: ``make serve`` itself in a terminal (a pty):
  Ctrl-C ends make with status 0 and no "make: *** … Interrupt" line.

Why the workers used to take minutes and how they stop now: ``clubsite/celery.py``; gunicorn's
grace: ``gunicorn.conf.py``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
LIMIT = 10.0  # seconds: what Docker waits before SIGKILL, and the most any of our processes may take

pytestmark = pytest.mark.slow

SEED = """
import sys
from django.contrib.auth import get_user_model
from clubs.models import Club
from clubs.services import club_create, club_role_grant
from dealing.services.deal_sets import deal_set_create
user, new = get_user_model().objects.get_or_create(username="stopper")
club = Club.objects.filter(slug="stop").first() or club_create(name="Stop Club", slug="stop")
club_role_grant(club=club, user=user, role="director")
if "--purge" in sys.argv:   # leave no task of an earlier run in the queues
    from clubsite.celery import app
    with app.connection_for_write() as connection:
        for queue in ("default", "dealing", "analysis"):
            connection.default_channel.queue_purge(queue)
for label in sys.argv[1:]:
    if label == "--purge":
        continue
    if label.startswith("long"):   # the assembler runs for the whole job: minutes
        deal_set_create(user=user, club=club, count=100_000_000, formats=["binary"], label=label)
    else:                          # 4096 analysis chunks of 200 deals: minutes each
        deal_set_create(user=user, club=club, count=4096 * 200, formats=["binary"], label=label, analysis=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(var: Path, broker: str | None = None) -> dict[str, str]:
    """The embedded default in ``var`` (SQLite, file-system broker), or ``broker``; nothing of the suite's own."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CELERY_TASK_ALWAYS_EAGER")
    }
    env.update(
        CLUBSITE_VAR_DIR=str(var),
        PATH=f"{BIN}:{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
        DJANGO_SETTINGS_MODULE="clubsite.settings",
    )
    if broker:
        env["CELERY_BROKER_URL"] = broker
    return env


def manage(env: dict, *args: str, timeout: float = 180) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def seeded_var(tmp_path_factory) -> Path:
    """A folder as ``make serve``'s first start leaves it (the database migrated and the demo loaded, its encryption
    key), made once for the module: each test copies it (``fresh_var``) instead of migrating and seeding its own,
    which cost about 6 and 5 CPU-seconds a test and are not what these tests are about. Its broker's queues are
    left behind: each test's work is its own."""
    var = tmp_path_factory.mktemp("stopping") / "var"
    env = environment(var)
    manage(env, "migrate", "--noinput", "-v0")
    (var / "demo-logins.txt").write_text(manage(env, "seed_demo"))
    (var / ".demo-loaded").touch()
    return var


def fresh_var(seeded_var: Path, tmp_path: Path) -> Path:
    """A copy of ``seeded_var`` for one test (without the broker's folder: the processes make their own)."""
    var = tmp_path / "var"
    shutil.copytree(seeded_var, var, ignore=shutil.ignore_patterns("broker"))
    return var


def queue_jobs(env: dict, *labels: str) -> None:
    """Deal sets labelled "long…" (a long assembler) or "dd…" (long analysis chunks), queued for the workers."""
    manage(env, "shell", "-c", f"import sys; sys.argv = ['seed', *{list(labels)!r}]\n{SEED}")


def start(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    """A process in its own process group (as a service manager runs one), its output in ``log``."""
    return subprocess.Popen(
        command,
        cwd=REPO,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )


def wait_for(what: str, check, timeout: float = 120.0, poll: float = 0.3):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(poll)
    raise AssertionError(f"timed out waiting for {what}")


def query(var: Path, sql: str):
    with sqlite3.connect(var / "db.sqlite3", timeout=10) as db:
        return db.execute(sql).fetchone()


def assembling(var: Path, label: str = "long") -> bool:
    """The job's assembler is at work (it holds the job's lease)."""
    row = query(var, f"SELECT assembler FROM dealing_dealset WHERE label = '{label}'")
    return bool(row and row[0])


def solving(var: Path) -> bool:
    """An analysis chunk of the analysis job is being solved."""
    row = query(
        var,
        "SELECT count(*) FROM dealing_dealsetchunk c JOIN dealing_dealset s ON s.id = c.deal_set_id "
        "WHERE s.label = 'dd' AND c.kind = 'analysis' AND c.status = 'running'",
    )
    return bool(row and row[0])


def answers(url: str) -> bool:
    """The server at ``url`` answers with success: asked from this process, not a new interpreter each time."""
    try:
        urllib.request.urlopen(url, timeout=2).close()
    except OSError:  # refused, timed out, or an HTTP error (urllib.error.HTTPError is an OSError)
        return False
    return True


def worker_ready(log: Path) -> bool:
    """A Celery worker has started and takes tasks (its log's "… ready.")."""
    return log.exists() and " ready." in log.read_text()


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def stopped_within(processes: dict[str, subprocess.Popen], limit: float) -> dict[str, float]:
    """Seconds each process took to exit after the signal already sent (``limit`` + 5 at most; then killed)."""
    started = time.monotonic()
    took: dict[str, float] = {}
    while len(took) < len(processes) and time.monotonic() - started < limit + 5:
        for name, process in processes.items():
            if name not in took and process.poll() is not None:
                took[name] = round(time.monotonic() - started, 1)
        time.sleep(0.05)
    for name, process in processes.items():
        if name not in took:
            took[name] = float("inf")
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return took


def kill_all(*processes: subprocess.Popen) -> None:
    for process in processes:
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


def redis_broker() -> str | None:
    """The suite's Redis (``make test``), in a database the suite's own workers do not read."""
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis://"):
        return None
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/13", "", ""))


@pytest.fixture(params=["filesystem", pytest.param("redis", marks=pytest.mark.worker)])
def broker(request) -> str | None:
    if request.param == "filesystem":
        yield None
        return
    url = redis_broker()
    if url is None:
        pytest.skip("needs a Redis broker (CELERY_BROKER_URL=redis://…, as make test sets)")
    import redis

    redis.Redis.from_url(url).flushdb()
    yield url
    redis.Redis.from_url(url).flushdb()


def test_the_readme_processes_stop_within_ten_seconds(tmp_path, broker, seeded_var):
    var = fresh_var(seeded_var, tmp_path)
    env = environment(var, broker)
    port = free_port()
    logs = {name: tmp_path / f"{name}.log" for name in ("web", "deal", "dd")}
    processes = {  # README, "Running in production", with two processes where it says $(nproc)
        "web": start([str(BIN / "gunicorn"), "clubsite.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2"], env, logs["web"]),
        "deal": start(
            [
                str(BIN / "celery"),
                "-A",
                "clubsite",
                "worker",
                "-Q",
                "default,dealing",
                "-c",
                "2",
                "--hostname=deal@%h",
                "--loglevel=INFO",
            ],
            env,
            logs["deal"],
        ),
        "dd": start(
            [
                str(BIN / "celery"),
                "-A",
                "clubsite",
                "worker",
                "-Q",
                "analysis",
                "-c",
                "1",
                "--hostname=dd@%h",
                "--loglevel=INFO",
            ],
            env,
            logs["dd"],
        ),
    }
    slow_clients = []
    try:
        wait_for("the web server", lambda: answers(f"http://127.0.0.1:{port}/healthz"))
        wait_for("the workers", lambda: all(worker_ready(logs[name]) for name in ("deal", "dd")))
        queue_jobs(env, "long", "dd")  # the long work starts now, when everything is up, not while it boots
        wait_for("the dealing worker's assembler", lambda: assembling(var))
        wait_for("the analysis worker's chunk", lambda: solving(var))
        for _ in range(4):  # requests in flight that will not finish by themselves
            client = socket.create_connection(("127.0.0.1", port))
            client.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow_clients.append(client)
        time.sleep(1.0)
        for process in processes.values():
            process.send_signal(signal.SIGTERM)
        took = stopped_within(processes, LIMIT)
        print("seconds to stop:", took)
    finally:
        for client in slow_clients:
            client.close()
        kill_all(*processes.values())
    assert all(seconds <= LIMIT for seconds in took.values()), f"seconds to stop after SIGTERM: {took}"
    statuses = {name: process.returncode for name, process in processes.items()}
    assert set(statuses.values()) == {0}, statuses
    for name in ("deal", "dd"):  # the task it was running went back to the broker for the next worker
        text = logs[name].read_text()
        assert "unacknowledged message(s)" in text and "Restoring 0 " not in text, text[-3000:]
    assert "succeeded" not in "".join(
        line for line in logs["deal"].read_text().splitlines(True) if "deal_set_assemble[" in line
    )


def test_make_serve_stops_within_ten_seconds(tmp_path, seeded_var):
    """``make serve``'s script, stopped as a service manager, a supervisor and a person stop it."""
    var = fresh_var(seeded_var, tmp_path)
    env = environment(var)
    for run, how in enumerate(("SIGTERM to every process", "SIGTERM to the script", "Ctrl-C")):
        # the queues emptied of the last run's tasks (they went back to them) before the workers start
        queue_jobs(env, "--purge")
        port = free_port()
        log = tmp_path / f"serve-{port}.log"
        serve = start(["bash", "scripts/serve.sh"], {**env, "PORT": str(port)}, log)
        try:
            wait_for("make serve", lambda: "is running at" in log.read_text() or serve.poll() is not None, timeout=300)
            assert serve.poll() is None, log.read_text()
            # a fresh long job, alone in the queues, once everything is up (not dealt while the servers boot)
            queue_jobs(env, f"long-{run}")
            wait_for("the dealing worker's assembler", lambda: assembling(var, f"long-{run}"))
            if how == "SIGTERM to the script":
                serve.send_signal(signal.SIGTERM)
            else:
                os.killpg(serve.pid, signal.SIGINT if how == "Ctrl-C" else signal.SIGTERM)
            started = time.monotonic()
            wait_for(
                f"make serve to stop ({how})",
                lambda: serve.poll() is not None and group_gone(serve.pid),
                timeout=LIMIT + 10,
                poll=0.05,
            )
            took = time.monotonic() - started
        finally:
            kill_all(serve)
            if not group_gone(serve.pid):
                os.killpg(serve.pid, signal.SIGKILL)
        print(f"make serve, {how}: stopped in {took:.1f} s")
        assert took <= LIMIT, f"{how}: make serve stopped after {took:.1f} s\n{log.read_text()[-2000:]}"
        assert serve.returncode == 0, f"{how}: exit status {serve.returncode}"
        assert "did not stop" not in log.read_text(), f"{how}: a process was killed\n{log.read_text()[-2000:]}"
        # stopped in the middle: the job is not done, its unfinished tasks are left to the next start
        assert query(var, f"SELECT status FROM dealing_dealset WHERE label = 'long-{run}'")[0] == "running"


def _session_gone(sid: int) -> bool:
    """No process is left in session ``sid`` (the terminal's: make, the script's own group and what it started)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == sid:
                    return False
            except ProcessLookupError:
                continue
    return True


def _kill_session(sid: int) -> None:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == sid:
                    os.kill(int(entry.name), signal.SIGKILL)
            except ProcessLookupError:
                continue


def test_make_serve_in_a_terminal_ends_quietly_on_ctrl_c(tmp_path, seeded_var):
    """``make serve`` as a person runs it, in a terminal: Ctrl-C reaches the terminal's foreground process group, and
    make ends with status 0 and says nothing of an interrupt (``scripts/serve.sh`` takes the terminal for a group of
    its own, and the Makefile's recipe execs it: no shell between them for the signal to kill)."""
    import pty
    import select

    var = fresh_var(seeded_var, tmp_path)
    env = {**environment(var), "PORT": str(free_port())}
    venv = Path(sys.executable).parent.parent
    pid, terminal = pty.fork()
    if pid == 0:  # make in the terminal's foreground, the install step taken as done (-o)
        os.chdir(REPO)
        os.execvpe("make", ["make", "-s", "-o", "install", f"VENV={venv}", "serve"], env)
    said = b""

    def read(until, timeout: float) -> bool:
        nonlocal said
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if until():
                return True
            ready, _, _ = select.select([terminal], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(terminal, 65536)
                except OSError:  # the terminal is closed: everything in it has ended
                    return until()
                if not chunk:
                    return until()
                said += chunk
        return until()

    status = None
    try:
        assert read(lambda: b"is running at" in said, 300), said.decode(errors="replace")[-2000:]
        os.write(terminal, b"\x03")  # Ctrl-C
        started = time.monotonic()
        assert read(lambda: b"Stopped." in said, LIMIT + 5), said.decode(errors="replace")[-2000:]
        _, waited = os.waitpid(pid, 0)
        status = os.waitstatus_to_exitcode(waited)
        wait_for("every process of make serve to end", lambda: _session_gone(pid), timeout=LIMIT, poll=0.05)
        took = time.monotonic() - started
    finally:
        if status is None:
            _kill_session(pid)
            os.waitpid(pid, 0)
        os.close(terminal)
    text = said.decode(errors="replace")
    print(f"make serve in a terminal, Ctrl-C: stopped in {took:.1f} s, status {status}")
    assert status == 0, f"make ended with status {status}\n{text[-2000:]}"
    assert "make: ***" not in text and "Interrupt" not in text, text[-2000:]
    assert "did not stop" not in text, text[-2000:]
    assert took <= LIMIT

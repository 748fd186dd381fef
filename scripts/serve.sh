#!/usr/bin/env bash
# Serve the site on http://127.0.0.1:8000 with the embedded default: an SQLite file and a
# file-system Celery broker in ./var (or $CLUBSITE_VAR_DIR), and real Celery worker processes.
# Ctrl-C stops everything, and so does SIGTERM to this script or to all of its processes at once
# (systemd, docker stop): each stops within seconds by itself (clubsite/celery.py says how the workers
# do), and the script ends quietly with status 0: a stop that was asked for is no failure.
set -euo pipefail
cd "$(dirname "$0")/.."
unset PYTHONDONTWRITEBYTECODE   # compiled modules kept in __pycache__: each process reads them (scripts/test.sh)

# Ctrl-C in a terminal goes to the terminal's whole foreground process group: to make as well as to this
# script when `make serve` runs it, and make, interrupted, ends with status 130 however quietly the script
# stops. So in a terminal, inside another program's process group (make's), the script moves to a process
# group of its own and takes the terminal for it (as a shell does for a job): Ctrl-C then reaches the script
# and what it started, and make sees its command end with status 0. The terminal goes back to make's group
# when the script ends (`give_back_terminal`). Ctrl-Z is ignored: a stopped server with make waiting on it
# would leave the terminal with no prompt.
if [ -t 0 ] && [ -z "${SERVE_GROUP_TAKEN:-}" ]; then
  export SERVE_GROUP_TAKEN=1
  exec python -c '
import os, signal, sys
if os.getpgrp() != os.getpid() and os.tcgetpgrp(0) == os.getpgrp():
    os.environ["SERVE_TERMINAL_GROUP"] = str(os.getpgrp())
    os.setpgid(0, 0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # a background group may take the terminal only so
    os.tcsetpgrp(0, os.getpgrp())
    signal.signal(signal.SIGTTOU, signal.SIG_DFL)
    signal.signal(signal.SIGTSTP, signal.SIG_IGN)
os.execvp("bash", ["bash", *sys.argv[1:]])
' "$0" "$@"
fi
give_back_terminal() {
  if [ -n "${SERVE_TERMINAL_GROUP:-}" ]; then
    python -c 'import os, signal, sys; signal.signal(signal.SIGTTOU, signal.SIG_IGN); os.tcsetpgrp(0, int(sys.argv[1]))' \
      "$SERVE_TERMINAL_GROUP" 2>/dev/null || true
    SERVE_TERMINAL_GROUP=
  fi
}
trap give_back_terminal EXIT
trap 'exit 0' INT TERM   # stopped while setting up: nothing of its own runs yet
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
VAR=${CLUBSITE_VAR_DIR:-var}
mkdir -p "$VAR"

if python - "$HOST" "$PORT" <<'PY'
import socket, sys
s = socket.socket()
sys.exit(0 if s.connect_ex((sys.argv[1], int(sys.argv[2]))) == 0 else 1)
PY
then
  echo "Port $PORT on $HOST is already in use: stop whatever runs there, or run PORT=8001 make serve." >&2
  exit 1
fi

python manage.py migrate --noinput -v0
if [ ! -f "$VAR/.demo-loaded" ]; then
  python manage.py seed_demo > "$VAR/demo-logins.txt"
  touch "$VAR/.demo-loaded"
fi

pids=()
stop() {
  trap - INT TERM EXIT
  echo; echo "Stopping ..."
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  # Each process stops by itself within a few seconds of SIGTERM (README; a worker in two or three, even in the
  # middle of a long task: clubsite/celery.py); on a machine so busy that one has not after 8 s, it is killed,
  # so that make serve keeps its promise of ten seconds.
  for _ in $(seq 80); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      echo "process $pid did not stop within 8 s: killed"
      pkill -KILL -P "$pid" 2>/dev/null || true     # its own processes first (a Celery worker's pool)
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  echo "Stopped."
  give_back_terminal
}
trap stop EXIT
trap 'stop; exit 0' INT TERM   # Ctrl-C is the normal way to stop: not an error

# Two workers, as in production: dealing (numba kernels) and double-dummy analysis (DDS tables)
# in separate processes, so that neither holds both libraries' memory.
celery -A clubsite worker --loglevel=INFO --concurrency=2 --queues=default,dealing \
  --hostname="deal@%h" >"$VAR/celery.log" 2>&1 &
pids+=($!)
celery -A clubsite worker --loglevel=INFO --concurrency=1 --queues=analysis \
  --hostname="dd@%h" >"$VAR/celery-analysis.log" 2>&1 &
pids+=($!)
python manage.py runserver "$HOST:$PORT" --noreload &
pids+=($!)

# Wait for the first answer of /healthz (up to about 20 s), in one Python process rather than one a try.
python - "$HOST" "$PORT" "${pids[2]}" <<'PY' || { echo "The web server did not start." >&2; exit 1; }
import os, sys, time, urllib.request
host, port, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://{host}:{port}/healthz", timeout=1)
        break
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except OSError:
        sys.exit(1)
    time.sleep(0.2)
PY
cat <<MSG

  Bridge club is running at http://$HOST:$PORT/
  Celery worker logs: $VAR/celery.log, $VAR/celery-analysis.log        Stop with Ctrl-C.

$(grep -A10 "Demo logins" "$VAR/demo-logins.txt")

MSG
# Ctrl-C or SIGTERM normally runs the trap above (exit 0). But a Ctrl-C to the whole process group can end one
# of the processes (Celery takes SIGINT as its own stop) before bash runs its trap, and `wait -n` then returns
# first (seen in full make test runs): whichever way the first process ended, stop the others at once and end
# without an error status; a process that ended by itself is said.
status=0
wait -n "${pids[@]}" || status=$?
echo "A process of make serve ended (status $status): stopping the others." >&2
stop
exit 0

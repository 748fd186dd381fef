#!/usr/bin/env bash
# The whole test suite, as CI runs it: the lint gate (ruff) first; then installs PostgreSQL, Redis,
# Chromium, poppler and gettext from Debian if missing; starts a throw-away PostgreSQL and Redis on
# loopback ports and real Celery workers; then runs at the same time:
#   * the suite on PostgreSQL + Redis (browser tests included) in parallel pytest processes
#     (pytest-xdist, a database, a cache database and a media folder per process: tests/conftest.py);
#   * the tests that need the real Celery workers (marker `worker`), in one process on the database
#     the workers serve;
#   * the Django suite again on the embedded default (SQLite, file-system broker, no servers).
# It stops everything it started, also on failure or Ctrl-C, prints the time of each phase and the 25
# slowest tests (scripts/test_report.py), and exits non-zero on any failure.
# Extra arguments go to the parallel run (e.g. `-k matrix`, `-x`); TEST_PROCESSES sets its processes.
set -euo pipefail
cd "$(dirname "$0")/.."
# Compiled modules are kept beside the code (__pycache__, git ignores it), whatever the environment says: with
# PYTHONDONTWRITEBYTECODE every process of the run (five pytest runs, the Celery workers, each server and command a
# test starts) compiled the project from source again, and pytest rewrote the asserts of every test module again:
# about 7 CPU-seconds a pytest process and half a second a Django process.
unset PYTHONDONTWRITEBYTECODE
now() { date +%s.%N; }
T0=${INSTALL_STARTED:-$(now)}       # make test sets it before installing, so the install is a phase too
stamp() { awk -v a="$(now)" -v b="$T0" -v m="$*" 'BEGIN { printf "[test +%.0fs] %s\n", a - b, m }'; }

# The shared real data the tests read (setting SHARED_DATA_DIR, from CLUBSITE_SHARED_DIR): without it,
# stop now with one line, before anything is installed or started (tests/conftest.py says the same to pytest).
SHARED=$(DJANGO_SETTINGS_MODULE=clubsite.settings python -c 'from django.conf import settings; print(settings.SHARED_DATA_DIR)')
if [ ! -d "$SHARED/data/events" ] || [ ! -d "$SHARED/seeds" ]; then
  echo "shared data not found at $SHARED: set CLUBSITE_SHARED_DIR to the folder holding data/events and seeds" >&2
  exit 2
fi

WORK=$(mktemp -d /tmp/clubsite-test.XXXXXX)
chmod 755 "$WORK"                     # the postgres user must reach its data directory
PHASES=$WORK/phases.tsv               # name, start, end, exit status: scripts/test_report.py reads it
: >"$PHASES"
export TEST_CPU_FILE=$WORK/cpu.tsv     # CPU seconds by process (tests/conftest.py and services_cpu below)
: >"$TEST_CPU_FILE"
phase() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-0}" >>"$PHASES"; }
[ -n "${INSTALL_STARTED:-}" ] && phase "install (Python and npm packages)" "$INSTALL_STARTED" "$(now)"

# The gate first (make lint: ruff, the formatter, mypy), while the servers start: a failure ends the run before
# any test starts. mypy's first run on a fresh clone takes a core for about ten seconds.
t=$(now)
stamp "the gate (make lint), while the servers start"
( rc=0; scripts/check.sh --lint-only >"$WORK/gate.log" 2>&1 || rc=$?
  phase "the gate (ruff check, ruff format --check, mypy)" "$t" "$(now)" "$rc"; exit "$rc" ) &
GATE_PID=$!

t=$(now)
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
need=()
[ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ] || need+=(postgresql)
command -v redis-server >/dev/null || need+=(redis-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pdftoppm >/dev/null || need+=(poppler-utils)
command -v msgfmt >/dev/null || need+=(gettext)
if [ ${#need[@]} -gt 0 ]; then
  stamp "installing from Debian: ${need[*]}"
  if [ "$(id -u)" != 0 ]; then echo "Need root to install ${need[*]} (or install them yourself)." >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 -q update >/dev/null
  apt-get -o DPkg::Lock::Timeout=600 -q install -y --no-install-recommends "${need[@]}" >/dev/null
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
phase "install (Debian packages)" "$t" "$(now)"

free_port() { python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PGPORT=$(free_port); REDIS_PORT=$(free_port)
PGDATA=$WORK/pgdata
CELERY_PIDS=()
SUITE_PIDS=()

# CPU seconds a process and its descendants have used so far (children reaped by it included).
tree_cpu() {
  local pids; pids=$(ps -e -o pid=,ppid= | awk -v root="$1" '{ parent[$1] = $2 } END {
    for (p in parent) { q = p; while (q != "" && q != root && q != 1 && q != 0) q = parent[q]; if (q == root) print p } }')
  local sum=0 pid stat
  for pid in $pids; do
    stat=$(cut -d' ' -f14-17 "/proc/$pid/stat" 2>/dev/null) || continue
    sum=$(awk -v s="$sum" -v t="$stat" 'BEGIN { split(t, f, " "); print s + f[1] + f[2] + f[3] + f[4] }')
  done
  awk -v s="$sum" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", s / hz }'
}
services_cpu() {   # before they stop: the Celery workers, PostgreSQL and Redis
  local pid
  for pid in "${CELERY_PIDS[@]}"; do
    printf 'Celery worker %s (with its pool)\t%s\n' "$pid" "$(tree_cpu "$pid")" >>"$TEST_CPU_FILE"
  done
  [ -f "$PGDATA/postmaster.pid" ] && printf 'PostgreSQL (with its backends)\t%s\n' \
    "$(tree_cpu "$(head -1 "$PGDATA/postmaster.pid")")" >>"$TEST_CPU_FILE"
  [ -f "$WORK/redis.pid" ] && printf 'Redis\t%s\n' "$(tree_cpu "$(cat "$WORK/redis.pid")")" >>"$TEST_CPU_FILE"
}

cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  for pid in "${SUITE_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  services_cpu
  stamp "stopping services"
  local t; t=$(now)
  for pid in "${CELERY_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${CELERY_PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1
  if [ -f "$PGDATA/postmaster.pid" ]; then
    if [ "$(id -u)" = 0 ]; then su postgres -c "$PGBIN/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null 2>&1
    else "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1; fi
  fi
  phase "stop the services" "$t" "$(now)"
  python scripts/test_report.py --phases "$PHASES" --started "$T0" --cpu "$TEST_CPU_FILE" "$WORK"/junit-*.xml
  # the reports stay (python scripts/test_report.py --save test-artifacts/junit-*.xml refreshes the modules' order)
  [ -n "${VMSTAT_PID:-}" ] && kill "$VMSTAT_PID" 2>/dev/null
  mkdir -p test-artifacts && cp -f "$WORK"/junit-*.xml "$WORK"/cpu.tsv "$WORK"/vmstat.txt "$PHASES" test-artifacts/ 2>/dev/null
  if [ $rc -ne 0 ]; then
    cp -f "$WORK"/*.log "$PGDATA/server.log" test-artifacts/ 2>/dev/null
    echo "Service logs and test reports copied to test-artifacts/."
  fi
  rm -rf "$WORK"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

t=$(now)
# The dealing kernels (numba) compiled once into the clone's cache while the servers start: every process after
# loads them instead of compiling its own (seconds of CPU each, in each of the runs' processes and worker pools).
python -c "from dealing.domain.jit import warm; warm()" >"$WORK/kernels.log" 2>&1 &
KERNELS_PID=$!
# The suite collected once (the project compiled, the test modules' asserts rewritten, into __pycache__), so that the
# five runs that start together read it instead of each doing it (10 CPU-seconds each; 3 when read).
CLUBSITE_VAR_DIR="$WORK/collect-var" pytest -q --collect-only -p no:xdist >"$WORK/collect.log" 2>&1 &
COLLECT_PID=$!
stamp "PostgreSQL on 127.0.0.1:$PGPORT"
mkdir -p "$PGDATA"
pg() { if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDATA"
pg "$PGBIN/initdb -D $PGDATA -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$WORK/initdb.log"
# The tests reach it through a Unix socket (PGSOCK; TCP stays open for psql and a person): a query's round trip over
# the socket costs the client and the server about a third less CPU than over loopback TCP, and the suite makes a
# million of them. A throw-away cluster: no durability (fsync, WAL), no autovacuum, no JIT (nothing runs long enough).
PGSOCK=$WORK/pgsock
mkdir -p "$PGSOCK" && chmod 777 "$PGSOCK"
pg "$PGBIN/pg_ctl -D $PGDATA -l $PGDATA/server.log -w -o \"-h 127.0.0.1 -p $PGPORT -k $PGSOCK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c wal_level=minimal -c max_wal_senders=0 -c autovacuum=off -c jit=off -c max_connections=200\" start" >/dev/null
psql -h 127.0.0.1 -p "$PGPORT" -U postgres -q -c "CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB" -c "CREATE DATABASE appdb OWNER app"

stamp "Redis on 127.0.0.1:$REDIS_PORT"
# Databases: 0 the broker, 1 the results, 2 the cache of the worker tests' process, 13 the stopping tests' broker
# (tests/clubsite/test_stopping.py), 16 and up one cache for each parallel test process (tests/conftest.py).
redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --databases 32 \
  --dir "$WORK" --pidfile "$WORK/redis.pid" --logfile "$WORK/redis.log"
for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done

PGHOST_URL=$(python -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$PGSOCK")
export DATABASE_URL="postgres://app:app@$PGHOST_URL:$PGPORT/appdb"
export CELERY_BROKER_URL="redis://127.0.0.1:$REDIS_PORT/0"
export CELERY_RESULT_BACKEND="redis://127.0.0.1:$REDIS_PORT/1"
export CACHE_URL="redis://127.0.0.1:$REDIS_PORT/2"       # the cache gunicorn's workers share, as in production
export CLUBSITE_VAR_DIR="$WORK/var"

# The test databases migrated once: pytest-django would migrate one per test run (about 5 CPU-seconds each, and as
# much again in PostgreSQL); instead the migrations run once into a template, while the gate and the workers start,
# and each run's database (test_appdb for the worker tests, test_appdb_gwN for each parallel process) is copied
# from it. The runs keep them (--reuse-db): Django's test set-up then finds every migration applied.
PROCESSES=${TEST_PROCESSES:-3}
stamp "the test databases, migrated once"
(
  psql -h 127.0.0.1 -p "$PGPORT" -U postgres -q -c "CREATE DATABASE test_template OWNER app"
  DATABASE_URL="postgres://app:app@$PGHOST_URL:$PGPORT/test_template" python manage.py migrate --noinput -v0
  for db in test_appdb $(seq -f "test_appdb_gw%g" 0 $((PROCESSES - 1))); do
    psql -h 127.0.0.1 -p "$PGPORT" -U postgres -q -c "CREATE DATABASE $db OWNER app TEMPLATE test_template"
  done
) >"$WORK/databases.log" 2>&1 &
DATABASES_PID=$!

stamp "Celery workers"
# The workers serve the worker tests' database (pytest-django's test_appdb, made by that run) and close
# connections after each task; dealing and double-dummy analysis run in separate workers, as in production.
# They boot while the other runs start: only the worker tests wait for them (workers_then_tests).
for spec in "deal:default,dealing:2" "dd:analysis:1"; do
  IFS=: read -r name queues procs <<<"$spec"
  DATABASE_URL="postgres://app:app@$PGHOST_URL:$PGPORT/test_appdb" DATABASE_CONN_MAX_AGE=0 \
    celery -A clubsite worker --loglevel=INFO --concurrency="$procs" --queues="$queues" \
    --hostname="test-$name@%h" >"$WORK/celery-$name.log" 2>&1 </dev/null &
  CELERY_PIDS+=($!)
done
wait "$DATABASES_PID" || { echo "The test databases could not be made:" >&2; cat "$WORK/databases.log" >&2; exit 1; }
wait "$KERNELS_PID" || { echo "The dealing kernels did not compile:" >&2; cat "$WORK/kernels.log" >&2; exit 1; }
wait "$COLLECT_PID" || { echo "The suite could not be collected:" >&2; tail -40 "$WORK/collect.log" >&2; exit 1; }
wait "$GATE_PID" || { cat "$WORK/gate.log" >&2; echo "the gate failed: no test was run (make lint runs it alone)" >&2
                      exit 1; }
cat "$WORK/gate.log"
phase "start the services (PostgreSQL, Redis, the Celery workers' processes; the dealing kernels compiled)" "$t" "$(now)"

workers_then_tests() {   # the worker tests, once both workers answer a ping
  local ok="" replies
  for _ in $(seq 1 120); do
    replies=$(celery -A clubsite inspect ping -t 1 2>/dev/null | grep -c "pong" || true)
    if [ "$replies" -ge 2 ]; then ok=1; break; fi
    for pid in "${CELERY_PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || break 2; done
    sleep 0.5
  done
  [ -n "$ok" ] || { echo "The Celery workers did not answer." >&2; tail -30 "$WORK"/celery-*.log >&2; return 1; }
  "$@"
}

# The three runs go at once: the machine's cores stay busy while one run waits on a browser, a worker or a
# subprocess. Each writes its own log and JUnit report; the logs are shown in turn when all have ended.
run() {   # run NAME LOG -- COMMAND...: in the background, recording the phase when it ends
  local name=$1 log=$2; shift 3
  (
    local start rc=0; start=$(now)
    "$@" >"$log" 2>&1 || rc=$?
    phase "$name" "$start" "$(now)" "$rc"
    exit $rc
  ) &
  SUITE_PIDS+=($!)
}
# The cores' use every 10 s while the tests run (test-artifacts/vmstat.txt: its "id" column is the idle share):
# where a run leaves a core waiting, and when.
if command -v vmstat >/dev/null; then vmstat -n -t 10 >"$WORK/vmstat.txt" 2>/dev/null & VMSTAT_PID=$!; fi
stamp "tests: the suite on PostgreSQL + Redis ($PROCESSES processes, browser tests included), the worker tests, and the embedded default, at once"
run "suite: PostgreSQL + Redis + Chromium ($PROCESSES processes)" "$WORK/suite.log" -- \
  pytest -q -n "$PROCESSES" --dist loadfile --reuse-db -m "not worker" --junitxml="$WORK/junit-suite.xml" "$@"
run "suite: the tests that need the Celery workers (after the workers answer)" "$WORK/worker.log" -- \
  workers_then_tests pytest -q -p no:xdist --reuse-db -m worker --junitxml="$WORK/junit-worker.xml"
run "suite: embedded default (SQLite, file-system broker, no servers)" "$WORK/embedded.log" -- \
  env -u DATABASE_URL -u CELERY_BROKER_URL -u CELERY_RESULT_BACKEND -u CACHE_URL CLUBSITE_VAR_DIR="$WORK/embedded" \
  pytest -q -p no:xdist -m "not e2e and not worker" --ignore=tests/clubsite/test_stopping.py \
  --junitxml="$WORK/junit-embedded.xml" tests/clubs tests/events tests/clubsite
rcs=()
for pid in "${SUITE_PIDS[@]}"; do rc=0; wait "$pid" || rc=$?; rcs+=("$rc"); done
SUITE_PIDS=()
for log in suite worker embedded; do
  echo "=== $log ==="
  cat "$WORK/$log.log"
done
stamp "done: suite rc=${rcs[0]}, worker tests rc=${rcs[1]}, embedded run rc=${rcs[2]}"
[ "${rcs[0]}" -eq 0 ] && [ "${rcs[1]}" -eq 0 ] && [ "${rcs[2]}" -eq 0 ]

#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs PostgreSQL, Redis, Chromium, poppler and gettext
# from Debian if missing; starts a throw-away PostgreSQL and Redis on loopback ports and a real
# Celery worker; runs pytest against them (browser tests included); then runs the suite again on
# the embedded default (SQLite, file-system broker); stops everything it started, also on failure
# or Ctrl-C; exits non-zero on any failure. Extra arguments go to the first pytest run.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
stamp() { echo "[test +$((SECONDS - t0))s] $*"; }

# The shared real data the tests read (setting SHARED_DATA_DIR, from CLUBSITE_SHARED_DIR): without it,
# stop now with one line, before anything is installed or started (tests/conftest.py says the same to pytest).
SHARED=$(DJANGO_SETTINGS_MODULE=clubsite.settings python -c 'from django.conf import settings; print(settings.SHARED_DATA_DIR)')
if [ ! -d "$SHARED/data/events" ] || [ ! -d "$SHARED/seeds" ]; then
  echo "shared data not found at $SHARED: set CLUBSITE_SHARED_DIR to the folder holding data/events and seeds" >&2
  exit 2
fi

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

WORK=$(mktemp -d /tmp/clubsite-test.XXXXXX)
chmod 755 "$WORK"                     # the postgres user must reach its data directory
free_port() { python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PGPORT=$(free_port); REDIS_PORT=$(free_port)
PGDATA=$WORK/pgdata
CELERY_PIDS=()

cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  stamp "stopping services"
  for pid in "${CELERY_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${CELERY_PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1
  if [ -f "$PGDATA/postmaster.pid" ]; then
    if [ "$(id -u)" = 0 ]; then su postgres -c "$PGBIN/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null 2>&1
    else "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1; fi
  fi
  if [ $rc -ne 0 ]; then
    mkdir -p test-artifacts && cp -f "$WORK"/*.log "$PGDATA/server.log" test-artifacts/ 2>/dev/null
    echo "Service logs copied to test-artifacts/."
  fi
  rm -rf "$WORK"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

stamp "PostgreSQL on 127.0.0.1:$PGPORT"
mkdir -p "$PGDATA"
pg() { if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDATA"
pg "$PGBIN/initdb -D $PGDATA -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$WORK/initdb.log"
pg "$PGBIN/pg_ctl -D $PGDATA -l $PGDATA/server.log -w -o \"-h 127.0.0.1 -p $PGPORT -k $PGDATA -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start" >/dev/null
psql -h 127.0.0.1 -p "$PGPORT" -U postgres -q -c "CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB" -c "CREATE DATABASE appdb OWNER app"

stamp "Redis on 127.0.0.1:$REDIS_PORT"
redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
  --dir "$WORK" --pidfile "$WORK/redis.pid" --logfile "$WORK/redis.log"
for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done

export DATABASE_URL="postgres://app:app@127.0.0.1:$PGPORT/appdb"
export CELERY_BROKER_URL="redis://127.0.0.1:$REDIS_PORT/0"
export CELERY_RESULT_BACKEND="redis://127.0.0.1:$REDIS_PORT/1"
export CACHE_URL="redis://127.0.0.1:$REDIS_PORT/2"       # the cache gunicorn's workers share, as in production
export CLUBSITE_VAR_DIR="$WORK/var"
export PYTHONDONTWRITEBYTECODE=1

stamp "migrate + Celery worker"
python manage.py migrate --noinput -v0
# The workers serve the tests' database (pytest-django's test_appdb) and close connections after
# each task; dealing and double-dummy analysis run in separate workers, as in production.
for spec in "deal:default,dealing:2" "dd:analysis:1"; do
  IFS=: read -r name queues procs <<<"$spec"
  DATABASE_URL="postgres://app:app@127.0.0.1:$PGPORT/test_appdb" DATABASE_CONN_MAX_AGE=0 \
    celery -A clubsite worker --loglevel=INFO --concurrency="$procs" --queues="$queues" \
    --hostname="test-$name@%h" >"$WORK/celery-$name.log" 2>&1 </dev/null &
  CELERY_PIDS+=($!)
done
ok=""
for _ in $(seq 1 60); do
  replies=$(celery -A clubsite inspect ping -t 1 2>/dev/null | grep -c "pong" || true)
  if [ "$replies" -ge 2 ]; then ok=1; break; fi
  for pid in "${CELERY_PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || break 2; done
  sleep 1
done
[ -n "$ok" ] || { echo "The Celery workers did not answer." >&2; tail -30 "$WORK"/celery-*.log >&2; exit 1; }

stamp "tests: PostgreSQL + Redis + Celery worker + Chromium"
rc1=0; pytest -q "$@" || rc1=$?
stamp "tests: embedded default (SQLite, file-system broker, no servers)"
rc2=0
env -u DATABASE_URL -u CELERY_BROKER_URL -u CELERY_RESULT_BACKEND -u CACHE_URL CLUBSITE_VAR_DIR="$WORK/embedded" \
  pytest -q -m "not e2e and not worker and not slow" tests/clubs tests/clubsite || rc2=$?
stamp "done: services run rc=$rc1, embedded run rc=$rc2"
[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]

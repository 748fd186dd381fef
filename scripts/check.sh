#!/usr/bin/env bash
# The inner loop (make check): the lint gate, then the tests that need no browser, no Celery worker and no more
# than about a second each (markers e2e, worker, slow: pyproject.toml), on the embedded default (SQLite, no
# servers), in two processes. make test runs everything; this is what to run after every change.
# --lint-only: the gate alone (make lint). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
unset PYTHONDONTWRITEBYTECODE   # compiled modules kept in __pycache__: each process reads them (scripts/test.sh)
t0=$SECONDS
lint_only=""
if [ "${1:-}" = "--lint-only" ]; then lint_only=1; shift; fi

echo "the gate: ruff check, ruff format --check, mypy (pyproject.toml says which rules and checks, and why)"
ruff check --quiet .
ruff format --check --quiet . || { echo "ruff format would change the files above: run ruff format ." >&2; exit 1; }
mypy || { echo "mypy found the type errors above" >&2; exit 1; }
[ -n "$lint_only" ] && { echo "lint: passed in $((SECONDS - t0)) s"; exit 0; }

var=$(mktemp -d /tmp/clubsite-check.XXXXXX)
trap 'rm -rf "$var"' EXIT
echo "tests: not e2e, not worker, not slow (SQLite, 2 processes)"
env -u DATABASE_URL -u CELERY_BROKER_URL -u CELERY_RESULT_BACKEND -u CACHE_URL CLUBSITE_VAR_DIR="$var" \
  pytest -q -n 2 --dist loadfile -m "not e2e and not worker and not slow" "$@"
echo "make check: passed in $((SECONDS - t0)) s"

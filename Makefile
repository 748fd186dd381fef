# The front door. `make serve` runs the site on an embedded default; `make test` runs the whole suite
# against throw-away PostgreSQL and Redis servers with a real Celery worker and Chromium.
# Debian's build of Python 3.11 (optimised with PGO and LTO) runs the suite about 15 % faster than a build from
# source without them (pyenv's, the machine's python3): it is taken when it is there with venv, else python3.
# The pinned requirements are installed by uv (pinned in requirements.txt, itself installed by pip): about 9 s
# where pip takes 43 s with warm caches (docs/benchmarks.md, "make serve"); pip is the fallback.
PYTHON ?= $(shell /usr/bin/python3.11 -c 'import ensurepip, venv' >/dev/null 2>&1 && echo /usr/bin/python3.11 || echo python3)
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: serve test check lint install messages clean help
.DEFAULT_GOAL := help

help:
	@echo "make serve   set up and serve the site on http://127.0.0.1:8000 (SQLite + file-system broker + worker)"
	@echo "make test    set up and run the whole test suite (PostgreSQL, Redis, Celery worker, Chromium)"
	@echo "make check   the inner loop: the lint gate and the tests that need no browser, worker or second (SQLite)"
	@echo "make lint    the lint gate alone"

$(BIN)/.installed: requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Installing Python requirements into $(VENV) ..."
	@$(BIN)/pip install -q --disable-pip-version-check "$$(grep -E '^uv==' requirements.txt)" 2>&1 | grep -v "is ignored" || true
	@$(BIN)/uv pip install -q --compile-bytecode --python $(BIN)/python -r requirements.txt || { \
	  echo "uv could not install the requirements: pip instead ..."; \
	  $(BIN)/pip install -q --disable-pip-version-check -r requirements.txt 2>&1 | grep -v "is ignored" || true; }
	@$(BIN)/python -c "import django, celery, endplay, weasyprint" 2>/dev/null || { echo "the Python requirements did not install"; exit 1; }
	@touch $@

node_modules/.installed: package.json package-lock.json
	@echo "Installing front-end packages from the npm registry ..."
	@npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	@touch $@

install: $(BIN)/.installed node_modules/.installed

# `exec`: the script is make's own child, with no shell between them that a signal could kill, so a stop
# asked for (Ctrl-C, SIGTERM) ends as the script ends it: quietly, with status 0 (scripts/serve.sh).
serve: install
	@PATH="$(CURDIR)/$(BIN):$$PATH" exec scripts/serve.sh

test:
	@started=$$(date +%s.%N); $(MAKE) -s --no-print-directory install && \
	  INSTALL_STARTED=$$started PATH="$(CURDIR)/$(BIN):$$PATH" scripts/test.sh

check: install
	@PATH="$(CURDIR)/$(BIN):$$PATH" scripts/check.sh

lint: install
	@PATH="$(CURDIR)/$(BIN):$$PATH" scripts/check.sh --lint-only

# Refresh the Polish catalogue: extract strings, fill them from locale/pl/glossary.json, compile.
messages: install
	@cd $(CURDIR) && $(BIN)/python manage.py makemessages -l pl --ignore='.venv/*' --ignore='node_modules/*' --ignore='var/*' --ignore='tests/*' --ignore='scripts/*' --ignore='tools/*' --no-obsolete
	@$(BIN)/python scripts/fill_translations.py locale/pl/glossary.json
	@$(BIN)/python manage.py compilemessages -l pl --ignore='.venv/*' --ignore='node_modules/*'

clean:
	rm -rf var test-artifacts

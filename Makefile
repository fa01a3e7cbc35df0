# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

MICROPYTHON := tests/micropython/node_modules/.package-lock.json

.PHONY: run test test-fast lint bench native clean systemd-analyze

run: $(VENV)/.installed
	$(BIN)/companion run

test: lint $(MICROPYTHON) systemd-analyze
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest

# Everything but the slow tests (power cuts, the compiled engine's build, the installer, Monte Carlo),
# on two processes (pytest-xdist): about 50 s here.
test-fast: lint $(MICROPYTHON)
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -m "not slow" -n 2

lint: $(VENV)/.installed-dev
	$(BIN)/python -m ruff check
	$(BIN)/python -m ruff format --check

bench: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/die.py
	$(BIN)/python benchmarks/cards.py
	$(BIN)/python benchmarks/tickets.py
	$(BIN)/python benchmarks/advisor.py
	$(BIN)/python benchmarks/simulation.py
	$(BIN)/python benchmarks/novara1849.py
	$(BIN)/python benchmarks/italy4345.py
	$(BIN)/python benchmarks/novara1849_screens.py
	$(BIN)/python benchmarks/italy4345_screens.py
	$(BIN)/python benchmarks/app.py

# The engine compiled by mypyc, which `companion milano1848 simulate` uses once it is built (a C
# compiler and Python's headers needed: Debian gcc, python3-dev); the app and the tests never use it.
native: $(VENV)/.installed-dev
	$(BIN)/python -m companion.tables.milano1848.native

# MicroPython's WebAssembly port (pinned in tests/micropython/package.json) runs the die's
# protocol and firmware cases; it needs Node.js and npm (Debian packages nodejs, npm).
$(MICROPYTHON): tests/micropython/package.json tests/micropython/package-lock.json
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		apt-get update -qq && apt-get install -y -qq nodejs npm; } || \
		{ echo "make test needs Node.js and npm: install the Debian packages nodejs and npm"; exit 1; }
	cd tests/micropython && npm ci --no-audit --no-fund

# The service unit is checked with systemd's own tool (Debian package systemd).
systemd-analyze:
	@command -v systemd-analyze >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		apt-get update -qq && apt-get install -y -qq systemd; } || \
		{ echo "make test needs systemd-analyze: install the Debian package systemd"; exit 1; }

$(VENV)/bin/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Table Companion needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install -q -e '.[app,devices]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .hypothesis tests/micropython/node_modules build

# One command each: `make run` serves the course, `make test` runs every test, `make check` the fast part of
# them (while changing the code), `make lab` opens JupyterLab. Each sets up what it needs on a fresh machine.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
PORT ?= 8866
# The round engine compiled to C by mypyc (from the same typed source) for simulation speed.
COMPILED := $(VENV)/.compiled

.PHONY: run test test-every-static-page check lint format lab bench chromium clean site

# $(call install,ARGUMENTS): uv installs Python packages into the venv, pip where uv fails.
include etc/install.mk
# `make classroom`: JupyterHub with a server per learner on this machine (deploy/README.md).
include deploy/jupyterhub/classroom.mk

# constraints.txt pins every package to the versions tested together, so two machines get the same ones; pip
# installs uv (pinned there too), which installs the rest.
$(READY): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt uv
	$(call install,-c constraints.txt -e '.[test]')
	touch $(READY)

# Rebuilt whenever a rules module changes; without a C compiler, or if mypyc fails (its output is kept in
# $(VENV)/mypyc.log), the pure-Python source runs instead.
$(COMPILED): $(READY) $(wildcard maumau_core/engine/*.py) etc/compile_engine.py
	@$(PY) etc/compile_engine.py clean
	@if ! command -v $${CC:-cc} >/dev/null; then \
	  echo "No C compiler: the round engine runs as plain Python (slower)."; \
	elif ! $(PY) etc/compile_engine.py >$(VENV)/mypyc.log 2>&1; then $(PY) etc/compile_engine.py clean; \
	  echo "mypyc could not compile the round engine (see $(VENV)/mypyc.log): it runs as plain Python (slower)."; fi
	touch $(COMPILED)

# Debian's chromium for the browser tests (Playwright's own download does not work here).
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

# The course's command (maumau_core/cli.py): Voilà with etc/voila.py; a configuration error stops it.
run: $(COMPILED)
	$(VENV)/bin/maumau-course serve --port=$(PORT)

# pytest includes tests/test_install.py: the wheel built, installed into a fresh venv under build/, and served.
# The set-up steps and the type checks run side by side (they wait on the network, apt, the compiler and
# mypy, not on each other; mypyc keeps no cache of mypy's); the hub is for tests/browser/test_classroom.py.
# The tests run in TEST_WORKERS pytest-xdist workers (one per core), each test file whole in one worker (its
# module fixtures' servers are started once), handed out in the order conftest.py gives them (the longest
# first); each worker starts its own Voilà and its own scratch progress file.
TEST_WORKERS ?= auto

test:
	$(MAKE) --no-print-directory -j4 $(COMPILED) chromium $(HUB_READY) lint
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder -m "not every_static_page"

# Every page of the static site in every language (95) opened, drawn, clean and axe-clean, each a visit of its
# own (~4 s: a Python starts in every page): too long for `make test`, which visits the English pages and one
# page of each other language and holds every page to its HTML and its code.
test-every-static-page: $(COMPILED) chromium
	$(PY) -m pytest -n $(TEST_WORKERS) --dist load -m every_static_page tests/browser/test_static_pages.py

# The fast lane while changing the code (about 1-2 minutes): type checks, the library's tests and the notebooks,
# without the tests marked browser (chromium, Voilà, JupyterLab, the hub, the wheel) or slow (pyproject.toml).
check: $(COMPILED)
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile -m "not slow and not browser"

# The type checks, the linter and the formatter's check (pyproject.toml); `make format` applies the formatter
# and the linter's safe fixes.
lint: $(READY)
	$(PY) -m mypy
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(READY)
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# `maumau-course site`: the course as a static website in SITE (every page runs in the learner's browser;
# maumau_core/site/). Serve it with `python3 -m http.server -d site`, or put the folder on any static host.
SITE ?= site

site: $(READY)
	$(VENV)/bin/maumau-course site $(SITE)

# `maumau-course lab` (as root too: many containers run as root) with the course's JupyterLab settings
# (etc/jupyter/lab/settings: no news or update pop-ups, the course works offline).
# LAB_DIR and LAB_ARGS let the tests serve copies of the notebooks with a port, a token and no browser.
LAB_DIR ?= .
LAB_ARGS ?=

lab: $(COMPILED)
	$(VENV)/bin/maumau-course lab --dir=$(LAB_DIR) $(LAB_ARGS)

bench: $(COMPILED) chromium
	$(call install,-c constraints.txt -e '.[bench]')
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/mao_laws.py
	$(PY) benchmarks/batch.py
	$(PY) benchmarks/lab.py
	$(PY) benchmarks/voila_pages.py
	$(PY) benchmarks/kernel_memory.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis build maumau_core/engine/*.so

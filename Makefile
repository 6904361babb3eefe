# One command each: `make run` serves the course, `make test` runs every test,
# `make lab` opens JupyterLab. Each sets up what it needs on a fresh machine.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
PORT ?= 8866
# The round engine compiled to C by mypyc (from the same typed source) for simulation speed.
COMPILED := $(VENV)/.compiled

.PHONY: run test lab bench chromium clean

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[notebooks,test]'
	touch $(READY)

# Rebuilt whenever a rules module changes; without a C compiler the pure-Python source runs instead.
$(COMPILED): $(READY) $(wildcard maumau_core/*.py)
	rm -f maumau_core/round*.so
	$(VENV)/bin/mypyc maumau_core/round.py >/dev/null 2>&1 && touch maumau_core/round*.so \
	  || { rm -f maumau_core/round*.so; echo "No C compiler: the round engine runs as plain Python (slower)."; }
	touch $(COMPILED)

# Debian's chromium for the browser tests (Playwright's own download does not work here).
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

run: $(COMPILED)
	$(VENV)/bin/voila notebooks/ --Voila.config_file_paths=etc --port=$(PORT)

test: $(COMPILED) chromium
	$(PY) -m mypy
	$(PY) -m pytest

# Jupyter refuses to start as root unless told; many containers run as root. The course's JupyterLab
# settings (etc/jupyter/lab/settings) turn off the news and update pop-ups: the course works offline.
# LAB_DIR and LAB_ARGS let the tests serve copies of the notebooks with a port, a token and no browser.
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_DIR ?= .
LAB_ARGS ?=

lab: $(COMPILED)
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --notebook-dir=$(LAB_DIR) $(ROOT_OK) \
	  --LabApp.app_settings_dir=$(CURDIR)/etc/jupyter/lab/settings $(LAB_ARGS)

bench: $(COMPILED) chromium
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/mao_laws.py
	$(PY) benchmarks/batch.py
	$(PY) benchmarks/voila_pages.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis build maumau_core/*.so

"""Guards shared by every test run.

Progress is saved to a scratch file for the whole run (notebook kernels and
Voilà servers started by the tests inherit it), never to the learner's own.

``make`` compiles the round engine's modules (``etc/compile_engine.py``) with
mypyc into a ``.so`` beside each, and Python imports the ``.so`` first. A test
run after editing the rules without rebuilding would then test the old engine,
so it stops here with the command that fixes it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ENGINE = Path(__file__).parent / "maumau_core" / "engine"

# The compiled module's __file__ is the .so, not round.py; its doctests are the same text.
os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")
os.environ["MAUMAU_PROGRESS"] = str(Path(tempfile.mkdtemp(prefix="maumau-progress-")) / "progress.json")


def pytest_configure(config: pytest.Config) -> None:
    for compiled in ENGINE.glob("*.so"):
        source = ENGINE / (compiled.name.split(".")[0] + ".py")
        if source.exists() and compiled.stat().st_mtime < source.stat().st_mtime:
            pytest.exit(
                f"{source.name} changed since it was compiled: run `make test` (or `make run`) to rebuild it.", 2
            )


BROWSER_TESTS = Path(__file__).resolve().parent / "tests" / "browser"


#: The test files that take longest, started first and in this order (see pytest_collection_modifyitems).
LONGEST_FIRST = ("test_static_pages.py", "test_install.py", "test_static_site.py", "test_classroom.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser/ is marked ``browser`` (chromium, Voilà, JupyterLab or a hub), so that
    ``make check`` (``-m "not slow and not browser"``) leaves them to ``make test``; the few such tests elsewhere
    carry the mark themselves (tests/test_install.py, tests/test_load_client.py)."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
    # The longest files first: pytest-xdist hands out whole files in this order (`make test` keeps it with
    # --no-loadscope-reorder), so they start at once rather than last, when the other worker would have nothing
    # left to do. The static site's pages (~3 minutes: the site built, then Pyodide started in every page) go to
    # one worker while the other installs the wheel in a fresh venv, then takes the site's other tests (~2
    # minutes) on the site built by then.
    order = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: order.get(item.path.name, len(order)))

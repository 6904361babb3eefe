"""The test folders have no __init__.py, so pytest imports each test module by its file name: two modules of
one name (tests/x.py and tests/browser/x.py) would make one of them run the other's tests, or none. And the
browser tests are all marked so, for `make check` to leave them out."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(path.name for path in Path(__file__).parent.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []


def test_every_browser_test_is_marked_browser_so_make_check_leaves_it_out() -> None:
    """conftest.py's hook marks each test under tests/browser/: `make check` (``-m "not slow and not browser"``)
    must collect none of them, and they must be there to leave out."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "-m",
            "not browser",
            str(Path(__file__).parent / "browser"),
        ],
        cwd=Path(__file__).parents[1],
        capture_output=True,
        text=True,
        timeout=120,
    )
    left_out = re.search(r"(\d+) deselected", done.stdout)
    assert left_out and int(left_out.group(1)) > 20, done.stdout[-2000:] + done.stderr[-2000:]
    assert "::" not in done.stdout, done.stdout[-2000:]  # no test id listed: none is collected unmarked

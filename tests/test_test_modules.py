"""The test folders have no __init__.py, so pytest imports each test module by its file name: two modules of
one name (tests/x.py and tests/browser/x.py) would make one of them run the other's tests, or none."""

from __future__ import annotations

from collections import Counter
from pathlib import Path


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(path.name for path in Path(__file__).parent.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []

"""The library stays a house a maintainer can live in: small modules, small classes, one direction of imports
between the engine and what is built on it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "maumau_core"
MODULES = sorted(PACKAGE.rglob("*.py"))
MODULE_LINES, CLASS_LINES = 600, 400


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_over_600_lines_and_no_class_over_400(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MODULE_LINES
    big = [
        f"{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > CLASS_LINES
    ]
    assert not big


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").glob("*.py")), ids=lambda path: path.name)
def test_the_engine_imports_nothing_built_on_it(path: Path) -> None:
    """The engine may use the languages and the sentences; never the course, the widgets, the server, the
    exercises or the wings built on it (a widget import would load ipywidgets into every simulation)."""
    above = (
        "maumau_core.course",
        "maumau_core.widgets",
        "maumau_core.server",
        "maumau_core.exercises",
        "maumau_core.lab",
        "ipywidgets",
    )
    assert not [name for name in _imported(path) if name.startswith(above)]


def test_the_checks_see_what_they_judge() -> None:
    assert len(MODULES) > 80 and any(path.name == "legality.py" for path in MODULES)

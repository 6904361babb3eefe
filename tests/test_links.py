"""Every link in the course leads somewhere: lesson pages only link inside the served folder
(Voilà serves nothing else), exercises link back to lessons that exist."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)\)")
BOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")])


def links(book: Path) -> list[str]:
    notebook = nbformat.read(book, as_version=4)
    return [target for cell in notebook.cells if cell.cell_type == "markdown" for target in LINK.findall(cell.source)]


@pytest.mark.parametrize("book", BOOKS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_notebook_link_points_to_a_notebook_that_exists(book: Path) -> None:
    for target in links(book):
        assert (book.parent / target).resolve().exists(), f"{book.name} links to missing {target}"
        if book.parent.name == "notebooks":
            assert "/" not in target, f"{book.name} links outside the web course: {target}"


def test_every_lesson_and_exercise_book_is_linked_both_ways() -> None:
    lessons = {path.name for path in ROOT.glob("notebooks/*.ipynb")}
    for book in ROOT.glob("exercises/*.ipynb"):
        assert any(Path(target).name in lessons for target in links(book)), f"{book.name} links to no lesson"
        mentioned = [lesson for lesson in ROOT.glob("notebooks/*.ipynb") if f"exercises/{book.name}" in lesson.read_text()]
        assert mentioned, f"no lesson points to exercises/{book.name}"


SECTION_LINK = re.compile(r"\]\(([^)#\s]*\.ipynb)#([^)\s]+)\)")


@pytest.mark.parametrize("book", BOOKS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_link_to_a_section_names_a_heading_that_exists(book: Path) -> None:
    from nbconvert.filters.strings import _convert_header_id  # the anchors a page's headings get

    notebook = nbformat.read(book, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        for target, anchor in SECTION_LINK.findall(cell.source):
            page = nbformat.read(book.parent / target, as_version=4)
            headings = {_convert_header_id(line.lstrip("#").strip()) for other in page.cells
                        if other.cell_type == "markdown" for line in other.source.splitlines() if line.startswith("#")}
            assert anchor in headings, f"{book.name} links to {target}#{anchor}, which is no heading there"

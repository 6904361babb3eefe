"""Every link in the course leads somewhere: lesson pages only link inside the served folder
(Voilà serves nothing else), exercises link back to lessons that exist."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import nbformat
import pytest

from maumau_core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)\)")
BOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb")])
#: The same pages in the other languages (notebooks/fr/…), made from the English ones.
TRANSLATED = sorted([*ROOT.glob("notebooks/??/*.ipynb"), *ROOT.glob("exercises/??/*.ipynb")])
#: The English anchor a translated heading keeps (maumau_core/course/translated_pages.py).
KEPT_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def links(book: Path) -> list[str]:
    notebook = nbformat.read(book, as_version=4)
    return [target for cell in notebook.cells if cell.cell_type == "markdown" for target in LINK.findall(cell.source)]


def _language(path: Path) -> str:
    """The language of a page: its folder's name under notebooks/ or exercises/, English at their top."""
    return path.parent.name if path.parent.name in LANGUAGES else "en"


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("book", BOOKS + TRANSLATED, ids=_name)
def test_every_notebook_link_points_to_a_notebook_that_exists(book: Path) -> None:
    lessons = ROOT / "notebooks"
    for target in links(book):
        found = (book.parent / target).resolve()
        assert found.exists(), f"{_name(book)} links to missing {target}"
        if book.is_relative_to(lessons):
            assert found.is_relative_to(lessons), f"{_name(book)} links outside the web course: {target}"
        if found.name != "00_welcome.ipynb":  # only the course map's language line leads to another language
            assert _language(found) == _language(book), f"{_name(book)} leads to another language: {target}"


def test_every_lesson_and_exercise_book_is_linked_both_ways() -> None:
    lessons = {path.name for path in ROOT.glob("notebooks/*.ipynb")}
    for book in ROOT.glob("exercises/*.ipynb"):
        assert any(Path(target).name in lessons for target in links(book)), f"{book.name} links to no lesson"
        mentioned = [
            lesson for lesson in ROOT.glob("notebooks/*.ipynb") if f"exercises/{book.name}" in lesson.read_text()
        ]
        assert mentioned, f"no lesson points to exercises/{book.name}"


SECTION_LINK = re.compile(r"\]\(([^)#\s]*\.ipynb)#([^)\s]+)\)")


@pytest.mark.parametrize("book", BOOKS + TRANSLATED, ids=_name)
def test_every_link_to_a_section_names_a_heading_that_exists(book: Path) -> None:
    from nbconvert.filters.strings import _convert_header_id  # the anchors a page's headings get

    notebook = nbformat.read(book, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        for target, anchor in SECTION_LINK.findall(cell.source):
            page = nbformat.read(book.parent / target, as_version=4)
            headings = {
                _convert_header_id(line.lstrip("#").strip())
                for other in page.cells
                if other.cell_type == "markdown"
                for line in other.source.splitlines()
                if line.startswith("#")
            }
            headings |= {
                _convert_header_id(kept)
                for other in page.cells
                if other.cell_type == "markdown"
                for kept in map(unescape, KEPT_ANCHOR.findall(other.source))
            }
            assert anchor in headings, f"{book.name} links to {target}#{anchor}, which is no heading there"

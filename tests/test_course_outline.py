"""The course's order lives in one list (``maumau_core.course.outline.PAGES``): every page is in it, and the
course map, each page's heading and its previous/next links agree with it."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from maumau_core.course.outline import PAGES, course_map, heading, navigation

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def first_cell(stem: str) -> str:
    return str(nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4).cells[0].source)


def test_every_page_is_in_the_outline_and_every_outline_page_exists() -> None:
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(page.file for page in PAGES)
    assert [page.number for page in PAGES] == list(range(len(PAGES))), "pages are numbered 0, 1, 2, … in order"


@pytest.mark.parametrize("stem", [page.stem for page in PAGES[1:]])
def test_each_page_opens_with_its_number_title_and_links(stem: str) -> None:
    lines = first_cell(stem).splitlines()
    assert lines[0] == heading(stem)
    assert navigation(stem) in lines


def test_the_course_map_lists_every_page_in_order() -> None:
    book = nbformat.read(NOTEBOOKS / "00_welcome.ipynb", as_version=4)
    assert any(course_map() in cell.source for cell in book.cells if cell.cell_type == "markdown")

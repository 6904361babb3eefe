"""The lesson and exercise pages in every course language, made from the English notebooks.

The English notebooks in ``notebooks/`` and ``exercises/`` are the one structure of the course. Each other
language's pages (``notebooks/<lang>/``, ``exercises/<lang>/``) are generated from them, so the cells,
widgets and links can never drift apart:

* the same cells with the same ids and the same code (the code's sentences already go through ``_()`` and
  the library catalogue, so they follow the kernel's language);
* one first cell that makes the kernel speak the language;
* each Markdown block (a paragraph, a list, a table, a heading: text between blank lines) replaced by its
  translation from the language's ``course.po``, a block not yet translated staying English; a translated
  heading keeps the English anchor as well, so every link to a section works in every language;
* the page's heading, its navigation line, and the course map's language line and table written by
  :mod:`maumau_core.course.outline` in the language, so those sentences live once, in the library catalogue (their
  links are the course module's own, already right for the language's folder);
* relative links one folder deeper, and links between lessons and exercises kept in the language.

The generated pages are committed (Voilà serves them, the wheel ships them); a test fails when one differs
from what this module makes. Regenerate with ``python -m maumau_core.course.catalogues pages``.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator, Sequence
from html import escape
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from maumau_core.course import outline as course
from maumau_core.i18n import DEFAULT, LANGUAGES, LOCALE_DIR, domain_path, speaking

#: The repository's root: the English pages are read from a checkout (generation is a maintainer's step).
ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("notebooks", "exercises")
DOMAIN = "course"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The id of the first cell of a generated page, the one that sets the kernel's language.
LANGUAGE_CELL = "course-language"

_FENCE = re.compile(r"^\s*(```|~~~)")
#: A relative link's start in Markdown or HTML: ``](../x)``, ``href="../x"``, ``src="../x"``.
_UP_LINK = re.compile(r'(\]\(|href="|src=")\.\./(?:(notebooks|exercises)/)?')


def english_pages() -> list[Path]:
    """Every English page, lessons first."""
    return [path for folder in FOLDERS for path in sorted((ROOT / folder).glob("*.ipynb"))]


def page_path(english: Path, language: str) -> Path:
    return english.parent / language / english.name


def blocks(markdown: str) -> list[str]:
    """The Markdown split at blank lines, a fenced code block kept whole (it may hold blank lines)."""
    found: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                found.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        found.append("\n".join(current))
    return found


def _course_blocks(stem: str) -> dict[str, str]:
    """The English blocks the course module writes for a page, each with the same block in the language."""
    if stem not in {page.stem for page in course.PAGES}:
        return {}
    if stem == "00_welcome":  # the map: its title without a number, no navigation, the table of pages
        writers = [lambda: f"# {course.page(stem).local_title}", course.languages_line, course.course_map]
    else:
        writers = [lambda: course.heading(stem), lambda: course.navigation(stem)]
    with speaking(DEFAULT):
        english = [write() for write in writers]
    return {text: _anchored(text, write()) for text, write in zip(english, writers)}


def _translatable(block: str, fixed: dict[str, str]) -> bool:
    return block not in fixed and any(character.isalpha() for character in block)


def _markdown_cells(notebook: dict[str, Any]) -> Iterator[str]:
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            yield "".join(cell["source"])


def _read(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def template() -> Catalog:
    """Every Markdown block of the English pages that a translator writes (course-module blocks excluded)."""
    catalog = Catalog(project="maumau-course", domain=DOMAIN, fuzzy=False)
    for path in english_pages():
        fixed = _course_blocks(path.stem)
        for number, markdown in enumerate(_markdown_cells(_read(path)), start=1):
            for block in blocks(markdown):
                if _translatable(block, fixed):  # located by page and Markdown cell (not written to the file)
                    catalog.add(block, None, [(str(path.relative_to(ROOT)), number)])
    return catalog


def translations(language: str) -> dict[str, str]:
    """The language's translated blocks (fuzzy and empty entries are left out: the English block stays)."""
    path = domain_path(language, DOMAIN)
    if not path.exists():
        return {}
    with path.open("rb") as source:
        catalog = read_po(source, locale=language, domain=DOMAIN)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and message.string and not message.fuzzy
    }


def _relink(block: str, language: str) -> str:
    """Links one folder deeper; a link to the lessons or the exercises stays in the language."""

    def deeper(match: re.Match[str]) -> str:
        folder = match.group(2)
        return f"{match.group(1)}../../{folder}/{language}/" if folder else f"{match.group(1)}../../"

    return _UP_LINK.sub(deeper, block)


def _anchored(english: str, said: str) -> str:
    """A translated heading keeps the English heading's anchor too (an empty ``<a id>`` at its end), so a
    link to a section — a refusal's "why?", the coverage map, a link between pages — is the same in every
    language; the heading's own anchor follows its translated words."""
    if not english.startswith("#") or said == english:
        return said
    anchor = english.split("\n", 1)[0].lstrip("#").strip().replace(" ", "-")
    first, _, rest = said.partition("\n")
    return f'{first} <a id="{escape(anchor)}"></a>' + (f"\n{rest}" if rest else "")


def _source(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def translated_page(english: Path, language: str, blocks_in: dict[str, str]) -> dict[str, Any]:
    """The page in ``language``: the English page's cells with its Markdown said in the language."""
    notebook = copy.deepcopy(_read(english))
    with speaking(language):
        fixed = _course_blocks(english.stem)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            said = [
                fixed[block] if block in fixed else _anchored(block, _relink(blocks_in.get(block, block), language))
                for block in blocks("".join(cell["source"]))
            ]
            cell["source"] = _source("\n\n".join(said))
    language_cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": LANGUAGE_CELL,
        "metadata": {"tags": ["language"]},
        "outputs": [],
        "source": _source(f'from maumau_core.i18n import use\n\nuse("{language}")'),
    }
    notebook["cells"].insert(0, language_cell)
    notebook["metadata"]["maumau"] = {"language": language}  # the web page's <html lang> (the course template)
    return notebook


def rendered(notebook: dict[str, Any]) -> str:
    """A notebook as the repository keeps it (nbformat's layout: one-space indent, UTF-8 as is)."""
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def generated(languages: Sequence[str] = tuple(LANGUAGES)) -> Iterator[tuple[Path, str]]:
    """Every page of the languages other than English, with the text it must have."""
    for language in languages:
        if language == DEFAULT:
            continue
        blocks_in = translations(language)
        for english in english_pages():
            yield page_path(english, language), rendered(translated_page(english, language, blocks_in))


def write_pages(languages: Sequence[str] = tuple(LANGUAGES)) -> int:
    """Write every generated page that differs from the one on disk; return how many were written.

    A translator makes only their own language's pages, so two translators never write the same file."""
    written = 0
    for path, text in generated(languages):
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written += 1
    return written

"""The pages of every language are the English pages said in that language: made from them by
``maumau_core.course.translated_pages`` and committed, never edited by hand. These tests fail on drift (an
English page changed without ``python -m maumau_core.course.catalogues pages``), on a page catalogue that lacks a block
or keeps a stale one, and on a translated block that lost a link, a code span or a card."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from maumau_core.course import translated_pages
from maumau_core.course.translated_pages import LANGUAGE_CELL, english_pages, page_path
from maumau_core.i18n import DEFAULT, LANGUAGES, domain_path
from tests.test_languages import STILL_BEING_TRANSLATED

OTHERS = [language for language in LANGUAGES if language != DEFAULT]
#: What a translator keeps as it is: a link's target, a code span, an HTML tag's name.
KEPT = [re.compile(r"\]\(([^)]+)\)"), re.compile(r"`([^`]+)`")]


def _read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _notebook(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def test_the_page_template_lists_exactly_the_blocks_of_the_english_pages() -> None:
    """Fails when a lesson's text changed without ``python -m maumau_core.course.catalogues extract``."""
    ids = {message.id for message in _read(translated_pages.TEMPLATE) if message.id}
    assert ids == {message.id for message in translated_pages.template() if message.id}


@pytest.mark.parametrize("language", OTHERS)
def test_a_page_catalogue_has_every_block_and_no_stale_or_fuzzy_one(language: str) -> None:
    catalog = _read(domain_path(language, translated_pages.DOMAIN))
    template = _read(translated_pages.TEMPLATE)
    assert {m.id for m in catalog if m.id} == {m.id for m in template if m.id}, (
        "run `python -m maumau_core.course.catalogues update`"
    )
    assert [message.id for message in catalog if message.id and message.fuzzy] == []
    if language not in STILL_BEING_TRANSLATED:
        assert [message.id for message in catalog if message.id and not message.string] == []


@pytest.mark.parametrize("language", OTHERS)
def test_a_translated_block_keeps_its_links_and_code_spans(language: str) -> None:
    for message in _read(domain_path(language, translated_pages.DOMAIN)):
        if message.id and message.string:
            for kept in KEPT:
                english, translated = kept.findall(str(message.id)), kept.findall(str(message.string))
                if kept.pattern.startswith(r"\]"):  # a link's words change, its target never
                    assert sorted(english) == sorted(translated), (language, message.id[:60], translated)
                else:
                    assert set(english) <= set(translated) | _translatable_spans(english), (
                        language,
                        message.id[:60],
                        sorted(set(english) - set(translated)),
                    )


def _translatable_spans(spans: list[str]) -> set[str]:
    """Code spans that hold words rather than notation (a quoted call, a menu entry) may be translated."""
    return {span for span in spans if " " in span and not any(ch in span for ch in ":()[]=_")}


@pytest.mark.parametrize("language", OTHERS)
def test_every_generated_page_is_up_to_date(language: str) -> None:
    stale = [
        str(path.relative_to(translated_pages.ROOT))
        for path, text in translated_pages.generated([language])
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run `python -m maumau_core.course.catalogues pages`"


@pytest.mark.parametrize("language", OTHERS)
def test_a_page_in_a_language_has_the_english_page_s_cells_and_code(language: str) -> None:
    for english in english_pages():
        original, translated = _notebook(english), _notebook(page_path(english, language))
        first, *cells = translated["cells"]
        assert first["id"] == LANGUAGE_CELL and f'use("{language}")' in "".join(first["source"])
        assert [cell["id"] for cell in cells] == [cell["id"] for cell in original["cells"]]
        assert [cell["source"] for cell in cells if cell["cell_type"] == "code"] == [
            cell["source"] for cell in original["cells"] if cell["cell_type"] == "code"
        ]


def test_a_translated_heading_keeps_the_english_anchor() -> None:
    said = translated_pages._anchored('## 6 · Calling "Mau!"', "## 6 · Annoncer « Mau ! »")
    assert said == '## 6 · Annoncer « Mau ! » <a id="6-·-Calling-&quot;Mau!&quot;"></a>'
    assert translated_pages._anchored("## Same", "## Same") == "## Same"
    assert translated_pages._anchored("A paragraph.", "Un paragraphe.") == "Un paragraphe."

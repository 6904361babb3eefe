"""Each language says each of the game's terms one way (docs/translating.md, "Words and style").

A language's term list, ``maumau_core/locale/<code>/terms.toml``, names the glossary's English terms and
the forms its catalogue renders each one with. Every message of ``maumau.po`` whose English holds the term
must hold one of those forms, unless the list declares that message an exception (with the reason); the
words a native reader found wrong (``never``) appear in neither of the language's catalogues. So a
translator who writes a second word for a term, or brings a refused word back, sees the test fail.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from maumau_core.i18n import DEFAULT, LANGUAGES, catalogue_path, domain_path

TRANSLATED = [language for language in LANGUAGES if language != DEFAULT]


@dataclass(frozen=True)
class Term:
    """One English term (a regular expression matched as whole words, ignoring case) and its renderings."""

    english: str
    renderings: tuple[str, ...]
    exceptions: frozenset[str]

    def in_english(self, text: str) -> bool:
        return re.search(rf"\b(?:{self.english})\b", text, re.IGNORECASE) is not None

    def rendered_in(self, text: str) -> bool:
        folded = text.casefold()
        return any(form.casefold() in folded for form in self.renderings)


def terms_file(language: str) -> Path:
    return catalogue_path(language).parents[1] / "terms.toml"


def _terms(language: str) -> tuple[list[Term], list[str]]:
    data = tomllib.loads(terms_file(language).read_text(encoding="utf-8"))
    terms = [
        Term(
            entry["english"],
            tuple(entry["renderings"]),
            frozenset(exception["message"] for exception in entry.get("exceptions", ())),
        )
        for entry in data.get("term", ())
    ]
    return terms, list(data.get("never", ()))


def _catalogue(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _pairs(catalog: Catalog) -> Iterator[tuple[str, str]]:
    """(English, translation) of every filled form of every message, each plural form against its id."""
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, translated in enumerate(strings):
            if translated:
                yield str(ids[min(index, len(ids) - 1)]), str(translated)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_has_a_term_list(language: str) -> None:
    terms, _ = _terms(language)
    assert terms, f"{terms_file(language)} lists no term"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_term_is_rendered_one_way_across_the_catalogue(language: str) -> None:
    terms, _ = _terms(language)
    pairs = list(_pairs(_catalogue(catalogue_path(language))))
    english_ids = {english for english, _ in pairs}
    stray = []
    for term in terms:
        assert term.exceptions <= english_ids, f"{term.english!r}: an exception names no message of the catalogue"
        stray += [
            f"{term.english!r} not as {'/'.join(term.renderings)}: {english!r} -> {translated!r}"
            for english, translated in pairs
            if term.in_english(english) and english not in term.exceptions and not term.rendered_in(translated)
        ]
    assert not stray, "\n".join(stray)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_word_a_native_reader_refused_comes_back(language: str) -> None:
    _, never = _terms(language)
    found = []
    for domain in ("maumau", "course"):
        for _english, translated in _pairs(_catalogue(domain_path(language, domain))):
            found += [
                f"{word!r} in {translated!r}"
                for word in never
                if re.search(rf"\b{re.escape(word)}\b", translated, re.IGNORECASE)
            ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_lab_counts_its_deals_and_the_rounds_they_make_in_two_words(language: str) -> None:
    """The lab's slider counts deals and its chart the rounds they make (each deal played from every seat):
    one word for both reads as a contradiction on the page (German had "Runden 150", then "600 Runden")."""
    catalog = _catalogue(catalogue_path(language))
    deals = catalog.get("Deals")
    chart = catalog.get("{tip}: against three greedy bots, {rounds} rounds each")
    assert deals is not None and chart is not None, "the lab's messages changed: name them here again"
    assert str(deals.string).casefold() not in str(chart.string).casefold()


def test_a_term_list_catches_a_second_rendering() -> None:
    """The check itself: a term rendered another way in one message is caught, an exception is not."""
    term = Term("stock", ("pioche",), frozenset({"The stock is empty."}))
    assert term.in_english("Draw from the stock.") and not term.in_english("stocking")
    assert term.rendered_in("Pioche une carte de la pioche.") and not term.rendered_in("Prends au talon.")

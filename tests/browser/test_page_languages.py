"""The course in each of its languages, as a learner meets it in the browser: the course map, a lesson, the
table (with a refused card's reason), the practice page and the Mao page say no English sentence that their
language says otherwise and leave no placeholder unfilled; the page tells screen readers its language; no label
is cut off at 800 px (translations are often longer).

"No English sentence" is checked against the catalogues: every English message (and every sentence of the
pages' text) whose translation differs from it must not be on the page, in its visible text or in the names
and descriptions assistive technology reads (``aria-label``, ``title``, ``placeholder``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from jinja2.utils import htmlsafe_json_dumps
from test_accessibility import CUT_OFF
from test_pages import assert_clean

from conftest import Visit, resized, settled
from maumau_core.course import translated_pages
from maumau_core.i18n import DEFAULT, LANGUAGES, catalogue_path, domain_path
from maumau_core.sentences.server import page_says

OTHERS = [code for code in LANGUAGES if code != DEFAULT]
PAGES = ["00_welcome", "04_sevens_and_jacks", "07_first_round", "10_practice", "13_mao_puzzle"]
HOLE = re.compile(r"\{[A-Za-z_]\w*\}")
#: Everything a learner reads or hears on the page.
SAID = """() => [document.body.innerText, ...Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))
  .flatMap(e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('placeholder')])
  .filter(Boolean)].join('\\n')"""
_MARKUP = re.compile(r"<[^>]+>|\*\*|__|[*_`#>|]")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def _plain(markdown: str) -> str:
    return re.sub(r"\s+", " ", _MARKUP.sub(" ", _LINK.sub(r"\1", markdown))).strip()


def _long_enough(phrase: str, words: int) -> bool:
    return len(phrase.split()) >= words and len(phrase) >= 15


@cache
def english_phrases(language: str) -> tuple[str, ...]:
    """English phrases that must not be on a page in ``language``: each message's words between its
    placeholders (at least three words), and each sentence of the pages' text (at least six), wherever the
    language's catalogue says them differently."""
    phrases: set[str] = set()
    with catalogue_path(language).open("rb") as source:
        for message in read_po(source):
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not message.id or ids[0] == strings[0]:
                continue
            for english in ids:
                phrases |= {
                    part.strip(" .,:;!?")
                    for part in HOLE.split(_plain(str(english)))
                    if _long_enough(part.strip(" .,:;!?"), 3)
                }
    with domain_path(language, translated_pages.DOMAIN).open("rb") as source:
        for message in read_po(source):
            if message.id and message.string != message.id:
                phrases |= {
                    sentence
                    for sentence in re.split(r"(?<=[.!?:])\s+", _plain(str(message.id)))
                    if _long_enough(sentence, 6)
                }
    return tuple(sorted(phrases))


def assert_speaks(seen: Visit, language: str) -> None:
    said = seen.page.evaluate(SAID)
    english = [phrase for phrase in english_phrases(language) if phrase in said]
    assert english == [], f"English on a page in {language}: {english[:8]}"
    assert not HOLE.search(said), HOLE.findall(said)[:5]
    assert seen.page.evaluate("document.documentElement.lang") == language


def assert_fits(seen: Visit) -> None:
    """Translations run longer than English: no label or button is cut off on a tablet. (The pages' markup is
    the English pages', which tests/browser/test_accessibility.py holds to axe.)"""
    resized(seen.page, 800)
    assert not seen.page.evaluate(CUT_OFF), seen.page.evaluate(CUT_OFF)


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("notebook", PAGES)
def test_a_page_speaks_its_language_to_every_learner(visit: Any, language: str, notebook: str) -> None:
    seen = played(visit, language, notebook)
    # the template's own sentences, in the language, as its script holds them (Jinja's tojson)
    assert htmlsafe_json_dumps(page_says("lost", language)) in seen.page.content()


def played(visit: Any, language: str, notebook: str) -> Visit:
    """``notebook`` in ``language`` opened (on the table, a refused card), then held to its language and to a
    tablet's width; the visit, for the checks of the delivery that served it."""
    seen = visit(f"{language}/{notebook}")
    page = seen.page
    settled(page)  # every widget of the page is drawn
    if notebook == "07_first_round":  # a new match, then a card that may not be played: the refusal's reason
        page.locator(".mm-new-match").click()
        page.wait_for_selector(".mm-hand .mm-card-button[aria-label]")
        refused = page.locator(".mm-hand .mm-card-button:not(.mm-playable)")
        if refused.count():
            before = page.locator(".mm-message-box").inner_text()
            refused.first.click()
            page.wait_for_function("b => document.querySelector('.mm-message-box').innerText !== b", arg=before)
            assert page.locator(".mm-message-box .mm-bad").count() == 1
    seen.screenshot(f"{language}-{notebook}")
    assert_clean(seen)
    assert_speaks(seen, language)
    assert_fits(seen)
    return seen

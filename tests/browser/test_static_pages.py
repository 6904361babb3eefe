"""The static site's pages in headless chromium, each visited as a learner opens it (static_host.py: the site as
the README's command builds it, a plain static server, a browser in which no other host resolves).

A page visit costs ~5-10 s here (Pyodide starts in each page; docs/static-site.md has the figures), so as on
the served course every English page is visited, with axe, and one page of each other language;
test_static_site.py draws every page of the other languages, for axe, inside one open page (drawn_in_place.py),
instead of a visit each (95 visits would take the run past its 10 minutes); ``make test-every-static-page``
visits them all. This file and that one run side by side, in two workers, on the one site built for the run.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import test_accessibility
import test_page_languages
import test_pages
from static_host import SETTINGS, learner, server, site, visit  # noqa: F401 - the site's fixtures
from test_accessibility import axe_clean

from conftest import settled
from maumau_core import i18n
from maumau_core.sentences.server import page_says
from maumau_core.site import build as site_build


@pytest.mark.parametrize("notebook", test_pages.NOTEBOOKS)
def test_every_page_opens_cleanly_and_is_clean_for_axe(visit: Any, notebook: str) -> None:
    """The served course's check of each English page, on its static page: no error, no code showing, axe
    clean, its questions answered wrong and right. (The other languages' pages are drawn for axe in one page in
    test_static_site.py, and one page of each is visited next.)"""
    test_accessibility.test_every_page_opens_cleanly_and_has_no_accessibility_violation(visit, notebook)


#: One page of each other language, each a different kind of page (the keyboard test visits a French table).
SPOKEN = {"de": "04_sevens_and_jacks", "fr": "10_practice", "it": "13_mao_puzzle", "ro": "00_welcome"}


@pytest.mark.parametrize(("language", "notebook"), [(code, SPOKEN[code]) for code in test_page_languages.OTHERS])
def test_a_page_of_each_language_speaks_it_and_is_clean_for_axe(visit: Any, language: str, notebook: str) -> None:
    """The served course's language check of a page, on its static page, and axe; the template's sentences in
    the language, as the build wrote them into the page's notebook (no server fills them in)."""
    seen = test_page_languages.played(visit, language, notebook)
    axe_clean(seen)
    settings = SETTINGS.search(seen.page.content())
    assert settings
    says = json.loads(settings.group(1))["notebookSrc"]["metadata"]["maumau"]["says"]
    assert says == {name: page_says(name, language) for name in site_build.PAGE_SENTENCES}
    assert says["broken"] != page_says("broken", i18n.DEFAULT)  # in the page's language, not English


#: Every page of every language, as ``visit`` names them (``fr/07_first_round``).
EVERY_PAGE = [
    name if code == i18n.DEFAULT else f"{code}/{name}" for code in i18n.LANGUAGES for name in test_pages.NOTEBOOKS
]


@pytest.mark.every_static_page
@pytest.mark.parametrize("page", EVERY_PAGE)
def test_each_page_of_every_language_opens_cleanly_and_is_clean_for_axe(visit: Any, page: str) -> None:
    """``make test-every-static-page``: each of the 95 pages drawn with no error, no code showing, axe clean."""
    seen = visit(page)
    settled(seen.page)
    test_accessibility.opened_cleanly(seen)

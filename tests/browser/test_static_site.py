"""The static site in headless chromium: built once by the README's command (``maumau-course site``), served by
a plain static file server, every request to any other host refused.

The browser here is one learner's: one profile (its disk cache and its IndexedDB, where the site keeps
progress) for the whole file, as a learner's browser keeps them between visits. Chromium resolves no host but
the loopback one, and every request that is not to the site's server is recorded, so a page that tried to
fetch anything from elsewhere fails its test. The served course's tests are reused where the page is the same
(one course, two deliveries): they take a ``visit`` and this file hands them the static site's.

test_static_pages.py visits every English page and one page of each other language; this file holds every page
of every language to its notebook and its files in its HTML, plays what a learner does on the pages (a round,
progress kept and moved, a Mao law, a lab experiment), and draws every page of the other languages inside one
open page, by its Pyodide, for axe (drawn_in_place.py; a visit each would take the run past its ten minutes).
The fixtures and the static server are static_host.py's, shared with test_static_pages.py.
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import drawn_in_place
import test_accessibility
import test_keyboard
import test_lab_pages
import test_mao_pages
import test_page_languages
import test_pages
from drawn_in_place import run_in_kernel
from playwright.sync_api import Browser, BrowserContext, Page
from static_host import (  # noqa: F401 - learner, server, site, visit: fixtures
    SETTINGS,
    StaticServer,
    StaticVisit,
    learner,
    learners_browser,
    server,
    site,
    visit,
)
from test_accessibility import axe_clean
from test_pages import assert_clean, wait_text

from conftest import settled
from maumau_core import i18n
from maumau_core.course import progress
from maumau_core.delivery import STATIC
from maumau_core.sentences.server import page_says
from maumau_core.site import build as site_build
from maumau_core.site import starter as site_starter


def test_every_page_of_every_language_is_built_and_names_no_other_host(site: Path) -> None:
    """Every page's HTML: nothing from another host, every file it links there, and its own settings carrying
    its own lesson, its language on its ``<html>`` before any script runs, and the template's sentences in its
    language (the tests visit a few pages and draw the others inside one; this holds the rest of each page,
    its own start, to what those visits had)."""
    notebooks = list(site_build.pages(site_build.notebooks()))
    assert len(notebooks) >= 19 * 5
    for notebook in notebooks:
        relative = notebook.relative_to(site_build.notebooks()).with_suffix(".html")
        path = site / "voici" / "render" / relative
        page = path.read_text(encoding="utf-8")
        assert not re.findall(r"<(?:script|link|img)[^>]+(?:src|href)=[\"']https?://", page), relative
        assert "cdnjs" not in page  # nbconvert's mermaid loader is left out by the course's template
        for linked in re.findall(r"<(?:script|link)[^>]+(?:src|href)=\"([^\":]+)\"", page):
            assert (path.parent / linked).is_file(), (relative, linked)
        settings = SETTINGS.search(page)
        assert settings, f"{relative} has no settings: its front end cannot start"
        source = json.loads(settings.group(1))["notebookSrc"]
        lesson = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        cells = source["cells"]
        assert ["".join(cell["source"]) for cell in cells] == ["".join(cell["source"]) for cell in lesson], relative
        language = relative.parts[0] if relative.parts[0] in i18n.LANGUAGES else i18n.DEFAULT
        assert f'<html lang="{language}">' in page, relative  # before any script runs
        says = {name: page_says(name, language) for name in site_build.PAGE_SENTENCES}
        assert source["metadata"]["maumau"]["says"] == says, relative  # the template's sentences, in its language
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    files = {entry["file_name"] for entry in lock["packages"].values()}
    assert files == {path.name for path in (site / "static" / "pyodide").glob("*.whl")}
    assert "maumau-course" in lock["packages"] and "numpy" not in lock["packages"]
    assert "00_welcome.html" in (site / "index.html").read_text()


def test_the_pyodide_folder_is_compiled_for_the_pages_and_its_lock_is_true(site: Path) -> None:
    """The modules a page imports are compiled (source replaced, each naming the file a page has it as, not where
    the build compiled it), one it never imports is left as source (IPython's terminal, which the site's kernel
    is spared, among them), the lexers no page reaches are left out, the lock's hashes are those of the
    rewritten files, the kernel's own wheels are loaded with the rest, and the kernel starts Pyodide by the
    course's starter."""
    folder = site / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        assert hashlib.sha256((folder / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"], entry
    (ipython,) = folder.glob("ipython-*.whl")
    (lexers,) = folder.glob("pygments-*.whl")
    (parser,) = folder.glob("lark-*.whl")
    with zipfile.ZipFile(ipython) as kernel, zipfile.ZipFile(lexers) as unused, zipfile.ZipFile(parser) as lark:
        assert "IPython/core/interactiveshell.pyc" in kernel.namelist()
        shell = kernel.read("IPython/core/interactiveshell.pyc")  # its tracebacks name where a page has it
        assert b"/lib/python3.13/site-packages/IPython/core/interactiveshell.py" in shell and b"/tree/" not in shell
        assert "IPython/core/interactiveshell.py" not in kernel.namelist()
        assert "IPython/lib/lexers.py" in kernel.namelist()  # IPython's own lexers: no page highlights code
        assert "IPython/terminal/embed.py" in kernel.namelist()  # the kernel is spared IPython's terminal
        assert "pygments/lexers/python.pyc" in unused.namelist()  # IPython's kernel imports it
        assert not {"pygments/lexers/haskell.py", "pygments/lexers/haskell.pyc"} & set(unused.namelist())
        assert "lark/parsers/lalr_parser.pyc" in lark.namelist()  # imported only when a law is read
    (course,) = folder.glob("maumau_course-*.whl")
    with zipfile.ZipFile(course) as library:
        catalogues = {name for name in library.namelist() if name.endswith(".po")}
        # the library's sentences in every other language; the pages' text catalogues stay with the maintainers
        others = set(i18n.LANGUAGES) - {i18n.DEFAULT}
        assert catalogues == {f"maumau_core/locale/{code}/LC_MESSAGES/maumau.po" for code in others}
    (terminal,) = folder.glob("prompt_toolkit-*.whl")
    with zipfile.ZipFile(terminal) as stand_in:
        assert all(".dist-info/" in name for name in stand_in.namelist())  # an empty stand-in
    assert not list(folder.glob("wcwidth-*.whl"))  # which only prompt_toolkit needed
    with zipfile.ZipFile(folder / "python_stdlib.zip") as library:
        # tarfile: Pyodide's package loader imports it for every wheel a page loads
        assert {"json/__init__.pyc", "asyncio/events.pyc", "tarfile.pyc"} <= set(library.namelist())
        assert "json/__init__.py" not in library.namelist()
        assert b"/lib/python313.zip/json/__init__.py" in library.read("json/__init__.pyc")
    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel_settings = settings[site_build.KERNEL_SETTINGS]
    assert kernel_settings["pyodideUrl"] == f"./static/pyodide/{site_starter.STARTER}"
    assert (folder / site_starter.STARTER).is_file()
    for name in ("pyodide_kernel", "piplite", "ipykernel"):
        assert name in kernel_settings["loadPyodideOptions"]["packages"]
        assert name.replace("_", "-") in lock["packages"]


def keeping(visit: Callable[..., StaticVisit], seen: list[StaticVisit]) -> Callable[..., StaticVisit]:
    """``visit``, keeping each visit in ``seen``: for a served test reused here, so the page can be checked
    further afterwards."""

    def kept(*where: Any, **how: Any) -> StaticVisit:
        seen.append(visit(*where, **how))
        return seen[-1]

    return kept


def test_a_full_round_by_mouse_to_its_end_and_a_check_answered_wrong_then_right(visit: Any) -> None:
    """One round against the bots, played by clicks to its end (the served test plays on until it has used a
    jack, a draw and a call: the same table, so one round suffices here), then the page's check."""
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    page.click(".mm-new-match")
    page.wait_for_selector(".mm-hand .mm-card-button")
    did: set[str] = set()
    for _move in range(400):
        if page.locator(".mm-next-round").is_visible():
            break
        if page.locator(".mm-draw").is_disabled():  # the bots' turn: wait for the learner's, or the round's end
            page.locator(".mm-draw:enabled, .mm-next-round:visible").first.wait_for()
            continue
        test_pages._my_move(page, did)
    assert re.search(r"won the round|void", page.locator(".mm-message-box").inner_text()), did
    test_pages.answer_checks(seen, "07_first_round")
    assert_clean(seen)
    axe_clean(seen)


def test_a_full_round_by_keyboard_alone(visit: Any) -> None:
    seen: list[StaticVisit] = []
    test_keyboard.test_a_full_round_of_classic_is_played_with_the_keyboard_alone(keeping(visit, seen), "fr")
    axe_clean(seen[0])


def upload(page: Any, file: Path, answer: str) -> str:
    """Give the course map's upload button ``file`` (as the learner's file chooser would); its sentence."""
    with page.expect_file_chooser() as chooser:
        page.click(".mm-progress-upload")
    chooser.value.set_files(str(file))
    return wait_text(page, ".mm-progress-file-feedback", answer)


def test_progress_is_kept_in_the_browser_downloaded_and_uploaded_again(
    server: StaticServer, visit: Any, tmp_path: Path
) -> None:
    """Progress lives in the browser (the drive, in IndexedDB): a page opened afterwards, a new Pyodide, reads
    what an earlier one saved (nothing earlier in this file answers lesson 04's checks). The file downloaded
    from the course map brings it back after a reset; a file that is no progress file is refused in one
    sentence and changes nothing."""
    lesson = visit("04_sevens_and_jacks", ready=".mm-quiz")
    assert test_pages.answer_quiz(lesson.page, 1, "9♣").startswith("Right!")
    course_map = visit("00_welcome", ready=".mm-progress", address=server.url)
    page = course_map.page
    assert page.url.endswith("/voici/render/00_welcome.html")
    wait_text(page, ".mm-progress", r"The 7 and the jack\s+1 of 2")
    with page.expect_download() as download:
        page.click(".mm-progress-download")
    saved = tmp_path / "maumau-progress.json"
    download.value.save_as(saved)
    checks = json.loads(saved.read_text())["checks"]
    assert any(check.startswith("04_sevens_and_jacks:") for check in checks)
    page.click(".mm-progress-reset")
    page.click(".mm-progress-confirm")
    wait_text(page, ".mm-progress", r"The 7 and the jack\s+0 of 2")
    taken = upload(page, saved, r"Taken in from the file")
    assert f"{len(checks)} lesson check" in taken  # this page's and any an earlier test of this learner answered
    wait_text(page, ".mm-progress", r"The 7 and the jack\s+1 of 2")
    (tmp_path / "notes.json").write_text("these are my notes, not JSON")
    assert "nothing was taken in" in upload(page, tmp_path / "notes.json", r"not a progress file")
    wait_text(page, ".mm-progress", r"The 7 and the jack\s+1 of 2")
    assert_clean(course_map)
    axe_clean(course_map)


def test_a_mao_law_guessed_wrong_then_right_on_the_learners_honour(visit: Any) -> None:
    """The served test's round, guesses (wrong, with its counter-example, then right) and detective, on a page
    that says the law lives in this browser."""
    seen: list[StaticVisit] = []
    test_mao_pages.test_a_round_under_a_secret_law_guessing_and_the_detective(keeping(visit, seen))
    assert seen[0].page.inner_text(".mm-law-note") == STATIC.law_note
    axe_clean(seen[0])


#: A school's web space without https: a host name that is not the learner's own machine, over plain http, where
#: a browser runs no service worker for the page (so the page's Python gets no drive).
PLAIN_HOST = "school.test"


def test_a_site_on_plain_http_still_runs_and_says_progress_cannot_be_kept(
    server: StaticServer, browser: Browser, tmp_path: Path
) -> None:
    """Without a service worker the page still starts (JupyterLite's app waited forever for one:
    maumau_core/site/starter.py), its Python started early as anywhere; the progress box says in the page's
    language that progress cannot be kept in this browser and offers the download; the page's widgets answer;
    nothing asks the host for the drive."""
    here = f"{PLAIN_HOST}:{urlparse(server.url).port}"
    context = learners_browser(browser, tmp_path / "profile", f"MAP {PLAIN_HOST} 127.0.0.1")
    try:
        seen = StaticVisit(context.new_page(), here)
        seen.drawn(f"http://{here}/voici/render/fr/00_welcome.html", ".mm-progress", "failed-plain-http", 90_000)
        page = seen.page
        assert page.evaluate("window.isSecureContext") is False
        with i18n.speaking("fr"):
            assert page.inner_text(".mm-progress").startswith(i18n._(progress.NOT_KEPT_IN_BROWSER))
        assert page.locator(".mm-progress-download").count() == 1
        dealt = "document.querySelector('.mm-deal').closest('.widget-vbox').innerText"
        before = page.evaluate(dealt)
        page.click(".mm-deal")  # the next deal is drawn: the kernel answers
        page.wait_for_function(f"before => {dealt} !== before", arg=before)
        seen.errors.remove("undefined")  # Voici logs the registration JupyterLite gave up on: that one only
        assert_clean(seen)
        seen.stayed_home()
        assert not server.failures, server.failures
    finally:
        context.close()


def test_a_file_the_host_lost_is_said_in_one_sentence_and_the_page_still_works(
    site: Path, learner: BrowserContext
) -> None:
    """A host that lost a style sheet every page links and the wheel the Mao pages import: the page says so
    once, in its language (the template for the sheet, the kernel for the module), shows no traceback, and
    what does not need them still works."""
    sheet = next((site / "voici" / "shared").glob("*.css")).name
    broken = StaticServer(site, lost=(sheet, "lark-1.3.1-py3-none-any.whl"))
    page = learner.new_page()
    try:
        page.goto(f"{broken.url}/voici/render/fr/13_mao_puzzle.html")
        page.wait_for_selector("#mm-broken", state="visible", timeout=90_000)
        with i18n.speaking("fr"):
            assert page.inner_text("#mm-broken").startswith(page_says("broken", "fr"))
        page.wait_for_selector(".mm-page-broken", state="visible", timeout=90_000)
        page.wait_for_selector(".jupyter-widgets", state="visible")  # the notation's examples need no parser
        assert "Traceback" not in page.inner_text("body")
        assert any(sheet in failure for failure in broken.failures)
    finally:
        page.close()
        broken.httpd.shutdown()


#: How the page's Python was started: the starter took the drive off the import path, and the kernel's and the
#: course's modules were imported compiled (``maumau_core.site.byte_compile``), not compiled in the page.
STARTED = """
import json, sys, IPython.core.interactiveshell, maumau_core.delivery
print(json.dumps({
    "working folder on the path": "" in sys.path,
    "kernel compiled": IPython.core.interactiveshell.__file__.endswith(".pyc"),
    "course compiled": maumau_core.delivery.__file__.endswith(".pyc"),
}))
"""


#: The modules the page's Python compiled itself, from source (none should be: all were compiled at build time;
#: the interpreter's frozen start-up modules name a source but are not compiled from it).
COMPILED_IN_THE_PAGE = """
import sys
print(" ".join(sorted(
    name for name, module in list(sys.modules.items())
    if (getattr(module, "__file__", None) or "").endswith(".py") and getattr(module.__spec__, "origin", "") != "frozen"
)))
"""


def test_a_lab_experiment_draws_its_chart(visit: Any) -> None:
    """The lab page's experiment on the round engine, its chart drawn by the library (SVG), and axe."""
    seen: list[StaticVisit] = []
    test_lab_pages.test_predict_simulate_and_read_the_verdict(keeping(visit, seen))
    axe_clean(seen[0])


#: The page visited for the pages drawn in place, itself drawn in place first, to be held to its own visit.
HOST = "ro/09_house_rules"
#: Every page of every other language (each English page has a visit of its own in test_static_pages.py).
DRAWN_IN_PLACE = [f"{code}/{name}" for code in test_page_languages.OTHERS for name in test_pages.NOTEBOOKS]


def findings(page: Page) -> tuple[dict[str, int], int]:
    """Every rule axe-core finds broken on the page, of any impact, with its number of nodes; and the number
    of widgets drawn."""
    rules = test_accessibility.axe_results(page)["violations"]
    return {rule["id"]: len(rule["nodes"]) for rule in rules}, page.locator(".jupyter-widgets").count()


def test_every_page_of_every_language_drawn_in_one_pages_python_is_clean_for_axe(
    server: StaticServer, visit: Any
) -> None:
    """Each page of the other languages drawn in place in one open page (drawn_in_place.py: its text from its
    HTML, its widgets by running its notebook from the site's drive, in that page's Pyodide): no error, nothing
    printed, widgets drawn, no code showing, axe clean, and its language: on its ``<html>``, and no English
    sentence the catalogues translate. The open page drawn in place again gives what its own visit gave (the
    same widgets, the same axe findings of every impact). Then: the page's Python was started by the site's
    starter and compiled nothing of its own, all those pages run."""
    seen = visit(HOST)
    page = seen.page
    settled(page)
    visited = findings(page)
    run_in_kernel(page, drawn_in_place.DRAWER)
    wrong: dict[str, str] = {}
    for name in [HOST, *(other for other in DRAWN_IN_PLACE if other != HOST)]:
        drawn = drawn_in_place.draw_in_place(page, server.url, name)
        settled(page)
        try:
            assert drawn["wrong"] is None, drawn["wrong"]
            assert any("widget" in shown for cell in drawn["outputs"].values() for shown in cell), "no widgets"
            test_accessibility.opened_cleanly(seen)
            test_page_languages.assert_speaks(seen, name.split("/")[0])  # its <html lang> among them
            if name == HOST:
                assert findings(page) == visited, "drawn in place, it is not what its visit drew"
        except AssertionError as failure:
            wrong[name] = str(failure).splitlines()[0]
            seen.errors.clear()
            seen.screenshot(f"drawn-in-place-{name.replace('/', '-')}")
    assert not wrong, wrong
    started = run_in_kernel(page, STARTED)
    assert json.loads(started) == {
        "working folder on the path": False,
        "kernel compiled": True,
        "course compiled": True,
    }
    assert run_in_kernel(page, COMPILED_IN_THE_PAGE).split() == []

"""One Voilà server shared by a class (``maumau-course serve --shared``): each browser keeps its own
progress. Learner A answers the course map's check; learner B, in another browser on the same server, sees
none of it; A sees it again after a reload. The learner key is a cookie the page's scripts cannot read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from test_classroom import COURSE_MAP_ROW
from test_pages import answer_quiz, assert_clean, wait_text

from conftest import Visit, Voila
from maumau_core.course import learner


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Voila, Path]]:
    data = tmp_path_factory.mktemp("shared-data")
    server = Voila("--shared", env={"MAUMAU_PROGRESS": "", "XDG_DATA_HOME": str(data)}, log_name="voila-shared.log")
    yield server, data
    server.stop()


def course_map(browser: Browser, server: Voila) -> Visit:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    seen = Visit(page)
    page.goto(f"{server.url}/voila/render/00_welcome.ipynb")
    page.wait_for_selector(".mm-progress", state="visible", timeout=90_000)
    return seen


def test_each_browser_on_a_shared_server_keeps_its_own_progress(shared: tuple[Voila, Path], browser: Browser) -> None:
    server, data = shared
    a = course_map(browser, server)
    wait_text(a.page, ".mm-progress", COURSE_MAP_ROW.format(0))
    assert answer_quiz(a.page, 0, "its rank or its suit").startswith("Right!")
    [cookie] = [c for c in a.page.context.cookies() if c["name"] == learner.COOKIE]
    assert cookie["httpOnly"] and learner.valid_key(cookie["value"])
    assert a.page.evaluate("document.cookie").find(learner.COOKIE) == -1

    b = course_map(browser, server)
    wait_text(b.page, ".mm-progress", COURSE_MAP_ROW.format(0))
    assert_clean(b)

    a.page.reload()
    wait_text(a.page, ".mm-progress", COURSE_MAP_ROW.format(1), seconds=60)
    assert_clean(a)
    [file] = (data / "maumau-course" / "learners").glob("*.json")  # A's; B saved nothing
    assert cookie["value"] not in file.name and "00_welcome:matching" in file.read_text()
    for seen in (a, b):
        seen.page.context.close()

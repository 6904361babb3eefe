"""The course as a class on JupyterHub (``deploy/jupyterhub/``), in headless chromium.

A hub is started on free loopback ports with a classroom folder of its own; two learners log in (each
gets a server of their own, opened on the course map); what learner A answers is saved in A's progress
only: B's course map does not show it, A's does after a reload; the teacher's class report shows A's
progress and B's empty record, and a learner cannot open it. The hub is installed by the same make
target the teacher uses (``make classroom-install``: once, then reused); the test is skipped only if
that install fails (no PyPI or npm), with its output as the reason.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from test_pages import answer_quiz, assert_clean, wait_text
from test_practice_page import FEEDBACK, pick, questions

from conftest import ROOT, Server, Visit, free_port

HUB_DIR = ROOT / "deploy" / "jupyterhub"
VENV = Path(sys.executable).parent.parent
LEARNER_PASSWORD = "learners-password"
TEACHER_PASSWORD = "the-teachers-password-is-32-or-more-characters"
COURSE_MAP_ROW = r"learn the game by playing it\s+{} of 1"  # the course map's own check, in the progress panel


class Hub(Server):
    """The classroom hub on free ports, its state and the learners' homes in ``classroom``."""

    def __init__(self, classroom: Path) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = {
            "MAUMAU_CLASSROOM_DIR": str(classroom),
            "MAUMAU_HUB_PORT": str(port),
            "MAUMAU_HUB_API_PORT": str(free_port()),
            "MAUMAU_PROXY_API_PORT": str(free_port()),
            "MAUMAU_REPORT_PORT": str(free_port()),
            "MAUMAU_CLASS_LEARNERS": "learner-a learner-b",
            "MAUMAU_CLASS_TEACHERS": "teacher",
            "MAUMAU_CLASS_PASSWORD": LEARNER_PASSWORD,
            "MAUMAU_TEACHER_PASSWORD": TEACHER_PASSWORD,
        }
        super().__init__(
            [str(VENV / "bin" / "jupyterhub"), "-f", str(HUB_DIR / "jupyterhub_config.py")],
            "classroom-hub.log",
            self.url + "/hub/api",
            env,
        )


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    install = subprocess.run(
        ["make", "-f", str(HUB_DIR / "classroom.mk"), "classroom-install", f"VENV={VENV}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if install.returncode != 0:
        pytest.skip(f"JupyterHub or its proxy could not be installed: {(install.stdout + install.stderr)[-600:]}")
    server = Hub(tmp_path_factory.mktemp("classroom"))
    yield server
    server.stop()


def log_in(browser: Browser, hub: Hub, name: str, password: str, then: str = "") -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{hub.url}/hub/login" + (f"?next={then}" if then else ""))
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")
    return context, page


def open_course_map(browser: Browser, hub: Hub, name: str) -> tuple[BrowserContext, Visit]:
    """Log in as a learner: the hub starts their server, which opens on the course map."""
    context, page = log_in(browser, hub, name, LEARNER_PASSWORD)
    seen = Visit(page)
    page.wait_for_selector(".mm-progress", state="visible", timeout=90_000)
    assert page.url.endswith(f"/user/{name}/voila/render/notebooks/00_welcome.ipynb"), page.url
    return context, seen


def test_each_learner_sees_only_their_own_progress_and_the_teacher_sees_all(hub: Hub, browser: Browser) -> None:
    context_a, course_map_a = open_course_map(browser, hub, "learner-a")
    page_a = course_map_a.page
    wait_text(page_a, ".mm-progress", COURSE_MAP_ROW.format(0))
    assert answer_quiz(page_a, 0, "its rank or its suit").startswith("Right!")
    page_a.goto(f"{hub.url}/user/learner-a/voila/render/notebooks/10_practice.ipynb")
    page_a.wait_for_selector(".mm-practice-check", state="visible", timeout=60_000)
    first = questions("playable", 1)[0]
    assert first.round is not None
    pick(page_a, first.round.playable_cards())
    page_a.click(".mm-practice-check")
    wait_text(page_a, FEEDBACK, r"^Right! Playable")

    context_b, course_map_b = open_course_map(browser, hub, "learner-b")
    text_b = wait_text(course_map_b.page, ".mm-progress", COURSE_MAP_ROW.format(0))
    assert re.search(r"May I play it\?\s+streak 0\s+best 0", text_b), text_b
    course_map_b.screenshot("classroom-learner-b-course-map")
    assert_clean(course_map_b)

    page_a.goto(f"{hub.url}/user/learner-a/voila/render/notebooks/00_welcome.ipynb")
    text_a = wait_text(page_a, ".mm-progress", COURSE_MAP_ROW.format(1), seconds=60)
    assert re.search(r"May I play it\?\s+streak 1\s+best 1", text_a), text_a
    course_map_a.screenshot("classroom-learner-a-course-map")

    refused = course_map_b.page.goto(f"{hub.url}/services/class-report/")
    assert refused is not None and refused.status == 403
    # a learner's own server offers no terminal (a shell on the class's machine) and no language servers
    for api in ("api/terminals", "lsp/status"):
        answer = context_b.request.get(f"{hub.url}/user/learner-b/{api}")
        assert answer.status == 404, (api, answer.status)
    assert context_b.request.get(f"{hub.url}/user/learner-b/api/status").status == 200  # while its API answers
    assert "learner-a" not in course_map_b.page.inner_text("body")

    context_t, report = log_in(browser, hub, "teacher", TEACHER_PASSWORD, then="/services/class-report/")
    report.wait_for_selector("table.class-report")
    row_a = report.inner_text("tr[data-learner='learner-a']")
    row_b = report.inner_text("tr[data-learner='learner-b']")
    assert re.search(r"learner-a\s+0 of \d+\s+1 of \d+\s+0 of \d+\s+May I play it\? 1$", row_a.strip()), row_a
    assert re.search(r"learner-b\s+0 of \d+\s+0 of \d+\s+0 of \d+\s+none yet$", row_b.strip()), row_b
    assert report.locator("tr[data-learner='teacher']").count() == 0
    Visit(report).screenshot("classroom-teacher-report")
    # the hub's services (the idle culler, the report) and the learners' servers ran without an error
    log = hub.log_path.read_text()
    assert "exited with status" not in log and "Traceback" not in log, log[-2000:]
    assert "200 GET /hub/api/users?state=[secret] (idle-culler@" in log  # the culler may read what it culls
    for context in (context_a, context_b, context_t):
        context.close()

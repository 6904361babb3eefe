"""The README's second command, ``make lab``: JupyterLab opens the lessons and the code exercises, the
explanations beside the code that drives them, and the widgets work there as on the web page.

JupyterLab is started through ``make lab`` itself (with a port, a token and no browser), on copies of
``notebooks/`` and ``exercises/`` in a temporary folder, so that JupyterLab's autosave can never write
outputs into the course's own files.
"""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, Server, Visit, free_port


class Lab(Server):
    """JupyterLab started by ``make lab`` on a free loopback port with a known token."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.token = secrets.token_hex(16)
        lab_args = (
            f"--port={self.port} --no-browser --IdentityProvider.token={self.token} "
            f"--LabApp.workspaces_dir={folder / 'workspaces'}"
        )
        super().__init__(
            ["make", "-s", "lab", f"LAB_DIR={folder}", f"LAB_ARGS={lab_args}"], "jupyterlab.log", self.url("api/status")
        )

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}?token={self.token}"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    folder = tmp_path_factory.mktemp("lab")
    for name in ("notebooks", "exercises"):
        shutil.copytree(ROOT / name, folder / name)
    server = Lab(folder)
    yield server
    server.stop()


def run_all_cells(lab: Lab, browser: Any, notebook: str) -> Visit:
    """Open a notebook in JupyterLab (``reset``: no tabs restored from an earlier visit, so the status bar
    speaks of this notebook's kernel), wait for its kernel, and run every cell from the Run menu."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    seen = Visit(page)
    page.goto(lab.url(f"lab/tree/{notebook}") + "&reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for()  # the kernel has started and connected
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    return seen


def wait_for_output(seen: Visit, selector: str, name: str) -> None:
    """Wait for an output; if it never comes, keep a screenshot of what JupyterLab shows instead."""
    try:
        seen.page.wait_for_selector(selector)
    except Exception:
        seen.screenshot(f"failed-{name}")
        raise


def test_a_lesson_shows_its_explanations_beside_the_code_and_its_widgets_work(lab: Lab, browser: Any) -> None:
    seen = run_all_cells(lab, browser, "notebooks/07_first_round.ipynb")
    page = seen.page
    wait_for_output(seen, ".jp-OutputArea .mm-new-match", "jupyterlab-07_first_round")
    assert page.locator(".jp-MarkdownCell").count() >= 2
    assert "PlayTable" in page.inner_text(".jp-Notebook")  # the code that drives the table is shown
    page.click(".jp-OutputArea .mm-new-match")
    page.wait_for_selector(".jp-OutputArea .mm-hand .mm-card-button")
    assert page.locator(".jp-OutputArea .jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    seen.screenshot("jupyterlab-07_first_round")
    assert not seen.errors, seen.errors
    page.context.close()


def test_a_code_exercise_runs_and_its_check_answers(lab: Lab, browser: Any) -> None:
    seen = run_all_cells(lab, browser, "exercises/01_cards_and_matching.ipynb")
    page = seen.page
    wait_for_output(seen, ".jp-OutputArea :text('Not attempted yet')", "jupyterlab-exercise-01")
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    seen.screenshot("jupyterlab-exercise-01")
    page.context.close()

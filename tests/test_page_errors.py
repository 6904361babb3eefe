"""A failing lesson cell on the static site shows one sentence in the page's language, not a traceback; a
served course and JupyterLab keep IPython's traceback."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from maumau_core import delivery, i18n
from maumau_core.sentences.server import page_says
from maumau_core.widgets import page_errors


@pytest.fixture()
def shell(monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    monkeypatch.setattr("IPython.get_ipython", lambda: made)
    made = InteractiveShell()
    yield made
    made.set_custom_exc((), None)
    InteractiveShell.clear_instance()


@pytest.fixture()
def on(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield
    delivery.current.cache_clear()


def run_failing_cell(shell: InteractiveShell) -> str:
    """What the cell shows: its printed output and the HTML it displays (as a page would draw it)."""
    with capture_output() as captured:
        shell.run_cell("import a_module_the_site_lost")
    shown = [html.unescape(output.data.get("text/html", "")) for output in captured.outputs]
    return captured.stdout + captured.stderr + "".join(shown)


@pytest.mark.parametrize("language", ["en", "fr", "ro"])
def test_a_failing_cell_on_the_static_site_says_one_sentence(shell, monkeypatch, on, language) -> None:
    monkeypatch.setenv(delivery.CHOICE, "static")
    delivery.current.cache_clear()
    page_errors.install()
    with i18n.speaking(language):
        shown = run_failing_cell(shell)
        assert page_says("broken", language) in shown
    assert "Traceback" not in shown and "a_module_the_site_lost" not in shown


def test_a_served_course_keeps_the_traceback(shell, monkeypatch, on) -> None:
    monkeypatch.setenv(delivery.CHOICE, "served")
    delivery.current.cache_clear()
    page_errors.install()
    shown = run_failing_cell(shell)
    assert "a_module_the_site_lost" in shown and page_says("broken", "en") not in shown

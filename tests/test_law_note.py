"""The Mao table says plainly where its secret law is kept: on a served course in the server's kernel, on the
static site in the learner's own browser (``delivery.law_note``); and on a served course the law still
reaches the browser only once it is earned."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from maumau_core import LIBRARY, delivery
from maumau_core.course.progress import Progress
from maumau_core.i18n import _
from maumau_core.widgets import MaoTable


@pytest.fixture
def choose(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Pick a delivery by ``MAUMAU_DELIVERY`` (None: by the platform, served here); the cached choice is
    cleared before and after, so no other test sees this one's."""

    def pick(name: str | None) -> None:
        if name is None:
            monkeypatch.delenv(delivery.CHOICE, raising=False)
        else:
            monkeypatch.setenv(delivery.CHOICE, name)
        delivery.current.cache_clear()

    yield pick
    monkeypatch.undo()
    delivery.current.cache_clear()


def widgets_in(root: Any) -> Iterator[Any]:
    yield root
    for child in getattr(root, "children", ()):
        yield from widgets_in(child)


def notes_on(table: MaoTable) -> list[str]:
    return [
        widget.value
        for widget in widgets_in(table.widget)
        if isinstance(widget, w.HTML) and "mm-law-note" in widget.value
    ]


def test_a_served_course_says_the_law_stays_on_the_server(choose: Any, tmp_path: Path) -> None:
    choose(None)
    notes = notes_on(MaoTable(progress=Progress.load(tmp_path / "progress.json")))
    assert len(notes) == 1 and escape(_(delivery.SERVED.law_note)) in notes[0]
    assert "when the round is over" in notes[0] and "honour" not in notes[0]


def test_the_static_site_says_the_law_is_in_the_browser_and_played_on_honour(choose: Any, tmp_path: Path) -> None:
    choose("static")
    table = MaoTable(progress=Progress.load(tmp_path / "progress.json"))
    notes = notes_on(table)
    assert len(notes) == 1 and escape(_(delivery.STATIC.law_note)) in notes[0]
    assert "your own browser" in notes[0] and "round is over" not in notes[0]
    assert table.widget.children[0].value == notes[0]  # the first line of the table


def test_on_a_served_course_the_law_reaches_the_browser_only_at_the_reveal(choose: Any, tmp_path: Path) -> None:
    """Everything the kernel would send to the page (every widget's state), after a deal, a wrong guess and
    the detective's advice, holds neither the law's notation nor its description."""
    choose(None)
    table = MaoTable(seed=3, progress=Progress.load(tmp_path / "progress.json"))
    table._teacher.value = "eight-odd"
    table._start.click()
    table.guess.text.value = "black"
    table.guess.check.click()
    table.ask_detective()
    assert table.session is not None and table.session.reveal() is None  # the round is still on
    sent = json.dumps([widget.get_state() for widget in widgets_in(table.widget)], default=str)
    assert "Not that law" in sent and "still fit" in sent  # the guess and the detective did answer
    entry = next(entry for entry in LIBRARY if entry.name == "eight-odd")
    for secret in (entry.notation, str(entry.law), entry.description):
        assert secret not in sent, secret

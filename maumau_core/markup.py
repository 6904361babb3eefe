"""How a sentence marks the data inside it: unmarked for notebooks and tests, HTML for widgets.

Some sentences show a law in code type or a number in bold. The words stay
in the sentence modules; the caller passes :class:`Marks` saying what code
and emphasis look like where the sentence is shown (and how to escape data).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Marks:
    """Three ways to put data into a sentence: as it is, as notation, as something to notice."""

    text: Callable[[str], str]
    code: Callable[[str], str]
    strong: Callable[[str], str]


def _unmarked(data: str) -> str:
    return data


def _code_html(data: str) -> str:
    return f"<code>{escape(data)}</code>"


def _strong_html(data: str) -> str:
    return f"<b>{escape(data)}</b>"


NO_MARKS = Marks(_unmarked, _unmarked, _unmarked)
HTML_MARKS = Marks(escape, _code_html, _strong_html)

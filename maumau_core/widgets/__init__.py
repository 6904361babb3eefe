"""Widgets for the course, built on the library. Only this subpackage imports ipywidgets.

Widgets never display themselves: show ``thing.widget`` in a notebook cell. Importing this package installs
the guard (``widgets.guard``) that decides what a browser's messages may change, before any widget is made.

Each widget's module is imported the first time its name is used (PEP 562), so a page pays only for what it
shows: the course map does not load the Mao table and its law tools, nor a lesson the lab's numpy.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from maumau_core.widgets import page_errors
from maumau_core.widgets.guard import install

install()
page_errors.install()

#: Each public name and the module that defines it.
_HOMES = {
    "CompareRules": "lessons",
    "DeckExplorer": "lessons",
    "MatchFinder": "lessons",
    "PlayableCardsQuiz": "lessons",
    "PointsQuiz": "lessons",
    "Quiz": "lessons",
    "StepThrough": "lessons",
    "GuessPanel": "law_tools",
    "MaoTable": "mao_table",
    "FinalQuizView": "practice",
    "PracticePage": "practice",
    "BotMatch": "previews",
    "DealPreview": "previews",
    "SetupPreview": "previews",
    "ProgressPanel": "progress_view",
    "CheatSheets": "rule_sets",
    "Glossary": "rule_sets",
    "RuleSetTable": "rule_sets",
    "back_svg": "svg",
    "card_svg": "svg",
    "cards_row": "svg",
    "PlayTable": "table",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value  # found once; later uses are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])

"""Widgets for the course, built on the library. Only this subpackage imports ipywidgets.

Widgets never display themselves: show ``thing.widget`` in a notebook cell. Importing this package installs
the guard (``widgets.guard``) that decides what a browser's messages may change, before any widget is made.
"""

from maumau_core.widgets.guard import install

install()

from maumau_core.widgets.lessons import (  # noqa: E402 - after the guard, so every widget is guarded
    CompareRules,
    DeckExplorer,
    MatchFinder,
    PlayableCardsQuiz,
    PointsQuiz,
    Quiz,
    StepThrough,
)
from maumau_core.widgets.law_tools import GuessPanel
from maumau_core.widgets.mao_table import MaoTable
from maumau_core.widgets.practice import FinalQuizView, PracticePage
from maumau_core.widgets.previews import BotMatch, DealPreview, SetupPreview
from maumau_core.widgets.progress_view import ProgressPanel
from maumau_core.widgets.rule_sets import CheatSheets, Glossary, RuleSetTable
from maumau_core.widgets.svg import back_svg, card_svg, cards_row
from maumau_core.widgets.table import PlayTable

__all__ = [
    "BotMatch", "CheatSheets", "CompareRules", "DealPreview", "DeckExplorer", "FinalQuizView", "Glossary", "GuessPanel",
    "MaoTable", "MatchFinder", "PlayTable", "PlayableCardsQuiz", "PointsQuiz", "PracticePage", "ProgressPanel", "Quiz",
    "RuleSetTable", "SetupPreview", "StepThrough", "back_svg", "card_svg", "cards_row",
]

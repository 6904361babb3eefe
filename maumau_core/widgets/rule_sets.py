"""The rule sets in plain words: the side-by-side table, the printable cheat sheets, the glossary.

Views only: the rows, the sheets and the words come from :mod:`maumau_core.course.rule_sets` and
:mod:`maumau_core.sentences.glossary`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from maumau_core.course.rule_sets import MAU_MAU, cheat_sheet_html, cheat_sheet_link_html, comparison_html
from maumau_core.engine.rules import PRESETS
from maumau_core.sentences import glossary as words
from maumau_core.sentences import rule_sets as say
from maumau_core.widgets.common import safely
from maumau_core.widgets.views import message_html


class RuleSetTable:
    """The rule sets side by side, one row per rule, in words (no controls: a page to read)."""

    def __init__(self, names: Sequence[str] = MAU_MAU) -> None:
        self.widget = w.HTML(f"<div style='overflow-x:auto'>{comparison_html(names)}</div>")
        self.widget.add_class("mm-rule-set-table")


class CheatSheets:
    """Pick a rule set, see its printable sheet, and save it with a link that carries the whole file."""

    def __init__(self, name: str = "classic", choices: Sequence[str] = tuple(PRESETS)) -> None:
        self._choice = w.ToggleButtons(
            options=list(choices), value=name, description=say.choose_rule_set(), style={"button_width": "auto"}
        )
        self._choice.add_class("mm-sheet-choice")
        self._link = w.HTML().add_class("mm-sheet-link")
        self._sheet = w.HTML().add_class("mm-sheet-preview")
        self._choice.observe(
            safely(lambda text: setattr(self._link, "value", message_html(text, good=False)))(
                lambda _change: self.show()
            ),
            "value",
        )
        self.widget = w.VBox([self._choice, self._link, self._sheet])
        self.show()

    def show(self) -> None:
        name = self._choice.value
        self._link.value = f"<p style='font-size:1.05em'>⬇ {cheat_sheet_link_html(name)}</p>"
        # The sheet is a whole page with its own style: a frame keeps that style off the course page.
        self._sheet.value = (
            f"<iframe title='{escape(say.sheet_title(name))}' srcdoc=\"{escape(cheat_sheet_html(name))}\" "
            "style='width:100%;max-width:860px;height:1200px;border:1px solid #bbb;"
            "background:#fff'></iframe>"
        )


class Glossary:
    """The game's words in alphabetical order, each with its one-sentence meaning; type to find one."""

    def __init__(self) -> None:
        self._find = w.Text(placeholder=words.find_placeholder(), description=words.find_label())
        self._find.add_class("mm-glossary-find")
        self._list = w.HTML().add_class("mm-glossary")
        self._find.observe(
            safely(lambda text: setattr(self._list, "value", message_html(text)))(lambda _change: self.show()), "value"
        )
        self.widget = w.VBox([self._find, self._list])
        self.show()

    def show(self) -> None:
        found = words.find(self._find.value)
        if not found:
            self._list.value = message_html(words.nothing_found(self._find.value.strip()))
            return
        # float/width: an output area floats a <dt> beside its <dd> in columns of 20% and 80%, too narrow for a
        # term with its note; each entry reads as a term line over its meaning instead.
        items = "".join(
            f"<dt style='font-weight:700;margin-top:0.6em;float:none;width:auto'>{escape(entry.term)}"
            + (f" <i style='font-weight:400;color:#555'>({escape(entry.aside)})</i>" if entry.aside else "")
            + f"</dt><dd style='margin-left:1.5em;float:none;width:auto'>{escape(entry.definition)}</dd>"
            for entry in found
        )
        self._list.value = f"<dl style='font-family:sans-serif;line-height:1.45;max-width:50em'>{items}</dl>"

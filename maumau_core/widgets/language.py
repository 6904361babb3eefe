"""The course map's memory of the learner's language.

A learner picks a language by opening the course map in it (the map's language line, written by
:func:`maumau_core.course.outline.languages_line`). The map in a language other than English keeps that choice with
the learner's progress. The English map is also where every server opens (``make run``, a JupyterHub
learner's server), so it never overwrites a choice: it offers, in the chosen language, the way back to the
course in it, and a button to switch to English for good.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from maumau_core import delivery, i18n
from maumau_core.course import outline as course
from maumau_core.course.progress import Progress
from maumau_core.i18n import _, speaking
from maumau_core.widgets.common import safely
from maumau_core.widgets.views import message_html


class LanguageNotice:
    """Keeps the page's language as the learner's choice, or offers the chosen one on the English map."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.progress = progress or Progress.load()
        here, chosen = i18n.current(), self.progress.language
        self._text = w.HTML().add_class("mm-language-notice")
        self._english = w.Button(description=_("Switch to English"), layout=w.Layout(display="none"))
        self._english.add_class("mm-language-english")
        self._english.on_click(
            safely(lambda text: setattr(self._text, "value", message_html(text, good=False)))(
                lambda _button: self.choose(i18n.DEFAULT)
            )
        )
        self.widget = w.VBox([self._text, self._english], layout=w.Layout(display="none"))
        if here != i18n.DEFAULT and chosen != here:
            self.progress.choose_language(here)
        elif here == i18n.DEFAULT and chosen != here:
            with speaking(chosen):
                offer = _("You chose {language} for this course.").format(language=i18n.LANGUAGES[chosen])
                link = _("Continue in {language} →").format(language=i18n.LANGUAGES[chosen])
            target = delivery.current().page_address(course.map_file(chosen, seen_from=here))
            self._text.value = (
                f'<p lang="{chosen}">{escape(offer)} <a class="mm-language-continue" '
                f'href="{target}">{escape(link)}</a></p>'
            )
            self._english.layout.display = ""
            self.widget.layout.display = ""

    def choose(self, language: str) -> None:
        """Keep ``language`` as the learner's choice; on its own page nothing more is to be offered."""
        self.progress.choose_language(language)
        self.widget.layout.display = "none"

"""Widgets for reasoning about secret laws: guess a law, ask the detective, write a law.

They work on any law and any record of attempts, so the Mao table and the
law-writing lesson share them. They only show: what a guess, a written law or
the attempts mean is decided by :mod:`maumau_core.mao.clues`, in the words of
:mod:`maumau_core.sentences.mao`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from maumau_core.cards import Card
from maumau_core.laws import Law
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.clues import built_law, comparison, detective_advice, guess_verdict, write_verdict
from maumau_core.sentences import mao as say
from maumau_core.sentences.markup import HTML_MARKS
from maumau_core.widgets.common import safely
from maumau_core.widgets.views import message_html


class GuessPanel:
    """Type a law (or build one from dropdowns) and check it against ``secret()``."""

    def __init__(self, secret: Callable[[], Law | None], on_solved: Callable[[str], None] | None = None) -> None:
        self._secret = secret
        self._on_solved = on_solved
        self.text = w.Text(placeholder="e.g. after Q: black", description="Your guess",
                           layout=w.Layout(width="420px"))
        self.text.add_class("mm-guess-text")
        self.check = w.Button(description="Check my guess", button_style="info").add_class("mm-guess-check")
        self.feedback = w.HTML().add_class("mm-guess-feedback")
        self._after = w.Dropdown(options=say.after_choices(), description="Law:")
        self._until = w.Dropdown(options=say.until_choices(), description="")
        self._must = w.Dropdown(options=say.must_choices(), description="the card must")
        self._use = w.Button(description="Write it for me").add_class("mm-guess-build")
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.check.on_click(show(lambda _b: self.judge()))
        self._use.on_click(show(lambda _b: self.build()))
        self.widget = w.VBox([
            w.HTML("<b>Guess the law.</b> Type it in the law notation, or build a simple one below."),
            w.HBox([self.text, self.check]), w.HBox([self._after, self._until, self._must, self._use]),
            self.feedback])

    def build(self) -> None:
        self.text.value = built_law(self._after.value, self._until.value, self._must.value)

    def judge(self) -> bool:
        secret = self._secret()
        if secret is None:
            self.feedback.value = message_html(say.no_secret_yet())
            return False
        right, sentence = guess_verdict(self.text.value, secret)
        self.feedback.value = message_html(sentence, good=right)
        if right and self._on_solved is not None:
            self._on_solved(self.text.value)
        return right


def detective_html(rounds: Sequence[Sequence[Attempt]], top: Card, hand: Sequence[Card]) -> str:
    """What the detective says about the attempts seen so far, one line each."""
    return "<div class='mm-detective'>" + "<br>".join(detective_advice(rounds, top, hand, HTML_MARKS)) + "</div>"


class LawWorkshop:
    """Write a law and see how the referee reads it, whether it is fit to play, and how it differs from another."""

    def __init__(self, compare_with: Sequence[tuple[str, Law]]) -> None:
        self.text = w.Text(placeholder="e.g. after 8 until red: odd", description="Your law",
                           layout=w.Layout(width="420px"))
        self.text.add_class("mm-workshop-text")
        self.check = w.Button(description="Read my law", button_style="info").add_class("mm-workshop-check")
        self._other = w.Dropdown(options=list(compare_with), description="Compare with",
                                 style={"description_width": "initial"})
        self.feedback = w.HTML().add_class("mm-workshop-feedback")
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.check.on_click(show(lambda _b: self.read()))
        self.widget = w.VBox([w.HBox([self.text, self.check]), self._other, self.feedback])

    def read(self) -> None:
        law, sentence = write_verdict(self.text.value)
        if law is None:
            self.feedback.value = message_html(sentence, good=False)
            return
        reading = say.referee_reading(str(law), law.reason, HTML_MARKS)
        self.feedback.value = (f"<div class='mm-message'>{reading}</div>" + message_html(sentence, good=True)
                               + message_html(comparison(law, self._other.value)))

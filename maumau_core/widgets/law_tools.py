"""Widgets for reasoning about secret laws: guess a law, build one, ask the detective, write a law, learn the notation.

They work on any law and any record of attempts, so the Mao table and the
law-writing lesson share them. They only show: what a guess, a written law or
the attempts mean is decided by :mod:`maumau_core.mao` (``inquiry``,
``clues``, ``law_builder``, ``primer``), in the words of
:mod:`maumau_core.sentences.mao`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from maumau_core.course.progress import Progress
from maumau_core.engine.cards import Card
from maumau_core.engine.laws import Law
from maumau_core.i18n import _
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.clues import comparison, detective_advice, write_verdict
from maumau_core.mao.inquiry import Inquiry
from maumau_core.mao.law_builder import Draft, Join, Part, Piece
from maumau_core.mao.law_library import revealed
from maumau_core.mao.primer import PRIMER, PrimerStep, example_at_work, task_inquiry
from maumau_core.markup import HTML_MARKS
from maumau_core.sentences import access as say_access
from maumau_core.sentences import mao as say
from maumau_core.widgets.common import enter_sends, safely
from maumau_core.widgets.views import message_html


class LawBuilder:
    """Build a law from dropdowns, piece by piece; ``use`` hands its notation on (to a guess box)."""

    def __init__(self, use: Callable[[str], None]) -> None:
        self.draft = Draft()
        self._part = w.Dropdown(
            options=say.builder_parts(),
            # Translators: the law builder's first dropdown: which part of the law a piece is added to.
            description=_("Add to"),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self._negated = w.Dropdown(
            options=say.builder_negations(), layout=w.Layout(width="auto"), tooltip=_(say_access.BUILDER_NEGATION_NAME)
        )
        self._prev = w.Dropdown(
            options=say.builder_subjects(), layout=w.Layout(width="auto"), tooltip=_(say_access.BUILDER_SUBJECT_NAME)
        )
        self._prop = w.Dropdown(
            options=say.builder_properties(),
            layout=w.Layout(width="auto"),
            tooltip=_(say_access.BUILDER_PROPERTY_NAME),
        )
        self._joins = [
            w.Button(description=label, layout=w.Layout(width="70px")).add_class(f"mm-build-{join}")
            for label, join in say.builder_joins()
        ]
        self._clear = w.Button(description=_("Start over"), icon="undo").add_class("mm-build-clear")
        self._use = w.Button(description=_("Use it as my guess")).add_class("mm-build-use")
        self.shown = w.HTML(say.built_so_far("")).add_class("mm-build-law")
        show = safely(lambda text: setattr(self.shown, "value", message_html(text, good=False)))
        for button, (_label, join) in zip(self._joins, say.builder_joins()):
            button.on_click(show(lambda _b, join=join: self.add(join)))
        self._clear.on_click(show(lambda _b: self.clear()))
        self._use.on_click(show(lambda _b: use(self.draft.notation())))
        self.widget = w.VBox(
            [
                # each menu as wide as its longest choice, in every language; the row wraps when it is too long
                w.HBox([self._part, self._negated, self._prev, self._prop], layout=w.Layout(flex_flow="row wrap")),
                w.HBox([*self._joins, self._clear, self._use]),
                self.shown,
            ]
        )
        self.widget.add_class("mm-builder")

    def pick(self, part: Part, prop: str, *, prev: bool = False, negated: bool = False) -> None:
        """Set the dropdowns (as a learner would)."""
        self._part.value, self._prop.value = part, prop
        self._prev.value, self._negated.value = "prev" if prev else "", "not" if negated else ""

    def add(self, join: Join) -> None:
        piece = Piece(self._prop.value, prev=bool(self._prev.value), negated=bool(self._negated.value))
        self.draft = self.draft.add(self._part.value, piece, join)
        self.shown.value = say.built_so_far(self.draft.notation(), HTML_MARKS)

    def clear(self) -> None:
        self.draft = Draft()
        self.shown.value = say.built_so_far("")


class GuessPanel:
    """Type a law (or build one) and check it against the secret of ``inquiry()``; guesses are counted.

    ``on_right`` is told of a right guess and may give a sentence to add (the table records a solved law).
    """

    def __init__(self, inquiry: Callable[[], Inquiry | None], on_right: Callable[[], str | None] | None = None) -> None:
        self._inquiry = inquiry
        self._on_right = on_right
        self.text = w.Text(
            # Translators: an example law in the law notation: keep "after Q: black" as it is (the notation is English).
            placeholder=_("e.g. {law}").format(law="after Q: black"),
            description=_("Your guess"),
            layout=w.Layout(width="420px"),
        )
        self.text.add_class("mm-guess-text")
        self.check = w.Button(description=_("Check my guess"), button_style="info").add_class("mm-guess-check")
        self.feedback = w.HTML().add_class("mm-guess-feedback")
        self.count = w.HTML().add_class("mm-guess-count")
        self.builder = LawBuilder(self._use_built)
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.check.on_click(show(lambda _b: self.judge()))
        self.widget = w.VBox(
            [
                # Translators: keep the <b> tags.
                w.HTML(_("<b>Guess the law.</b> Type it in the law notation, or build it below from its pieces.")),
                enter_sends(self.text, self.check),
                self.count,
                self.feedback,
                self.builder.widget,
            ]
        )

    @classmethod
    def for_law(cls, law: Law) -> GuessPanel:
        """A panel guessing one fixed law (a lesson's check)."""
        inquiry = Inquiry(law)
        return cls(lambda: inquiry)

    def _use_built(self, notation: str) -> None:
        self.text.value = notation

    def judge(self) -> bool:
        inquiry = self._inquiry()
        if inquiry is None:
            self.feedback.value = message_html(say.no_secret_yet())
            return False
        right, sentence = inquiry.judge(self.text.value)
        extra = self._on_right() if right and self._on_right is not None else None
        self.feedback.value = message_html(sentence, good=right) + (message_html(extra, good=True) if extra else "")
        self.show_count()
        return right

    def show_count(self) -> None:
        """The guess counter for the current secret (empty before there is one)."""
        inquiry = self._inquiry()
        self.count.value = say.guesses_made(inquiry.guesses) if inquiry is not None else ""


def detective_html(
    rounds: Sequence[Sequence[Attempt]], top: Card, hand: Sequence[Card], inquiry: Inquiry | None
) -> str:
    """What the detective says about the evidence so far, one line each."""
    lines = detective_advice(rounds, top, hand, inquiry, HTML_MARKS)
    return "<div class='mm-detective'>" + "<br>".join(lines) + "</div>"


class PrimerStepView:
    """One form of the notation: what it means, an example to see at work, and a law to write and check."""

    def __init__(self, step: PrimerStep) -> None:
        self.step = step
        self._inquiry = task_inquiry(step)
        self.example = w.Button(description=_("See it at work"), icon="play").add_class("mm-primer-example")
        self.at_work = w.HTML().add_class("mm-primer-at-work")
        self.text = w.Text(placeholder=_("your law"), layout=w.Layout(width="320px")).add_class("mm-primer-text")
        self.check = w.Button(description=_("Check"), button_style="info").add_class("mm-primer-check")
        self.feedback = w.HTML().add_class("mm-primer-feedback")
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.example.on_click(show(lambda _b: self.show_example()))
        self.check.on_click(show(lambda _b: self.judge()))
        self.widget = w.VBox(
            [
                w.HTML(f"<h3>{say.primer_title(step.form)}</h3><p>{say.primer_explanation(step.form, HTML_MARKS)}</p>"),
                w.HBox([self.example]),
                self.at_work,
                w.HTML(f"<p>{say.primer_task(step.form)}</p>"),
                enter_sends(self.text, self.check),
                self.feedback,
            ]
        )
        self.widget.add_class(f"mm-primer-{step.form}")

    def show_example(self) -> None:
        self.at_work.value = f"<div class='mm-message'>{example_at_work(self.step, HTML_MARKS)}</div>"

    def judge(self) -> bool:
        right, sentence = self._inquiry.judge(self.text.value)
        self.feedback.value = message_html(sentence, good=right)
        return right


class NotationPrimer:
    """Every form of the law notation a learner will type, in the order the campaign needs them."""

    def __init__(self) -> None:
        self.steps = [PrimerStepView(step) for step in PRIMER]
        self.widget = w.VBox([step.widget for step in self.steps])
        self.widget.add_class("mm-primer")


class LawWorkshop:
    """Write a law and see how the referee reads it, whether it is fit to play, and how it differs from another."""

    def __init__(self, compare_with: Sequence[tuple[str, Law]]) -> None:
        """``compare_with``: the laws offered for comparison; with none, the workshop reads and judges only."""
        self.text = w.Text(
            # Translators: an example law in the law notation: keep "after 8 until red: odd" as it is.
            placeholder=_("e.g. {law}").format(law="after 8 until red: odd"),
            description=_("Your law"),
            layout=w.Layout(width="420px"),
        )
        self.text.add_class("mm-workshop-text")
        self.check = w.Button(description=_("Read my law"), button_style="info").add_class("mm-workshop-check")
        self._other = w.Dropdown(
            options=list(compare_with),
            description=_("Compare with"),
            style={"description_width": "initial"},
            layout=w.Layout(display=None if compare_with else "none"),
        )
        self.feedback = w.HTML().add_class("mm-workshop-feedback")
        show = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self.check.on_click(show(lambda _b: self.read()))
        self.widget = w.VBox([enter_sends(self.text, self.check), self._other, self.feedback])

    @classmethod
    def with_revealed_laws(cls, progress: Progress | None = None) -> LawWorkshop:
        """A workshop that compares with the tutorial law and the laws this learner has solved, no others."""
        solved = (progress or Progress.load()).laws
        return cls([(entry.notation, entry.law) for entry in revealed(solved)])

    def read(self) -> None:
        law, sentence = write_verdict(self.text.value)
        if law is None:
            self.feedback.value = message_html(sentence, good=False)
            return
        reading = say.referee_reading(str(law), law.reason, HTML_MARKS)
        other = self._other.value
        self.feedback.value = (
            f"<div class='mm-message'>{reading}</div>"
            + message_html(sentence, good=True)
            + (message_html(comparison(law, other)) if other is not None else "")
        )

"""The practice page: endless, seeded questions on every topic, judged by the engine.

One widget, whatever the topic: the learner picks a topic, answers by
clicking cards, clicking a choice or typing a number, and reads one
sentence on why. Each topic has its own seeded stream, so a practice set
can be replayed; the first answer to each question counts for the streak,
which is saved with the learner's progress.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as w

from maumau_core.cards import Card, sort_hand
from maumau_core.practice import TOPICS, Drill, Verdict
from maumau_core.progress import Progress
from maumau_core.sentences import practice as say
from maumau_core.sentences.markup import HTML_MARKS
from maumau_core.widgets.common import card_button, safely
from maumau_core.widgets.svg import cards_row
from maumau_core.widgets.views import message_html, table_html


def practice_stream(topic: str, seed: int) -> random.Random:
    """The random stream of one topic's practice set (the same seed gives the same questions)."""
    return random.Random(f"{topic}:{seed}")


class PracticePage:
    """Topic buttons, the current question, the answer controls, the verdict, the streak."""

    def __init__(self, seed: int = 1, *, progress: Progress | None = None) -> None:
        self.progress = progress or Progress.load()
        self.seed = seed
        self._streams = {topic: practice_stream(topic, seed) for topic in TOPICS}
        self.drill: Drill | None = None
        self._picked: set[Card] = set()
        self._answered = False
        self._topic = w.ToggleButtons(options=[(name, key) for key, (name, _make) in TOPICS.items()],
                                      value=next(iter(TOPICS)))
        self._topic.add_class("mm-practice-topic")
        self._prompt = w.HTML()
        self._scene = w.HTML()
        self._controls = w.HBox()
        self._check = w.Button(description="Check my answer", button_style="info").add_class("mm-practice-check")
        self._entry = w.Text(placeholder="a number", layout=w.Layout(width="120px")).add_class("mm-points-entry")
        self._feedback = w.HTML().add_class("mm-practice-feedback")
        self._streak = w.HTML().add_class("mm-practice-streak")
        self._next = w.Button(description="Next question", icon="forward").add_class("mm-practice-next")
        self._safe = safely(lambda text: setattr(self._feedback, "value", message_html(text, good=False)))
        self._topic.observe(self._safe(lambda _change: self.new_question()), "value")
        self._next.on_click(self._safe(lambda _b: self.new_question()))
        self._check.on_click(self._safe(lambda _b: self.answer(self._answer_now())))
        notice = w.HTML(message_html(self.progress.notice)) if self.progress.notice else w.HTML()
        self.widget = w.VBox([notice, self._topic, self._prompt, self._scene, self._controls, self._feedback,
                              w.HBox([self._next, self._streak])])
        self.widget.add_class("mm-practice")
        self.new_question()

    @property
    def topic(self) -> str:
        return str(self._topic.value)

    def new_question(self) -> None:
        """Draw the next question of the chosen topic's stream."""
        drill = self.drill = TOPICS[self.topic][1](self._streams[self.topic])
        self._picked, self._answered = set(), False
        self._prompt.value = f"<p><b>{escape(drill.prompt)}</b></p>"
        if drill.round is not None:
            self._scene.value = table_html(drill.round, me=drill.round.turn)
        else:
            self._scene.value = cards_row(list(drill.cards))
        self._feedback.value = ""
        self._entry.value = ""
        self._show_controls()
        self._show_streak()

    def _show_controls(self) -> None:
        drill = self.drill
        assert drill is not None
        if drill.answer == "cards":
            buttons = []
            for card in sort_hand(list(drill.cards)):
                buttons.append(card_button(card, picked=card in self._picked, on_click=self._safe(self.toggle)))
            self._controls.children = [*buttons, self._check]
        elif drill.answer == "choice":
            buttons = []
            for number, choice in enumerate(drill.choices):
                button = w.Button(description=choice).add_class("mm-practice-choice")
                button.add_class(f"mm-choice-{number}")
                button.on_click(self._safe(lambda _b, picked=choice, asked=drill: self._answer_if_current(asked, picked)))
                buttons.append(button)
            self._controls.children = buttons
        else:
            self._controls.children = [self._entry, self._check]

    def toggle(self, card: Card) -> None:
        if self.drill is None or card not in self.drill.cards:
            return  # a card button of an earlier question, clicked while the question changed
        self._picked ^= {card}
        self._show_controls()

    def _answer_if_current(self, asked: Drill, given: Any) -> None:
        """A click on a button of an earlier question (in flight while the question changed) is ignored:
        judged against the new question, it would be marked wrong."""
        if self.drill is asked:
            self.answer(given)

    def _answer_now(self) -> Any:
        drill = self.drill
        assert drill is not None
        return set(self._picked) if drill.answer == "cards" else self._entry.value

    def answer(self, given: Any) -> Verdict:
        """Judge an answer; the first answer to a question counts for the topic's streak."""
        drill = self.drill
        assert drill is not None
        verdict = drill.judge(given)
        self._feedback.value = message_html(verdict.sentence, good=verdict.right)
        if not self._answered:
            self._answered = True
            self.progress.answer(drill.topic, verdict.right)
            self._show_streak()
        return verdict

    def _show_streak(self) -> None:
        assert self.drill is not None
        streak = self.progress.streaks.get(self.drill.topic, {"current": 0, "best": 0})
        self._streak.value = "&nbsp; " + say.streak(streak["current"], streak["best"], HTML_MARKS)

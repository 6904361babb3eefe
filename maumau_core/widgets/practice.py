"""The practice page and the final quiz: seeded questions on every topic, judged by the engine.

One question view, whatever the topic (:class:`DrillView`): the learner
answers by clicking cards, clicking a choice or typing a number, and reads
one sentence on why. The practice page (:class:`PracticePage`) lets the
learner pick a topic, or a mixed review that brings back missed topics more
often; each topic has its own seeded stream, so a practice set can be
replayed, and the first answer to each question counts for the streak,
saved with the learner's progress. The final quiz (:class:`FinalQuizView`)
asks a fixed set of questions over every rule set and ends with a summary to
keep.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as w

from maumau_core.course.final_quiz import FinalQuiz
from maumau_core.course.practice import TOPICS, Drill, Verdict, review_topic
from maumau_core.course.progress import Progress
from maumau_core.engine.cards import Card, sort_hand
from maumau_core.i18n import _
from maumau_core.markup import HTML_MARKS
from maumau_core.sentences import practice as say
from maumau_core.widgets.common import card_button, enter_sends, replace_children, safely
from maumau_core.widgets.svg import cards_row
from maumau_core.widgets.views import message_html, table_html

#: The practice page's extra choice beside the topics: a mixed review.
REVIEW = "review"


def practice_stream(topic: str, seed: int) -> random.Random:
    """The random stream of one topic's practice set (the same seed gives the same questions)."""
    return random.Random(f"{topic}:{seed}")


class DrillView:
    """One question on the page: its prompt, its table (or cards), the answer controls and the verdict.
    ``on_answer(drill, given)`` judges an answer and returns the verdict to show."""

    def __init__(self, on_answer: Callable[[Drill, Any], Verdict], css: str = "mm-practice") -> None:
        self._on_answer = on_answer
        self._css = css
        self.drill: Drill | None = None
        self._picked: set[Card] = set()
        self._prompt = w.HTML()
        self._scene = w.HTML()
        self._buttons = w.HBox()  # a question's own buttons (cards or choices), closed when it is replaced
        self._check = w.Button(description=_("Check my answer"), button_style="info").add_class(f"{css}-check")
        self._entry = w.Text(placeholder=_("a number"), layout=w.Layout(width="120px")).add_class("mm-points-entry")
        self.feedback = w.HTML().add_class(f"{css}-feedback")
        self.safe = safely(lambda text: setattr(self.feedback, "value", message_html(text, good=False)))
        self._check.on_click(self.safe(lambda _b: self._answer_now()))
        self._controls = enter_sends(self._entry, self._check, w.HBox([self._buttons, self._entry, self._check]))
        self.widget = w.VBox([self._prompt, self._scene, self._controls, self.feedback])

    def show(self, drill: Drill, heading: str = "") -> None:
        """Show a new question (``heading``: a line above it, e.g. its number in a quiz)."""
        self.drill = drill
        self._picked = set()
        above = "<div class='" + self._css + "-heading'>" + escape(heading) + "</div>" if heading else ""
        self._prompt.value = f"{above}<p><b>{escape(drill.prompt)}</b></p>"
        if drill.round is not None:
            self._scene.value = table_html(drill.round, me=drill.round.turn)
        else:
            self._scene.value = cards_row(list(drill.cards))
        self.feedback.value = ""
        self._entry.value = ""
        self._show_controls()

    def _show_controls(self) -> None:
        drill = self.drill
        assert drill is not None
        children: list[w.Widget] = []
        if drill.answer == "cards":
            children = [
                card_button(card, picked=card in self._picked, on_click=self.safe(self.toggle))
                for card in sort_hand(list(drill.cards))
            ]
        elif drill.answer == "choice":
            children = []
            for number, choice in enumerate(drill.choices):
                button = w.Button(description=choice, layout=w.Layout(width="auto")).add_class(f"{self._css}-choice")
                button.add_class(f"mm-choice-{number}")
                answer = self.safe(lambda _b, picked=choice, asked=drill: self._answer_if_current(asked, picked))
                button.on_click(answer)
                children.append(button)
        self._entry.layout.display = "" if drill.answer == "number" else "none"
        self._check.layout.display = "none" if drill.answer == "choice" else ""
        replace_children(self._buttons, children)

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

    def _answer_now(self) -> None:
        drill = self.drill
        assert drill is not None
        self.answer(set(self._picked) if drill.answer == "cards" else self._entry.value)

    def answer(self, given: Any) -> Verdict:
        drill = self.drill
        assert drill is not None
        verdict = self._on_answer(drill, given)
        self.feedback.value = message_html(verdict.sentence, good=verdict.right)
        return verdict


class PracticePage:
    """Topic buttons (and a mixed review), the current question, the verdict, the streak."""

    def __init__(self, seed: int = 1, *, progress: Progress | None = None) -> None:
        self.progress = progress or Progress.load()
        self.seed = seed
        self._streams = {topic: practice_stream(topic, seed) for topic in [*TOPICS, REVIEW]}
        self._answered = False
        options = [(_(name), key) for key, (name, _make) in TOPICS.items()] + [(say.review_name(), REVIEW)]
        self._topic = w.ToggleButtons(options=options, value=next(iter(TOPICS)), style={"button_width": "auto"})
        self._topic.add_class("mm-practice-topic")
        self.view = DrillView(self._judge)
        self._note = w.HTML().add_class("mm-practice-note")
        self._streak = w.HTML().add_class("mm-practice-streak")
        self._next = w.Button(description=say.next_question(), icon="forward").add_class("mm-practice-next")
        self._topic.observe(self.view.safe(lambda _change: self.new_question()), "value")
        self._next.on_click(self.view.safe(lambda _b: self.new_question()))
        notice = w.HTML(message_html(self.progress.notice)) if self.progress.notice else w.HTML()
        self.widget = w.VBox([notice, self._topic, self._note, self.view.widget, w.HBox([self._next, self._streak])])
        self.widget.add_class("mm-practice")
        self.new_question()

    @property
    def drill(self) -> Drill | None:
        return self.view.drill

    @property
    def topic(self) -> str:
        """The topic chosen with the buttons (``REVIEW`` for the mixed review)."""
        return str(self._topic.value)

    def new_question(self) -> None:
        """Draw the next question: of the chosen topic, or in a review of a topic drawn by past misses."""
        topic = self.topic
        if topic == REVIEW:
            topic = review_topic(self._streams[REVIEW], self.progress.misses)
            note = say.review_note(_(TOPICS[topic][0]))
            self._note.value = f"<i>{escape(note)}</i>"
        else:
            self._note.value = ""
        self.view.show(TOPICS[topic][1](self._streams[topic]))
        self._answered = False
        self._show_streak()

    def answer(self, given: Any) -> Verdict:
        """Judge an answer to the question shown (as its controls do)."""
        return self.view.answer(given)

    def _judge(self, drill: Drill, given: Any) -> Verdict:
        """The first answer to a question counts for the topic's streak (and its misses)."""
        verdict = drill.judge(given)
        if not self._answered:
            self._answered = True
            self.progress.answer(drill.topic, verdict.right)
            self._show_streak()
        return verdict

    def _show_streak(self) -> None:
        assert self.drill is not None
        streak = self.progress.streaks.get(self.drill.topic, {"current": 0, "best": 0})
        self._streak.value = "&nbsp; " + say.streak(streak["current"], streak["best"], HTML_MARKS)


class FinalQuizView:
    """The final quiz: one question at a time with the score, then a summary to download or print."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed
        self.view = DrillView(self._judge, css="mm-final")
        self._score = w.HTML().add_class("mm-final-score")
        self._next = w.Button(description=say.next_question(), icon="forward").add_class("mm-final-next")
        self._again = w.Button(description=say.start_again(), icon="refresh", layout=w.Layout(width="auto")).add_class(
            "mm-final-again"
        )
        self._summary = w.HTML().add_class("mm-final-summary")
        self._next.on_click(self.view.safe(lambda _b: self.next()))
        self._again.on_click(self.view.safe(lambda _b: self.start(self.seed + 1)))
        self.widget = w.VBox([self.view.widget, w.HBox([self._next, self._score]), self._summary, self._again])
        self.widget.add_class("mm-final")
        self.start(seed)

    def start(self, seed: int) -> None:
        """A new quiz: the same seed gives the same questions."""
        self.seed = seed
        self.quiz = FinalQuiz(seed)
        self.view.widget.layout.display = ""
        self._next.layout.display = ""
        self._summary.value = ""
        self._again.layout.display = "none"
        self._show_question()

    def _show_question(self) -> None:
        question = self.quiz.current
        self.view.show(question.drill, say.question_of(self.quiz.index + 1, len(self.quiz.questions), question.label))
        last = self.quiz.index + 1 == len(self.quiz.questions)
        self._next.description = say.see_summary() if last else say.next_question()
        self._show_score()

    def _judge(self, drill: Drill, given: Any) -> Verdict:
        verdict = self.quiz.answer(given)
        self._show_score()
        return verdict

    def next(self) -> None:
        """On to the next question (once this one is answered), or to the summary after the last."""
        if not self.quiz.answered:
            self.view.feedback.value = message_html(say.answer_first())
            return
        if self.quiz.advance():
            self._show_question()
        else:
            self._show_summary()

    def _show_score(self) -> None:
        self._score.value = "&nbsp; " + escape(say.score(self.quiz.score, self.quiz.asked))

    def _show_summary(self) -> None:
        text = self.quiz.summary()
        self.view.widget.layout.display = "none"
        self._next.layout.display = "none"
        self._again.layout.display = ""
        href = "data:text/plain;charset=utf-8," + quote(text)
        link = (
            "<a class='mm-final-download' download='mau-mau-final-quiz.txt' href='"
            + href
            + "'>"
            + escape(say.download_summary())
            + "</a>"
        )
        self._summary.value = (
            f"<p>{link} · {escape(say.summary_help())}</p>"
            f"<pre class='mm-final-text' style='white-space:pre-wrap'>{escape(text)}</pre>"
        )

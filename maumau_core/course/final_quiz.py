"""The final quiz of the Mau Mau part: a fixed set of practice questions over every rule set, a score, and a
summary the learner can keep.

The questions are the practice drills themselves (judged by the engine,
each verdict explained), asked in a fixed order of (topic, rule set) so
that every rule set of the course comes up: classic, simple32, german32,
tschau-sepp, Mao, and a table with house rules. A seed draws the moments,
so a quiz can be replayed. Only the first answer to a question counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from maumau_core.course.drills import Drill, Verdict
from maumau_core.course.practice import TOPICS, rules_label
from maumau_core.engine.cards import Card, sort_hand
from maumau_core.engine.rules import Rules, preset
from maumau_core.sentences import practice as say


def _house() -> Rules:
    """The quiz's house-rule table: german32 without a jack on a jack, and without a jack as the last card."""
    return preset("german32", wild_on_wild=False, wild_last=False)


#: The quiz, in order: (practice topic, the rule set it is asked under).
PLAN: tuple[tuple[str, Callable[[], Rules]], ...] = (
    ("playable", lambda: preset("classic")),
    ("next", lambda: preset("simple32")),
    ("words", lambda: preset("german32")),
    ("playable", lambda: preset("tschau-sepp")),
    ("next", lambda: preset("tschau-sepp")),
    ("points", lambda: preset("classic")),
    ("mao-law", lambda: preset("mao")),
    ("mao-words", lambda: preset("mao")),
    ("mao-referee", lambda: preset("mao")),
    ("playable", _house),
)


@dataclass
class Question:
    """One question of the quiz: the drill, the rule set's label, and the first answer given (if any)."""

    drill: Drill
    label: str
    given: str | None = None
    verdict: Verdict | None = None


def situation(drill: Drill) -> str:
    """What the page showed beside a question, in words, for the summary (which has no pictures): the hand
    and the top card of a "which cards?" question, the cards of a "count the points" one."""
    if drill.answer == "cards" and drill.round is not None:
        round_ = drill.round
        return say.cards_situation(sort_hand(list(drill.cards)), round_.top, round_.named_suit, round_.pending_draw)
    if drill.answer == "number":
        return say.cards_shown(list(drill.cards))
    return ""


def shown_answer(drill: Drill, given: Any) -> str:
    """An answer as the summary shows it: picked cards by symbol, a choice or a number as given."""
    if drill.answer == "cards":
        cards: list[Card] = sort_hand(list(given))
        return ", ".join(card.symbol for card in cards) or say.no_cards_picked()
    return str(given).strip() or say.no_answer_given()


@dataclass
class FinalQuiz:
    """The questions of one quiz (drawn from ``seed``), where the learner is, and what they answered."""

    seed: int = 1
    questions: list[Question] = field(init=False)
    index: int = 0

    def __post_init__(self) -> None:
        rng = random.Random(f"final:{self.seed}")
        self.questions = []
        for topic, rules in PLAN:
            table = rules()
            self.questions.append(Question(TOPICS[topic][1](rng, table), rules_label(table)))

    @property
    def current(self) -> Question:
        return self.questions[self.index]

    @property
    def answered(self) -> bool:
        return self.current.verdict is not None

    @property
    def asked(self) -> int:
        """How many questions have been answered so far."""
        return sum(question.verdict is not None for question in self.questions)

    @property
    def score(self) -> int:
        return sum(question.verdict is not None and question.verdict.right for question in self.questions)

    def answer(self, given: Any) -> Verdict:
        """Judge an answer to the current question; the first one is kept for the score and the summary."""
        question = self.current
        verdict = question.drill.judge(given)
        if question.verdict is None:
            question.given, question.verdict = shown_answer(question.drill, given), verdict
        return verdict

    def advance(self) -> bool:
        """Move to the next question; False after the last one (the quiz is over)."""
        if self.index + 1 >= len(self.questions):
            return False
        self.index += 1
        return True

    def summary(self) -> str:
        """The text a learner keeps: the score, then each question with their answer and its explanation."""
        lines = [say.summary_title(self.score, len(self.questions)), ""]
        for number, question in enumerate(self.questions, 1):
            verdict = question.verdict.sentence if question.verdict else ""
            prompt = question.drill.prompt
            # Most questions name their rule set first; the others get it named in front.
            label = "" if prompt.startswith(question.label) else question.label
            lines.append(
                say.summary_line(
                    number,
                    label,
                    " ".join(filter(None, (prompt, situation(question.drill)))),
                    question.given or say.no_answer_given(),
                    verdict,
                )
            )
        return "\n".join(lines) + "\n"

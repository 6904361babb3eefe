"""Exercises that check themselves, one module per topic, each question a :class:`Question`.

In a notebook: ``from maumau_core.exercises.matching import may_play as q1``,
write the function, then ``q1.check()``, ``q1.hint()``, ``q1.hint(2)``,
``q1.solution()``. The right answers come from the rules engine.
"""

from maumau_core.exercises import calls, mao, matching, scoring, specials, strategy, tables
from maumau_core.exercises.question import Case, Feedback, Question
from maumau_core.i18n import N_

#: Every exercise, topic by topic, in the order of the course.
#: The topics' names are English messages: say them with ``_()`` where they are shown.
TOPICS: dict[str, list[Question]] = {
    N_("Cards and matching"): matching.QUESTIONS,
    N_("Special cards"): specials.QUESTIONS,
    N_("Calls"): calls.QUESTIONS,
    N_("Scoring and matches"): scoring.QUESTIONS,
    N_("Table situations and house rules"): tables.QUESTIONS,
    N_("Strategy"): strategy.QUESTIONS,
    N_("Mao laws"): mao.QUESTIONS,
}
QUESTIONS: list[Question] = [question for questions in TOPICS.values() for question in questions]

__all__ = ["Case", "Feedback", "QUESTIONS", "Question", "TOPICS"]

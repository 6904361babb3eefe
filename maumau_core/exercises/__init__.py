"""Exercises that check themselves, one module per topic, each question a :class:`Question`.

In a notebook: ``from maumau_core.exercises.matching import may_play as q1``,
write the function, then ``q1.check()``, ``q1.hint()``, ``q1.hint(2)``,
``q1.solution()``. The right answers come from the rules engine.
"""

from maumau_core.exercises import calls, mao, matching, scoring, specials, strategy, tables
from maumau_core.exercises.question import Case, Feedback, Question

#: Every exercise, topic by topic, in the order of the course.
TOPICS: dict[str, list[Question]] = {
    "Cards and matching": matching.QUESTIONS,
    "Special cards": specials.QUESTIONS,
    "Calls": calls.QUESTIONS,
    "Scoring and matches": scoring.QUESTIONS,
    "Table situations and house rules": tables.QUESTIONS,
    "Strategy": strategy.QUESTIONS,
    "Mao laws": mao.QUESTIONS,
}
QUESTIONS: list[Question] = [question for questions in TOPICS.values() for question in questions]

__all__ = ["Case", "Feedback", "QUESTIONS", "Question", "TOPICS"]

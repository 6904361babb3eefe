"""The final quiz: a fixed number of practice questions over every rule set, a score, a summary to keep."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from maumau_core.course.drills import Drill
from maumau_core.course.final_quiz import PLAN, FinalQuiz
from maumau_core.widgets.practice import FinalQuizView


def right_answer(drill: Drill) -> Any:
    if drill.answer == "cards":
        assert drill.round is not None
        return set(drill.round.playable_cards())
    if drill.answer == "number":
        return str(sum(card.points for card in drill.cards))
    return next(choice for choice in drill.choices if drill.judge(choice).right)


def wrong_answer(drill: Drill) -> Any:
    if drill.answer == "cards":
        assert drill.round is not None
        return set(drill.cards) ^ set(drill.round.playable_cards()) or {drill.cards[0]}
    if drill.answer == "number":
        return "999"
    return next(choice for choice in drill.choices if not drill.judge(choice).right)


def test_the_quiz_asks_over_every_rule_set_of_the_course() -> None:
    quiz = FinalQuiz(1)
    assert len(quiz.questions) == len(PLAN) == 10
    labels = " | ".join(question.label for question in quiz.questions)
    for name in ("classic", "simple32", "german32", "tschau-sepp", "mao", "with house rules"):
        assert name in labels
    assert {question.drill.topic for question in quiz.questions} >= {
        "playable",
        "next",
        "words",
        "points",
        "mao-law",
        "mao-words",
        "mao-referee",
    }


def test_the_same_seed_gives_the_same_quiz_and_another_seed_another() -> None:
    prompts = [[q.drill.prompt for q in FinalQuiz(seed).questions] for seed in (4, 4, 5)]
    assert prompts[0] == prompts[1] != prompts[2]


def test_the_first_answer_counts_and_the_summary_keeps_every_question_explained() -> None:
    quiz = FinalQuiz(2)
    for number, question in enumerate(quiz.questions):
        if number % 2:
            assert not quiz.answer(wrong_answer(question.drill)).right
            assert quiz.answer(right_answer(question.drill)).right  # too late: the first answer counts
        else:
            assert quiz.answer(right_answer(question.drill)).right
        assert quiz.advance() == (number + 1 < len(quiz.questions))
    assert quiz.score == 5 and quiz.asked == 10
    text = quiz.summary()
    assert text.startswith("Mau Mau & Mao — final quiz: 5 of 10 right")
    for question in quiz.questions:
        assert question.drill.prompt in text and question.verdict is not None
        assert question.verdict.sentence in text
    assert text.count("Not quite") == 5


def test_the_quiz_page_goes_from_question_to_question_to_a_summary_to_download() -> None:
    view = FinalQuizView(seed=3)
    view.next()
    assert "Answer the question first" in view.view.feedback.value  # no skipping a question
    for question in list(view.quiz.questions):
        view.view.answer(right_answer(question.drill))
        assert "Right!" in view.view.feedback.value
        assert f"Score: {view.quiz.index + 1} of {view.quiz.index + 1}" in view._score.value
        view.next()
    summary = view._summary.value
    assert "10 of 10 right" in summary and "data:text/plain;charset=utf-8," in summary
    href = summary.split("href='", 1)[1].split("'", 1)[0]
    assert unquote(href.split(",", 1)[1]) == view.quiz.summary()
    assert view.view.widget.layout.display == "none"
    view._again.click()
    assert view.seed == 4 and view._summary.value == "" and view.quiz.asked == 0

"""Every exercise checker: a right answer passes, a wrong one names its failing case, a crash is
reported, no answer is "not attempted", and no hint or failure message gives the solution's code away.
How a wrong answer is taught (misconceptions, never the expected value) is tested in test_exercise_feedback.py."""

from __future__ import annotations

from typing import Any

import pytest

from maumau_core.course.progress import Progress
from maumau_core.exercises import QUESTIONS, Question, solutions
from maumau_core.exercises.strategy import race

BY_ID = {question.id: question for question in QUESTIONS}

#: A plausible wrong answer per exercise, and words its failure message must contain.
WRONG: dict[str, tuple[Any, list[str]]] = {
    "matching-1": (lambda text: "ten of hearts", ["the card 'QS'", "gave 'ten of hearts'"]),
    "matching-2": (lambda card, top: card[-1] == top[-1], ["9C on top of 9H", "gave False", "by its rank too"]),
    "matching-3": (lambda card, suit: card[-1] == suit, ["JD when the jack named S"]),
    "specials-1": (
        lambda hand, rules: [c for c in hand if c[0] in "7J"],
        ["['7S', 'JH', '9C']", "gave ['7S', 'JH']", "not against"],
    ),
    "specials-2": (lambda sevens, rules: 2, ["2 sevens with the classic rules", "gave 2", "passes it on"]),
    "specials-3": (lambda players, current, rules: (current + 1) % players, ["4 players, player 0 plays an 8"]),
    "specials-4": (lambda players, current, rules: (current + 1) % players, ["player 1 plays an ace, simple32"]),
    "specials-5": (lambda card, players, current, rules: (current + 1) % players, ["plays 8D (german32 rules)"]),
    "calls-1": (
        lambda left, rules: ["Mau"] if left == 1 else [],
        ["0 cards left with the classic rules", "gave []", "a second call"],
    ),
    "calls-2": (lambda rules, moment: 2, ["classic rules, pointed out after the next turn", "gave 2", "forgiven"]),
    "scoring-1": (lambda hand: 10 * len(hand), ["['AH', 'KD', '7C']", "gave 30", "aces and picture cards"]),
    "scoring-2": (lambda hands: [len(hand) for hand in hands], ["gave [0, 2, 1]", "not the number of cards"]),
    "scoring-3": (lambda sheet: None, ["[[0, 30, 45], [12, 0, 60]]", "gave None", "reaches 100"]),
    "tables-1": ({"turn": 2, "pending_draw": 2, "suit": "C"}, ["Your turn (2)"]),
    "tables-2": ("ace", ["simple32's `ace` does not change"]),
    "strategy-1": (lambda table: table.legal_actions()[0], ["won 4", "needs 55%", "a jack fits on anything"]),
    "mao-1": ("after K: black", ["your law allows", "the described law does not", "`until` names the card"]),
}


def right_answer(question: Question) -> Any:
    return getattr(solutions, question.name)


def stub(*args: Any) -> Any:
    raise NotImplementedError


def crash(*args: Any) -> Any:
    return 1 / 0


def code_lines(question: Question) -> list[str]:
    """The lines of a solution that would give it away (not signatures, comments or closing brackets)."""
    text = question.solution().text.split("\n\nWhy:")[0]
    return [
        line.strip()
        for line in text.splitlines()[1:]
        if len(line.strip()) > 12 and not line.strip().startswith(("def ", "#"))
    ]


def test_there_are_at_least_fifteen_exercises_with_wrong_answers_for_each() -> None:
    assert len(QUESTIONS) >= 15
    assert set(WRONG) == set(BY_ID)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_the_worked_solution_is_correct(question: Question) -> None:
    feedback = question.check(right_answer(question))
    assert feedback.status == "correct", feedback.text


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_a_wrong_answer_names_the_failing_case(question: Question) -> None:
    answer, words = WRONG[question.id]
    feedback = question.check(answer)
    assert feedback.status == "incorrect"
    assert "should be" not in feedback.text
    for word in words:
        assert word in feedback.text
    for line in code_lines(question):
        assert line not in feedback.text


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_no_answer_is_not_attempted(question: Question) -> None:
    unfilled = None if question.kind == "value" else stub
    feedback = question.check(unfilled)
    assert feedback.status == "not-attempted"
    assert f"`{question.name}`" in feedback.text


@pytest.mark.parametrize("question", [q for q in QUESTIONS if q.kind != "value"], ids=lambda q: q.id)
def test_a_crash_in_learner_code_is_one_sentence(question: Question) -> None:
    feedback = question.check(crash)
    assert feedback.status == "raised"
    assert feedback.text.startswith("Your code raised ZeroDivisionError (division by zero) for ")


@pytest.mark.parametrize("question", [q for q in QUESTIONS if q.kind == "value"], ids=lambda q: q.id)
def test_a_value_of_the_wrong_shape_is_explained_not_raised(question: Question) -> None:
    for odd in (42, ["draw_stacking"], {"turn": "x"}):
        feedback = question.check(odd)
        assert feedback.status == "incorrect"


@pytest.mark.parametrize("question", [q for q in QUESTIONS if q.kind == "function"], ids=lambda q: q.id)
def test_a_value_where_a_function_is_wanted_is_explained(question: Question) -> None:
    feedback = question.check(3)
    assert feedback.status == "incorrect"
    assert f"def {question.name}(" in feedback.text


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_hints_form_a_ladder_that_never_gives_the_code_away(question: Question) -> None:
    assert len(question.hints) >= 2
    hints = [question.hint(n).text for n in range(1, len(question.hints) + 1)]
    assert hints[0].startswith("Hint 1:") and "hint(2)" in hints[0]
    assert "last hint" in hints[-1]
    assert code_lines(question), "the solution has no code to protect"
    for hint in hints:
        for line in code_lines(question):
            assert line not in hint
    assert "There are hints 1 to" in question.hint(len(question.hints) + 1).text


def test_the_solution_shows_code_and_reasoning() -> None:
    shown = BY_ID["scoring-1"].solution().text
    assert "def hand_points(hand" in shown and "Why:" in shown


def test_check_finds_the_learners_function_by_name_in_the_calling_notebook() -> None:
    globals()["hand_points"] = solutions.hand_points
    try:
        assert BY_ID["scoring-1"].check().correct
    finally:
        del globals()["hand_points"]
    assert BY_ID["scoring-1"].check().status == "not-attempted"


def test_a_correct_check_is_saved_as_progress() -> None:
    BY_ID["matching-1"].check(solutions.card_name)
    assert "matching-1" in Progress.load().solved


def test_the_bot_race_is_repeatable_and_the_reference_bot_clears_the_bar() -> None:
    first = race(solutions.my_bot, 300, show_progress=False)
    assert first == race(solutions.my_bot, 300, show_progress=False)
    assert race(solutions.my_bot, show_progress=False) >= 0.55


def test_a_law_that_does_not_parse_gets_the_parsers_sentence() -> None:
    feedback = BY_ID["mao-1"].check("after K black")
    assert feedback.status == "incorrect" and "at position 9" in feedback.text


def test_an_equivalent_law_written_differently_is_correct() -> None:
    assert BY_ID["mao-1"].check("after king until ace: not red").correct


def test_an_illegal_bot_move_is_named() -> None:
    feedback = BY_ID["strategy-1"].check(lambda table: "draw")
    assert feedback.text == (
        "Not yet. In round 1 your bot returned 'draw', which is not a move: return one of table.legal_actions()."
    )

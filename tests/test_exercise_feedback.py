"""Feedback that teaches: a wrong answer is met with the rule it breaks, never with the right value.

Every misconception a question declares is tried as a learner's answer and
must get its own rule; every input of every compared question is made to
fail (by a known misconception and by an unknown wrong value) and the
message must not give the expected value away; hint ladders keep the
solution's code for the last step; the worked solutions stay right.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from maumau_core.exercises import QUESTIONS, Question, solutions
from maumau_core.exercises.calls import AFTER, AT_ONCE, DURING
from maumau_core.exercises.question import Case, Misconception

BY_ID = {question.id: question for question in QUESTIONS}
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
COMPARED = [question for question in QUESTIONS if question.judge is None]
IDEAS = [(question, idea) for question in QUESTIONS for idea in question.misconceptions]


def slow_if_a_race(question: Question, *rest: Any) -> Any:
    """A parameter set marked ``slow`` when its question is judged by a bot race (seconds each): `make check` skips it."""
    return pytest.param(question, *rest, marks=[pytest.mark.slow] if question.kind == "player" else [])


def as_answer(question: Question, idea: Misconception) -> Any:
    """The misconception's own code, handed in as a learner's answer (its value, for a value question)."""
    return idea.believes() if question.kind == "value" else idea.believes


def other_rules(question: Question, idea: Misconception | None) -> list[str]:
    """Every rule sentence of the question but the one that should be said."""
    said = question.said(idea.rule if idea else question.rule)
    rules = [question.rule, *(other.rule for other in question.misconceptions)]
    return [question.said(rule) for rule in rules if question.said(rule) != said]


def wrong_only_on(question: Question, case: Case, wrong: Callable[..., Any]) -> Callable[..., Any]:
    """A learner's answer that is right on every input but ``case``, where it answers ``wrong``."""

    def answer(*args: Any) -> Any:
        return wrong(*args) if args == case.args else question.truth(*args)

    return answer


def frame(text: str, case: Case, got: Any, question: Question) -> str:
    """What a message says besides the input's words, the learner's answer and the rule sentences."""
    rules = [question.said(rule) for rule in [question.rule, *(idea.rule for idea in question.misconceptions)]]
    for part in sorted([case.words, repr(got), *rules], key=len, reverse=True):
        text = text.replace(part, " ")
    return text


def unknown_wrong_value(question: Question, case: Case) -> Any:
    """A wrong answer no misconception gives: a number far off, or a list with a card nobody holds."""
    expected = question.truth(*case.args)
    if isinstance(expected, bool):
        return not expected
    if isinstance(expected, int):
        return expected + 37
    if isinstance(expected, list) and all(isinstance(item, str) for item in expected):
        return [*expected, "AS", "AS"] if question.name != "words_to_say" else ["Hello"]
    return "something else"


def test_every_question_states_its_rule_and_declares_misconceptions() -> None:
    for question in QUESTIONS:
        assert question.rule.strip() and question.rule.endswith("."), question.id
        assert question.misconceptions, f"{question.id} recognises no misconception"
        names = [idea.name for idea in question.misconceptions]
        assert len(names) == len(set(names)), question.id
        rules = [idea.rule for idea in question.misconceptions]
        assert len(rules) == len(set(rules)) and question.rule not in rules, question.id


@pytest.mark.parametrize(
    ("question", "idea"),
    [slow_if_a_race(*pair) for pair in IDEAS],
    ids=lambda x: getattr(x, "id", getattr(x, "name", "")),
)
def test_each_misconception_gets_exactly_its_own_rule(question: Question, idea: Misconception) -> None:
    feedback = question.check(as_answer(question, idea))
    assert feedback.status == "incorrect", f"{idea.name} passes {question.id}: it is no misconception"
    assert question.said(idea.rule) in feedback.text
    for rule in other_rules(question, idea):
        assert rule not in feedback.text
    assert "should be" not in feedback.text


@pytest.mark.parametrize("question", COMPARED, ids=lambda q: q.id)
def test_no_failing_input_is_told_its_expected_value(question: Question) -> None:
    tried = 0
    for case in question.cases:
        expected = question.truth(*case.args)
        wrongs = [
            idea.believes
            for idea in question.misconceptions
            if not question.check(wrong_only_on(question, case, idea.believes)).correct
        ]
        wrongs.append(lambda *args, case=case: unknown_wrong_value(question, case))
        for wrong in wrongs:
            feedback = question.check(wrong_only_on(question, case, wrong))
            got = wrong(*case.args)
            assert feedback.status == "incorrect", (question.id, case.words, got)
            assert f"For {case.words}," in feedback.text and f"gave {got!r}" in feedback.text
            assert "should be" not in feedback.text
            rest = frame(feedback.text, case, got, question)
            assert repr(expected) not in rest, (question.id, case.words, feedback.text)
            assert not re.search(r"\d|True|False|None|\[", rest), rest
            tried += 1
    assert tried > len(question.cases)


def test_an_unknown_wrong_answer_gets_the_questions_rule() -> None:
    question = BY_ID["specials-3"]
    feedback = question.check(lambda players, current, rules: 42)
    assert feedback.text == (
        "Not yet. For 4 players, player 0 plays an 8, classic rules, your code gave 42, which "
        f"does not fit the rule. The rule here: {question.rule}"
    )


def test_a_judged_answer_gets_the_judges_verdict_then_the_rule_unless_its_shape_is_wrong() -> None:
    question = BY_ID["tables-1"]
    feedback = question.check({"turn": 0, "pending_draw": 1, "suit": "S"})
    assert feedback.text == (
        "Not yet. Your turn (0) is not what the table shows after the last move; replay the "
        f"moves. The rule here: {question.rule}"
    )
    assert question.rule not in question.check({"turn": 1}).text
    assert BY_ID["mao-1"].rule not in BY_ID["mao-1"].check("after K black").text


@pytest.mark.parametrize("question", [q for q in QUESTIONS if q.kind == "value"], ids=lambda q: q.id)
def test_a_wrong_value_is_not_told_the_right_one(question: Question) -> None:
    shown = {
        "tables-1": ["'turn': 1", "'pending_draw': 2"],
        "tables-2": ["draw_stacking"],
        "mao-1": ["after K until A", solutions.law_text],
    }[question.id]
    for idea in question.misconceptions:
        text = question.check(idea.believes()).text
        assert not any(piece in text for piece in shown), text


def test_feedback_names_the_first_misconception_of_a_learner_with_two() -> None:
    """Forgot the wild jack and matches by suit only: the first failing input shows the suit-only idea."""
    feedback = BY_ID["matching-2"].check(lambda card, top: card[-1] == top[-1])
    rules = {idea.name: idea.rule for idea in BY_ID["matching-2"].misconceptions}
    assert rules["suit-only"] in feedback.text and rules["forgot-wild-jack"] not in feedback.text


def test_the_learners_code_runs_once_per_input_even_while_ideas_are_weighed() -> None:
    """A learner who prints while debugging sees each print once, not once per misconception."""
    question = BY_ID["specials-3"]
    calls: list[tuple[Any, ...]] = []

    def after_eight(players: int, current: int, rules: str) -> int:
        calls.append((players, current, rules))
        return (current + 1) % players

    assert not question.check(after_eight).correct
    assert sorted(calls) == sorted(case.args for case in question.cases)


def code_in(text: str) -> list[str]:
    """The pieces of code quoted in a text; a bare name (a function the learner already wrote) is no code."""
    return [piece for piece in re.findall(r"`([^`]+)`", text) if not re.fullmatch(r"\w+", piece)]


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_no_hint_but_the_last_shows_solution_code(question: Question) -> None:
    code = question.solution().text.split("\n\nWhy:")[0]
    for hint in question.hints[:-1]:
        for piece in code_in(hint):
            assert piece not in code, (question.id, hint)


def test_specials_2_hints_do_not_state_the_answer() -> None:
    for hint in BY_ID["specials-2"].hints:
        assert not re.search(r"\b2\b|\btwo\b", hint), hint


def test_matching_2_names_the_jack_before_the_code() -> None:
    hints = BY_ID["matching-2"].hints
    assert "jack" in hints[1] and "jack" not in hints[-1] and "`" not in hints[0] + hints[1]


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: q.id)
def test_each_question_links_an_existing_lesson(question: Question) -> None:
    assert (NOTEBOOKS / question.lesson).is_file(), question.lesson


def test_the_lessons_that_teach_the_rules() -> None:
    assert BY_ID["strategy-1"].lesson == "15_strategy_lab.ipynb"
    assert BY_ID["matching-2"].lesson == "02_five_rule_sets.ipynb"
    assert "lesson 02" in BY_ID["matching-2"].task


def test_the_missed_call_window_differs_between_classic_and_german32() -> None:
    assert solutions.missed_call_cost("classic", DURING) != solutions.missed_call_cost("german32", DURING)
    question = BY_ID["calls-2"]
    assert question.truth("classic", DURING) != question.truth("german32", DURING)
    assert [question.truth("german32", moment) for moment in (AT_ONCE, DURING, AFTER)] == [
        question.truth("simple32", moment) for moment in (AT_ONCE, DURING, AFTER)
    ]
    for table in ("classic", "german32", "simple32"):
        ignoring = question.check(lambda rules, moment, table=table: solutions.missed_call_cost(table, moment))
        assert ignoring.status == "incorrect", f"a solution that always plays {table} passes"


@pytest.mark.parametrize("question", [slow_if_a_race(q) for q in QUESTIONS], ids=lambda q: q.id)
def test_the_worked_solution_passes_and_is_no_misconception(question: Question) -> None:
    right = getattr(solutions, question.name)
    assert question.check(right).correct
    for idea in question.misconceptions:
        assert not question.check(as_answer(question, idea)).correct


def test_a_correct_answer_that_empties_its_input_is_judged_correct_and_the_case_stays_whole() -> None:
    """Every call gets its own copy of a case's inputs: a right ``round_scores`` that pops each hand empty
    is judged on what it returns, and the next check (and the right answer) still sees the full hands."""
    question = BY_ID["scoring-2"]
    before = [case.args for case in question.cases]

    def emptying_round_scores(hands: list[list[str]]) -> list[int]:
        scores = []
        for hand in hands:
            total = 0
            while hand:
                total += solutions.hand_points([hand.pop()])
            scores.append(total)
        return scores

    assert question.check(emptying_round_scores).correct
    assert [case.args for case in question.cases] == before
    assert question.check(solutions.round_scores).correct


def test_a_case_cannot_be_changed_through_its_arguments() -> None:
    case = Case(([["7C", "8C"]],), "two hands")
    case.args[0][0].clear()
    assert case.args == ([["7C", "8C"]],)

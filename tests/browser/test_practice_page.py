"""The practice page in headless chromium: right answers are accepted, wrong ones explained.

The test draws the same seeded questions as the page (seed 1, one stream per
topic), so it knows the engine's answers before it clicks.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page
from test_pages import assert_clean, wait_text

from maumau_core.course.final_quiz import FinalQuiz
from maumau_core.course.practice import TOPICS, Drill
from maumau_core.course.progress import Progress
from maumau_core.widgets.practice import practice_stream

FEEDBACK = ".mm-practice-feedback"


@pytest.fixture(autouse=True)
def no_streaks_yet() -> None:
    """Each test starts with no streak: the pages' kernels keep the streaks in the test run's one progress
    record (``MAUMAU_PROGRESS``, one per pytest-xdist worker), which other test files of the worker, run in
    any order, may have added to."""
    Progress.load().reset()


def questions(topic: str, count: int) -> list[Drill]:
    stream = practice_stream(topic, 1)
    return [TOPICS[topic][1](stream) for _ in range(count)]


def pick(page: Page, cards: list[Any]) -> None:
    for number, card in enumerate(cards, 1):
        page.locator(f".mm-practice .mm-card-{card}").last.click()
        page.wait_for_function(f"document.querySelectorAll('.mm-practice .mm-picked').length === {number}")


def choose(page: Page, number: int, verdict: str) -> str:
    """Click choice ``number`` of the question shown; return the verdict. The page draws a new question's
    text before its buttons, so a click may land on a button of the earlier question: the page ignores
    that click, and the test clicks again."""
    for _ in range(20):
        page.locator(f".mm-practice .mm-choice-{number}").last.click()
        try:
            return wait_text(page, FEEDBACK, verdict, seconds=0.5)
        except AssertionError:
            continue
    return wait_text(page, FEEDBACK, verdict)


def test_clicking_the_playable_cards_is_accepted_and_a_wrong_card_explained(visit: Any) -> None:
    first, second = questions("playable", 2)
    seen = visit("10_practice", ready=".mm-practice-check")
    page = seen.page
    assert first.round is not None and second.round is not None
    pick(page, first.round.playable_cards())
    page.click(".mm-practice-check")
    wait_text(page, FEEDBACK, r"^Right! Playable")
    wait_text(page, ".mm-practice-streak", r"Streak: 1")
    page.click(".mm-practice-next")
    wait_text(page, FEEDBACK, r"^$")
    right = set(second.round.playable_cards())
    wrong = next((card for card in second.cards if card not in right), None)
    if wrong is not None:
        pick(page, [wrong])
        page.click(".mm-practice-check")
        text = wait_text(page, FEEDBACK, r"^Not quite")
        assert f"{wrong.symbol} cannot be played. {second.round.why_not(wrong)}" in text
    else:
        page.click(".mm-practice-check")
        wait_text(page, FEEDBACK, r"^Not quite: .* may be played too\.")
    seen.screenshot("10_practice-playable")
    assert_clean(seen)


def answer_right_then_wrong(page: Any, first: Any, second: Any) -> None:
    """The first question answered right, then the next one wrong: its feedback is the library's sentence."""
    right = next(i for i, choice in enumerate(first.choices) if first.judge(choice).right)
    choose(page, right, r"^Right!")
    page.click(".mm-practice-next")
    wait_text(page, FEEDBACK, r"^$")
    wrong = next(i for i, choice in enumerate(second.choices) if not second.judge(choice).right)
    assert choose(page, wrong, r"^Not quite") == second.judge(second.choices[wrong]).sentence


def test_choosing_who_moves_next_and_what_to_say(visit: Any) -> None:
    seen = visit("10_practice", ready=".mm-practice-check")
    page = seen.page
    for topic, label in (("next", "Who moves next?"), ("words", "What do I say?")):
        first, second = questions(topic, 2)
        page.locator(".mm-practice-topic button", has_text=label).click()
        wait_text(page, ".mm-practice", first.prompt[:40].replace("?", r"\?").replace("(", r"\(").replace(")", r"\)"))
        answer_right_then_wrong(page, first, second)
    seen.screenshot("10_practice-choices")
    assert_clean(seen)


def test_typing_the_points_of_a_hand(visit: Any) -> None:
    first, second = questions("points", 2)
    seen = visit("10_practice", ready=".mm-practice-check")
    page = seen.page
    page.locator(".mm-practice-topic button", has_text="Count the points").click()
    entry = page.locator(".mm-practice .mm-points-entry input")
    entry.wait_for()
    total = sum(card.points for card in first.cards)
    entry.fill(str(total + 1))
    page.click(".mm-practice-check")
    wait_text(page, FEEDBACK, rf"^Not quite: .* = {total}\.")
    page.click(".mm-practice-next")
    wait_text(page, FEEDBACK, r"^$")
    entry.fill(str(sum(card.points for card in second.cards)))
    page.click(".mm-practice-check")
    wait_text(page, FEEDBACK, r"^Right!")
    assert_clean(seen)


def test_the_course_map_shows_progress_and_resets_it(visit: Any) -> None:
    seen = visit("00_welcome", ready=".mm-progress")
    page = seen.page
    wait_text(page, ".mm-progress", r"Code exercises")
    page.click(".mm-progress-reset")
    page.click(".mm-progress-confirm")
    wait_text(page, ".mm-progress", r"Count the points\s+streak 0\s+best 0")
    assert_clean(seen)


def test_a_mao_question_under_an_open_law_is_judged_by_the_referee(visit: Any) -> None:
    first, second = questions("mao-referee", 2)
    seen = visit("10_practice", ready=".mm-practice-check")
    page = seen.page
    page.locator(".mm-practice-topic button", has_text="Mao: what was penalised?").click()
    wait_text(page, ".mm-practice", re.escape(first.prompt[:60]))
    answer_right_then_wrong(page, first, second)
    seen.screenshot("10_practice-mao")
    assert_clean(seen)


FINAL = ".mm-final"


def answer_final_question(page: Page, drill: Drill) -> str:
    """Give the right answer to the final quiz's question shown (the test knows the seeded questions)."""
    if drill.answer == "choice":
        number = next(i for i, choice in enumerate(drill.choices) if drill.judge(choice).right)
        for _ in range(20):  # a click may land on a button of the question before: the page ignores it
            page.locator(f"{FINAL} .mm-choice-{number}").last.click()
            try:
                return wait_text(page, ".mm-final-feedback", r"^Right!", seconds=0.5)
            except AssertionError:
                continue
    elif drill.answer == "number":
        page.locator(f"{FINAL} .mm-points-entry input").fill(str(sum(card.points for card in drill.cards)))
        page.click(".mm-final-check")
    else:
        assert drill.round is not None
        for number, card in enumerate(drill.round.playable_cards(), 1):
            page.locator(f"{FINAL} .mm-card-{card}").last.click()
            page.wait_for_function(f"document.querySelectorAll('{FINAL} .mm-picked').length === {number}")
        page.click(".mm-final-check")
    return wait_text(page, ".mm-final-feedback", r"^Right!")


def test_the_final_quiz_is_played_to_a_summary_to_keep(visit: Any) -> None:
    quiz = FinalQuiz(1)
    seen = visit("11_whats_next", ready=".mm-final-next")
    page = seen.page
    total = len(quiz.questions)
    page.click(".mm-final-next")
    wait_text(page, ".mm-final-feedback", r"Answer the question first")
    for number, question in enumerate(quiz.questions, 1):
        wait_text(page, ".mm-final-heading", rf"Question {number} of {total}")
        wait_text(page, FINAL, re.escape(question.drill.prompt[:50]))
        wait_text(page, ".mm-final-feedback", r"^(?!Right!)")  # the verdict of the question before is gone
        answer_final_question(page, question.drill)
        wait_text(page, ".mm-final-score", rf"Score: {number} of {number}")
        if number == 3:
            seen.screenshot("11_final-quiz-question")
        page.click(".mm-final-next")
    summary = wait_text(page, ".mm-final-summary", rf"{total} of {total} right")
    assert quiz.questions[0].drill.prompt in summary and "Your answer:" in summary
    href = page.locator(".mm-final-download").get_attribute("href") or ""
    assert href.startswith("data:text/plain;charset=utf-8,") and "final%20quiz" in href
    seen.screenshot("11_final-quiz-summary")
    assert_clean(seen)


def test_the_mixed_review_says_where_each_question_comes_from(visit: Any) -> None:
    seen = visit("10_practice", ready=".mm-practice-check")
    page = seen.page
    page.locator(".mm-practice-topic button", has_text="Mixed review").click()
    note = wait_text(page, ".mm-practice-note", r"come back more often")
    topic = re.search(r"From “(.+?)”", note)
    assert topic is not None and topic.group(1) in [name for name, _make in TOPICS.values()]
    page.click(".mm-practice-next")
    wait_text(page, ".mm-practice-note", r"^From “")
    seen.screenshot("10_practice-review")
    assert_clean(seen)

"""Every course page in headless chromium: it opens cleanly, its buttons work, its checks check."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from conftest import Visit, settled

NOTEBOOKS = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
PREHEATED = ("00_welcome", "01_cards_and_matching", "02_five_rule_sets")  # etc/voila.py: MAUMAU_PREHEATED's default
#: What a page shows when a cell failed: a traceback, Voilà's sentence, or the static site's (page_errors.py).
ERROR_MARKS = ("Traceback", "There was an error when executing", "Error:", "Exception", "could not start")


def page_text(page: Page) -> str:
    return page.inner_text("body")


def assert_clean(seen: Visit) -> None:
    text = page_text(seen.page)
    for mark in ERROR_MARKS:
        assert mark not in text, f"error output on the page: {mark}"
    assert seen.page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert not seen.errors, seen.errors


def wait_text(page: Page, selector: str, pattern: str, seconds: float = 15) -> str:
    """Wait until the element's text matches ``pattern``; return it."""
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        text = page.locator(selector).last.inner_text()
        if re.search(pattern, text):
            return text
        time.sleep(0.1)
    raise AssertionError(f"{selector!r} never matched {pattern!r}; last text: {text!r}")


def answer_quiz(page: Page, index: int, label: str) -> str:
    quiz = page.locator(".mm-quiz").nth(index)
    quiz.locator("label", has_text=label).first.click()
    before = quiz.locator(".mm-quiz-feedback").inner_text()
    quiz.locator(".mm-quiz-check").click()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        text = quiz.locator(".mm-quiz-feedback").inner_text()
        if text and text != before:
            return text
        time.sleep(0.1)
    raise AssertionError("the quiz gave no feedback")


QUIZZES = {
    "00_welcome": [(0, "its colour (red or black)", "its rank or its suit")],
    "02_five_rule_sets": [(0, "classic", "tschau-sepp"), (1, "german32", "simple32")],
    "03_setting_up": [
        (0, "5 cards", "7 cards"),
        (1, "Player 2", "Player 3"),
        (2, "draw 2 cards", "play as usual: match the 7 or play a jack"),
    ],
    "04_sevens_and_jacks": [(1, "K♥", "9♣")],
    "05_eights_and_aces": [
        (0, "Player 2", "Player 3"),
        (1, "Player 3", "Player 0"),
        (2, "draw 2 cards", "nothing: you have won and nobody draws"),
    ],
    "06_calls": [
        (0, "you draw 2 cards", "it counts: you pay nothing"),
        (1, "you draw 2 cards", "nothing: it is too late"),
    ],
    "07_first_round": [(0, "I must play it", "I may play it or keep it")],
    "08_scoring_and_matches": [(1, "Ana", "Ben and Cleo play one more round")],
    "09_house_rules": [
        (0, "classic", "simple32"),
        (1, "Ana and Ben play one more round", "Ana and Ben, together"),
        (2, "The match is over: Cleo wins with the lowest total", "Play goes on: 100 has been reached but not passed"),
        (3, "they draw 2", "they draw 4, unless they answer with a 7"),
        (4, "7♥", "6♣"),
    ],
    "11_whats_next": [(0, "the strategy lab", "the practice page")],
    "12_mao_rules": [(0, "Ben: he holds the fewest cards", "nobody: Ana and Ben both count 3"), (1, "9♥", "Q♣")],
    "15_strategy_lab": [(0, "the tip helps", "the difference could be luck: play more rounds")],
    "16_house_rule_effects": [(0, "no change", "it gets longer")],
    "17_cheat_sheets": [(0, "they win anyway if nobody notices", "they draw 2 cards at once and play on")],
    "18_glossary": [(0, "a stuck round", "a void round")],
}


def answer_checks(seen: Visit, notebook: str) -> None:
    """Every check-yourself question of the page (``QUIZZES``): a wrong answer is explained, the right one
    accepted. Called from the one visit each page gets (tests/browser/test_accessibility.py), since the
    visits are the slow part of the run."""
    for index, wrong, right in QUIZZES[notebook]:
        told = answer_quiz(seen.page, index, wrong)
        assert told.startswith("Not quite") and len(told) > 30
        told = answer_quiz(seen.page, index, right)
        assert told.startswith("Right!")
    assert_clean(seen)


def test_a_check_answered_right_is_counted_on_the_course_map(visit: Any) -> None:
    course_map = visit("00_welcome", ready=".mm-progress-reset")
    course_map.page.click(".mm-progress-reset")
    course_map.page.click(".mm-progress-confirm")
    wait_text(course_map.page, ".mm-progress", r"The 7 and the jack\s+0 of 2")
    lesson = visit("04_sevens_and_jacks", ready=".mm-quiz")
    assert answer_quiz(lesson.page, 1, "9♣").startswith("Right!")
    again = visit("00_welcome", ready=".mm-progress")  # the course map opened anew reads the saved progress
    wait_text(again.page, ".mm-progress", r"The 7 and the jack\s+1 of 2")
    wait_text(again.page, ".mm-progress", r"Cards and matching\s+0 of 1")
    text = again.page.inner_text(".mm-progress")
    assert "Mao laws found" in text and "not found yet" in text
    again.screenshot("00_welcome-progress")
    assert_clean(again)


def test_which_cards_may_be_played_quiz(visit: Any) -> None:
    seen = visit("01_cards_and_matching", ready=".mm-quiz")
    page = seen.page
    quiz = page.locator(".mm-quiz").last
    quiz.locator(".mm-card-10C").click()
    page.wait_for_selector(".mm-quiz .mm-card-10C.mm-picked")
    quiz.locator(".mm-quiz-check").click()
    told = wait_text(page, ".mm-quiz-feedback", "Not quite")
    assert "10♣" in told and "matches neither" in told
    quiz.locator(".mm-card-10C").click()
    page.wait_for_selector(".mm-quiz .mm-card-10C:not(.mm-picked)")
    for card in ("9S", "KH", "2H"):
        quiz.locator(f".mm-card-{card}").click()
        page.wait_for_selector(f".mm-quiz .mm-card-{card}.mm-picked")
    quiz.locator(".mm-quiz-check").click()
    assert wait_text(page, ".mm-quiz-feedback", "Right!")


def test_points_quiz(visit: Any) -> None:
    seen = visit("08_scoring_and_matches", ready=".mm-points-entry")
    page = seen.page
    entry = page.locator(".mm-points-entry input")
    entry.fill("21")
    page.locator(".mm-quiz").first.locator(".mm-quiz-check").click()
    assert "= 30" in wait_text(page, ".mm-quiz-feedback >> nth=0", "Not quite")
    entry.fill("30")
    page.locator(".mm-quiz").first.locator(".mm-quiz-check").click()
    wait_text(page, ".mm-quiz-feedback >> nth=0", "Right!")


def test_step_through_narrates_each_action(visit: Any) -> None:
    seen = visit("04_sevens_and_jacks", ready=".mm-step-next")
    page = seen.page
    first = page.locator(".mm-step-through").first
    for _ in range(4):
        first.locator(".mm-step-next").click()
        settled(page)  # the kernel has told the step and it is drawn
    text = first.inner_text()
    assert "must draw 4" in text and "Refused" in text and "takes the draw penalty" in text
    assert_clean(seen)


def test_refused_click_shows_its_reason_on_the_table(visit: Any) -> None:
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    page.locator(".mm-new-match").click()
    page.wait_for_selector(".mm-hand .mm-card-button")
    unplayable = page.locator(".mm-hand .mm-card-button:not(.mm-playable)")
    if unplayable.count() == 0:
        pytest.skip("every card fits on this deal")
    unplayable.first.click()
    told = wait_text(page, ".mm-message-box", r"matches neither|waiting|drawing|not one of|may not")
    assert len(told.split()) > 5
    assert_clean(seen)


def _click_and_settle(page: Page, selector: str) -> None:
    """Click, then wait until the table has answered (the log or the message changed)."""
    before = page.locator(".mm-log-box").inner_text() + page.locator(".mm-message-box").inner_text()
    page.locator(selector).first.click()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        now = page.locator(".mm-log-box").inner_text() + page.locator(".mm-message-box").inner_text()
        if now != before:
            settled(page)  # the kernel has handled the click and the hand and the buttons are redrawn
            return
        time.sleep(0.05)
    raise AssertionError(f"clicking {selector} changed nothing")


def _my_move(page: Page, did: set[str]) -> None:
    """One move by the learner: a playable card (a jack with a suit, calls when due), else draw or keep."""
    hand = page.locator(".mm-hand .mm-card-button")
    playable = page.locator(".mm-hand .mm-card-button.mm-playable")
    if playable.count():
        if hand.count() == 2:
            page.locator(".mm-call-one").click()
            did.add("call")
        elif hand.count() == 1:
            page.locator(".mm-call-out").click()
            did.add("call")
        jack = page.locator(".mm-hand .mm-card-button.mm-playable", has_text="J")
        if jack.count():
            _click_and_settle(page, ".mm-hand .mm-card-button.mm-playable >> text=J")
            page.wait_for_selector(".mm-suit-H", state="visible")
            _click_and_settle(page, ".mm-suit-H")
            did.add("jack")
        else:
            _click_and_settle(page, ".mm-hand .mm-card-button.mm-playable")
    elif "may play the card just drawn" in page.locator(".mm-log-box").inner_text().splitlines()[-1]:
        _click_and_settle(page, ".mm-pass")
    else:
        _click_and_settle(page, ".mm-draw")
        did.add("draw")


def test_a_full_round_against_bots_is_played_by_clicking(visit: Any) -> None:
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    page.locator(".mm-new-match").click()
    page.wait_for_selector(".mm-hand .mm-card-button")
    did: set[str] = set()
    rounds = 0
    for _ in range(400):
        if page.locator(".mm-next-round").is_visible():
            rounds += 1
            assert re.search(r"won the round|void", page.locator(".mm-message-box").inner_text())
            if {"jack", "draw", "call"} <= did or rounds >= 6:
                break
            _click_and_settle(page, ".mm-next-round")
            continue
        if page.locator(".mm-draw").is_disabled():  # not the learner's turn yet: wait until it is, or the round ends
            page.locator(".mm-draw:enabled, .mm-next-round:visible").first.wait_for()
            continue
        _my_move(page, did)
    assert rounds >= 1 and {"jack", "draw", "call"} <= did, (rounds, did)
    assert "Round 1" in page.inner_text("body")
    seen.screenshot("07_first_round-after-play")
    assert_clean(seen)


def open_and_close(voila: Any, browser: Any, notebook: str) -> None:
    """Open a page in its own tab until its widgets show, then close the tab as a learner would."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{voila.url}/voila/render/{notebook}.ipynb")
    page.wait_for_selector(".jupyter-widgets", timeout=60_000)
    page.goto("about:blank")
    context.close()


def test_closed_pages_leave_no_kernels_behind(voila: Any, visit: Any, browser: Any) -> None:
    baseline = voila.wait_for_kernels(len(PREHEATED), 90)
    for notebook in ("01_cards_and_matching", "06_calls", "09_house_rules"):
        open_and_close(voila, browser, notebook)
    assert voila.wait_for_kernels(baseline, 60) == baseline


def test_a_revisited_page_gets_a_freshly_preheated_kernel(voila: Any, browser: Any) -> None:
    """The pool a visit used is refilled (the refill waits while a page loads, never for good)."""
    log = voila.log_path
    handed_out = "Using pre-heated kernel"
    for visit_number in (1, 2):
        before = log.read_text().count(handed_out)
        open_and_close(voila, browser, "02_five_rule_sets")
        assert log.read_text().count(handed_out) == before + 1, f"visit {visit_number} had no pre-heated kernel"
        voila.wait_for_kernels(len(PREHEATED), 60)


def test_the_front_door_is_the_course_map(voila: Any) -> None:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", voila.port, timeout=10)
    connection.request("GET", "/")
    answer = connection.getresponse()
    assert answer.status in (301, 302) and answer.getheader("Location", "").endswith("/voila/render/00_welcome.ipynb")
    answer.read()
    connection.request("GET", "/voila/tree")
    listing = connection.getresponse()
    assert listing.status == 200

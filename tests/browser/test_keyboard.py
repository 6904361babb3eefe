"""The course by keyboard alone, and as a screen reader hears the table.

Every test here moves with ``page.keyboard`` only (Tab, arrows, digits, Enter, the table's letters) and
checks at the end that the page saw no mouse event; the table's accessibility tree is read with
Playwright's ``aria_snapshot``, the text a screen reader is given.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page
from test_pages import assert_clean, wait_text

from conftest import settled
from maumau_core.course.practice import TOPICS
from maumau_core.engine.cards import Card, Rank, Suit
from maumau_core.engine.table_sentences import _EVENTS
from maumau_core.i18n import _, speaking
from maumau_core.sentences.access import card_label
from maumau_core.widgets.practice import practice_stream

COUNT_MOUSE = """() => { window.mmMouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown']) {
    window.addEventListener(kind, () => { window.mmMouse += 1; }, true);
  } }"""


def mouse_events(page: Page) -> int:
    return int(page.evaluate("window.mmMouse"))


def in_focus(page: Page, selector: str) -> bool:
    return bool(page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector))


def tab_to(page: Page, selector: str, limit: int = 400) -> None:
    """Press Tab until the element in focus matches ``selector``."""
    for _move in range(limit):
        if in_focus(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def settle(page: Page, before: str, seconds: float = 10) -> None:
    """Wait until the table answered a key (its log or message changed), then for the redraw to finish (the
    kernel has handled the key's click and its hand, buttons and log are drawn)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if table_text(page) != before:
            settled(page)
            return
        time.sleep(0.05)
    raise AssertionError("the table did not answer the key")


def table_text(page: Page) -> str:
    return page.locator(".mm-log-box").inner_text() + page.locator(".mm-message-box").inner_text()


def card_names(page: Page) -> list[str]:
    return [button.get_attribute("aria-label") or "" for button in page.locator(".mm-hand .mm-card-button").all()]


@dataclass(frozen=True)
class TableWords:
    """What the table says, in one language, that a keyboard player reads to choose a move: the end of a
    playable card's name, the names of the jacks, the start of "you may play the card you just drew"."""

    playable: str
    jacks: tuple[str, ...]
    drawn_playable: str

    @classmethod
    def of(cls, language: str) -> TableWords:
        card = Card(Rank.QUEEN, Suit.HEARTS)
        with speaking(language):
            return cls(
                card_label(card, True).removeprefix(card.name),
                tuple(Card(Rank.JACK, suit).name for suit in Suit),
                _(_EVENTS["drawn-playable"][1]).split("{cards}")[0].rstrip(" ("),
            )


ENGLISH = TableWords.of("en")


def new_match_by_keyboard(page: Page) -> None:
    page.evaluate(COUNT_MOUSE)
    tab_to(page, ".mm-new-match")
    page.keyboard.press("Enter")
    page.wait_for_selector(".mm-hand .mm-card-button")
    page.wait_for_function("document.querySelector('.mm-hand .mm-card-button').hasAttribute('aria-label')")


def my_move(page: Page, did: set[str], words: TableWords = ENGLISH) -> None:
    """One move with keys: a card that may be played (moved to with a digit or the arrows, played with Enter;
    a jack's suit with Enter on the suit button that takes the focus), else D to draw, or P to keep."""
    names = card_names(page)
    playable = [i for i, name in enumerate(names) if name.endswith(words.playable)]
    before = table_text(page)
    if playable:
        at = playable[0]
        if len(names) in (1, 2):
            page.keyboard.press("m" if len(names) == 2 else "u")
            did.add("call")
        if at < 9:
            page.keyboard.press(str(at + 1))
        else:
            page.keyboard.press("1")
            for _ in range(at):
                page.keyboard.press("ArrowRight")
        assert in_focus(page, ".mm-hand .mm-card-button")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == names[at]
        page.keyboard.press("Enter")
        if names[at].removesuffix(words.playable) in words.jacks:
            page.wait_for_function("document.activeElement.closest('.mm-suits') !== null")
            page.keyboard.press("Enter")
            did.add("jack")
        did.add("play")
    elif words.drawn_playable in page.locator(".mm-log-box").inner_text().splitlines()[-1]:
        page.keyboard.press("p")
    else:
        page.keyboard.press("d")
        did.add("draw")
    settle(page, before)
    assert page.evaluate("document.activeElement.closest('.mm-play-table') !== null"), "focus left the table"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_full_round_of_classic_is_played_with_the_keyboard_alone(visit: Any, language: str) -> None:
    """The same keys in every language (the table's key list is one); the names the player hears are the
    page's (French here: "valet de cœur, jouable")."""
    words = TableWords.of(language)
    seen = visit("07_first_round" if language == "en" else f"{language}/07_first_round", ready=".mm-new-match")
    page = seen.page
    new_match_by_keyboard(page)
    did: set[str] = set()
    for _turn in range(300):
        if page.locator(".mm-next-round").is_visible():
            break
        if page.locator(".mm-draw").is_disabled():  # not the learner's turn yet: wait until it is, or the round ends
            page.locator(".mm-draw:enabled, .mm-next-round:visible").first.wait_for()
            continue
        my_move(page, did, words)
    assert page.locator(".mm-next-round").is_visible(), "the round never ended"
    with speaking(language):  # how the table ends a round: you won, someone won, or it was void
        ends = [
            _("You won the round."),
            _("{winner} won the round.").split("{winner}")[-1],
            _("The round is void: nobody wins it."),
        ]
    message = page.locator(".mm-message-box").inner_text()
    assert any(end in message for end in ends), (ends, message)
    assert {"play", "draw"} <= did, did
    before = table_text(page)
    page.keyboard.press("n")  # the next round, by its letter
    settle(page, before)
    assert not page.locator(".mm-next-round").is_visible()
    assert mouse_events(page) == 0
    seen.screenshot(f"{language}-07_first_round-keyboard")
    assert_clean(seen)


def test_the_table_names_its_cards_and_announces_a_refusal(visit: Any) -> None:
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    new_match_by_keyboard(page)
    hand = page.locator(".mm-hand").aria_snapshot()
    buttons = re.findall(r'button "([^"]+)"', hand)
    assert buttons and all(
        re.fullmatch(
            r"(ace|king|queen|jack|\w+) of (clubs|diamonds|hearts|spades), "
            r"may (not )?be played",
            name,
        )
        for name in buttons
    ), hand
    assert any(name.endswith(", may be played") for name in buttons) or "may not" in hand
    box = page.locator(".mm-message-box")
    assert box.get_attribute("role") == "status" and box.get_attribute("aria-live") == "polite"
    assert re.search(r"Top card: \w+ of \w+\.", box.aria_snapshot()), box.aria_snapshot()
    refused = [i for i, name in enumerate(card_names(page)) if name.endswith("may not be played")]
    if not refused:
        return  # every card fits on this deal: nothing to refuse
    before = table_text(page)
    page.keyboard.press(str(refused[0] + 1) if refused[0] < 9 else "End")
    page.keyboard.press("Enter")
    settle(page, before)
    told = box.aria_snapshot()
    assert re.search(r"status:.*(matches neither|waiting|drawing|not one of|may not)", told, re.S), told
    assert in_focus(page, ".mm-hand .mm-card-button"), "focus left the hand"
    assert mouse_events(page) == 0
    assert_clean(seen)


def test_toggles_say_whether_they_are_pressed(visit: Any) -> None:
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    new_match_by_keyboard(page)
    toggle = page.locator(".mm-call-one")
    assert toggle.get_attribute("aria-pressed") == "false"
    page.keyboard.press("1")
    page.keyboard.press("m")
    page.wait_for_function("document.querySelector('.mm-call-one').getAttribute('aria-pressed') === 'true'")
    assert mouse_events(page) == 0


def test_a_check_yourself_question_is_answered_with_the_keyboard(visit: Any) -> None:
    seen = visit("03_setting_up", ready=".mm-quiz")
    page = seen.page
    page.evaluate(COUNT_MOUSE)
    quiz = page.locator(".mm-quiz").first
    tab_to(page, ".mm-quiz input[type=radio]")
    for _step in range(10):  # arrows move the choice along the radio group
        label = page.evaluate("document.activeElement.closest('label').innerText")
        if "7 cards" in label:
            break
        page.keyboard.press("ArrowDown")
    else:
        raise AssertionError("the right answer was never reached")
    tab_to(page, ".mm-quiz-check")
    page.keyboard.press("Enter")
    feedback = quiz.locator(".mm-quiz-feedback")
    feedback.filter(has_text=re.compile(r"^Right!")).wait_for()
    assert feedback.get_attribute("role") == "status"
    assert mouse_events(page) == 0
    assert_clean(seen)


def test_a_practice_question_is_answered_with_the_keyboard(visit: Any) -> None:
    drill = TOPICS["playable"][1](practice_stream("playable", 1))
    assert drill.round is not None
    right = {str(card) for card in drill.round.playable_cards()}
    seen = visit("10_practice", ready=".mm-practice-check")
    page = seen.page
    page.evaluate(COUNT_MOUSE)
    tab_to(page, ".mm-practice .mm-card-button")
    picked = 0
    for _step in range(40):  # along the cards: Enter picks a playable one (the redraw keeps the focus there)
        if in_focus(page, ".mm-practice-check"):
            break
        classes = page.evaluate("document.activeElement.className")
        card = next(
            (c.removeprefix("mm-card-") for c in classes.split() if c.startswith("mm-card-") and c != "mm-card-button"),
            None,
        )
        if card in right and "mm-picked" not in classes:
            picked += 1
            page.keyboard.press("Enter")
            page.wait_for_function(f"document.querySelectorAll('.mm-practice .mm-picked').length === {picked}")
            page.wait_for_function("document.activeElement.classList.contains('mm-card-button')")
            continue
        page.keyboard.press("Tab")
    assert picked == len(right)
    tab_to(page, ".mm-practice-check")
    page.keyboard.press("Enter")
    wait_text(page, ".mm-practice-feedback", r"^Right! Playable")
    assert mouse_events(page) == 0
    assert_clean(seen)


def test_the_mao_table_is_played_by_keyboard_and_keeps_its_secret(visit: Any) -> None:
    seen = visit("13_mao_puzzle", ready=".mm-mao-new")
    page = seen.page
    page.evaluate(COUNT_MOUSE)
    tab_to(page, ".mm-mao-new")
    page.keyboard.press("Enter")
    page.wait_for_selector(".mm-mao-table .mm-hand .mm-card-button[aria-label]")
    hand = page.locator(".mm-mao-table .mm-hand .mm-card-button").all()
    names = [button.get_attribute("aria-label") or "" for button in hand]
    # a card's name, never whether the secret law allows it
    assert names and all(re.fullmatch(r"\w+ of (clubs|diamonds|hearts|spades)", name) for name in names), names
    before = table_text(page)
    page.keyboard.press("1")
    assert in_focus(page, ".mm-mao-table .mm-hand .mm-card-button")
    page.keyboard.press("Enter")
    settle(page, before)
    assert page.evaluate("document.activeElement.closest('.mm-mao-table') !== null"), "focus left the table"
    assert page.locator(".mm-mao-table .mm-message-box").get_attribute("role") == "status"
    # a guess typed at full speed and sent with Enter is judged whole, once
    tab_to(page, ".mm-mao-table .mm-guess-text input")
    page.keyboard.type("not face")
    page.keyboard.press("Enter")
    wait_text(page, ".mm-mao-table .mm-guess-count", r"Guesses checked for this law: 1\.")
    assert page.locator(".mm-mao-table .mm-guess-feedback").inner_text().startswith("Not that law.")
    assert in_focus(page, ".mm-mao-table .mm-guess-text input")
    assert mouse_events(page) == 0
    assert_clean(seen)

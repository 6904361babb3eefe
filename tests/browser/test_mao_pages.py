"""The Mao pages in headless chromium: play under a secret law, guess it, ask the detective, write a law."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page
from test_pages import assert_clean, wait_text

from maumau_core.course.progress import Progress
from maumau_core.mao.inquiry import CANDIDATES_AFTER
from maumau_core.mao.law_library import CAMPAIGN, LIBRARY, campaign_label


def submit(page: Page, kind: str, text: str, answer: str, *, by_enter: bool = False) -> str:
    """Type ``text`` into a guess or workshop box, press its button (or, ``by_enter``, type it key by key at
    full speed and press Enter), wait for an answer matching ``answer``."""
    box = page.locator(f".mm-{kind}-text input").first
    if by_enter:
        box.fill("")
        box.press_sequentially(text)
        box.press("Enter")
    else:
        box.fill(text)
        page.click(f".mm-{kind}-check")
    return wait_text(page, f".mm-{kind}-feedback", answer)


def let_the_others_play(page: Page) -> None:
    """After a legal play the bots wait for the learner's words; a click on "Let the others play" moves on.

    The table shows the button before it redraws the history, so once the history has changed the button
    is already shown if it is going to be."""
    go_on = page.locator(".mm-mao-go-on")
    if go_on.is_visible():
        go_on.click()
        go_on.wait_for(state="hidden")


def option_labels(page: Page) -> list[str]:
    """The labels of the law dropdown's options, as the page holds them."""
    labels: list[str] = page.locator(".mm-law-pick select").evaluate("s => [...s.options].map(o => o.value)")
    return labels


def new_match_with(page: Page, law: str) -> None:
    """A teacher picks the law (named on the page only by its campaign label), then deals."""
    entry = next(e for e in CAMPAIGN if e.name == law)
    page.locator(".mm-mao-table").get_by_text("Bots, seed, and a jump").click()
    select = page.locator(".mm-law-pick select")
    select.select_option(
        value=next(
            text
            for text in option_labels(page)
            if text.startswith(campaign_label(entry) + " ") or text == campaign_label(entry)
        )
    )
    page.click(".mm-mao-new")
    wait_text(page, ".mm-message-box", r"secret law is in force|won the round")
    wait_text(page, ".mm-campaign-place", re.escape(campaign_label(entry)))


def test_a_round_under_a_secret_law_guessing_and_the_detective(visit: Any) -> None:
    seen = visit("13_mao_puzzle", ready=".mm-mao-new")
    page = seen.page
    new_match_with(page, "no-sevens")
    page.locator(".mm-hand .mm-card-button").first.wait_for()
    for _ in range(4):  # try the first card of the hand: accepted or refused, the referee answers
        if page.locator(".mm-next-round").is_visible():
            break
        before = page.locator(".mm-history").inner_html()
        page.locator(".mm-hand .mm-card-button").first.click()
        page.wait_for_function(  # every attempt, accepted or refused, joins the history
            "before => document.querySelector('.mm-history').innerHTML !== before", arg=before
        )
        let_the_others_play(page)
    text = submit(page, "guess", "after Q: black", r"Not that law\.")
    assert "your law" in text and "the secret law" in text and "right after" in text
    submit(page, "guess", "not 7 or", r"does not read at the end")
    submit(page, "guess", "not 7", r"^Correct!", by_enter=True)  # judged whole: the text reaches the kernel first
    page.click(".mm-detective-ask")
    wait_text(page, ".mm-detective-box", r"candidate laws still fit", seconds=30)
    assert page.locator(".mm-history svg").count() >= 1
    seen.screenshot("13_mao_puzzle-played")
    assert_clean(seen)


def test_a_played_card_gets_the_referees_words_only(visit: Any) -> None:
    seen = visit("13_mao_puzzle", ready=".mm-mao-new")
    page = seen.page
    new_match_with(page, "tutorial")
    page.locator(".mm-hand .mm-card-button").first.click()
    text = wait_text(page, ".mm-message-box", r"plays|penalty|wrong|draws")
    assert "after Q" not in text, "the referee must never say the law"
    assert_clean(seen)


def test_writing_a_law_reads_it_back_or_says_what_is_wrong(visit: Any) -> None:
    seen = visit("14_write_a_law", ready=".mm-workshop-check")
    page = seen.page
    submit(
        page,
        "workshop",
        "after 8 until red odd",
        r"does not read at position 19: expected “:”, “and”, “or” or “until” but found “odd”",
    )
    submit(page, "workshop", "higher", r"stop the game for good")
    text = submit(page, "workshop", "after queen until black: black", r"The referee reads")
    assert "after Q until black: black" in text and "same law as “after Q: black”" in text
    submit(page, "guess", "after 8: black", r"Not that law\. .*right after 8")
    submit(page, "guess", "after eight: red", r"^Correct!")
    seen.screenshot("14_write_a_law-used")
    assert_clean(seen)


def test_the_secret_never_reaches_the_browser_before_the_reveal(visit: Any) -> None:
    """Page HTML and every websocket frame, while playing, guessing wrong and asking the detective."""
    entry = next(e for e in LIBRARY if e.name == "eight-odd")
    seen = visit("13_mao_puzzle", ready=".mm-mao-new")
    page = seen.page
    new_match_with(page, entry.name)
    for _ in range(3):
        if page.locator(".mm-next-round").is_visible():
            break
        before = page.locator(".mm-history").inner_html()
        page.locator(".mm-hand .mm-card-button").last.click()
        page.wait_for_function("before => document.querySelector('.mm-history').innerHTML !== before", arg=before)
        let_the_others_play(page)
    submit(page, "guess", "black", r"Not that law\.")
    assert not page.locator(".mm-next-round").is_visible(), "the round ended: the reveal is allowed now"
    traffic = "\n".join(seen.frames) + page.content()
    assert len(seen.frames) > 20 and "Not that law" in "\n".join(seen.frames)  # the capture sees the traffic
    for secret in (entry.notation, str(entry.law), entry.description):
        assert secret not in traffic, f"the secret leaked: {secret!r}"


def guess(page: Page, text: str, count: int) -> str:
    """Check a guess at the table's law; once the counter shows it as guess ``count``, the answer to it."""
    page.fill(".mm-guess-text input", text)
    page.click(".mm-guess-check")
    wait_text(page, ".mm-guess-count", rf"Guesses checked for this law: {count}\.")
    return page.locator(".mm-guess-feedback").inner_text()


#: A wrong guess for each of the campaign's first three laws (two for the first: two different clues).
WRONG = {1: ["after Q: red", "after K: black"], 2: ["not 8"], 3: ["not K"]}


def test_a_learner_walks_the_campaigns_first_three_laws_and_the_course_map_shows_them(visit: Any) -> None:
    """Guess wrong, read the counter-example, guess right, three times; the detective keeps its candidate
    laws until the learner has made enough guesses; after a reload the course map lists the laws found."""
    Progress.load().reset()  # the pages' kernels read the same record (MAUMAU_PROGRESS, set by the tests)
    seen = visit("13_mao_puzzle", ready=".mm-mao-new")
    page = seen.page
    assert f"{CANDIDATES_AFTER} guesses" in page.inner_text("body")  # the page states when candidates come
    for number in (1, 2, 3):
        page.click(".mm-mao-new")
        entry = CAMPAIGN[number - 1]
        wait_text(page, ".mm-campaign-place", rf"now playing {re.escape(campaign_label(entry))} · {number - 1} of")
        page.locator(".mm-hand .mm-card-button").first.wait_for()
        if number == 1:
            page.click(".mm-detective-ask")
            told = wait_text(page, ".mm-detective-box", r"candidate laws still fit", seconds=30)
            assert "telling play" in told or "draw" in told
            assert f"once you have made {CANDIDATES_AFTER} guesses" in told and "The simplest" not in told
        clues = []
        for count, wrong in enumerate(WRONG[number], start=1):
            text = guess(page, wrong, count)
            assert re.match(r"Not that law\. With .* turned up", text), text
            assert "right after" in text and "the secret law" in text
            clues.append(text)
        assert len(set(clues)) == len(clues), "each wrong guess gets a clue not shown before"
        text = guess(page, entry.notation, len(WRONG[number]) + 1)
        assert text.startswith("Correct!") and f"{campaign_label(entry)} solved" in text
        wait_text(page, ".mm-campaign-place", rf"{number} of {len(CAMPAIGN)} laws solved")
        if number == 1:
            page.click(".mm-detective-ask")
            wait_text(page, ".mm-detective-box", r"The simplest", seconds=30)
    seen.screenshot("13_mao_puzzle-campaign")
    assert_clean(seen)
    course_map = visit("00_welcome", ready=".mm-progress")
    for entry in CAMPAIGN[:3]:
        wait_text(course_map.page, ".mm-progress", rf"found: {entry.name} ")
    assert CAMPAIGN[3].name not in course_map.page.inner_text(".mm-progress")


def test_the_law_dropdown_names_no_law_on_the_page_or_in_the_websocket_frames(visit: Any) -> None:
    seen = visit("13_mao_puzzle", ready=".mm-mao-new")
    page = seen.page
    page.locator(".mm-mao-table").get_by_text("Bots, seed, and a jump").click()
    select = page.locator(".mm-law-pick select")
    options = option_labels(page)
    assert len(options) == len(CAMPAIGN) + 1
    select.select_option(index=5)
    page.click(".mm-mao-new")
    wait_text(page, ".mm-campaign-place", re.escape(campaign_label(CAMPAIGN[4])))
    labels = [
        found
        for frame in seen.frames
        for found in re.findall(r'"_options_labels":\s*\[[^\]]*\]', frame)
        if "Law 1 · " in found
    ]
    assert labels, "the capture sees the dropdown's state"
    shown = " ".join(options) + "\n".join(labels)
    for entry in LIBRARY:
        assert entry.name not in shown and entry.notation not in shown, entry.name
    # Nowhere on the page or in the traffic is a law's notation (the tutorial law is taught openly in lesson 12).
    traffic = "\n".join(seen.frames) + page.content()
    for entry in LIBRARY[1:]:
        assert entry.notation not in traffic, entry.notation
    assert_clean(seen)

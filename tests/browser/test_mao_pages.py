"""The Mao pages in headless chromium: play under a secret law, guess it, ask the detective, write a law."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from test_pages import assert_clean, wait_text


def submit(page: Page, kind: str, text: str, answer: str) -> str:
    """Type ``text`` into a guess or workshop box, press its button, wait for an answer matching ``answer``."""
    page.fill(f".mm-{kind}-text input", text)
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


def new_match_with(page: Page, law: str) -> None:
    """A teacher picks the law, then deals."""
    page.get_by_text("Bots, law level, seed").click()
    page.locator(".mm-mao-table select").nth(1).select_option(label=law)
    page.click(".mm-mao-new")
    wait_text(page, ".mm-message-box", r"secret law is in force|won the round")


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
            "before => document.querySelector('.mm-history').innerHTML !== before", arg=before)
        let_the_others_play(page)
    text = submit(page, "guess", "after Q: black", r"Not that law\.")
    assert "your law" in text and "the secret law" in text and "right after" in text
    submit(page, "guess", "not 7 or", r"does not read at the end")
    submit(page, "guess", "not 7", r"^Correct!")
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
    submit(page, "workshop", "after 8 until red odd",
           r"does not read at position 19: expected “:”, “and”, “or” or “until” but found “odd”")
    submit(page, "workshop", "higher", r"stop the game for good")
    text = submit(page, "workshop", "after queen until black: black", r"The referee reads")
    assert "after Q until black: black" in text and "same law as “after Q: black”" in text
    submit(page, "guess", "after 8: black", r"Not that law\. .*right after 8")
    submit(page, "guess", "after eight: red", r"^Correct!")
    seen.screenshot("14_write_a_law-used")
    assert_clean(seen)


def test_the_secret_never_reaches_the_browser_before_the_reveal(visit: Any) -> None:
    """Page HTML and every websocket frame, while playing, guessing wrong and asking the detective."""
    from maumau_core.mao.law_library import LIBRARY

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

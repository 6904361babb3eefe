"""The strategy lab pages in headless chromium: predict, simulate, read the verdict; measure a house rule."""

from __future__ import annotations

import re
from typing import Any

from test_pages import assert_clean, wait_text


def test_predict_simulate_and_read_the_verdict(visit: Any) -> None:
    seen = visit("15_strategy_lab", ready=".mm-lab-run")
    page = seen.page
    page.click(".mm-lab-run")
    wait_text(page, ".mm-lab-result", r"First make your prediction")
    page.locator(".mm-lab-predict button", has_text="helps").click()
    page.click(".mm-lab-run")
    text = wait_text(page, ".mm-lab-result", r"won \d+% of rounds", seconds=60)
    assert "without it" in text and ("For:" in text)
    assert page.locator(".mm-lab-plot svg").count() == 1
    seen.screenshot("15_strategy_lab-verdict")
    assert_clean(seen)


#: The room, in pixels, between the words of each heading and the next one's (a range's box is its text's).
HEADING_GAPS = """selector => {
  const boxes = [...document.querySelectorAll(selector)].map(cell => {
    const range = document.createRange(); range.selectNodeContents(cell); return range.getBoundingClientRect();
  });
  return boxes.slice(1).map((box, index) => box.left - boxes[index].right);
}"""


def test_measure_what_a_house_rule_does(visit: Any) -> None:
    seen = visit("16_house_rule_effects", ready=".mm-lab-measure-run")
    page = seen.page
    page.click(".mm-lab-measure-run")
    text = wait_text(page, ".mm-lab-measure-result", r"turns per round", seconds=60)
    assert set(re.findall(r"\b(?:yes|no)\b", text)) == {"yes", "no"}  # "Draw cards stack", its two values
    gaps = page.evaluate(HEADING_GAPS, ".mm-lab-measure-result .mm-effects th")
    assert len(gaps) == 4 and min(gaps) >= 16, f"the table's headings run together: {gaps} px between them"
    seen.screenshot("16_house_rule_effects-measured")
    assert_clean(seen)


def test_build_a_bot_from_tips_and_race_it(visit: Any) -> None:
    seen = visit("15_strategy_lab", ready=".mm-build-run")
    page = seen.page
    page.locator(".mm-build-keep-a-jack input").check()
    page.locator(".mm-build-suit-spread input").check()
    page.click(".mm-build-run")
    text = wait_text(
        page,
        ".mm-build-result",
        r"Your bot \(“Keep a jack in reserve” and “Play from your longest suit”\) won",
        seconds=60,
    )
    assert "rounds" in text
    assert_clean(seen)

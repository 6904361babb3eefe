"""Every page as assistive technology meets it: axe-core finds no violation of any impact (WCAG's rules and
axe's best practices: a main landmark, headings in order, table headings with words), and no button, label or
menu has its words cut off, on a laptop (1280 px) or a tablet (800 px). The same visit
checks that the page opened without errors or visible code.

axe-core (bundled by ``axe-playwright-python``) runs in the page after its widgets are drawn, as
``make run`` serves it. A failure lists each rule broken, its impact, and the first nodes that break it.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page
from test_pages import NOTEBOOKS, QUIZZES, answer_checks, assert_clean, page_text

from conftest import Visit, resized, settled

WIDTHS = (1280, 800)
#: Controls and labels whose text does not fit their box (clipped or ended with "…"), as "tag: text"; and a
#: menu's choices that would not fit its box once chosen (a closed menu shows its choice cut, and its own size
#: says nothing of it: the text is measured in the menu's font instead).
CUT_OFF = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const menus = Array.from(document.querySelectorAll('select')).filter(s => s.getClientRects().length && !s.multiple)
    .flatMap(s => {
      const style = getComputedStyle(s);
      ctx.font = style.font;
      const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return Array.from(s.options).filter(o => ctx.measureText(o.text).width > room + 1)
        .map(o => 'option: ' + o.text.slice(0, 60));
    });
  return Array.from(document.querySelectorAll(
      'button, label, .widget-label, .widget-label-basic span, .widget-html-content'))
    .filter(e => e.getClientRects().length && (e.innerText || '').trim()
                 && getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
    .map(e => e.tagName.toLowerCase() + ': ' + e.innerText.trim().slice(0, 60)).concat(menus);
}"""


def violations(results: dict[str, Any]) -> list[str]:
    """One line per violation, whatever its impact: the rule, its impact, and up to three of its nodes."""
    lines = []
    for violation in results["violations"]:
        nodes = "; ".join(" ".join(node["target"]) for node in violation["nodes"][:3])
        lines.append(f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])} nodes): {nodes}")
    return lines


def axe_results(page: Page) -> dict[str, Any]:
    """axe-core's results on the whole page, its violations only."""
    return Axe().run(page, options={"resultTypes": ["violations"]}).response


def axe_clean(seen: Visit) -> None:
    """axe-core on the whole page: no violation, of any impact."""
    found = violations(axe_results(seen.page))
    assert not found, "\n".join(found)


def opened_cleanly(seen: Visit) -> None:
    """A page drawn: no error output, no code showing, axe clean."""
    assert_clean(seen)
    text = page_text(seen.page)
    assert "import " not in text and ".widget" not in text, "code is showing"
    axe_clean(seen)


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_page_opens_cleanly_and_has_no_accessibility_violation(visit: Any, notebook: str) -> None:
    """One visit per page (they are the slow part of the run): no error output, no code showing, axe clean,
    its check-yourself questions answered wrong and right, nothing cut off."""
    seen = visit(notebook)
    settled(seen.page)  # the last widgets are drawn
    seen.screenshot(notebook)
    opened_cleanly(seen)
    if notebook in QUIZZES:
        answer_checks(seen, notebook)
    closed = seen.page.locator(
        ".jupyter-widget-Collapse:not(.jupyter-widget-Collapse-open) > .jupyter-widget-Collapse-header"
    ).locator("visible=true")
    for _ in range(20):  # what a closed accordion holds must fit too
        if not closed.count():
            break
        closed.first.click()
    for width in WIDTHS:
        resized(seen.page, width)
        assert not seen.page.evaluate(CUT_OFF), (width, seen.page.evaluate(CUT_OFF))


def test_focus_is_ringed_and_motion_stops_on_request(visit: Any) -> None:
    """A control in focus by keyboard has a 3 px ring; a browser asking for reduced motion gets none."""
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    page.emulate_media(reduced_motion="reduce")
    for _ in range(200):
        if page.evaluate("document.activeElement && document.activeElement.matches('.mm-new-match')"):
            break
        page.keyboard.press("Tab")
    ring = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement); "
        "return [s.outlineStyle, s.outlineWidth, s.outlineColor]; })()"
    )
    assert ring == ["solid", "3px", "rgb(26, 95, 180)"], ring
    # an element that asks for a 2 s fade and a spin (as a widget's own style would) gets neither
    moving = page.evaluate("""(() => { const box = document.createElement('div');
        box.style.transition = 'opacity 2s'; box.style.animation = 'spin 2s infinite';
        document.body.appendChild(box); const s = getComputedStyle(box);
        return [s.transitionDuration, s.animationDuration, s.animationIterationCount]; })()""")
    assert float(moving[0].rstrip("s")) < 0.001 and float(moving[1].rstrip("s")) < 0.001 and moving[2] == "1", moving


@pytest.mark.parametrize("four_colour", [False, True])
def test_cards_are_told_apart_without_colour_in_both_decks(visit: Any, four_colour: bool) -> None:
    """Every card on the table passes axe's contrast check in the two- and the four-colour deck, and a
    card that may be played carries a mark besides its tint."""
    seen = visit("07_first_round", ready=".mm-new-match")
    page = seen.page
    if four_colour:
        page.locator(".mm-play-table .jupyter-widget-Collapse-header").click()
        page.locator(".mm-play-table label", has_text="Four-colour deck").click()
    page.locator(".mm-new-match").click()
    page.wait_for_selector(".mm-hand .mm-card-button")
    playable = page.locator(".mm-hand .mm-card-button.mm-playable")
    for _ in range(30):  # draw until a card may be played
        settled(page)  # the deal or the draw is answered and the hand redrawn with its marks
        if playable.count():
            break
        if page.locator(".mm-draw").is_enabled():
            page.locator(".mm-draw").click()
    results = (
        Axe()
        .run(page, context=".mm-play-table", options={"runOnly": ["color-contrast", "link-in-text-block"]})
        .response
    )
    assert not violations(results), "\n".join(violations(results))
    marks = page.evaluate(
        "Array.from(document.querySelectorAll('.mm-hand .mm-card-button')).map(b => "
        "[b.classList.contains('mm-playable'), getComputedStyle(b, '::after').content])"
    )
    assert any(playable for playable, _ in marks), "no card may be played on this deal"
    assert all((mark == '"▲"') == playable for playable, mark in marks), marks

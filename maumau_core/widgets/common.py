"""Small pieces every course widget shares: safe callbacks and card buttons."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from maumau_core.engine.cards import Card, Suit
from maumau_core.errors import MauMauError
from maumau_core.i18n import _
from maumau_core.sentences.access import card_label

SUIT_COLOURS = {Suit.CLUBS: "#111111", Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e"}
FOUR_SUIT_COLOURS = {Suit.CLUBS: "#1b7a2f", Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f5fbf"}


def safely(show: Callable[[str], None]) -> Callable[[Callable[..., object]], Callable[..., None]]:
    """Wrap a widget callback so that no exception, and no traceback, ever reaches the page.

    A refusal from the library is shown as its one sentence; anything else
    as one plain sentence too (the text of an exception raised in a callback
    would otherwise travel to the browser).
    """

    def wrap(callback: Callable[..., object]) -> Callable[..., None]:
        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> None:
            try:
                callback(*args, **kwargs)
            except MauMauError as error:
                show(str(error))
            except Exception:  # noqa: BLE001 - the page must stay usable whatever happens
                show(_("Sorry, that did not work. Please try again or start a new round."))

        return run

    return wrap


def enter_sends(box: w.Text, button: w.Button, row: w.Box | None = None) -> w.Box:
    """Mark an answer ``box`` whose Enter clicks ``button``, both in ``row`` (by default a row of the two), and
    return the row.

    The page's script (the template's ``access.js``) does the clicking: on Enter in a marked box it commits
    the box's text, then clicks the button, so the kernel reads the whole text before the click. The box sends
    its text once, when it is committed (``continuous_update`` off), so no keystroke's update is held back
    behind another and reaches the kernel after the click. ipywidgets' own Enter message ("submit") is not
    used: its front end sends it ahead of the last letters typed (jupyter-widgets/ipywidgets pull request
    4034), and a check run on it judged, and counted, an older text.
    """
    row = w.HBox([box, button]) if row is None else row
    box.continuous_update = False
    box.add_class("mm-enter-sends")
    button.add_class("mm-sent-by-enter")
    row.add_class("mm-answer")
    return row


def replace_children(box: w.Box, children: list[w.Widget]) -> None:
    """Put new widgets in a box and close the ones that left it (an old hand's cards, old flag buttons).

    A page redrawn after every move would otherwise keep every button it ever showed alive in the
    kernel (and its model in the browser) for the whole match. Buttons made here share their layout and
    style models (see :func:`card_button`), so closing a button closes nothing another still uses.
    """
    old = [child for child in box.children if child not in children]
    box.children = children
    for child in old:
        child.close()


def plain_button(description: str, *, tooltip: str = "") -> w.Button:
    """A button that shares its layout and style with every other plain button (cheap to make and close)."""
    return w.Button(description=description, tooltip=tooltip, layout=_plain_layout(), style=_plain_style())


def card_button(
    card: Card,
    *,
    playable: bool | None = None,
    picked: bool = False,
    four_colour: bool = False,
    on_click: Callable[[Card], None] | None = None,
) -> w.Button:
    """A card as a button: its symbol with the letters of the kernel's language (``D♥`` in French); its name and state ("queen of hearts, may be played") as tooltip and,
    through the page's script, as the name screen readers say; when it may be played a green tint, a
    thicker border and a corner mark (class ``mm-playable``: never colour alone), yellow when picked.

    Buttons of the same look share one layout and one style model, so a page with many cards sends the
    browser a few models instead of three per card (pages appear sooner, clicks redraw less).
    """
    colours = FOUR_SUIT_COLOURS if four_colour else SUIT_COLOURS
    background = "#ffe8a3" if picked else "#eaf7ee" if playable else "#ffffff"
    button = w.Button(
        description=card.local_symbol,
        tooltip=card_label(card, playable, picked=picked),
        layout=_card_layout(bool(playable)),
        style=_card_style(colours[card.suit], background),
    )
    button.add_class("mm-card-button")
    button.add_class(f"mm-card-{card}")
    if playable:
        button.add_class("mm-playable")
    if picked:
        button.add_class("mm-picked")
    if on_click is not None:
        button.on_click(lambda _b: on_click(card))
    return button


@functools.cache
def _plain_layout() -> w.Layout:
    return w.Layout()


@functools.cache
def _plain_style() -> w.ButtonStyle:
    return w.ButtonStyle()


@functools.cache
def _card_layout(playable: bool) -> w.Layout:
    return w.Layout(
        width="52px", height="68px", padding="0", border="2px solid #0b6b2b" if playable else "1px solid #767676"
    )


@functools.cache
def _card_style(colour: str, background: str) -> w.ButtonStyle:
    return w.ButtonStyle(button_color=background, text_color=colour, font_size="17px", font_weight="bold")

"""Sentences for learners who use the keyboard or a screen reader: card names with their state, the
table's news read aloud, and the table's keyboard shortcuts.

A screen reader hears a card button as what it is and whether it may be played (the symbol "Q♥" alone
says neither), and hears the table's news (top card, suit to follow, a waiting penalty, whose turn)
in the one live region of the table, only when it changed. The shortcut lists are shown on the page
beside each table, so a sighted keyboard user finds them too.

The key letters are the same in every language (what they do is translated), and they are written once, here:
the shortcut list carries each letter's button, and the page's script (``access.js``) reads the letters from
it.
"""

from __future__ import annotations

from typing import NamedTuple

from maumau_core.engine.cards import Card, Suit
from maumau_core.i18n import N_, _, ngettext

#: The second cue of a playable card (besides its tint): a mark in its corner, and the words screen
#: readers hear.
PLAYABLE_MARK = "▲"


def card_label(card: Card, playable: bool | None = None, *, picked: bool = False) -> str:
    """A card button's accessible name (and tooltip): "queen of hearts, may be played" (or "may not be
    played"), or just the card's name when playing is not the question (another player's turn, a quiz's
    cards, where "picked" is said instead)."""
    if picked:
        # Translators: a card button's name for screen readers, e.g. "queen of hearts, picked".
        return _("{card}, picked").format(card=card.name)
    if playable is None:
        return card.name
    if playable:
        # Translators: a card button's name for screen readers, e.g. "queen of hearts, may be played".
        return _("{card}, may be played").format(card=card.name)
    return _("{card}, may not be played").format(card=card.name)


def top_card_news(card: Card) -> str:
    return _("Top card: {card}.").format(card=card.name)


def named_suit_news(suit: Suit) -> str:
    # Translators: {suit} is a suit in the plural ("hearts"), {symbol} its sign (♥).
    return _("Suit named: {suit} {symbol}.").format(suit=suit.noun, symbol=suit.symbol)


def waiting_news(cards: int) -> str:
    return ngettext(
        "A draw penalty of {count} card is waiting.", "A draw penalty of {count} cards is waiting.", cards
    ).format(count=cards)


def turn_news(name: str, *, mine: bool) -> str:
    # Translators: {player} is a player's name ("Player 2", "Ben").
    return _("Your turn.") if mine else _("{player}'s turn.").format(player=name)


#: Said when the round has ended (translate it with ``_()`` where it is said).
ROUND_OVER_NEWS = N_("The round is over.")


class Shortcut(NamedTuple):
    """One of a table's keyboard shortcuts: the keys, what they do (an English message: say it with ``_()``),
    and for a letter the class of the button it clicks. A letter is the same in every language; the keys of
    a shortcut without a button ("Enter", the arrows) are a message too, said with ``_()``."""

    keys: str
    does: str
    clicks: str = ""


# Translators: the keys that move along the hand (the arrow keys, or a digit): translate only the "or".
_ALONG = N_("← → (or 1–9)")
# Translators: the name of the Enter key as keyboards in your language print it.
_ENTER = N_("Enter")

#: What both tables' hands answer to.
_HAND_KEYS: tuple[Shortcut, ...] = (
    Shortcut(_ALONG, N_("move along your hand")),
    Shortcut(_ENTER, N_("play the card in focus")),
    Shortcut("D", N_("draw"), "mm-draw"),
)

#: The Mau Mau table's keyboard shortcuts, shown beside the table and in the docs; the page's script
#: (``access.js``) reads the letters and their buttons from the list on the page.
TABLE_KEYS: tuple[Shortcut, ...] = (
    *_HAND_KEYS,
    Shortcut("P", N_("keep the drawn card (pass)"), "mm-pass"),
    Shortcut("M", N_("say the last-card call (“Mau”) with your next play"), "mm-call-one"),
    Shortcut("U", N_("say the going-out call (“Mau Mau”) with your last card"), "mm-call-out"),
    Shortcut("N", N_("next round"), "mm-next-round"),
)

#: The Mao table's keyboard shortcuts.
MAO_KEYS: tuple[Shortcut, ...] = (
    *_HAND_KEYS,
    Shortcut("S", N_("name the spade"), "mm-say-spade"),
    Shortcut("M", N_("say “Mao”"), "mm-say-mao"),
    Shortcut("N", N_("next round"), "mm-next-round"),
)

#: The heading of a shortcut list.
# Translators: the heading of a table's keyboard shortcuts, e.g. "Keyboard: D draw · N next round".
KEYS_HEADING = N_("Keyboard:")


def hand_hint() -> str:
    """What the hand's heading says of the cards: the mark first, so the tint is never the only cue."""
    # Translators: {mark} is the corner mark of a card that may be played (▲).
    return _("cards marked {mark} may be played; play another to hear why not").format(mark=PLAYABLE_MARK)


#: Names of the law builder's unlabelled dropdowns (screen readers say them; the row reads as a sentence).
# Translators: the name screen readers say for the law builder's first dropdown ("not" or nothing).
BUILDER_NEGATION_NAME = N_("not, or nothing")
BUILDER_SUBJECT_NAME = N_("which card: this one or the one before")
BUILDER_PROPERTY_NAME = N_("what the card must be")

"""Sentences for learners who use the keyboard or a screen reader: card names with their state, the
table's news read aloud, and the table's keyboard shortcuts.

A screen reader hears a card button as what it is and whether it may be played (the symbol "Q♥" alone
says neither), and hears the table's news (top card, suit to follow, a waiting penalty, whose turn)
in the one live region of the table, only when it changed. The shortcut lists are shown on the page
beside each table, so a sighted keyboard user finds them too.
"""

from __future__ import annotations

from maumau_core.cards import Card, Suit

#: The second cue of a playable card (besides its tint): a mark in its corner, and the words screen
#: readers hear.
PLAYABLE_MARK = "▲"


def card_label(card: Card, playable: bool | None = None, *, picked: bool = False) -> str:
    """A card button's accessible name (and tooltip): "queen of hearts, may be played" (or "may not be
    played"), or just the card's name when playing is not the question (another player's turn, a quiz's
    cards, where "picked" is said instead)."""
    state = "" if playable is None else (", may be played" if playable else ", may not be played")
    return f"{card.name}{state}{', picked' if picked else ''}"


def top_card_news(card: Card) -> str:
    return f"Top card: {card.name}."


def named_suit_news(suit: Suit) -> str:
    return f"Suit named: {suit.noun} {suit.symbol}."


def waiting_news(cards: int) -> str:
    return f"A draw penalty of {cards} cards is waiting." if cards != 1 else "A draw penalty of 1 card is waiting."


def turn_news(name: str, *, mine: bool) -> str:
    return "Your turn." if mine else f"{name}'s turn."


ROUND_OVER_NEWS = "The round is over."

#: The Mau Mau table's keyboard shortcuts: (keys, what they do), shown beside the table and in the docs.
TABLE_KEYS: tuple[tuple[str, str], ...] = (
    ("← → (or 1–9)", "move along your hand"),
    ("Enter", "play the card in focus"),
    ("D", "draw"),
    ("P", "keep the drawn card (pass)"),
    ("M", "say the last-card call (“Mau”) with your next play"),
    ("U", "say the going-out call (“Mau Mau”) with your last card"),
    ("N", "next round"),
)

#: The Mao table's keyboard shortcuts.
MAO_KEYS: tuple[tuple[str, str], ...] = (
    ("← → (or 1–9)", "move along your hand"),
    ("Enter", "play the card in focus"),
    ("D", "draw"),
    ("S", "name the spade"),
    ("M", "say “Mao”"),
    ("N", "next round"),
)

KEYS_HEADING = "Keyboard"

#: What the hand's heading says of the cards: the mark first, so the tint is never the only cue.
HAND_HINT = f"cards marked {PLAYABLE_MARK} may be played; play another to hear why not"

#: Names of the law builder's unlabelled dropdowns (screen readers say them; the row reads as a sentence).
BUILDER_NEGATION_NAME = "not, or nothing"
BUILDER_SUBJECT_NAME = "which card: this one or the one before"
BUILDER_PROPERTY_NAME = "what the card must be"

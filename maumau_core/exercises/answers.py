"""Canonical forms, so that an answer is judged on its meaning and not on its spelling.

Cards may come back as ``"7h"``, ``"7H"``, ``"7♥"`` or ``Card`` objects, in
any order; words in any case and punctuation; option names with spaces or
dashes. Anything that cannot be read raises, and the question then counts
the answer as wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from maumau_core.engine.cards import Card
from maumau_core.engine.speech import word_key


def card_set(cards: Iterable[Any]) -> frozenset[str]:
    """A collection of cards as a set of their standard names; a lone string is not a collection."""
    if isinstance(cards, str):
        raise TypeError("a list of cards was expected")
    return frozenset(str(card if isinstance(card, Card) else Card.parse(card)) for card in cards)


def words(said: Iterable[Any]) -> tuple[str, ...]:
    """A list of words, folded the way the referee hears them."""
    if isinstance(said, str):
        raise TypeError("a list of words was expected")
    return tuple(word_key(str(word)) for word in said)


def text(value: Any) -> str:
    """A short text answer folded: case, surrounding spaces, dashes and spaces in names."""
    if not isinstance(value, str):
        raise TypeError("a text answer was expected")
    return "_".join(value.strip().lower().replace("-", " ").split())


def rank_text(card: str) -> str:
    """The rank of a card written as a beginner writes it ("10h" -> "10"), as the misconceptions read it:
    they are beginners' code, so they read cards the beginner's way, not through ``Card.parse``."""
    return card[:-1].upper()


def suit_text(card: str) -> str:
    """The suit letter of a card written as a beginner writes it ("10h" -> "H")."""
    return card[-1].upper()

"""The words said at the table: how they are read and which ones a play requires.

Players type words in many ways ("Mau!", "mau-mau", "queen of spades",
"Q of spades"); everything is folded to one key before comparing, so a
learner is judged on what they said, not on how they spelled it.

>>> word_key("Mau-Mau!")
'mau mau'
>>> word_key("four of spades") == word_key("4 of spades")
True

The calls ("Mau", "Mau-Mau", "Tschau", "Tschau Sepp", "Mao") are the same in
every language; Mao's spade call is accepted in English and in the table's
language (the kernel's, :func:`maumau_core.i18n.current`): "quatre de pique",
"quattro di picche", "patru de pică", "Pik-Vier" all fold to the same key.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from maumau_core.engine.cards import _CARD_NAMES, _LETTERS, _RANK_WORDS, Card, Rank, Suit
from maumau_core.i18n import DEFAULT, current, translations

_SPADE_CALL = re.compile(r"^(\S+)\s+(?:of\s+)?spades?$")


def _fold(word: str) -> str:
    text = re.sub(r"[-_]", " ", str(word).lower())
    text = re.sub(r"[^\w\s]", "", text)
    return " ".join(text.split())


@cache
def _spade_calls(language: str) -> dict[str, str]:
    """Every way ``language`` names a spade (rank word, digits or letter in its card-name pattern) → its key."""
    words = translations(language)
    pattern = words.gettext(_CARD_NAMES[Suit.SPADES])
    calls = {}
    for rank in Rank:
        for shown in (words.gettext(_RANK_WORDS[rank]), rank.value, _LETTERS.get(language, {}).get(rank, "")):
            if shown:
                calls[_fold(pattern.format(rank=shown))] = f"{rank.value.lower()} of spades"
    return calls


def word_key(word: str) -> str:
    """A word folded for comparison: case, hyphens, punctuation and a spade rank's spelling."""
    text = _fold(word)
    local = _spade_calls(current()).get(text) or _spade_calls(DEFAULT).get(text)
    if local is not None:
        return local
    spade = _SPADE_CALL.match(text)
    if spade:
        try:
            return f"{Rank.parse(spade.group(1)).value.lower()} of spades"
        except ValueError:
            return text
    return text


def spade_call(card: Card) -> str:
    """What Mao requires when a spade is played: its name in the table's language ("four of spades")."""
    return card.name


def mao_words(cards: Iterable[Card], cards_left: int, mao_word: str) -> list[str]:
    """The words Mao requires with a legal play: each spade's name, then "Mao" at one card or none."""
    words = [spade_call(card) for card in cards if card.suit is Suit.SPADES]
    if cards_left <= 1:
        words.append(mao_word)
    return words


def compare(required: Iterable[str], said: Iterable[str]) -> tuple[list[str], list[str]]:
    """(missing, extra): the required words not said, and the words said that were not required."""
    want = Counter(word_key(word) for word in required)
    got = Counter(word_key(word) for word in said)
    missing = [word for word in required if (want - got)[word_key(word)] > 0]
    missing = _dedupe_counted(missing, want - got)
    extra = _dedupe_counted([word for word in said if (got - want)[word_key(word)] > 0], got - want)
    return missing, extra


def _dedupe_counted(words: list[str], budget: Counter[str]) -> list[str]:
    """Keep each word only as many times as the multiset difference says."""
    left = Counter(budget)
    kept = []
    for word in words:
        key = word_key(word)
        if left[key] > 0:
            kept.append(word)
            left[key] -= 1
    return kept


def said(word: str, words: Sequence[str]) -> bool:
    """Was ``word`` among ``words``, however it was spelled?"""
    return word in words or word_key(word) in {word_key(w) for w in words}

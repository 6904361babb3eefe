"""Every sentence of the Mao wing: guesses, counter-examples, fitness, notation mistakes, the detective.

The Mao modules decide (a guess is wrong, a law is stuck, the parser expected
a colon) and pass the data here: cards, law texts, counts, the parser's token
names. Law descriptions and the referee's reasons are data of the laws, not
sentences of this module (``law_library.py``; ``notation.default_reason``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from maumau_core.cards import Card
from maumau_core.sentences.markup import NO_MARKS, Marks

if TYPE_CHECKING:
    from maumau_core.mao.law_check import Difference


# ------------------------------------------------------------------ the beginner's law builder

def after_choices() -> list[tuple[str, str]]:
    """The builder's first dropdown: (label, trigger in the notation); an empty trigger means every card."""
    return [("every card", ""), ("after a queen", "Q"), ("after a jack", "J"), ("after a king", "K"),
            ("after an ace", "A"), ("after a 7", "7"), ("after an 8", "8"), ("after a 10", "10"),
            ("after a red card", "red"), ("after a black card", "black"), ("after a picture card", "face"),
            ("after a heart", "hearts"), ("after a spade", "spades")]


def until_choices() -> list[tuple[str, str]]:
    """The builder's second dropdown: (label, lift in the notation); an empty lift means one play only."""
    return [("for the next card only", ""), ("until a red card", "red"), ("until a black card", "black"),
            ("until a queen", "Q"), ("until an ace", "A"), ("until an 8", "8"), ("until a 10", "10")]


def must_choices() -> list[tuple[str, str]]:
    """The builder's third dropdown: (label, condition in the notation)."""
    return [("be black", "black"), ("be red", "red"), ("be a number card (2–10)", "number"),
            ("be a picture card", "face"), ("be odd", "odd"), ("be even", "even"), ("not be a 7", "not 7"),
            ("not be a picture card", "not face"), ("not be a heart", "not hearts"),
            ("not be a spade", "not spades"), ("be higher than the card before", "higher"),
            ("be lower than the card before", "lower"), ("follow suit", "same suit")]


# ------------------------------------------------------------------ comparing laws

def quoted_law(law: str) -> str:
    """A law named by its text, e.g. “after Q: black”."""
    return f"“{law}”"


def counter_example(found: Difference, other: str = "the secret law") -> str:
    """The plays that tell the learner's law from ``other``, e.g. "…: your law allows 9♥ right after Q♥; …"."""
    top = found.plays[-1] if found.plays else found.start
    yes, no = ("your law", other) if found.first_allows else (other, "your law")
    story = f"With {found.start.symbol} turned up"
    if found.plays:
        story += ", after " + ", then ".join(card.symbol for card in found.plays)
    return f"{story}: {yes} allows {found.card.symbol} right after {top.symbol}; {no} does not."


def guess_right(law: str) -> str:
    return (f"Correct! “{law}” allows exactly the plays the secret law allows, in every situation the game "
            "can reach.")


def guess_wrong(found: Difference) -> str:
    return f"Not that law. {counter_example(found)}"


def no_secret_yet() -> str:
    return "Deal a round first: there is no secret law yet."


def same_law_as(other: str) -> str:
    return f"It is the same law as {quoted_law(other)}, written differently."


# ------------------------------------------------------------------ writing a law

def fit_to_play(law: str) -> str:
    return f"“{law}” is fit to play: it restricts something and never leaves the table stuck."


def stops_the_game(turned_up: Card, plays: Sequence[Card], top: Card) -> str:
    """A law refused because a reachable table lets no card of the deck follow ``top``."""
    way = f"after {', '.join(card.symbol for card in plays)} " if plays else ""
    return (f"This law can stop the game for good: with {turned_up.symbol} turned up {way}no card in the deck "
            f"may follow {top.symbol}.")


def forbids_nothing() -> str:
    return "This law never forbids a card that matches, so there is nothing to discover: make it stricter."


def referee_reading(law: str, reason: str, marks: Marks = NO_MARKS) -> str:
    """How the referee reads a written law back, and what it says when the law is broken."""
    return f"The referee reads: {marks.code(law)} and says “{marks.text(reason)}” when it is broken."


# ------------------------------------------------------------------ mistakes in the notation

def empty_law() -> str:
    """No law was written; the sentence ends with an example law instead of a full stop."""
    return "A law needs some text, for example: after Q: black"


def law_too_long(length: int, limit: int) -> str:
    """A law longer than the notation allows (it is refused before it is read)."""
    return f"A law is at most {limit} characters long; this one has {length:,}. Write a shorter one."


def law_too_deep(limit: int) -> str:
    """A law with more brackets inside one another than the notation allows."""
    return f"A law may put at most {limit} brackets inside one another. Write it with fewer."


def not_yours_to_write() -> str:
    """Someone tried to set the next law without having just won a round of a match that goes on."""
    return "Only the winner of the round just played may write the next law."


def prev_cannot_compare(comparison: str) -> str:
    """``prev`` put before a property that compares two cards (``higher``, ``same suit``, …)."""
    return f"“{comparison}” compares the played card with the previous one, so it cannot follow “prev”."


def unreadable_law(position: int | None, expected: set[str], found: str | None) -> str:
    """Where the parser stopped (a 1-based position, or None at the end), what it expected, what it found.

    ``expected`` holds the parser's token names (``"COLON"``, ``"RANK"``, …).
    """
    where = f"at position {position}" if position is not None else "at the end"
    but = f" but found “{found}”" if found is not None else ""
    return f"The law does not read {where}: expected {_expected_words(expected)}{but}."


#: How the parser's token names read to a learner; literal ones are quoted as written.
_TOKEN_WORDS = {
    "RANK": "a rank (2–10, J, Q, K, A)", "SUIT": "a suit", "COLOUR": "red or black", "KIND": "face or number",
    "PARITY": "odd or even", "ORDER": "higher or lower", "SAME": "same suit / same rank", "PREV": "prev",
    "NOT": "not", "LPAR": "(", "RPAR": ")", "LBRACE": "{", "RBRACE": "}", "COMMA": ",", "COLON": ":",
    "AND": "and", "OR": "or", "UNTIL": "until", "SAYS": "says", "AFTER": "after", "ASPECT": "suit or rank",
    "STRING": 'a reason in double quotes', "$END": "the end of the law",
}
_LITERAL = {"PREV", "NOT", "LPAR", "RPAR", "LBRACE", "RBRACE", "COMMA", "COLON", "AND", "OR", "UNTIL", "SAYS", "AFTER"}
#: Tokens that start a card property: named together as "a card property (…)".
_PROPERTY_START = {"RANK", "LBRACE", "SUIT", "COLOUR", "KIND", "PARITY", "ORDER", "SAME"}


def _expected_words(expected: set[str]) -> str:
    if expected & _PROPERTY_START:
        extra = sorted(_TOKEN_WORDS.get(name, name) for name in expected - _PROPERTY_START - {"PREV", "NOT", "LPAR"})
        base = "a card property (a rank like Q, ranks like {7, 8}, a suit, red, black, face, number, odd, even, " \
               "higher, lower, same suit, same rank)"
        return " or ".join([base, *extra])
    names = sorted(f"“{_TOKEN_WORDS[name]}”" if name in _LITERAL else _TOKEN_WORDS.get(name, name.lower())
                   for name in expected)
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else (names[0] if names else "something else")


# ------------------------------------------------------------------ the detective

def candidates_left(seen: int, remaining: int, candidates: int, marks: Marks = NO_MARKS) -> str:
    """How many of the detective's candidate laws agree with the ``seen`` matching attempts."""
    attempts = "attempt" if seen == 1 else "attempts"
    return (f"From {seen} matching {attempts} seen, {marks.strong(f'{remaining:,}')} of {candidates:,} "
            "candidate laws still fit.")


def simplest_laws(laws: Sequence[str], marks: Marks = NO_MARKS) -> str:
    return "The simplest: " + "; ".join(marks.code(law) for law in laws) + "."


def telling_play(card: Card, split: float, marks: Marks = NO_MARKS) -> str:
    """The card whose verdict rules out most laws; ``split`` is the share of laws that allow it."""
    return (f"Your most telling play now: {marks.strong(card.symbol)} (about {split:.0%} of those laws allow it, "
            "so either verdict rules many out).")


def no_telling_play() -> str:
    return "None of your matching cards would rule any of them out: play on and watch the others."


def no_matching_card() -> str:
    return "None of your cards matches the top card: draw, and watch the others play."

"""Errors by cause. Each is a ``ValueError`` with a stable code and one sentence.

The codes are those of the scenario format (``docs/scenarios.md``), so a
widget, a notebook and the command line all report a refusal the same way:
``error.code`` for programs, ``str(error)`` for people.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from maumau_core.cards import Card, Rank, Suit

#: Every refusal code a round can give, with what it is about.
REFUSAL_CODES = {
    "bad-card": "the text is not a card",
    "not-in-hand": "the player does not hold that card",
    "not-your-turn": "another player is to move",
    "no-match": "the card matches neither rank nor suit to follow",
    "must-answer-seven": "a draw penalty is waiting",
    "jack-on-jack": "house rule: no jack on a jack",
    "jack-last": "house rule: a jack may not be the last card",
    "suit-required": "a wild card needs a suit named",
    "secret-law": "Mao: the card breaks the secret law",
    "cannot-draw": "drawing is not allowed now",
    "cannot-pass": "passing is not allowed now",
    "bad-flag": "there is no missed call to point out",
    "round-over": "the round has ended",
    "not-allowed": "the rule set has no such action",
}


class MauMauError(ValueError):
    """Base of every error this library raises on bad input."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadCard(MauMauError):
    """A string that is not a card (``"11H"``)."""

    code = "bad-card"


class BadOption(MauMauError):
    """An unknown preset or option name, or a value an option does not take."""

    code = "bad-option"


class BadScenario(MauMauError):
    """A scenario file that cannot describe a table (duplicate card, bad JSON, …)."""

    code = "bad-scenario"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action may not be taken, as data: a stable code, and what the sentence names.

    ``why`` picks the sentence when one code has several (a waiting 7 and a
    chain that may not grow are both ``must-answer-seven``); ``player`` tried
    the action, ``seat`` is another seat the sentence names (whose turn it
    is, the player flagged). The words come from
    :mod:`maumau_core.sentences.table`, with the table's names for its seats.
    """

    code: str
    why: str = ""
    player: int | None = None
    seat: int | None = None
    card: Card | None = None
    top: Card | None = None
    rank: Rank | None = None
    suit: Suit | None = None
    wild: Rank | None = None
    amount: int = 0
    text: str = ""

    @property
    def message(self) -> str:
        """The sentence, with players named "Player <seat>"."""
        from maumau_core.sentences.table import refusal_sentence

        return refusal_sentence(self)

    def __str__(self) -> str:
        return self.message


class IllegalAction(MauMauError):
    """Raised by an action that was refused; the round is unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal
        self.code = refusal.code

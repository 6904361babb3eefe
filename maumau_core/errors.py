"""Errors by cause. Each is a ``ValueError`` with a stable code and one sentence.

The codes are those of the scenario format (``docs/scenarios.md``), so a
widget, a notebook and the command line all report a refusal the same way:
``error.code`` for programs, ``str(error)`` for people. This module is the
bottom of the library: it imports nothing of it, so every layer may raise
these. A refused action at the table is :class:`maumau_core.engine.refusals.IllegalAction`.
"""

from __future__ import annotations

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

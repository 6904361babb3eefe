"""What happened at the table, as small records that explain themselves on demand.

The engine records an :class:`Event` for every consequence of an action; the
sentence is built by :mod:`maumau_core.sentences.table` only when someone
reads it, so simulations that play a million rounds never pay for words
nobody reads.
"""

from __future__ import annotations

from typing import NamedTuple

from maumau_core.cards import Card, Suit
from maumau_core.errors import Refusal


class Event(NamedTuple):
    """One consequence: ``kind`` says what, the other fields say who and with which cards.

    ``text`` holds a word said at the table, or a rank's notation ("7") for an
    event that names the card to answer with; ``reason`` says why a penalty was given.
    """

    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0
    suit: Suit | None = None
    text: str = ""
    reason: Refusal | None = None

    @property
    def sentence(self) -> str:
        """One plain sentence a learner understands, players named "Player <seat>"."""
        from maumau_core.sentences.table import event_sentence

        return event_sentence(self)

    def __str__(self) -> str:
        return self.sentence

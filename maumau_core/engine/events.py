"""What happened at the table, as small records that explain themselves on demand.

The engine records an :class:`Event` for every consequence of an action; the
sentence is built by :mod:`maumau_core.engine.table_sentences` only when someone
reads it, so simulations that play a million rounds never pay for words
nobody reads.
"""

from __future__ import annotations

from maumau_core.engine.facts import EventFacts
from maumau_core.engine.table_sentences import event_sentence


class Event(EventFacts):
    """One consequence (:class:`~maumau_core.engine.facts.EventFacts`: ``kind``, who, which cards, how many, the
    word said, why a penalty was given) that reads itself aloud."""

    __slots__ = ()

    @property
    def sentence(self) -> str:
        """One plain sentence a learner understands, players named "Player <seat>"."""
        return event_sentence(self)

    def __str__(self) -> str:
        return self.sentence

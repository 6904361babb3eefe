"""Mao's secret laws: the interface the referee uses.

A law only restricts: the engine first checks that a card matches the top
card by rank or suit, and only then asks the law. A law keeps no state of its
own; the round holds a small hashable *law state* and asks the law to
advance it after each legal play. That keeps laws pure values, so two laws
can be compared by exploring their states. Laws are written in the notation
of :mod:`maumau_core.mao.notation`; the library is :mod:`maumau_core.mao.law_library`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass

from maumau_core.engine.cards import Card


class Law(ABC):
    """A secret restriction on which matching cards may be played."""

    #: Library name ("tutorial"), used in scenario files.
    name: str = "law"
    #: What the referee says when the law is broken; never the law itself.
    reason: str = "wrong card"

    def start(self) -> Hashable:
        """The law state at the start of a round (the turned-up card triggers nothing)."""
        return None

    @abstractmethod
    def allows(self, state: Hashable, top: Card, card: Card) -> bool:
        """May ``card`` (which matches ``top``) be played in this law state?"""

    def after(self, state: Hashable, top: Card, card: Card) -> Hashable:
        """The law state after ``card`` was legally played on ``top``. Draws change nothing."""
        return state


@dataclass(frozen=True)
class Difference:
    """Plays (first the turned-up card) after which ``card`` is allowed by one law and not the other.

    Found by :func:`maumau_core.mao.law_check.difference`; in words:
    :func:`maumau_core.sentences.mao.counter_example`.
    """

    start: Card
    plays: tuple[Card, ...]
    card: Card
    first_allows: bool

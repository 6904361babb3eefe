"""Mao's secret laws: the interface the referee uses, and the tutorial law.

A law only restricts: the engine first checks that a card matches the top
card by rank or suit, and only then asks the law. A law keeps no state of its
own; the round holds a small hashable *law state* and asks the law to
advance it after each legal play. That keeps laws pure values, so a parsed
law (a later notation) plugs in, and two laws can be compared by exploring
their states.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable

from maumau_core.cards import Card, Rank
from maumau_core.errors import BadScenario


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


class TutorialLaw(Law):
    """After a queen is played, the next card played must be black.

    Drawing does not lift it; a legal black play lifts it; a black queen sets
    it again. The law state is simply "is a queen waiting?".
    """

    name = "tutorial"
    reason = "wrong colour"

    def start(self) -> Hashable:
        return False

    def allows(self, state: Hashable, top: Card, card: Card) -> bool:
        return not state or card.is_black

    def after(self, state: Hashable, top: Card, card: Card) -> Hashable:
        return card.rank is Rank.QUEEN


LAWS: dict[str, Law] = {"tutorial": TutorialLaw()}


def find_law(name: str) -> Law:
    """The library law called ``name``; an unknown name is a scenario error."""
    if name not in LAWS:
        raise BadScenario(f"Unknown law {name!r}: the library has {', '.join(LAWS)}.")
    return LAWS[name]

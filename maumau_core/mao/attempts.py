"""One try at a Mao table, as the learner saw it.

The table records attempts and the detective reasons about them; keeping the
record here (not in a widget) lets both use it without importing ipywidgets.
"""

from __future__ import annotations

from dataclasses import dataclass

from maumau_core.engine.cards import Card, matches


@dataclass(frozen=True)
class Attempt:
    """One try at the table: who played what on which card, and the referee's verdict."""

    player: int
    top: Card
    card: Card
    accepted: bool
    reason: str = ""

    @property
    def matches(self) -> bool:
        """Did the card match by rank or suit (so that only the law could refuse it)?"""
        return matches(self.card, self.top)

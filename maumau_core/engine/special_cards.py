"""What the special cards do when played: the draw card's penalty, the skip, the ace's power.

One place for the effects, used both by a play and by a turned-up first card (``first_card="applies"``).
"""

from __future__ import annotations

from maumau_core.engine.cards import Rank
from maumau_core.engine.events import Event
from maumau_core.engine.stock import Stock


class SpecialCards(Stock):
    """The effect of a special card, counted once per card played."""

    __slots__ = ()

    def _effect(self, player: int, rank: Rank, count: int, events: list[Event]) -> int:
        """What ``count`` cards of ``rank`` just played by ``player`` do; returns how many seats the turn moves on.

        Each card counts once: two draw cards add two penalties, two skip cards skip two players (under
        ``skip_stacking`` they wait as two skips, each answered or accepted by the player it reaches)."""
        rules = self.rules
        if rank is rules.draw_card:
            self.pending_draw += rules.draw_count * count
            self.chain += count
        elif rank is rules.skip_card:
            if not rules.skip_stacking:
                return 1 + count
            # A skip card answers the skip that reached its player and sends one skip on per card; the
            # skips still waiting behind the answered one go on to the players after.
            self.pending_skip = max(self.pending_skip - 1, 0) + count
        elif rank is Rank.ACE:
            return self._ace(player, count, events)
        return 1

    def _ace(self, player: int, count: int, events: list[Event]) -> int:
        """What aces do; returns how many seats the turn moves on."""
        power = self.rules.ace
        if power == "skip":
            return 1 + count
        if power == "again":
            events.append(Event("again", player))
            return 0
        if power == "reverse":
            for _ in range(count):
                self.direction = -self.direction
            events.append(Event("reverse", player, amount=self.direction))
            return 2 if len(self.hands) == 2 else 1
        if power == "draw-all":
            events.append(Event("draw-all", player, amount=count))
            for other in range(len(self.hands)):
                if other != player and self.result is None:
                    self._give(other, count, events)
        return 1

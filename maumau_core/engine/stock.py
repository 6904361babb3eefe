"""Drawing from the stock, and rebuilding it from the pile when it runs out."""

from __future__ import annotations

from maumau_core.engine.cards import Card
from maumau_core.engine.events import Event
from maumau_core.engine.round_end import RoundEnd
from maumau_core.engine.round_state import _event


class Stock(RoundEnd):
    """Cards from the stock to a hand; a reshuffle when it is empty; a stuck round when nothing is left."""

    __slots__ = ()

    def _give(
        self,
        player: int,
        count: int,
        events: list[Event],
        *,
        penalty: bool = False,
        kind: str = "draw",
        quiet: bool = False,
    ) -> list[Card]:
        """Move up to ``count`` cards from the stock to a hand, reshuffling when it runs out."""
        if count == 1 and self._stock and not quiet:  # the everyday draw
            card = self._stock.pop()
            self.hands[player].append(card)
            self.acted = self.acted or player == self.turn
            events.append(_event((kind, player, (), 1, None, "", None)))
            return [card]
        got: list[Card] = []
        for _ in range(count):
            if not self._stock and not self._reshuffle(events):
                break
            got.append(self._stock.pop())
        self.hands[player].extend(got)
        if got:
            self.acted = self.acted or player == self.turn
        if not quiet or len(got) < count:
            events.append(Event(kind, player, amount=len(got), text="limit" if self._rebuilds_used_up() else ""))
        short = count - len(got)
        if short and penalty:
            self.unpaid[player] += short
        if short and self.rules.stuck == "count":
            self._stop_stuck(events)
        return got

    def _rebuilds_used_up(self) -> bool:
        """The pile under the top card could be shuffled, but the rules' ``rebuilds`` limit forbids it."""
        limit = self.rules.rebuilds
        return limit is not None and self.rebuilt >= limit and len(self.discard) >= 2

    def _reshuffle(self, events: list[Event]) -> bool:
        if len(self.discard) < 2 or self._rebuilds_used_up():
            return False
        self.rebuilt += 1
        top = self.discard.pop()
        self._stock = self.discard
        self.rng.shuffle(self._stock)
        self.discard = [top]
        events.append(Event("reshuffle", amount=len(self._stock)))
        return True

    def _stop_stuck(self, events: list[Event]) -> None:
        counts = [len(hand) + unpaid for hand, unpaid in zip(self.hands, self.unpaid)]
        best = min(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        events.append(Event("stuck", text="limit" if self._rebuilds_used_up() else ""))
        winner = leaders[0] if len(leaders) == 1 else None
        events.append(Event("stuck-winner", winner) if winner is not None else Event("stuck-tie"))
        self._finish(winner, "stuck", events, announce=False)

"""The turn moving on: seats skipped, what waits for the next player, windows that close, a void round."""

from __future__ import annotations

from maumau_core.engine.call_window import CallWindow
from maumau_core.engine.cards import Rank
from maumau_core.engine.events import Event


class Turns(CallWindow):
    """Passing the turn on."""

    __slots__ = ()

    def _end_turn(self, steps: int, events: list[Event], cause: Rank | None = None) -> None:
        """Pass the turn on ``steps`` seats (0: the same player again) and close what expires.

        ``cause`` is the rank that skipped the seats passed over (a skip card, an ace), for the sentence."""
        n = len(self.hands)
        self.idle_turns = 0 if self.acted else self.idle_turns + 1
        self.turn_no += 1
        self.drawn = None
        self.has_drawn = self.acted = False
        self._move_turn(steps, events, cause)
        if self.rules.stuck == "void" and self.idle_turns >= n:
            self._finish(None, "void", events)
            return
        if not self.missed:
            return
        if self.rules.call_window == "next-turn-end":
            for missed in [m for m in self.missed if self.turn_no > m.turn_no + 1]:
                if self._close_window(missed, events):
                    return
        emptied = next((m for m in self.missed if m.player == self.turn and not self.hands[m.player]), None)
        if emptied is not None:
            self._close_window(emptied, events)

    def _move_turn(self, steps: int, events: list[Event], cause: Rank | None) -> None:
        """The turn moves ``steps`` seats on; the seats passed over are skipped, and what waits for the
        player it reaches (a skip, a draw penalty) is announced."""
        n = len(self.hands)
        turn = self.turn = (self.turn + self.direction * steps) % n
        if self.pending_skip:
            assert self.rules.skip_card is not None
            events.append(Event("skip-pending", turn, amount=self.pending_skip, text=self.rules.skip_card.value))
        for skipped in range(1, steps):
            events.append(
                Event(
                    "skip",
                    (turn - self.direction * (steps - skipped)) % n,
                    text=cause.value if cause is not None else "",
                )
            )
        if self.pending_draw:
            draw_card = self.rules.draw_card
            answer = draw_card.value if self.rules.draw_stacking and draw_card is not None else ""
            events.append(Event("draw-pending", turn, amount=self.pending_draw, text=answer))

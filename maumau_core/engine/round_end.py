"""How a round ends: a winner going out, a void round, a stuck round counted, a simulation called off.

Whatever ends a round comes here, so the result and its scores are written in one place.
"""

from __future__ import annotations

from maumau_core.engine.events import Event
from maumau_core.engine.legality import Legality
from maumau_core.engine.round_state import RoundResult


class RoundEnd(Legality):
    """The round's result: who won, why, and each player's score."""

    __slots__ = ()

    def call_off(self, moves: int) -> list[Event]:
        """End a round that bots alone have played for ``moves`` moves without finishing: a void round.

        A law can leave cards nobody may ever play (Mao's "not 7" once every player holds a seven) while
        the pile is reshuffled for ever; a simulation needs an end, a person at the table does not (they
        may stop the match), so only bot-only play calls this."""
        events = [Event("called-off", amount=moves)]
        if self.result is None:
            self._finish(None, "called-off", events, announce=False)
            self.log += events
        return events

    def _finish(self, winner: int | None, reason: str, events: list[Event], *, announce: bool = True) -> None:
        if self.rules.speech == "mao":
            scores = [len(hand) + unpaid for hand, unpaid in zip(self.hands, self.unpaid)]
        else:
            scores = [sum(card.points for card in hand) for hand in self.hands]
        if winner is not None and reason == "out":
            scores[winner] = 0
        void = winner is None
        self.result = RoundResult(winner, void, reason, tuple(scores))
        if announce:
            events.append(Event("out", winner) if winner is not None else Event("void"))

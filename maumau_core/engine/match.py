"""A match: several rounds, the dealer moving clockwise, scored as the rules say.

Scoring modes (``Rules.scoring``): ``points`` adds card points until a total
reaches (or passes) the target, lowest total wins, a tie for lowest is broken
by an extra round among the tied players only; ``rounds`` gives one point per
round won over a fixed number of rounds (ties shared); ``wins`` is first to a
number of round wins (Mao: 3); ``casual`` keeps no score.

>>> from maumau_core import preset
>>> m = Match(preset("mao"), players=3)
>>> for winner in (0, 1, 0, 0):
...     m.record(RoundResult(winner, False, "out", (0, 4, 4)))
>>> m.over, m.winners
(True, [0])
"""

from __future__ import annotations

from maumau_core.engine.laws import Law
from maumau_core.engine.round import Round, RoundResult
from maumau_core.engine.rules import Rules
from maumau_core.errors import BadOption


class Match:
    """The score sheet of a match and the next round to deal. Player ids are seats 0…n-1."""

    def __init__(self, rules: Rules, players: int, *, seed: int = 0, dealer: int = 0) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise BadOption(f"{rules.name} is for {rules.min_players}–{rules.max_players} players, not {players}.")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.dealer = dealer
        self.totals = [0] * players
        self.wins = [0] * players
        self.history: list[tuple[tuple[int, ...], RoundResult]] = []
        self.seats: tuple[int, ...] = tuple(range(players))
        self.winners: list[int] = []
        self.over = False

    @property
    def tiebreak(self) -> bool:
        """Is the next round an extra round among the players tied for the lead?"""
        return len(self.seats) < self.players

    def new_round(self, *, law: Law | None = None) -> Round:
        """Deal the next round (only the tied players, in a tiebreak). Seat i is ``seats[i]``."""
        if self.over:
            raise BadOption("The match is over: start a new match.")
        dealer = self.seats.index(self.dealer) if self.dealer in self.seats else 0
        return Round.deal(
            self.rules.replace(min_players=2),
            len(self.seats),
            seed=self.seed * 1_000 + len(self.history),
            dealer=dealer,
            law=law,
        )

    def record(self, result: RoundResult) -> None:
        """Add a finished round (seat-numbered as dealt by :meth:`new_round`) to the sheet.

        A void round is written down but scores nothing: nobody went out, so no hand is counted.
        """
        if self.over:
            raise BadOption("The match is over: start a new match.")
        seats = self.seats
        self.history.append((seats, result))
        winner = seats[result.winner] if result.winner is not None else None
        if winner is not None:
            self.wins[winner] += 1
        self.dealer = (self.dealer + 1) % self.players
        if self.tiebreak:
            if winner is not None:
                self._end([winner])
            return
        if not result.void:
            for seat, score in zip(seats, result.scores):
                self.totals[seat] += score
        getattr(self, f"_after_{self.rules.scoring}")(winner)

    def _after_points(self, winner: int | None) -> None:
        target = self.rules.target
        done = any(t > target if self.rules.target_must_pass else t >= target for t in self.totals)
        if done:
            best = min(self.totals)
            self._decide([p for p, t in enumerate(self.totals) if t == best])

    def _after_rounds(self, winner: int | None) -> None:
        if len(self.history) >= self.rules.rounds:
            best = max(self.wins)
            self._decide([p for p, w in enumerate(self.wins) if w == best])

    def _after_wins(self, winner: int | None) -> None:
        if winner is not None and self.wins[winner] >= self.rules.target:
            self._end([winner])

    def _after_casual(self, winner: int | None) -> None:
        """Casual play keeps no score and never ends by itself."""

    def _decide(self, leaders: list[int]) -> None:
        if len(leaders) == 1 or self.rules.tiebreak == "shared":
            self._end(leaders)
        else:
            self.seats = tuple(leaders)

    def _end(self, winners: list[int]) -> None:
        self.winners = winners
        self.over = True
        self.seats = tuple(range(self.players))

    def standings(self) -> list[tuple[int, int, int]]:
        """(player, total points, rounds won), best first by the match's scoring."""
        rows = [(p, self.totals[p], self.wins[p]) for p in range(self.players)]
        if self.rules.scoring == "points":
            return sorted(rows, key=lambda row: (row[1], -row[2]))
        return sorted(rows, key=lambda row: (-row[2], row[1]))

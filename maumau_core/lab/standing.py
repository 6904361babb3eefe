"""A bot's standing after many rounds, and the interval its win rate is honestly known within.

Its own module because both ways of playing a tournament report in it: the round engine
(:mod:`maumau_core.lab.tournament`) and the numpy batch simulator (:mod:`maumau_core.lab.batch`), which the
tournament hands its deals to where it can; each importing it from the other made an import circle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    """One bot's results."""

    name: str
    rounds: int
    wins: int
    points: float  # mean points left in hand (0 when it went out)
    moves: float  # mean turns per round (all players)

    @property
    def win_rate(self) -> float:
        return self.wins / self.rounds if self.rounds else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.rounds)


def wilson(wins: int, rounds: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate: sound even near 0 % or 100 % and for few rounds."""
    if rounds == 0:
        return 0.0, 1.0
    rate = wins / rounds
    centre = (rate + z * z / (2 * rounds)) / (1 + z * z / rounds)
    half = z * math.sqrt(rate * (1 - rate) / rounds + z * z / (4 * rounds * rounds)) / (1 + z * z / rounds)
    return max(0.0, centre - half), min(1.0, centre + half)

"""Tournaments: many seeded rounds between bots, with seat rotation and honest uncertainty.

Every deal is played once per seating of the bots around the table
(rotating the seats), so no bot profits from sitting first. Results give
each bot's win rate with a 95 % Wilson interval, mean points left in hand,
and mean round length; a tournament can stop early once every interval is
narrower than asked. The same seed gives the same numbers.

When every bot has a batch policy and the rules are a preset as dealt, the
deals are played on the batch simulator (a 1,000-deal tip experiment in
about a second instead of twenty); it makes the engine's very choices on the
same deals (``tests/test_batch.py``), but draws its own deals from the seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from maumau_core.engine.bots import RandomBot, play_round
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules
from maumau_core.errors import MauMauError
from maumau_core.lab.batch import simulate, supports
from maumau_core.lab.batch_policies import Policy, policy_of
from maumau_core.lab.strategies import BOTS
from maumau_core.sentences.lab import too_many_deals

#: The most deals one tournament plays (each once per seat: 20,000 rounds of four players, about 5 s with the
#: compiled engine).
MAX_DEALS = 5_000
#: Deals played at once on the batch simulator between two progress reports (and early-stop checks).
BATCH_DEALS = 250


class TooMuchWork(MauMauError):
    """An experiment asked for more deals than the lab plays in one go (refused before any is played)."""

    code = "too-much-work"


def check_deals(asked: int, limit: int) -> None:
    """Refuse an experiment of more than ``limit`` deals (or rounds), before it starts."""
    if asked > limit:
        raise TooMuchWork(too_many_deals(asked, limit))


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


def tournament(
    names: Sequence[str],
    rules: Rules,
    *,
    deals: int = 500,
    seed: int = 0,
    stop_at: float | None = None,
    show_progress: bool = True,
    progress: Callable[[float], None] | None = None,
    bots: dict[str, Callable[[int], RandomBot]] = BOTS,
) -> list[Standing]:
    """Play ``deals`` deals, each once per rotation of the seats; one bot per seat, ``len(names)`` players.

    ``stop_at``: stop early once every bot's 95 % interval is narrower than this (e.g. 0.05).
    ``progress``: called with the share done after each deal (a widget's progress bar); otherwise a
    text or notebook progress bar shows unless ``show_progress`` is False.
    More than :data:`MAX_DEALS` deals raise :class:`TooMuchWork`.
    """
    check_deals(deals, MAX_DEALS)
    policies = [policy_of(bots[name]) for name in names]
    if supports(rules, len(names)) and all(policies):
        return _on_batch(
            names, rules, [p for p in policies if p], deals=deals, seed=seed, stop_at=stop_at, progress=progress
        )
    players = len(names)
    wins, points, rounds, moves = [0] * players, [0] * players, [0] * players, 0
    played = 0
    for deal in tqdm(range(deals), desc="playing", disable=not show_progress or progress is not None, leave=False):
        if progress is not None:
            progress(deal / deals)
        for shift in range(players):
            seating = [(seat + shift) % players for seat in range(players)]  # seat -> bot index
            round_ = Round.deal(rules, players, seed=seed * 1_000_003 + deal)
            table = [bots[names[index]](seed * 7919 + deal * players + seat) for seat, index in enumerate(seating)]
            result = play_round(round_, table)
            played += 1
            moves += round_.turn_no
            for seat, index in enumerate(seating):
                rounds[index] += 1
                points[index] += result.scores[seat]
                wins[index] += result.winner == seat
        if (
            stop_at is not None
            and deal >= 20
            and all(wilson(w, r)[1] - wilson(w, r)[0] < stop_at for w, r in zip(wins, rounds))
        ):
            break
    return [
        Standing(name, rounds[i], wins[i], points[i] / max(rounds[i], 1), moves / max(played, 1))
        for i, name in enumerate(names)
    ]


def _on_batch(
    names: Sequence[str],
    rules: Rules,
    policies: list[Policy],
    *,
    deals: int,
    seed: int,
    stop_at: float | None,
    progress: Callable[[float], None] | None,
) -> list[Standing]:
    """:func:`tournament` on the batch simulator, :data:`BATCH_DEALS` deals at a time."""
    players = len(names)
    size = rules.deck_size(players)
    rotations = (np.arange(players)[None, :] + np.arange(players)[:, None]) % players  # shift -> seat -> bot
    wins, points, rounds = np.zeros(players, dtype=np.int64), np.zeros(players), np.zeros(players, dtype=np.int64)
    moves = played = 0
    for start in range(0, deals, BATCH_DEALS):
        if progress is not None:
            progress(start / deals)
        count = min(BATCH_DEALS, deals - start)
        rng = np.random.default_rng([seed, start])
        orders = np.repeat(rng.permuted(np.tile(np.arange(size), (count, 1)), axis=1), players, axis=0)
        seating = np.tile(rotations, (count, 1))
        result = simulate(
            rules,
            players,
            count * players,
            policy=policies,
            seating=seating,
            orders=orders,
            deals=np.repeat(np.arange(count), players),
            seed=int(rng.integers(2**32)),
        )
        won = result.winners[:, None] == np.arange(players)[None, :]
        for bot in range(players):
            sits = seating == bot
            wins[bot] += (won & sits).sum()
            points[bot] += (result.points * sits).sum()
            rounds[bot] += sits.sum()
        moves += int(result.turns.sum())
        played += count * players
        if (
            stop_at is not None
            and start + count > 20
            and all(wilson(int(w), int(r))[1] - wilson(int(w), int(r))[0] < stop_at for w, r in zip(wins, rounds))
        ):
            break
    return [
        Standing(name, int(rounds[i]), int(wins[i]), float(points[i]) / max(int(rounds[i]), 1), moves / max(played, 1))
        for i, name in enumerate(names)
    ]

"""Batch simulator speed: full rounds per second beside OpenSpiel's crazy_eights, its game loop in C++.

Run with ``python benchmarks/batch.py`` (``make bench``; OpenSpiel comes with ``pip install .[bench]``).
For 2 to 6 players, in the same run: the numpy batch simulator (classic preset, uniformly random legal
actions, 50,000 tables at once) and OpenSpiel's ``evaluate_bots`` with its C++ uniform random bots on
``crazy_eights``, each given the same time, alternating. The per-round engine's random rounds per second
are shown for scale. Target (issue 6): the batch simulator at least twice OpenSpiel's rounds per second.
"""

from __future__ import annotations

import argparse
import random
import time

from maumau_core import Round, preset
from maumau_core.engine.bots import RandomBot
from maumau_core.lab.batch import simulate


def batch_rate(players: int, tables: int, seconds: float) -> float:
    rounds, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.perf_counter()
        simulate(preset("classic"), players, tables, policy="random", seed=seed)
        spent += time.perf_counter() - start
        rounds += tables
        seed += 1
    return rounds / spent


def openspiel_rate(players: int, seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": players})
    bots = [pyspiel.make_uniform_random_bot(seat, 1234 + seat) for seat in range(players)]
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, rounds)
        rounds += 1
    return rounds / (time.perf_counter() - start)


def engine_rate(players: int, seconds: float) -> float:
    stream, bots = random.Random(0), [RandomBot(seat) for seat in range(players)]
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        round_ = Round.deal(preset("classic"), players, seed=stream)
        while round_.result is None:
            round_.apply(bots[round_.turn].choose(round_))
        rounds += 1
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine and player count")
    parser.add_argument("--tables", type=int, default=50_000)
    args = parser.parse_args()
    print(f"{'players':>7} {'batch rounds/s':>15} {'OpenSpiel C++':>14} {'ratio':>6} {'per-round engine':>17}")
    worst = None
    for players in range(2, 7):
        batch = batch_rate(players, args.tables, args.seconds)
        spiel = openspiel_rate(players, args.seconds)
        engine = engine_rate(players, args.seconds / 3)
        ratio = batch / spiel if spiel else None
        worst = ratio if worst is None or (ratio is not None and ratio < worst) else worst
        shown = f"{spiel:14.0f} {ratio:5.1f}x" if spiel and ratio else f"{'(not installed)':>14} {'':>6}"
        print(f"{players:7d} {batch:15.0f} {shown} {engine:17.0f}")
    if worst is not None:
        verdict = "meets" if worst >= 2 else "misses"
        print(f"Worst ratio {worst:.1f}x: the batch simulator {verdict} the target of 2x OpenSpiel's C++ loop.")


if __name__ == "__main__":
    main()

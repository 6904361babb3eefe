"""Engine speed: random-bot rounds and decisions per second, beside RLCard's UNO in the same run.

Run with ``python benchmarks/engine.py`` (``make bench``). Each engine plays
in short alternating slices so that both see the same machine load; the
classic preset's decisions per second are then reported as a ratio against
RLCard's raw UNO game driven by random legal actions. Target: classic at
least 2× RLCard. RLCard is an optional dependency (``pip install .[bench]``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from maumau_core import PRESETS, Round, find_law, preset
from maumau_core.engine.bots import RandomBot

Runner = Callable[[int], int]  # plays one round from a seed, returns its decisions


def maumau_runner(name: str, players: int) -> Runner:
    """Rounds dealt from one random stream and played by the same random bots, as a simulation would."""
    rules = preset(name)
    law = find_law("tutorial") if name == "mao" else None
    bots = [RandomBot(seat) for seat in range(players)]
    stream = random.Random(0)

    def one_round(_: int) -> int:
        round_ = Round.deal(rules, players, seed=stream, law=law)
        decisions = 0
        while round_.result is None:
            round_.apply(bots[round_.turn].choose(round_))
            decisions += 1
        return decisions

    return one_round


def rlcard_runner(players: int) -> Runner | None:
    """RLCard's raw UNO game object, dealt from one random stream, random legal actions."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(0)
    rng = random.Random(0)

    def one_round(_: int) -> int:
        game.init_game()
        decisions = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            decisions += 1
        return decisions

    return one_round


def measure(runners: dict[str, Runner], seconds: float, slice_s: float = 0.2) -> dict[str, tuple[float, float]]:
    """Alternate short slices of each runner; return (rounds/s, decisions/s) for each."""
    totals = {name: [0.0, 0, 0] for name in runners}  # time, rounds, decisions
    seed = 0
    end = time.perf_counter() + seconds * len(runners)
    while time.perf_counter() < end:
        for name, run in runners.items():
            start = time.perf_counter()
            while time.perf_counter() - start < slice_s:
                totals[name][2] += run(seed)
                totals[name][1] += 1
                seed += 1
            totals[name][0] += time.perf_counter() - start
    return {name: (r / t, d / t) for name, (t, r, d) in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    runners: dict[str, Runner] = {f"maumau {name}": maumau_runner(name, args.players) for name in PRESETS}
    uno = rlcard_runner(args.players)
    if uno is not None:
        runners["rlcard uno"] = uno
    results = measure(runners, args.seconds)
    print(f"{'engine':24} {'rounds/s':>10} {'decisions/s':>12}  ratio vs rlcard")
    base = results.get("rlcard uno", (0.0, 0.0))[1]
    for name, (rounds, decisions) in results.items():
        ratio = f"{decisions / base:5.2f}x" if base else "  (rlcard not installed)"
        print(f"{name:24} {rounds:10.0f} {decisions:12.0f}  {ratio}")
    if base:
        verdict = "meets" if results["maumau classic"][1] >= 2 * base else "misses"
        print(f"classic {verdict} the target of 2x RLCard's decisions per second.")


if __name__ == "__main__":
    main()

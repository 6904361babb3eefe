"""A strategy-lab tip experiment of 1,000 deals: the batch simulator beside the per-round engine, same run.

Run with ``python benchmarks/lab.py`` (``make bench``). For each tip of the lab, ``compare`` on the
classic preset (the tip's bot and the bot without it, each against three greedy bots, every deal once
per seat: 8,000 rounds) is timed as the lab page runs it (the batch simulator), then the same
experiment on the per-round engine (the same bots behind a wrapper the batch cannot play), and the
ratio is printed with both verdicts. Target (issue 15): about a second per experiment on the batch.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from maumau_core import preset
from maumau_core.engine.bots import RandomBot
from maumau_core.lab.experiments import EXPERIMENT_DEALS, TIPS, verdict
from maumau_core.lab.standing import Standing
from maumau_core.lab.strategies import BOTS
from maumau_core.lab.tournament import tournament


def experiment(tip: str, deals: int, bots: dict[str, Callable[[int], RandomBot]]) -> tuple[float, str]:
    """The seconds one tip experiment takes, and its verdict."""
    chosen = TIPS[tip]
    start = time.perf_counter()
    results: list[Standing] = [
        tournament(
            [name, "greedy", "greedy", "greedy"], preset("classic"), deals=deals, seed=0, show_progress=False, bots=bots
        )[0]
        for name in (chosen.bot, chosen.without)
    ]
    return time.perf_counter() - start, verdict(results[0], results[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=EXPERIMENT_DEALS)
    args = parser.parse_args()
    engine_only = {name: (lambda seed, kind=kind: kind(seed)) for name, kind in BOTS.items()}
    print(f"tip experiment, classic, {args.deals} deals x 4 seats x 2 bots")
    print(f"{'tip':18} {'batch s':>8} {'engine s':>9} {'ratio':>7}  verdicts (batch / engine)")
    for tip in TIPS:
        fast, fast_verdict = experiment(tip, args.deals, BOTS)
        slow, slow_verdict = experiment(tip, args.deals, engine_only)
        print(f"{tip:18} {fast:8.2f} {slow:9.2f} {slow / fast:6.1f}x  {fast_verdict} / {slow_verdict}")


if __name__ == "__main__":
    main()

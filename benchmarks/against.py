"""The engine's speed beside an earlier revision's, in one run: ratios, not absolute numbers.

``python benchmarks/against.py REV`` checks REV out into ``build/baseline/REV`` (a git worktree), compiles
its round engine as that revision's Makefile did (its ``etc/compile_engine.py``, or mypyc on
``maumau_core/round.py`` before that script existed), and compiles this tree's the same way. Then the two
trees take turns, in short slices in fresh processes, at the same work: random-bot rounds of every preset
(``benchmarks/engine.py``'s runner: decisions per second), the per-round engine of
``benchmarks/batch.py`` and its numpy batch simulator (classic rounds per second). Each figure is the median over the slices; the ratio
is this tree over REV, so 1.00 is no change and a restructuring should stay within 0.95–1.05.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

#: Runs in a child whose ``sys.path`` starts with one tree: one slice of each workload, as JSON.
CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import maumau_core
assert maumau_core.__file__.startswith(sys.argv[1]), maumau_core.__file__
from maumau_core import PRESETS, Round, find_law, preset
try:
    from maumau_core.engine.bots import RandomBot
except ImportError:  # a revision from before the engine had its folder
    from maumau_core.bots import RandomBot
seconds, players = float(sys.argv[2]), int(sys.argv[3])
compiled = sys.modules[Round.__module__].__file__.endswith(".so")

def rate(name):
    rules, law = preset(name), find_law("tutorial") if name == "mao" else None
    bots, stream = [RandomBot(seat) for seat in range(players)], random.Random(0)
    decisions, rounds, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        round_ = Round.deal(rules, players, seed=stream, law=law)
        while round_.result is None:
            round_.apply(bots[round_.turn].choose(round_))
            decisions += 1
        rounds += 1
    spent = time.perf_counter() - start
    return decisions / spent, rounds / spent

warm_until = time.perf_counter() + seconds / 2  # the first workload of a fresh process paid its start-up
while time.perf_counter() < warm_until:
    rate("classic")
out = {f"{name} decisions/s": rate(name)[0] for name in PRESETS}
out["classic rounds/s (batch.py's per-round engine)"] = rate("classic")[1]
from maumau_core.lab.batch import simulate
rounds, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    simulate(preset("classic"), players, 20_000, policy="random", seed=rounds)
    rounds += 20_000
out["classic rounds/s (batch.py's numpy simulator)"] = rounds / (time.perf_counter() - start)
print(json.dumps({"compiled": compiled, "rates": out}))
"""


def compile_tree(tree: Path) -> None:
    """Build a tree's engine as its own Makefile would (quietly); without a C compiler it stays Python."""
    script = tree / "etc" / "compile_engine.py"
    mypyc = Path(sys.executable).with_name("mypyc")
    command = [sys.executable, str(script)] if script.exists() else [str(mypyc), "maumau_core/round.py"]
    subprocess.run(command, cwd=tree, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def baseline(rev: str) -> Path:
    tree = HERE / "build" / "baseline" / rev
    if not tree.exists():
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev],
            cwd=HERE,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    return tree


def one_slice(tree: Path, seconds: float, players: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tree), str(seconds), str(players)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the earlier revision (a commit, a tag, HEAD~3)")
    parser.add_argument("--slices", type=int, default=5, help="turns each tree takes")
    parser.add_argument("--seconds", type=float, default=0.6, help="seconds of each workload in a slice")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    trees = {"before": baseline(args.rev), "after": HERE}
    for tree in trees.values():
        compile_tree(tree)
    samples: dict[str, dict[str, list[float]]] = {side: {} for side in trees}
    compiled: dict[str, bool] = {}
    for _ in range(args.slices):
        for side, tree in trees.items():
            result = one_slice(tree, args.seconds, args.players)
            compiled[side] = bool(result["compiled"])
            for name, value in result["rates"].items():  # type: ignore[attr-defined]
                samples[side].setdefault(name, []).append(value)
    print(
        f"before: {args.rev} ({'compiled' if compiled['before'] else 'pure Python'}); "
        f"after: this tree ({'compiled' if compiled['after'] else 'pure Python'}); "
        f"{args.players} players, median of {args.slices} alternating slices"
    )
    print(f"{'workload':52} {'before':>10} {'after':>10} {'after/before':>13}")
    for name, values in samples["after"].items():
        before, after = statistics.median(samples["before"][name]), statistics.median(values)
        print(f"{name:52} {before:10.0f} {after:10.0f} {after / before:12.2f}x")


if __name__ == "__main__":
    main()

"""The strategy-lab pages' default runs, timed as a learner's click runs them, on this machine's delivery.

Run with ``MAUMAU_DELIVERY=static python benchmarks/lab_pages.py`` for the static site's choices (every deal on
the round engine, ``delivery.current().lab_deals`` deals), and ``--pure`` to time the engine's Python source
instead of its mypyc-compiled copy, as Pyodide runs it (the package is copied without its ``.so`` files into a
temporary folder, so the working tree is left as it is). Each widget is made with its defaults and run as
its button runs it: the tip lab (lesson 15: its first tip, and the slowest rule set), the bot builder (every
tip ticked) and the house-rule lab (lesson 16: its first option, and the slowest, a rank with 14 values).
Pyodide runs pure Python roughly 1.5–3× slower than CPython; target: ≤ ~3 s here, so ≤ ~8 s in a browser.
``--deals N`` times the widgets made with N deals instead (how ``lab_deals`` is chosen).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main(deals: int | None) -> None:
    from maumau_core import delivery
    from maumau_core.engine import round as engine_round
    from maumau_core.widgets.lab_views import HouseRuleLab, PolicyBuilder, TipLab

    chosen = delivery.current()
    compiled = not engine_round.__file__.endswith(".py")
    print(f"delivery {chosen.name}: lab_deals {chosen.lab_deals}, batch simulator {chosen.batch_simulator}, ", end="")
    print(f"engine {'compiled' if compiled else 'pure Python'}, deals {deals or chosen.lab_deals}")

    def tip_lab(rules: str) -> Callable[[], object]:
        lab = TipLab(deals=deals)
        lab._prediction.value = "helps"
        lab._rules.value = rules
        return lab.simulate

    def builder() -> Callable[[], object]:
        built = PolicyBuilder(deals=deals)
        for box in built._tips:
            box.value = True
        return built.race

    def house_rules(option: str) -> Callable[[], object]:
        lab = HouseRuleLab(rounds=deals)
        lab._option.value = option
        return lab.measure

    runs = {
        "tip lab, first tip, classic (the page's default)": tip_lab("classic"),
        "tip lab, first tip, tschau-sepp (the slowest rule set)": tip_lab("tschau-sepp"),
        "bot builder, every tip ticked, classic": builder(),
        "house-rule lab, draw cards stack (the page's default)": house_rules("draw_stacking"),
        "house-rule lab, draw card (a rank: 14 values)": house_rules("draw_card"),
    }
    for name, run in runs.items():
        print(f"{name:58} {timed(run):6.2f} s")


def pure_copy() -> Path:
    """The package without its compiled engine, in a temporary folder (removed at exit by the caller)."""
    folder = Path(tempfile.mkdtemp(prefix="maumau-pure-"))
    shutil.copytree(
        ROOT / "maumau_core",
        folder / "maumau_core",
        ignore=shutil.ignore_patterns("*.so", "__pycache__", "course_files"),
    )
    return folder


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pure", action="store_true", help="time the engine's Python source (as Pyodide runs it)")
    parser.add_argument("--deals", type=int, help="the widgets' deals (default: the delivery's lab_deals)")
    args = parser.parse_args()
    if args.pure:
        folder = pure_copy()
        try:
            here = [
                sys.executable,
                str(Path(__file__).resolve()),
                *(["--deals", str(args.deals)] if args.deals else []),
            ]
            env = {**os.environ, "PYTHONPATH": str(folder)}
            sys.exit(subprocess.run(here, env=env, cwd=folder, check=False).returncode)
        finally:
            shutil.rmtree(folder)
    main(args.deals)

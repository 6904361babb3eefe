"""The strategy lab where the static site runs it: Pyodide, with no numpy, no matplotlib and no threads.

A fresh interpreter is made like Pyodide (numpy and matplotlib unimportable, a thread refused when started,
every warning an error, ``MAUMAU_DELIVERY=static``), then imports every module of the lab but the numpy batch
simulator, and runs the lab pages' widgets and the library's experiments on the round engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from maumau_core import delivery, preset
from maumau_core.lab import tournament as tournament_module
from maumau_core.lab.experiments import compare

ROOT = Path(__file__).resolve().parents[1]

AS_IN_PYODIDE = r"""
import importlib, json, pkgutil, sys, threading, warnings

sys.modules["numpy"] = None  # as in Pyodide: importing numpy (or matplotlib) raises ImportError
sys.modules["matplotlib"] = None


def no_thread(self):
    raise RuntimeError("can't start new thread")  # what Pyodide says


threading.Thread.start = no_thread
warnings.simplefilter("error")  # tqdm warns when its monitor thread cannot start: that fails here

import maumau_core.lab
from maumau_core import preset
from maumau_core.lab.experiments import compare, effects

numpy_side = {"maumau_core.lab.batch", "maumau_core.lab.batch_policies"}
imported = []
for found in pkgutil.iter_modules(maumau_core.lab.__path__, "maumau_core.lab."):
    if found.name not in numpy_side:
        importlib.import_module(found.name)
        imported.append(found.name)
from maumau_core.widgets.lab_views import HouseRuleLab, PolicyBuilder, TipLab, plot_option_effects

tip = TipLab()
tip._prediction.value = "helps"
found = tip.simulate()
house = HouseRuleLab()
rows = house.measure()
builder = PolicyBuilder()
builder._tips[0].value = True
mine = builder.race()
with_tip, without = compare("keep-a-jack", preset("classic"), deals=20, show_progress=True)
chart = plot_option_effects(preset("classic"), "draw_stacking", [True, False], rounds=20, show_progress=True)
print(json.dumps({
    "imported": imported,
    "deals": [tip._deals.value, house.rounds, builder.deals],
    "verdict": found,
    "tip_chart": tip._plot.value.count('role="img"'),
    "house_rows": len(rows),
    "house_charts": house._result.value.count('role="img"'),
    "race_rounds": mine.rounds,
    "library_rounds": with_tip.rounds + without.rounds,
    "library_chart": chart._repr_html_().count('role="img"'),
    "threads": threading.active_count(),
    "heavy": sorted(name for name in ("numpy", "matplotlib") if sys.modules.get(name) is not None),
}))
"""


def test_the_lab_runs_as_in_pyodide_without_numpy_matplotlib_or_threads() -> None:
    done = subprocess.run(
        [sys.executable, "-c", AS_IN_PYODIDE],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, delivery.CHOICE: "static"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    ran = json.loads(done.stdout.strip().splitlines()[-1])
    lab = {path.stem for path in (ROOT / "maumau_core" / "lab").glob("*.py")} - {"__init__", "batch", "batch_policies"}
    assert {name.removeprefix("maumau_core.lab.") for name in ran["imported"]} == lab
    deals = delivery.STATIC.lab_deals
    assert ran["deals"] == [deals, deals, deals] and ran["race_rounds"] == deals * 4
    assert ran["verdict"] in ("helps", "hurts", "makes no clear difference") and ran["tip_chart"] == 1
    assert ran["house_rows"] == 2 and ran["house_charts"] == 4 and ran["library_chart"] == 4
    assert ran["library_rounds"] == 2 * 20 * 4
    assert ran["threads"] == 1 and ran["heavy"] == []


def test_the_static_delivery_plays_a_batch_ready_tournament_on_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots and rules the batch simulator plays, yet the static delivery sends every deal to the engine."""
    played: list[object] = []

    def counting(round_: object, table: object) -> object:
        played.append(round_)
        return engine(round_, table)  # type: ignore[arg-type]

    engine = tournament_module.play_round
    monkeypatch.setattr(tournament_module, "play_round", counting)
    monkeypatch.setattr(delivery, "current", lambda: delivery.STATIC)
    with_tip, without = compare("counter", preset("classic"), deals=5, show_progress=False)
    assert with_tip.rounds == without.rounds == 20 and len(played) == 2 * 5 * 4
    monkeypatch.setattr(delivery, "current", lambda: delivery.SERVED)
    played.clear()
    compare("counter", preset("classic"), deals=5, show_progress=False)
    assert played == []  # served: the batch simulator

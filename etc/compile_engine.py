"""Compile the round engine to C with mypyc, from the same typed source (``make`` runs this).

The round is a line of small modules (:mod:`maumau_core.engine.round_state` up to :mod:`maumau_core.engine.round`);
mypyc compiles them as one group, so a call from one layer into another is a native call and the split
costs no speed. The group's shared library goes inside the package (``maumau_core/engine/round__mypyc…so``), so
a kernel started in any folder finds it. ``python etc/compile_engine.py clean`` removes what it built:
the pure-Python source then runs (slower, same results).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "maumau_core" / "engine"
#: The round's layers, bottom first: every module mypyc compiles, and nothing else.
ENGINE = ("round_state", "legality", "round_end", "stock", "special_cards", "call_window", "turns", "round")


def clean() -> None:
    """Remove every compiled module of the engine (a module renamed since leaves none behind)."""
    for built in PACKAGE.glob("*.so"):
        built.unlink()


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    clean()
    paths = [str(PACKAGE.relative_to(ROOT) / f"{name}.py") for name in ENGINE]
    setup(
        name="maumau-engine",
        ext_modules=mypycify(paths, group_name="maumau_core.engine.round"),
        script_args=["build_ext", "--inplace", "--build-temp", "build/mypyc"],
    )
    for built in PACKAGE.glob("*.so"):
        built.touch()  # setuptools copies the build's old time: the tests compare it with the source's


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    clean() if sys.argv[1:] == ["clean"] else build()

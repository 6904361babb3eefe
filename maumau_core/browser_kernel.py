"""What the static site's kernel is spared before it imports IPython: IPython's terminal.

``import IPython`` imports ``IPython.terminal.embed`` (for ``IPython.embed``), and with it IPython's terminal
shell and prompt_toolkit: ~170 modules, measured in Pyodide a quarter of the kernel's import (~160 ms of a
page's start, on the path every page waits on), 0.7 MB of a first visit's download and ~200 files installed on
every page. No page runs a terminal: the kernel's shell is IPython's plain ``InteractiveShell``, and a page has
no code to type. So the site's kernel starts with a stand-in for that one module, as Pyodide's kernel itself
stands in for modules a browser lacks (``pyodide_kernel.mocks``), and the site carries an empty prompt_toolkit
wheel, which IPython's package requires. Only the static site's starter calls :func:`spare_terminal`
(:mod:`maumau_core.site.starter`), and the build, as it imports what a page imports to compile it.
"""

from __future__ import annotations

import sys
import types
from typing import NoReturn

#: The module ``import IPython`` takes ``embed`` from, the only way from IPython into its terminal at import.
TERMINAL_EMBED = "IPython.terminal.embed"


def _no_terminal(*args: object, **kwargs: object) -> NoReturn:
    raise RuntimeError("IPython's terminal does not run in the browser.")


def spare_terminal() -> None:
    """Stand in for IPython's terminal embedding before IPython is imported; once it is, nothing changes."""
    if TERMINAL_EMBED in sys.modules:
        return
    stand_in = types.ModuleType(TERMINAL_EMBED, "A stand-in: the course's pages never embed IPython's terminal.")
    stand_in.embed = _no_terminal  # type: ignore[attr-defined]
    sys.modules[TERMINAL_EMBED] = stand_in

"""The static site's kernel is spared IPython's terminal (maumau_core/browser_kernel.py): with the stand-in in
place, IPython and its plain shell import without prompt_toolkit, and ``IPython.embed`` says in one sentence
that it does not run there. In a new interpreter: the stand-in must come before IPython's first import."""

from __future__ import annotations

import subprocess
import sys

SPARED = """
import sys
from maumau_core.browser_kernel import spare_terminal
spare_terminal()
import IPython
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
shell.run_cell("answer = 6 * 7")
assert shell.user_ns["answer"] == 42
assert not [name for name in sys.modules if name.startswith("prompt_toolkit")], "prompt_toolkit was imported"
try:
    IPython.embed()
except RuntimeError as error:
    print(error)
"""


def test_ipython_and_its_shell_import_without_the_terminal_and_embed_says_why_not() -> None:
    done = subprocess.run([sys.executable, "-c", SPARED], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "IPython's terminal does not run in the browser."


def test_once_ipython_is_imported_the_stand_in_changes_nothing() -> None:
    code = "import IPython.terminal.embed as real, sys\nfrom maumau_core.browser_kernel import spare_terminal\n"
    code += "spare_terminal()\nassert sys.modules['IPython.terminal.embed'] is real and hasattr(real, 'InteractiveShellEmbed')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr

"""The usage example at the top of round.py stays true.

``make`` compiles round.py with mypyc, which keeps no module docstring, so
``--doctest-modules`` cannot see this example there; it is read from the
source text instead and run against the engine actually imported.
"""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

import maumau_core.engine.round


def test_round_module_example_holds() -> None:
    source = (Path(maumau_core.__file__).parent / "engine" / "round.py").read_text(encoding="utf-8")
    docstring = ast.get_docstring(ast.parse(source)) or ""
    test = doctest.DocTestParser().get_doctest(docstring, vars(maumau_core.engine.round), "round.py", "round.py", 0)
    assert test.examples, "round.py's docstring lost its usage example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0

"""What a lesson page's kernel imports: every learner on a page holds a kernel, so a library only one page
needs must not weigh on the others. numpy (the batch simulator, tens of MB) is imported by no page as it opens:
only a strategy-lab run on a served course loads it; matplotlib by none (the lab's charts are the library's own
SVG); lark (the law notation's parser, ~7 MB with its grammar built) only by the pages that read a Mao law.

Each page's code cells are run as its kernel runs them (in ``notebooks/``), in a fresh interpreter per page,
which then lists the heavy libraries it holds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
HEAVY = ("numpy", "matplotlib", "lark")
#: The pages that need a heavy library, and which.
NEEDS = {
    "11_whats_next": {"lark"},
    "12_mao_rules": {"lark"},
    "13_mao_puzzle": {"lark"},
    "14_write_a_law": {"lark"},
}
RUN_PAGE = """
import json, os, sys
os.chdir(sys.argv[1])
for source in json.loads(sys.stdin.read()):
    exec(compile(source, "<cell>", "exec"), globals())
print(json.dumps(sorted(name for name in sys.argv[2:] if name in sys.modules)))
"""


def heavy_imports(page: str) -> set[str]:
    """The heavy libraries a fresh interpreter holds after running ``page``'s code cells."""
    notebook = nbformat.read(NOTEBOOKS / f"{page}.ipynb", as_version=4)
    sources = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    done = subprocess.run(
        [sys.executable, "-c", RUN_PAGE, str(NOTEBOOKS), *HEAVY],
        input=json.dumps(sources),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "page",
    [
        "00_welcome",
        "01_cards_and_matching",
        "02_five_rule_sets",
        "07_first_round",
        "10_practice",
        "13_mao_puzzle",
        "15_strategy_lab",
    ],
)
def test_a_page_imports_a_heavy_library_only_if_it_needs_it(page: str) -> None:
    assert heavy_imports(page) == NEEDS.get(page, set())


def test_every_page_that_needs_a_heavy_library_is_a_lesson() -> None:
    assert set(NEEDS) <= {path.stem for path in NOTEBOOKS.glob("*.ipynb")}

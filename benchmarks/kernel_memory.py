"""Memory per learner: what one lesson page's kernel holds once its page has run, and what the pre-heated
pool costs before anyone comes.

Run with ``python benchmarks/kernel_memory.py`` (about a minute on two cores). Each lesson is run in a fresh
kernel, one at a time, as Voilà runs it (every code cell, in ``notebooks/``); then the kernel's memory is read:
RSS (what ``top`` shows, shared libraries counted in full) and USS (the pages only this kernel holds: what one
more learner on that page costs), and which of the heavy libraries (numpy, matplotlib, lark) it imported.
An idle kernel that ran nothing is measured the same way, for comparison. The pool's idle cost is the sum over
the pre-heated pages (``MAUMAU_PREHEATED`` in ``etc/voila.py``), beside pre-heating every page as before.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
HEAVY = ("numpy", "matplotlib", "lark")
PREHEATED = os.environ.get("MAUMAU_PREHEATED", "00_welcome,01_cards_and_matching,02_five_rule_sets").split(",")
PROBE = f"import sys; print(' '.join(name for name in {HEAVY!r} if name in sys.modules))"


def measure(notebook: nbformat.NotebookNode) -> tuple[float, float, str]:
    """Run ``notebook``'s code cells in a fresh kernel; its RSS and USS in MB and the heavy libraries it holds."""
    probe = nbformat.v4.new_code_cell(PROBE)
    notebook.cells.append(probe)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type == "code":
                client.execute_cell(cell, index)
        time.sleep(0.5)
        process = psutil.Process(client.km.provisioner.process.pid)
        memory = process.memory_full_info()
    heavy = "".join(output.get("text", "") for output in probe.outputs).strip()
    return memory.rss / 2**20, memory.uss / 2**20, heavy or "-"


def main() -> None:
    print(f"{'page':<28} {'RSS MB':>7} {'USS MB':>7}  heavy libraries", flush=True)
    rss, uss, heavy = measure(nbformat.v4.new_notebook())
    print(f"{'(a kernel that ran nothing)':<28} {rss:7.1f} {uss:7.1f}  {heavy}", flush=True)
    pages: dict[str, tuple[float, float]] = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        rss, uss, heavy = measure(nbformat.read(path, as_version=4))
        pages[path.stem] = rss, uss
        print(f"{path.stem:<28} {rss:7.1f} {uss:7.1f}  {heavy}", flush=True)
    rss_values = sorted(value[0] for value in pages.values())
    print(f"Median page kernel: {rss_values[len(rss_values) // 2]:.0f} MB RSS, "
          f"{sorted(value[1] for value in pages.values())[len(pages) // 2]:.0f} MB USS.")
    preheated = [name for name in PREHEATED if name in pages]
    print(f"Idle pool, {len(preheated)} pre-heated pages ({', '.join(preheated)}): "
          f"{sum(pages[name][0] for name in preheated):.0f} MB RSS, {sum(pages[name][1] for name in preheated):.0f} MB USS; "
          f"every page pre-heated ({len(pages)}): {sum(value[0] for value in pages.values()):.0f} MB RSS, "
          f"{sum(value[1] for value in pages.values()):.0f} MB USS.")


if __name__ == "__main__":
    main()

"""Memory per learner: what one lesson page's kernel holds once its page has run, and what the pre-heated
pool costs before anyone comes.

Run with ``python benchmarks/kernel_memory.py`` (about a minute on two cores). Each lesson is run in a fresh
kernel, one at a time, as Voilà runs it (every code cell, in ``notebooks/``); then the kernel's memory is read:
RSS (what ``top`` shows, shared libraries counted in full) and USS (the pages only this kernel holds: what one
more learner on that page costs), and which of the heavy libraries (numpy, matplotlib, lark) it imported.
An idle kernel that ran nothing is measured the same way, for comparison. The pool's idle cost is the sum over
the pre-heated pages (``MAUMAU_PREHEATED`` in ``etc/voila.py``), beside pre-heating every page as before.

Each page is measured twice in the same run: in a kernel started as its own process (jupyter_client's
``local-provisioner``) and in a kernel forked from the course's warm forkserver (``maumau-forked``, what
``maumau-course serve`` uses: ``maumau_core/server/forked_kernels.py``). A forked kernel shares the forkserver's
imported modules until it writes to them, so its USS is what it adds; the forkserver itself (one per server)
is reported once.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import nbformat

# This script imports its libraries inside its functions: a forked kernel imports the main script again (as
# multiprocessing's children do), and what the script imports at the top would be counted in every forked
# kernel's memory, as it never is in a kernel of ``maumau-course serve``.

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
HEAVY = ("numpy", "matplotlib", "lark")
PREHEATED = os.environ.get("MAUMAU_PREHEATED", "00_welcome,01_cards_and_matching,02_five_rule_sets").split(",")
PROBE = f"import sys; print(' '.join(name for name in {HEAVY!r} if name in sys.modules))"
PROVISIONERS = ("local-provisioner", "maumau-forked")


def measure(notebook: nbformat.NotebookNode, provisioner: str) -> tuple[float, float, str]:
    """Run ``notebook``'s code cells in a fresh kernel started by ``provisioner``; its RSS and USS in MB and the
    heavy libraries it holds."""
    import nbformat
    import psutil
    from jupyter_client.provisioning import KernelProvisionerFactory
    from nbclient import NotebookClient

    KernelProvisionerFactory.instance().default_provisioner_name = provisioner
    probe = nbformat.v4.new_code_cell(PROBE)
    notebook.cells.append(probe)
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type == "code":
                client.execute_cell(cell, index)
        time.sleep(0.5)
        process = psutil.Process(client.km.provisioner.process.pid)
        memory = process.memory_full_info()
    heavy = "".join(output.get("text", "") for output in probe.outputs).strip()
    return memory.rss / 2**20, memory.uss / 2**20, heavy or "-"


def forkserver_memory() -> tuple[float, float]:
    """RSS and USS in MB of the forkserver this process started (its child running the forkserver's main)."""
    import psutil

    for child in psutil.Process().children():
        if "multiprocessing.forkserver" in " ".join(child.cmdline()):
            memory = child.memory_full_info()
            return memory.rss / 2**20, memory.uss / 2**20
    return 0.0, 0.0


def main() -> None:
    import nbformat

    print(f"{'':<28} {'own process':>15} {'forked':>15}")
    print(f"{'page':<28} {'RSS MB':>7} {'USS MB':>7} {'RSS MB':>7} {'USS MB':>7}  heavy libraries", flush=True)
    pages: dict[str, dict[str, tuple[float, float]]] = {}
    for path in [None, *sorted(NOTEBOOKS.glob("*.ipynb"))]:
        name = path.stem if path else "(a kernel that ran nothing)"
        measured = {
            provisioner: measure(nbformat.read(path, as_version=4) if path else nbformat.v4.new_notebook(), provisioner)
            for provisioner in PROVISIONERS
        }
        if path:
            pages[name] = {provisioner: value[:2] for provisioner, value in measured.items()}
        print(
            f"{name:<28} "
            + " ".join(f"{value[0]:7.1f} {value[1]:7.1f}" for value in measured.values())
            + f"  {measured[PROVISIONERS[0]][2]}",
            flush=True,
        )
    rss, uss = forkserver_memory()
    print(f"{'(the forkserver, once)':<28} {'':>15} {rss:7.1f} {uss:7.1f}")
    preheated = [name for name in PREHEATED if name in pages]
    for provisioner in PROVISIONERS:
        values = [page[provisioner] for page in pages.values()]
        print(
            f"{provisioner}: median page kernel {sorted(v[0] for v in values)[len(values) // 2]:.0f} MB RSS, "
            f"{sorted(v[1] for v in values)[len(values) // 2]:.0f} MB USS; idle pool of {len(preheated)} "
            f"pre-heated pages ({', '.join(preheated)}): {sum(pages[n][provisioner][0] for n in preheated):.0f} MB "
            f"RSS, {sum(pages[n][provisioner][1] for n in preheated):.0f} MB USS; every page pre-heated "
            f"({len(values)}): {sum(v[0] for v in values):.0f} MB RSS, {sum(v[1] for v in values):.0f} MB USS."
        )


if __name__ == "__main__":
    main()

"""How a static page starts: the kernel's starter script, the kernel's worker started as the page opens instead
of once Voici's app asks for it, and a page that starts in a browser that runs no service worker for it.

Why the early start: a page's Python (Pyodide, the preloaded wheels, IPython and the kernel imported) takes
~2 s of one core, and Voici's own JavaScript ~1.2-1.5 s of the other before its app asks for a kernel; one
after the other they were most of a page's time. So the first script of every page (:data:`PAGE_SCRIPT`)
starts the kernel's worker itself, through a small worker script of the course's (:data:`EARLY_WORKER`) that
starts Pyodide with the site's own settings and imports the kernel, then loads the kernel's worker chunk as its
own; when the kernel's front end then makes its worker (``new Worker`` of that chunk), it is handed this one,
and the starter gives it the Python already started (when the kernel's options are those it was started with;
otherwise the starter starts another, as without the early start). Pyodide's kernel has no setting for this
(measured here: ~1 s off every page; docs/static-site.md). Where the page is cross-origin isolated, the kernel
makes another kind of worker, and the page leaves it alone. Without a service worker the page would never have
started at all: :data:`PAGE_SCRIPT` says why and what it does instead.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

#: The script the kernel starts Pyodide with (its ``pyodideUrl`` setting: a script defining ``loadPyodide``),
#: beside Pyodide's own. The kernel makes the drive (where progress is kept) the working folder as it mounts
#: it, and Pyodide puts the working folder ('') first on ``sys.path``, so every import of a new top-level
#: module looked on the drive first, each look a synchronous request through the service worker while Python
#: waits (measured: ~130 when a page starts, 1.0-1.5 s). A page has no code of the learner's to import from
#: there, so the starter takes '' off the path before the kernel imports anything, and PYTHONSAFEPATH (in the
#: kernel's settings) keeps IPython's shell from putting it back.
STARTER = "course-pyodide.js"
#: What the starter says in the page's console (the worker's) as it hands the kernel the Python started early.
STARTED_EARLY = "[course] the page's Python was started as the page opened"
#: What the starter runs in a new Python before the kernel imports anything: '' off the path (above), and
#: IPython's terminal spared (:mod:`maumau_core.browser_kernel`).
PREPARE = """import sys
sys.path[:] = [path for path in sys.path if path]
from maumau_core.browser_kernel import spare_terminal
spare_terminal()
"""
#: A classic script (the kernel's worker takes a module only by an import its bundle left unresolved), loaded
#: twice in an early-started worker (by that worker, then by the kernel), so it declares nothing of its own in
#: the worker's scope. It loads Pyodide's own script from Pyodide's folder, which the kernel gives it as
#: ``indexURL``, keeping its own ``loadPyodide`` in place. ``courseStartEarly`` starts Python and imports the
#: kernel (``piplite`` and ``pyodide_kernel``: what the kernel imports first, each import idempotent);
#: ``loadPyodide``, as the kernel calls it, takes that Python when its options (but the kernel's output
#: callbacks, then given to Pyodide) are the ones it was started with.
STARTER_SCRIPT = """(() => {
  const PREPARE = PREPARE_PYTHON;
  const key = (options) => JSON.stringify(Object.keys(options).sort().map((name) => [name, options[name]]));
  const pyodideOwn = (indexURL) => {
    const ours = self.loadPyodide;
    importScripts(new URL("pyodide.js", indexURL).href);
    const theirs = self.loadPyodide;
    self.loadPyodide = ours;
    return theirs;
  };
  const started = async (options) => {
    const pyodide = await pyodideOwn(options.indexURL)(options);
    pyodide.runPython(PREPARE);
    return pyodide;
  };
  self.courseStartEarly = (options) => {
    const pyodide = started(options).then((python) => {
      python.runPython("import piplite.piplite\\nimport pyodide_kernel");
      return python;
    });
    pyodide.catch(() => {});  // the kernel meets a failure when it asks for this Python
    self.courseEarly = { key: key(options), pyodide };
  };
  self.loadPyodide = async (options) => {
    const { stdout, stderr, ...rest } = options;
    const early = self.courseEarly;
    self.courseEarly = undefined;
    if (!early || early.key !== key(rest)) return started(options);
    const pyodide = await early.pyodide;
    if (stdout) pyodide.setStdout({ batched: stdout });
    if (stderr) pyodide.setStderr({ batched: stderr });
    console.debug(STARTED_EARLY);
    return pyodide;
  };
})();
""".replace("STARTED_EARLY", json.dumps(STARTED_EARLY)).replace("PREPARE_PYTHON", json.dumps(PREPARE))

#: The kernel's setting naming Pyodide's module, as the build writes it into the site's settings and into
#: each page's own copy of them.
_PYODIDE_URL = re.compile(r'("pyodideUrl": "[^"]*/)pyodide\.js"')


def start_with_starter(out: Path) -> None:
    """The kernel told to start Pyodide by the :data:`STARTER`: the build names Pyodide's own module, which
    it finds in the well-known folder, whatever the settings said, in ``jupyter-lite.json`` and in every page."""
    for settings in [out / "jupyter-lite.json", *(out / "voici").rglob("*.html")]:
        text = settings.read_text(encoding="utf-8")
        settings.write_text(_PYODIDE_URL.sub(rf'\g<1>{STARTER}"', text), encoding="utf-8")


class StarterError(Exception):
    """The built site is not shaped as this module expects (another version of Pyodide's kernel)."""


#: Where the kernel's extension keeps its chunks, and Pyodide's folder, in a built site.
KERNEL_CHUNKS = Path("extensions/@jupyterlite/pyodide-kernel-extension/static")
PYODIDE_FOLDER = Path("static/pyodide")
#: The course's worker script, beside the kernel's chunks (the kernel's worker chunk finds its own chunks from
#: the worker's address).
EARLY_WORKER = "course-early-kernel.js"


def kernel_worker(site: Path) -> str:
    """The file name of the kernel's worker chunk: the one chunk that starts Pyodide (``initRuntime``) and
    makes no worker itself (the kernel's front end makes workers; its other worker, for a cross-origin
    isolated page, makes one to wait on)."""
    found = [
        chunk.name
        for chunk in sorted((site / KERNEL_CHUNKS).glob("*.js"))
        if "initRuntime(" in (text := chunk.read_text(encoding="utf-8")) and "new Worker(" not in text
    ]
    if len(found) != 1:
        raise StarterError(f"the kernel's worker is not one chunk of {KERNEL_CHUNKS} (found {len(found)})")
    return found[0]


def early_worker_script(site: Path, worker: str, load_options: dict[str, object]) -> str:
    """The course's worker script: the starter, Python started with the kernel's own options as the kernel
    will give them (``indexURL``: Pyodide's folder, as an address), then the kernel's worker chunk ``worker``."""
    up = os.path.relpath(site / PYODIDE_FOLDER, site / KERNEL_CHUNKS)
    return (
        "// The kernel's worker, started by the page as it opens (maumau_core/site/starter.py).\n"
        f'importScripts(new URL("{up}/{STARTER}", self.location).href);\n'
        f'self.courseStartEarly({{ indexURL: new URL("{up}/", self.location).href, ...{json.dumps(load_options)} }});\n'
        f'importScripts("{worker}");\n'
    )


#: The page's first script. It makes the course's worker as the page opens, and hands it to the kernel's front
#: end when that makes the kernel's worker (then ``Worker`` is the browser's own again). ``{chunks}``: the
#: kernel's chunks' folder from the page; the chunk's address is compared without its query (the kernel adds
#: ``?v=``). Then, in a browser that runs no service worker for the page (a page served over plain http from
#: any host but the learner's own machine, a private window in some browsers), it gives the page a service
#: worker container that refuses to register one: JupyterLite's app then takes its own "registration
#: failed" way (the kernel starts without the drive, and the course says progress cannot be kept in this
#: browser), where without any container it waited for a registration forever and the page never started
#: (JupyterLite 0.7's ``ServiceWorkerManager`` settles its ``ready`` only after trying to register).
PAGE_SCRIPT = """<script>
(() => {{  // the kernel's worker started as the page opens: maumau_core/site/starter.py
  if (self.crossOriginIsolated || !self.Worker) return;
  const Own = self.Worker;
  const kernel = new URL("{chunks}/{worker}", document.baseURI).pathname;
  const early = new Own(new URL("{chunks}/{early}", document.baseURI));
  function Worker(url, options) {{
    if (new URL(url, document.baseURI).pathname !== kernel) return new Own(url, options);
    self.Worker = Own;
    return early;
  }}
  Worker.prototype = Own.prototype;
  self.Worker = Worker;
}})();
(() => {{  // a browser that runs no service worker for the page: maumau_core/site/starter.py
  if ("serviceWorker" in navigator) return;
  const refused = async () => {{ throw new Error("This browser runs no service worker for this page."); }};
  const none = {{ controller: null, register: refused, getRegistration: async () => undefined,
                 getRegistrations: async () => [] }};
  Object.defineProperty(navigator, "serviceWorker", {{ configurable: true, value: none }});
}})();
</script>
"""
#: Where the page script goes: first in the page's head, after the character set (which must come first).
_HEAD = re.compile(r"<head>\s*<meta charset=\"utf-8\"\s*/?>\n?")


def start_early(site: Path, load_options: dict[str, object]) -> None:
    """Every page of the built ``site`` starts its kernel's worker as it opens (the module's docstring)."""
    worker = kernel_worker(site)
    (site / KERNEL_CHUNKS / EARLY_WORKER).write_text(early_worker_script(site, worker, load_options), encoding="utf-8")
    for page in (site / "voici" / "render").rglob("*.html"):
        chunks = os.path.relpath(site / KERNEL_CHUNKS, page.parent)
        script = PAGE_SCRIPT.format(chunks=chunks, worker=worker, early=EARLY_WORKER)
        text = page.read_text(encoding="utf-8")
        head = _HEAD.search(text)
        if not head:
            raise StarterError(f"{page.relative_to(site)} has no head to start its kernel from")
        page.write_text(text[: head.end()] + script + text[head.end() :], encoding="utf-8")

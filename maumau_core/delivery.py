"""Where the course runs, chosen once when the library starts: *served* (a Python kernel on a machine: Voilà,
JupyterLab, JupyterHub) or *static* (Pyodide in the learner's own browser, on the site ``maumau-course site``
builds).

The pages, the library and the sentences are the same files in both. The things that differ live here,
so no widget or page asks which delivery it is in; each reads the field it needs:

- where progress is kept (:attr:`Delivery.data_dir`): the user's data folder on a machine; on the static site
  JupyterLite's drive (``/drive``, kept in the browser's IndexedDB), which survives a reload and a new visit
  (Pyodide's home folder lives in memory and is gone with the page);
- where a Mao law lives (:attr:`Delivery.law_note`): on a served course in the kernel on the server, out of the
  browser's reach until it is solved; on the static site in the browser itself, a puzzle played on the
  learner's honour, like a puzzle book;
- a lesson page's address (:meth:`Delivery.page_address`): ``.ipynb`` served, ``.html`` on the static site;
- the strategy lab's engine (:attr:`Delivery.batch_simulator`, :attr:`Delivery.lab_deals`): the numpy batch
  simulator where numpy is installed; on the static site the round engine itself (no numpy built for Pyodide
  can be fetched from the registries the course uses), with default experiments sized so a click still
  answers in seconds there (``benchmarks/lab_pages.py``).

``MAUMAU_DELIVERY`` (``served`` or ``static``) overrides the choice, so the static site's choices can be tried
on a machine (the tests do).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from maumau_core.errors import MauMauError
from maumau_core.i18n import N_

#: The environment variable that picks a delivery by name instead of by the platform.
CHOICE = "MAUMAU_DELIVERY"


@dataclass(frozen=True)
class Delivery:
    """What differs between a served course and the static site; see the module's docstring."""

    name: str
    #: Where the course keeps what it saves for this learner (their progress file is ``progress.json`` in it).
    data_dir: Callable[[], Path]
    #: The sentence a Mao page shows about where its secret law is kept (an ``N_`` message).
    law_note: str
    #: Whether the strategy lab may use the numpy batch simulator (the round engine plays every deal otherwise).
    batch_simulator: bool
    #: The strategy lab's default number of deals per experiment (its sliders still go up to the library's most).
    lab_deals: int
    #: Whether the data folder is mounted by the host and must never be made by the course: JupyterLite's drive
    #: exists only where the browser lets the site run its service worker; a folder made in its place would live
    #: in the page's memory (:func:`maumau_core.course.learner.mounted_data_dir`).
    data_dir_mounted: bool = False
    #: Whether a failing lesson cell shows one sentence instead of its traceback
    #: (:mod:`maumau_core.widgets.page_errors`): on the static site; a served Voilà hides tracebacks itself, and
    #: JupyterLab must show them to a learner writing code.
    hides_tracebacks: bool = False
    #: How a lesson page's address ends: Voilà serves ``07_first_round.ipynb``, Voici builds ``07_first_round.html``.
    page_suffix: str = ".ipynb"

    def page_address(self, link: str) -> str:
        """A link to a lesson page (``07_first_round.ipynb``, maybe with ``#anchor``), as this delivery serves it.
        Markdown links are rewritten by Voici itself; this is for the links a widget writes."""
        page, hash_mark, anchor = link.partition("#")
        if page.endswith(".ipynb"):
            page = page.removesuffix(".ipynb") + self.page_suffix
        return page + hash_mark + anchor


def _machine_data_dir() -> Path:
    """The user's data folder on a server or a desktop (platformdirs imported only here: the browser's delivery
    has no use for it, and every page imports this module)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("maumau-course", appauthor=False))


def _browser_data_dir() -> Path:
    """The drive's top folder: a folder made in the drive would send JupyterLite asking the site for its
    listing (a 404 on every static host), and the top one is the site's own."""
    return Path("/drive")


SERVED = Delivery(
    name="served",
    data_dir=_machine_data_dir,
    law_note=N_("The secret law is kept by the course's server: your browser is told it only when the round is over."),
    batch_simulator=True,
    lab_deals=150,
)
STATIC = Delivery(
    name="static",
    data_dir=_browser_data_dir,
    law_note=N_(
        "On this website the whole course runs in your own browser, so the secret law is kept there too: a "
        "curious learner could dig it out. Play it on your honour, like a puzzle book, and the fun stays yours."
    ),
    batch_simulator=False,
    # The served default, measured to fit (benchmarks/lab_pages.py --pure, CPython on the engine's pure Python
    # source): a lab widget's default run takes 0.2-1.0 s, its slowest choice (a rank option's 14 values in the
    # house-rule lab) 1.1-1.8 s, so at most a few seconds in Pyodide (1.5-3x slower); fewer deals would only
    # widen every interval. A multiple of 50: the tip lab's slider steps by 50 from 50.
    lab_deals=150,
    page_suffix=".html",
    hides_tracebacks=True,
    data_dir_mounted=True,
)
DELIVERIES = {delivery.name: delivery for delivery in (SERVED, STATIC)}


@cache
def current() -> Delivery:
    """The delivery this process runs in: ``MAUMAU_DELIVERY`` if set, else static inside Pyodide (whose
    platform is ``emscripten``), else served. Chosen once: a page never changes delivery while it runs."""
    chosen = os.environ.get(CHOICE)
    if chosen:
        if chosen not in DELIVERIES:
            raise MauMauError(f"{CHOICE} must be one of {', '.join(sorted(DELIVERIES))}, not {chosen!r}.")
        return DELIVERIES[chosen]
    return STATIC if sys.platform == "emscripten" else SERVED

"""Lessons run their cells a few at a time: the ``in_turn`` filter of the course's page template.

Why: a lesson's cells run in the server's kernels while pages are drawn on the same cores; with a class
arriving together, every lesson running at once left each page waiting for all. At most ``STARTS_AT_ONCE``
lessons run at once (``RUNS``), and a page a visitor waits for goes before a pool refill. The template
(``etc/jupyter/voila/templates/course/index.html.j2``) puts Voilà's cell generator through this filter, a
Voilà setting (``c.VoilaExporter.filters``); where the filter is not configured (a hub learner's server),
the template renders exactly as Voilà's lab template.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from maumau_core.server.pages import PAGES, RUNS

Cells = Callable[[Any, str], AsyncIterator[Any]]


def in_turn(cell_generator: Cells) -> Cells:
    """Voilà's ``cell_generator(nb, kernel_id)``, each run holding a ``RUNS`` turn. A run is urgent once its
    kernel is a page's: a page's own start is handed before its cells run, a pre-heated run as soon as a
    page takes it (the turn it waits for is asked again and again). The page's loading text is already
    shown while it waits."""

    async def cells(nb: Any, kernel_id: str) -> AsyncIterator[Any]:
        async with RUNS.turn(urgent=lambda: kernel_id in PAGES.handed):
            async for cell in cell_generator(nb, kernel_id):
                yield cell

    return cells

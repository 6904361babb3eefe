"""Patch: a page takes its pre-heated kernel (``VoilaKernelManager.get_rendered_notebook``).

What it changes: while a visitor waits for a lesson, that lesson counts as wanted (its pool refill starts at
once, :mod:`~maumau_core.server.pool_refill_pacing`); a pre-rendered page with a cell short of its output (nbclient
gave up waiting: the page would lack that widget) is dropped, its kernel stopped and the lesson run again
for this visitor; the kernel taken is handed to its page (:meth:`~maumau_core.server.kernels.CourseKernelRules.hand_to_page`).

Why a patch: Voilà's pre-heating class sits above the course's kernel manager and never calls ``super()``
here; it has no hook when a pool kernel is taken (pooling came in
https://github.com/voila-dashboards/voila/pull/936, with a fixed ``fill_delay`` only). Applied to the class
Voilà's factory builds (``VoilaKernelManager`` is made inside ``voila_kernel_manager_factory``, no module
attribute), by :class:`~maumau_core.server.kernels.CourseKernelRules` as the class is created.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from maumau_core.server.pages import PACER, unfinished_cells

#: The Voilà internal this patch wraps (inside ``voila.voila_kernel_manager.voila_kernel_manager_factory``).
TARGET = "voila.voila_kernel_manager.VoilaKernelManager.get_rendered_notebook"

Taking = Callable[..., Coroutine[Any, Any, tuple[Any, list[str], str]]]


def drop_unfinished_prerender(manager: Any, notebook_name: str) -> None:
    """If the pre-heated page next in line for this lesson has a cell without all its output, take it out
    of the pool, stop its kernel and start the lesson again (the visitor waits for that run)."""
    pool = manager._pools.get(notebook_name) or []
    if not pool or not pool[0].done() or pool[0].cancelled() or pool[0].exception() is not None:
        return
    content = pool[0].result()
    executor = getattr(content["renderer"], "executor", None)
    unfinished = unfinished_cells(executor.nb, running=not content["task"].done()) if executor else []
    if not unfinished:
        return
    pool.pop(0)
    manager.log.warning(
        "Dropping the pre-heated page of %s (kernel %s): cells %s did not get all their output.",
        notebook_name,
        content["kernel_id"],
        unfinished,
    )
    content["renderer"].stop_generator = True
    asyncio.ensure_future(manager.shutdown_kernel(content["kernel_id"]))
    manager.fill_if_needed(delay=0, notebook_name=notebook_name)


def handover(original: Taking) -> Taking:
    """``original`` (Voilà's method) with the course's handover around it."""

    async def get_rendered_notebook(
        self: Any, notebook_name: str, *args: Any, **kwargs: Any
    ) -> tuple[Any, list[str], str]:
        PACER.wanted.add(notebook_name)
        try:
            drop_unfinished_prerender(self, notebook_name)
            task, cache, kernel_id = await original(self, notebook_name, *args, **kwargs)
        finally:
            PACER.wanted.discard(notebook_name)
        self.hand_to_page(kernel_id)
        return task, cache, kernel_id

    get_rendered_notebook.__wrapped__ = original  # type: ignore[attr-defined]
    return get_rendered_notebook


def install(cls: type) -> None:
    """Wrap the method of Voilà's class ``cls`` (once)."""
    original = cls.__dict__["get_rendered_notebook"]
    if not hasattr(original, "__wrapped__"):
        cls.get_rendered_notebook = handover(original)  # type: ignore[attr-defined]

"""Patch: a pool kernel is started and its lesson run (``VoilaKernelManager._initialize``).

What it changes: a pool fill (at start-up, or a refill after a page took a kernel) waits until no page is
loading (at most ``REFILL_WAIT_MAX``), or starts at once when a visitor waits for that lesson, and then waits
for its turn to start (``STARTS``; a wanted lesson goes first). A restart (Voilà passes the kernel it
restarts) is not held back. Measured on two cores: a refill that competes with the browser drawing the page
that used the kernel makes that page take 1.7–2.0 s instead of 1.0–1.2 s.

Why a patch: Voilà's pre-heating class sits above the course's kernel manager; its only setting for refills
is a fixed delay (``VoilaKernelManager.fill_delay``), and its ``_initialize`` calls the start of the class
below only after it has begun the fill (the course's ``start_kernel`` sees ``VOILA_PREHEAT=True`` and lets it
through: the turn is held here). No upstream issue asks for refill pacing; pooling came in
https://github.com/voila-dashboards/voila/pull/936. Applied as :mod:`~maumau_core.server.preheated_page_handover` is.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from maumau_core.server.pages import PACER, STARTS

#: The Voilà internal this patch wraps (inside ``voila.voila_kernel_manager.voila_kernel_manager_factory``).
TARGET = "voila.voila_kernel_manager.VoilaKernelManager._initialize"

Initializing = Callable[..., Coroutine[Any, Any, Any]]


def paced(original: Initializing) -> Initializing:
    """``original`` (Voilà's method), held back by the pacer and the start queue."""

    async def initialize_when_quiet(self: Any, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
        if kernel_id is not None:  # a restart passes the kernel it restarts
            return await original(self, notebook_path, kernel_id, **kwargs)
        await PACER.wait_for_quiet(notebook_path)  # a pool fill
        async with STARTS.turn(urgent=lambda: notebook_path in PACER.wanted):
            return await original(self, notebook_path, kernel_id, **kwargs)

    initialize_when_quiet.__wrapped__ = original  # type: ignore[attr-defined]
    return initialize_when_quiet


def install(cls: type) -> None:
    """Wrap the method of Voilà's class ``cls`` (once)."""
    original = cls.__dict__["_initialize"]
    if not hasattr(original, "__wrapped__"):
        cls._initialize = paced(original)  # type: ignore[attr-defined]

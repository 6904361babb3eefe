"""What the course's server knows about its pages and their kernels, and the rules it keeps with it: when a
used pool is refilled, how many kernels start and how many lessons run at once, which kernels the culler keeps
or stops, and whether one more page fits. No Voilà here: the kernel manager (:mod:`~maumau_core.server.kernels`),
the patches and the template filter (:mod:`~maumau_core.server.lesson_runs`) apply these rules.

Why (measured on two cores; ``benchmarks/voila_pages.py`` and ``benchmarks/load_client.py`` measure it again):
Voilà refills a pool one second after a page takes its kernel, and starting a kernel and running a lesson then
competes with the browser drawing that very page (1.7–2.0 s instead of 1.0–1.2 s): a refill waits until no page
is loading, or starts at once when a visitor waits for that lesson (:class:`RefillPacer`). Under load stock
Voilà left pages undrawn: kernels culled before their page connected, pre-heated pages stored without their
widgets (:func:`unfinished_cells`), too many kernels at once; starts and lesson runs are queued
(:class:`StartQueue`), and page kernels are kept or stopped by their page's state (:class:`PageKernels`).
"""

from __future__ import annotations

import asyncio
import contextvars
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

# A page's widgets are drawn within about this long after its kernel websocket opens (measured ~0.2–0.5 s).
DRAWN_AFTER_CONNECT = 1.0
# A refill never waits longer than this for pages to finish loading (a page may be abandoned mid-load).
REFILL_WAIT_MAX = 8.0
# A kernel handed to a page is kept this long for a page that never connects (abandoned mid-load).
PAGE_GRACE = 120.0
# A page kernel with no websocket for this long has lost its tab: it is stopped, even when busy.
TAB_GONE_AFTER = 60.0
# Pages with a kernel at most (pre-heated kernels waiting in the pool not counted): ~60 MB each.
MAX_KERNELS = int(os.environ.get("MAUMAU_MAX_KERNELS", "24"))
# Kernels started at once, and lessons run at once: a few, as many as there are cores (at least 2).
STARTS_AT_ONCE = int(os.environ.get("MAUMAU_STARTS_AT_ONCE", str(max(2, os.cpu_count() or 2))))
# A start or a lesson run gives its queue slot back after this long whatever happens to it.
START_HOLD_MAX = 30.0


class RefillPacer:
    """Which pages are still loading, and which lessons a visitor is waiting for, so that a pool
    refill runs when it does not slow a page down (see the module docstring)."""

    def __init__(self, drawn_after_connect: float, wait_max: float) -> None:
        self.drawn_after_connect = drawn_after_connect
        self.wait_max = wait_max
        self.loading: dict[str, float] = {}  # kernel id -> loop time by which its page is drawn
        self.wanted: set[str] = set()  # lessons a visitor is waiting for

    def page_started(self, kernel_id: str) -> None:
        self.loading[kernel_id] = _now() + self.wait_max

    def page_connected(self, kernel_id: str) -> None:
        if kernel_id in self.loading:
            self.loading[kernel_id] = _now() + self.drawn_after_connect

    def busy(self) -> bool:
        now = _now()
        self.loading = {kernel: until for kernel, until in self.loading.items() if until > now}
        return bool(self.loading)

    async def wait_for_quiet(self, notebook: str) -> None:
        give_up = _now() + self.wait_max
        while self.busy() and notebook not in self.wanted and _now() < give_up:
            await asyncio.sleep(0.1)


def _now() -> float:
    return asyncio.get_running_loop().time()


PACER = RefillPacer(DRAWN_AFTER_CONNECT, REFILL_WAIT_MAX)


class StartQueue:
    """Starts a few at a time: at most ``slots`` at once; a start a visitor waits for (``urgent``) goes
    before the others (pool refills), each kind in the order it came. A slot is given back when its
    start ends, or after ``hold_max`` seconds whatever happens to it."""

    def __init__(self, slots: int, hold_max: float) -> None:
        self.slots = slots
        self.hold_max = hold_max
        self.held: dict[object, float] = {}  # a start under way -> loop time its slot is given back at the latest
        self.waiting: list[tuple[object, Callable[[], bool]]] = []  # starts waiting, in order, and whether urgent

    def _first(self) -> object | None:
        for start, urgent in self.waiting:
            if urgent():
                return start
        return self.waiting[0][0] if self.waiting else None

    def _free(self) -> bool:
        now = _now()
        self.held = {start: until for start, until in self.held.items() if until > now}
        return len(self.held) < self.slots

    @asynccontextmanager
    async def turn(self, urgent: Callable[[], bool] = lambda: True) -> AsyncIterator[None]:
        start = object()
        self.waiting.append((start, urgent))
        try:
            while not (self._free() and self._first() is start):
                await asyncio.sleep(0.05)
        finally:
            self.waiting = [entry for entry in self.waiting if entry[0] is not start]
        self.held[start] = _now() + self.hold_max
        try:
            yield
        finally:
            self.held.pop(start, None)


# The page request the running task serves (set by the render handler, read where its kernel is handed over).
_PAGE_REQUEST: contextvars.ContextVar[object | None] = contextvars.ContextVar("course_page_request", default=None)


class PageKernels:
    """Kernels handed to pages: when, whether the page has connected, since when it has had no websocket;
    and page requests let in that have no kernel yet. Says which kernels the culler must keep or stop,
    and whether one more page fits under the cap."""

    def __init__(self, grace: float, tab_gone_after: float, cap: int) -> None:
        self.grace = grace
        self.tab_gone_after = tab_gone_after
        self.cap = cap
        self.handed: dict[str, float] = {}  # kernel id -> loop time it was handed to its page
        self.connected: set[str] = set()  # kernels whose page has connected
        self.alone_since: dict[str, float] = {}  # kernel id -> loop time its last websocket closed
        self.starting: set[object] = set()  # page requests let in, without a kernel yet
        self.kernel_of: dict[object, str] = {}  # page request -> the kernel handed to it
        self.abandoned: set[object] = set()  # page requests (or their kernels) whose browser left mid-load

    def admit(self, live_kernels: Any) -> object | None:
        """Let one more page in if it fits (then it counts until it is handed a kernel or ``settle``);
        ``None`` if not. ``live_kernels``: the server's kernel ids (stopped ones are forgotten)."""
        live = set(live_kernels)
        for kernel in set(self.handed) - live:
            self.handed.pop(kernel)
            self.connected.discard(kernel)
            self.alone_since.pop(kernel, None)
            self.abandoned.discard(kernel)
        if len(self.handed) + len(self.starting) >= self.cap:
            return None
        request = object()
        self.starting.add(request)
        _PAGE_REQUEST.set(request)
        return request

    def settle(self, request: object) -> None:
        """The page request is over (its whole page sent, or it failed)."""
        self.starting.discard(request)
        self.kernel_of.pop(request, None)
        self.abandoned.discard(request)

    def hand(self, kernel_id: str) -> None:
        request = _PAGE_REQUEST.get()
        self.handed[kernel_id] = _now()
        self.starting.discard(request)
        if request is not None:
            self.kernel_of[request] = kernel_id
            if request in self.abandoned:
                self.abandoned.add(kernel_id)

    def abandon(self, request: object) -> None:
        """The browser closed the page's connection before the whole page came: nobody will connect to
        its kernel (handed already, or to come)."""
        self.abandoned.add(request)
        if request in self.kernel_of:
            self.abandoned.add(self.kernel_of[request])

    def connect(self, kernel_id: str) -> None:
        if kernel_id in self.handed:
            self.connected.add(kernel_id)
            self.alone_since.pop(kernel_id, None)

    def disconnect(self, kernel_id: str, connections_left: int) -> None:
        if kernel_id in self.handed and connections_left <= 0:
            self.alone_since[kernel_id] = _now()

    def verdict(self, kernel_id: str, connections: int) -> str:
        """``keep``: its page has not connected yet (for ``grace`` seconds); ``stop``: its page is gone
        (left mid-load, never connected within ``grace``, or no websocket for ``tab_gone_after``), stop it
        even if busy;
        ``usual``: not a page's kernel, or its page is there: the idle culler decides."""
        if kernel_id not in self.handed or connections > 0:
            return "usual"
        if kernel_id in self.abandoned:
            return "stop"
        now = _now()
        if kernel_id not in self.connected:
            return "keep" if now < self.handed[kernel_id] + self.grace else "stop"
        return "stop" if now >= self.alone_since.get(kernel_id, now) + self.tab_gone_after else "usual"


PAGES = PageKernels(PAGE_GRACE, TAB_GONE_AFTER, MAX_KERNELS)
STARTS = StartQueue(STARTS_AT_ONCE, START_HOLD_MAX)  # kernel processes being started
RUNS = StartQueue(STARTS_AT_ONCE, START_HOLD_MAX)  # lessons running their cells


def unfinished_cells(notebook: Any, running: bool) -> list[int]:
    """The code cells of a (pre-)rendered notebook that ran but did not get all their output: nbclient
    records ``iopub.status.idle`` once a cell's last output has come, and gives up without it after
    ``iopub_timeout`` ("Timeout waiting for IOPub output"): the page then lacks that cell's widget. While
    the notebook is still ``running``, its last cell run so far may still be waiting: not counted."""
    ran = [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.get("cell_type") == "code" and "shell.execute_reply" in cell.get("metadata", {}).get("execution", {})
    ]
    if running:
        ran = ran[:-1]
    return [index for index in ran if "iopub.status.idle" not in notebook.cells[index]["metadata"]["execution"]]

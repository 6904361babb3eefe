"""Voilà configuration of the course (loaded with ``--Voila.config_file_paths=etc``).

What stock Voilà 0.5 gets wrong here, and what this file does about it (the
times below were measured on two cores; ``benchmarks/voila_pages.py`` measures
them again, beside stock Voilà, in one run):

* Kernel leak: the render page never receives the ``_xsrf`` cookie, so the
  shutdown request a closing tab sends is refused and its kernel lives on.
  We hand the page its cookie (CSRF protection stays on), and idle kernels
  whose page is gone are culled after 30 s as a safety net; a kernel whose
  page is still open is never culled, however long the learner reads.
* ~48 ms per click: the kernel websocket did not set TCP_NODELAY, so Nagle's
  algorithm and delayed ACKs held every small reply back. We set it.
* Slow first paint: every lesson has one pre-heated kernel waiting, with the
  notebook already run, so a page arrives rendered. Voilà refills a pool one
  second after a page takes its kernel; starting a kernel and running a lesson
  then competes for the two cores with the browser drawing that very page
  (measured: 1.7–2.0 s instead of 1.0–1.2 s). We hold each refill back until
  no page is loading (at most a few seconds), and start it at once when a
  visitor is waiting for that lesson.
* The address ``make run`` prints opens the course map (``00_welcome``), not
  a file list; the list of pages stays at ``/voila/tree``.
"""

import asyncio
import os
from pathlib import Path

from jupyter_server._tz import utcnow
from voila.handler import VoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

COURSE_MAP = "00_welcome.ipynb"
# A page's widgets are drawn within about this long after its kernel websocket opens (measured ~0.2–0.5 s).
DRAWN_AFTER_CONNECT = 1.0
# A refill never waits longer than this for pages to finish loading (a page may be abandoned mid-load).
REFILL_WAIT_MAX = 8.0

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

# The course template (etc/jupyter/voila/templates/course): lab without CDN fetches.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(Path(__file__).resolve().parent / "jupyter"), *filter(None, [os.environ.get("JUPYTER_PATH")])]
)
c.VoilaConfiguration.template = "course"
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 1
c.MappingKernelManager.cull_idle_timeout = 30
c.MappingKernelManager.cull_interval = 5
c.MappingKernelManager.cull_connected = False


_render = VoilaHandler.prepare


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


def _course_kernel_manager(manager):  # type: ignore[no-untyped-def]
    """Wrap the pre-heating kernel manager once: a kernel a page takes counts as active again (it has
    been idle since it ran its notebook, and the culler would remove it before the page connects),
    the page counts as loading, and refills wait for the pacer."""
    if getattr(manager, "_course_paced", False) or not hasattr(manager, "get_rendered_notebook"):
        return
    take, initialize = manager.get_rendered_notebook, manager._initialize

    async def get_rendered_notebook(notebook_name, *args, **kwargs):  # type: ignore[no-untyped-def]
        PACER.wanted.add(notebook_name)
        try:
            task, cache, kernel_id = await take(notebook_name, *args, **kwargs)
        finally:
            PACER.wanted.discard(notebook_name)
        manager.get_kernel(kernel_id).last_activity = utcnow()
        PACER.page_started(kernel_id)
        return task, cache, kernel_id

    async def initialize_when_quiet(notebook_path, kernel_id=None, **kwargs):  # type: ignore[no-untyped-def]
        if kernel_id is None:  # a pool refill (a restart passes the kernel it restarts)
            await PACER.wait_for_quiet(notebook_path)
        return await initialize(notebook_path, kernel_id, **kwargs)

    manager.get_rendered_notebook = get_rendered_notebook
    manager._initialize = initialize_when_quiet
    manager._course_paced = True


async def _prepare_with_xsrf_cookie(self, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Set the ``_xsrf`` cookie on the render page, so its shutdown request on close is accepted."""
    result = _render(self, *args, **kwargs)
    if result is not None:
        await result
    self.xsrf_token  # reading the token sets the cookie  # noqa: B018
    _course_kernel_manager(self.kernel_manager)


_open = VoilaKernelWebsocketHandler.open


async def _open_without_nagle(self, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Send each widget update at once instead of waiting for more bytes (Nagle's algorithm); the page
    is connected, so it is drawn soon."""
    self.set_nodelay(True)
    PACER.page_connected(self.kernel_id)
    return await _open(self, *args, **kwargs)


VoilaHandler.prepare = _prepare_with_xsrf_cookie
VoilaKernelWebsocketHandler.open = _open_without_nagle


_tree = TornadoVoilaTreeHandler.get


async def _course_map_first(self, path=""):  # type: ignore[no-untyped-def]
    """The site's front door is the course map; /voila/tree still lists the pages."""
    if self.request.path == self.base_url:
        self.redirect(self.base_url + "voila/render/" + COURSE_MAP)
        return None
    return await _tree(self, path)


TornadoVoilaTreeHandler.get = _course_map_first

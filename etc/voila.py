"""Voilà configuration of the course (loaded with ``--Voila.config_file_paths=etc``).

What stock Voilà 0.5 gets wrong here, and what this file does about it
(measurements in ../shared/VOILA_NOTES.md and benchmarks/voila_pages.py):

* Kernel leak: the render page never receives the ``_xsrf`` cookie, so the
  shutdown request a closing tab sends is refused and its kernel lives on.
  We hand the page its cookie (CSRF protection stays on), and idle kernels
  whose page is gone are culled after 30 s as a safety net; a kernel whose
  page is still open is never culled, however long the learner reads.
* ~48 ms per click: the kernel websocket did not set TCP_NODELAY, so Nagle's
  algorithm and delayed ACKs held every small reply back. We set it.
* Slow first paint: every lesson has one pre-heated kernel waiting, with the
  notebook already run, so a page arrives rendered.
* The address ``make run`` prints opens the course map (``00_welcome``), not
  a file list; the list of pages stays at ``/voila/tree``.
"""

import os
from pathlib import Path

from jupyter_server._tz import utcnow
from voila.handler import VoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

COURSE_MAP = "00_welcome.ipynb"

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


def _fresh_when_handed_out(manager):  # type: ignore[no-untyped-def]
    """A pre-heated kernel has been idle since it ran its notebook; when a page takes it, count it
    as active again, or the culler removes it before the page has had time to connect."""
    if getattr(manager, "_course_fresh", False) or not hasattr(manager, "get_rendered_notebook"):
        return
    take = manager.get_rendered_notebook

    async def get_rendered_notebook(*args, **kwargs):  # type: ignore[no-untyped-def]
        task, cache, kernel_id = await take(*args, **kwargs)
        manager.get_kernel(kernel_id).last_activity = utcnow()
        return task, cache, kernel_id

    manager.get_rendered_notebook = get_rendered_notebook
    manager._course_fresh = True


async def _prepare_with_xsrf_cookie(self, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Set the ``_xsrf`` cookie on the render page, so its shutdown request on close is accepted."""
    result = _render(self, *args, **kwargs)
    if result is not None:
        await result
    self.xsrf_token  # reading the token sets the cookie  # noqa: B018
    _fresh_when_handed_out(self.kernel_manager)


_open = VoilaKernelWebsocketHandler.open


async def _open_without_nagle(self, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Send each widget update at once instead of waiting for more bytes (Nagle's algorithm)."""
    self.set_nodelay(True)
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

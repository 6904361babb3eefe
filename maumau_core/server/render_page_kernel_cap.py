"""Patch: the render page's request (``TornadoVoilaHandler.get``) admits a visitor only under the kernel cap.

What it changes: at most ``MAX_KERNELS`` pages (env ``MAUMAU_MAX_KERNELS``; the pre-heated kernels waiting in
the pools come on top) have a kernel or wait for one; a visitor beyond that gets an HTTP 503 page with one
sentence in the page's language, ``Retry-After`` and a retry link, instead of a page that never draws. The
request counts from admission to its end (:meth:`~maumau_core.server.pages.PageKernels.settle`).

Why a patch: Voilà hard-codes its handler classes (``Voila.init_handlers``), and an HTTP error raised from the
kernel manager goes through tornado's ``send_error``, which clears the headers (``Retry-After``) and renders
jupyter_server's error page; nothing else sees a request from admission to end. Upstream:
https://github.com/voila-dashboards/voila/issues/617 (open: "maximum number of live kernels").
"""

from __future__ import annotations

import html
from typing import Any

from voila.tornado.handler import TornadoVoilaHandler

from maumau_core.sentences import server as say
from maumau_core.server.pages import PAGES

#: The Voilà internal this patch replaces.
TARGET = "voila.tornado.handler.TornadoVoilaHandler.get"
#: Voilà's own method, called for every visitor let in.
original = TornadoVoilaHandler.__dict__["get"]

BUSY_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ font-family: sans-serif; max-width: 40em; margin: 4em auto; color: #333; line-height: 1.5; }}</style>
</head><body>
<p class="mm-busy">{sentence}</p>
<p><a class="mm-retry" href="{retry}">{try_again}</a></p>
</body></html>
"""


async def page_or_busy(self: Any, path: str | None = None) -> None:
    """Serve the page if one more page fits under the kernel cap (``PAGES``); if not, say so (HTTP 503)."""
    request = PAGES.admit(self.kernel_manager.list_kernel_ids())
    if request is None:
        self.log.warning("Turned a visitor away: %d pages have a kernel (MAUMAU_MAX_KERNELS).", PAGES.cap)
        self.set_status(503)
        self.set_header("Retry-After", "30")
        page = self.request.uri or ""  # said in the language of the page asked for (notebooks/<code>/…)
        self.finish(
            BUSY_PAGE.format(
                language=say.page_language(page),
                title=html.escape(say.busy_title(page)),
                sentence=html.escape(say.server_full(page)),
                try_again=html.escape(say.try_again(page)),
                retry=html.escape(self.request.uri or "", quote=True),
            )
        )
        return
    self._course_request = request
    try:
        await original(self, path)
    finally:
        PAGES.settle(request)


def install() -> None:
    TornadoVoilaHandler.get = page_or_busy

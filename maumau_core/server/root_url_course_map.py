"""Patch: the site's address ("/", ``TornadoVoilaTreeHandler.get``) opens the course map.

What it changes: "/" redirects (HTTP 302) to the course map's page instead of listing the files; the list of
pages stays at ``/voila/tree``.

Why a patch: Voilà serves "/" and "/voila/tree" with the same tree handler (``Voila.init_handlers`` hard-codes
it), and a template cannot tell the two apart; standalone Voilà has no ``default_url``. Upstream:
https://github.com/voila-dashboards/voila/issues/540 (open: "Option to load a default index notebook").
"""

from __future__ import annotations

from typing import Any

from voila.tornado.treehandler import TornadoVoilaTreeHandler

#: The Voilà internal this patch replaces.
TARGET = "voila.tornado.treehandler.TornadoVoilaTreeHandler.get"
#: Voilà's own method, which still lists the pages at /voila/tree.
original = TornadoVoilaTreeHandler.__dict__["get"]
COURSE_MAP = "00_welcome.ipynb"


async def course_map_first(self: Any, path: str = "") -> None:
    """The site's front door is the course map; /voila/tree still lists the pages."""
    if self.request.path == self.base_url:
        self.redirect(self.base_url + "voila/render/" + COURSE_MAP)
        return
    await original(self, path)


def install() -> None:
    TornadoVoilaTreeHandler.get = course_map_first

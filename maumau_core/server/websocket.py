"""The kernel websocket of a course page (``c.Voila.kernel_websocket_connection_class``, a Voilà setting).

Why: jupyter_server's websocket did not set TCP_NODELAY, so Nagle's algorithm and delayed ACKs held every
small widget reply back (~48 ms per click, measured). A page whose websocket connects is drawn soon after,
which the refill pacer (:data:`maumau_core.server.pages.PACER`) is told.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from maumau_core.server.pages import PACER


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """A page's kernel websocket that sends each widget update at once instead of waiting for more bytes."""

    def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        PACER.page_connected(self.kernel_id)
        return super().connect()

"""A load client that behaves like a Voilà page without a browser: many learners on two cores.

A learner is one coroutine. For each page it does what the page's JavaScript does in chromium
(captured from a real page's websocket frames, ipywidgets 8 and Voilà 0.5):

1. ``GET /voila/render/<notebook>.ipynb`` with its own cookie jar (Voilà sets ``_xsrf``) and reads
   the whole streamed page. The kernel id is in ``<script id="jupyter-config-data">``
   (``kernelId``); every widget view the page displays is a cell output
   (``<script type="application/vnd.voila.cell-output+json">``) holding an
   ``application/vnd.jupyter.widget-view+json`` with its ``model_id``.
2. ``GET /api/kernels/<id>`` (with the ``X-XSRFToken`` header), then opens
   ``/api/kernels/<id>/channels?session_id=<uuid>`` with the cookies and the
   ``v1.kernel.websocket.jupyter.org`` subprotocol (the binary framing the browser uses), and sends
   ``kernel_info_request``.
3. The widget manager loads every model's state at once: ``comm_open`` on the
   ``jupyter.widget.control`` target, ``comm_msg {"method": "request_states"}``, one reply
   ``{"method": "update_states", "states": {...}}``, then ``comm_close``. If the control comm does
   not answer within 4 s (ipywidgets' ``CONTROL_COMM_TIMEOUT``) or is closed, it falls back to the old
   way, as the front end does: ``comm_info_request`` for ``jupyter.widget`` and one
   ``comm_msg {"method": "request_state"}`` per model, each answered by an ``update``.

The page counts as **drawn** when every model it displays, and every model those reference
(``"IPY_MODEL_<id>"`` in their states: children, layouts, styles), has its state here: that is what
the widget manager needs before it can draw the views. A click is what a ``Button`` view sends:
``comm_msg {"method": "custom", "content": {"event": "click"}}`` to the button's comm; its reply is
the first state ``update`` the kernel sends because of it. Leaving a page closes the websocket and
sends ``DELETE /api/kernels/<id>`` with the ``_xsrf`` token, as the page does when its tab closes.

Not simulated: fetching and running the page's JavaScript and drawing the DOM (a browser's own
cost, on the learner's machine, not the server's).
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from websockets.asyncio.client import ClientConnection, connect

CONFIG_DATA = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
CELL_OUTPUT = re.compile(r'<script type="application/vnd\.voila\.cell-output\+json">(.*?)</script>', re.S)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MODEL_REFERENCE = re.compile(r"IPY_MODEL_([0-9a-f]{32})")
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_TIMEOUT = 4.0  # ipywidgets' CONTROL_COMM_TIMEOUT: then the front end asks model by model
PROTOCOL = "v1.kernel.websocket.jupyter.org"


class PageError(Exception):
    """The page could not be opened (an HTTP error, no kernel id in the page, a closed websocket)."""


class TurnedAway(PageError):
    """The server refused the page with 503 (a kernel cap): the learner was turned away, not left blank."""


@dataclass
class PageResult:
    """What one learner saw of one page. ``status`` is ``drawn``, ``blank`` (not drawn in time),
    ``turned away`` (HTTP 503) or ``error`` (anything else that went wrong)."""

    notebook: str
    status: str
    seconds: float | None = None  # from the GET to drawn (time-to-widgets)
    html_seconds: float | None = None  # from the GET to the last byte of the page
    models: int = 0  # models the page needs to draw its views
    click_ms: float | None = None
    detail: str = ""


def _models_in(value: Any) -> set[str]:
    return set(MODEL_REFERENCE.findall(json.dumps(value))) if value else set()


@dataclass
class Page:
    """One open page: its kernel websocket and the widget models it has received."""

    base_url: str
    notebook: str
    http: httpx.AsyncClient
    kernel_id: str = ""
    views: list[str] = field(default_factory=list)  # model ids of the views the page displays
    states: dict[str, dict[str, Any]] = field(default_factory=dict)  # model id -> state
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    _socket: ClientConnection | None = None
    _reader: asyncio.Task[None] | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _replies: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)  # shell replies by parent
    _updates: dict[str, asyncio.Future[str]] = field(default_factory=dict)  # click msg id -> first model updated
    _control: dict[str, Any] = field(default_factory=dict)
    _closed: str = ""
    stage: str = "waiting for the page"  # how far it got: says where a blank page stopped

    def cookies(self) -> dict[str, str]:
        """The cookies a browser sends to this page's server: those whose path holds the page's base path, the
        most specific last (behind JupyterHub the hub's ``_xsrf`` at ``/hub/`` and the learner server's at
        ``/user/<name>/`` are two cookies of one name)."""
        here = urlsplit(self.base_url).path.rstrip("/") + "/"
        chosen = sorted(
            (cookie for cookie in self.http.cookies.jar if here.startswith(cookie.path.rstrip("/") + "/")),
            key=lambda cookie: len(cookie.path),
        )
        return {cookie.name: cookie.value or "" for cookie in chosen}

    # ---- the page itself -------------------------------------------------------------------------
    async def load(self, timeout: float) -> float:
        """GET the page (its whole body) and read its kernel id and widget views; seconds it took."""
        begin = time.perf_counter()
        response = await self.http.get(f"{self.base_url}/voila/render/{self.notebook}.ipynb", timeout=timeout)
        if response.status_code == 503:
            raise TurnedAway("HTTP 503")
        if response.status_code != 200:
            raise PageError(f"HTTP {response.status_code}")
        text = response.text
        self.stage = "page received, no kernel connection"
        config = CONFIG_DATA.search(text)
        if not config:
            raise PageError("no kernel id in the page")
        self.kernel_id = json.loads(html.unescape(config.group(1)))["kernelId"]
        for block in CELL_OUTPUT.findall(text):
            output = json.loads(block)
            view = output.get("data", {}).get(WIDGET_VIEW) if isinstance(output, dict) else None
            if view and view.get("model_id"):
                self.views.append(view["model_id"])
        return time.perf_counter() - begin

    async def connect(self) -> None:
        """What the page's kernel connection does: GET the kernel's model, open the channels websocket."""
        xsrf = self.cookies().get("_xsrf", "")
        response = await self.http.get(f"{self.base_url}/api/kernels/{self.kernel_id}", headers={"X-XSRFToken": xsrf})
        if response.status_code != 200:
            raise PageError(f"kernel {response.status_code}")
        cookies = "; ".join(f"{name}={value}" for name, value in self.cookies().items())
        ws_url = (
            self.base_url.replace("http", "ws", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        )
        self._socket = await connect(
            ws_url,
            subprotocols=[PROTOCOL],
            max_size=None,  # type: ignore[list-item]
            additional_headers={"Cookie": cookies, "Origin": self.base_url},
        )
        self._reader = asyncio.create_task(self._read())
        self.stage = "kernel connected, no widget states"
        await self.send("shell", "kernel_info_request", {})

    async def draw(self, timeout: float) -> None:
        """Load every model's state as ipywidgets 8's manager does; return once the page is drawn."""
        async with asyncio.timeout(timeout):
            if not await self._states_by_control_comm():
                await self._states_model_by_model()
            self.stage = "widget states received, some models missing"
            while not self.drawn():
                if self._closed:
                    raise PageError(self._closed)
                self._changed.clear()
                await self._changed.wait()
            self.stage = "drawn"

    def needed(self) -> set[str]:
        """The models the page needs to draw its views: the views and all they reference, transitively."""
        needed, todo = set(), list(self.views)
        while todo:
            model = todo.pop()
            if model in needed:
                continue
            needed.add(model)
            todo.extend(_models_in(self.states.get(model)))
        return needed

    def drawn(self) -> bool:
        return all(model in self.states for model in self.needed())

    def find(self, dom_class: str) -> str:
        """The model id of the widget with this CSS class (``_dom_classes``)."""
        for model, state in self.states.items():
            if dom_class in state.get("_dom_classes", ()):
                return model
        raise KeyError(dom_class)

    async def click(self, model: str, timeout: float = 30.0) -> tuple[float, str]:
        """Click a button as its view does; milliseconds until the kernel's first state update because of it,
        and the model it updated."""
        begin = time.perf_counter()
        msg_id = await self.send(
            "shell",
            "comm_msg",
            {"comm_id": model, "data": {"method": "custom", "content": {"event": "click"}}},
            track_update=True,
        )
        updated = await asyncio.wait_for(self._updates[msg_id], timeout)
        return (time.perf_counter() - begin) * 1000, updated

    async def leave(self, shutdown: bool = True) -> None:
        """Close the page: the websocket goes, and the kernel is shut down as the page asks on unload."""
        if self._reader:
            self._reader.cancel()
        if self._socket:
            await self._socket.close()
        if shutdown and self.kernel_id:
            xsrf = self.cookies().get("_xsrf", "")
            try:
                await self.http.delete(
                    f"{self.base_url}/api/kernels/{self.kernel_id}", headers={"X-XSRFToken": xsrf}, timeout=30
                )
            except httpx.HTTPError:
                pass

    # ---- widget loading --------------------------------------------------------------------------
    async def _states_by_control_comm(self) -> bool:
        comm = uuid.uuid4().hex
        self._control = {"comm": comm, "reply": asyncio.get_running_loop().create_future()}
        await self.send(
            "shell",
            "comm_open",
            {"comm_id": comm, "target_name": CONTROL_TARGET, "data": {}},
            metadata={"version": "1.0.0"},
        )
        await self.send("shell", "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
        try:
            states = await asyncio.wait_for(self._control["reply"], CONTROL_TIMEOUT)
        except (TimeoutError, PageError):
            return False
        for model, entry in states.items():
            self.states[model] = entry.get("state", {})
        await self.send("shell", "comm_close", {"comm_id": comm, "data": {}})
        self._changed.set()
        return True

    async def _states_model_by_model(self) -> None:
        reply = await self.request("comm_info_request", {"target_name": "jupyter.widget"})
        for comm in reply.get("comms", {}):
            await self.send("shell", "comm_msg", {"comm_id": comm, "data": {"method": "request_state"}})

    # ---- messages ----------------------------------------------------------------------------------
    async def send(
        self,
        channel: str,
        msg_type: str,
        content: dict[str, Any],
        metadata: dict[str, Any] | None = None,
        track_update: bool = False,
        reply: asyncio.Future[dict[str, Any]] | None = None,
    ) -> str:
        """Send a message (the browser's v1 framing); ``track_update`` waits for the first state update it
        causes, ``reply`` receives its shell reply's content."""
        assert self._socket is not None
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "msg_type": msg_type,
            "session": self.session,
            "username": "",
            "date": datetime.now(UTC).isoformat(),
            "version": "5.2",
        }
        if track_update:
            self._updates[msg_id] = asyncio.get_running_loop().create_future()
        if reply is not None:
            self._replies[msg_id] = reply
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        await self._socket.send(serialize_msg_to_ws_v1(parts, channel))
        return msg_id

    async def request(self, msg_type: str, content: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        """A shell request and its reply's content."""
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        await self.send("shell", msg_type, content, reply=reply)
        return await asyncio.wait_for(reply, timeout)

    async def _read(self) -> None:
        assert self._socket is not None
        try:
            async for frame in self._socket:
                if isinstance(frame, str):  # the legacy JSON protocol (a server without v1)
                    msg = json.loads(frame)
                else:
                    channel, parts = deserialize_msg_from_ws_v1(frame)
                    msg = {
                        "channel": channel,
                        "header": json.loads(parts[0]),
                        "parent_header": json.loads(parts[1]),
                        "content": json.loads(parts[3]),
                    }
                self._handle(msg)
        except Exception as error:  # noqa: BLE001 - a dropped connection ends the page
            self._closed = f"websocket: {error!r}"
        else:
            self._closed = "websocket closed by the server"
        if self._control and not self._control["reply"].done():
            self._control["reply"].set_exception(PageError(self._closed))
        self._changed.set()

    def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg["header"].get("msg_type")
        content = msg.get("content", {})
        parent = msg.get("parent_header", {}).get("msg_id")
        if msg.get("channel") == "shell" and parent in self._replies:
            future = self._replies.pop(parent)
            if not future.done():
                future.set_result(content)
            return
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.states[content["comm_id"]] = dict(content.get("data", {}).get("state", {}))
            self._changed.set()
        elif kind == "comm_close":
            if self._control and content.get("comm_id") == self._control["comm"] and not self._control["reply"].done():
                self._control["reply"].set_exception(PageError("control comm closed"))
            self.states.pop(content.get("comm_id"), None)
        elif kind == "comm_msg":
            data = content.get("data", {})
            comm = content.get("comm_id")
            if self._control and comm == self._control["comm"]:
                if data.get("method") == "update_states" and not self._control["reply"].done():
                    self._control["reply"].set_result(data.get("states", {}))
            elif data.get("method") in ("update", "echo_update"):
                self.states.setdefault(comm, {}).update(data.get("state", {}))
                self._changed.set()
                waiting = self._updates.get(parent)
                if waiting is not None and not waiting.done() and data.get("method") == "update":
                    waiting.set_result(comm)


async def open_page(
    base_url: str, notebook: str, http: httpx.AsyncClient, timeout: float = 60.0
) -> tuple[Page, PageResult]:
    """Open a page and wait until it is drawn (``timeout`` seconds from the GET: then it is blank)."""
    page = Page(base_url, notebook, http)
    begin = time.perf_counter()
    result = PageResult(notebook, "blank")
    try:
        async with asyncio.timeout(timeout):
            result.html_seconds = await page.load(timeout)
            await page.connect()
            await page.draw(timeout)
        result.status, result.seconds = "drawn", time.perf_counter() - begin
    except TurnedAway as refused:
        result.status, result.detail = "turned away", str(refused)
    except TimeoutError:
        result.status, result.detail = "blank", f"not drawn in {timeout:.0f} s ({page.stage})"
    except (PageError, httpx.HTTPError, OSError) as error:
        result.status, result.detail = "error", f"{type(error).__name__}: {error}"
    result.models = len(page.needed()) if page.views else 0
    return page, result


@dataclass
class Learner:
    """One learner: opens pages one after the other in their own browser (cookie jar), reads each a while,
    clicks where a click is asked for, and leaves it for the next."""

    base_url: str
    pages: list[str]
    clicks: dict[str, str] = field(default_factory=dict)  # notebook -> CSS class of a button to click
    read_seconds: float = 3.0
    timeout: float = 60.0
    #: What the learner does first in their browser (behind JupyterHub: log in, wait for their server).
    arrive: Callable[[httpx.AsyncClient], Awaitable[None]] | None = None

    async def run(self) -> list[PageResult]:
        results = []
        async with httpx.AsyncClient(timeout=self.timeout) as http:
            if self.arrive is not None:
                await self.arrive(http)
            for notebook in self.pages:
                page, result = await open_page(self.base_url, notebook, http, self.timeout)
                if result.status == "drawn" and notebook in self.clicks:
                    try:
                        result.click_ms, _ = await page.click(page.find(self.clicks[notebook]))
                    except (KeyError, TimeoutError, PageError) as error:
                        result.detail = f"click: {type(error).__name__} {error}"
                results.append(result)
                if result.status == "drawn":
                    await asyncio.sleep(self.read_seconds)
                await page.leave()
        return results

"""Forged widget messages through a real page, as a hostile visitor sends them from their own browser.

The page's kernel websocket is relayed frame by frame (Playwright's WebSocket routing), and messages no
control of the page would send are slipped in as if the page had sent them: clicks on hidden buttons, a
slider value beyond its range, wrong-type updates, a burst of clicks. The kernel must change nothing it
should not, and send back nothing big and no traceback.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from playwright.sync_api import Browser, Page, WebSocketRoute, expect
from test_mao_pages import new_match_with
from test_pages import assert_clean, wait_text

from conftest import Visit, Voila, settled

KERNEL_SOCKET = re.compile(r"/api/kernels/[^/?]+/channels")
Frame = str | bytes


def decode(frame: Frame) -> dict[str, Any] | None:
    """A websocket frame as a message (the v1 binary protocol or the JSON one); None if it is neither."""
    try:
        if isinstance(frame, bytes):
            channel, parts = deserialize_msg_from_ws_v1(frame)
            header, parent, metadata, content = (json.loads(part) for part in parts[:4])
            return {
                "channel": channel,
                "header": header,
                "parent_header": parent,
                "metadata": metadata,
                "content": content,
            }
        msg = json.loads(frame)
        return msg if isinstance(msg, dict) and "header" in msg else None
    except Exception:  # noqa: BLE001 - a frame of another kind
        return None


class Relay:
    """The page's kernel websocket, relayed: every message kept, and forged ones sent as the page's."""

    def __init__(self) -> None:
        self.server: WebSocketRoute | None = None
        self.binary = True
        self.header: dict[str, Any] | None = None
        self.to_page: list[dict[str, Any]] = []
        self.bytes_to_page: list[int] = []
        self.states: dict[str, dict[str, Any]] = {}  # every widget model's state as the page knows it

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()
        self.server = server

        def up(frame: Frame) -> None:
            msg = decode(frame)
            if self.header is None and msg is not None:
                self.header, self.binary = dict(msg["header"]), isinstance(frame, bytes)
            server.send(frame)

        def down(frame: Frame) -> None:
            msg = decode(frame)
            if msg is not None:
                self.to_page.append(msg)
                self.bytes_to_page.append(len(frame))
                self._learn(msg)
            page_side.send(frame)

        page_side.on_message(up)
        server.on_message(down)

    def _learn(self, msg: dict[str, Any]) -> None:
        content = msg.get("content") or {}
        data = content.get("data") or {} if isinstance(content, dict) else {}
        if data.get("method") == "update_states":
            for model_id, entry in (data.get("states") or {}).items():
                self.states.setdefault(model_id, {}).update(entry.get("state") or {})
        elif isinstance(data.get("state"), dict) and "comm_id" in content:  # comm_open or update
            self.states.setdefault(content["comm_id"], {}).update(data["state"])

    def model(self, test: Callable[[dict[str, Any]], bool]) -> str:
        found = [model_id for model_id, state in self.states.items() if test(state)]
        assert len(found) == 1, f"{len(found)} models match"
        return found[0]

    def with_class(self, css: str) -> str:
        return self.model(lambda state: css in (state.get("_dom_classes") or []))

    def send(self, comm_id: str, data: dict[str, Any]) -> str:
        """A comm message to one widget, as from the page; returns its message id."""
        assert self.server is not None and self.header is not None, "the page never spoke to its kernel"
        header = {
            **self.header,
            "msg_id": str(uuid.uuid4()),
            "msg_type": "comm_msg",
            "date": datetime.now(UTC).isoformat(),
        }
        content = {"comm_id": comm_id, "data": data}
        if self.binary:
            parts = [json.dumps(part).encode() for part in (header, {}, {}, content)]
            self.server.send(serialize_msg_to_ws_v1(parts, "shell"))
        else:
            self.server.send(
                json.dumps(
                    {
                        "header": header,
                        "parent_header": {},
                        "metadata": {},
                        "content": content,
                        "channel": "shell",
                        "buffers": [],
                    }
                )
            )
        return str(header["msg_id"])

    def update(self, comm_id: str, **state: Any) -> str:
        return self.send(comm_id, {"method": "update", "state": state, "buffer_paths": []})

    def click(self, comm_id: str) -> str:
        return self.send(comm_id, {"method": "custom", "content": {"event": "click"}})

    def handled(self, page: Page, msg_ids: list[str], seconds: float = 60) -> None:
        """Wait until the kernel has answered every one of these messages (its idle status for each) and what it
        sent back is drawn: the page's own round trip (conftest.settled) goes through the relay behind them, so
        its answer comes back after theirs (the relay runs while the test waits on the page)."""
        settled(page, seconds)
        waiting = set(msg_ids) - {
            (msg.get("parent_header") or {}).get("msg_id")
            for msg in self.to_page
            if msg["header"].get("msg_type") == "status" and msg["content"].get("execution_state") == "idle"
        }
        assert not waiting, f"the kernel never answered {len(waiting)} forged messages"


@contextmanager
def relayed_page(voila: Voila, browser: Browser, notebook: str, ready: str) -> Iterator[tuple[Visit, Relay]]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    relay = Relay()
    context.route_web_socket(KERNEL_SOCKET, relay.route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    seen = Visit(page)
    try:
        page.goto(f"{voila.url}/voila/render/{notebook}.ipynb")
        page.wait_for_selector(ready, state="visible", timeout=60_000)
        yield seen, relay
    finally:
        page.goto("about:blank")
        context.close()


def assert_nothing_leaked(messages: list[dict[str, Any]]) -> None:
    assert not [m for m in messages if m["header"].get("msg_type") in ("error", "stream")]
    text = json.dumps([m["content"] for m in messages], default=str)
    for mark in ("Traceback", "site-packages", "maumau_core/", "Error"):
        assert mark not in text, mark


def test_forged_clicks_on_the_hidden_mao_buttons_change_nothing(voila: Voila, browser: Browser) -> None:
    with relayed_page(voila, browser, "13_mao_puzzle", ready=".mm-mao-new") as (seen, relay):
        page = seen.page
        new_match_with(page, "tutorial")
        page.locator(".mm-hand .mm-card-button").first.wait_for()
        settled(page)  # the deal is drawn whole before it is read
        history = page.locator(".mm-history").inner_html()
        message = page.locator(".mm-message-box").inner_text()
        next_round, use_law = relay.with_class("mm-next-round"), relay.with_class("mm-use-law")
        new_law = relay.with_class("mm-new-law")
        layout = str(relay.states[next_round]["layout"]).removeprefix("IPY_MODEL_")
        start = len(relay.to_page)
        forged = [
            relay.update(new_law, value="red"),
            relay.click(use_law),  # set the next law without winning
            relay.update(layout, display=""),
            relay.click(next_round),
        ]  # show "Next round" and deal
        relay.handled(page, forged)  # and whatever came back has been drawn
        assert page.locator(".mm-history").inner_html() == history
        assert page.locator(".mm-message-box").inner_text() == message
        assert not page.locator(".mm-next-round").is_visible() and not page.locator(".mm-use-law").is_visible()
        assert page.locator(".mm-reveal").inner_text().strip() == ""
        assert_nothing_leaked(relay.to_page[start:])
        assert_clean(seen)


def test_a_forged_slider_range_wrong_types_and_a_burst_of_clicks_in_the_lab(voila: Voila, browser: Browser) -> None:
    with relayed_page(voila, browser, "15_strategy_lab", ready=".mm-lab-run") as (seen, relay):
        page = seen.page
        deals = relay.model(lambda s: s.get("_model_name") == "IntSliderModel" and s.get("description") == "Deals")
        run = relay.with_class("mm-lab-run")
        start = len(relay.to_page)
        forged = [relay.update(deals, max=10**7, value=10**7)]
        forged += [relay.update(deals, value="lots") for _ in range(200)]
        began = time.monotonic()
        relay.handled(page, forged)
        assert time.monotonic() - began < 20
        assert_nothing_leaked(relay.to_page[start:])
        assert sum(relay.bytes_to_page[start:]) < 400_000  # status and one small correction per update
        page.locator(".mm-lab-predict button", has_text="helps").click()
        settled(page)  # the prediction reaches the kernel (through the relay) before the forged clicks
        start = len(relay.to_page)
        clicks = [relay.click(run) for _ in range(5)]  # five at once: one run, of the slider's 150 deals
        wait_text(page, ".mm-lab-result", r"won \d+% of rounds", seconds=60)
        relay.handled(page, clicks)
        runs = [
            m
            for m in relay.to_page[start:]
            if m["header"].get("msg_type") == "comm_msg"
            and m["content"].get("comm_id") == run
            and (m["content"].get("data") or {}).get("state", {}).get("disabled") is True
        ]
        assert len(runs) == 1
        assert relay.states[deals].get("max") == 1000 and relay.states[deals].get("value") == 150
        assert_clean(seen)


def test_a_megabyte_law_typed_into_the_page_is_refused_at_once(voila: Voila, browser: Browser) -> None:
    """A pasted 1 MB law used to cost a minute of kernel time per click; now the page answers at once."""
    with relayed_page(voila, browser, "14_write_a_law", ready=".mm-workshop-check") as (seen, relay):
        page = seen.page
        box = page.locator(".mm-workshop-text input")
        box.fill("red or " * 150_000 + "red")  # a paste, sent as one update of a megabyte when the box is left
        box.blur()
        expect(box).to_have_value("", timeout=30_000)  # the kernel refused it, kept its empty box, told the page
        start = len(relay.to_page)
        took = page.evaluate("""() => new Promise(done => {
            const feedback = document.querySelector('.mm-workshop-feedback');
            const began = performance.now();
            new MutationObserver(() => done(performance.now() - began))
                .observe(feedback, {childList: true, subtree: true, characterData: true});
            document.querySelector('.mm-workshop-check').click();
        })""")
        assert took < 1_000, f"the refusal took {took:.0f} ms"  # it took a minute of kernel time before
        text = page.locator(".mm-workshop-feedback").inner_text()
        assert "red or red" not in text and text.strip()
        assert box.input_value() == ""  # the kernel kept its empty box and told the page so
        assert_nothing_leaked(relay.to_page[start:])
        assert_clean(seen)

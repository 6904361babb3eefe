"""The course's Voilà configuration (``etc/voila.py``): when a used kernel pool is refilled.

Refilling a pool means starting a kernel and running a whole lesson; on two cores that slows down
the page a visitor is opening, so the configuration holds refills back while a page is loading and
starts them at once when a visitor waits for that lesson. The browser tests check the whole server;
these check the pacing rules one by one, without a server.
"""

from __future__ import annotations

import asyncio
import os
import runpy
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from traitlets.config import Config

CONFIG = Path(__file__).resolve().parents[1] / "etc" / "voila.py"


@pytest.fixture(scope="module")
def config() -> Iterator[dict[str, Any]]:
    """The configuration file's names, loaded as Voilà loads it (it also sets JUPYTER_PATH: restored)."""
    saved = os.environ.get("JUPYTER_PATH")
    names = runpy.run_path(str(CONFIG), init_globals={"get_config": Config})
    yield names
    if saved is None:
        os.environ.pop("JUPYTER_PATH", None)
    else:
        os.environ["JUPYTER_PATH"] = saved


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine to its end on a fresh event loop in its own thread: the browser tests' Playwright
    session keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, coroutine).result()


@pytest.fixture
def pacer(config: dict[str, Any]) -> Any:
    """A pacer with short times: a page is drawn 0.2 s after it connects; a refill waits at most 30 s."""
    return config["RefillPacer"](drawn_after_connect=0.2, wait_max=30)


def refill_waits(pacer: Any, notebook: str, meanwhile: Any) -> list[str]:
    """Run a refill's wait beside ``meanwhile`` (an async function given the event list); return
    the events in the order they happened."""
    events: list[str] = []

    async def refill() -> None:
        await pacer.wait_for_quiet(notebook)
        events.append("refill starts")

    async def both() -> None:
        waiting = asyncio.create_task(refill())
        await meanwhile(events)
        await asyncio.wait_for(waiting, timeout=5)

    run(both())
    return events


def test_a_refill_starts_at_once_when_no_page_is_loading(pacer: Any) -> None:

    async def nothing(events: list[str]) -> None:
        await asyncio.sleep(0.3)
        events.append("0.3 s later")

    assert refill_waits(pacer, "06_calls.ipynb", nothing) == ["refill starts", "0.3 s later"]


def test_a_refill_waits_until_the_loading_page_is_drawn(pacer: Any) -> None:

    async def page(events: list[str]) -> None:
        pacer.page_started("kernel-1")
        await asyncio.sleep(0.3)
        events.append("page connects")
        pacer.page_connected("kernel-1")

    assert refill_waits(pacer, "06_calls.ipynb", page) == ["page connects", "refill starts"]


def test_a_refill_starts_at_once_when_a_visitor_waits_for_that_lesson(pacer: Any) -> None:

    async def visitor(events: list[str]) -> None:
        pacer.page_started("kernel-of-another-page")
        await asyncio.sleep(0.3)
        events.append("visitor asks for 06_calls")
        pacer.wanted.add("06_calls.ipynb")
        await asyncio.sleep(0.3)
        events.append("other page still loading")

    assert refill_waits(pacer, "06_calls.ipynb", visitor) == [
        "visitor asks for 06_calls", "refill starts", "other page still loading"]


def test_a_page_that_never_connects_holds_refills_back_only_so_long(config: dict[str, Any]) -> None:
    pacer = config["RefillPacer"](drawn_after_connect=0.2, wait_max=0.4)

    async def abandoned(events: list[str]) -> None:
        pacer.page_started("kernel-of-a-closed-tab")
        await asyncio.sleep(0.1)
        events.append("tab closed before connecting")
        await asyncio.sleep(1.0)
        events.append("1.1 s later")

    assert refill_waits(pacer, "06_calls.ipynb", abandoned) == [
        "tab closed before connecting", "refill starts", "1.1 s later"]


def test_the_kernel_manager_is_wired_to_the_pacer(config: dict[str, Any]) -> None:
    """Taking a pre-heated kernel marks its page as loading and refreshes the kernel's activity
    time (or the culler would remove it before the page connects); a refill waits, a restart does not."""
    calls: list[tuple[str, str | None]] = []
    kernel = SimpleNamespace(last_activity=None)

    async def take(notebook_name: str, **kwargs: Any) -> tuple[None, list[str], str]:
        return None, [], "kernel-7"

    async def initialize(notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> str:
        calls.append((notebook_path, kernel_id))
        return "started"

    manager = SimpleNamespace(get_rendered_notebook=take, _initialize=initialize, get_kernel=lambda _: kernel)
    config["_course_kernel_manager"](manager)
    pacer = config["PACER"]

    async def visit() -> None:
        await manager.get_rendered_notebook("01_cards_and_matching.ipynb")
        assert "kernel-7" in pacer.loading and kernel.last_activity is not None
        assert await manager._initialize("09_house_rules.ipynb", "kernel-3") == "started"  # a restart
        refill = asyncio.create_task(manager._initialize("01_cards_and_matching.ipynb", None))
        await asyncio.sleep(0.3)
        assert calls == [("09_house_rules.ipynb", "kernel-3")]  # the refill is still waiting
        pacer.page_connected("kernel-7")
        await asyncio.wait_for(refill, timeout=pacer.drawn_after_connect + 2)
        assert calls[-1] == ("01_cards_and_matching.ipynb", None)

    run(visit())

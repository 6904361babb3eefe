"""The course's Voilà configuration (``etc/voila.py``): when a used kernel pool is refilled, which
kernels the culler keeps or stops, how starts are queued, when a pre-heated page is not served, and
when a visitor is turned away.

Refilling a pool means starting a kernel and running a whole lesson; on two cores that slows down
the page a visitor is opening, so the configuration holds refills back while a page is loading and
starts them at once when a visitor waits for that lesson. Under load, pages were also left undrawn:
kernels culled before their page connected, pre-heated pages stored without their widgets, too many
kernels at once. The browser tests (``tests/browser/test_server_faults.py``) check the whole server;
these check the rules one by one (``maumau_core/server/``: the kernel manager, the identity provider, the
template filter and the patches), driving them with stand-ins, without a server.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pkgutil
import runpy
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import nbformat
import pytest
from helpers import in_own_loop
from traitlets.config import Config

from maumau_core.server import (
    identity,
    jinja_environment_per_page,
    kernels,
    lesson_runs,
    patches,
    render_page_kernel_cap,
    render_page_left_mid_load,
    versions,
    websocket,
)
from maumau_core.server import (
    pages as page_rules,
)

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


@pytest.fixture
def pacer() -> Any:
    """A pacer with short times: a page is drawn 0.2 s after it connects; a refill waits at most 30 s."""
    return page_rules.RefillPacer(drawn_after_connect=0.2, wait_max=30)


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

    in_own_loop(both())
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
        "visitor asks for 06_calls",
        "refill starts",
        "other page still loading",
    ]


def test_a_page_that_never_connects_holds_refills_back_only_so_long() -> None:
    pacer = page_rules.RefillPacer(drawn_after_connect=0.2, wait_max=0.4)

    async def abandoned(events: list[str]) -> None:
        pacer.page_started("kernel-of-a-closed-tab")
        await asyncio.sleep(0.1)
        events.append("tab closed before connecting")
        await asyncio.sleep(1.0)
        events.append("1.1 s later")

    assert refill_waits(pacer, "06_calls.ipynb", abandoned) == [
        "tab closed before connecting",
        "refill starts",
        "1.1 s later",
    ]


def fake_manager() -> Any:
    """The course's kernel manager between stand-ins for Voilà's pre-heating layer above it and jupyter_server's
    manager below it (as Voilà's factory stacks them), with the two patches of Voilà's layer applied as the
    factory's class is created; ``events`` records what the rules ask of either. Its pre-heated kernel is
    ``kernel-7``, a kernel it starts is ``kernel-new``; a started kernel has a connection count (jupyter_server
    sets it, with its activity time, once the kernel is up)."""
    events: list[tuple[str, ...]] = []
    known: dict[str, SimpleNamespace] = {}
    connections: dict[str, int] = {}

    class JupyterServerManager:  # AsyncMappingKernelManager, as far as the rules go
        _kernel_connections = connections
        log = logging.getLogger("fake-kernel-manager")

        async def start_kernel(self, **kwargs: Any) -> str:
            events.append(("start",))
            connections.setdefault("kernel-new", 0)
            return "kernel-new"

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            events.append(("idle rule", kernel_id))

        def notify_connect(self, kernel_id: str) -> None:
            connections[kernel_id] = connections.get(kernel_id, 0) + 1

        def notify_disconnect(self, kernel_id: str) -> None:
            connections[kernel_id] -= 1

        def get_kernel(self, kernel_id: str) -> SimpleNamespace:
            return known.setdefault(kernel_id, SimpleNamespace(last_activity=None))

    class VoilaKernelManager(kernels.CourseKernelRules, JupyterServerManager):  # Voilà's layer: what it does itself
        async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> tuple[None, list[str], str]:
            events.append(("take", notebook_name))
            connections.setdefault("kernel-7", 0)
            return None, [], "kernel-7"

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> str:
            events.append(("initialize", notebook_path, str(kernel_id)))
            return "started"

        async def shutdown_kernel(self, kernel_id: str) -> None:
            events.append(("shutdown", kernel_id))

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
            events.append(("refill", str(notebook_name)))

    manager: Any = VoilaKernelManager()
    manager._pools, manager.events, manager.kernels = {}, events, known
    return manager


@pytest.fixture
def pages() -> Iterator[Any]:
    """The server's record of page kernels, emptied, with short times: a page that never connects
    keeps its kernel 0.4 s; a kernel without a websocket for 0.4 s has lost its tab."""
    pages = page_rules.PAGES
    saved = pages.grace, pages.tab_gone_after, pages.cap

    def empty() -> None:
        pages.handed.clear()
        pages.connected.clear()
        pages.alone_since.clear()
        pages.starting.clear()

    empty()
    pages.grace, pages.tab_gone_after = 0.4, 0.4
    yield pages
    pages.grace, pages.tab_gone_after, pages.cap = saved
    empty()


def test_the_kernel_manager_is_wired_to_the_pacer(pages: Any) -> None:
    """Taking a pre-heated kernel marks its page as loading and refreshes the kernel's activity
    time (or the culler would remove it before the page connects); a refill waits, a restart does not."""
    manager = fake_manager()
    pacer = page_rules.PACER

    async def visit() -> None:
        await manager.get_rendered_notebook("01_cards_and_matching.ipynb")
        assert "kernel-7" in pacer.loading and manager.kernels["kernel-7"].last_activity is not None
        assert await manager._initialize("09_house_rules.ipynb", "kernel-3") == "started"  # a restart
        refill = asyncio.create_task(manager._initialize("01_cards_and_matching.ipynb", None))
        await asyncio.sleep(0.3)
        assert manager.events[-1] == ("initialize", "09_house_rules.ipynb", "kernel-3")  # the refill still waits
        pacer.page_connected("kernel-7")
        await asyncio.wait_for(refill, timeout=pacer.drawn_after_connect + 2)
        assert manager.events[-1] == ("initialize", "01_cards_and_matching.ipynb", "None")

    in_own_loop(visit())


def test_a_kernel_handed_to_a_page_is_not_culled_before_the_page_connects(pages: Any) -> None:
    """Idle since it ran its lesson, a pre-heated kernel would be culled while its page's JavaScript is
    still loading (measured: more than 30 s with 10 tabs on two cores)."""
    manager = fake_manager()

    async def page() -> None:
        await manager.get_rendered_notebook("00_welcome.ipynb")
        await manager.cull_kernel_if_idle("kernel-7")
        await asyncio.sleep(0.2)
        await manager.cull_kernel_if_idle("kernel-7")
        assert manager.events == [("take", "00_welcome.ipynb")]  # kept: the culler was not even asked
        manager.notify_connect("kernel-7")
        await asyncio.sleep(0.3)  # past the grace: the page has connected, the usual rule applies
        await manager.cull_kernel_if_idle("kernel-7")
        assert manager.events[-1] == ("idle rule", "kernel-7")

    in_own_loop(page())


def test_a_page_that_never_connects_gives_its_kernel_up_after_the_grace(pages: Any) -> None:
    manager = fake_manager()

    async def abandoned() -> None:
        await manager.start_kernel(kernel_name="python3")  # a page that found the pool empty
        await manager.cull_kernel_if_idle("kernel-new")
        assert manager.events == [("start",)]
        await asyncio.sleep(0.5)
        await manager.cull_kernel_if_idle("kernel-new")
        assert manager.events[-1] == ("shutdown", "kernel-new")

    in_own_loop(abandoned())


def test_a_kernel_whose_tab_is_gone_is_stopped_even_if_busy(pages: Any) -> None:
    """The idle culler never stops a busy kernel (nor one whose activity time keeps moving); a page
    kernel without any websocket for ``tab_gone_after`` seconds is stopped without asking it."""
    manager = fake_manager()

    async def closed_tab() -> None:
        await manager.get_rendered_notebook("15_strategy_lab.ipynb")
        manager.notify_connect("kernel-7")
        manager.notify_connect("kernel-7")  # a second websocket (a reconnect) ...
        manager.notify_disconnect("kernel-7")  # ... and one goes: the page is still there
        await asyncio.sleep(0.5)
        await manager.cull_kernel_if_idle("kernel-7")
        assert manager.events[-1] == ("idle rule", "kernel-7")
        manager.notify_disconnect("kernel-7")  # the tab is gone
        await manager.cull_kernel_if_idle("kernel-7")
        assert manager.events[-1] == ("idle rule", "kernel-7")  # not yet: the idle rule may still cull it
        await asyncio.sleep(0.5)
        await manager.cull_kernel_if_idle("kernel-7")
        assert manager.events[-1] == ("shutdown", "kernel-7")

    in_own_loop(closed_tab())


def test_a_page_left_while_its_html_was_coming_frees_its_kernel_at_once(pages: Any, monkeypatch: Any) -> None:
    """The browser closed the page's request (a reload while the lesson was running): its kernel, handed
    before or after that, is stopped at the culler's next round, not kept for a page that will not come."""
    manager = fake_manager()
    left = render_page_left_mid_load.page_left_mid_load
    monkeypatch.setattr(render_page_left_mid_load, "original", lambda handler: None)

    async def reloads() -> None:
        first = pages.admit([])
        await manager.get_rendered_notebook("00_welcome.ipynb")  # handed, then the browser leaves
        left(SimpleNamespace(_course_request=first))
        await manager.cull_kernel_if_idle("kernel-7")
        assert manager.events[-1] == ("shutdown", "kernel-7")
        pages.settle(first)
        second = pages.admit(["kernel-7"])
        left(SimpleNamespace(_course_request=second))  # left before its kernel came
        await manager.start_kernel(kernel_name="python3")
        await manager.cull_kernel_if_idle("kernel-new")
        assert manager.events[-1] == ("shutdown", "kernel-new")

    in_own_loop(reloads())


def test_kernels_not_handed_to_a_page_follow_the_idle_rule(pages: Any) -> None:
    manager = fake_manager()
    in_own_loop(manager.cull_kernel_if_idle("kernel-starting"))  # in the kernel map, not up yet: not even asked
    assert manager.events == []
    manager._kernel_connections["kernel-in-the-pool"] = 0
    in_own_loop(manager.cull_kernel_if_idle("kernel-in-the-pool"))  # Voilà's own rule keeps pool kernels
    assert manager.events == [("idle rule", "kernel-in-the-pool")]


def test_pages_beyond_the_cap_are_not_let_in() -> None:
    """Pages with a kernel and pages waiting for one count; a stopped kernel frees its place."""
    pages = page_rules.PageKernels(grace=1, tab_gone_after=1, cap=2)

    async def visitors() -> None:
        assert pages.admit([]) is not None
        pages.hand("kernel-1")  # the first page gets its kernel: it counts once
        assert pages.starting == set()
        second = pages.admit(["kernel-1"])
        assert second is not None
        assert pages.admit(["kernel-1"]) is None  # one page with a kernel, one waiting for its kernel
        pages.settle(second)  # the second page failed before it got a kernel
        assert pages.admit(["kernel-1"]) is not None
        assert pages.admit(["kernel-1"]) is None
        assert pages.admit([]) is not None  # kernel-1 was stopped: its place is free again
        assert "kernel-1" not in pages.handed
        assert pages.admit([]) is None  # two pages waiting for their kernels

    in_own_loop(visitors())


def test_the_busy_page_says_so_and_offers_a_retry(pages: Any, monkeypatch: Any) -> None:
    page_or_busy = render_page_kernel_cap.page_or_busy
    served: list[int] = []

    async def page(self: Any, path: str | None = None) -> None:
        served.append(len(pages.starting))  # the page counts while it waits for its kernel

    reply: dict[str, Any] = {"headers": {}}
    handler = SimpleNamespace(
        kernel_manager=SimpleNamespace(list_kernel_ids=lambda: ["kernel-1", "kernel-in-the-pool"]),
        log=logging.getLogger("fake-handler"),
        request=SimpleNamespace(uri='/voila/render/06_calls.ipynb?a="b"'),
        set_status=lambda status: reply.update(status=status),
        set_header=lambda name, value: reply["headers"].update({name: value}),
        finish=lambda body: reply.update(body=body),
    )
    monkeypatch.setattr(render_page_kernel_cap, "original", page)
    pages.cap = 2

    async def visitors() -> None:
        pages.hand("kernel-1")
        await page_or_busy(handler, "06_calls.ipynb")  # one page open, room for one more
        assert served == [1] and not pages.starting and "status" not in reply
        pages.cap = 1
        await page_or_busy(handler, "06_calls.ipynb")

    in_own_loop(visitors())
    assert served == [1]
    assert reply["status"] == 503 and reply["headers"] == {"Retry-After": "30"}
    assert "as many learners as this server can take right now: please try again in a minute." in reply["body"]
    assert '<a class="mm-retry" href="/voila/render/06_calls.ipynb?a=&quot;b&quot;">Try again</a>' in reply["body"]


def test_starts_run_a_few_at_a_time_a_waiting_visitor_first() -> None:
    queue = page_rules.StartQueue(slots=2, hold_max=30)
    order: list[str] = []
    running: list[str] = []
    most: list[int] = [0]

    async def start(name: str, urgent: bool) -> None:
        async with queue.turn(urgent=lambda: urgent):
            order.append(name)
            running.append(name)
            most[0] = max(most[0], len(running))
            await asyncio.sleep(0.1)
            running.remove(name)

    async def crowd() -> None:
        starts = [asyncio.create_task(start(f"refill {index}", False)) for index in range(4)]
        await asyncio.sleep(0.02)
        starts.append(asyncio.create_task(start("visitor", True)))
        await asyncio.gather(*starts)

    in_own_loop(crowd())
    assert most[0] == 2
    assert order == ["refill 0", "refill 1", "visitor", "refill 2", "refill 3"]


def test_a_refill_a_visitor_starts_waiting_for_goes_first() -> None:
    queue = page_rules.StartQueue(slots=1, hold_max=30)
    order: list[str] = []
    wanted: set[str] = set()

    async def start(name: str) -> None:
        async with queue.turn(urgent=lambda: name in wanted):
            order.append(name)
            await asyncio.sleep(0.1)

    async def crowd() -> None:
        starts = [asyncio.create_task(start(name)) for name in ("06_calls", "07_first_round", "00_welcome")]
        await asyncio.sleep(0.02)
        wanted.add("00_welcome")
        await asyncio.gather(*starts)

    in_own_loop(crowd())
    assert order == ["06_calls", "00_welcome", "07_first_round"]


def test_a_start_that_never_ends_gives_its_slot_back() -> None:
    queue = page_rules.StartQueue(slots=1, hold_max=0.3)
    times: dict[str, float] = {}

    async def stuck() -> None:
        async with queue.turn():
            await asyncio.sleep(10)

    async def later() -> None:
        begin = asyncio.get_running_loop().time()
        await asyncio.sleep(0.01)
        async with queue.turn():
            times["waited"] = asyncio.get_running_loop().time() - begin

    async def both() -> None:
        hung = asyncio.create_task(stuck())
        await asyncio.wait_for(later(), timeout=2)
        hung.cancel()

    in_own_loop(both())
    assert 0.25 < times["waited"] < 1.0


def test_lessons_run_their_cells_in_turn(config: dict[str, Any], pages: Any, monkeypatch: Any) -> None:
    """Voilà's cell generator runs in a ``RUNS`` turn (the course template's ``in_turn`` filter): a page a
    visitor waits for (a kernel handed to a page, or a pre-heated one a page takes meanwhile) before pool refills."""
    assert pkgutil.resolve_name(config["c"].VoilaExporter.filters["in_turn"]) is lesson_runs.in_turn
    order: list[str] = []

    async def cells(nb: Any, kernel_id: str) -> AsyncIterator[str]:
        order.append(kernel_id)
        await asyncio.sleep(0.1)
        yield "a cell"

    monkeypatch.setattr(page_rules.RUNS, "slots", 1)
    in_turn = lesson_runs.in_turn(cells)

    async def render(kernel_id: str) -> list[str]:
        return [cell async for cell in in_turn(None, kernel_id)]

    async def crowd() -> None:
        pages.hand("visitor")  # a page's own kernel: handed before its cells run
        tasks = [asyncio.create_task(render(f"refill {index}")) for index in range(3)]
        await asyncio.sleep(0.02)
        tasks.append(asyncio.create_task(render("visitor")))
        await asyncio.sleep(0.02)
        pages.hand("refill 2")  # a page has taken this pre-heated kernel: it waits for the rest
        assert await asyncio.gather(*tasks) == [["a cell"]] * 4

    in_own_loop(crowd())
    assert order == ["refill 0", "refill 2", "visitor", "refill 1"]  # pages first, in the order their runs came


def executed(*cells: tuple[str, ...]) -> Any:
    """A rendered notebook: a cell per argument, the execution marks nbclient recorded for it."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_markdown_cell("# A lesson"))
    for marks in cells:
        cell = nbformat.v4.new_code_cell("Widget().widget")
        if marks:
            cell.metadata["execution"] = {mark: "2026-01-01T00:00:00Z" for mark in marks}
        notebook.cells.append(cell)
    return notebook


DONE = ("iopub.status.busy", "iopub.execute_input", "shell.execute_reply", "iopub.status.idle")
CUT_SHORT = ("iopub.status.busy", "iopub.execute_input", "shell.execute_reply")  # "Timeout waiting for IOPub output"


def test_cells_that_did_not_get_all_their_output_are_found() -> None:
    unfinished = page_rules.unfinished_cells
    assert unfinished(executed(DONE, DONE, DONE), running=False) == []
    assert unfinished(executed(DONE, CUT_SHORT, DONE), running=False) == [2]
    assert unfinished(executed(DONE, CUT_SHORT, ()), running=True) == []  # cell 2 may still get its output
    assert unfinished(executed(CUT_SHORT, DONE, CUT_SHORT), running=True) == [1]
    assert unfinished(executed(DONE, ("iopub.status.busy",), ()), running=True) == []  # running, no reply yet
    assert unfinished(executed((), (), ()), running=False) == []


def test_widget_output_is_waited_for_30_s(config: dict[str, Any]) -> None:
    from voila.execute import VoilaExecutor

    assert VoilaExecutor(nbformat.v4.new_notebook(), config=config["c"]).iopub_timeout == 30


def pool_of(content: dict[str, Any]) -> asyncio.Future[dict[str, Any]]:
    item: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    item.set_result(content)
    return item


def prerendered(notebook: Any, kernel_id: str) -> dict[str, Any]:
    finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    finished.set_result(None)
    renderer = SimpleNamespace(executor=SimpleNamespace(nb=notebook), stop_generator=False)
    return {"renderer": renderer, "task": finished, "kernel_id": kernel_id}


def test_a_prerendered_page_without_all_its_widgets_is_dropped_and_rendered_again(pages: Any) -> None:
    manager = fake_manager()
    seen: dict[str, Any] = {}

    async def visit() -> None:
        broken = prerendered(executed(DONE, CUT_SHORT), "kernel-broken")
        manager._pools["00_welcome.ipynb"] = [pool_of(broken)]
        await manager.get_rendered_notebook("00_welcome.ipynb")
        await asyncio.sleep(0)  # the kernel is stopped in the background
        seen["broken"] = broken
        good = prerendered(executed(DONE, DONE), "kernel-good")
        manager._pools["06_calls.ipynb"] = [pool_of(good)]
        await manager.get_rendered_notebook("06_calls.ipynb")
        seen["pool"] = manager._pools["06_calls.ipynb"]

    in_own_loop(visit())
    assert manager.events == [
        ("refill", "00_welcome.ipynb"),
        ("take", "00_welcome.ipynb"),
        ("shutdown", "kernel-broken"),
        ("take", "06_calls.ipynb"),
    ]
    assert manager._pools["00_welcome.ipynb"] == [] and seen["broken"]["renderer"].stop_generator
    assert len(seen["pool"]) == 1  # the good one is left for Voilà to take


def test_only_the_course_map_and_the_first_lessons_are_preheated(config: dict[str, Any]) -> None:
    """Each waiting kernel costs memory before anyone comes; other pages start theirs when opened."""
    pools = config["pools_config"]
    assert (
        config["c"].VoilaKernelManager.kernel_pools_config
        == pools(config["PREHEATED"])
        == {
            "default": {"pool_size": 0},
            "00_welcome.ipynb": {"pool_size": 1},
            "01_cards_and_matching.ipynb": {"pool_size": 1},
            "02_five_rule_sets.ipynb": {"pool_size": 1},
        }
    )
    assert pools(" 10_practice.ipynb, 13_mao_puzzle ,") == {
        "default": {"pool_size": 0},
        "10_practice.ipynb": {"pool_size": 1},
        "13_mao_puzzle.ipynb": {"pool_size": 1},
    }
    assert pools("all") == {"default": {"pool_size": 1}}
    assert pools("") == {"default": {"pool_size": 0}}
    # a class that starts on one page together: several kernels waiting for it
    assert pools("00_welcome:10, 07_first_round : 3,13_mao_puzzle") == {
        "default": {"pool_size": 0},
        "00_welcome.ipynb": {"pool_size": 10},
        "07_first_round.ipynb": {"pool_size": 3},
        "13_mao_puzzle.ipynb": {"pool_size": 1},
    }
    for unreadable in ("00_welcome:x", "00_welcome:", ":3", "00_welcome:-2"):
        with pytest.raises(
            ValueError,
            match=r"^MAUMAU_PREHEATED lists '.*', which is neither a page nor a page "
            r"with a number of kernels",
        ):
            pools(unreadable)


def test_every_patch_is_named_and_in_place(config: dict[str, Any]) -> None:
    """What no Voilà setting does is patched; each patch is listed in ``PATCHES`` and installed there: a class
    patch on Voilà's class, a kernel manager patch on the class Voilà's factory builds from the course's
    kernel manager (the one the configuration names)."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    assert len(patches.PATCHES) == 6
    for name, patch in patches.CLASS_PATCHES.items():
        installed = pkgutil.resolve_name(name)
        assert installed.__module__ == patch.__name__ and installed is not patch.original and installed.__doc__, name
    manager_class = pkgutil.resolve_name(config["c"].VoilaConfiguration.multi_kernel_manager_class)
    built = voila_kernel_manager_factory(manager_class, True, 1)
    for name, patch in patches.KERNEL_MANAGER_PATCHES.items():
        installed = getattr(built, name.rsplit(".", 1)[1])
        assert installed.__module__ == patch.__name__ and installed.__wrapped__.__qualname__.startswith(
            "voila_kernel_manager_factory.<locals>.VoilaKernelManager."
        ), name


def test_page_templates_are_compiled_once_for_every_page(monkeypatch: Any) -> None:
    """Each page gets a new exporter, with its own Jinja environment: the compiled templates are shared, so a
    second page compiles nothing (measured: template compiling was ~40 % of the server's CPU per page)."""
    from jinja2 import Environment
    from voila.exporter import VoilaExporter

    compiled: list[str] = []
    compile_template = Environment.compile
    monkeypatch.setattr(
        Environment,
        "compile",
        lambda self, source, name=None, *args, **kwargs: (
            compiled.append(name),
            compile_template(self, source, name, *args, **kwargs),
        )[1],
    )
    shared = jinja_environment_per_page.TEMPLATE_BYTECODE
    monkeypatch.setattr(shared, "compiled", {})
    first, second = (VoilaExporter(template_name="lab").environment for _ in range(2))
    assert first is not second and first.bytecode_cache is second.bytecode_cache is shared
    first.get_template("index.html.j2")
    assert "index.html.j2" in compiled
    compiled.clear()
    second.get_template("index.html.j2")
    assert compiled == []


def test_a_page_websocket_sends_at_once_and_tells_the_pacer(config: dict[str, Any], monkeypatch: Any) -> None:
    """TCP_NODELAY through Voilà's own setting (its websocket connection class), not a handler patch."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    connection = websocket.NoDelayConnection
    assert pkgutil.resolve_name(config["c"].Voila.kernel_websocket_connection_class) is connection
    handler = SimpleNamespace(nodelay=False)
    handler.set_nodelay = lambda value: setattr(handler, "nodelay", value)

    class Probe(connection):  # type: ignore[misc,valid-type]
        kernel_id = "kernel-9"
        websocket_handler = handler

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: "connected upstream")
    pacer = page_rules.PACER

    async def page() -> None:
        pacer.page_started("kernel-9")
        assert pacer.loading["kernel-9"] > asyncio.get_running_loop().time() + pacer.drawn_after_connect + 1
        assert Probe.connect(object.__new__(Probe)) == "connected upstream"
        assert pacer.loading["kernel-9"] <= asyncio.get_running_loop().time() + pacer.drawn_after_connect

    in_own_loop(page())
    assert handler.nodelay is True


def test_the_start_up_fill_waits_its_turn_too() -> None:
    """Voilà's constructor fills the pools: the class Voilà's factory builds from the course's kernel manager
    is wired to the course's rules before any instance exists, so the start-up kernels are queued (``STARTS``)
    like any refill; without pre-heating there is nothing to wire."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    preheating = voila_kernel_manager_factory(kernels.CourseKernelManager, True, 0)
    assert preheating._initialize.__name__ == "initialize_when_quiet"
    assert preheating.get_rendered_notebook.__name__ == "get_rendered_notebook"
    assert preheating.get_rendered_notebook.__module__ == "maumau_core.server.preheated_page_handover"
    without_pools = voila_kernel_manager_factory(kernels.CourseKernelManager, False, 0)
    assert not hasattr(without_pools, "_initialize") and not hasattr(without_pools, "get_rendered_notebook")


def test_a_voila_outside_the_tested_versions_is_refused() -> None:
    from packaging.specifiers import SpecifierSet

    tested = versions.tested_voila()
    assert tested == SpecifierSet(">=0.5.13,<0.6")  # what pyproject.toml declares
    versions.check_voila("0.5.13", tested)
    for found in ("0.5.12", "0.6.0", "1.0.0"):
        with pytest.raises(RuntimeError, match=f"needs Voilà <0.6,>=0.5.13, .* but Voilà {found} is installed"):
            versions.check_voila(found, tested)


class _Headers(dict):  # type: ignore[type-arg]
    """Enough of tornado's request headers: ``get`` and item assignment."""


def _handler(cookie: str | None) -> SimpleNamespace:
    headers = _Headers({"Cookie": cookie} if cookie is not None else {})
    jar = dict(part.strip().split("=", 1) for part in (cookie or "").split(";") if "=" in part)
    handler = SimpleNamespace(request=SimpleNamespace(headers=headers), set=[])
    handler.get_cookie = jar.get
    handler.set_cookie = lambda name, value, **options: handler.set.append((name, value, options))
    return handler


def test_a_browser_without_a_learner_key_gets_one_and_its_first_page_carries_it() -> None:
    from maumau_core.course import learner

    handler = _handler("_xsrf=abc")
    identity.give_learner_key(handler)
    [(name, key, options)] = handler.set
    assert name == learner.COOKIE and learner.valid_key(key) and options["httponly"] and options["expires_days"] >= 365
    assert handler.request.headers["Cookie"] == f"_xsrf=abc; {learner.COOKIE}={key}"  # the kernel reads this
    fresh = _handler(None)
    identity.give_learner_key(fresh)
    assert fresh.request.headers["Cookie"] == f"{learner.COOKIE}={fresh.set[0][1]}"


def test_a_browser_with_a_learner_key_keeps_it() -> None:
    from maumau_core.course import learner

    key = learner.new_key()
    handler = _handler(f"{learner.COOKIE}={key}")
    identity.give_learner_key(handler)
    assert handler.set == [] and handler.request.headers["Cookie"] == f"{learner.COOKIE}={key}"
    forged = _handler(f"{learner.COOKIE}=../../x")
    identity.give_learner_key(forged)
    assert learner.valid_key(forged.set[0][1])  # a key the server did not make is replaced


def _config_with(env: dict[str, str]) -> Any:
    """What a fresh process loading the configuration file (as Voilà does) with ``env`` sets."""
    import json
    import subprocess
    import sys

    script = (
        "import json, runpy; from traitlets.config import Config; "
        f"n = runpy.run_path({str(CONFIG)!r}, init_globals={{'get_config': Config}}); c = n['c']; "
        "print(json.dumps([n['SHARED'], c.VoilaConfiguration.get('http_header_envs', []), "
        "c.VoilaKernelManager.kernel_pools_config]))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.slow
def test_a_shared_server_hands_cookies_to_kernels_and_pre_heats_nothing() -> None:
    from maumau_core.course import learner

    assert _config_with({**os.environ, learner.PER_BROWSER: "1"}) == [True, ["Cookie"], {"default": {"pool_size": 0}}]
    alone = _config_with({k: v for k, v in os.environ.items() if k != learner.PER_BROWSER})
    assert alone[0] is False and alone[1] == [] and alone[2]["00_welcome.ipynb"] == {"pool_size": 1}

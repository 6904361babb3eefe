"""The course served by Voilà when things go wrong: a page slow to connect, a kernel that dies, a full server.

What the course's server side promises (docs/server.md), checked in chromium:

* a kernel handed to a page is not culled before the page connects, however long its JavaScript
  takes (on a loaded machine it took more than the 30 s the culler waits);
* a page whose kernel dies says so in one sentence, and its reload button brings the page back;
  a page whose server stops says so too;
* a visitor beyond the kernel cap (``MAUMAU_MAX_KERNELS``) gets a page that says so, with a retry link;
* only the pages of ``MAUMAU_PREHEATED`` keep a kernel waiting; another page starts its kernel when opened.

The late page and the cap share a server of their own (a culler that removes idle kernels after
2 s, a cap of one page); the stopped server is one of its own too; the killed kernel is the
session's server's.
"""

from __future__ import annotations

import json
import os
import re
import signal
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from conftest import Visit, Voila

CULL_AFTER = 2  # seconds idle before the strict server's culler removes a kernel
JS_DELAY = 8  # seconds the page's JavaScript is held back: well past the cull time
LOST = "This page has lost its connection to the course server"
BUSY = "The course has as many learners as this server can take right now"
STRICT_POOLS = ("00_welcome", "01_cards_and_matching")


@pytest.fixture(scope="module")
def strict_voila() -> Iterator[Voila]:
    """A course server that culls idle kernels after 2 s (checked every second) and takes one page at a time;
    the two pages the tests open are pre-heated (``STRICT_POOLS``)."""
    server = Voila(
        f"--MappingKernelManager.cull_idle_timeout={CULL_AFTER}",
        "--MappingKernelManager.cull_interval=1",
        env={"MAUMAU_MAX_KERNELS": "1", "MAUMAU_PREHEATED": ",".join(STRICT_POOLS)},
        log_name="voila-faults.log",
    )
    yield server
    server.stop()


def log_of(server: Voila) -> str:
    return server.log_path.read_text()


def kernel_id(page: Page) -> str:
    return str(json.loads(page.inner_text("#jupyter-config-data"))["kernelId"])


def kernel_pid(server: Voila, kernel: str) -> int:
    """The process id of a kernel of this server (its connection file is named after it)."""
    for pid, cmdline in server.kernel_processes().items():
        if f"kernel-{kernel}.json".encode() in cmdline:
            return pid
    raise LookupError(f"no process for kernel {kernel}")


def wait_for_log(server: Voila, pattern: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if re.search(pattern, log_of(server)):
            return True
        time.sleep(0.5)
    return False


def open_page(browser: Browser, url: str) -> Visit:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    seen = Visit(page)
    page.goto(url)
    return seen


def close(seen: Visit) -> None:
    """Leave the page as a closing tab does (it asks the server to shut its kernel down), then close it."""
    seen.page.goto("about:blank")
    seen.page.context.close()


def test_a_page_whose_websocket_connects_after_the_cull_time_still_draws(strict_voila: Voila, browser: Browser) -> None:
    assert wait_for_log(strict_voila, r"Kernel pool of 00_welcome\.ipynb is filled", 90)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    held: list[float] = []

    def slow_javascript(route: Route) -> None:  # a browser too busy to run the page's script for a while
        held.append(time.monotonic())
        time.sleep(JS_DELAY)
        route.continue_()

    page.route("**/voila/static/voila.js", slow_javascript)
    seen = Visit(page)
    page.goto(f"{strict_voila.url}/voila/render/00_welcome.ipynb", timeout=60_000)
    kernel = kernel_id(page)
    try:
        page.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)
        expect(page.locator("body")).not_to_contain_text("Loading widget", timeout=30_000)
    except Exception:
        seen.screenshot("failed-late-websocket")
        raise
    assert held, "the page's script was not held back"
    log = log_of(strict_voila)
    assert f"Connecting to kernel {kernel}" in log
    assert not re.search(f"Culling .*{kernel}", log), "the page's kernel was culled before the page connected"
    assert f"Kernel does not exist: {kernel}" not in log
    assert page.locator("#mm-lost").count() == 0
    close(seen)


def test_a_page_whose_kernel_is_killed_says_so_and_a_reload_draws_it_again(voila: Voila, visit) -> None:  # type: ignore[no-untyped-def]
    seen = visit("00_welcome")
    page = seen.page
    expect(page.locator("body")).not_to_contain_text("Loading widget", timeout=30_000)
    kernel = kernel_id(page)
    os.kill(kernel_pid(voila, kernel), signal.SIGKILL)

    lost = page.locator("#mm-lost")
    expect(lost).to_be_visible(timeout=30_000)
    expect(lost).to_contain_text(LOST)
    seen.screenshot("kernel-lost")
    page.get_by_role("button", name="Reload the page").click()

    page.wait_for_load_state("load")
    page.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)
    expect(page.locator("body")).not_to_contain_text("Loading widget", timeout=30_000)
    assert kernel_id(page) != kernel
    assert page.locator("#mm-lost").count() == 0


def test_a_visitor_beyond_the_cap_is_told_to_come_back(strict_voila: Voila, browser: Browser) -> None:
    # No page of an earlier test holds the one place (a page left after a late start is culled, not shut down).
    assert strict_voila.wait_for_kernels(len(STRICT_POOLS), 30) == len(STRICT_POOLS)
    first = open_page(browser, f"{strict_voila.url}/voila/render/00_welcome.ipynb")
    first.page.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)

    second = browser.new_context().new_page()
    response = second.goto(f"{strict_voila.url}/voila/render/01_cards_and_matching.ipynb")
    assert response is not None and response.status == 503
    assert response.headers.get("retry-after") == "30"
    expect(second.locator("body")).to_contain_text(BUSY)
    retry = second.get_by_role("link", name="Try again")
    expect(retry).to_be_visible()
    assert "Turned a visitor away" in log_of(strict_voila)

    close(first)  # the first learner leaves: there is room again
    deadline = time.monotonic() + 30
    while True:
        retry.click()
        second.wait_for_load_state("domcontentloaded")
        if not second.locator(".mm-busy").count() or time.monotonic() > deadline:
            break
        time.sleep(1)
    second.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)
    expect(second.locator("body")).not_to_contain_text("Loading widget", timeout=30_000)
    second.goto("about:blank")
    second.context.close()


def test_a_page_whose_server_stops_says_so(browser: Browser) -> None:
    """The server goes away (stopped, or restarted: a new server does not know the page's kernel)."""
    server = Voila(log_name="voila-faults-stopped.log")
    try:
        seen = open_page(browser, f"{server.url}/voila/render/00_welcome.ipynb")
        seen.page.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)
        expect(seen.page.locator("body")).not_to_contain_text("Loading widget", timeout=30_000)
        assert seen.page.locator("#mm-lost").count() == 0
    finally:
        server.stop()
    expect(seen.page.locator("#mm-lost")).to_contain_text(LOST, timeout=30_000)
    expect(seen.page.get_by_role("button", name="Reload the page")).to_be_visible()
    seen.page.context.close()


def test_only_the_preheated_pages_wait_with_a_kernel_and_the_others_open_on_demand(browser: Browser) -> None:
    """``MAUMAU_PREHEATED`` (Voilà's per-page pool sizes): the listed page has one kernel waiting from the
    start, queued like any other start; another page starts its kernel when opened, and draws just the same."""
    server = Voila(env={"MAUMAU_PREHEATED": "06_calls"}, log_name="voila-preheated.log")
    try:
        assert wait_for_log(server, r"Kernel pool of 06_calls\.ipynb is filled", 90)
        assert server.wait_for_kernels(1, 10) == 1
        assert re.findall(r"Kernel pool of (\S+) is filled", log_of(server)) == ["06_calls.ipynb"]
        for page, preheated in (("07_first_round", False), ("06_calls", True)):
            seen = open_page(browser, f"{server.url}/voila/render/{page}.ipynb")
            seen.page.wait_for_selector(".jupyter-widgets", state="visible", timeout=60_000)
            expect(seen.page.locator("body")).not_to_contain_text("Loading widget", timeout=30_000)
            assert seen.errors == []
            assert bool(re.search(rf"Using pre-heated kernel: \S+ for {page}\.ipynb", log_of(server))) is preheated
            seen.screenshot(f"on-demand-{page}")
            close(seen)
    finally:
        server.stop()

"""Fixtures for tests in a real headless chromium against the course served by Voilà.

Voilà is started by the tests on a free loopback port with the course's own
configuration (``etc/voila.py``), exactly as ``make run`` starts it (``maumau-course serve``).
Chromium is Debian's (``/usr/bin/chromium``): Playwright's own browser
download does not work on these machines.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Self

import pytest
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def interruptible() -> None:
    """In the server's process, before it starts: SIGINT acts as Ctrl+C does. A test run started in the
    background (``make test &``) ignores SIGINT, and so would every process it starts: the hub could then not
    interrupt its services, and waited 10 s for each before terminating it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Server:
    """A server the tests start in its own process group, its log kept as a test artifact
    (``artifacts/<log_name>``, or ``artifacts/<worker>-<log_name>`` when pytest-xdist runs the tests in
    several workers: each worker starts its own servers); ready once ``ready_url`` answers. ``env``:
    variables added to its environment."""

    def __init__(self, command: list[str], log_name: str, ready_url: str, env: dict[str, str] | None = None) -> None:
        (ROOT / "artifacts").mkdir(exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        log_name = f"{worker}-{log_name}" if worker else log_name
        self.log_path = ROOT / "artifacts" / log_name
        self.log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **(env or {})},
            preexec_fn=interruptible,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                urllib.request.urlopen(ready_url, timeout=2).read()
                return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"{Path(command[0]).name} did not start (see artifacts/{log_name})")

    def stop(self) -> None:
        """SIGTERM to the whole group (e.g. ``make`` and the JupyterLab it started): a server shuts its kernels
        down on SIGTERM; SIGKILL if it hangs."""
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.log.close()


class Voila(Server):
    """A Voilà server of the course on a free port, and a way to count its kernels. ``extra_args`` are
    added to its command line (e.g. ``--MappingKernelManager.cull_idle_timeout=3``), ``env`` to its
    environment (e.g. ``MAUMAU_MAX_KERNELS``)."""

    def __init__(self, *extra_args: str, env: dict[str, str] | None = None, log_name: str = "voila.log") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        super().__init__(
            [sys.executable, "-m", "maumau_core", "serve", f"--port={self.port}", *extra_args],
            log_name,
            self.url + "/voila/tree",
            env,
        )

    def kernel_processes(self) -> dict[int, bytes]:
        """This server's kernel processes and their command lines: started by the server, or forked by its
        forkserver (maumau_core/server/forked_kernels.py), whose title is the kernel's command."""
        parents: dict[int, int] = {}
        cmdlines: dict[int, bytes] = {}
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                stat = (proc / "stat").read_text()
                cmdlines[int(proc.name)] = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        mine = {self.process.pid} | {pid for pid, parent in parents.items() if parent == self.process.pid}
        return {
            pid: cmdline
            for pid, cmdline in cmdlines.items()
            if pid in parents and parents[pid] in mine and b"ipykernel_launcher" in cmdline
        }

    def kernels(self) -> int:
        """Kernel processes started by this server."""
        return len(self.kernel_processes())

    def wait_for_kernels(self, wanted: int, seconds: float) -> int:
        deadline = time.monotonic() + seconds
        count = self.kernels()
        while count != wanted and time.monotonic() < deadline:
            time.sleep(0.5)
            count = self.kernels()
        return count


@pytest.fixture(scope="session")
def voila() -> Iterator[Voila]:
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is missing: run `make test`, which installs it.")
    server = Voila()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Visit:
    """One open page, with the JavaScript errors it raised and every websocket frame it sent or received."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.frames: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._keep)
        socket.on("framesent", self._keep)

    def _keep(self, payload: str | bytes) -> None:
        self.frames.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload)

    def drawn(self, address: str, ready: str, name: str, timeout_ms: float) -> Self:
        """This visit at ``address`` once ``ready`` is drawn; if it never is, a screenshot (``name``) and a
        failure that quotes the end of the page."""
        self.page.goto(address)
        try:
            self.page.wait_for_selector(ready, state="visible", timeout=timeout_ms)
        except Exception:
            self.screenshot(name)
            body = self.page.inner_text("body")[-800:]
            raise AssertionError(f"{ready} never appeared on {address}: {body!r}") from None
        return self

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        height = self.page.evaluate(
            "Math.max(document.body.scrollHeight, ...Array.from(document.querySelectorAll('#rendered_cells, "
            ".jp-Notebook')).map(e => e.scrollHeight))"
        )
        size = self.page.viewport_size or {"width": 1200, "height": 900}
        self.page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 12000)})
        self.page.screenshot(path=str(path), full_page=True)
        self.page.set_viewport_size(size)
        return path


#: Resolves once a Voilà page and its kernel are quiet: every widget update the page holds back is sent, a
#: kernel_info request queued behind everything the page (or a relay in its name) sent is answered (a kernel
#: handles its shell messages in turn, and its answers to the earlier ones came back before this one's idle
#: status), every update that came back is applied, every view and its children's views are drawn, and two
#: frames have been painted. Fails after ``ms`` milliseconds.
SETTLE = """async ms => {
  const late = new Promise((_, fail) => setTimeout(
      () => fail(new Error(`the page and its kernel were not quiet after ${ms} ms`)), ms));
  const frame = () => new Promise(done => requestAnimationFrame(() => done()));
  const quiet = (async () => {
    const manager = await window.jupyterapp.widgetManagerPromise.promise;
    const models = async () => (await Promise.allSettled(Object.values(manager._models)))
        .filter(got => got.status === 'fulfilled').map(got => got.value);
    while ((await models()).some(m => m._pending_msgs > 0 || m._msg_buffer)) { await frame(); }
    await manager.kernel.requestKernelInfo();
    for (let pass = 0; pass < 2; pass++) {  // a second pass for the models and views the first one made
      for (const model of await models()) { await model.state_change; }
      const views = await Promise.allSettled((await models()).flatMap(m => Object.values(m.views || {})));
      await Promise.allSettled(views.filter(got => got.status === 'fulfilled' && got.value.children_views)
          .map(got => Promise.allSettled(got.value.children_views.views)));
    }
    await frame();
    await frame();
  })();
  return Promise.race([quiet, late]);
}"""


def settled(page: Page, seconds: float = 30) -> None:
    """Wait until the page's kernel has handled everything sent to it and its answers are drawn (``SETTLE``)."""
    page.evaluate(SETTLE, int(seconds * 1000))


def resized(page: Page, width: int, height: int = 900) -> None:
    """Give the page a new size and wait until it has laid itself out again: the window has the width, and two
    frames have been painted (Lumino lays its widgets out on the frame after a resize)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("w => window.innerWidth === w", arg=width)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))")


@pytest.fixture()
def visit(voila: Voila, browser: Browser) -> Iterator[callable]:  # type: ignore[valid-type]
    """Open a notebook page and wait until its widgets are drawn."""
    contexts = []

    def open_page(notebook: str, ready: str = ".jupyter-widgets") -> Visit:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        return Visit(page).drawn(f"{voila.url}/voila/render/{notebook}.ipynb", ready, f"failed-{notebook}", 60_000)

    yield open_page
    for context in contexts:
        for page in context.pages:
            page.goto("about:blank")
        context.close()

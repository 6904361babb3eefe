"""The static site as a host serves it and a learner visits it, for the static site's test files (each imports
the fixtures: ``site``, ``server``, ``learner``, ``visit``).

The site is built once per run, by the README's command, and shared by every test file and xdist worker. The
server is a plain static file server, as any host would be, that keeps every answer that was an error; the
browser is one learner's (one profile, its disk cache and IndexedDB, per test file) in which only the loopback
host resolves; a visit keeps every request to another host and every request that failed, and the ``visit``
fixture requires there were none.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from filelock import FileLock
from playwright.sync_api import Browser, BrowserContext

from conftest import CHROMIUM, CHROMIUM_ARGS, Visit
from maumau_core.site import starter

ROOT = Path(__file__).resolve().parents[2]
COMMAND = Path(sys.executable).with_name("maumau-course")
#: Written beside the site once its build has finished, so a worker never takes a half-built site.
FINISHED = "built"


def build(out: Path) -> Path:
    """The site in ``out``, built by the command a teacher runs (its parts come from the user's cache after a
    first run), unless an earlier build has finished there: the run builds it once for all its test files."""
    if (out / FINISHED).is_file():
        return out
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run([str(COMMAND), "site", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "static site is in" in done.stderr and "python3 -m http.server" in done.stderr
    (out / FINISHED).write_text("")
    return out


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static file server, as any host would be; it keeps every answer that was an error, and answers
    404 for the files named in ``lost`` (a host that lost them)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}
    failures: list[str]
    lost: tuple[str, ...] = ()

    def send_head(self) -> Any:
        if self.path.split("?")[0].endswith(self.lost or ("\0",)):
            self.send_error(404)
            return None
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the name http.server gives it
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            self.failures.append(f"{args[1]} {args[0]}")


class StaticServer:
    def __init__(self, folder: Path, lost: tuple[str, ...] = ()) -> None:
        self.failures: list[str] = []
        kind = type("Handler", (QuietHandler,), {"failures": self.failures, "lost": lost})
        handler = functools.partial(kind, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


class StaticVisit(Visit):
    """A visit that also keeps every request to another host, every request that failed, and whether the
    kernel was handed the Python the page started as it opened (``maumau_core/site/starter.py``)."""

    def __init__(self, page: Any, here: str) -> None:
        super().__init__(page)
        self.elsewhere: list[str] = []
        self.failed: list[str] = []
        self.started_early = False
        page.on("request", lambda r: None if urlparse(r.url).netloc == here else self.elsewhere.append(r.url))
        page.on("requestfailed", lambda r: self.failed.append(r.url))
        page.on("console", self.heard)

    def heard(self, message: Any) -> None:
        self.started_early = self.started_early or message.text == starter.STARTED_EARLY

    def stayed_home(self) -> None:
        """Asked nothing of another host, had no failed request, and had its Python started as it opened."""
        assert not self.elsewhere, self.elsewhere
        assert not self.failed, self.failed
        assert self.started_early, "the kernel started a Python of its own, not the one the page started"

    def screenshot(self, name: str) -> Path:
        """Kept beside the served page's screenshot of the same name (a served test reused here names it), not
        over it."""
        return super().screenshot(f"static-{name}")


#: The page's own settings, which Voici's front end reads by this id before anything else.
SETTINGS = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.DOTALL)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site, built once for the whole run: pytest-xdist's workers share their base folder's parent, the
    first test file to ask builds there while the others wait on the lock, then take the finished site."""
    shared = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        shared = shared.parent
    with FileLock(shared / "static-site.lock"):
        return build(shared / "static-site")


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[StaticServer]:
    serving = StaticServer(site)
    yield serving
    serving.httpd.shutdown()


def learners_browser(browser: Browser, profile: Path, resolves: str = "EXCLUDE 127.0.0.1") -> BrowserContext:
    """A learner's browser on ``profile`` (its disk cache, IndexedDB) in which no host resolves but as
    ``resolves`` says (a host resolver rule: by default the loopback host only)."""
    return browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules={resolves}, MAP * ~NOTFOUND"],
        viewport={"width": 1200, "height": 900},
    )


@pytest.fixture(scope="module")
def learner(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """One learner's browser: a profile of its own (disk cache, IndexedDB); only the loopback host resolves."""
    context = learners_browser(browser, tmp_path_factory.mktemp("profile"))
    yield context
    context.close()


@pytest.fixture()
def visit(server: StaticServer, learner: BrowserContext) -> Iterator[Callable[..., StaticVisit]]:
    """Open a page of the static site (``notebook`` as the served tests name it) until ``ready`` is drawn;
    afterwards, every visit of the test must have asked nothing of another host, had no failed request, and
    had its Python started as the page opened."""
    seen: list[StaticVisit] = []
    here = urlparse(server.url).netloc

    def open_page(notebook: str, ready: str = ".jupyter-widgets", *, address: str | None = None) -> StaticVisit:
        page = learner.new_page()
        page.set_default_timeout(30_000)
        visit = StaticVisit(page, here)
        seen.append(visit)
        name = f"failed-{notebook.replace('/', '-')}"
        return visit.drawn(address or f"{server.url}/voici/render/{notebook}.html", ready, name, 90_000)

    yield open_page
    for visit in seen:
        visit.stayed_home()
        visit.page.close()
    assert not server.failures, server.failures

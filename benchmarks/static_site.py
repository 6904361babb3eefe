"""The static site beside the served course, in one run: how soon a page is interactive, how fast the table
answers, how big the site is and where its first page's time goes.

Why: the static site (``maumau-course site``) runs every page in the learner's browser under Pyodide, so each
page pays for a Python starting in the page where the served course (``maumau-course serve``, what ``make run``
starts) hands it a kernel already waiting on the server. This puts both deliveries' figures side by side, with
their ratios and the targets, and says what dominates the static page's time, so a change to the site can be
judged by them.

Run with ``python benchmarks/static_site.py`` (~5 min; the site is built into a temporary folder first, ~20-30 s
with a warm download cache, and the build's time is reported), or ``--site site`` to time a site already built
(``make site``); ``--repeat N`` rounds (default 3), ``--clicks N`` table clicks (default 30), ``--json PATH``
where the figures are written (default ``artifacts/static-site-bench.json``). Not in ``make bench``: building
the site needs PyPI and the npm registry the first time, and it is a few minutes of its own.

How. The site is served by a plain static file server (``http.server`` in a thread, as any host); the course by
``maumau-course serve`` as ``make run`` starts it (``load.CourseServer``), with a scratch progress file. Both are
opened in headless chromium (Debian's), every host but the loopback one unresolvable
(``--host-resolver-rules``: Playwright's request routing would turn the HTTP cache off). Each round, for each
delivery (served first, then static, so a drift in the machine's load touches both), each visit once the
machine is quiet (``quiet``: after a served visit the server refills its pre-heated pool, a few seconds of both
cores that would otherwise be counted against the static page that follows):

* **cold**: a fresh browser profile (empty disk cache) opens the course map (``00_welcome``), which stays open
  while a learner reads it (``--reading`` seconds, default 15) before the browser closes;
* **warm**: the browser restarted on that profile (disk cache, IndexedDB and service worker kept: the learner's
  next visit) opens the course map again;
* **next**: in that tab, a click on the map's link to lesson 1, until lesson 1 is interactive.

Why the reading: chromium keeps the WebAssembly it compiled (Pyodide's interpreter) for the next visit, but
writes that cache once its optimizing compiler has been quiet for 2 s, and it holds only the functions optimized
by then; measured here, a course map closed as soon as it was interactive left every later page to optimize
~200 of the interpreter's functions again (~1.1 s of a core per page, ~0.3 s after a 12 s read), which no
learner who reads a page would pay. ``--reading 0`` times the browser closed at once.

A page is interactive when its widgets are drawn and the template's ``#loading`` veil is gone (both deliveries
hide it once every cell has run), timed from the navigation (or the click). Then the table (``07_first_round``)
in the warm browser: a new match and ``--clicks`` refused clicks, each timed in the page from the click to the
message box changing (``voila_pages.measure_table``: the same clicks as ``make bench`` times on the served course).

Sizes: the built site by part (``Site.sizes()``), its biggest files, and the first page's transfer: on the
static site, the response bodies the static server sent during the cold visit (the kernel's worker fetches
through JupyterLite's service worker, where the browser's own counters read -1), and what a host that gzips
would send for the same files; on the served course, the HTTP response bodies the browser received (the
widgets' state comes over the kernel's websocket, not counted).

Where the static first page's time goes (cold and warm): the resource timings of the kernel's Web Worker (which
the page starts as it opens, ``maumau_core/site/starter.py``: when Pyodide's core and the preloaded wheels, the
kernel's own among them, arrive; when Pyodide first reads the drive), the starter's console message as it hands
the kernel the Python it started (the later of Voici's app asking for a kernel and that Python's kernel
imported), Pyodide's as it checks the first cell's imports (the kernel is up), and the page's own marks (first
widget drawn, veil gone), all in ms from the navigation's start.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gzip
import http.server
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import psutil
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Playwright, Request, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, CourseServer  # noqa: E402
from voila_pages import CHROMIUM_ARGS, measure_table, p95  # noqa: E402

from maumau_core.site import fetch, starter  # noqa: E402
from maumau_core.site.build import Site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
FIRST, NEXT, TABLE = "00_welcome", "01_cards_and_matching", "07_first_round"
#: The targets (ms): a first page from a cold and from a warm cache, the next lesson, a table click's median.
TARGETS = {"cold": 8000.0, "warm": 3000.0, "next": 3000.0, "click median": 60.0}

#: In every page: when the first widget is drawn and when the page is interactive (epoch ms, as timeOrigin).
MARKS = """(() => {
  const marks = window.__benchMarks = {};
  const now = () => performance.timeOrigin + performance.now();
  new MutationObserver(() => {
    if (!marks.widget && document.querySelector('.jupyter-widgets')) marks.widget = now();
    const veil = document.getElementById('loading');
    if (marks.widget && !marks.ready && (!veil || veil.offsetParent === null)) marks.ready = now();
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})()"""
INTERACTIVE = """() => {
  const widget = document.querySelector('.jupyter-widgets');
  const veil = document.getElementById('loading');
  return !!widget && widget.offsetParent !== null && (!veil || veil.offsetParent === null);
}"""
TIMINGS = """() => [performance.timeOrigin,
  performance.getEntriesByType('resource').map(e => [e.name, e.startTime, e.responseEnd])]"""
#: Pyodide's message as the kernel checks a cell's imports before running it.
CELL_IMPORTS = re.compile(r"already loaded from default channel|No new packages to load|^Loading ")


class SiteServer:
    """The built site over a plain static file server on a loopback port; every answer it sent is kept."""

    def __init__(self, folder: Path) -> None:
        self.sent: list[tuple[str, int, int, float]] = []  # path, status, body bytes, when it was sent (epoch s)
        sent, lock = self.sent, threading.Lock()

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}
            status = 0
            body = 0

            def send_response(self, code: int, message: str | None = None) -> None:
                self.status = code
                super().send_response(code, message)

            def copyfile(self, source: Any, outputfile: Any) -> None:
                while chunk := source.read(1 << 16):
                    outputfile.write(chunk)
                    self.body += len(chunk)

            def do_GET(self) -> None:
                self.status, self.body = 0, 0
                super().do_GET()
                with lock:
                    sent.append((self.path, self.status, self.body, time.time()))

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's name
                pass

        self.folder = folder
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()


@dataclass
class Delivery:
    """One way the course reaches the learner: where its pages are, and what was measured of it."""

    name: str
    url: str
    render: str  # the pages' folder and suffix: ("/voici/render/", ".html") or ("/voila/render/", ".ipynb")
    suffix: str
    pause: float  # seconds before each visit (a served page's pre-heated kernel refilled)
    site: SiteServer | None = None
    times: dict[str, list[float]] = field(default_factory=lambda: {"cold": [], "warm": [], "next": []})
    clicks: list[float] = field(default_factory=list)
    transfer: list[dict[str, int]] = field(default_factory=list)  # cold, warm visit: requests, body bytes
    breakdown: dict[str, list[dict[str, float]]] = field(default_factory=lambda: {"cold": [], "warm": []})
    cold_paths: list[str] = field(default_factory=list)

    def address(self, stem: str) -> str:
        return f"{self.url}{self.render}{stem}{self.suffix}"


def quiet(limit: float = 30.0, busy: float = 15.0) -> float:
    """Wait until the machine's cores have been at most ``busy`` % in use for two seconds in a row (or ``limit``
    seconds passed); returns the seconds waited."""
    begin, calm = time.monotonic(), 0
    while calm < 2 and time.monotonic() - begin < limit:
        calm = calm + 1 if psutil.cpu_percent(interval=1) <= busy else 0
    return time.monotonic() - begin


def launch(playwright: Playwright, profile: Path) -> tuple[BrowserContext, Page]:
    """A learner's browser on ``profile``: a fresh folder is an empty cache, a used one the warm disk cache."""
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, LOOPBACK_ONLY],
        viewport={"width": 1200, "height": 900},
    )
    context.add_init_script(MARKS)
    return context, context.pages[0] if context.pages else context.new_page()


def until_interactive(page: Page, go: Callable[[], object]) -> float:
    """ms from ``go`` (a navigation) until the new page's widgets are drawn and its veil gone."""
    begin = time.perf_counter()
    go()
    page.wait_for_function(INTERACTIVE, timeout=180_000)
    return (time.perf_counter() - begin) * 1000


def open_page(page: Page, address: str) -> float:
    return until_interactive(page, lambda: page.goto(address, wait_until="commit", timeout=180_000))


def follow_link(page: Page, stem: str) -> float:
    """The current page's link to ``stem`` clicked, as a learner moves on; ms until that page is interactive."""
    link = page.locator(f'a[href^="{stem}."]').first
    link.scroll_into_view_if_needed()

    def click() -> None:
        with page.expect_navigation(wait_until="commit", timeout=180_000):
            link.click()

    return until_interactive(page, click)


class Console:
    """When (epoch ms) a page's console first said the early Python was handed to the kernel, and Pyodide was
    checking a cell's imports."""

    def __init__(self, page: Page) -> None:
        self.handed: float | None = None
        self.first_cell: float | None = None
        page.on("console", self.heard)

    def heard(self, message: ConsoleMessage) -> None:
        if self.handed is None and message.text == starter.STARTED_EARLY:
            self.handed = time.time() * 1000
        if self.first_cell is None and CELL_IMPORTS.search(message.text):
            self.first_cell = time.time() * 1000


def where_time_goes(page: Page, console: Console) -> dict[str, float]:
    """The static page's milestones, ms from the navigation's start (see the module's docstring)."""
    origin, marks = page.evaluate("[performance.timeOrigin, window.__benchMarks]")
    found: dict[str, float] = {}
    for worker in page.workers:
        worker_origin, entries = worker.evaluate(TIMINGS)
        if not any(name.endswith("/pyodide.asm.wasm") for name, _, _ in entries):
            continue
        shift = worker_origin - origin

        def ends(test: Callable[[str], bool], entries: list[Any] = entries, shift: float = shift) -> float:
            return shift + float(max(end for name, _, end in entries if test(urlparse(name).path)))

        drive = [(start, end) for name, start, end in entries if urlparse(name).path.endswith("/api/drive")]
        found["kernel's worker started (by the page, as it opens)"] = shift
        found["Pyodide's core in (pyodide.asm.wasm)"] = ends(lambda path: path.endswith("/pyodide.asm.wasm"))
        found["preloaded wheels in (the kernel's own among them)"] = ends(
            lambda path: "/static/pyodide/" in path and path.endswith(".whl")
        )
        if drive:
            found["first drive read (the course reads progress)"] = shift + drive[0][0]
        found["drive reads"] = len(drive)
        found["drive reads ms"] = sum(end - start for start, end in drive)
    if console.handed is not None:
        found["Python handed to the kernel (app and kernel ready)"] = console.handed - origin
    if console.first_cell is not None:
        found["kernel up: runs the first cell (Pyodide checks its imports)"] = console.first_cell - origin
    if marks and "widget" in marks:
        found["first widget drawn"] = marks["widget"] - origin
    if marks and "ready" in marks:
        found["interactive (every cell run, veil gone)"] = marks["ready"] - origin
    return found


def served_transfer(requests: list[Request]) -> dict[str, int]:
    sizes = [request.sizes()["responseBodySize"] for request in requests]
    return {"requests": len(sizes), "bytes": sum(max(0, size) for size in sizes)}


def one_round(playwright: Playwright, delivery: Delivery, profile: Path, reading: float) -> None:
    """Cold (its page read for ``reading`` seconds), warm and next for one delivery in a fresh profile (kept for
    the table afterwards)."""
    for kind in ("cold", "warm"):
        context, page = launch(playwright, profile)
        requests: list[Request] = []
        page.on("requestfinished", functools.partial(list.append, requests))
        console = Console(page)
        before = len(delivery.site.sent) if delivery.site else 0
        time.sleep(delivery.pause)
        quiet()
        delivery.times[kind].append(open_page(page, delivery.address(FIRST)))
        if delivery.site:
            delivery.breakdown[kind].append(where_time_goes(page, console))
            time.sleep(0.5)  # the page's last requests (a font drawn late) are in its transfer too
            sent = delivery.site.sent[before:]
            delivery.transfer.append({"requests": len(sent), "bytes": sum(body for _, _, body, _ in sent)})
            if kind == "cold" and not delivery.cold_paths:
                delivery.cold_paths = [path for path, status, _, _ in sent if status == 200]
        else:
            time.sleep(0.5)
            delivery.transfer.append(served_transfer(requests))
        if kind == "cold":
            time.sleep(reading)
        if kind == "warm":
            time.sleep(delivery.pause)
            quiet()
            delivery.times["next"].append(follow_link(page, NEXT))
        context.close()


def table(playwright: Playwright, delivery: Delivery, profile: Path, count: int) -> None:
    context, page = launch(playwright, profile)
    time.sleep(delivery.pause)
    quiet()
    open_page(page, delivery.address(TABLE))
    delivery.clicks = measure_table(page, count)
    context.close()


def gzipped(folder: Path, paths: list[str]) -> int:
    """Bytes a host that gzips (level 6) would send for these files of the site."""
    total = 0
    for path in set(paths):
        file = folder / unquote(urlparse(path).path).lstrip("/")
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), compresslevel=6))
    return total


def build(into: Path) -> float:
    """The README's command builds the site into ``into``; seconds it took."""
    command = [str(Path(sys.executable).with_name("maumau-course")), "site", str(into)]
    begin = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        sys.exit(f"The static site could not be built by {' '.join(command[1:])}: {last}")
    return time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (else one is built into a temporary folder)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds of cold, warm and next visits")
    parser.add_argument("--clicks", type=int, default=30, help="table clicks per delivery")
    parser.add_argument("--pause", type=float, default=3.0, help="seconds before a served visit (pool refilled)")
    parser.add_argument("--reading", type=float, default=15.0, help="seconds the cold visit's page stays open")
    parser.add_argument("--json", type=Path, default=ROOT / "artifacts" / "static-site-bench.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="static-site-bench-") as scratch_name:
        scratch = Path(scratch_name)
        cache_was_warm = fetch.cache_dir().is_dir() and any(fetch.cache_dir().iterdir())
        course = CourseServer(
            ROOT / "artifacts" / "static-site-bench-served.log", env={"MAUMAU_PROGRESS": str(scratch / "progress.json")}
        )
        try:
            folder, built = args.site, None
            if folder is None:
                folder = scratch / "site"
                built = build(folder)  # meanwhile the served course fills its pre-heated pools
            if not (folder / "voici" / "render" / f"{FIRST}.html").is_file():
                sys.exit(f"{folder} holds no built site (no voici/render/{FIRST}.html): build one with make site.")
            course.settle(0, 60)
            site = SiteServer(folder)
            served = Delivery("served", course.url, "/voila/render/", ".ipynb", args.pause)
            static = Delivery("static", site.url, "/voici/render/", ".html", 0.0, site)
            with sync_playwright() as playwright:
                for number in range(args.repeat):
                    for delivery in (served, static):
                        one_round(playwright, delivery, scratch / f"{delivery.name}-{number}", args.reading)
                for delivery in (served, static):
                    table(playwright, delivery, scratch / f"{delivery.name}-0", args.clicks)
            site.stop()
        finally:
            course.stop()
        figures = summary(served, static, Site(folder), folder, built, cache_was_warm, args)
    report(figures)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(figures, indent=1, ensure_ascii=False) + "\n")
    print(f"\nFigures written to {args.json}.")


def median_of(rows: list[dict[str, float]]) -> dict[str, float]:
    keys = [key for key in rows[0] if all(key in row for row in rows)] if rows else []
    return {key: statistics.median(row[key] for row in rows) for key in keys}


def summary(
    served: Delivery,
    static: Delivery,
    site: Site,
    folder: Path,
    built: float | None,
    cache_was_warm: bool,
    args: argparse.Namespace,
) -> dict[str, Any]:
    files = sorted((path for path in folder.rglob("*") if path.is_file()), key=lambda p: p.stat().st_size)
    figures: dict[str, Any] = {
        "when": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": {"cores": os.cpu_count(), "load average at the end": os.getloadavg()[0]},
        "site": {
            "folder": str(args.site) if args.site else "(built into a temporary folder)",
            "build seconds": built,
            "download cache warm before the build": cache_was_warm if built is not None else None,
            "bytes by part": site.sizes(),
            "bytes in all": sum(site.sizes().values()),
            "biggest files": [[str(p.relative_to(folder)), p.stat().st_size] for p in reversed(files[-8:])],
        },
        "repeat": args.repeat,
        "cold page read for (s)": args.reading,
        "targets ms": TARGETS,
        "deliveries": {},
    }
    for delivery in (served, static):
        cold = [t for i, t in enumerate(delivery.transfer) if i % 2 == 0]
        warm = [t for i, t in enumerate(delivery.transfer) if i % 2 == 1]
        figures["deliveries"][delivery.name] = {
            "ms": {kind: values for kind, values in delivery.times.items()},
            "median ms": {kind: statistics.median(values) for kind, values in delivery.times.items()},
            "clicks ms": delivery.clicks,
            "click median ms": statistics.median(delivery.clicks) if delivery.clicks else None,
            "click p95 ms": p95(delivery.clicks) if delivery.clicks else None,
            "first page transfer (cold)": cold[0] if cold else None,
            "first page transfer (warm)": warm[0] if warm else None,
        }
    figures["deliveries"]["static"]["first page transfer (cold), gzipped by the host"] = gzipped(
        folder, static.cold_paths
    )
    figures["deliveries"]["static"]["where the first page's time goes, median ms"] = {
        kind: median_of(rows) for kind, rows in static.breakdown.items()
    }
    return figures


def report(figures: dict[str, Any]) -> None:
    served, static = figures["deliveries"]["served"], figures["deliveries"]["static"]
    site = figures["site"]
    mb = 1_000_000
    if site["build seconds"] is not None:
        cache = "warm" if site["download cache warm before the build"] else "cold"
        print(f"Site built in {site['build seconds']:.0f} s (download cache {cache}).")
    print(
        f"Time to interactive, median of {figures['repeat']} (ms; both deliveries in the same run, "
        f"{figures['machine']['cores']} cores, load average {figures['machine']['load average at the end']:.2f}; "
        f"the cold page read for {figures['cold page read for (s)']:.0f} s):"
    )
    print(f"{'':34} {'static':>8} {'served':>8} {'ratio':>7} {'target':>8}  static's runs")
    labels = {
        "cold": "first page, cold browser cache",
        "warm": "first page, warm disk cache",
        "next": "next lesson by its link",
    }
    for kind, label in labels.items():
        mine, theirs = static["median ms"][kind], served["median ms"][kind]
        runs = ", ".join(f"{t:.0f}" for t in static["ms"][kind])
        print(f"{label:34} {mine:8.0f} {theirs:8.0f} {mine / theirs:6.1f}× {TARGETS[kind]:8.0f}  {runs}")
    for key, label in (("click median ms", "table click, median"), ("click p95 ms", "table click, p95")):
        mine, theirs = static[key], served[key]
        target = f"{TARGETS['click median']:8.0f}" if key == "click median ms" else f"{'':8}"
        print(f"{label:34} {mine:8.1f} {theirs:8.1f} {mine / theirs:6.1f}× {target}  {len(static['clicks ms'])} clicks")
    print()
    print(f"The site on disk: {site['bytes in all'] / mb:.1f} MB")
    for part, size in site["bytes by part"].items():
        print(f"  {part:32} {size / mb:6.1f} MB")
    print("  biggest files:")
    for path, size in site["biggest files"]:
        print(f"  {path:60} {size / mb:6.2f} MB")
    cold, warm = static["first page transfer (cold)"], static["first page transfer (warm)"]
    print(
        f"First page's transfer, static: cold {cold['bytes'] / mb:.1f} MB in {cold['requests']} requests "
        f"({static['first page transfer (cold), gzipped by the host'] / mb:.1f} MB from a host that gzips); "
        f"warm {warm['bytes'] / 1000:.0f} KB in {warm['requests']} requests (revalidations)."
    )
    cold, warm = served["first page transfer (cold)"], served["first page transfer (warm)"]
    print(
        f"First page's transfer, served (HTTP only): cold {cold['bytes'] / mb:.1f} MB in {cold['requests']} "
        f"requests; warm {warm['bytes'] / 1000:.0f} KB in {warm['requests']} requests."
    )
    print()
    print(
        "Where the static first page's time goes (ms from the navigation's start, medians; step: since the line above):"
    )
    steps = static["where the first page's time goes, median ms"]
    print(f"{'':58} {'cold':>7} {'step':>6} {'warm':>7} {'step':>6}")
    previous = {"cold": 0.0, "warm": 0.0}
    for key in steps["cold"]:
        if key.startswith("drive"):
            continue
        cells = []
        for kind in ("cold", "warm"):
            at = steps[kind].get(key)
            cells.append(f"{at:7.0f} {at - previous[kind]:6.0f}" if at is not None else f"{'—':>7} {'':6}")
            previous[kind] = at if at is not None else previous[kind]
        print(f"{key:58} {' '.join(cells)}")
    cold, warm = steps["cold"], steps["warm"]
    if "drive reads" in cold:
        print(
            f"Along the way the kernel's worker read the drive {cold['drive reads']:.0f} times (synchronous requests "
            f"through the service worker, Python waiting): {cold['drive reads ms']:.0f} ms cold, "
            f"{warm.get('drive reads ms', float('nan')):.0f} ms warm."
        )


if __name__ == "__main__":
    main()

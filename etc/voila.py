"""Voilà configuration of the course (``maumau-course serve`` and ``make run`` load it; so does
``voila --Voila.config_file_paths=etc``, which only logs a failure where the command stops).

It refuses a Voilà outside the versions ``pyproject.toml`` declares (it patches Voilà 0.5's internals) with
one sentence. Voilà's own settings do what they can: the kernel pools per page
(``VoilaKernelManager.kernel_pools_config``), the websocket connection class
(``Voila.kernel_websocket_connection_class``: TCP_NODELAY), the culler, the executor's output timeout.
What no setting does is a named patch, listed in ``PATCHES`` at the end of this file: refill pacing needs
more than the pool's fixed ``fill_delay`` (a refill waits until no page is loading, or starts at once when a
visitor waits for that lesson).

What stock Voilà 0.5 gets wrong here, and what this file does about it (the
times below were measured on two cores; ``benchmarks/voila_pages.py`` measures
them again, beside stock Voilà, in one run):

* Kernel leak: the render page never receives the ``_xsrf`` cookie, so the
  shutdown request a closing tab sends is refused and its kernel lives on.
  We hand the page its cookie (CSRF protection stays on), and idle kernels
  whose page is gone are culled after 30 s as a safety net; a kernel whose
  page is still open is never culled, however long the learner reads.
* ~48 ms per click: the kernel websocket did not set TCP_NODELAY, so Nagle's
  algorithm and delayed ACKs held every small reply back. We set it, through
  Voilà's websocket connection class setting.
* Kernel starts: a new kernel process imports ipykernel, ipywidgets and the course before the page's code
  runs (~0.7 s of CPU each); kernels are forked from one warm process instead
  (``maumau_core/server/forked_kernels.py``, a kernel provisioner).
* Template compiling: every page request makes a new exporter with its own Jinja environment, which parsed
  and compiled the page templates again (~40 % of the server's CPU per page, one core for the whole class).
  The compiled templates are shared through Jinja's bytecode cache (the server's CPU per lesson page
  0.57 s → 0.33 s, course map 0.37 s → 0.18 s).
* Slow first paint: the course map and the first lessons (``MAUMAU_PREHEATED``)
  have one pre-heated kernel waiting, with the notebook already run, so a page
  arrives rendered; other pages start a kernel when opened (each idle
  pre-heated kernel costs memory, see the README). Voilà refills a pool one
  second after a page takes its kernel; starting a kernel and running a lesson
  then competes for the two cores with the browser drawing that very page
  (measured: 1.7–2.0 s instead of 1.0–1.2 s). We hold each refill back until
  no page is loading (at most a few seconds), and start it at once when a
  visitor is waiting for that lesson.
* The address ``make run`` prints opens the course map (``00_welcome``), not
  a file list; the list of pages stays at ``/voila/tree``.

Under load (many learners at once on two cores) stock Voilà also left pages
undrawn. Measured beside the previous configuration: 20 chromium tabs opening
the course map together drew 15 pages, 5 never (their kernels were culled
before the pages connected), now all 20; 30 learners at once without a
browser (``benchmarks/load_client.py``) got all pages in a median 14.1 s,
now 24 in 6.6 s (the first in 1.8 s) and 6 are told to come back; one tab
reloaded 20 times in 20 s held 16 kernels for 30 s, now at most 8, gone as
the tab closes.
What we do about it, each a setting or a small patch below
(``tests/test_voila_config.py`` drives each patched piece without a
browser; ``tests/browser/test_server_faults.py`` checks them in chromium):

* A kernel handed to a page is never culled before that page's websocket
  connects (``PageKernels``, through the kernel manager's
  ``cull_kernel_if_idle``, ``notify_connect`` and ``notify_disconnect``): a
  page slow to run its JavaScript used to lose its kernel to the 30 s idle
  culler (``404 Kernel does not exist``, widgets never drawn). A page left
  while its HTML was still coming (the browser closed the request: tornado's
  ``on_connection_close``) frees its kernel at the culler's next round; one
  left later but before it connected, after ``PAGE_GRACE`` (120 s), unless it
  asked for its kernel's shutdown as it went (the template does, as Voilà's
  widget manager would once loaded).
* Kernels whose tab is gone are stopped ``TAB_GONE_AFTER`` (60 s) after their
  last websocket closed, even when busy or chatty (the idle culler never
  stops a busy kernel, nor one whose output keeps its activity time fresh).
* Widget output is waited for up to 30 s after a cell ends
  (``VoilaExecutor.iopub_timeout``, 4 s in nbclient): under load the 4 s ran
  out ("Timeout waiting for IOPub output") and a pre-heated page was stored
  without its widgets. A pre-heated page is served only if every cell it ran
  received its output to the end (``unfinished_cells``); otherwise it is
  dropped, its kernel stopped, and the lesson run again for that visitor.
* Starts are queued (``StartQueue``): at most ``STARTS_AT_ONCE`` kernels
  start at once (``STARTS``: the kernel manager's ``start_kernel`` for a page,
  its ``_initialize`` for a pool fill: at start-up too), and at most as many lessons run their
  cells at once (``RUNS``: ``NotebookRenderer._jinja_cell_generator``); a page
  a visitor waits for goes before pool refills. A page waiting for its
  lesson's turn already shows the template's loading text, and says after 2 s
  that it is being prepared (a kernel process start, ~0.3 s of CPU, comes
  before the page's first bytes).
* At most ``MAX_KERNELS`` pages (env ``MAUMAU_MAX_KERNELS``, default 24; the
  pre-heated kernels waiting in the pools come on top) have a kernel; a
  visitor beyond that gets an HTTP 503 page with one sentence and a retry
  link instead of a page that never draws.
* A page whose kernel is gone (culled, crashed, killed, server restarted)
  says so in one sentence with a reload button (the template's script
  watches the kernel connection of Voilà's widget manager).
"""

import asyncio
import contextvars
import html
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib.metadata import requires, version
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from maumau_core.course import learner
from maumau_core.sentences import server as say


def tested_voila() -> SpecifierSet:
    """The Voilà versions this configuration was tested with: the course's declared requirement."""
    declared = [Requirement(line) for line in requires("maumau-course") or []]
    return next(requirement.specifier for requirement in declared if requirement.name == "voila")


def check_voila(found: str, tested: SpecifierSet) -> None:
    """Refuse to configure a Voilà this file was not tested with: its patches reach into Voilà's internals,
    which change between versions without notice."""
    if not tested.contains(found, prereleases=True):
        raise RuntimeError(say.voila_untested(found, str(tested)))


check_voila(version("voila"), tested_voila())

import voila.app  # noqa: E402 - only a tested Voilà is imported further
from jupyter_server._tz import utcnow  # noqa: E402
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection  # noqa: E402
from jinja2 import FileSystemBytecodeCache  # noqa: E402
from voila.exporter import VoilaExporter  # noqa: E402
from voila.handler import VoilaHandler  # noqa: E402
from voila.notebook_renderer import NotebookRenderer  # noqa: E402
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # noqa: E402

COURSE_MAP = "00_welcome.ipynb"
# A page's widgets are drawn within about this long after its kernel websocket opens (measured ~0.2–0.5 s).
DRAWN_AFTER_CONNECT = 1.0
# A refill never waits longer than this for pages to finish loading (a page may be abandoned mid-load).
REFILL_WAIT_MAX = 8.0
# A kernel handed to a page is kept this long for a page that never connects (abandoned mid-load).
PAGE_GRACE = 120.0
# A page kernel with no websocket for this long has lost its tab: it is stopped, even when busy.
TAB_GONE_AFTER = 60.0
# Pages with a kernel at most (pre-heated kernels waiting in the pool not counted): ~60 MB each.
MAX_KERNELS = int(os.environ.get("MAUMAU_MAX_KERNELS", "24"))
# Kernels started at once, and lessons run at once: a few, as many as there are cores (at least 2).
STARTS_AT_ONCE = int(os.environ.get("MAUMAU_STARTS_AT_ONCE", str(max(2, os.cpu_count() or 2))))
# A start or a lesson run gives its queue slot back after this long whatever happens to it.
START_HOLD_MAX = 30.0
# Pages with one pre-heated kernel (their notebook already run) waiting for a visitor: the course map and the
# first lessons, where a class starts; every other page starts its kernel when it is opened (~1 s more). Each
# waiting kernel costs memory before anyone comes (README: memory per learner). "all" pre-heats every page;
# "00_welcome:10" keeps ten kernels waiting for that page.
PREHEATED = os.environ.get("MAUMAU_PREHEATED", "00_welcome,01_cards_and_matching,02_five_rule_sets")
# A server shared by a class (``maumau-course serve --shared``): each browser gets a learner key in a cookie,
# handed to its page's kernel with the request's cookies, and keeps its own progress (maumau_core/course/learner.py).
# No page is pre-heated there: a pre-heated kernel runs its page before any browser asks, so it could only
# learn whose page it is by waiting for the request while holding a lesson slot (RUNS) the whole time.
SHARED = os.environ.get(learner.PER_BROWSER) == "1"
if SHARED:
    PREHEATED = ""


def pools_config(preheated: str) -> dict[str, dict[str, int]]:
    """Voilà's per-page pool sizes (``kernel_pools_config``) for a comma-separated list of page names
    (``.ipynb`` optional): one kernel waiting for each, or ``name:N`` kernels (a class that opens that page
    together), none for the others; ``all``: one for every page. A size that is no whole number is refused."""
    if preheated.strip() == "all":
        return {"default": {"pool_size": 1}}
    pools = {"default": {"pool_size": 0}}
    for entry in filter(None, (part.strip() for part in preheated.split(","))):
        name, colon, size = (part.strip() for part in entry.partition(":"))
        if not name or (colon and not size.isdigit()):
            raise ValueError(say.preheat_unreadable(entry))
        pools[name if name.endswith(".ipynb") else name + ".ipynb"] = {"pool_size": int(size or 1)}
    return pools


c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

# The course template (etc/jupyter/voila/templates/course): lab without CDN fetches.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(Path(__file__).resolve().parent / "jupyter"), *filter(None, [os.environ.get("JUPYTER_PATH")])]
)
c.VoilaConfiguration.template = "course"
# The template's own sentences (shown by the page's script) in the page's language, from the course's catalogues.
c.VoilaExporter.filters = say.TEMPLATE_FILTERS
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.preheat_kernel = True
if SHARED:
    c.VoilaConfiguration.http_header_envs = ["Cookie"]  # the page's kernel reads its learner key (HTTP_COOKIE)
c.VoilaKernelManager.kernel_pools_config = pools_config(PREHEATED)
c.MappingKernelManager.cull_idle_timeout = 30
c.MappingKernelManager.cull_interval = 5
c.MappingKernelManager.cull_connected = False
# Wait up to 30 s (nbclient: 4 s) for a cell's widget output after it ends; under load the output
# comes late, and a page stored without it has no widgets.
c.VoilaExecutor.iopub_timeout = 30
# Kernels forked from one warm process that has imported ipykernel and the course ("Kernel starts" above).
c.KernelProvisionerFactory.default_provisioner_name = "maumau-forked"


_render = VoilaHandler.prepare


class RefillPacer:
    """Which pages are still loading, and which lessons a visitor is waiting for, so that a pool
    refill runs when it does not slow a page down (see the module docstring)."""

    def __init__(self, drawn_after_connect: float, wait_max: float) -> None:
        self.drawn_after_connect = drawn_after_connect
        self.wait_max = wait_max
        self.loading: dict[str, float] = {}  # kernel id -> loop time by which its page is drawn
        self.wanted: set[str] = set()  # lessons a visitor is waiting for

    def page_started(self, kernel_id: str) -> None:
        self.loading[kernel_id] = _now() + self.wait_max

    def page_connected(self, kernel_id: str) -> None:
        if kernel_id in self.loading:
            self.loading[kernel_id] = _now() + self.drawn_after_connect

    def busy(self) -> bool:
        now = _now()
        self.loading = {kernel: until for kernel, until in self.loading.items() if until > now}
        return bool(self.loading)

    async def wait_for_quiet(self, notebook: str) -> None:
        give_up = _now() + self.wait_max
        while self.busy() and notebook not in self.wanted and _now() < give_up:
            await asyncio.sleep(0.1)


def _now() -> float:
    return asyncio.get_running_loop().time()


PACER = RefillPacer(DRAWN_AFTER_CONNECT, REFILL_WAIT_MAX)


class StartQueue:
    """Starts a few at a time: at most ``slots`` at once; a start a visitor waits for (``urgent``) goes
    before the others (pool refills), each kind in the order it came. A slot is given back when its
    start ends, or after ``hold_max`` seconds whatever happens to it."""

    def __init__(self, slots: int, hold_max: float) -> None:
        self.slots = slots
        self.hold_max = hold_max
        self.held: dict[object, float] = {}  # a start under way -> loop time its slot is given back at the latest
        self.waiting: list[tuple[object, Callable[[], bool]]] = []  # starts waiting, in order, and whether urgent

    def _first(self) -> object | None:
        for start, urgent in self.waiting:
            if urgent():
                return start
        return self.waiting[0][0] if self.waiting else None

    def _free(self) -> bool:
        now = _now()
        self.held = {start: until for start, until in self.held.items() if until > now}
        return len(self.held) < self.slots

    @asynccontextmanager
    async def turn(self, urgent: Callable[[], bool] = lambda: True) -> AsyncIterator[None]:
        start = object()
        self.waiting.append((start, urgent))
        try:
            while not (self._free() and self._first() is start):
                await asyncio.sleep(0.05)
        finally:
            self.waiting = [entry for entry in self.waiting if entry[0] is not start]
        self.held[start] = _now() + self.hold_max
        try:
            yield
        finally:
            self.held.pop(start, None)


# The page request the running task serves (set by the render handler, read where its kernel is handed over).
_PAGE_REQUEST: contextvars.ContextVar[object | None] = contextvars.ContextVar("course_page_request", default=None)


class PageKernels:
    """Kernels handed to pages: when, whether the page has connected, since when it has had no websocket;
    and page requests let in that have no kernel yet. Says which kernels the culler must keep or stop,
    and whether one more page fits under the cap."""

    def __init__(self, grace: float, tab_gone_after: float, cap: int) -> None:
        self.grace = grace
        self.tab_gone_after = tab_gone_after
        self.cap = cap
        self.handed: dict[str, float] = {}  # kernel id -> loop time it was handed to its page
        self.connected: set[str] = set()  # kernels whose page has connected
        self.alone_since: dict[str, float] = {}  # kernel id -> loop time its last websocket closed
        self.starting: set[object] = set()  # page requests let in, without a kernel yet
        self.kernel_of: dict[object, str] = {}  # page request -> the kernel handed to it
        self.abandoned: set[object] = set()  # page requests (or their kernels) whose browser left mid-load

    def admit(self, live_kernels: Any) -> object | None:
        """Let one more page in if it fits (then it counts until it is handed a kernel or ``settle``);
        ``None`` if not. ``live_kernels``: the server's kernel ids (stopped ones are forgotten)."""
        live = set(live_kernels)
        for kernel in set(self.handed) - live:
            self.handed.pop(kernel)
            self.connected.discard(kernel)
            self.alone_since.pop(kernel, None)
            self.abandoned.discard(kernel)
        if len(self.handed) + len(self.starting) >= self.cap:
            return None
        request = object()
        self.starting.add(request)
        _PAGE_REQUEST.set(request)
        return request

    def settle(self, request: object) -> None:
        """The page request is over (its whole page sent, or it failed)."""
        self.starting.discard(request)
        self.kernel_of.pop(request, None)
        self.abandoned.discard(request)

    def hand(self, kernel_id: str) -> None:
        request = _PAGE_REQUEST.get()
        self.handed[kernel_id] = _now()
        self.starting.discard(request)
        if request is not None:
            self.kernel_of[request] = kernel_id
            if request in self.abandoned:
                self.abandoned.add(kernel_id)

    def abandon(self, request: object) -> None:
        """The browser closed the page's connection before the whole page came: nobody will connect to
        its kernel (handed already, or to come)."""
        self.abandoned.add(request)
        if request in self.kernel_of:
            self.abandoned.add(self.kernel_of[request])

    def connect(self, kernel_id: str) -> None:
        if kernel_id in self.handed:
            self.connected.add(kernel_id)
            self.alone_since.pop(kernel_id, None)

    def disconnect(self, kernel_id: str, connections_left: int) -> None:
        if kernel_id in self.handed and connections_left <= 0:
            self.alone_since[kernel_id] = _now()

    def verdict(self, kernel_id: str, connections: int) -> str:
        """``keep``: its page has not connected yet (for ``grace`` seconds); ``stop``: its page is gone
        (left mid-load, never connected within ``grace``, or no websocket for ``tab_gone_after``), stop it
        even if busy;
        ``usual``: not a page's kernel, or its page is there: the idle culler decides."""
        if kernel_id not in self.handed or connections > 0:
            return "usual"
        if kernel_id in self.abandoned:
            return "stop"
        now = _now()
        if kernel_id not in self.connected:
            return "keep" if now < self.handed[kernel_id] + self.grace else "stop"
        return "stop" if now >= self.alone_since.get(kernel_id, now) + self.tab_gone_after else "usual"


PAGES = PageKernels(PAGE_GRACE, TAB_GONE_AFTER, MAX_KERNELS)
STARTS = StartQueue(STARTS_AT_ONCE, START_HOLD_MAX)  # kernel processes being started
RUNS = StartQueue(STARTS_AT_ONCE, START_HOLD_MAX)  # lessons running their cells


def unfinished_cells(notebook: Any, running: bool) -> list[int]:
    """The code cells of a (pre-)rendered notebook that ran but did not get all their output: nbclient
    records ``iopub.status.idle`` once a cell's last output has come, and gives up without it after
    ``iopub_timeout`` ("Timeout waiting for IOPub output"): the page then lacks that cell's widget. While
    the notebook is still ``running``, its last cell run so far may still be waiting: not counted."""
    ran = [index for index, cell in enumerate(notebook.cells) if cell.get("cell_type") == "code"
           and "shell.execute_reply" in cell.get("metadata", {}).get("execution", {})]
    if running:
        ran = ran[:-1]
    return [index for index in ran if "iopub.status.idle" not in notebook.cells[index]["metadata"]["execution"]]


def _drop_unfinished_prerender(manager: Any, notebook_name: str) -> None:
    """If the pre-heated page next in line for this lesson has a cell without all its output, take it out
    of the pool, stop its kernel and start the lesson again (the visitor waits for that run)."""
    pool = getattr(manager, "_pools", {}).get(notebook_name) or []
    if not pool or not pool[0].done() or pool[0].cancelled() or pool[0].exception() is not None:
        return
    content = pool[0].result()
    executor = getattr(content["renderer"], "executor", None)
    unfinished = unfinished_cells(executor.nb, running=not content["task"].done()) if executor else []
    if not unfinished:
        return
    pool.pop(0)
    manager.log.warning("Dropping the pre-heated page of %s (kernel %s): cells %s did not get all their output.",
                        notebook_name, content["kernel_id"], unfinished)
    content["renderer"].stop_generator = True
    asyncio.ensure_future(manager.shutdown_kernel(content["kernel_id"]))
    manager.fill_if_needed(delay=0, notebook_name=notebook_name)


def _course_kernel_manager(manager):  # type: ignore[no-untyped-def]
    """Wrap the pre-heating kernel manager once (see the module docstring):

    * taking a pre-heated kernel: the lesson counts as wanted (its refill starts at once); a pre-render
      with a cell short of output is dropped and the lesson run again; the kernel is handed to its page;
    * a kernel started for a page (the pool was empty): started in its turn, then handed to its page;
    * handing a kernel to a page: it counts as active again (it has been idle since it ran its notebook),
      the page as loading (for the pacer), the kernel as the page's (for the culler and the cap);
    * a pool refill waits for the pacer, then for its turn to start;
    * the culler keeps kernels whose page has not connected yet and stops those whose tab is gone;
    * websocket connections and disconnections are noted for the culler."""
    if getattr(manager, "_course_paced", False) or not hasattr(manager, "get_rendered_notebook"):
        return
    take, initialize, start = manager.get_rendered_notebook, manager._initialize, manager.start_kernel
    cull, connect, disconnect = manager.cull_kernel_if_idle, manager.notify_connect, manager.notify_disconnect

    def hand(kernel_id):  # type: ignore[no-untyped-def]
        manager.get_kernel(kernel_id).last_activity = utcnow()
        PACER.page_started(kernel_id)
        PAGES.hand(kernel_id)

    async def get_rendered_notebook(notebook_name, *args, **kwargs):  # type: ignore[no-untyped-def]
        PACER.wanted.add(notebook_name)
        try:
            _drop_unfinished_prerender(manager, notebook_name)
            task, cache, kernel_id = await take(notebook_name, *args, **kwargs)
        finally:
            PACER.wanted.discard(notebook_name)
        hand(kernel_id)
        return task, cache, kernel_id

    async def start_kernel(*args, **kwargs):  # type: ignore[no-untyped-def]
        async with STARTS.turn():
            kernel_id = await start(*args, **kwargs)
        hand(kernel_id)
        return kernel_id

    async def initialize_when_quiet(notebook_path, kernel_id=None, **kwargs):  # type: ignore[no-untyped-def]
        if kernel_id is not None:  # a restart passes the kernel it restarts
            return await initialize(notebook_path, kernel_id, **kwargs)
        await PACER.wait_for_quiet(notebook_path)  # a pool refill
        async with STARTS.turn(urgent=lambda: notebook_path in PACER.wanted):
            return await initialize(notebook_path, kernel_id, **kwargs)

    async def cull_if_idle_or_tab_gone(kernel_id):  # type: ignore[no-untyped-def]
        if kernel_id not in manager._kernel_connections:  # still starting: no activity time yet (upstream race)
            return None
        verdict = PAGES.verdict(kernel_id, manager._kernel_connections.get(kernel_id, 0))
        if verdict == "keep":
            return None
        if verdict == "stop":
            manager.log.warning("Stopping kernel %s: its page is gone (left mid-load, or no connection for too long).",
                                kernel_id)
            return await manager.shutdown_kernel(kernel_id)
        return await cull(kernel_id)

    def notify_connect(kernel_id):  # type: ignore[no-untyped-def]
        connect(kernel_id)
        PAGES.connect(kernel_id)

    def notify_disconnect(kernel_id):  # type: ignore[no-untyped-def]
        disconnect(kernel_id)
        PAGES.disconnect(kernel_id, manager._kernel_connections.get(kernel_id, 0))

    manager.get_rendered_notebook = get_rendered_notebook
    manager.start_kernel = start_kernel
    manager._initialize = initialize_when_quiet
    manager.cull_kernel_if_idle = cull_if_idle_or_tab_gone
    manager.notify_connect = notify_connect
    manager.notify_disconnect = notify_disconnect
    manager._course_paced = True


_cells = NotebookRenderer._jinja_cell_generator


async def _cells_in_turn(self, nb, kernel_id):  # type: ignore[no-untyped-def]
    """Run a lesson's cells in its turn (``RUNS``); a page a visitor waits for goes before pool refills.
    The page's loading text is already shown while it waits."""
    async with RUNS.turn(urgent=lambda: self.request_handler is not None or self.stop_generator):
        async for cell in _cells(self, nb, kernel_id):
            yield cell


NotebookRenderer._jinja_cell_generator = _cells_in_turn


_factory = voila.app.voila_kernel_manager_factory


def _course_kernel_manager_factory(*args, **kwargs):  # type: ignore[no-untyped-def]
    """Voilà's kernel manager class, each instance wired to the course's rules (``_course_kernel_manager``)
    before its first pool fill, which Voilà's constructor starts: the start-up fill waits its turn too."""
    base = _factory(*args, **kwargs)
    if not hasattr(base, "fill_if_needed"):  # no pre-heating: nothing to wire before the first page
        return base

    class CourseKernelManager(base):  # type: ignore[misc,valid-type]
        def fill_if_needed(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            _course_kernel_manager(self)
            return super().fill_if_needed(*args, **kwargs)

    return CourseKernelManager


voila.app.voila_kernel_manager_factory = _course_kernel_manager_factory


async def _prepare_with_xsrf_cookie(self, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Set the ``_xsrf`` cookie on the render page, so its shutdown request on close is accepted; on a
    shared server, give a browser without a learner key its own."""
    result = _render(self, *args, **kwargs)
    if result is not None:
        await result
    self.xsrf_token  # reading the token sets the cookie  # noqa: B018
    if SHARED:
        give_learner_key(self)


def give_learner_key(handler: Any) -> None:
    """A browser without a valid learner key gets a new one (a cookie kept for a year, never readable by the
    page's scripts), and this very request carries it on to the page's kernel, which reads it from the
    request's cookies (``http_header_envs``) to pick the learner's progress file."""
    if learner.valid_key(handler.get_cookie(learner.COOKIE)):
        return
    key = learner.new_key()
    handler.set_cookie(learner.COOKIE, key, expires_days=365, httponly=True, samesite="Lax")
    cookies = handler.request.headers.get("Cookie")
    handler.request.headers["Cookie"] = f"{cookies}; {learner.COOKIE}={key}" if cookies else f"{learner.COOKIE}={key}"


VoilaHandler.prepare = _prepare_with_xsrf_cookie


class NoDelayConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """A page's kernel websocket that sends each widget update at once instead of waiting for more bytes
    (Nagle's algorithm); a page that connects is drawn soon (the pacer is told)."""

    def connect(self):  # type: ignore[no-untyped-def]
        self.websocket_handler.set_nodelay(True)
        PACER.page_connected(self.kernel_id)
        return super().connect()


c.Voila.kernel_websocket_connection_class = NoDelayConnection


BUSY_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ font-family: sans-serif; max-width: 40em; margin: 4em auto; color: #333; line-height: 1.5; }}</style>
</head><body>
<p class="mm-busy">{sentence}</p>
<p><a class="mm-retry" href="{retry}">{try_again}</a></p>
</body></html>
"""

_page = TornadoVoilaHandler.get


async def _page_or_busy(self, path=None):  # type: ignore[no-untyped-def]
    """Serve the page if one more page fits under the kernel cap (``PAGES``); if not, say so (HTTP 503)."""
    request = PAGES.admit(self.kernel_manager.list_kernel_ids())
    if request is None:
        self.log.warning("Turned a visitor away: %d pages have a kernel (MAUMAU_MAX_KERNELS).", PAGES.cap)
        self.set_status(503)
        self.set_header("Retry-After", "30")
        page = self.request.uri or ""  # said in the language of the page asked for (notebooks/<code>/…)
        self.finish(BUSY_PAGE.format(language=say.page_language(page), title=html.escape(say.busy_title(page)),
                                     sentence=html.escape(say.server_full(page)),
                                     try_again=html.escape(say.try_again(page)),
                                     retry=html.escape(self.request.uri or "", quote=True)))
        return
    self._course_request = request
    try:
        await _page(self, path)
    finally:
        PAGES.settle(request)


_left = TornadoVoilaHandler.on_connection_close


def _page_left_mid_load(self):  # type: ignore[no-untyped-def]
    """The browser closed the connection before the whole page came (a reload, a closed tab): its kernel
    is stopped at the culler's next round instead of waiting for a page that will never connect."""
    request = getattr(self, "_course_request", None)
    if request is not None:
        PAGES.abandon(request)
    _left(self)


TornadoVoilaHandler.get = _page_or_busy
TornadoVoilaHandler.on_connection_close = _page_left_mid_load


_tree = TornadoVoilaTreeHandler.get


async def _course_map_first(self, path=""):  # type: ignore[no-untyped-def]
    """The site's front door is the course map; /voila/tree still lists the pages."""
    if self.request.path == self.base_url:
        self.redirect(self.base_url + "voila/render/" + COURSE_MAP)
        return None
    return await _tree(self, path)


TornadoVoilaTreeHandler.get = _course_map_first


_environment = VoilaExporter._create_environment
#: Compiled page templates, shared by every page's exporter (one per request, each with its own Jinja environment
#: that would otherwise parse and compile the same templates again). Jinja keys each entry by the template's
#: name and a checksum of its source, so an edited template is compiled afresh.
TEMPLATE_BYTECODE = FileSystemBytecodeCache()


def _environment_with_compiled_templates(self):  # type: ignore[no-untyped-def]
    """A page exporter's Jinja environment, with the compiled templates every page shares."""
    environment = _environment(self)
    environment.bytecode_cache = TEMPLATE_BYTECODE
    return environment


VoilaExporter._create_environment = _environment_with_compiled_templates


#: What no Voilà setting does, patched (see the module docstring); each is driven in tests/test_voila_config.py.
PATCHES = {
    "voila.app.voila_kernel_manager_factory": _course_kernel_manager_factory,
    "voila.handler.VoilaHandler.prepare": _prepare_with_xsrf_cookie,
    "voila.notebook_renderer.NotebookRenderer._jinja_cell_generator": _cells_in_turn,
    "voila.tornado.handler.TornadoVoilaHandler.get": _page_or_busy,
    "voila.tornado.handler.TornadoVoilaHandler.on_connection_close": _page_left_mid_load,
    "voila.tornado.treehandler.TornadoVoilaTreeHandler.get": _course_map_first,
    "voila.exporter.VoilaExporter._create_environment": _environment_with_compiled_templates,
}

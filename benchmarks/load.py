"""A class of learners on the course's Voilà server: blank pages, time-to-widgets, kernels and memory.

Run with ``python benchmarks/load.py`` (about 8–10 minutes on two cores). Voilà is started as
``make run`` starts it (``maumau-course serve``: ``notebooks/`` with ``etc/voila.py``) on a free loopback port,
its log kept in ``artifacts/voila-load.log``. Each learner is a coroutine of
``benchmarks/load_client.py``, a client that does what a page's JavaScript does (the page, its
kernel websocket, the widget states, a click) without a browser, so 30 learners fit on two cores
beside the server. Each learner opens the course map (and clicks "Deal a table"), then lesson
``07_first_round`` (the table) and ``13_mao_puzzle``, reading each page a few seconds and closing it
(its kernel is shut down, as a closing tab asks).

For N = 10, 20 and 30 learners, all at once and then arriving spread over a minute, it reports:
pages drawn, blank (not drawn within 60 s), turned away (HTTP 503: a kernel cap) and failed; the
median and p95 time-to-widgets (from the GET to every displayed widget's state received); the
median click reply; the most kernels alive at once and the server's memory (PSS of the server and
its kernels, sampled every second) at its peak; and the server log's error lines of the run (lines
at error level, an HTTP 500 or "Timeout waiting for IOPub"). Runs share one server; between runs it is
left to settle (its kernel pools full again).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_client import Learner, PageResult  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["00_welcome", "07_first_round", "13_mao_puzzle"]
CLICKS = {"00_welcome": "mm-deal"}
#: An error line of a server's log: logged at error level ("[E …", "ERROR"), an HTTP 500 answer ("500 GET /…":
#: not a time's milliseconds, "02:23:17.500"), or a kernel that stopped answering.
LOG_ERROR = re.compile(r"^\[E |ERROR|\b500 [A-Z]+ /|Timeout waiting for IOPub")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class CourseServer:
    """The course's Voilà server as ``make run`` starts it, on a free port, in its own process group,
    its output in ``log``; ``env`` is added to its environment. A subclass serves the course otherwise
    (``command``, ``ready_path``: the address that answers once it is up)."""

    ready_path = "/voila/tree"
    #: Whether the server keeps pre-heated kernels waiting (a settled server then has some alive).
    preheats = True

    def __init__(
        self,
        log: Path = ROOT / "artifacts" / "voila-load.log",
        env: dict[str, str] | None = None,
        port: int | None = None,
    ) -> None:
        log.parent.mkdir(exist_ok=True)
        self.log_path = log
        self._log = open(log, "w")  # noqa: SIM115 - closed in stop()
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            self.command(),
            cwd=ROOT,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **(env or {})},
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                urllib.request.urlopen(self.url + self.ready_path, timeout=2).read()
                return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"{self.command()[0]} did not start (see {log})")

    def command(self) -> list[str]:
        return [sys.executable, "-m", "maumau_core", "serve", f"--port={self.port}"]

    def __enter__(self) -> CourseServer:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        """SIGTERM to the group (the server shuts its kernels down); SIGKILL if it hangs."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()

    def _processes(self) -> list[psutil.Process]:
        try:
            server = psutil.Process(self.process.pid)
            return [server, *server.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kernels(self) -> int:
        """Kernel processes alive."""
        count = 0
        for process in self._processes()[1:]:
            try:
                count += any("ipykernel_launcher" in part for part in process.cmdline())
            except psutil.Error:
                pass
        return count

    def memory(self) -> int:
        """Bytes of memory the server and all its kernels hold: their PSS, each page shared between processes
        (a forked kernel shares most of its forkserver's; every kernel shares Python's libraries) counted
        once, split among them. RSS would count a shared page in every process."""
        total = 0
        for process in self._processes():
            try:
                total += process.memory_full_info().pss
            except psutil.Error:
                pass
        return total

    def log_text(self, start: int = 0) -> str:
        self._log.flush()
        with open(self.log_path, errors="replace") as log:
            log.seek(start)
            return log.read()

    def log_size(self) -> int:
        self._log.flush()
        return self.log_path.stat().st_size

    def settle(self, kernels: int, seconds: float) -> bool:
        """Wait until ``kernels`` kernels are alive (the pre-heated pools alone), or with ``kernels=0`` until
        the number alive has not changed for 5 s (the pools filled at start-up, however many pages are
        pre-heated; none alive on a server that pre-heats nothing); False if that did not happen within
        ``seconds``."""
        deadline = time.monotonic() + seconds
        alive, since = self.kernels(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(1)
            now = self.kernels()
            if now != alive:
                alive, since = now, time.monotonic()
            elif (now == kernels if kernels else now > 0 or not self.preheats) and time.monotonic() - since >= (
                2 if kernels else 5
            ):
                return True
        return False


class Sampler:
    """The most kernels alive and the most memory, sampled every second in a thread."""

    def __init__(self, server: CourseServer) -> None:
        self.server = server
        self.kernels = 0
        self.memory = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.kernels = max(self.kernels, self.server.kernels())
            self.memory = max(self.memory, self.server.memory())
            self._stop.wait(1.0)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


@dataclass
class Run:
    learners: int
    spread: float
    results: list[PageResult]
    seconds: float
    kernels: int
    memory: int
    log_errors: list[str]


async def class_arrives(learner_number: Callable[[int], Learner], learners: int, spread: float) -> list[PageResult]:
    """``learners`` learners (``learner_number(i)`` is the i-th), the i-th arriving ``i * spread / learners``
    seconds after the first."""

    async def learner(i: int) -> list[PageResult]:
        await asyncio.sleep(i * spread / learners)
        return await learner_number(i).run()

    done = await asyncio.gather(*(learner(i) for i in range(learners)))
    return [result for results in done for result in results]


def run_class(server: CourseServer, learner_number: Callable[[int], Learner], learners: int, spread: float) -> Run:
    """One class on ``server``: its pages' results, the most kernels and memory, the server log's errors."""
    start = server.log_size()
    begin = time.perf_counter()
    with Sampler(server) as sampler:
        results = asyncio.run(class_arrives(learner_number, learners, spread))
    seconds = time.perf_counter() - begin
    time.sleep(1)
    errors = [line for line in server.log_text(start).splitlines() if LOG_ERROR.search(line)]
    return Run(learners, spread, results, seconds, sampler.kernels, sampler.memory, errors)


def settle_or_say(server: CourseServer, kernels: int, seconds: float) -> bool:
    """:meth:`CourseServer.settle`, saying so when the server did not settle in time (the run goes on)."""
    settled = server.settle(kernels, seconds)
    if not settled:
        print(f"  (not settled within {seconds:.0f} s: {server.kernels()} kernels alive)", flush=True)
    return settled


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def report(runs: list[Run], baseline_kernels: int, baseline_memory: int) -> None:
    print(
        f"Idle server: {baseline_kernels} kernels (one pre-heated per lesson), {baseline_memory / 2**20:.0f} MB (PSS)."
    )
    print(f"Each learner opens {', '.join(PAGES)} (a click on the course map); blank = not drawn within the timeout.")
    print()
    print(
        f"{'learners':>8} {'arrive':>10} {'pages':>5} {'drawn':>5} {'blank':>5} {'away':>4} {'fail':>4} "
        f"{'median':>8} {'p95':>8} {'max':>8} {'click':>8} {'kernels':>7} {'PSS':>8} {'log err':>7} {'took':>6}"
    )
    for run in runs:
        drawn = [r.seconds for r in run.results if r.status == "drawn" and r.seconds is not None]
        clicks = [r.click_ms for r in run.results if r.click_ms is not None]
        count = {
            status: sum(r.status == status for r in run.results)
            for status in ("drawn", "blank", "turned away", "error")
        }
        arrive = "at once" if run.spread == 0 else f"over {run.spread:.0f} s"
        seconds = (lambda v: f"{v:6.2f} s") if drawn else (lambda v: f"{'-':>8}")
        print(
            f"{run.learners:>8} {arrive:>10} {len(run.results):>5} {count['drawn']:>5} {count['blank']:>5} "
            f"{count['turned away']:>4} {count['error']:>4} "
            f"{seconds(statistics.median(drawn) if drawn else 0)} {seconds(p95(drawn) if drawn else 0)} "
            f"{seconds(max(drawn) if drawn else 0)} "
            f"{(f'{statistics.median(clicks):5.0f} ms' if clicks else '-'):>8} {run.kernels:>7} "
            f"{run.memory / 2**20:5.0f} MB {len(run.log_errors):>7} {run.seconds:5.0f}s"
        )
    for run in runs:
        failed = [r for r in run.results if r.status in ("error", "blank") or (r.detail and r.status == "drawn")]
        kinds = sorted({f"{r.notebook}: {r.status} {r.detail}" for r in failed})
        distinct = sorted(
            {re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}|\d+(\.\d+)?", "#", line)[:160] for line in run.log_errors}
        )
        if kinds or distinct:
            arrive = "at once" if run.spread == 0 else f"over {run.spread:.0f} s"
            print(f"\n{run.learners} learners {arrive}:")
            for kind in kinds[:8]:
                print(f"  client  {kind}")
            for line in distinct[:8]:
                print(f"  log     {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 20, 30])
    parser.add_argument("--spread", type=float, default=60.0, help="seconds over which learners arrive")
    parser.add_argument("--read", type=float, default=5.0, help="seconds a learner reads each drawn page")
    parser.add_argument("--timeout", type=float, default=60.0, help="a page not drawn by then is blank")
    parser.add_argument("--settle", type=float, default=120.0, help="most seconds to wait for the pools between runs")
    args = parser.parse_args()
    begin = time.perf_counter()
    config = hashlib.sha1((ROOT / "etc" / "voila.py").read_bytes()).hexdigest()[:10]
    print(f"Server configuration etc/voila.py sha1 {config} ({time.strftime('%Y-%m-%d %H:%M')})", flush=True)
    with CourseServer() as server:
        settle_or_say(server, 0, 180)
        baseline_kernels, baseline_memory = server.kernels(), server.memory()
        runs = []
        for spread in (0.0, args.spread):
            for learners in args.learners:

                def learner(_i: int) -> Learner:
                    return Learner(server.url, PAGES, CLICKS, read_seconds=args.read, timeout=args.timeout)

                runs.append(run_class(server, learner, learners, spread))
                print(
                    f"  ran {learners} learners {'at once' if spread == 0 else f'over {spread:.0f} s'} "
                    f"({time.perf_counter() - begin:.0f} s so far)",
                    flush=True,
                )
                settle_or_say(server, baseline_kernels, args.settle)
    print()
    report(runs, baseline_kernels, baseline_memory)
    print(f"\nWhole run {time.perf_counter() - begin:.0f} s; server log: {server.log_path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

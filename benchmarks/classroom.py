"""A class on the course: N learners against ``make run`` and against the local JupyterHub, in one run.

Run with ``python benchmarks/classroom.py`` (``--learners 5 10 20 30``; ``--only voila``, ``shared`` or ``hub``).
Each learner is the browserless client of ``benchmarks/load_client.py`` (it does what a page's JavaScript
does: the page, its kernel websocket, the widget states, a click): the course map (clicking "Deal a table"),
then the table, lesson ``07_first_round`` (clicking "New match"), each page read for a few seconds. The
learners arrive over ``--spread`` seconds.

* **make run**: one Voilà server (``maumau-course serve``, as ``make run`` starts it) for the whole class.
* **shared**: ``maumau-course serve --shared``, the same server for a class of browsers, each with its own
  progress; it pre-heats no page.
* **hub**: the classroom hub (``deploy/jupyterhub/``, as ``make classroom`` starts it) with one account per
  learner; a learner logs in (the hub's form), waits for their own server, then opens the same pages in it.
  The hub needs ``make classroom-install`` (done by ``make test``).

For each N it reports: pages drawn within ``--timeout`` (30 s: the target), blank, turned away, failed;
median and p95 time-to-widgets (from the page's GET until every displayed widget's state is in), the median
click reply, the peak of all kernels' and servers' memory (PSS: a page shared by several processes counted
once) and that per learner, and the server log's error lines. On the hub also the median and slowest
login-to-server time (a learner's own server starting).
Target on 2 cores (issue: 30 learners): no failed page, p95 time-to-widgets ≤ 5 s, ≤ 80 MB per learner.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, CourseServer, Run, free_port, p95, run_class, settle_or_say  # noqa: E402
from load_client import Learner  # noqa: E402

PAGES = ["00_welcome", "07_first_round"]
CLICKS = {"00_welcome": "mm-deal", "07_first_round": "mm-new-match"}
HUB_CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "a-class-password"
TEACHER_PASSWORD = "the-teachers-password-is-32-or-more-characters"


class Hub(CourseServer):
    """The classroom hub on free ports with accounts ``learner-01`` … for ``learners`` learners; its state
    and the learners' homes in a scratch folder."""

    ready_path = "/hub/api"

    def __init__(self, learners: int) -> None:
        self.names = [f"learner-{i:02d}" for i in range(1, learners + 1)]
        classroom = Path(tempfile.mkdtemp(prefix="maumau-classroom-bench-"))
        port = free_port()
        env = {
            "MAUMAU_CLASSROOM_DIR": str(classroom),
            "MAUMAU_HUB_PORT": str(port),
            "MAUMAU_HUB_API_PORT": str(free_port()),
            "MAUMAU_PROXY_API_PORT": str(free_port()),
            "MAUMAU_REPORT_PORT": str(free_port()),
            "MAUMAU_CLASS_LEARNERS": " ".join(self.names),
            "MAUMAU_CLASS_TEACHERS": "teacher",
            "MAUMAU_CLASS_PASSWORD": PASSWORD,
            "MAUMAU_TEACHER_PASSWORD": TEACHER_PASSWORD,
        }
        super().__init__(ROOT / "artifacts" / "classroom-bench-hub.log", env, port)

    def command(self) -> list[str]:
        return [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(HUB_CONFIG)]


class SharedServer(CourseServer):
    """``maumau-course serve --shared``: one server for the class, each browser with its own progress (a learner
    key in a cookie, which each learner's client keeps); no page is pre-heated there."""

    preheats = False

    def command(self) -> list[str]:
        return [*super().command(), "--shared"]


class LogIn:
    """A learner's arrival on the hub: the login form, then waiting until their own server answers (the hub
    starts it at the login); ``seconds`` is how long that took."""

    def __init__(self, hub: Hub, name: str, timeout: float = 300.0) -> None:
        self.hub, self.name, self.timeout = hub, name, timeout
        self.seconds: float | None = None

    async def __call__(self, http: httpx.AsyncClient) -> None:
        begin = time.perf_counter()
        await http.get(f"{self.hub.url}/hub/login")  # the form, and its _xsrf cookie
        xsrf = next((c.value for c in http.cookies.jar if c.name == "_xsrf"), "") or ""
        await http.post(
            f"{self.hub.url}/hub/login",
            data={"username": self.name, "password": PASSWORD, "_xsrf": xsrf},
            follow_redirects=True,
            timeout=self.timeout,
        )
        deadline = begin + self.timeout
        while time.perf_counter() < deadline:  # until a signed-in page answers (a web page: it takes the OAuth turn)
            answer = await http.get(f"{self.hub.url}/user/{self.name}/voila/tree", follow_redirects=True, timeout=30)
            if answer.status_code == 200 and answer.url.path.endswith(f"/user/{self.name}/voila/tree"):
                self.seconds = time.perf_counter() - begin
                return
            await asyncio.sleep(1.0)


def summary(name: str, run: Run, idle_memory: int, extra: str = "") -> str:
    drawn = [r.seconds for r in run.results if r.status == "drawn" and r.seconds is not None]
    clicks = [r.click_ms for r in run.results if r.click_ms is not None]
    count = {
        status: sum(r.status == status for r in run.results) for status in ("drawn", "blank", "turned away", "error")
    }
    per_learner = max(0, run.memory - idle_memory) / run.learners / 2**20
    timing = f"{statistics.median(drawn):6.2f} s {p95(drawn):6.2f} s" if drawn else f"{'-':>8} {'-':>8}"
    click = f"{statistics.median(clicks):5.0f} ms" if clicks else "-"
    return (
        f"{name:>8} {run.learners:>4} {len(run.results):>5} {count['drawn']:>5} {count['blank']:>5} "
        f"{count['turned away']:>4} {count['error']:>4} {timing} {click:>8} {run.memory / 2**20:6.0f} MB "
        f"{per_learner:5.0f} MB {len(run.log_errors):>4}{extra}"
    )


def print_problems(run: Run) -> None:
    """What went wrong in a class, each kind once: pages not drawn and why, the server log's error lines."""
    for kind in sorted(
        {f"{r.notebook}: {r.status} {r.detail}" for r in run.results if r.status != "drawn" or r.detail}
    )[:8]:
        print(f"    client  {kind}")
    for line in sorted({line[:160] for line in run.log_errors})[:8]:
        print(f"    log     {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[5, 10, 20, 30])
    parser.add_argument("--spread", type=float, default=30.0, help="seconds over which a class arrives")
    parser.add_argument("--read", type=float, default=5.0, help="seconds a learner reads each drawn page")
    parser.add_argument("--timeout", type=float, default=30.0, help="a page not drawn by then is blank")
    parser.add_argument("--only", choices=["voila", "shared", "hub"], help="one of the three servers")
    args = parser.parse_args()
    begin = time.perf_counter()
    lines = []
    for name, kind, only in (("make run", CourseServer, "voila"), ("shared", SharedServer, "shared")):
        if args.only not in (None, only):
            continue
        with kind(ROOT / "artifacts" / f"classroom-bench-{only}.log") as server:
            settle_or_say(server, 0, 180)
            idle = server.memory()
            for learners in args.learners:
                run = run_class(
                    server,
                    lambda _i: Learner(server.url, PAGES, CLICKS, read_seconds=args.read, timeout=args.timeout),
                    learners,
                    args.spread,
                )
                lines.append(summary(name, run, idle))
                print(lines[-1], f"({time.perf_counter() - begin:.0f} s so far)", flush=True)
                print_problems(run)
                settle_or_say(server, 0, 120)  # the class gone, the pools full again
    if args.only in (None, "hub"):
        for learners in args.learners:  # a fresh hub per class: every learner's server starts from nothing
            with Hub(learners) as hub:
                idle = hub.memory()
                arrivals = [LogIn(hub, name) for name in hub.names]
                run = run_class(
                    hub,
                    lambda i, arrivals=arrivals: Learner(
                        f"{hub.url}/user/{hub.names[i]}",
                        [f"notebooks/{page}" for page in PAGES],
                        {f"notebooks/{page}": click for page, click in CLICKS.items()},
                        read_seconds=args.read,
                        timeout=args.timeout,
                        arrive=arrivals[i],
                    ),
                    learners,
                    args.spread,
                )
                ready = [arrival.seconds for arrival in arrivals if arrival.seconds is not None]
                extra = (
                    f"   server ready: median {statistics.median(ready):.1f} s, slowest {max(ready):.1f} s, "
                    f"{learners - len(ready)} never"
                    if ready
                    else "   no learner's server started"
                )
                lines.append(summary("hub", run, idle, extra))
                print(lines[-1], f"({time.perf_counter() - begin:.0f} s so far)", flush=True)
                print_problems(run)
    print()
    print(
        f"Each learner opens {', '.join(PAGES)}, arriving over {args.spread:.0f} s; blank = not drawn within "
        f"{args.timeout:.0f} s; memory: the peak PSS of the server(s) and all kernels (a page shared by"
        " several processes counted once), per learner above idle."
    )
    print(
        f"{'server':>8} {'N':>4} {'pages':>5} {'drawn':>5} {'blank':>5} {'away':>4} {'fail':>4} {'median':>8} "
        f"{'p95':>8} {'click':>8} {'peak PSS':>9} {'/learner':>8} {'log':>4}"
    )
    for line in lines:
        print(line)
    print(f"\nWhole run {time.perf_counter() - begin:.0f} s ({time.strftime('%Y-%m-%d %H:%M')}).")


if __name__ == "__main__":
    main()

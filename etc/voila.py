"""Voilà configuration of the course (``maumau-course serve`` and ``make run`` load it; so does
``voila --Voila.config_file_paths=etc``, which only logs a failure where the command stops).

Settings only: what the course changes in Voilà's server side, and why, is in ``docs/server.md``; the classes
these settings name and the patches of Voilà's internals no setting replaces live in ``maumau_core/server/``
(a Voilà outside the versions ``pyproject.toml`` declares is refused in one sentence).
"""

import os
from pathlib import Path

from maumau_core.sentences import server as say
from maumau_core.server import patches  # refuses an untested Voilà before any of it is imported
from maumau_core.server.identity import SHARED

# Pages with one pre-heated kernel (their notebook already run) waiting for a visitor: the course map and the
# first lessons, where a class starts; every other page starts its kernel when it is opened (~1 s more). Each
# waiting kernel costs memory before anyone comes (README: memory per learner). "all" pre-heats every page;
# "00_welcome:10" keeps ten kernels waiting for that page.
PREHEATED = os.environ.get("MAUMAU_PREHEATED", "00_welcome,01_cards_and_matching,02_five_rule_sets")
# A server shared by a class (``maumau-course serve --shared``): each browser gets a learner key in a cookie,
# handed to its page's kernel with the request's cookies, and keeps its own progress (maumau_core/course/learner.py).
# No page is pre-heated there: a pre-heated kernel runs its page before any browser asks, so it could only
# learn whose page it is by waiting for the request while holding a lesson slot (RUNS) the whole time.
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

# The course template (etc/jupyter/voila/templates/course): lab without CDN fetches, lessons run in turn.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    [str(Path(__file__).resolve().parent / "jupyter"), *filter(None, [os.environ.get("JUPYTER_PATH")])]
)
c.VoilaConfiguration.template = "course"
# The template's own sentences (shown by the page's script) in the page's language, from the course's
# catalogues; its lessons run their cells a few at a time, a page a visitor waits for first.
c.VoilaExporter.filters = {**say.TEMPLATE_FILTERS, "in_turn": "maumau_core.server.lesson_runs.in_turn"}
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.preheat_kernel = True
if SHARED:
    c.VoilaConfiguration.http_header_envs = ["Cookie"]  # the page's kernel reads its learner key (HTTP_COOKIE)
c.VoilaKernelManager.kernel_pools_config = pools_config(PREHEATED)
# Page kernels kept until their page connects, stopped once their tab is gone; refills paced, starts queued.
c.VoilaConfiguration.multi_kernel_manager_class = "maumau_core.server.kernels.CourseKernelManager"
# Each render page gets its _xsrf cookie (closing its tab then stops its kernel) and, shared, a learner key.
c.Voila.identity_provider_class = "maumau_core.server.identity.CourseIdentityProvider"
# TCP_NODELAY on the kernel websocket (~48 ms per click without).
c.Voila.kernel_websocket_connection_class = "maumau_core.server.websocket.NoDelayConnection"
c.MappingKernelManager.cull_idle_timeout = 30
c.MappingKernelManager.cull_interval = 5
c.MappingKernelManager.cull_connected = False
# Wait up to 30 s (nbclient: 4 s) for a cell's widget output after it ends; under load the output
# comes late, and a page stored without it has no widgets.
c.VoilaExecutor.iopub_timeout = 30
# Kernels forked from one warm process that has imported ipykernel and the course (maumau_core/server/forked_kernels.py).
c.KernelProvisionerFactory.default_provisioner_name = "maumau-forked"

patches.install()

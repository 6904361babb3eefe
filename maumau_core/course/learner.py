"""Whose progress a kernel keeps: the learner at this keyboard, or, on a shared course server, this browser.

On a laptop (``make run``, JupyterLab) or in a JupyterHub learner's own
server, the learner is the operating-system user, and progress lives in their
data directory. On one Voilà server shared by a class (``maumau-course serve
--shared``), every visitor's kernel runs as the same user, so the server gives
each browser a random key in a cookie (``etc/voila.py``) and passes the
request's cookies to the kernel; the key picks that browser's own progress
file. The file name is a hash of the
key, so the folder of a class never shows a key that would open another
learner's record, and a key the browser did not get from the server is never
trusted for a path.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from functools import cache
from http.cookies import CookieError, SimpleCookie
from pathlib import Path

from maumau_core import delivery

#: The cookie that names a browser on a shared course server.
COOKIE = "maumau_learner"
#: Set (to "1") in the kernels of a shared course server: progress is kept per browser.
PER_BROWSER = "MAUMAU_PROGRESS_PER_BROWSER"
_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


def new_key() -> str:
    """A key for a browser that has none: random, so no learner can guess another's."""
    return secrets.token_urlsafe(24)


def valid_key(text: str | None) -> bool:
    return bool(text) and _KEY.fullmatch(text or "") is not None


def data_dir() -> Path:
    """Where the course keeps what it saves for this learner: the user's data folder on a machine, the
    browser's own storage on the static site (:mod:`maumau_core.delivery`)."""
    return delivery.current().data_dir()


def mounted_data_dir() -> Path | None:
    """The data folder if the host mounts it and the course must never make it, else None.

    On the static site it is JupyterLite's drive, which the browser mounts only when it lets the site run a
    service worker (or isolates it); a browser that does not (a private window in some browsers) has no
    ``/drive``, and a folder made in its place would live in the page's memory, gone with it. The progress
    store says so instead of saving there (:mod:`maumau_core.course.progress`). On a machine the course makes
    its data folder itself.
    """
    current = delivery.current()
    return current.data_dir() if current.data_dir_mounted else None


def progress_path() -> Path:
    """The progress file of the learner this kernel serves.

    ``MAUMAU_PROGRESS`` (tests, a teacher's own choice) wins; on a shared server, the browser's file
    (``learners/<hash>.json``); otherwise the user's ``progress.json``. A shared-server page whose request
    carried no usable key gets a file of its own for this kernel only, never another learner's.
    """
    override = os.environ.get("MAUMAU_PROGRESS")
    if override:
        return Path(override)
    if os.environ.get(PER_BROWSER) != "1":
        return data_dir() / "progress.json"
    return _browser_file()


@cache
def _browser_file() -> Path:
    """This browser's file, found once: a kernel serves one page of one browser."""
    key = browser_key() or f"kernel-{os.getpid()}-{os.urandom(8).hex()}"
    return data_dir() / "learners" / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"


def browser_key() -> str | None:
    """The browser's key from the page request's cookies (Voilà passes them to the kernel as ``HTTP_COOKIE``;
    a pre-heated kernel receives them when its page is requested, and waits for them through Voilà).

    Only a pre-heated kernel imports Voilà to wait (Voilà's own mark, ``VOILA_PREHEAT``, the one its
    ``wait_for_request`` reads): the import brings Voilà's server side into the kernel, ~2 s of CPU measured
    on every page of a shared server, which pre-heats none.
    """
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import wait_for_request

        wait_for_request()  # until a page has asked for this kernel
    jar = SimpleCookie()
    try:
        jar.load(os.environ.get("HTTP_COOKIE", ""))
    except CookieError:
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None and valid_key(morsel.value) else None

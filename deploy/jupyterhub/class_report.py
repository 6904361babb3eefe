"""The teacher's class report: a small web service run by the hub, showing who solved what.

For every learner of the hub (its users who are not admins) one line: exercises solved, lesson checks
passed, Mao laws found, best practice streaks (``class_record.py``), read from the learner's own
progress file where the hub configuration keeps it (``classroom_files.py``), with
:meth:`maumau_core.course.progress.Progress.load`: a learner who has saved nothing yet has an empty line.

Only teachers may read it. Logging in goes through the hub (HubOAuth); the hub lets through only
users holding access to this service, which admins have and learners do not (learners are turned
away with 403 before this code runs), and the report checks once more that the viewer is an admin of
the hub. Run by the hub as a managed service (``jupyterhub_config.py``), which hands it its address,
its prefix and an API token that may list the users (``JUPYTERHUB_*`` variables).
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import sys
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from class_record import CHECK_IDS, EXERCISE_IDS, LAW_NAMES, LearnerLine
from classroom_files import progress_file
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import httpclient, ioloop, web

from maumau_core.course.progress import Progress

TITLE = "Class report"
HEADINGS = ("Learner", "Exercises solved", "Lesson checks right", "Mao laws found", "Best practice streaks")
NO_STREAK = "none yet"
NO_LEARNERS = "No learners are registered on this hub yet."
NOT_A_TEACHER = "Only teachers (the hub's admins) may read the class report."

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; }} th, td {{ border: 1px solid #ccc; padding: 0.4em 0.8em; text-align: left; }}
th {{ background: #f3f3f3; }} .notice {{ color: #a33; }}</style></head>
<body><h1>{title}</h1>{body}</body></html>
"""


async def hub_users() -> list[dict[str, Any]]:
    """Every user of the hub, as the hub's API lists them (with this service's own token)."""
    response = await httpclient.AsyncHTTPClient().fetch(
        url_path_join(os.environ["JUPYTERHUB_API_URL"], "users"),
        headers={"Authorization": f"token {os.environ['JUPYTERHUB_API_TOKEN']}"},
    )
    users: list[dict[str, Any]] = json.loads(response.body)
    return users


def report_table(lines: list[LearnerLine]) -> str:
    """The report's table, one row per learner (``data-learner`` names the row for tests and styles)."""
    if not lines:
        return f"<p>{escape(NO_LEARNERS)}</p>"
    head = "".join(f"<th>{escape(heading)}</th>" for heading in HEADINGS)
    rows = []
    for line in lines:
        streaks = "; ".join(f"{escape(topic)} {best}" for topic, best in line.streaks.items()) or NO_STREAK
        notice = f" <span class='notice'>({escape(line.notice)})</span>" if line.notice else ""
        rows.append(
            f"<tr data-learner='{escape(line.name, quote=True)}'><td>{escape(line.name)}{notice}</td>"
            f"<td>{line.exercises} of {len(EXERCISE_IDS)}</td><td>{line.checks} of {len(CHECK_IDS)}</td>"
            f"<td>{line.laws} of {len(LAW_NAMES)}</td><td>{streaks}</td></tr>"
        )
    return f"<table class='class-report'><tr>{head}</tr>{''.join(rows)}</table>"


class ReportHandler(HubOAuthenticated, web.RequestHandler):  # type: ignore[misc]
    """The report page, for the hub's admins only."""

    def initialize(self, classroom: Path) -> None:
        self.classroom = classroom

    @web.authenticated
    async def get(self) -> None:
        viewer = self.get_current_user()
        users = await hub_users()
        if not any(user["name"] == viewer["name"] and user["admin"] for user in users):
            raise web.HTTPError(403, NOT_A_TEACHER)
        learners = sorted(user["name"] for user in users if not user["admin"])
        lines = [LearnerLine.of(name, Progress.load(progress_file(self.classroom, name))) for name in learners]
        self.write(PAGE.format(title=escape(TITLE), body=report_table(lines)))


def main() -> None:
    prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
    app = web.Application(
        [
            (prefix, ReportHandler, {"classroom": Path(os.environ["MAUMAU_CLASSROOM_DIR"])}),
            (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
        ],
        cookie_secret=secrets.token_bytes(32),
    )
    # The port is the one in the service's address; it listens on this machine only unless told (in a
    # Kubernetes pod the proxy comes from another pod: MAUMAU_REPORT_IP=0.0.0.0, see deploy/z2jh/config.yaml).
    app.listen(
        urlparse(os.environ["JUPYTERHUB_SERVICE_URL"]).port or 80, os.environ.get("MAUMAU_REPORT_IP", "127.0.0.1")
    )
    # The hub stops its services with SIGINT (then SIGTERM): either is a normal end, at once.
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda _signal, _frame: sys.exit(0))
    ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()

"""maumau-course: serve the course, open its exercises in JupyterLab, run a table situation, print a cheat sheet.

``maumau-course serve`` serves the course with Voilà and the course's own configuration (what ``make run``
does); ``maumau-course lab`` opens the lessons and code exercises in JupyterLab; ``maumau-course scenario
FILE.json`` prints a table situation's outcome as JSON; ``maumau-course cheatsheet NAME > sheet.html``
prints a rule set's printable cheat sheet; ``maumau-course site OUT`` builds the course as a static website
(every page runs in the learner's browser) into the folder ``OUT``. Options the command does not know are handed to Voilà or
JupyterLab (e.g. ``maumau-course serve --port=9000``).

Exit status: 0 when the command did its work (a scenario run even if actions were refused); 2 with one line
on stderr for a malformed scenario file, an unknown rule set or a site that could not be built; 1 when the server's configuration fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import traceback
from pathlib import Path

from maumau_core import scenario
from maumau_core.course import learner
from maumau_core.course.rule_sets import cheat_sheet_html
from maumau_core.engine.rules import PRESETS, preset
from maumau_core.errors import MauMauError
from maumau_core.sentences import server as say
from maumau_core.shipped import INSTALLED, PACKAGE, shipped

#: The folders a learner works in: copied out of an installed course before JupyterLab opens them.
WORKBOOKS = ("notebooks", "exercises")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="maumau-course", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serve_command = commands.add_parser(
        "serve", help="serve the course with Voilà (other options go to Voilà, e.g. --port=9000)"
    )
    serve_command.add_argument(
        "--shared",
        action="store_true",
        help="a server for a class: each browser keeps its own progress (a learner key in "
        "a cookie); no page is pre-heated",
    )
    lab_command = commands.add_parser(
        "lab", help="open the lessons and exercises in JupyterLab (other options go to JupyterLab)"
    )
    lab_command.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="the folder to open (installed course: ./maumau-course, where the notebooks are "
        "copied; checkout: its root)",
    )
    run = commands.add_parser("scenario", help="run a table situation and print its outcome")
    run.add_argument("file", help="a scenario JSON file")
    site = commands.add_parser("site", help="build the course as a static website into a folder (no server needed)")
    site.add_argument("out", type=Path, help="the folder to build it in (replaced if it holds a site already)")
    sheet = commands.add_parser("cheatsheet", help="print a rule set's printable cheat sheet as HTML")
    sheet.add_argument("name", help="a rule set: " + ", ".join(PRESETS))
    args, passed_on = parser.parse_known_args(argv)
    if passed_on and args.command not in ("serve", "lab"):
        parser.error("unrecognized arguments: " + " ".join(passed_on))
    if args.command == "serve":
        if args.shared:
            os.environ[learner.PER_BROWSER] = "1"  # read by etc/voila.py, and inherited by every page's kernel
        return serve(passed_on)
    if args.command == "lab":
        return lab(args.dir, passed_on)
    if args.command == "cheatsheet":
        return cheatsheet(args.name)
    if args.command == "site":
        return build_site(args.out)
    return run_scenario(args.file)


def serve(voila_args: list[str]) -> int:
    """Run Voilà on the course's pages with the course's configuration, in this process. A configuration
    that fails to load stops the server with its traceback (stock Voilà would only log it and serve the pages
    without the course's template, pool and culler)."""
    from voila.app import Voila

    app = Voila.instance()  # the application singleton, as ``voila`` makes it: handlers log through it
    app.raise_config_file_errors = True
    try:
        app.initialize([str(shipped("notebooks")), f"--Voila.config_file_paths={shipped('etc')}", *voila_args])
    except Exception:
        traceback.print_exc()
        print(say.config_failed(", ".join(app.config_file_paths)), file=sys.stderr)
        return 1
    app.start()
    return 0


def lab(folder: Path | None, lab_args: list[str]) -> int:
    """Open JupyterLab on ``folder`` with the course's JupyterLab settings (no news or update pop-ups).
    An installed course's notebooks are copied there first (default ``./maumau-course``): the installed ones
    may be read-only, and a learner's edits belong to the learner."""
    from jupyterlab.labapp import LabApp

    installed = INSTALLED.is_dir()
    root = folder or (Path("maumau-course") if installed else PACKAGE.parent)
    if root.resolve() != shipped(WORKBOOKS[0]).parent.resolve():
        copy_workbooks(root)
    settings = shipped("etc") / "jupyter" / "lab" / "settings"
    allow_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    LabApp.launch_instance(
        argv=[
            "--ip=127.0.0.1",
            f"--notebook-dir={root}",
            f"--LabApp.app_settings_dir={settings}",
            *allow_root,
            *lab_args,
        ]
    )
    return 0


def copy_workbooks(root: Path) -> None:
    """Copy the course's notebooks and exercises into ``root``, keeping every file already there."""
    for name in WORKBOOKS:
        for source in sorted(shipped(name).rglob("*.ipynb")):  # with each language's folder (notebooks/fr/, …)
            target = root / name / source.relative_to(shipped(name))
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
    print(say.lab_copied(str(root.resolve())), file=sys.stderr)


def build_site(out: Path) -> int:
    """Build the static site (:mod:`maumau_core.site`) into ``out``: one sentence on success or failure."""
    from maumau_core.site.build import build

    try:
        site = build(out)
    except MauMauError as error:
        print(f"site: {error}", file=sys.stderr)
        return 2
    print(say.site_built(str(out), sum(site.sizes().values()) / 1e6), file=sys.stderr)
    return 0


def run_scenario(file: str) -> int:
    """Print the outcome of the table situation in ``file`` as JSON."""
    try:
        outcome = scenario.run(scenario.load(file))
    except MauMauError as error:
        print(f"{file}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(outcome, indent=1, ensure_ascii=False))
    return 0


def cheatsheet(name: str) -> int:
    """Write the cheat sheet of preset ``name`` to stdout as UTF-8, whatever the terminal's encoding."""
    try:
        rules = preset(name)
    except MauMauError as error:
        print(f"cheatsheet: {error}", file=sys.stderr)
        return 2
    sys.stdout.flush()
    sys.stdout.buffer.write(cheat_sheet_html(rules).encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0

"""Build the static site: ``maumau-course site OUT``.

The steps, each with a real tool: the parts are fetched (:mod:`maumau_core.site.fetch`); the site's Pyodide
folder gets the npm core, the browser wheels and a lock that lists exactly them
(:mod:`maumau_core.site.lock`), in JupyterLite's well-known place (``static/pyodide`` of the lite folder, which
the kernel then loads instead of a CDN); the lesson pages of every language are copied with Pyodide's kernel
named in them (Voilà's pages name ``python3``, Pyodide's kernel is ``python``); ``voici build`` makes the site;
then every page starts its kernel's Python as it opens (:mod:`maumau_core.site.starter`), what Voilà's template
would take from a CDN is served from the site itself, and JupyterLab's own app, which no Voici page loads, is
left out.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from maumau_core import i18n
from maumau_core.errors import MauMauError
from maumau_core.sentences.server import page_says
from maumau_core.shipped import shipped
from maumau_core.site import browser_wheels, byte_compile, fetch, parts, starter

#: The kernel the Pyodide extension provides, as a page's metadata names it.
KERNEL = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
#: The settings of the Pyodide kernel in the browser: only the site's own lock (no PyPI, no CDN), the course's
#: packages loaded as the kernel starts, and the static delivery chosen in the kernel.
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Voilà's lab template links Font Awesome from this CDN folder; the site serves its own copy.
FONT_AWESOME_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/"


class BuildError(MauMauError):
    """The site could not be built (one sentence; the tool's own output is kept in the build log)."""

    code = "site-build"


@dataclass(frozen=True)
class Site:
    """A built site: its folder and what takes its room (for the command's report and the benchmark)."""

    folder: Path

    def sizes(self) -> dict[str, int]:
        """Bytes by part: Pyodide's core, the browser wheels, the Voici app, the pages, the rest."""
        found = {"pyodide core": 0, "wheels": 0, "app": 0, "pages": 0, "other": 0}
        for path in self.folder.rglob("*"):
            if path.is_file():
                found[_part(path.relative_to(self.folder))] += path.stat().st_size
        return found


def _part(relative: Path) -> str:
    text = relative.as_posix()
    if text.startswith("static/pyodide/"):
        return "wheels" if text.endswith(".whl") else "pyodide core"
    if text.startswith("voici/render/"):
        return "pages"
    if text.startswith(("voici/build/", "extensions/", "build/")):
        return "app"
    return "other"


def notebooks() -> Path:
    return shipped("notebooks")


def pages(source: Path) -> Iterator[Path]:
    """Every lesson page of every language (``notebooks/*.ipynb`` and ``notebooks/<code>/*.ipynb``)."""
    yield from sorted(path for path in source.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts)


def _template_path() -> str:
    """Where Voici finds the course's page template (the served course's own, ``etc/jupyter``)."""
    return os.pathsep.join([str(shipped("etc") / "jupyter"), *filter(None, [os.environ.get("JUPYTER_PATH")])])


def _run(command: list[str], log: Path, tools: Path, cwd: Path) -> None:
    with log.open("a") as output:
        done = subprocess.run(
            command,
            cwd=cwd,
            stdout=output,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(tools), "JUPYTER_PATH": _template_path()},
        )
    if done.returncode:
        raise BuildError(f"The site could not be built: {command[2]} failed.")


def pyodide_folder(into: Path, tools: Path, log: Path) -> None:
    """``into`` = Pyodide's core, every wheel the pages need, and a lock of exactly those wheels; then the
    standard library and the wheels byte-compiled for the browser's Python (the lock, written from their sources,
    rehashed): :mod:`~maumau_core.site.byte_compile`."""
    core = fetch.npm(parts.PYODIDE)
    into.mkdir(parents=True)
    for name in parts.PYODIDE_CORE:
        shutil.copy2(core / name, into / name)
    (into / starter.STARTER).write_text(starter.STARTER_SCRIPT, encoding="utf-8")
    for wheel in fetch.wheels(parts.BROWSER_WHEELS, browser=True).glob("*.whl"):
        browser_wheels.copied(tools, wheel, into)
    for name in parts.KERNEL_WHEELS:
        (wheel,) = (tools / parts.KERNEL_WHEELS_FOLDER).glob(f"{name}-*.whl")
        shutil.copy2(wheel, into / wheel.name)
    for name, version in parts.STAND_INS.items():
        browser_wheels.stand_in(tools, name, version, into)
    browser_wheels.course_wheel(tools, into)
    lock = [sys.executable, "-m", "maumau_core.site.lock", str(into)]
    _run([*lock, str(core / "pyodide-lock.json")], log, tools, into)
    try:
        byte_compile.compile_folder(tools, core, into)
    except byte_compile.CompileError as error:
        raise BuildError(f"The site's Python could not be compiled for the browser: {error}.") from None
    _run([*lock, "--rehash"], log, tools, into)


def load_options() -> dict[str, object]:
    """What the kernel starts Pyodide with, beside Pyodide's folder: the course's packages at once, and the
    environment."""
    return {"packages": list(parts.PRELOADED), "env": {"PYTHONSAFEPATH": "1"}}  # PYTHONSAFEPATH: starter.STARTER


def lite_settings() -> dict[str, object]:
    """``jupyter-lite.json``: what every page of the site is told when it starts."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                KERNEL_SETTINGS: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": load_options(),
                }
            }
        },
    }


#: The sentences the course's page template shows on the static site, where no server fills them in.
PAGE_SENTENCES = ("broken", "reload")


def copy_pages(source: Path, into: Path) -> int:
    """The lesson pages with Pyodide's kernel named in them and the template's sentences in the page's language
    (``metadata.maumau.says``); returns how many."""
    count = 0
    for page in pages(source):
        notebook = json.loads(page.read_text(encoding="utf-8"))
        metadata = notebook.setdefault("metadata", {})
        metadata["kernelspec"] = KERNEL
        course = metadata.setdefault("maumau", {})
        course["says"] = {name: page_says(name, course.get("language", i18n.DEFAULT)) for name in PAGE_SENTENCES}
        target = into / page.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
        count += 1
    return count


def serve_font_awesome(out: Path) -> None:
    """Font Awesome's stylesheet and fonts from the site itself, each page's link pointing at them."""
    package = fetch.npm(parts.FONT_AWESOME)
    home = out / "static" / "fontawesome"
    (home / "css").mkdir(parents=True, exist_ok=True)
    for name in ("all.min.css", "v4-shims.min.css"):
        shutil.copy2(package / "css" / name, home / "css" / name)
    shutil.copytree(package / "webfonts", home / "webfonts", dirs_exist_ok=True)
    for page in (out / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if FONT_AWESOME_CDN in text:
            up = os.path.relpath(home / "css", page.parent)
            page.write_text(text.replace(FONT_AWESOME_CDN, f"{up}/"), encoding="utf-8")


#: An inline block at least this big, the same in every page (Voilà's lab styles and script), is written once.
SHARED_BLOCK = 20_000
#: The attributes of a block that is plain style or script (any other is data, such as the page's settings, or
#: a module): only these mean the same when linked.
PLAIN = {"style": {"", 'type="text/css"'}, "script": {"", 'type="text/javascript"'}}
_INLINE = re.compile(r"<(script|style)( [^>]*)?>(.*?)</\1>", re.DOTALL)


def share_page_assets(out: Path) -> None:
    """Each page inlines ~600 KB of Voilà's styles and script, the same on every page (95 pages: 60 MB). Each
    such block goes into one file under ``voici/shared/`` that every page links, so the site is a third of the
    size and a learner's browser fetches the block once for the whole course. The CSS holds only ``data:``
    URLs, so it means the same from its own file; a plain ``<script src>`` runs where the inline one did. Only
    plain blocks are shared: ``<script id="jupyter-config-data" type="application/json">`` holds the page's
    own notebook, over the size on a long lesson, and is read by its id, which a linked file has not."""
    shared = out / "voici" / "shared"
    shared.mkdir(parents=True, exist_ok=True)

    def linked(page: Path, match: re.Match[str]) -> str:
        kind, attributes, body = match.group(1), match.group(2) or "", match.group(3)
        if len(body) < SHARED_BLOCK or attributes.strip() not in PLAIN[kind]:
            return match.group(0)
        name = f"{hashlib.sha256(body.encode()).hexdigest()[:16]}.{'js' if kind == 'script' else 'css'}"
        if not (shared / name).exists():
            (shared / name).write_text(body, encoding="utf-8")
        address = os.path.relpath(shared / name, page.parent)
        if kind == "script":
            return f'<script src="{address}"></script>'
        return f'<link rel="stylesheet" href="{address}">'

    for page in (out / "voici" / "render").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        page.write_text(_INLINE.sub(partial(linked, page), text), encoding="utf-8")


#: The site's front door: JupyterLite's own opens its lab app, which the site leaves out; this one opens the
#: course map (the map's language line leads to every language's).
FRONT_DOOR = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Mau Mau &amp; Mao</title>
<link rel="icon" href="static/favicons/favicon.ico">
<meta http-equiv="refresh" content="0; url=voici/render/00_welcome.html"></head>
<body><p><a href="voici/render/00_welcome.html">Mau Mau &amp; Mao: the course map</a></p></body></html>
"""


def build(out: Path, source: Path | None = None) -> Site:
    """Build the whole course into ``out`` (replaced if it holds a site already) and return it."""
    out = out.resolve()
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise BuildError(f"{out} is not empty and holds no site: choose an empty folder or a site to replace.")
    tools = fetch.tools()
    extensions = fetch.wheels(parts.EXTENSIONS, browser=False)
    with tempfile.TemporaryDirectory(prefix="maumau-site-") as scratch:
        lite = Path(scratch)
        log = lite / "build.log"
        try:
            _lite_folder(lite, source or notebooks(), tools, extensions, log)
        except BuildError as error:
            kept = Path(tempfile.gettempdir()) / "maumau-site-build.log"
            shutil.copy2(log, kept)
            raise BuildError(f"{error.message[:-1]} (its output is in {kept}).") from None
        shutil.rmtree(lite / "site" / "build", ignore_errors=True)  # JupyterLab's own app: no Voici page loads it
        staged = lite / "site"
        starter.start_with_starter(staged)
        try:
            starter.start_early(staged, load_options())
        except starter.StarterError as error:
            raise BuildError(f"The site's pages could not start their Python early: {error}.") from None
        serve_font_awesome(staged)
        share_page_assets(staged)
        (staged / "index.html").write_text(FRONT_DOOR, encoding="utf-8")
        inner_door = FRONT_DOOR.replace("voici/render/", "render/").replace("static/", "../static/")
        (staged / "voici" / "index.html").write_text(inner_door, encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(staged, out)
    return Site(out)


def _lite_folder(lite: Path, source: Path, tools: Path, extensions: Path, log: Path) -> None:
    """The lite folder JupyterLite builds from, then ``voici build`` into ``lite/site``."""
    pyodide_folder(lite / "static" / "pyodide", tools, log)
    copy_pages(source, lite / "content")
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_settings(), indent=1))
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(path) for path in sorted(extensions.glob("*.whl"))],
            "no_sourcemaps": True,
        }
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1))
    staged = lite / "site"
    command = [sys.executable, "-c", "from voici_core.app import main; main()", "build", "--lite-dir", str(lite)]
    command += ["--contents", str(lite / "content"), "--output-dir", str(staged), "--template", "course"]
    _run(command, log, tools, lite)

"""The course as a teacher installs it: the wheel in a fresh virtualenv outside the checkout, its
``maumau-course`` command, and a server that refuses to start on a broken configuration.

The wheel test builds the wheel, installs it into ``build/install-test/venv`` (offline, from a wheelhouse of
the versions in ``constraints.txt``), imports every module from there and serves the course map with
``maumau-course serve``: HTTP 200 and the page's title. The wheelhouse is downloaded once per set of
constraints and requirements (``pyproject.toml``) into the user's cache (as the site's parts are), not into
the checkout, where a fresh clone (CI's) downloaded it again every run.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

import maumau_core
from maumau_core.cli import copy_workbooks, shipped

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "install-test"
CONSTRAINTS = ROOT / "constraints.txt"
WHEELHOUSE = (
    Path(platformdirs.user_cache_dir("maumau-course", appauthor=False))
    / "install-test"
    / hashlib.sha256(CONSTRAINTS.read_bytes() + (ROOT / "pyproject.toml").read_bytes()).hexdigest()[:12]
)
VENV = BUILD / "venv"
#: Modules of the package, as the checkout has them (the installed wheel must import each).
MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for path in (ROOT / "maumau_core").rglob("*.py")
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pip(*args: str, python: Path = Path(sys.executable)) -> None:
    subprocess.run([str(python), "-m", "pip", "--disable-pip-version-check", "-q", *args], check=True, cwd=ROOT)


@pytest.fixture(scope="module")
def installed() -> Path:
    """The ``bin`` folder of a fresh virtualenv with only the course's wheel (and what it requires) in it."""
    dist = BUILD / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)  # setuptools' staging folder: no stale module
    pip("wheel", "--no-deps", "-w", str(dist), str(ROOT))
    wheel = next(dist.glob("maumau_course-*.whl"))
    complete = WHEELHOUSE / ".complete"  # written last: a download cut short is done again
    if not complete.exists():
        pip("download", "-d", str(WHEELHOUSE), "-c", str(CONSTRAINTS), str(wheel))
        complete.touch()
    shutil.rmtree(VENV, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pip(
        "install",
        "--no-compile",
        "--no-index",
        "-f",
        str(WHEELHOUSE),
        "-c",
        str(CONSTRAINTS),
        str(wheel),
        python=VENV / "bin" / "python",
    )
    return VENV / "bin"


@pytest.mark.browser
def test_the_installed_wheel_imports_every_module(installed: Path, tmp_path: Path) -> None:
    script = (
        "import importlib, sys\n"
        "for name in sys.argv[1:]: importlib.import_module(name)\n"
        "import maumau_core; print(maumau_core.__file__)"
    )
    done = subprocess.run(
        [str(installed / "python"), "-c", script, *MODULES], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(VENV)  # the installed copy, not the checkout's
    assert len(MODULES) > 50 and "maumau_core.engine.table_sentences" in MODULES


def files_under(folder: Path) -> set[str]:
    """The files of a package folder, minus what Python or mypyc make from them."""
    return {
        str(path.relative_to(folder))
        for path in folder.rglob("*")
        if path.is_file()
        and not {"__pycache__", ".ipynb_checkpoints"} & set(path.parts)
        and path.suffix not in (".pyc", ".so")
    }


@pytest.mark.browser
def test_the_wheel_holds_every_file_of_the_package_and_the_course(installed: Path) -> None:
    """Data files too (a translation, a type marker), and the folders the build hook ships."""
    package = next((VENV / "lib").glob("python3*/site-packages/maumau_core"))
    shipped_files = files_under(package)
    assert files_under(ROOT / "maumau_core") <= shipped_files
    for folder in ("etc/jupyter", "notebooks", "exercises"):
        assert {f"course_files/{folder}/{name}" for name in files_under(ROOT / folder)} <= shipped_files, folder
    assert "course_files/etc/voila.py" in shipped_files
    assert not {"course_files/etc/install.mk", "course_files/etc/compile_engine.py"} & shipped_files  # make's own


@pytest.mark.browser
def test_the_installed_command_serves_the_course_map(installed: Path, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            [str(installed / "maumau-course"), "serve", f"--port={port}"],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        page = b""
        deadline = time.monotonic() + 90
        while not page and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/voila/render/00_welcome.ipynb", timeout=60
                ) as answer:
                    assert answer.status == 200
                    page = answer.read()
            except OSError:
                time.sleep(0.5)
        assert b"<title>00_welcome</title>" in page, log.read_text()[-2000:]
        assert b"jupyter-widgets" in page or b"application/vnd.jupyter.widget-view+json" in page
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def serve_with(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``maumau-course serve`` with the Voilà configuration of folder ``config`` loaded after the course's."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "maumau_core",
            "serve",
            f"--port={free_port()}",
            f"--Voila.config_file_paths={config}",
            *args,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.browser
@pytest.mark.parametrize("broken", ["c.Voila.ip = ('127.0.0.1'\n", "raise RuntimeError('the config raised this')\n"])
def test_a_broken_configuration_stops_the_server_with_its_message(broken: str, tmp_path: Path) -> None:
    """Stock Voilà only logs a failing configuration file and serves the pages without it."""
    (tmp_path / "voila.py").write_text(broken)
    done = serve_with(tmp_path)
    assert done.returncode == 1
    assert ("the config raised this" if "raise" in broken else "SyntaxError") in done.stderr
    assert str(tmp_path) + " failed to load (the error is above), so the course server did not start." in done.stderr


@pytest.mark.browser
def test_an_untested_voila_is_refused_in_one_sentence(tmp_path: Path) -> None:
    """The course's own configuration, loaded while the installed Voilà claims another version."""
    (tmp_path / "voila.py").write_text(
        "import importlib.metadata, runpy\n"
        "importlib.metadata.version = lambda name: '0.6.1' if name == 'voila' else None\n"
        f"runpy.run_path({str(shipped('etc') / 'voila.py')!r}, init_globals={{'get_config': get_config}})\n"
    )
    done = serve_with(tmp_path)
    assert done.returncode == 1
    assert "needs Voilà <0.6,>=0.5.13, the versions its configuration was tested with, but Voilà 0.6.1" in done.stderr


def test_the_command_line_hands_unknown_options_only_to_the_servers() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "maumau_core", "cheatsheet", "skat", "--port=1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "unrecognized arguments: --port=1" in done.stderr


def test_lab_copies_the_notebooks_and_keeps_a_learners_work(tmp_path: Path) -> None:
    (tmp_path / "exercises").mkdir()
    mine = tmp_path / "exercises" / "01_cards_and_matching.ipynb"
    mine.write_text("my own answers")
    copy_workbooks(tmp_path)
    assert mine.read_text() == "my own answers"
    for folder in ("notebooks", "exercises"):
        assert sorted(path.relative_to(tmp_path / folder) for path in (tmp_path / folder).rglob("*.ipynb")) == sorted(
            path.relative_to(shipped(folder)) for path in shipped(folder).rglob("*.ipynb")
        )
    assert (tmp_path / "exercises" / "de" / "01_cards_and_matching.ipynb").exists()  # each language's pages too
    assert (tmp_path / "notebooks" / "00_welcome.ipynb").read_bytes() == (
        shipped("notebooks") / "00_welcome.ipynb"
    ).read_bytes()


@pytest.fixture
def no_installed_copy() -> Iterator[None]:
    """The checkout's view (an editable install): nothing under ``maumau_core/course_files``."""
    assert not (Path(maumau_core.__file__).parent / "course_files").exists()
    yield


def test_a_checkout_finds_its_folders_at_its_root(no_installed_copy: None) -> None:
    assert shipped("etc") == ROOT / "etc" and (shipped("etc") / "voila.py").is_file()
    assert shipped("notebooks") == ROOT / "notebooks"

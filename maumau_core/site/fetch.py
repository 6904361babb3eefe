"""Fetch the site's parts (:mod:`maumau_core.site.parts`) into a cache, once: PyPI through pip, npm tarballs
straight from the registry (no Node needed), each checked before use.

The cache (``MAUMAU_SITE_CACHE``, else the user's cache folder) keeps every part under its version, so a
second build, or the test run's build, fetches nothing. A part half fetched is never used: each lands in a
temporary folder first and is renamed into place whole.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from maumau_core.errors import MauMauError
from maumau_core.site import parts

#: The environment variable that puts the cache elsewhere.
CACHE_VARIABLE = "MAUMAU_SITE_CACHE"


class FetchError(MauMauError):
    """A part could not be fetched (no network to the registry, a hash that does not match)."""

    code = "site-fetch"


def cache_dir() -> Path:
    chosen = os.environ.get(CACHE_VARIABLE)
    return Path(chosen) if chosen else Path(platformdirs.user_cache_dir("maumau-course", appauthor=False)) / "site"


def _key(specs: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(specs).encode()).hexdigest()[:12]


def _filled(folder: Path, fill: object) -> Path:
    """``folder``, made by ``fill(temporary_folder)`` if it is not there yet; renamed into place whole."""
    if folder.is_dir():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        fill(scratch)  # type: ignore[operator]
        scratch.rename(folder)
    except FileExistsError:  # another build filled it meanwhile: theirs is as good
        shutil.rmtree(scratch, ignore_errors=True)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    return folder


def _pip(*arguments: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *arguments], capture_output=True, text=True
    )
    if done.returncode:
        raise FetchError(f"pip could not fetch the site's parts from PyPI: {done.stderr.strip().splitlines()[-1:]}")


def tools() -> Path:
    """The folder the build tools are installed in (put it first on ``PYTHONPATH`` to run them)."""
    return _filled(
        cache_dir() / f"tools-{_key(parts.TOOLS)}",
        lambda into: _pip("install", "--quiet", "--no-deps", "--target", str(into), *parts.TOOLS),
    )


def wheels(specs: Sequence[str], *, browser: bool) -> Path:
    """A folder with exactly the wheels ``specs`` names (no dependencies); pure-Python ones for the browser's
    Python when ``browser``."""
    target = (
        ["--python-version", parts.BROWSER_PYTHON, "--implementation", "py", "--abi", "none", "--platform", "any"]
        if browser
        else []
    )
    return _filled(
        cache_dir() / f"wheels-{_key(specs)}",
        lambda into: _pip("download", "--quiet", "--no-deps", "--only-binary=:all:", *target, "-d", str(into), *specs),
    )


def npm(package: parts.NpmPackage) -> Path:
    """The unpacked npm tarball (its ``package/`` folder), its integrity checked before it is unpacked."""

    def fill(into: Path) -> None:
        try:
            with urllib.request.urlopen(package.url, timeout=120) as response:
                data = response.read()
        except OSError as error:
            raise FetchError(f"The npm registry could not be reached for {package.name}: {error}.") from error
        algorithm, _, expected = package.integrity.partition("-")
        if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != expected:
            raise FetchError(f"{package.name} {package.version} from the npm registry does not match its hash.")
        archive = into / "package.tgz"
        archive.write_bytes(data)
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
        archive.unlink()

    return _filled(cache_dir() / f"npm-{package.name.replace('/', '+')}-{package.version}", fill) / "package"

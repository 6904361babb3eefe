"""The static site's pages start their kernel's worker as they open (maumau_core/site/starter.py): the build
finds the kernel's worker chunk, writes the course's worker beside it, and puts the page script first in every
page, with addresses that lead from that page's folder to those files. (That the kernel takes the early
Python in a real browser is held by every static page visit: tests/browser/static_host.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from maumau_core.site import starter

WORKER = "352.aaaa.js"
PAGE = '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" />\n<title>t</title></head><body></body></html>'


def a_site(folder: Path, chunks: dict[str, str]) -> Path:
    (folder / starter.KERNEL_CHUNKS).mkdir(parents=True)
    for name, text in chunks.items():
        (folder / starter.KERNEL_CHUNKS / name).write_text(text)
    (folder / starter.PYODIDE_FOLDER).mkdir(parents=True)
    for page in ("voici/render/00_welcome.html", "voici/render/fr/07_first_round.html"):
        (folder / page).parent.mkdir(parents=True, exist_ok=True)
        (folder / page).write_text(PAGE)
    return folder


#: The kernel's chunks as its extension ships them: the front end (makes the worker), the worker for a
#: cross-origin isolated page (makes a worker to wait on), the plain worker.
KERNEL = {
    "872.js": "new Worker(new URL(n.p+n.u(352))) initRuntime(e){importScripts(n)}",
    "620.js": 'initRuntime(e){importScripts(n)} new Worker("data:application/javascript,")',
    WORKER: "async initRuntime(e){importScripts(n)}",
    "154.js": "activate:(e)=>{}",
}


def test_every_page_starts_the_kernels_worker_first_with_addresses_from_its_own_folder(tmp_path: Path) -> None:
    site = a_site(tmp_path, KERNEL)
    options = {"packages": ["maumau-course"], "env": {"PYTHONSAFEPATH": "1"}}
    starter.start_early(site, options)
    early = (site / starter.KERNEL_CHUNKS / starter.EARLY_WORKER).read_text()
    assert early.index(starter.STARTER) < early.index("courseStartEarly") < early.index(f'importScripts("{WORKER}")')
    assert json.dumps(options) in early
    up = re.search(r'new URL\("([^"]+)/", self\.location\)', early)
    assert up and (site / starter.KERNEL_CHUNKS / up.group(1)).resolve() == (site / starter.PYODIDE_FOLDER).resolve()
    for page in (site / "voici" / "render").rglob("*.html"):
        text = page.read_text()
        assert text.index('<meta charset="utf-8" />') < text.index("<script>") < text.index("<title>")
        addresses = re.findall(r'new URL\("([^"]+)", document\.baseURI\)', text)
        assert [Path(address).name for address in addresses] == [WORKER, starter.EARLY_WORKER]
        for address in addresses:
            assert (page.parent / address).is_file(), (page, address)


@pytest.mark.parametrize(
    "chunks", [{"872.js": KERNEL["872.js"]}, {**KERNEL, "353.js": KERNEL[WORKER]}], ids=["none", "two"]
)
def test_a_kernel_shaped_otherwise_stops_the_build_with_a_reason(tmp_path: Path, chunks: dict[str, str]) -> None:
    with pytest.raises(starter.StarterError, match="not one chunk"):
        starter.start_early(a_site(tmp_path, chunks), {})


def test_a_page_without_its_head_stops_the_build_with_a_reason(tmp_path: Path) -> None:
    site = a_site(tmp_path, KERNEL)
    (site / "voici/render/00_welcome.html").write_text("<html><body></body></html>")
    with pytest.raises(starter.StarterError, match="00_welcome.html has no head"):
        starter.start_early(site, {})

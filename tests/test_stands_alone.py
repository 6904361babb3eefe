"""The project stands on its own: a fresh clone has everything its text refers to.

The rules contract, the scenario format and the example situations used to
live in a folder beside the repository, which a user's clone does not have.
They are now ``docs/rules.md``, ``docs/scenarios.md`` and ``tests/scenarios/``;
these tests keep it that way, and keep the rules page complete when an
option or a preset is added.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from maumau_core.engine.rules import OPTION_NAMES, PRESETS
from maumau_core.errors import REFUSAL_CODES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TEXT_SUFFIXES = {".py", ".md", ".ipynb", ".toml", ".json", ".cfg"}

#: Paths that only existed outside the repository. This file names them, so it is the one file not searched.
#: The folder's name is put together here, so that no file of the project spells out a path outside it.
FOLDER = "sha" + "red"
OUTSIDE = re.compile(
    rf"\.\./{FOLDER}"
    rf"|/work/{FOLDER}"
    rf"|\b{FOLDER}/(?:seeds|scenarios)\b"
    r"|\b(?:RULES|SCENARIOS|VOILA_NOTES|STYLE)\.md\b"
)
#: A relative Markdown link: [text](target), without a scheme or an anchor-only target.
LINK = re.compile(r"\]\((?![a-z]+:|#)([^)\s#]+)(?:#[^)]*)?\)")


def project_text_files() -> list[Path]:
    """Every tracked (or new, not ignored) text file of the project, as git lists them."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the file list comes from git")
    paths = [ROOT / name for name in listed.split("\0") if name]
    return [path for path in paths if path.is_file() and (path.suffix in TEXT_SUFFIXES or path.name == "Makefile")]


def test_no_file_points_outside_the_repository() -> None:
    files = project_text_files()
    assert any(path.name == "rules.md" for path in files), "the file list misses docs/rules.md"
    found = []
    for path in files:
        if path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            match = OUTSIDE.search(line)
            if match:
                found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert not found, "pointers to files outside the repository:\n" + "\n".join(found)


def test_the_pattern_catches_what_it_should() -> None:
    """The guard above is only as good as its pattern: check it on the old pointers."""
    old = [
        f"see ../{FOLDER}/SCENARIOS.md",
        f"{FOLDER}/seeds/000_x.txt",
        f"/work/{FOLDER}/scenarios/a.json",
        "the presets of RULES.md",
        "VOILA_NOTES.md",
    ]
    assert all(OUTSIDE.search(text) for text in old)
    assert not any(OUTSIDE.search(text) for text in ["docs/rules.md", "docs/scenarios.md", "tests/scenarios/"])


def code_names(page: Path) -> set[str]:
    """Every `inline code` span of a Markdown page."""
    return set(re.findall(r"`([^`\n]+)`", page.read_text(encoding="utf-8")))


def test_rules_page_names_every_preset_and_every_option() -> None:
    named = code_names(DOCS / "rules.md")
    missing = [name for name in (*PRESETS, *OPTION_NAMES) if name not in named]
    assert not missing, f"docs/rules.md does not describe: {', '.join(missing)}"


def test_rules_page_has_a_section_per_preset() -> None:
    headings = re.findall(r"^#+ `([^`]+)`$", (DOCS / "rules.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert set(PRESETS) <= set(headings)


def test_scenario_page_names_every_refusal_code() -> None:
    named = code_names(DOCS / "scenarios.md")
    missing = [code for code in REFUSAL_CODES if code not in named]
    assert not missing, f"docs/scenarios.md does not list: {', '.join(missing)}"


@pytest.mark.parametrize("page", ["README.md", "docs/rules.md", "docs/scenarios.md", "tests/scenarios/README.md"])
def test_every_relative_link_leads_to_a_file(page: str) -> None:
    path = ROOT / page
    targets = LINK.findall(path.read_text(encoding="utf-8"))
    broken = [target for target in targets if not (path.parent / target).resolve().exists()]
    assert not broken, f"{page} links to missing files: {broken}"


def test_readme_lists_the_docs_folder() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"^- `docs/`", readme, re.MULTILINE)

"""Where the course's own folders are: the command serves them, the site builder builds from them.

Its own module so that both can find them without the builder importing the command (which imports it).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: Where an installed wheel keeps the course's folders (the build hook in setup.py puts them there).
INSTALLED = PACKAGE / "course_files"


def shipped(folder: str) -> Path:
    """The course's ``etc``, ``notebooks`` or ``exercises`` folder: inside the installed package, or at the
    root of a checkout (an editable install), where the one copy of each file lives."""
    installed = INSTALLED / folder
    return installed if installed.is_dir() else PACKAGE.parent / folder

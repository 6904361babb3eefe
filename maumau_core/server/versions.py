"""The Voilà versions the course's server side was tested with, and the gate that refuses any other.

Why: the patches of :mod:`maumau_core.server.patches` reach into Voilà 0.5's internals, which change between
versions without notice; a Voilà the course was not tested with is refused in one sentence before any of
it is imported, instead of failing somewhere inside a page request.
"""

from __future__ import annotations

import importlib.metadata

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from maumau_core.sentences import server as say


def tested_voila() -> SpecifierSet:
    """The Voilà versions the server side was tested with: the course's declared requirement."""
    declared = [Requirement(line) for line in importlib.metadata.requires("maumau-course") or []]
    return next(requirement.specifier for requirement in declared if requirement.name == "voila")


def check_voila(found: str, tested: SpecifierSet) -> None:
    """Refuse a Voilà the server side was not tested with (``found``: its version)."""
    if not tested.contains(found, prereleases=True):
        raise RuntimeError(say.voila_untested(found, str(tested)))


def require_tested_voila() -> None:
    """Refuse the installed Voilà unless it was tested (its version read at call time, as installed now)."""
    check_voila(importlib.metadata.version("voila"), tested_voila())

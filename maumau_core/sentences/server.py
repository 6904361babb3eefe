"""Sentences of the course's server and its command (``maumau-course``): what a teacher starting it and a
learner turned away read."""

from __future__ import annotations


def config_failed(folder: str) -> str:
    """Said after the traceback of a Voilà configuration that did not load: the server does not start, since
    stock Voilà without the course's settings would serve pages without their template, pool or culler."""
    return (f"The course's Voilà configuration in {folder} failed to load (the error is above), "
            "so the course server did not start.")


def voila_untested(found: str, tested: str) -> str:
    """Why the course refuses a Voilà it was not tested with: its configuration patches Voilà's internals."""
    return (f"The course server needs Voilà {tested}, the versions its configuration was tested with, "
            f"but Voilà {found} is installed: install a matching one (pip install 'voila{tested}').")


def lab_copied(folder: str) -> str:
    """Where an installed course put the learner's own copies of its notebooks (never overwritten)."""
    return f"The course's notebooks and exercises are in {folder}: your changes stay there."


def server_full() -> str:
    """The one sentence of the page a visitor gets when the server has as many learners as it can take."""
    return "The course has as many learners as this server can take right now: please try again in a minute."

"""Sentences of the course's server and its command (``maumau-course``): what a teacher starting it and a
learner turned away read.

The server process never switches language (a kernel does, for its one learner), so these are English
messages marked with ``N_()`` and said in a language chosen per call: a teacher's console in English, a page
the server answers itself (the "course is full" page) in the language of the page that was asked for, which
its address tells (the pages of a language live in ``notebooks/<code>/``: ``…/voila/render/fr/07_first_round.ipynb``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from maumau_core import i18n
from maumau_core.i18n import DEFAULT, LANGUAGES, N_

# Translators: said to a teacher after the traceback of a server configuration that did not load.
CONFIG_FAILED = N_(
    "The course's Voilà configuration in {folder} failed to load (the error is above), so the course "
    "server did not start."
)
# Translators: {tested} is a version range such as ">=0.5.8,<0.6"; keep the pip command as it is.
VOILA_UNTESTED = N_(
    "The course server needs Voilà {tested}, the versions its configuration was tested with, but "
    "Voilà {found} is installed: install a matching one (pip install 'voila{tested}')."
)
# Translators: {entry} is what a teacher wrote in the setting MAUMAU_PREHEATED; keep the setting's name and the
# examples (00_welcome, 00_welcome:10) as they are.
PREHEAT_UNREADABLE = N_(
    "MAUMAU_PREHEATED lists {entry}, which is neither a page nor a page with a number of kernels "
    "to keep waiting for it (00_welcome, or 00_welcome:10)."
)
LAB_COPIED = N_("The course's notebooks and exercises are in {folder}: your changes stay there.")
# Translators: said by `maumau-course site OUT` once the static site is built; keep the command as it is.
SITE_BUILT = N_(
    "The course's static site is in {folder} ({size} MB). Try it with: python3 -m http.server -d {folder} "
    "(then open http://localhost:8000/), or put the folder on any static web host."
)
SERVER_FULL = N_("The course has as many learners as this server can take right now: please try again in a minute.")
# Translators: the title of the page a visitor gets when the server is full.
BUSY_TITLE = N_("The course is full right now")
# Translators: the link on the page a visitor gets when the server is full: it opens the page again.
TRY_AGAIN = N_("Try again")


def said(message: str, language: str = DEFAULT) -> str:
    """A message of this module in ``language`` (English for a code the course does not have)."""
    return i18n.translations(language if language in LANGUAGES else DEFAULT).gettext(message)


def page_language(address: str) -> str:
    """The language of the page at ``address`` (a path or URL): the folder its notebook is in when that folder
    is a language's (``…/fr/07_first_round.ipynb`` → ``fr``), else English."""
    parts = urlsplit(address).path.split("/")
    folder = parts[-2] if len(parts) >= 2 else ""
    return folder if folder in LANGUAGES else DEFAULT


def config_failed(folder: str, language: str = DEFAULT) -> str:
    """Said after the traceback of a Voilà configuration that did not load: the server does not start, since
    stock Voilà without the course's settings would serve pages without their template, pool or culler."""
    return said(CONFIG_FAILED, language).format(folder=folder)


def voila_untested(found: str, tested: str, language: str = DEFAULT) -> str:
    """Why the course refuses a Voilà it was not tested with: its configuration patches Voilà's internals."""
    return said(VOILA_UNTESTED, language).format(found=found, tested=tested)


def preheat_unreadable(entry: str, language: str = DEFAULT) -> str:
    """Why the server refuses its list of pages to pre-heat: a number of kernels that is no whole number."""
    return said(PREHEAT_UNREADABLE, language).format(entry=repr(entry))


def lab_copied(folder: str, language: str = DEFAULT) -> str:
    """Where an installed course put the learner's own copies of its notebooks (never overwritten)."""
    return said(LAB_COPIED, language).format(folder=folder)


def site_built(folder: str, size: float, language: str = DEFAULT) -> str:
    """What ``maumau-course site`` says when the site is built: where, how big, how to serve it."""
    return said(SITE_BUILT, language).format(folder=folder, size=f"{size:.0f}")


def server_full(address: str = "") -> str:
    """The one sentence of the page a visitor gets when the server has as many learners as it can take, in
    the language of the page asked for (``address``: its path or URL; English without one)."""
    return said(SERVER_FULL, page_language(address))


def busy_title(address: str = "") -> str:
    """The title of that page, in the same language."""
    return said(BUSY_TITLE, page_language(address))


def try_again(address: str = "") -> str:
    """Its link that asks for the page again, in the same language."""
    return said(TRY_AGAIN, page_language(address))


# Translators: shown by the page itself after 2 s while a lesson starts.
PREPARING = N_(
    "This page is being prepared and will appear here by itself (when many learners arrive together, "
    "the server starts a few pages at a time)."
)
# Translators: shown by the page itself when its kernel is gone (culled, crashed, server restarted).
LOST = N_(
    "This page has lost its connection to the course server, so its buttons no longer work: reload it to carry on."
)
# Translators: the button beside the sentence above.
RELOAD = N_("Reload the page")
# Translators: shown on a lesson page that could not start (on the static site: a file of the site is missing or
# broken, or the browser refused it).
BROKEN = N_(
    "This part of the page could not start. Reload the page; if this stays, a file of the course's website may "
    "be missing: tell whoever runs the site."
)
_PAGE_SENTENCES = {"preparing": PREPARING, "lost": LOST, "reload": RELOAD, "broken": BROKEN}


#: The filters the course's page template needs (``c.VoilaExporter.filters`` of every server that serves it:
#: ``etc/voila.py``, a hub learner's server in ``deploy/jupyterhub/singleuser/``).
TEMPLATE_FILTERS = {"page_says": "maumau_core.sentences.server.page_says"}


def page_says(name: str, language: str) -> str:
    """A sentence the course's page template (``etc/jupyter/voila/templates/course``) writes into the page's
    script, in the page's language: the script shows it while the lesson starts or once the kernel is lost,
    when no kernel is there to say it. A Jinja filter of the template (``etc/voila.py``)."""
    return said(_PAGE_SENTENCES[name], language)

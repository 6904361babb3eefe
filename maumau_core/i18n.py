"""The course's languages: which one the kernel speaks, its catalogue, and numbers in its style.

A Voilà kernel serves one learner, so the language is one setting per process
(:func:`use`, :func:`current`), English by default. Every learner-facing
sentence of the library is an English message passed through :func:`_` (or
:func:`ngettext` when it counts something); the English text is the message
id, so English needs no catalogue. Each other language has one gettext
catalogue, ``maumau_core/locale/<lang>/LC_MESSAGES/maumau.po``: the ``.po``
file in the repository is the source of truth, read at run time with Babel and
cached, so there is no compile step and no ``.mo`` file to forget.

Messages computed at import time (module constants) are marked with
:func:`N_`, which only marks them for extraction; they are translated with
:func:`_` where they are shown.

The templates every catalogue is checked against, and the pages of each language,
are made by the maintainers' tool :mod:`maumau_core.course.catalogues` (see
``docs/translating.md``).
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from maumau_core.errors import BadOption

#: Every language of the course: code → the language's own name (how a learner finds it in a list).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "français",
    "it": "italiano",
    "ro": "română",
    "de": "Deutsch",
}
DEFAULT = "en"
DOMAIN = "maumau"
LOCALE_DIR = Path(__file__).parent / "locale"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

#: The extraction keywords: the names this library calls to mark a message (Babel's spec format).
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "N_": None, "ngettext": (1, 2)}
COMMENT_TAGS = ("Translators:",)

_language = DEFAULT


def use(language: str) -> None:
    """Make ``language`` the kernel's language (a code of :data:`LANGUAGES`)."""
    global _language
    if language not in LANGUAGES:
        raise BadOption(
            _("“{language}” is not a course language: use one of {codes}.").format(
                language=language, codes=", ".join(LANGUAGES)
            )
        )
    _language = language


def current() -> str:
    """The code of the language the kernel speaks now."""
    return _language


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` for a moment (an exercise whose code answers in English, a catalogue check)."""
    before = _language
    use(language)
    try:
        yield
    finally:
        use(before)


def domain_path(language: str, domain: str) -> Path:
    """A language's catalogue of one domain: ``maumau`` (the library's sentences) or ``course`` (the pages' text)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def catalogue_path(language: str) -> Path:
    """A language's catalogue of the library's sentences, the one the kernel reads."""
    return domain_path(language, DOMAIN)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The language's messages, read once from its ``.po`` (fuzzy entries are not used: they await review).

    A language without a catalogue (English, or one not started) says every message as written.
    """
    path = catalogue_path(language)
    if language == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as source:
        catalog = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    """The message in the kernel's language (the English message itself when it has no translation)."""
    return translations(_language).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message that suits ``count`` in the kernel's language (Romanian has three)."""
    return translations(_language).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it (translate it with :func:`_` where it is shown)."""
    return message


def number(value: float) -> str:
    """A number written as the kernel's language writes it ("1,234.5", "1 234,5")."""
    return format_decimal(value, locale=_language)


def percent(value: float, digits: int = 0) -> str:
    """A share written as a percentage in the kernel's language ("25%" in English, "25 %" in French)."""
    pattern = Locale.parse(_language).percent_formats[None].pattern
    last = pattern.rfind("0") + 1  # the language's own pattern, with ``digits`` decimals after its last digit
    pattern = pattern[:last] + ("." + "0" * digits if digits else "") + pattern[last:]
    return format_percent(value, format=pattern, locale=_language)


def listed(items: Sequence[str]) -> str:
    """Items joined as the kernel's language lists them ("A and B", "A et B", "A, B und C")."""
    return format_list(list(items), locale=_language) if items else ""

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

The template every catalogue is checked against is made by::

    python -m maumau_core.i18n extract   # writes maumau_core/locale/maumau.pot
    python -m maumau_core.i18n update    # merges it into every language's .po

(see ``docs/translating.md``).
"""

from __future__ import annotations

import gettext
import io
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.numbers import format_decimal, format_percent

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
        from maumau_core.errors import BadOption

        raise BadOption(_("“{language}” is not a course language: use one of {codes}.").format(
            language=language, codes=", ".join(LANGUAGES)))
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


def catalogue_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


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


# ------------------------------------------------------------------ the template (maintainers only)

def template() -> Catalog:
    """Every message the library marks, extracted from its source with :data:`KEYWORDS`, and the messages
    the English pages' code cells mark (a check-yourself question is written on its page)."""
    catalog = Catalog(project="maumau-course", domain=DOMAIN, fuzzy=False)
    root = Path(__file__).parent
    for filename, lineno, message, comments, context in extract_from_dir(
            root, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        catalog.add(message, None, [(f"maumau_core/{filename}", lineno)], auto_comments=comments,
                    context=context)
    from maumau_core.translated_pages import ROOT, english_pages

    for page in english_pages():
        cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
        code = "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        for lineno, message, comments, context in extract(
                "python", io.BytesIO(code.encode()), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True):
            catalog.add(message, None, [(str(page.relative_to(ROOT)), lineno)], auto_comments=comments,
                        context=context)
    return catalog


def templates() -> dict[str, tuple[Path, Catalog]]:
    """Each catalogue domain's template file and its messages: ``maumau`` (everything the library and the
    pages' code say, read at run time) and ``course`` (the pages' text, used when the pages are made)."""
    from maumau_core import translated_pages

    return {DOMAIN: (TEMPLATE, template()),
            translated_pages.DOMAIN: (translated_pages.TEMPLATE, translated_pages.template())}


def write_po_file(path: Path, catalog: Catalog) -> None:
    """Write a catalogue sorted and without line numbers, so the file changes only when a message does."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalog, sort_output=True, include_lineno=False, width=100, ignore_obsolete=True)


def write_templates() -> list[Path]:
    written = []
    for path, catalog in templates().values():
        write_po_file(path, catalog)
        written.append(path)
    return written


def domain_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def update_catalogues(languages: Sequence[str] = tuple(LANGUAGES)) -> list[str]:
    """Merge the templates into the languages' catalogues: new and changed messages appear empty
    (no fuzzy guesses: a guessed translation from a similar sentence is more often wrong than helpful).

    A translator updates only their own language, so two people translating at once never write each
    other's files.
    """
    updated = []
    for domain, (template_path, _catalog) in templates().items():
        with template_path.open("rb") as source:
            pot = read_po(source)
        for language in languages:
            path = domain_path(language, domain)
            if language == DEFAULT or not catalogue_path(language).exists():
                continue
            if path.exists():
                with path.open("rb") as source:
                    catalog = read_po(source, locale=language, domain=domain)
            else:
                catalog = Catalog(locale=language, domain=domain, project="maumau-course", fuzzy=False)
            catalog.update(pot, no_fuzzy_matching=True)
            write_po_file(path, catalog)
            updated.append(f"{language}/{domain}")
    return updated


def main(argv: list[str]) -> int:
    """``extract`` writes the templates; ``update [lang …]`` merges them into catalogues; ``init <lang>``
    starts a language; ``pages`` makes every language's pages from the English ones."""
    command = argv[0] if argv else ""
    if command == "extract":
        for path in write_templates():
            print(f"wrote {path}")
    elif command == "update" and all(language in LANGUAGES for language in argv[1:]):
        print("updated:", ", ".join(update_catalogues(argv[1:] or tuple(LANGUAGES))) or "nothing")
    elif command == "init" and len(argv) == 2 and argv[1] in LANGUAGES:
        path = catalogue_path(argv[1])
        if path.exists():
            print(f"{path} exists already")
            return 1
        write_po_file(path, Catalog(locale=argv[1], domain=DOMAIN, project="maumau-course", fuzzy=False))
        print("started:", ", ".join(update_catalogues([argv[1]])))
    elif command == "pages" and all(language in LANGUAGES for language in argv[1:]):
        from maumau_core.translated_pages import write_pages

        print(f"wrote {write_pages(argv[1:] or tuple(LANGUAGES))} pages")
    else:
        print("usage: python -m maumau_core.i18n extract | update [<language> …] | init <language> | pages [<language> …]")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

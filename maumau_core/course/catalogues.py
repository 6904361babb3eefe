"""The maintainers' tool for the course's languages: the templates, the catalogues and the pages.

``python -m maumau_core.course.catalogues extract`` writes the two templates from the code and the English pages
(``maumau_core/locale/maumau.pot``: every message the library and the pages' code cells mark;
``course.pot``: the pages' Markdown blocks); ``update [<code> …]`` merges them into the languages'
catalogues; ``init <code>`` starts a language; ``pages [<code> …]`` makes each language's pages from the
English ones (:mod:`maumau_core.course.translated_pages`). A kernel never imports this module: it only reads the
catalogues (:mod:`maumau_core.i18n`). See ``docs/translating.md``.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import read_po, write_po

from maumau_core.course import translated_pages
from maumau_core.course.translated_pages import ROOT, english_pages
from maumau_core.i18n import COMMENT_TAGS, DEFAULT, DOMAIN, KEYWORDS, LANGUAGES, TEMPLATE, catalogue_path, domain_path


def template() -> Catalog:
    """Every message the library marks, extracted from its source with :data:`KEYWORDS`, and the messages
    the English pages' code cells mark (a check-yourself question is written on its page)."""
    catalog = Catalog(project="maumau-course", domain=DOMAIN, fuzzy=False)
    root = Path(__file__).parents[1]  # the package: its library and every wing
    for filename, lineno, message, comments, context in extract_from_dir(
        root, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(f"maumau_core/{filename}", lineno)], auto_comments=comments, context=context)
    for page in english_pages():
        cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
        code = "\n\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        for lineno, message, comments, context in extract(
            "python", io.BytesIO(code.encode()), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            catalog.add(message, None, [(str(page.relative_to(ROOT)), lineno)], auto_comments=comments, context=context)
    return catalog


def templates() -> dict[str, tuple[Path, Catalog]]:
    """Each catalogue domain's template file and its messages: ``maumau`` (everything the library and the
    pages' code say, read at run time) and ``course`` (the pages' text, used when the pages are made)."""
    return {
        DOMAIN: (TEMPLATE, template()),
        translated_pages.DOMAIN: (translated_pages.TEMPLATE, translated_pages.template()),
    }


def po_bytes(catalog: Catalog) -> bytes:
    """A catalogue as its file holds it: sorted and without line numbers, so the file changes only when a
    message does."""
    target = io.BytesIO()
    write_po(target, catalog, sort_output=True, include_lineno=False, width=100, ignore_obsolete=True)
    return target.getvalue()


def write_po_file(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_bytes(catalog))


def write_templates() -> list[Path]:
    """Write each template whose messages changed. An unchanged one keeps its file, creation date included
    (``update`` copies that date into every catalogue), so extracting again changes no file for nothing."""
    written = []
    for path, catalog in templates().values():
        if path.exists():
            with path.open("rb") as source:
                kept = read_po(source).creation_date
            made, catalog.creation_date = catalog.creation_date, kept
            if po_bytes(catalog) == path.read_bytes():
                continue
            catalog.creation_date = made
        write_po_file(path, catalog)
        written.append(path)
    return written


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
        print(f"wrote {translated_pages.write_pages(argv[1:] or tuple(LANGUAGES))} pages")
    else:
        print(
            "usage: python -m maumau_core.course.catalogues extract | update [<language> …] | init <language> | pages [<language> …]"
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The learner's language: picked on the course map, kept with the progress, offered again on the English
map (where every server opens) without being overwritten there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maumau_core.course import outline as course
from maumau_core.course.progress import Progress
from maumau_core.i18n import DEFAULT, LANGUAGES, current, use
from maumau_core.widgets.language import LanguageNotice

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    use(DEFAULT)


@pytest.fixture
def progress(tmp_path: Path) -> Progress:
    return Progress.load(tmp_path / "progress.json")


def test_the_map_in_a_language_keeps_that_language_as_the_choice(progress: Progress) -> None:
    use("it")
    notice = LanguageNotice(progress)
    assert Progress.load(progress.path).language == "it"
    assert notice.widget.layout.display == "none"  # nothing to offer on the chosen language's own map


def test_the_english_map_offers_the_chosen_language_and_keeps_it(progress: Progress) -> None:
    progress.choose_language("de")
    use(DEFAULT)  # the English map's kernel
    notice = LanguageNotice(progress)
    assert notice.widget.layout.display == ""
    assert 'lang="de"' in notice._text.value and 'href="de/00_welcome.ipynb"' in notice._text.value
    assert Progress.load(progress.path).language == "de"  # opening the English map changed nothing
    assert current() == DEFAULT  # the English map still speaks English
    notice._english.click()
    assert Progress.load(progress.path).language == DEFAULT and notice.widget.layout.display == "none"


def test_a_learner_who_never_chose_sees_no_offer(progress: Progress) -> None:
    assert LanguageNotice(progress).widget.layout.display == "none"
    assert Progress.load(progress.path).language == DEFAULT


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_line_links_every_language_s_map_from_each_map(language: str) -> None:
    use(language)
    folder = NOTEBOOKS if language == DEFAULT else NOTEBOOKS / language
    line = course.languages_line()
    for code, name in LANGUAGES.items():
        target = course.map_file(code, seen_from=language)
        if code == language:
            assert f"**{name[:1].upper()}{name[1:]}**" in line and f"]({target})" not in line
        else:
            assert f"]({target})" in line and (folder / target).resolve().is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_course_map_shows_the_language_line_in_its_language(language: str) -> None:
    use(language)
    page = (NOTEBOOKS if language == DEFAULT else NOTEBOOKS / language) / "00_welcome.ipynb"
    assert course.languages_line() in page.read_text(encoding="utf-8").replace('\\"', '"')

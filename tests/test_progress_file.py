"""The progress file moves between browsers and deliveries without losing anything: downloaded, uploaded and
merged; every bad file refused in one sentence with nothing changed; a corrupt or newer file on disk never
written over; a browser that keeps nothing said so, with the page still working."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from maumau_core import delivery, i18n
from maumau_core.course import learner
from maumau_core.course.progress import Progress
from maumau_core.course.progress_file import FORMAT, MAX_BYTES, Gain, Record, merge, read
from maumau_core.widgets import ProgressPanel
from maumau_core.widgets.progress_view import ProgressFile

NOT_JSON = "That file is not a progress file of this course (it holds no JSON), so nothing was taken in."
NOT_A_RECORD = "That file does not hold a progress record of this course, so nothing was taken in."
NEWER = (
    "That progress file comes from a newer version of the course, so nothing was taken in: take it to a course "
    "at least as new."
)
TOO_BIG = "That file is too big for a progress file of this course (at most 500 KB), so nothing was taken in."
NO_STORAGE = (
    "Your progress cannot be kept in this browser (private browsing, or a site not served over https, keeps "
    "nothing), so it lasts only while this page is open: download it before you leave."
)


def bad_value(where: str) -> str:
    return f"That progress file has a value the course cannot read ({where}), so nothing was taken in."


def full(path: Path) -> Progress:
    """A record with something in every part, saved at ``path``."""
    progress = Progress.load(path)
    progress.solve("matching-1")
    progress.pass_check("04_sevens_and_jacks:seven-answer")
    progress.solve_law("no-sevens", plays=12, guesses=3)
    progress.answer("points", True)
    progress.answer("points", True)
    progress.answer("words", False)
    progress.choose_language("fr")
    i18n.use("en")  # the language is kept with the progress; the test goes on in English
    return progress


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Choosing a language makes it the kernel's: every test ends in English again."""
    yield
    i18n.use("en")


# ------------------------------------------------------------------ download, upload, merge


def test_a_downloaded_file_uploaded_into_a_fresh_store_gives_the_same_progress(tmp_path: Path) -> None:
    source = full(tmp_path / "laptop.json")
    target = Progress.load(tmp_path / "browser" / "progress.json")
    said = target.take_in(source.download())
    assert target.record() == source.record()
    assert Progress.load(target.path).record() == source.record()  # saved, not only in memory
    assert said == "Taken in from the file: 1 lesson check, 1 code exercise, 1 Mao law, and 1 new best practice streak."
    assert json.loads(source.download())["format"] == FORMAT


def test_a_merge_keeps_the_earliest_day_the_best_streak_and_everything_either_holds() -> None:
    here = Record(
        solved={"matching-1": "2026-03-01", "calls-1": "2026-03-02"},
        streaks={"points": {"current": 0, "best": 9}, "words": {"current": 4, "best": 4}},
        checks={"06_calls:late-call-too-late": "2026-02-10"},
        laws={"no-sevens": {"day": "2026-03-05", "plays": 40, "guesses": 9}},
        misses={"points": 1},
        language="de",
    )
    there = Record(
        solved={"matching-1": "2026-01-15", "matching-2": "2026-01-16"},
        streaks={
            "points": {"current": 3, "best": 5},
            "words": {"current": 1, "best": 7},
            "next": {"current": 2, "best": 2},
        },
        checks={"06_calls:late-call-too-late": "2026-04-01"},
        laws={
            "no-sevens": {"day": "2026-01-20", "plays": 12, "guesses": 3},
            "red-on-black": {"day": "2026-01-21", "plays": 5, "guesses": 1},
        },
        misses={"points": 3, "words": 2},
        language="fr",
    )
    merged, gain = merge(here, there)
    assert merged.solved == {"matching-1": "2026-01-15", "calls-1": "2026-03-02", "matching-2": "2026-01-16"}
    assert merged.checks == {"06_calls:late-call-too-late": "2026-02-10"}
    assert merged.streaks == {
        "points": {"current": 3, "best": 9},
        "words": {"current": 4, "best": 7},
        "next": {"current": 2, "best": 2},
    }
    assert merged.laws["no-sevens"] == {"day": "2026-01-20", "plays": 12, "guesses": 3}
    assert merged.laws.keys() == {"no-sevens", "red-on-black"}
    assert merged.misses == {"points": 3, "words": 2}
    assert merged.language == "de"  # a language chosen here stays
    assert gain == Gain(checks=0, exercises=1, laws=1, streaks=2)
    assert merge(merged, there) == (merged, Gain())  # taking the same file in again changes nothing


def test_a_fresh_browser_takes_the_files_language_and_a_chosen_one_stays() -> None:
    chosen = Record(language="it")
    assert merge(Record(), chosen)[0].language == "it"
    assert merge(Record(language="de"), chosen)[0].language == "de"


def test_an_upload_of_what_is_here_already_says_nothing_changed(tmp_path: Path) -> None:
    progress = full(tmp_path / "progress.json")
    before = progress.record()
    assert progress.take_in(progress.download()) == "Everything in that file was already here, so nothing changed."
    assert progress.record() == before


def test_an_upload_keeps_what_another_page_saved_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    page = Progress.load(path)
    Progress.load(path).solve("calls-2")  # another page, another kernel
    page.take_in(Record(solved={"matching-1": "2026-01-01"}).dumps().encode())
    assert Progress.load(path).solved.keys() == {"calls-2", "matching-1"}


def test_a_file_of_the_first_format_is_taken_in_as_it_always_was(tmp_path: Path) -> None:
    older = {"solved": {"matching-1": "2025-11-01"}, "streaks": {"points": {"current": 1, "best": 2}}}
    progress = Progress.load(tmp_path / "progress.json")
    progress.take_in(json.dumps(older).encode())
    assert progress.solved == {"matching-1": "2025-11-01"} and progress.streaks["points"]["best"] == 2
    assert progress.checks == {} and progress.laws == {} and progress.language == "en"
    (tmp_path / "old.json").write_text(json.dumps(older | {"language": "xx"}), encoding="utf-8")
    loaded = Progress.load(tmp_path / "old.json")  # on disk too; a language the course lacks is English
    assert loaded.notice is None and loaded.solved == older["solved"] and loaded.language == "en"


# ------------------------------------------------------------------ bad uploads


BAD_UPLOADS: list[tuple[str, bytes, str]] = [
    ("a picture", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", NOT_JSON),
    ("an empty file", b"", NOT_JSON),
    ("broken JSON", b'{"solved": {', NOT_JSON),
    ("a list", b"[1, 2]", NOT_A_RECORD),
    ("another program's JSON", b'{"name": "my-app", "version": "1.0"}', NOT_A_RECORD),
    ("JSON nested too deep", b"[" * 100_000 + b"]" * 100_000, NOT_A_RECORD),
    ("a newer course", json.dumps({"format": FORMAT + 1, "solved": {}, "streaks": {}}).encode(), NEWER),
    ("a format as text", b'{"format": "2", "solved": {}, "streaks": {}}', bad_value("format")),
    ("a day in words", b'{"solved": {"matching-1": "yesterday"}, "streaks": {}}', bad_value("solved › matching-1")),
    ("a day that is not", b'{"solved": {"matching-1": "2026-02-30"}, "streaks": {}}', bad_value("solved › matching-1")),
    (
        "a streak as text",
        b'{"solved": {}, "streaks": {"points": {"current": 1, "best": "7"}}}',
        bad_value("streaks › points › best"),
    ),
    (
        "a negative streak",
        b'{"solved": {}, "streaks": {"points": {"current": -1, "best": 2}}}',
        bad_value("streaks › points › current"),
    ),
    (
        "a run above its best",
        b'{"solved": {}, "streaks": {"points": {"current": 9, "best": 2}}}',
        bad_value("streaks › points"),
    ),
    (
        "true for a number",
        b'{"solved": {}, "streaks": {"points": {"current": true, "best": 2}}}',
        bad_value("streaks › points › current"),
    ),
    (
        "NaN",
        b'{"solved": {}, "streaks": {"points": {"current": 0, "best": NaN}}}',
        bad_value("streaks › points › best"),
    ),
    (
        "a law without guesses",
        b'{"solved": {}, "streaks": {}, "laws": {"no-sevens": {"day": "2026-01-01", "plays": 3}}}',
        bad_value("laws › no-sevens"),
    ),
    ("a part that is a list", b'{"solved": [], "streaks": {}}', bad_value("solved")),
    ("a language as a number", b'{"solved": {}, "streaks": {}, "language": 5}', bad_value("language")),
    ("a negative miss", b'{"solved": {}, "streaks": {}, "misses": {"points": -2}}', bad_value("misses › points")),
    ("2 MB", b'{"solved": {}, "streaks": {}, "pad": "' + b"x" * 2_000_000 + b'"}', TOO_BIG),
]


@pytest.mark.parametrize(
    ("content", "sentence"), [case[1:] for case in BAD_UPLOADS], ids=[case[0] for case in BAD_UPLOADS]
)
def test_a_bad_upload_is_refused_in_one_sentence_and_changes_nothing(
    tmp_path: Path, content: bytes, sentence: str
) -> None:
    progress = full(tmp_path / "progress.json")
    on_disk, in_memory = progress.path.read_bytes(), progress.record()
    with pytest.raises(ValueError) as refusal:
        progress.take_in(content)
    assert str(refusal.value) == sentence
    assert progress.path.read_bytes() == on_disk and progress.record() == in_memory
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]


def test_the_largest_file_taken_in_is_the_cap() -> None:
    padding = MAX_BYTES - len(b'{"solved": {}, "streaks": {}, "pad": ""}')
    assert read(b'{"solved": {}, "streaks": {}, "pad": "' + b"x" * padding + b'"}', limit=MAX_BYTES) == Record()
    with pytest.raises(ValueError, match="too big"):
        read(b" " + b'{"solved": {}, "streaks": {}, "pad": "' + b"x" * padding + b'"}', limit=MAX_BYTES)


# ------------------------------------------------------------------ the file on disk


def test_a_corrupt_file_is_set_aside_whole_before_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b'{"solved": {"matching-1": "2026-01-01"}, "streaks": {"points": "lost"}}')
    corrupt = path.read_bytes()
    progress = Progress.load(path)
    assert progress.notice == "Your saved progress was damaged, so it starts fresh."
    assert path.read_bytes() == corrupt  # reading alone moves nothing (a teacher's report reads files too)
    progress.solve("calls-1")
    assert (tmp_path / "progress.json.bad").read_bytes() == corrupt
    assert Progress.load(path).solved.keys() == {"calls-1"}
    path.write_bytes(b"\x00 again")
    Progress.load(path).solve("calls-2")
    assert (tmp_path / "progress.json.bad").read_bytes() == corrupt  # an earlier one is never replaced
    assert (tmp_path / "progress.json.bad-2").read_bytes() == b"\x00 again"


def test_a_file_damaged_while_a_page_is_open_is_set_aside_too(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    page = Progress.load(path)
    page.solve("calls-1")
    path.write_text("{half a file", encoding="utf-8")  # another program wrote over it
    page.solve("calls-2")
    assert (tmp_path / "progress.json.bad").read_text(encoding="utf-8") == "{half a file"
    assert Progress.load(path).solved.keys() == {"calls-1", "calls-2"}


def test_a_newer_courses_file_on_disk_is_never_written_over(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": FORMAT + 1, "solved": {"x": "2030-01-01"}, "streaks": {}}), encoding="utf-8")
    newer = path.read_bytes()
    progress = Progress.load(path)
    assert progress.notice is not None and progress.notice.startswith("Your progress was saved by a newer version")
    progress.solve("calls-1")
    progress.reset()
    assert progress.solved == {} and path.read_bytes() == newer
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]


def failing_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every save fails as a full or read-only disk (or a browser's refused storage) makes it fail."""

    def refused(*_args: object, **_kwargs: object) -> Any:
        raise PermissionError("read-only")

    monkeypatch.setattr("maumau_core.course.progress.tempfile.mkstemp", refused)


def test_while_saves_fail_the_page_keeps_every_change_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.json"
    Progress.load(path).solve("matching-1")
    on_disk = path.read_bytes()
    failing_saves(monkeypatch)
    page = Progress.load(path)
    page.solve("calls-1")
    page.pass_check("06_calls:late-call-too-late")  # the file, read again first, must not undo calls-1
    assert page.solved.keys() == {"matching-1", "calls-1"} and page.checks
    assert page.notice == (
        f"Your progress cannot be saved in {tmp_path}, so it lasts only while this page is open: download it "
        "before you leave."
    )
    assert path.read_bytes() == on_disk
    assert json.loads(page.download())["solved"].keys() == {"matching-1", "calls-1"}  # the way out
    monkeypatch.undo()
    page.solve("calls-2")  # saving works again: all of it reaches the file, and the notice goes
    assert Progress.load(path).solved.keys() == {"matching-1", "calls-1", "calls-2"} and page.notice is None


# ------------------------------------------------------------------ a browser that keeps nothing


@pytest.fixture
def static(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(delivery.CHOICE, "static")
    delivery.current.cache_clear()
    yield
    delivery.current.cache_clear()


def test_without_the_browsers_drive_nothing_is_saved_in_memory_and_the_page_says_so(
    static: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drive = tmp_path / "drive"  # not there: the browser mounted no drive
    monkeypatch.setattr(learner, "mounted_data_dir", lambda: drive)
    progress = Progress.load(drive / "progress.json")
    assert progress.notice == NO_STORAGE  # said when the page opens, before anything is lost
    progress.answer("points", True)
    assert progress.streaks["points"] == {"current": 1, "best": 1} and not drive.exists()
    panel = ProgressPanel(progress)
    assert NO_STORAGE in unescape(panel._summary.value)
    drive.mkdir()  # a browser with its drive
    fine = Progress.load(drive / "progress.json")
    fine.solve("calls-1")
    assert fine.notice is None and Progress.load(drive / "progress.json").solved.keys() == {"calls-1"}


def test_a_saved_record_on_the_static_site_fails_to_save_with_the_browsers_sentence(
    static: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    progress = Progress.load(tmp_path / "progress.json")
    failing_saves(monkeypatch)
    progress.solve("calls-1")
    assert progress.notice == NO_STORAGE and progress.solved.keys() == {"calls-1"}


# ------------------------------------------------------------------ the course map's widget


def chosen(content: bytes, name: str = "maumau-progress.json") -> dict[str, Any]:
    """A file as FileUpload's value holds it once the browser sent it."""
    return {
        "name": name,
        "type": "application/json",
        "size": len(content),
        "content": memoryview(content),
        "last_modified": datetime.now(UTC),
    }


def sent(upload: Any, content: bytes) -> None:
    """The browser's message for a chosen file, as ipywidgets 8 sends it (the bytes as a buffer)."""
    file = {"name": "maumau-progress.json", "type": "application/json", "size": len(content), "last_modified": 0}
    upload.comm.handle_msg(
        {
            "content": {
                "comm_id": upload.model_id,
                "data": {"method": "update", "state": {"value": [file]}, "buffer_paths": [["value", 0, "content"]]},
            },
            "buffers": [memoryview(content)],
        }
    )


def downloaded(panel: ProgressPanel) -> bytes:
    link = panel._file._download.value
    assert 'download="maumau-progress.json"' in link and "Download my progress</a>" in link
    return base64.b64decode(re.search(r'href="data:application/json;base64,([^"]+)"', link)[1])  # type: ignore[index]


def test_the_course_maps_table_heads_each_part_over_its_figures_with_no_empty_heading(tmp_path: Path) -> None:
    """Four parts, each headed in words, left as its figures are; a column with no heading has a plain cell
    (an empty heading is one a screen reader announces with nothing to say)."""
    table = ProgressPanel(full(tmp_path / "progress.json"))._summary.value
    headings = re.findall(r"<th([^>]*)>([^<]*)</th>", table)
    assert len(headings) == 4 + 2  # the four parts, and the two columns that have a heading
    assert all(attributes == " align='left'" and text.strip() for attributes, text in headings), headings


def test_the_course_map_downloads_the_progress_and_follows_every_change(tmp_path: Path) -> None:
    panel = ProgressPanel(full(tmp_path / "progress.json"))
    assert json.loads(downloaded(panel)) == json.loads(panel.progress.download())
    Progress.load(panel.progress.path).solve("calls-2")  # another page
    panel._refresh.click()
    assert "calls-2" in json.loads(downloaded(panel))["solved"]


def test_an_upload_on_the_course_map_is_merged_saved_shown_and_said(tmp_path: Path) -> None:
    other = full(tmp_path / "other.json")
    panel = ProgressPanel(Progress.load(tmp_path / "progress.json"))
    sent(panel._file._upload, other.download())  # through the guard, as from the page
    assert "Taken in from the file: 1 lesson check" in panel._file.feedback.value
    assert "mm-good" in panel._file.feedback.value
    assert Progress.load(tmp_path / "progress.json").record() == other.record()
    assert "1 of 3" in panel._summary.value  # the exercises' row shows the solved one
    assert panel._file._upload.value == ()  # forgotten: the same file may be chosen again
    assert json.loads(downloaded(panel))["solved"] == other.solved


@pytest.mark.parametrize(
    ("content", "sentence"),
    [(b"{oops", NOT_JSON), (json.dumps({"format": 99, "solved": {}, "streaks": {}}).encode(), NEWER)],
)
def test_a_bad_upload_on_the_course_map_is_said_and_the_file_stays(
    tmp_path: Path, content: bytes, sentence: str
) -> None:
    progress = full(tmp_path / "progress.json")
    on_disk = progress.path.read_bytes()
    panel = ProgressPanel(progress)
    panel._file._upload.value = (chosen(content),)
    assert sentence in unescape(panel._file.feedback.value) and "mm-bad" in panel._file.feedback.value
    assert progress.path.read_bytes() == on_disk
    panel._file._upload.value = (chosen(progress.download()),)  # the page still works
    assert "nothing changed" in panel._file.feedback.value


def test_a_2_mb_file_sent_by_the_page_is_refused_in_a_sentence_before_the_guard_drops_it(tmp_path: Path) -> None:
    progress = full(tmp_path / "progress.json")
    on_disk = progress.path.read_bytes()
    panel = ProgressPanel(progress)
    sent(panel._file._upload, b" " * 2_000_000)
    assert TOO_BIG in unescape(panel._file.feedback.value)
    assert panel._file._upload.value == () and progress.path.read_bytes() == on_disk


def test_an_upload_while_saves_fail_is_kept_for_the_page_and_says_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = full(tmp_path / "other.json")
    panel = ProgressPanel(Progress.load(tmp_path / "progress.json"))
    failing_saves(monkeypatch)
    panel._file._upload.value = (chosen(other.download()),)
    assert "Taken in from the file" in panel._file.feedback.value
    assert "cannot be saved" in panel._summary.value and "1 of 3" in panel._summary.value
    assert json.loads(downloaded(panel))["solved"] == other.solved  # what the page holds can still leave it
    panel._refresh.click()  # reading the (empty) file again loses nothing of it
    assert panel.progress.solved == other.solved


def test_the_file_controls_are_named_for_the_keyboard_and_screen_readers(tmp_path: Path) -> None:
    view: ProgressFile = ProgressPanel(Progress.load(tmp_path / "progress.json"))._file
    upload = view._upload
    assert upload.description == "Upload a progress file" and upload.tooltip and not upload.disabled
    assert upload.accept == ".json,application/json" and upload.multiple is False
    assert "mm-progress-upload" in upload._dom_classes and "mm-progress-file" in view.widget._dom_classes
    assert view.feedback._dom_classes[-1].endswith("-feedback")  # the page script makes it a live region
    assert '<a class="mm-progress-download"' in view._download.value  # a link: focusable, named by its text

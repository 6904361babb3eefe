"""Whose progress a kernel keeps: the user's file on a laptop or a hub, a browser's own file on a server
shared by a class — and never a file another browser's key opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maumau_core import delivery
from maumau_core.course import learner


@pytest.fixture(autouse=True)
def _own_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.delenv("MAUMAU_PROGRESS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    learner._browser_file.cache_clear()
    yield
    learner._browser_file.cache_clear()


def _browser(monkeypatch: pytest.MonkeyPatch, cookie: str) -> Path:
    monkeypatch.setenv(learner.PER_BROWSER, "1")
    monkeypatch.setenv("HTTP_COOKIE", cookie)
    learner._browser_file.cache_clear()  # a new kernel
    return learner.progress_path()


def test_a_laptop_keeps_the_user_s_one_file(tmp_path: Path) -> None:
    assert learner.progress_path() == tmp_path / "maumau-course" / "progress.json"


def test_a_chosen_file_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MAUMAU_PROGRESS", str(tmp_path / "mine.json"))
    assert _browser(monkeypatch, f"{learner.COOKIE}={learner.new_key()}") == tmp_path / "mine.json"


def test_each_browser_of_a_shared_server_has_its_own_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ana, ben = learner.new_key(), learner.new_key()
    first = _browser(monkeypatch, f"_xsrf=abc; {learner.COOKIE}={ana}")
    assert first.parent == tmp_path / "maumau-course" / "learners"
    assert ana not in first.name  # the folder never shows a key that would open the record
    assert _browser(monkeypatch, f"{learner.COOKIE}={ana}") == first  # the same browser, another page
    assert _browser(monkeypatch, f"{learner.COOKIE}={ben}") != first


@pytest.mark.parametrize(
    "cookie",
    [
        "",
        "_xsrf=abc",
        f"{learner.COOKIE}=../../etc/passwd",
        f"{learner.COOKIE}=short",
        f'{learner.COOKIE}="unterminated',
    ],
)
def test_a_page_without_a_usable_key_gets_a_file_for_itself_only(monkeypatch: pytest.MonkeyPatch, cookie: str) -> None:
    one, other = _browser(monkeypatch, cookie), _browser(monkeypatch, cookie)
    assert one != other and one.parent.name == "learners"


def test_only_a_pre_heated_kernel_waits_for_its_request_through_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel started for its page has the request's cookies already; importing Voilà to wait would cost it
    ~2 s of CPU. A pre-heated kernel waits for its page's request before it reads them."""
    import voila.utils

    waited: list[bool] = []
    monkeypatch.setattr(voila.utils, "wait_for_request", lambda: waited.append(True))
    key = learner.new_key()
    monkeypatch.setenv("HTTP_COOKIE", f"{learner.COOKIE}={key}")
    for mark in (None, "False"):  # not in Voilà; a page's own kernel
        if mark is None:
            monkeypatch.delenv("VOILA_PREHEAT", raising=False)
        else:
            monkeypatch.setenv("VOILA_PREHEAT", mark)
        assert learner.browser_key() == key and waited == []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    assert learner.browser_key() == key and waited == [True]


def test_new_keys_are_valid_and_never_repeat() -> None:
    keys = {learner.new_key() for _ in range(100)}
    assert len(keys) == 100 and all(learner.valid_key(key) for key in keys)
    assert not learner.valid_key(None) and not learner.valid_key("a/b" * 10)


@pytest.mark.parametrize(("chosen", "mounted"), [("static", Path("/drive")), ("served", None)])
def test_only_the_static_sites_drive_is_a_folder_the_course_must_never_make(
    monkeypatch: pytest.MonkeyPatch, chosen: str, mounted: Path | None
) -> None:
    """The browser mounts the drive; a /drive the course made itself would keep progress in memory only."""
    monkeypatch.setenv(delivery.CHOICE, chosen)
    delivery.current.cache_clear()
    try:
        assert learner.mounted_data_dir() == mounted
        assert mounted is None or learner.data_dir() == mounted
    finally:
        delivery.current.cache_clear()

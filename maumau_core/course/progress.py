"""The learner's progress: solved exercises, practice streaks, lesson checks and Mao laws, in one small JSON file.

The file lives in the user's data directory (``platformdirs``), or where
the ``MAUMAU_PROGRESS`` environment variable points (tests, a JupyterHub
learner's server), or, on a server shared by a class, in a file of the
learner's browser (:mod:`maumau_core.course.learner`), or on the static site in the browser's own storage.
Its format, and how two records merge, are :mod:`maumau_core.course.progress_file`'s.

A broken progress file must never break a lesson, nor be lost:

- a missing file is a fresh start; a corrupt one is too, with a one-line notice, and the first save sets the
  corrupt file aside (``progress.json.bad``, then ``.bad-2``, …) before it writes, so a file a learner or a
  teacher could still mend is never overwritten;
- a file written by a newer course is shown as a fresh start with a notice and never written over (that
  course can read it, this one cannot keep all of it);
- a save that fails (a folder that cannot be written, a browser that keeps no storage) is said in one
  sentence, and the record stays in memory for the page, where the learner can still download it; until a
  save succeeds, what the file holds is merged into the record rather than taken instead of it.

The file is replaced atomically (written beside it, then renamed), so a kill during a save leaves the previous
record whole. Several pages (each its own kernel) write the same file: every change first takes in what the
file holds now, so a page open for an hour does not erase what another page saved meanwhile.
"""

from __future__ import annotations

import itertools
import os
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from maumau_core import i18n
from maumau_core.course import learner
from maumau_core.course.progress_file import MAX_BYTES, NewerFile, NotJson, Record, merge, read
from maumau_core.i18n import N_, _


def default_path() -> Path:
    """The progress file of the learner this kernel serves (:func:`maumau_core.course.learner.progress_path`)."""
    return learner.progress_path()


class Progress:
    """What the learner has done, each part keyed by a stable id:

    - ``solved``: exercise id -> the day it was first solved;
    - ``streaks``: practice topic -> current and best streak;
    - ``checks``: lesson check id (``"<page stem>:<check name>"``) -> the day first answered right;
    - ``laws``: Mao library law name -> the first solve: day, plays and guesses it took;
    - ``misses``: practice topic -> wrong answers not yet made good by a right one (what practice brings
      back more often, see :func:`maumau_core.course.practice.review_weights`);
    - ``language``: the course language the learner chose (a code of :data:`maumau_core.i18n.LANGUAGES`),
      English until they choose; a file saved before languages existed loads as English.
    """

    def __init__(
        self,
        path: Path,
        solved: dict[str, str],
        streaks: dict[str, dict[str, int]],
        notice: str | None = None,
        *,
        checks: dict[str, str] | None = None,
        laws: dict[str, dict[str, Any]] | None = None,
        misses: dict[str, int] | None = None,
        language: str = i18n.DEFAULT,
    ) -> None:
        self.path = path
        self.solved = solved
        self.streaks = streaks
        self.checks = checks if checks is not None else {}
        self.laws = laws if laws is not None else {}
        self.misses = misses if misses is not None else {}
        self.language = language if language in i18n.LANGUAGES else i18n.DEFAULT
        self.notice = notice
        #: The file holds a record this course could not read: set it aside before writing.
        self._damaged = False
        #: The file holds a newer course's record: never write over it.
        self._newer = False
        #: The last save failed: the record is ahead of the file.
        self._unsaved = False

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """Read the file; a missing or unreadable one gives a fresh start (with a notice if it was corrupt, or
        written by a newer course, or if this browser keeps nothing)."""
        where = path or default_path()
        progress = cls(where, {}, {})
        try:
            progress._adopt(read(where.read_bytes()))
        except FileNotFoundError:
            if not _lasting(where):
                progress.notice = _cannot_save(where)
        except NewerFile:
            progress._newer = True
            progress.notice = _(
                "Your progress was saved by a newer version of the course, so this page leaves that file as it is "
                "and keeps what you do here only until the page closes."
            )
        except (OSError, NotJson):
            progress.notice, progress._damaged = _("Your saved progress could not be read, so it starts fresh."), True
        except ValueError:  # JSON, but not a record this course wrote
            progress.notice, progress._damaged = _("Your saved progress was damaged, so it starts fresh."), True
        return progress

    # ------------------------------------------------------------------ the record as a whole

    def record(self) -> Record:
        """This progress as a record of the file's format (copies: changing it changes nothing here)."""
        return Record(
            solved=dict(self.solved),
            streaks={topic: dict(streak) for topic, streak in self.streaks.items()},
            checks=dict(self.checks),
            laws={name: dict(solve) for name, solve in self.laws.items()},
            misses=dict(self.misses),
            language=self.language,
        )

    def _adopt(self, record: Record) -> None:
        self.solved, self.streaks, self.checks = record.solved, record.streaks, record.checks
        self.laws, self.misses, self.language = record.laws, record.misses, record.language

    def download(self) -> bytes:
        """The progress file a learner downloads: the record as the course saves it."""
        return self.record().dumps().encode("utf-8")

    def take_in(self, content: bytes) -> str:
        """Merge an uploaded progress file into this record (:func:`~maumau_core.course.progress_file.merge`:
        nothing here is lost), save, and return the sentence saying what it added.

        A file that is too big, not JSON, not a record, hand-edited with a value out of place or from a newer
        course raises :class:`~maumau_core.course.progress_file.BadProgressFile` (its message is the sentence)
        and changes nothing, here or on disk.
        """
        uploaded = read(content, limit=MAX_BYTES)
        self.reread()
        merged, gain = merge(self.record(), uploaded)
        self._adopt(merged)
        self.save()
        return gain.sentence()

    def reread(self) -> None:
        """Adopt what the file holds now (other pages may have saved since this record was read): every change
        does first, and the course map whenever the file changes. A file that is missing or unreadable is not
        adopted: then this record is the best one there is. While a save has failed, this record is ahead of
        the file, so the file is merged in instead."""
        if not self.path.exists():
            return
        saved = Progress.load(self.path)
        self._damaged, self._newer = saved._damaged, saved._newer
        if self._newer:
            self.notice = saved.notice
        if saved.notice is not None:
            return
        self._adopt(merge(self.record(), saved.record())[0] if self._unsaved else saved.record())
        if not self._unsaved:
            self.notice = None  # whatever was wrong with the file, it is read whole now

    # ------------------------------------------------------------------ changes

    def choose_language(self, language: str) -> None:
        """Keep the learner's course language and make it the kernel's (a Voilà kernel serves one learner).

        An unknown code raises :class:`~maumau_core.errors.BadOption` and changes nothing.
        """
        i18n.use(language)
        self.reread()
        self.language = language
        self.save()

    def solve(self, exercise: str) -> None:
        """Mark an exercise solved (the first day counts) and save."""
        self.reread()
        self.solved.setdefault(exercise, date.today().isoformat())
        self.save()

    def pass_check(self, check: str) -> None:
        """Mark a lesson's check-yourself question answered right (the first day counts) and save."""
        self.reread()
        self.checks.setdefault(check, date.today().isoformat())
        self.save()

    def solve_law(self, name: str, *, plays: int, guesses: int) -> None:
        """Record a Mao law solved: the first solve is kept (day, plays seen and guesses made). Saves."""
        self.reread()
        self.laws.setdefault(name, {"day": date.today().isoformat(), "plays": plays, "guesses": guesses})
        self.save()

    def answer(self, topic: str, right: bool) -> dict[str, int]:
        """Count a practice answer: a right one extends the streak, a wrong one ends it and is remembered
        as a miss until a later right answer in the same topic makes it good. Saves."""
        self.reread()
        misses = self.misses.get(topic, 0) + (-1 if right else 1)
        if misses > 0:
            self.misses[topic] = misses
        else:
            self.misses.pop(topic, None)
        streak = self.streaks.setdefault(topic, {"current": 0, "best": 0})
        streak["current"] = streak["current"] + 1 if right else 0
        streak["best"] = max(streak["best"], streak["current"])
        self.save()
        return streak

    def reset(self) -> None:
        """Forget everything and save the empty record."""
        self.solved.clear()
        self.streaks.clear()
        self.checks.clear()
        self.laws.clear()
        self.misses.clear()
        self.notice = None
        self.save()

    # ------------------------------------------------------------------ the file

    def save(self) -> None:
        """Write the file atomically; a place that cannot be written is noted, not raised (see the module's
        docstring for a corrupt file, set aside first, and a newer course's, never written over)."""
        if self._newer:
            return
        try:
            if not _lasting(self.path):
                raise FileNotFoundError(self.path.parent)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self._damaged:
                self._set_aside()
            if self._newer:
                return
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    file.write(self.record().dumps())
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError:
            self._unsaved = True
            self.notice = _cannot_save(self.path)
            return
        if self._unsaved:
            self._unsaved = False
            self.notice = None

    def _set_aside(self) -> None:
        """Move the corrupt file to the first free ``<name>.bad`` (``.bad-2``, …), unless another page has
        mended, moved or replaced it meanwhile (a newer course's file is then left alone, as on loading)."""
        again = Progress.load(self.path)
        self._newer = again._newer
        if again._damaged:
            for number in itertools.count(1):
                aside = self.path.with_name(f"{self.path.name}.bad" + (f"-{number}" if number > 1 else ""))
                if not aside.exists():
                    os.replace(self.path, aside)
                    break
        self._damaged = False


def _lasting(path: Path) -> bool:
    """Would a file saved at ``path`` outlast the page? Not inside a data folder the host mounts that is not
    there (:func:`maumau_core.course.learner.mounted_data_dir`): a folder made in its place lives in memory."""
    mount = learner.mounted_data_dir()
    return mount is None or not path.is_relative_to(mount) or mount.is_dir()


#: What the progress store says on the static site when the browser mounts no drive (no service worker runs
#: for the page: a private window in some browsers, or the site over plain http from another host than the
#: learner's machine): a page meets it in a real browser in tests/browser/test_static_site.py.
NOT_KEPT_IN_BROWSER = N_(
    "Your progress cannot be kept in this browser (private browsing, or a site not served over https, keeps "
    "nothing), so it lasts only while this page is open: download it before you leave."
)


def _cannot_save(path: Path) -> str:
    """The sentence for progress that cannot be saved: in this browser on the static site, in a folder
    otherwise (a teacher can mend that one)."""
    if learner.mounted_data_dir() is not None:
        return _(NOT_KEPT_IN_BROWSER)
    return _(
        "Your progress cannot be saved in {folder}, so it lasts only while this page is open: download it "
        "before you leave."
    ).format(folder=path.parent)

"""The learner's progress: solved exercises, practice streaks, lesson checks and Mao laws, in one small JSON file.

The file lives in the user's data directory (``platformdirs``), or where
the ``MAUMAU_PROGRESS`` environment variable points (tests, a JupyterHub
learner's server), or, on a server shared by a class, in a file of the
learner's browser (:mod:`maumau_core.course.learner`). A
missing file is a fresh start; a corrupt one is too, with a one-line
notice, because a broken progress file must never break a lesson. The file
is replaced atomically (written beside it, then renamed), so a kill during a
save leaves the previous record whole. Records written before lesson checks,
Mao laws and practice misses were kept simply have none yet.

Several pages (each its own kernel) write the same file: every change first
takes in what the file holds now, so a page open for an hour does not erase
what another page saved meanwhile.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from maumau_core import i18n
from maumau_core.i18n import _


def default_path() -> Path:
    """The progress file of the learner this kernel serves (:func:`maumau_core.course.learner.progress_path`)."""
    from maumau_core.course.learner import progress_path

    return progress_path()


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

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """Read the file; a missing or unreadable one gives a fresh start (with a notice if it was corrupt)."""
        where = path or default_path()
        try:
            data = json.loads(where.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls(where, {}, {})
        except (OSError, ValueError):
            return cls(where, {}, {}, _("Your saved progress could not be read, so it starts fresh."))
        try:
            solved = {str(k): str(v) for k, v in dict(data["solved"]).items()}
            streaks = {
                str(topic): {"current": int(s["current"]), "best": int(s["best"])}
                for topic, s in dict(data["streaks"]).items()
            }
            checks = {str(k): str(v) for k, v in dict(data.get("checks", {})).items()}
            laws = {
                str(name): {"day": str(entry["day"]), "plays": int(entry["plays"]), "guesses": int(entry["guesses"])}
                for name, entry in dict(data.get("laws", {})).items()
            }
            misses = {str(topic): int(count) for topic, count in dict(data.get("misses", {})).items()}
            language = str(data.get("language", i18n.DEFAULT))
        except (KeyError, TypeError, ValueError, AttributeError):
            return cls(where, {}, {}, _("Your saved progress was damaged, so it starts fresh."))
        return cls(where, solved, streaks, checks=checks, laws=laws, misses=misses, language=language)

    def _take_in_saved(self) -> None:
        """Adopt what the file holds now (other pages may have saved since this record was read). A file
        that is missing or unreadable is not adopted: then this record is the best one there is."""
        if not self.path.exists():
            return
        saved = Progress.load(self.path)
        if saved.notice is None:
            self.solved, self.streaks, self.checks = saved.solved, saved.streaks, saved.checks
            self.laws, self.misses, self.language = saved.laws, saved.misses, saved.language

    def choose_language(self, language: str) -> None:
        """Keep the learner's course language and make it the kernel's (a Voilà kernel serves one learner).

        An unknown code raises :class:`~maumau_core.errors.BadOption` and changes nothing.
        """
        i18n.use(language)
        self._take_in_saved()
        self.language = language
        self.save()

    def solve(self, exercise: str) -> None:
        """Mark an exercise solved (the first day counts) and save."""
        self._take_in_saved()
        self.solved.setdefault(exercise, date.today().isoformat())
        self.save()

    def pass_check(self, check: str) -> None:
        """Mark a lesson's check-yourself question answered right (the first day counts) and save."""
        self._take_in_saved()
        self.checks.setdefault(check, date.today().isoformat())
        self.save()

    def solve_law(self, name: str, *, plays: int, guesses: int) -> None:
        """Record a Mao law solved: the first solve is kept (day, plays seen and guesses made). Saves."""
        self._take_in_saved()
        self.laws.setdefault(name, {"day": date.today().isoformat(), "plays": plays, "guesses": guesses})
        self.save()

    def answer(self, topic: str, right: bool) -> dict[str, int]:
        """Count a practice answer: a right one extends the streak, a wrong one ends it and is remembered
        as a miss until a later right answer in the same topic makes it good. Saves."""
        self._take_in_saved()
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

    def save(self) -> None:
        """Write the file atomically; a place that cannot be written is noted, not raised."""
        data: dict[str, Any] = {
            "solved": self.solved,
            "streaks": self.streaks,
            "checks": self.checks,
            "laws": self.laws,
            "misses": self.misses,
            "language": self.language,
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    file.write(json.dumps(data, indent=1, sort_keys=True))
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError:
            self.notice = _("Progress cannot be saved in {folder}; it is kept until the page closes.").format(
                folder=self.path.parent
            )

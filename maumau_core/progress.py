"""The learner's progress: solved exercises and practice streaks, in one small JSON file.

The file lives in the user's data directory (``platformdirs``), or where
the ``MAUMAU_PROGRESS`` environment variable points (tests use that). A
missing file is a fresh start; a corrupt one is too, with a one-line
notice, because a broken progress file must never break a lesson.
"""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path
from typing import Any

import platformdirs


def default_path() -> Path:
    override = os.environ.get("MAUMAU_PROGRESS")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("maumau-course", appauthor=False)) / "progress.json"


class Progress:
    """Solved exercise ids (with the day solved) and, per practice topic, the current and best streak."""

    def __init__(self, path: Path, solved: dict[str, str], streaks: dict[str, dict[str, int]],
                 notice: str | None = None) -> None:
        self.path = path
        self.solved = solved
        self.streaks = streaks
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
            return cls(where, {}, {}, "Your saved progress could not be read, so it starts fresh.")
        try:
            solved = {str(k): str(v) for k, v in dict(data["solved"]).items()}
            streaks = {str(topic): {"current": int(s["current"]), "best": int(s["best"])}
                       for topic, s in dict(data["streaks"]).items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            return cls(where, {}, {}, "Your saved progress was damaged, so it starts fresh.")
        return cls(where, solved, streaks)

    def solve(self, exercise: str) -> None:
        """Mark an exercise solved (the first day counts) and save."""
        self.solved.setdefault(exercise, date.today().isoformat())
        self.save()

    def answer(self, topic: str, right: bool) -> dict[str, int]:
        """Count a practice answer: a right one extends the streak, a wrong one ends it. Saves."""
        streak = self.streaks.setdefault(topic, {"current": 0, "best": 0})
        streak["current"] = streak["current"] + 1 if right else 0
        streak["best"] = max(streak["best"], streak["current"])
        self.save()
        return streak

    def reset(self) -> None:
        """Forget everything and save the empty record."""
        self.solved.clear()
        self.streaks.clear()
        self.notice = None
        self.save()

    def save(self) -> None:
        """Write the file; a place that cannot be written is noted, not raised."""
        data: dict[str, Any] = {"solved": self.solved, "streaks": self.streaks}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
        except OSError:
            self.notice = f"Progress cannot be saved in {self.path.parent}; it is kept until the page closes."

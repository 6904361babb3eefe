"""The progress file's format: what a record holds, how it is written and read, and how two records merge.

The same bytes are the file a page saves (:class:`maumau_core.course.progress.Progress`) and the file a
learner downloads from the course map and uploads again, in another browser, on the static site or on a
served course: one format, so nothing is lost on the way.

Reading is strict, because an uploaded file may come from anywhere (hand-edited, another program's JSON, a
newer course): every part must have its shape and every value its type and range, or the whole file is
refused with one sentence (:class:`BadProgressFile`) and nothing of it is taken in. A part the file lacks is
empty, and a part it has that the course does not know is ignored.

Versions (``"format"``): 1 is every file written before the field existed (``solved`` and ``streaks``, and
since then ``checks``, ``laws``, ``misses`` and ``language``, each optional); 2 adds the field itself, nothing
else. A file of a higher format comes from a newer course, whose records this one cannot promise to keep
whole, so it is refused (:class:`NewerFile`) rather than read in part.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from maumau_core import i18n
from maumau_core.errors import MauMauError
from maumau_core.i18n import _, ngettext

#: The format this course writes (see the module's docstring).
FORMAT = 2
#: The largest upload taken in, in bytes: a whole course's record is a few kilobytes, so a bigger file is not
#: one; it stays below what the widgets' guard lets one message carry, so the learner is always told.
MAX_BYTES = 500_000
#: The name a downloaded progress file gets.
DOWNLOAD_NAME = "maumau-progress.json"
#: The largest count (a streak, plays, guesses, misses) a file may hold: beyond it the file was edited by hand.
LARGEST = 10**9


class BadProgressFile(MauMauError):
    """A progress file the course will not read; its message is the one sentence the learner sees."""

    code = "bad-progress"


class NotJson(BadProgressFile):
    """Bytes that are not JSON text at all (another kind of file)."""


class NotARecord(BadProgressFile):
    """JSON, but not a progress record: the wrong shape, or a value of the wrong type or range."""


class NewerFile(BadProgressFile):
    """A record of a format newer than :data:`FORMAT`."""


class TooBig(BadProgressFile):
    """More than :data:`MAX_BYTES`."""


@dataclass
class Record:
    """A learner's progress, part by part (see :class:`maumau_core.course.progress.Progress` for each part)."""

    solved: dict[str, str] = field(default_factory=dict)
    streaks: dict[str, dict[str, int]] = field(default_factory=dict)
    checks: dict[str, str] = field(default_factory=dict)
    laws: dict[str, dict[str, Any]] = field(default_factory=dict)
    misses: dict[str, int] = field(default_factory=dict)
    language: str = i18n.DEFAULT

    def dumps(self) -> str:
        """The file's text, in the current format."""
        data = {
            "format": FORMAT,
            "solved": self.solved,
            "streaks": self.streaks,
            "checks": self.checks,
            "laws": self.laws,
            "misses": self.misses,
            "language": self.language,
        }
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)


# ------------------------------------------------------------------ reading


def read(content: bytes, *, limit: int | None = None) -> Record:
    """The record in a file's bytes; raises a :class:`BadProgressFile` whose message says why not.

    ``limit`` caps the size (an upload: :data:`MAX_BYTES`); a file the course saved itself has none.
    """
    if limit is not None and len(content) > limit:
        raise too_big(limit)
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as error:
        raise NotJson(
            _("That file is not a progress file of this course (it holds no JSON), so nothing was taken in.")
        ) from error
    except RecursionError as error:  # JSON nested deeper than Python reads: no record is
        raise _not_a_record() from error
    return parse(data)


def too_big(limit: int = MAX_BYTES) -> TooBig:
    """The refusal of a file over ``limit`` bytes (also said by the course map for a file too big to reach it)."""
    return TooBig(
        # Translators: {size} is a number of kilobytes, e.g. "500".
        _(
            "That file is too big for a progress file of this course (at most {size} KB), so nothing was taken in."
        ).format(size=i18n.number(limit // 1000))
    )


def parse(data: Any) -> Record:
    """A record from the file's JSON value, checked part by part (see the module's docstring)."""
    if not isinstance(data, dict) or "solved" not in data or "streaks" not in data:
        raise _not_a_record()
    version = data.get("format", 1)
    if not _count(version) or version < 1:
        raise _bad_value("format")
    if version > FORMAT:
        raise NewerFile(
            _(
                "That progress file comes from a newer version of the course, so nothing was taken in: take it to a "
                "course at least as new."
            )
        )
    language = data.get("language", i18n.DEFAULT)
    if not isinstance(language, str):
        raise _bad_value("language")
    streaks = {
        topic: {
            "current": _number(s, "current", f"streaks › {topic}"),
            "best": _number(s, "best", f"streaks › {topic}"),
        }
        for topic, s in _part(data, "streaks").items()
    }
    for topic, streak in streaks.items():
        if streak["current"] > streak["best"]:
            raise _bad_value(f"streaks › {topic}")
    return Record(
        solved={name: _day(day, f"solved › {name}") for name, day in _part(data, "solved").items()},
        streaks=streaks,
        checks={name: _day(day, f"checks › {name}") for name, day in _part(data, "checks").items()},
        laws={
            name: {
                "day": _day(_field(entry, "day", f"laws › {name}"), f"laws › {name} › day"),
                "plays": _number(entry, "plays", f"laws › {name}"),
                "guesses": _number(entry, "guesses", f"laws › {name}"),
            }
            for name, entry in _part(data, "laws").items()
        },
        misses={topic: count for topic, count in _counts(_part(data, "misses")).items() if count > 0},
        # A language the course does not have (any more, or yet) is no reason to refuse the record.
        language=language if language in i18n.LANGUAGES else i18n.DEFAULT,
    )


def _not_a_record() -> NotARecord:
    return NotARecord(_("That file does not hold a progress record of this course, so nothing was taken in."))


def _bad_value(where: str) -> NotARecord:
    return NotARecord(
        # Translators: {where} names the part of the file, as the file writes it (e.g. "streaks › points").
        _("That progress file has a value the course cannot read ({where}), so nothing was taken in.").format(
            where=where
        )
    )


def _part(data: dict[str, Any], name: str) -> dict[str, Any]:
    """One part of the record (an object of named entries; a part the file lacks is empty)."""
    part = data.get(name, {})
    if not isinstance(part, dict):
        raise _bad_value(name)
    return part


def _field(entry: Any, name: str, where: str) -> Any:
    if not isinstance(entry, dict) or name not in entry:
        raise _bad_value(where)
    return entry[name]


def _number(entry: Any, name: str, where: str) -> int:
    value = _field(entry, name, where)
    if not _count(value):
        raise _bad_value(f"{where} › {name}")
    return int(value)


def _counts(part: dict[str, Any]) -> dict[str, int]:
    for topic, count in part.items():
        if not _count(count):
            raise _bad_value(f"misses › {topic}")
    return dict(part)


def _count(value: Any) -> bool:
    """A whole number from 0 to :data:`LARGEST` (JSON's ``true`` is not one, nor ``2.0``)."""
    return type(value) is int and 0 <= value <= LARGEST


def _day(value: Any, where: str) -> str:
    """A day as the course writes it (``2026-05-01``)."""
    try:
        if isinstance(value, str) and date.fromisoformat(value).isoformat() == value:
            return value
    except ValueError:
        pass
    raise _bad_value(where)


# ------------------------------------------------------------------ merging


@dataclass(frozen=True)
class Gain:
    """What a merge added to the record that was there: new entries, and practice topics whose best rose."""

    checks: int = 0
    exercises: int = 0
    laws: int = 0
    streaks: int = 0

    def sentence(self) -> str:
        """The one sentence the course map says after an upload."""
        parts = [
            # Translators: the parts of "Taken in from the file: {parts}.", joined as your language lists them.
            ngettext("{count} lesson check", "{count} lesson checks", self.checks).format(count=self.checks),
            ngettext("{count} code exercise", "{count} code exercises", self.exercises).format(count=self.exercises),
            ngettext("{count} Mao law", "{count} Mao laws", self.laws).format(count=self.laws),
            ngettext("{count} new best practice streak", "{count} new best practice streaks", self.streaks).format(
                count=self.streaks
            ),
        ]
        taken = [part for part, count in zip(parts, (self.checks, self.exercises, self.laws, self.streaks)) if count]
        if not taken:
            return _("Everything in that file was already here, so nothing changed.")
        # Translators: {parts} lists what an uploaded progress file added, e.g. "2 lesson checks and 1 Mao law".
        return _("Taken in from the file: {parts}.").format(parts=i18n.listed(taken))


def merge(here: Record, there: Record) -> tuple[Record, Gain]:
    """Both records in one, losing nothing either holds, and what ``there`` added to ``here``.

    - solved exercises, lesson checks, Mao laws: every entry of either; an entry in both keeps the earlier day
      (a law its earlier solve, with that solve's plays and guesses; on the same day, the one here);
    - practice streaks: each topic's best is the higher one, and so is its current run (a run is never cut
      short by moving; it stays at most the best);
    - practice misses: each topic's higher count (a miss made good in one record but not the other is brought
      back for review once more rather than forgotten);
    - the language: the one here, unless here is still English, the course's first language, and the file
      chose another (a fresh browser takes the learner's choice with the file).
    """
    streaks: dict[str, dict[str, int]] = {}
    better = 0
    for topic in here.streaks.keys() | there.streaks.keys():
        mine = here.streaks.get(topic, {"current": 0, "best": 0})
        theirs = there.streaks.get(topic, {"current": 0, "best": 0})
        streaks[topic] = {key: max(mine[key], theirs[key]) for key in ("current", "best")}
        better += theirs["best"] > mine["best"]
    laws = dict(there.laws)
    laws.update(
        {name: solve for name, solve in here.laws.items() if name not in laws or solve["day"] <= laws[name]["day"]}
    )
    merged = Record(
        solved=_earliest(here.solved, there.solved),
        streaks=streaks,
        checks=_earliest(here.checks, there.checks),
        laws=laws,
        misses={
            topic: max(here.misses.get(topic, 0), there.misses.get(topic, 0))
            for topic in here.misses.keys() | there.misses.keys()
        },
        language=there.language if here.language == i18n.DEFAULT else here.language,
    )
    gain = Gain(
        checks=len(there.checks.keys() - here.checks.keys()),
        exercises=len(there.solved.keys() - here.solved.keys()),
        laws=len(there.laws.keys() - here.laws.keys()),
        streaks=better,
    )
    return merged, gain


def _earliest(mine: dict[str, str], theirs: dict[str, str]) -> dict[str, str]:
    """Every entry of both, each with its earlier day (ISO days sort as text)."""
    return {
        name: min(day for day in (mine.get(name), theirs.get(name)) if day is not None)
        for name in mine.keys() | theirs.keys()
    }

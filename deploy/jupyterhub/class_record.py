"""One line of the teacher's class report per learner: what they solved, out of what the course has.

Only what the course still offers is counted (an exercise or a check removed since a learner solved it
is not), so "3 of 17" always means three of the seventeen a learner can do today. Kept apart from the
web service (``class_report.py``) so that it is tested without a hub.
"""

from __future__ import annotations

from dataclasses import dataclass

from maumau_core.course.outline import CHECKS
from maumau_core.course.practice import TOPICS as PRACTICE
from maumau_core.course.progress import Progress
from maumau_core.exercises import QUESTIONS
from maumau_core.mao.law_library import CAMPAIGN

EXERCISE_IDS = frozenset(question.id for question in QUESTIONS)
CHECK_IDS = frozenset(f"{page}:{name}" for page, names in CHECKS.items() for name in names)
LAW_NAMES = frozenset(entry.name for entry in CAMPAIGN)


@dataclass(frozen=True)
class LearnerLine:
    """A learner's record in counts; ``streaks``: practice topic title -> best streak, topics tried only."""

    name: str
    exercises: int
    checks: int
    laws: int
    streaks: dict[str, int]
    notice: str | None

    @classmethod
    def of(cls, name: str, progress: Progress) -> LearnerLine:
        return cls(
            name=name,
            exercises=len(EXERCISE_IDS & progress.solved.keys()),
            checks=len(CHECK_IDS & progress.checks.keys()),
            laws=len(LAW_NAMES & progress.laws.keys()),
            streaks={
                title: progress.streaks[topic]["best"]
                for topic, (title, _make) in PRACTICE.items()
                if topic in progress.streaks
            },
            notice=progress.notice,
        )

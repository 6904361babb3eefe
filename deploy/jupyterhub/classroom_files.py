"""Where each learner's things live in the classroom on one server, and the course files a learner starts with.

The hub configuration (which starts each learner's server) and the teacher's report (which reads each
learner's progress) both ask here, so they cannot disagree about where a learner's progress is kept.

Each learner has a home of their own under the classroom folder, and a progress file of their own,
which reaches their kernels as ``MAUMAU_PROGRESS``, so no two learners ever share one. The lesson pages are
copied into the home at every start (they are the course's, not the learner's: a newer course reaches
everyone), the exercises only when missing (they are the learner's work: never overwritten).
"""

from __future__ import annotations

import shutil
from pathlib import Path

COURSE = Path(__file__).resolve().parents[2]
LESSONS = COURSE / "notebooks"
EXERCISES = COURSE / "exercises"


def home(classroom: Path, user: str) -> Path:
    """A learner's home: their copy of the course and whatever they make in JupyterLab."""
    return classroom / "homes" / user


def progress_file(classroom: Path, user: str) -> Path:
    """A learner's progress file: one folder per learner under ``progress/``, the layout a school's
    shared volume has too (``deploy/z2jh/config.yaml``), so the report reads both alike."""
    return classroom / "progress" / user / "progress.json"


def lay_out_course(learner_home: Path) -> None:
    """``notebooks/`` and ``exercises/`` side by side as in the course's own folder (an exercise links
    to its lesson as ``../notebooks/<lesson>.ipynb``): lessons refreshed, exercises copied once."""
    for lesson in LESSONS.rglob("*.ipynb"):  # with the other languages' pages, notebooks/<code>/
        target = learner_home / "notebooks" / lesson.relative_to(LESSONS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(lesson, target)
    for exercise in EXERCISES.rglob("*.ipynb"):
        target = learner_home / "exercises" / exercise.relative_to(EXERCISES)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(exercise, target)

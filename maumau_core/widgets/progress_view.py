"""The course map's progress panel: exercises solved, practice streaks, and a reset.

Progress is written by exercise checks in JupyterLab and by the practice
page, possibly in other kernels, so the panel reads the file again when
asked to refresh. Resetting needs a second click, so one stray click cannot
wipe a learner's record.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from maumau_core.exercises import TOPICS
from maumau_core.practice import TOPICS as PRACTICE
from maumau_core.progress import Progress
from maumau_core.widgets.common import safely
from maumau_core.widgets.views import message_html

class ProgressPanel:
    """A summary of the learner's progress with Refresh and Reset buttons."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.progress = progress or Progress.load()
        self._summary = w.HTML().add_class("mm-progress")
        self._refresh = w.Button(description="Refresh", icon="refresh").add_class("mm-progress-refresh")
        self._reset = w.Button(description="Reset my progress", button_style="warning").add_class("mm-progress-reset")
        self._confirm = w.Button(description="Yes, forget it all", button_style="danger",
                                 layout=w.Layout(display="none"))
        self._confirm.add_class("mm-progress-confirm")
        show = safely(lambda text: setattr(self._summary, "value", message_html(text, good=False)))
        self._refresh.on_click(show(lambda _b: self.reload()))
        self._reset.on_click(show(lambda _b: setattr(self._confirm.layout, "display", "")))
        self._confirm.on_click(show(lambda _b: self.reset()))
        self.widget = w.VBox([self._summary, w.HBox([self._refresh, self._reset, self._confirm])])
        self.show()

    def reload(self) -> None:
        self.progress = Progress.load(self.progress.path)
        self.show()

    def reset(self) -> None:
        self.progress.reset()
        self._confirm.layout.display = "none"
        self.show()

    def show(self) -> None:
        solved = self.progress.solved
        rows = []
        for topic, questions in TOPICS.items():
            done = sum(question.id in solved for question in questions)
            marks = " ".join("✓" if question.id in solved else "·" for question in questions)
            rows.append(f"<tr><td>{escape(topic)}</td><td>{done} of {len(questions)}</td>"
                        f"<td aria-hidden='true'>{marks}</td></tr>")
        streaks = []
        for key, (name, _make) in PRACTICE.items():
            streak = self.progress.streaks.get(key, {"current": 0, "best": 0})
            streaks.append(f"<tr><td>{escape(name)}</td><td>streak {streak['current']}</td>"
                           f"<td>best {streak['best']}</td></tr>")
        notice = f"<p>{escape(self.progress.notice)}</p>" if self.progress.notice else ""
        self._summary.value = (
            f"{notice}<table><tr><th align='left'>Code exercises (JupyterLab)</th><th>solved</th><th></th></tr>"
            f"{''.join(rows)}<tr><th align='left'>Practice page</th><th></th><th></th></tr>{''.join(streaks)}"
            "</table>")


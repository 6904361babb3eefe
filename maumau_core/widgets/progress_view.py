"""The course map's progress panel: each lesson's checks, exercises solved, practice streaks, Mao laws solved,
a reset, and the progress file to download and to upload again.

Progress is written by the lessons' checks, the practice page and the Mao
puzzle in the web pages, and by exercise checks in JupyterLab, each in its
own kernel, so the panel reads the file again when asked to refresh, and,
once told to :meth:`~ProgressPanel.follow` it, whenever the file changes: the
course map is served pre-heated (run before anyone asks for it), so what it
read when it ran may be old by the time a learner opens it. A Mao
law is shown by its neutral campaign label until it is solved: only then is
it named. Resetting needs a second click, so one stray click cannot wipe a
learner's record.

The download is a link holding the file itself (a ``data:`` address), rewritten whenever the panel shows the
progress anew: it needs no server, so it works the same on a served course and on the static site, where
the kernel runs in the browser. The upload merges the file into the record here
(:meth:`~maumau_core.course.progress.Progress.take_in`) and says in one sentence what it took in, or why it
took nothing. A file too big is refused before it reaches the widgets' guard, which would drop it without a
word.
"""

from __future__ import annotations

import asyncio
import base64
from html import escape
from typing import Any

import ipywidgets as w

from maumau_core.course.outline import CHECKS, PAGES
from maumau_core.course.practice import TOPICS as PRACTICE
from maumau_core.course.progress import Progress
from maumau_core.course.progress_file import DOWNLOAD_NAME, MAX_BYTES, too_big
from maumau_core.errors import MauMauError
from maumau_core.exercises import TOPICS
from maumau_core.i18n import _
from maumau_core.mao.law_library import CAMPAIGN, campaign_label
from maumau_core.sentences import practice as say
from maumau_core.widgets import guard
from maumau_core.widgets.common import safely
from maumau_core.widgets.language import LanguageNotice
from maumau_core.widgets.views import message_html


def _out_of(done: int, total: int) -> str:
    # Translators: how many of a lesson's checks (or a topic's exercises) are done, e.g. "2 of 3".
    return _("{done} of {total}").format(done=done, total=total)


def _heading(text: str) -> str:
    """A heading of the course map's table, to the left over its figures as they are; a column without one has
    an empty cell, not an empty heading (there is nothing to read out)."""
    return f"<th align='left'>{escape(text)}</th>" if text else "<td></td>"


class ProgressPanel:
    """A summary of the learner's progress with Refresh and Reset buttons, and its file to download and upload."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.progress = progress or Progress.load()
        self._summary = w.HTML().add_class("mm-progress")
        self._refresh = w.Button(description=_("Refresh"), icon="refresh").add_class("mm-progress-refresh")
        self._reset = w.Button(description=_("Reset my progress"), button_style="warning").add_class(
            "mm-progress-reset"
        )
        self._confirm = w.Button(
            description=_("Yes, forget it all"), button_style="danger", layout=w.Layout(display="none")
        )
        self._confirm.add_class("mm-progress-confirm")
        show = self._safe = safely(lambda text: setattr(self._summary, "value", message_html(text, good=False)))
        self._refresh.on_click(show(lambda _b: self.reload()))
        self._reset.on_click(show(lambda _b: setattr(self._confirm.layout, "display", "")))
        self._confirm.on_click(show(lambda _b: self.reset()))
        # The learner's language is kept with the progress: the panel says so first (maumau_core/widgets/language.py).
        self.language = LanguageNotice(self.progress)
        self._file = ProgressFile(self)
        self.widget = w.VBox(
            [
                self.language.widget,
                self._summary,
                w.HBox([self._refresh, self._reset, self._confirm]),
                self._file.widget,
            ]
        )
        self.show()

    def follow(self, seconds: float = 2.0) -> ProgressPanel:
        """Re-read the file whenever it has changed, looking every ``seconds`` on the kernel's event loop
        (outside a running loop, as in a plain script, there is nothing to follow)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return self
        seen = self._stamp()

        def look() -> None:
            nonlocal seen
            loop.call_later(seconds, checked)  # first, so that a failed read does not end the watch
            stamp = self._stamp()
            if stamp != seen:
                seen = stamp
                self.reload()

        checked = self._safe(look)
        loop.call_later(seconds, checked)
        return self

    def _stamp(self) -> tuple[int, int] | None:
        """When the file was last written, and its size (None while there is none)."""
        try:
            stat = self.progress.path.stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def reload(self) -> None:
        self.progress.reread()
        self.show()

    def reset(self) -> None:
        self.progress.reset()
        self._confirm.layout.display = "none"
        self.show()

    def show(self) -> None:
        checks = []
        for page in PAGES:
            ids = CHECKS.get(page.stem, ())
            if ids:
                done = sum(f"{page.stem}:{name}" in self.progress.checks for name in ids)
                checks.append(
                    f"<tr><td>{page.number} · {escape(page.local_title)}</td>"
                    f"<td>{escape(_out_of(done, len(ids)))}</td><td></td></tr>"
                )
        laws = []
        for entry in CAMPAIGN:
            solve = self.progress.laws.get(entry.name)
            # An unsolved law is shown by its neutral label only: its name would give it away.
            state = say.law_solved(entry.name, solve["plays"], solve["guesses"]) if solve else say.law_unsolved()
            laws.append(f"<tr><td>{escape(campaign_label(entry))}</td><td>{escape(state)}</td><td></td></tr>")
        solved = self.progress.solved
        rows = []
        for topic, questions in TOPICS.items():
            done = sum(question.id in solved for question in questions)
            marks = " ".join("✓" if question.id in solved else "·" for question in questions)
            name = _(topic)
            rows.append(
                f"<tr><td>{escape(name)}</td><td>{escape(_out_of(done, len(questions)))}</td>"
                f"<td aria-hidden='true'>{marks}</td></tr>"
            )
        streaks = []
        for key, (name, _make) in PRACTICE.items():
            streak = self.progress.streaks.get(key, {"current": 0, "best": 0})
            current, best = (
                # Translators: a practice topic's current run of right answers, then its best run.
                _("streak {count}").format(count=streak["current"]),
                _("best {count}").format(count=streak["best"]),
            )
            topic_name = _(name)
            streaks.append(f"<tr><td>{escape(topic_name)}</td><td>{escape(current)}</td><td>{escape(best)}</td></tr>")
        notice = f"<p>{escape(self.progress.notice)}</p>" if self.progress.notice else ""
        heads = [
            # Translators: the headings of the course map's progress table, each with its column's heading.
            (_("Lessons (check yourself)"), _("right")),
            (_("Code exercises (JupyterLab)"), _("solved")),
            (_("Practice page"), ""),
            (_("Mao laws found"), ""),
        ]
        head = [f"<tr>{_heading(part)}{_heading(column)}<td></td></tr>" for part, column in heads]
        self._summary.value = (
            f"{notice}<table>{head[0]}{''.join(checks)}{head[1]}{''.join(rows)}{head[2]}{''.join(streaks)}"
            f"{head[3]}{''.join(laws)}</table>"
        )
        self._file.show()


class ProgressFile:
    """The panel's progress file: a download link of the record as it is now, and an upload that merges a file
    into it. Both are keyboard controls with their own names (a link's text, a button's label and tooltip);
    what an upload did is said in the box below them, a live region (its class ends in ``-feedback``)."""

    def __init__(self, panel: ProgressPanel) -> None:
        self._panel = panel
        self._download = w.HTML().add_class("mm-progress-download-box")
        self._upload = w.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description=_("Upload a progress file"),
            tooltip=_("Add a progress file downloaded from this course to your progress here: nothing here is lost."),
            layout=w.Layout(width="auto"),  # its label in full, in every language
        ).add_class("mm-progress-upload")
        self.feedback = w.HTML().add_class("mm-progress-file-feedback")
        say = safely(lambda text: self._tell(text, good=False))
        self._upload.observe(say(self._uploaded), "value")
        # A file too big is told here: the guard, which would get the message next, drops it silently.
        self._upload.comm.on_msg(say(self._message))
        explanation = w.HTML(
            "<p>"
            + escape(
                _(
                    "To take your progress to another browser or computer, download it as a file and upload that "
                    "file there: what is there already is kept, and what the file adds is taken in."
                )
            )
            + "</p>"
        ).add_class("mm-progress-file-help")
        self.widget = w.VBox(
            [explanation, w.HBox([self._download, self._upload]), self.feedback],
        ).add_class("mm-progress-file")

    def show(self) -> None:
        """The download link, holding the progress as the panel shows it now."""
        address = "data:application/json;base64," + base64.b64encode(self._panel.progress.download()).decode("ascii")
        label = escape(_("Download my progress"))
        self._download.value = (
            f'<a class="mm-progress-download" download="{DOWNLOAD_NAME}" href="{address}">{label}</a>'
        )

    def _tell(self, text: str, *, good: bool) -> None:
        self.feedback.value = message_html(text, good=good)

    def _message(self, msg: dict[str, Any]) -> None:
        buffers = msg.get("buffers") or []
        if sum(memoryview(buffer).nbytes for buffer in buffers) > MAX_BYTES:
            self._tell(str(too_big()), good=False)
            self._upload.send_state("value")  # the page's button back in step: it holds no file
            return
        guard.handle(self._upload, msg)

    def _uploaded(self, change: dict[str, Any]) -> None:
        """Take in the file the learner chose, then forget it (the same file may be chosen again)."""
        files = change["new"]
        if not files:
            return
        try:
            self._tell(self._panel.progress.take_in(bytes(files[0]["content"])), good=True)
        except MauMauError as refusal:
            self._tell(str(refusal), good=False)
        finally:
            self._upload.value = ()
        self._panel.show()

"""One exercise: what to write, the cases that check it, hints, and a worked solution.

A :class:`Question` is declarative: it names the function or value the
learner writes, lists the inputs to try, and asks ``maumau_core`` for each
right answer, so a checker never re-implements a rule. ``check()`` finds the
learner's answer in the notebook by name and reports one of four things:
correct, not attempted, incorrect (the first failing input, what was expected
and what the learner's code gave), or the learner's code raised. Nothing
the learner wrote is ever ``eval``-ed: it is an ordinary Python function or
value in their own notebook, called with plain arguments.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from maumau_core.progress import Progress
from maumau_core.sentences import exercises as say


@dataclass(frozen=True)
class Case:
    """One input to try: the arguments, and how the input reads to a beginner."""

    args: tuple[Any, ...]
    words: str


@dataclass(frozen=True)
class Feedback:
    """What a check, a hint or a solution says; shows as plain text in a notebook."""

    status: str  # "correct", "not-attempted", "incorrect", "raised", "hint" or "solution"
    text: str

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


#: A question's own way of judging an answer when plain equality is not enough:
#: (case, learner's answer) -> None when right, else the sentence that says what went wrong.
Judge = Callable[[Case, Any], "str | None"]


@dataclass
class Question:
    """An exercise. ``truth(*case.args)`` gives the right answer, from the library.

    ``kind`` is ``"function"`` (the learner defines ``name`` as a function,
    called once per case), ``"value"`` (the learner assigns ``name``; the
    one case has no arguments) or ``"player"`` (a function the ``judge``
    runs, like a bot). ``same`` compares answers after both are put
    in a canonical form (card lists in any order, words in any case, …);
    ``judge`` replaces the comparison entirely for answers that are run
    rather than compared, like a bot.
    """

    id: str
    title: str
    task: str
    name: str
    cases: Sequence[Case]
    truth: Callable[..., Any]
    hints: Sequence[str]
    solution_code: Callable[..., Any] | str
    explanation: str
    lesson: str
    kind: str = "function"
    canonical: Callable[[Any], Any] = lambda value: value
    show: Callable[[Any], str] = repr
    judge: Judge | None = None
    progress: Callable[[], Progress] = field(default=Progress.load, repr=False)

    def check(self, answer: Any = None) -> Feedback:
        """Run the learner's answer (found by name in the calling notebook) against every case."""
        if answer is None:
            answer = sys._getframe(1).f_globals.get(self.name)
        feedback = self._verdict(answer)
        if feedback.correct:
            self.progress().solve(self.id)
        return feedback

    def _verdict(self, answer: Any) -> Feedback:
        if answer is None or answer is Ellipsis:
            return self._not_attempted()
        if self.kind != "value" and not callable(answer):
            return Feedback("incorrect", say.not_a_function(self.name, answer))
        for case in self.cases:
            try:
                got = answer(*case.args) if self.kind == "function" else answer
                problem = self.judge(case, got) if self.judge else self._compare(case, got)
            except NotImplementedError:
                return self._not_attempted()
            except Exception as error:  # the learner's code crashed: say so in one sentence
                return Feedback("raised", say.raised(error, case.words))
            if problem is not None:
                return Feedback("incorrect", say.not_yet(problem))
        return Feedback("correct", say.correct(self.explanation))

    def _compare(self, case: Case, got: Any) -> str | None:
        expected = self.truth(*case.args)
        try:
            same = self.canonical(got) == self.canonical(expected)
        except Exception:  # an answer of the wrong type cannot even be put in canonical form
            same = False
        if same:
            return None
        return say.wrong_answer(case.words, self.show(expected), _shown(got))

    def _not_attempted(self) -> Feedback:
        return Feedback("not-attempted", say.not_attempted(self.name))

    def hint(self, number: int = 1) -> Feedback:
        """The ``number``-th hint of the ladder (1 is the gentlest)."""
        if not 1 <= number <= len(self.hints):
            return Feedback("hint", say.no_such_hint(len(self.hints)))
        return Feedback("hint", say.hint(number, self.hints[number - 1], len(self.hints)))

    def solution(self) -> Feedback:
        """A worked solution with the reasoning behind it, for when the learner gives up."""
        code = self.solution_code if isinstance(self.solution_code, str) else inspect.getsource(self.solution_code)
        return Feedback("solution", say.solution(code.rstrip(), self.explanation))

    def __repr__(self) -> str:
        return say.question_line(self.title, self.task)

    def _repr_markdown_(self) -> str:
        """How JupyterLab shows the question: its task, and where the rule is taught."""
        return say.question_markdown(self.title, self.task, self.lesson)


def _shown(value: Any) -> str:
    """The learner's value, short enough for one sentence."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "…"

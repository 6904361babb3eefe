"""One exercise: what to write, the cases that check it, hints, and a worked solution.

A :class:`Question` is declarative: it names the function or value the
learner writes, lists the inputs to try, and asks ``maumau_core`` for each
right answer, so a checker never re-implements a rule. ``check()`` finds the
learner's answer in the notebook by name and reports one of four things:
correct, not attempted, incorrect, or the learner's code raised. An incorrect
answer is met with the rule it breaks, never with the right value: the
question's :class:`Misconception` s (each a wrong idea written as code) are
compared with the learner's answers, and the one that explains the failing
input names its rule; otherwise the question's own rule is named. Nothing
the learner wrote is ever ``eval``-ed: it is an ordinary Python function or
value in their own notebook, called with plain arguments.
"""

from __future__ import annotations

import copy
import inspect
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from maumau_core.course.progress import Progress
from maumau_core.i18n import _
from maumau_core.sentences import exercises as say


class Case:
    """One input to try: the arguments, and how the input reads to a beginner.

    The case keeps a copy of its arguments of its own, and ``args`` hands every caller (the learner's code,
    the right answer, each misconception) a fresh copy of it: an answer that empties a hand it was given is
    judged on what it returns, the right answer still sees the whole hand, and so does the next check.
    """

    __slots__ = ("_args", "words")

    def __init__(self, args: tuple[Any, ...], words: str) -> None:
        self._args = copy.deepcopy(tuple(args))
        self.words = words

    @property
    def args(self) -> tuple[Any, ...]:
        return copy.deepcopy(self._args)

    def __repr__(self) -> str:
        return f"Case({self._args!r}, {self.words!r})"


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


@dataclass(frozen=True)
class Misconception:
    """A wrong idea beginners often hold, so that a wrong answer is met with the rule instead of the answer.

    ``believes`` is the idea written as code: it answers as ``truth`` would for
    someone who holds it (for a value question it takes no arguments). A
    learner's answer that agrees with it on the input that went wrong is taken
    to come from that idea, and ``rule`` (the rule the idea gets wrong) is said.
    ``cases`` are inputs that reveal the idea when the question's own cases
    cannot (a bot is judged on a whole race, its ideas on single tables).
    """

    name: str
    rule: str
    believes: Callable[..., Any]
    cases: Sequence[Case] = ()


class WrongShape(Exception):
    """Raised by a judge for an answer it cannot judge at all (no dict, no law, no move); the message says
    what shape is wanted, and no rule follows it."""


#: A question's own way of judging an answer when plain equality is not enough:
#: (case, learner's answer) -> None when right, else the sentence that says what went wrong
#: (or it raises :class:`WrongShape`).
Judge = Callable[[Case, Any], "str | None"]


@dataclass
class Question:
    """An exercise. ``truth(*case.args)`` gives the right answer, from the library.

    ``kind`` is ``"function"`` (the learner defines ``name`` as a function,
    called once per case), ``"value"`` (the learner assigns ``name``; the
    one case has no arguments) or ``"player"`` (a function the ``judge``
    runs, like a bot). ``canonical`` puts answers in a form that is
    compared (card lists in any order, words in any case, …);
    ``judge`` replaces the comparison entirely for answers that are run
    rather than compared, like a bot. ``rule`` states once the rule the
    question is about, said when a wrong answer matches none of the
    ``misconceptions``. ``same`` says whether two answers mean the same when
    no canonical form can (two laws that allow the same plays).
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
    rule: str
    misconceptions: Sequence[Misconception] = ()
    kind: str = "function"
    canonical: Callable[[Any], Any] = lambda value: value
    judge: Judge | None = None
    same: Callable[[Any, Any], bool] | None = None
    progress: Callable[[], Progress] = field(default=Progress.load, repr=False)
    #: The data some texts name (``{rules}``, ``{rounds}``), made when shown so numbers follow the language.
    words: Callable[[], Mapping[str, str]] | None = field(default=None, repr=False)

    def said(self, text: str) -> str:
        """One of the question's texts (title, task, rule, hint, explanation, a misconception's rule) in the
        kernel's language, with the data it names filled in."""
        message = _(text)
        return message.format(**self.words()) if self.words is not None else message

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
        given: dict[int, Any] = {}  # the learner's answer to each input tried so far, by the input's id
        for case in self.cases:
            try:
                got = given[id(case)] = self._run(answer, case)
                problem = self.judge(case, got) if self.judge else self._compare(case, got)
            except NotImplementedError:
                return self._not_attempted()
            except WrongShape as error:
                return Feedback("incorrect", say.not_yet(str(error)))
            except Exception as error:  # the learner's code crashed: say so in one sentence
                return Feedback("raised", say.raised(error, case.words))
            if problem is not None:
                return Feedback("incorrect", say.not_yet(self._teach(answer, case, given, problem)))
        return Feedback("correct", say.correct(self.said(self.explanation)))

    def _run(self, answer: Any, case: Case) -> Any:
        """The learner's answer for one input: their function called, or their value as it is."""
        return answer(*case.args) if self.kind == "function" else answer

    def _agree(self, first: Any, second: Any) -> bool:
        """Do two answers mean the same? An answer that cannot even be read agrees with nothing."""
        try:
            if self.same is not None:
                return self.same(first, second)
            return bool(self.canonical(first) == self.canonical(second))
        except Exception:
            return False

    def _compare(self, case: Case, got: Any) -> str | None:
        """None when right; else the general rule, for :meth:`_teach` to sharpen. The right value is never said."""
        if self._agree(got, self.truth(*case.args)):
            return None
        return say.breaks_rule(case.words, _shown(got), self.said(self.rule))

    def _teach(self, answer: Any, case: Case, given: dict[int, Any], problem: str) -> str:
        """What to say about a wrong answer: the rule of the misconception it shows, or the question's rule.

        ``problem`` is the question's rule with the input (for a compared
        answer) or the judge's own verdict (for an answer that is run or read,
        which is then followed by the rule)."""
        got = given[id(case)]
        idea = self._recognise(answer, case, given)
        if self.judge is None:
            return problem if idea is None else say.misconception(case.words, _shown(got), self.said(idea.rule))
        return say.judged(problem, self.said(self.rule if idea is None else idea.rule), idea is not None)

    def _recognise(self, answer: Any, failed: Case, given: dict[int, Any]) -> Misconception | None:
        """The misconception behind an answer that went wrong on ``failed``, if any.

        An idea with its own revealing cases must agree with the answer on all
        of them; any other must give the learner's answer on the failed input,
        and the one that agrees with the answer on the most of the question's
        cases wins (the first declared, on a tie). ``given`` holds the answers
        already seen: the learner's code runs once per input, so what it
        prints shows once.
        """
        theirs = dict(given)

        def their_answer(case: Case) -> Any:
            if id(case) not in theirs:
                try:
                    theirs[id(case)] = answer if self.kind == "value" else answer(*case.args)
                except Exception:  # the learner's code fails here: its answer agrees with no idea
                    theirs[id(case)] = _NO_ANSWER
            return theirs[id(case)]

        def agrees(idea: Misconception, case: Case) -> bool:
            return self._agree(their_answer(case), idea.believes(*case.args))

        best: Misconception | None = None
        best_score = -1
        for idea in self.misconceptions:
            if idea.cases:
                score = sum(agrees(idea, case) for case in idea.cases)
                if score < len(idea.cases):
                    continue
            else:
                if not agrees(idea, failed):
                    continue
                score = sum(agrees(idea, case) for case in self.cases)
            if score > best_score:
                best, best_score = idea, score
        return best

    def _not_attempted(self) -> Feedback:
        return Feedback("not-attempted", say.not_attempted(self.name))

    def hint(self, number: int = 1) -> Feedback:
        """The ``number``-th hint of the ladder (1 is the gentlest)."""
        if not 1 <= number <= len(self.hints):
            return Feedback("hint", say.no_such_hint(len(self.hints)))
        return Feedback("hint", say.hint(number, self.said(self.hints[number - 1]), len(self.hints)))

    def solution(self) -> Feedback:
        """A worked solution with the reasoning behind it, for when the learner gives up."""
        code = self.solution_code if isinstance(self.solution_code, str) else inspect.getsource(self.solution_code)
        return Feedback("solution", say.solution(code.rstrip(), self.said(self.explanation)))

    def __repr__(self) -> str:
        return say.question_line(self.said(self.title), self.said(self.task))

    def _repr_markdown_(self) -> str:
        """How JupyterLab shows the question: its task, and where the rule is taught."""
        return say.question_markdown(self.said(self.title), self.said(self.task), self.lesson)


#: Stands for the answer of learner's code that raised on an input: it agrees with nothing.
_NO_ANSWER = object()


def _shown(value: Any) -> str:
    """The learner's value, short enough for one sentence."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "…"

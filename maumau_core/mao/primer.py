"""The notation primer: each form a learner will type, an example to see at work, and a law to write.

The forms come in the order the campaign (``law_library.CAMPAIGN``) meets
them. An example is shown by the first situation where it refuses a card
that matches (found exactly, as for a counter-example); a task is checked
like a guess, exactly and with a counter-example, so its answer stays in the
kernel. No example or answer is a library law (a test checks): the primer
must not solve the campaign for the learner. The words are in
:mod:`maumau_core.sentences.mao` (``primer_words``).
"""

from __future__ import annotations

from dataclasses import dataclass

from maumau_core.mao.inquiry import Inquiry
from maumau_core.mao.law_check import NoLaw, difference
from maumau_core.mao.notation import parse_law
from maumau_core.markup import NO_MARKS, Marks
from maumau_core.sentences import mao as say


@dataclass(frozen=True)
class PrimerStep:
    """One form of the notation: its key (for the words), an example law and the law its task asks for."""

    form: str
    example: str
    answer: str


PRIMER: tuple[PrimerStep, ...] = (
    PrimerStep("property", "red", "number"),
    PrimerStep("not", "not hearts", "not K"),
    PrimerStep("after", "after K: red", "after 9: face"),
    PrimerStep("until", "after 7 until Q: black", "after 2 until K: even"),
    PrimerStep("prev", "not (prev K and K)", "not (prev diamonds and clubs)"),
    PrimerStep("if-then", "prev black or red", "not prev face or face"),
)


def example_at_work(step: PrimerStep, marks: Marks = NO_MARKS) -> str:
    """The example law, and the first situation where it refuses a card that matches."""
    found = difference(parse_law(step.example), NoLaw())
    assert found is not None, "a primer example must forbid something"
    return say.example_refuses(step.example, found, marks)


def task_inquiry(step: PrimerStep) -> Inquiry:
    """The check of one step's task: judged like a guess at a secret law (the answer stays in the kernel)."""
    return Inquiry(parse_law(step.answer))

"""The Mao exercise: write a law in the notation from its description (lesson 11)."""

from __future__ import annotations

from typing import Any

from maumau_core.exercises import solutions
from maumau_core.exercises.question import Case, Question
from maumau_core.mao.law_check import difference
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law
from maumau_core.sentences import exercises as say
from maumau_core.sentences.mao import counter_example

#: The law the description asks for; any law that allows exactly the same plays is right.
DESCRIBED = parse_law("after K until A: black")
DESCRIBED_WORDS = "the described law"


def _judge_law(case: Case, answer: Any) -> str | None:
    if not isinstance(answer, str):
        return say.not_law_text(answer)
    try:
        law: WrittenLaw = parse_law(answer)
    except BadLaw as error:
        return str(error)
    found = difference(law, DESCRIBED)
    return None if found is None else counter_example(found, DESCRIBED_WORDS)


law_text = Question(
    id="mao-1", title="Write a law", lesson="14_write_a_law.ipynb", name="law_text", kind="value",
    task="Set `law_text` to this law, written in the law notation: *after a king is played, only black cards may "
         "be played, until an ace is played.*",
    cases=[Case((), DESCRIBED_WORDS)], truth=lambda: str(DESCRIBED), judge=_judge_law,
    hints=["The law has a trigger (a card that switches it on), a lift (a card that switches it off) and a "
           "condition in between.",
           "The shape is `after TRIGGER until LIFT: CONDITION`, with ranks written as K, A and colours as red, "
           "black.",
           "The trigger is the king and the lift the ace; the condition is the colour."],
    solution_code=f"law_text = {solutions.law_text!r}",
    explanation="`after K until A: black` switches the condition on with a king and keeps it until an ace is "
                "played; any law that allows exactly the same plays counts as right.",
)

QUESTIONS = [law_text]

"""The Mao exercise: write a law in the notation from its description (lesson 11)."""

from __future__ import annotations

from typing import Any

from maumau_core.exercises import solutions
from maumau_core.exercises.question import Case, Misconception, Question, WrongShape
from maumau_core.i18n import N_, _
from maumau_core.mao.law_check import difference
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law
from maumau_core.sentences import exercises as say
from maumau_core.sentences.mao import counter_example

#: The law the description asks for; any law that allows exactly the same plays is right. It is read when an
#: answer is judged: the exercise list is imported by every page's progress panel, which reads no law.
DESCRIBED = "after K until A: black"
DESCRIBED_WORDS = N_("the described law")


def _same_law(first: Any, second: Any) -> bool:
    """Two law texts mean the same when they allow exactly the same plays; text that is no law means nothing."""
    return difference(parse_law(first), parse_law(second)) is None


def _judge_law(case: Case, answer: Any) -> str | None:
    if not isinstance(answer, str):
        raise WrongShape(say.not_law_text(answer))
    try:
        law: WrittenLaw = parse_law(answer)
    except BadLaw as error:
        raise WrongShape(str(error)) from None
    found = difference(law, parse_law(DESCRIBED))
    return None if found is None else counter_example(found, _(DESCRIBED_WORDS))


law_text = Question(
    id="mao-1",
    title=N_("Write a law"),
    lesson="14_write_a_law.ipynb",
    name="law_text",
    kind="value",
    task=N_(
        "Set `law_text` to this law, written in the law notation: *after a king is played, only black cards may "
        "be played, until an ace is played.*"
    ),
    cases=[Case((), DESCRIBED_WORDS)],
    truth=lambda: DESCRIBED,
    judge=_judge_law,
    same=_same_law,
    rule=N_(
        "a law with a trigger and a lift switches on when its trigger card is played and stays on until its "
        "lift card is played; while it is on, only cards meeting its condition may be played."
    ),
    misconceptions=[
        Misconception(
            "law-without-lift",
            N_(
                "this law ends: `until` names the card that switches it off again, "
                "and a law without it stays on for the rest of the game."
            ),
            lambda: "after K: black",
        ),
        Misconception(
            "trigger-and-lift-swapped",
            N_(
                "`after` names the card that switches the law on and `until` "
                "the card that switches it off; read the description again for which is which."
            ),
            lambda: "after A until K: black",
        ),
        Misconception(
            "law-without-trigger",
            N_(
                "this law is not always on: `after` names the card that switches "
                "it on, and before that card any play the usual rules allow is fine."
            ),
            lambda: "black",
        ),
    ],
    hints=[
        N_(
            "The law has a trigger (a card that switches it on), a lift (a card that switches it off) and a "
            "condition in between."
        ),
        N_("The shape is `after TRIGGER until LIFT: CONDITION`, with ranks written as K, A and colours as red, black."),
        N_("The trigger is the king and the lift the ace; the condition is the colour."),
    ],
    solution_code=f"law_text = {solutions.law_text!r}",
    explanation=N_(
        "`after K until A: black` switches the condition on with a king and keeps it until an ace is "
        "played; any law that allows exactly the same plays counts as right."
    ),
)

QUESTIONS = [law_text]

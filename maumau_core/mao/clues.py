"""What the Mao tools conclude: a written law checked, two laws compared, the detective's advice.

The widgets that guess and write laws (``widgets/law_tools.py``) only show
these conclusions. Every check is exact (``law_check``); learner text is read
by the notation's parser and never run; the words come from
:mod:`maumau_core.sentences.mao`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from maumau_core.engine.cards import Card, matches
from maumau_core.engine.laws import Law
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.detective import History, Space, advise
from maumau_core.mao.inquiry import CANDIDATES_AFTER, Inquiry
from maumau_core.mao.law_check import difference, fitness
from maumau_core.mao.law_library import LIBRARY
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law
from maumau_core.markup import NO_MARKS, Marks
from maumau_core.sentences import mao as say


def write_verdict(text: str) -> tuple[WrittenLaw | None, str]:
    """Check a law someone wants to use: it parses, restricts something, never stops the game for good."""
    try:
        law = parse_law(text)
    except BadLaw as error:
        return None, str(error)
    problem = fitness(law)
    if problem is not None:
        return None, problem
    return law, say.fit_to_play(str(law))


def comparison(law: Law, other: Law) -> str:
    """How the learner's law differs from ``other``, or that it is the same law written differently."""
    found = difference(law, other)
    if found is None:
        return say.same_law_as(str(other))
    return say.counter_example(found, say.quoted_law(str(other)))


@cache
def detective_space() -> Space:
    """The detective's candidate laws, built on first use (about 0.1 s, and 2 MB kept) and shared by every
    table, so a page that never asks the detective never pays for them."""
    return Space([entry.law for entry in LIBRARY])


def detective_advice(
    rounds: Sequence[Sequence[Attempt]],
    top: Card,
    hand: Sequence[Card],
    inquiry: Inquiry | None,
    marks: Marks = NO_MARKS,
) -> list[str]:
    """What the detective says, in the current round's situation: how many laws still fit the evidence, the
    most telling play, and the simplest laws, or when the learner will have earned them.

    The evidence is every matching attempt at the table (a card that does not
    match was refused by the ordinary rules, which tells nothing about the
    law) and every verdict the counter-examples to the learner's guesses revealed.
    """
    space = detective_space()
    histories = [History(tuple((a.top, a.card, a.accepted) for a in attempts if a.matches)) for attempts in rounds]
    seen = sum(len(history.attempts) for history in histories)
    revealed = inquiry.evidence() if inquiry is not None else []
    advice = advise(space, [*histories, *(History(verdicts) for verdicts in revealed)], top, hand)
    lines = [say.candidates_left(seen, sum(map(len, revealed)), advice.remaining, space.size, marks)]
    if advice.best_card is not None:
        lines.append(say.telling_play(advice.best_card, advice.split, marks))
    elif any(matches(card, top) for card in hand):
        lines.append(say.no_telling_play())
    else:
        lines.append(say.no_matching_card())
    if inquiry is not None and inquiry.candidates_earned:
        if advice.simplest:
            lines.append(say.simplest_laws(advice.simplest, marks))
    else:
        lines.append(say.candidates_later(CANDIDATES_AFTER, inquiry.guesses if inquiry is not None else 0))
    return lines

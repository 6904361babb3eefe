"""What the Mao tools conclude: a guess judged, a written law checked, two laws compared, the detective's advice.

The widgets that guess and write laws (``widgets/law_tools.py``) only show
these conclusions. Every check is exact (``law_check``); learner text is read
by the notation's parser and never run; the words come from
:mod:`maumau_core.sentences.mao`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from maumau_core.cards import Card, matches
from maumau_core.laws import Law
from maumau_core.mao.attempts import Attempt
from maumau_core.mao.law_check import difference, fitness
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law
from maumau_core.sentences import mao as say
from maumau_core.sentences.markup import NO_MARKS, Marks

if TYPE_CHECKING:
    from maumau_core.mao.detective import Space


def built_law(after: str, until: str, must: str) -> str:
    """The notation the beginner's dropdowns describe (see ``sentences.mao.after_choices`` and the others)."""
    if not after:
        return must
    return f"after {after}{f' until {until}' if until else ''}: {must}"


def guess_verdict(text: str, secret: Law) -> tuple[bool, str]:
    """Judge a guess against the secret law: right, or the shortest play sequence that tells them apart."""
    try:
        guess = parse_law(text)
    except BadLaw as error:
        return False, str(error)
    found = difference(guess, secret)
    if found is None:
        return True, say.guess_right(str(guess))
    return False, say.guess_wrong(found)


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
    """The detective's candidate laws, built on first use (about a second) and shared by every table.

    The detective module builds its property table when imported, so it is imported only here.
    """
    from maumau_core.mao.detective import Space
    from maumau_core.mao.law_library import LIBRARY

    return Space([entry.law for entry in LIBRARY])


def detective_advice(rounds: Sequence[Sequence[Attempt]], top: Card, hand: Sequence[Card],
                     marks: Marks = NO_MARKS) -> list[str]:
    """What the detective says about the attempts seen so far, in the current round's situation.

    Only matching attempts count: a card that does not match was refused by the
    ordinary rules, which tells nothing about the law.
    """
    from maumau_core.mao.detective import History, advise

    space = detective_space()
    histories = [History(tuple((a.top, a.card, a.accepted) for a in attempts if a.matches)) for attempts in rounds]
    advice = advise(space, histories, top, hand)
    seen = sum(len(history.attempts) for history in histories)
    lines = [say.candidates_left(seen, advice.remaining, space.size, marks)]
    if advice.simplest:
        lines.append(say.simplest_laws(advice.simplest, marks))
    if advice.best_card is not None:
        lines.append(say.telling_play(advice.best_card, advice.split, marks))
    elif any(matches(card, top) for card in hand):
        lines.append(say.no_telling_play())
    else:
        lines.append(say.no_matching_card())
    return lines

"""One learner's search for one secret law: the guesses judged, the counter-examples shown, what they revealed.

A wrong guess is answered with a counter-example the learner has not been
shown before (whenever the two laws disagree anywhere else), so a second
wrong guess always teaches something new. Each counter-example is also a
verdict of the referee on a sequence of plays, and the detective counts
those verdicts as evidence beside the plays seen at the table. The detective
names candidate laws only once the learner has made
:data:`CANDIDATES_AFTER` guesses of their own.
"""

from __future__ import annotations

from maumau_core.engine.cards import Card
from maumau_core.engine.laws import Difference, Law
from maumau_core.mao.law_check import differences
from maumau_core.mao.notation import BadLaw, parse_law
from maumau_core.sentences import mao as say

#: Guesses a learner makes before the detective names candidate laws (the puzzle page says so).
CANDIDATES_AFTER = 3

#: One verdict of the referee: (top card, card tried, accepted?).
Verdict = tuple[Card, Card, bool]


def revealed(found: Difference) -> tuple[Verdict, ...]:
    """What a counter-example to a guess told about the secret law: its plays were all accepted, and the
    last card got the secret law's verdict (the opposite of the guess's)."""
    tops = (found.start, *found.plays)
    accepted = tuple((top, card, True) for top, card in zip(tops, found.plays))
    return (*accepted, (tops[-1], found.card, not found.first_allows))


class Inquiry:
    """The search for ``secret``: how many guesses were judged, whether it is solved, the clues given."""

    def __init__(self, secret: Law) -> None:
        self.secret = secret
        self.guesses = 0
        self.solved = False
        self.shown: list[Difference] = []

    def judge(self, text: str) -> tuple[bool, str]:
        """Right, or a counter-example not shown before. A guess that does not read is explained, not counted."""
        try:
            guess = parse_law(text)
        except BadLaw as error:
            return False, str(error)
        self.guesses += 1
        found = next((d for d in differences(guess, self.secret) if d not in self.shown), None)
        if found is None and self.shown:
            found = next(differences(guess, self.secret), None)  # every clue was given already: repeat one
        if found is None:
            self.solved = True
            return True, say.guess_right(str(guess))
        if found not in self.shown:
            self.shown.append(found)
        return False, say.guess_wrong(found)

    def evidence(self) -> list[tuple[Verdict, ...]]:
        """The referee's verdicts the counter-examples revealed, one sequence of plays each."""
        return [revealed(found) for found in self.shown]

    @property
    def candidates_earned(self) -> bool:
        """Has the learner guessed enough for the detective to name candidate laws?"""
        return self.guesses >= CANDIDATES_AFTER

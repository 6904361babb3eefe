"""A refused action: why (a :class:`Refusal`, the record that reads itself aloud) and the error it raises.

:meth:`Round.check <maumau_core.engine.round.Round.check>` answers "may I?" with a :class:`Refusal` and changes
nothing; :meth:`Round.apply <maumau_core.engine.round.Round.apply>` raises :class:`IllegalAction` for a refused
action, the round unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from maumau_core.engine.facts import RefusalFacts
from maumau_core.engine.table_sentences import refusal_sentence
from maumau_core.errors import MauMauError


@dataclass(frozen=True, slots=True)
class Refusal(RefusalFacts):
    """Why an action may not be taken (:class:`~maumau_core.engine.facts.RefusalFacts`), with its sentence."""

    @property
    def message(self) -> str:
        """The sentence, with players named "Player <seat>"."""
        return refusal_sentence(self)

    def __str__(self) -> str:
        return self.message


class IllegalAction(MauMauError):
    """Raised by an action that was refused; the round is unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal
        self.code = refusal.code

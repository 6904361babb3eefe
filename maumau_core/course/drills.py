"""What every practice question is made of: a :class:`Drill` asks, a :class:`Verdict` answers.

Kept apart from the question makers (``practice.py`` for Mau Mau, ``practice_mao.py`` for Mao) so that
both can build drills and the list of topics can name them all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from maumau_core.engine.cards import Card
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules


@dataclass(frozen=True)
class Verdict:
    """Right or not, and the one sentence that says why."""

    right: bool
    sentence: str


@dataclass
class Drill:
    """One practice question. ``answer`` is the input kind the widget offers:
    ``"cards"`` (pick cards of ``round.hands[round.turn]``), ``"choice"`` (one of
    ``choices``) or ``"number"`` (type a whole number). Without a ``round``, the page shows ``cards``."""

    topic: str
    prompt: str
    answer: str
    round: Round | None
    judge: Callable[[Any], Verdict]
    choices: Sequence[str] = field(default_factory=tuple)
    cards: Sequence[Card] = field(default_factory=tuple)


class DrillMaker(Protocol):
    """Makes one question from a random stream; ``rules`` asks for a rule set (the final quiz covers each
    one), else the maker draws one itself. A maker about one rule set only (Mao) ignores it."""

    def __call__(self, rng: random.Random, rules: Rules | None = None) -> Drill: ...

"""What happened at the table and why an action was refused, as plain records: a code and what it names.

The engine records every consequence of an action (:class:`EventFacts`) and every refusal
(:class:`RefusalFacts`) as data only: seats, cards, amounts, a variant key. Words come later and from
one place, :mod:`maumau_core.engine.table_sentences`; :class:`maumau_core.engine.events.Event` and
:class:`maumau_core.engine.refusals.Refusal` are these records with a property that reads them aloud. So the
records sit low in the library (they need only cards), the sentences above them, and nothing runs back up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from maumau_core.engine.cards import Card, Rank, Suit


@dataclass(frozen=True, slots=True)
class RefusalFacts:
    """Why an action may not be taken, as data: a stable code, and what the sentence names.

    ``why`` picks the sentence when one code has several (a waiting 7 and a
    chain that may not grow are both ``must-answer-seven``); ``player`` tried
    the action, ``seat`` is another seat the sentence names (whose turn it
    is, the player flagged). The words come from
    :mod:`maumau_core.engine.table_sentences`, with the table's names for its seats;
    :class:`maumau_core.engine.refusals.Refusal` is this record that reads itself aloud.
    """

    code: str
    why: str = ""
    player: int | None = None
    seat: int | None = None
    card: Card | None = None
    top: Card | None = None
    rank: Rank | None = None
    suit: Suit | None = None
    wild: Rank | None = None
    amount: int = 0
    text: str = ""


class EventFacts(NamedTuple):
    """One consequence: ``kind`` says what, the other fields say who and with which cards.

    ``text`` holds a word said at the table, or a rank's notation ("7") for an
    event that names the card to answer with; ``reason`` says why a penalty was given.
    """

    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0
    suit: Suit | None = None
    text: str = ""
    reason: RefusalFacts | None = None

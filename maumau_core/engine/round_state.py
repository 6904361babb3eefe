"""The state of one round at the table, and how to read it: the bottom of the round's layers.

A round is built up in small layers, each a class in a module of its own that adds one concern to the one
below it: this state and its reading; :mod:`~maumau_core.engine.legality` (what may be done now);
:mod:`~maumau_core.engine.round_end` (how a round ends and is scored); :mod:`~maumau_core.engine.stock` (drawing and the
reshuffle); :mod:`~maumau_core.engine.special_cards` (what a special card does); :mod:`~maumau_core.engine.call_window`
(the calls, Mao's speech and their penalties); :mod:`~maumau_core.engine.turns` (the turn moving on); and
:class:`~maumau_core.engine.round.Round`, which composes them into the actions. One line of classes (mypyc compiles
them as one native class hierarchy, as fast as one class), each module importing only the layer below.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from maumau_core.engine.actions import Action, Play
from maumau_core.engine.cards import Card, Suit
from maumau_core.engine.events import Event
from maumau_core.engine.laws import Law
from maumau_core.engine.rules import Rules
from maumau_core.errors import BadOption

#: Makes an Event from a full 7-tuple without NamedTuple's keyword handling: for the hot path.
_event = partial(tuple.__new__, Event)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: the winner (or None), whether it was void, why, and the points."""

    winner: int | None
    void: bool
    reason: str
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MissedCall:
    """A call a player did not make; it can be pointed out until its window closes."""

    player: int
    word: str
    turn_no: int


@dataclass(frozen=True, slots=True)
class OwedWords:
    """Mao: the words a player's legal play called for and that were not said with it.

    They may still be said (a ``Say`` of that player) until the next action
    at the table; that action first charges one penalty per word still owed.
    """

    player: int
    words: tuple[str, ...]


class RoundState:
    """The mutable state of one round, and its plain reading (whose turn, the top card, the suit to follow)."""

    __slots__ = (  # fixed attributes: faster to read and write in simulations, and no typos
        "_copies",
        "_offered",
        "_silent_plays",
        "_stock",
        "acted",
        "auto_flag",
        "chain",
        "dealer",
        "direction",
        "discard",
        "drawn",
        "hands",
        "has_drawn",
        "idle_turns",
        "law",
        "law_state",
        "log",
        "missed",
        "named_suit",
        "owed",
        "pending_draw",
        "pending_skip",
        "rebuilt",
        "result",
        "rng",
        "rules",
        "turn",
        "turn_no",
        "unpaid",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Card | str]],
        discard: Iterable[Card | str],
        stock: Iterable[Card | str],
        *,
        turn: int = 0,
        suit: Suit | str | None = None,
        pending_draw: int = 0,
        direction: int = 1,
        law: Law | None = None,
        seed: int | random.Random | None = None,
        auto_flag: bool = False,
        dealer: int | None = None,
    ) -> None:
        self.rules = rules
        self.hands: list[list[Card]] = [_cards(hand) for hand in hands]
        self.discard: list[Card] = _cards(discard)
        self._stock: list[Card] = _cards(stock)[::-1]  # next card drawn is last
        if len(self.hands) < 2:
            raise BadOption("A round needs at least two players.")
        if not self.discard:
            raise BadOption("The discard pile needs a top card.")
        self.turn = turn
        self.named_suit: Suit | None = Suit.parse(suit) if isinstance(suit, str) else suit
        self.pending_draw = pending_draw
        self.direction = direction
        self.law = law
        self.law_state: Hashable = law.start() if law else None
        self.auto_flag = auto_flag
        self.dealer = dealer
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)  # for reshuffles
        self._copies = rules.deck_size(len(self.hands)) == 104  # hands may hold two equal cards
        self.chain = 1 if pending_draw else 0  # draw cards in the current chain
        self.pending_skip = 0  # skips waiting (skip_stacking): the first is the player's to answer or accept
        self.drawn: Card | None = None  # a drawn card that may still be played this turn
        self.has_drawn = False
        self.turn_no = 0
        self.acted = False  # a play or a draw happened in this turn
        self.idle_turns = 0
        self.missed: list[MissedCall] = []
        self.owed: OwedWords | None = None  # Mao: words a player still owes after a legal play
        self.unpaid = [0] * len(self.hands)
        self.rebuilt = 0  # times the stock was rebuilt from the pile
        self.result: RoundResult | None = None
        self.log: list[Event] = []
        self._offered: list[Action] = []  # the moves legal_actions() gave for this state
        self._silent_plays: list[dict[int, tuple[Play, ...]]] = [{} for _ in self.hands]  # by id(card)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def suit(self) -> Suit:
        """The suit to follow: the one a wild card named, else the top card's."""
        return self.named_suit or self.discard[-1].suit

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def stock(self) -> list[Card]:
        """The stock, next card to be drawn first."""
        return self._stock[::-1]

    @property
    def over(self) -> bool:
        return self.result is not None

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as one comparable value (for tests and undo)."""
        return (
            tuple(tuple(h) for h in self.hands),
            tuple(self.discard),
            tuple(self._stock),
            self.turn,
            self.named_suit,
            self.pending_draw,
            self.direction,
            self.law_state,
            self.chain,
            self.pending_skip,
            self.drawn,
            self.has_drawn,
            self.turn_no,
            self.acted,
            self.idle_turns,
            tuple(self.missed),
            tuple(self.unpaid),
            self.result,
            self.owed,
            self.rebuilt,
            self.rng.getstate(),
        )

    def all_cards(self) -> Counter[Card]:
        """Every card at the table (hands, discard, stock): conserved by every action."""
        cards: Counter[Card] = Counter(self._stock)
        cards.update(self.discard)
        for hand in self.hands:
            cards.update(hand)
        return cards


def _cards(cards: Iterable[Card | str]) -> list[Card]:
    """Cards from cards or their text (a scenario, a test, a lesson)."""
    return [card if card.__class__ is Card else Card.parse(card) for card in cards]  # type: ignore[arg-type]

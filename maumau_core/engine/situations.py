"""Small made-up tables for questions: "you hold these cards, this is on top, what now?".

Exercises and practice drills ask about one moment of a round. They build
it here as a real :class:`Round`, so every answer they check comes from the
rules engine itself and no question re-implements a rule.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from maumau_core.engine.cards import Card, Suit, make_deck
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules
from maumau_core.errors import BadOption


def table(
    rules: Rules,
    hand: Iterable[Card | str],
    top: Card | str,
    *,
    players: int = 2,
    turn: int = 0,
    suit: Suit | str | None = None,
    pending_draw: int = 0,
    fill: int = 0,
    rng: random.Random | None = None,
) -> Round:
    """A round where player ``turn`` holds ``hand`` and ``top`` lies on the discard pile.

    ``fill`` adds that many other cards to the hand (so that playing one
    card does not empty it). The other players get five cards each and the
    stock the rest of the deck, shuffled by ``rng`` (or in deck order, for
    repeatable examples).
    """
    mine = [Card.parse(c) if isinstance(c, str) else c for c in hand]
    up = Card.parse(top) if isinstance(top, str) else top
    rest = Counter(make_deck(rules.deck_size(players)))
    rest.subtract([*mine, up])
    if any(count < 0 for count in rest.values()):
        raise BadOption("That hand and top card use a card the deck does not have twice.")
    others = list(rest.elements())
    mine += others[:fill]
    del others[:fill]
    if rng is not None:
        rng.shuffle(others)
    hands: list[list[Card]] = []
    for seat in range(players):
        if seat == turn:
            hands.append(mine)
        else:
            hands.append(others[:5])
            del others[:5]
    return Round(rules, hands, [up], others, turn=turn, suit=suit, pending_draw=pending_draw)


def on_its_rank(rules: Rules, card: Card, *, players: int, turn: int, rng: random.Random | None = None) -> Round:
    """A table where player ``turn`` holds ``card`` (and three more) and another card of its rank is on top,
    so that ``card`` may be played whatever it is: the moment a "who moves next?" question needs."""
    top = next(Card(card.rank, suit) for suit in Suit if suit is not card.suit)
    return table(rules, [card], top, players=players, turn=turn, fill=3, rng=rng)

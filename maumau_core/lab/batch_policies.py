"""The lab's tip bots on the batch simulator's arrays: the same choices, for thousands of tables at once.

Each tip bot of :mod:`maumau_core.lab.strategies` ranks its legal plays by a
key (a tuple, higher is better) and breaks ties toward the first card in
deck order. Here each key part is a function that scores every card of every
table at once (one column per card number), the parts are folded into one
number that sorts like the tuple, and the best playable card is the first
column holding the highest score — the same rule, so the same card. A jack
is scored with the suit it would best name (only "play from your longest
suit" cares which). ``tests/test_batch.py`` replays the engine's deals and
checks that every bot plays the very same rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from maumau_core.engine.bots import RandomBot
from maumau_core.lab.strategies import (
    AnswerSevensBot,
    CombinedBot,
    CounterBot,
    DoubleMatcherBot,
    FirstCardBot,
    KeepAJackBot,
    SkipTheThreatBot,
    SuitSpreadBot,
    TakeTheCardsBot,
    TipBot,
)


@dataclass(frozen=True)
class Table:
    """What a tip may look at, for the tables whose player chooses now (one row each)."""

    hand: np.ndarray  # [n, size] 0/1: the player's cards
    pile: np.ndarray  # [n, size] 0/1: the cards played so far, the top card included
    next_hand: np.ndarray  # [n] cards held by the next player
    pending: np.ndarray  # [n] cards waiting to be drawn (a 7 chain)
    rank: np.ndarray  # [size] each card's rank number
    suit: np.ndarray  # [size] each card's suit number
    wild: np.ndarray  # [size] bool: the jack (or the preset's wild card)
    draw: np.ndarray  # [size] bool: the draw card (the 7; the 6 in tschau-sepp)
    skip: np.ndarray  # [size] bool: the skip card

    def by_rank(self, cards: np.ndarray) -> np.ndarray:
        """[n, size]: how many of ``cards`` share each card's rank."""
        ranks = self.rank[None, :] == self.rank[:, None]
        counts: np.ndarray = cards @ ranks.astype(np.int64)
        return counts

    def by_suit(self, cards: np.ndarray) -> np.ndarray:
        """[n, 4]: how many of ``cards`` are of each suit."""
        counts: np.ndarray = cards @ (self.suit[:, None] == np.arange(4)[None, :]).astype(np.int64)
        return counts


#: A key part: the table -> [n, size] scores (non-negative, below :data:`_BASE`), higher is better.
Part = Callable[[Table], np.ndarray]
_BASE = 128


def _keep_a_jack(t: Table) -> np.ndarray:
    last = t.hand.sum(axis=1) == 1
    scores: np.ndarray = (~t.wild[None, :] | last[:, None]).astype(np.int64)
    return scores


def _answer_sevens(t: Table) -> np.ndarray:
    scores: np.ndarray = ((t.pending > 0)[:, None] & t.draw[None, :]).astype(np.int64)
    return scores


def _skip_the_threat(t: Table) -> list[np.ndarray]:
    threat = (t.next_hand <= 2)[:, None]
    return [(threat & t.skip[None, :]).astype(np.int64), (threat & t.draw[None, :]).astype(np.int64)]


def _held_after(t: Table) -> np.ndarray:
    """[n, size, 4]: the cards of each suit left in hand once this card is played."""
    held = t.by_suit(t.hand)[:, None, :]
    own = (t.suit[:, None] == np.arange(4)[None, :]).astype(np.int64)[None, :, :]
    left: np.ndarray = held - own
    return left


def _suit_spread(t: Table) -> np.ndarray:
    held = _held_after(t)
    named = np.where(
        t.wild[None, :],
        held.max(axis=2),
        np.take_along_axis(held, np.broadcast_to(t.suit[None, :, None], (held.shape[0], held.shape[1], 1)), axis=2)[
            :, :, 0
        ],
    )
    return named.astype(np.int64)


def _counter(t: Table) -> np.ndarray:
    per_rank = t.by_rank(np.ones((1, len(t.rank)), dtype=np.int64))
    unseen = per_rank - t.by_rank(t.pile) - t.by_rank(t.hand)
    keep_back = (t.draw | t.wild)[None, :] & (unseen > 0) & (t.pending == 0)[:, None]
    scores: np.ndarray = (~keep_back).astype(np.int64)
    return scores


def _double_matcher(t: Table) -> np.ndarray:
    links = (
        (t.by_rank(t.hand) - 1)
        + np.take_along_axis(t.by_suit(t.hand), np.broadcast_to(t.suit[None, :], t.hand.shape), axis=1)
        - 1
    )
    scores: np.ndarray = (_BASE // 2 - links).astype(np.int64)
    return scores


#: Each tip bot's key, as parts (in the order of its key tuple).
KEYS: dict[type[TipBot], Callable[[Table], list[np.ndarray]]] = {
    KeepAJackBot: lambda t: [_keep_a_jack(t)],
    AnswerSevensBot: lambda t: [_answer_sevens(t)],
    SkipTheThreatBot: _skip_the_threat,
    SuitSpreadBot: lambda t: [_suit_spread(t)],
    CounterBot: lambda t: [_counter(t)],
    DoubleMatcherBot: lambda t: [_double_matcher(t)],
}


@dataclass(frozen=True)
class Policy:
    """How one seat plays on the batch simulator: uniformly at random, or the best card by the tips'
    keys (none: the first playable card), taking a waiting 7's cards rather than answering if told."""

    tips: tuple[type[TipBot], ...] = ()
    random: bool = False
    take_the_cards: bool = False

    def scores(self, table: Table) -> np.ndarray:
        """[n, size]: one number per card that sorts like the bot's key tuple."""
        total = np.zeros(table.hand.shape, dtype=np.int64)
        for tip in self.tips:
            for part in KEYS[tip](table):
                total = total * _BASE + part
        return total

    def suit_for(self, table: Table, card: np.ndarray) -> np.ndarray:
        """The suit named with each chosen card: the longest suit left for a suit-spreader, else the first."""
        if SuitSpreadBot not in self.tips:
            return np.zeros(len(card), dtype=np.int64)
        held = _held_after(table)[np.arange(len(card)), card]
        suits: np.ndarray = held.argmax(axis=1).astype(np.int64)
        return suits


GREEDY = Policy()
RANDOM = Policy(random=True)


def policy_of(bot: Callable[[int], RandomBot]) -> Policy | None:
    """The batch policy of a lab bot, or None when only the per-round engine can play it (the table's
    sensible bot, a learner's own bot)."""
    if bot is RandomBot:
        return RANDOM
    if bot in (FirstCardBot, TakeTheCardsBot):
        return Policy(take_the_cards=bot is TakeTheCardsBot)
    if bot in KEYS:
        return Policy((bot,))
    if (
        isinstance(bot, type)
        and issubclass(bot, CombinedBot)
        and bot.key is CombinedBot.key
        and bot.choose is TipBot.choose
        and all(part in KEYS for part in bot.parts)
    ):
        return Policy(tuple(bot.parts))
    return None

"""Computer players. They act only through the public actions of a round, like a person.

A bot looks at ``round.legal_actions()`` and picks one, so it can never
break a rule or touch the state directly; a seed makes its choices
repeatable. :func:`play_round` drives a round with one bot per seat.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play
from maumau_core.engine.round import Round, RoundResult

#: More moves than any real round needs: bot-only play calls off a round still running then (Round.call_off).
MAX_MOVES = 20_000


class Bot(Protocol):
    """Anything that picks a move for the player to act, and may point out missed calls."""

    def choose(self, round_: Round) -> Action: ...

    def notice(self, round_: Round, me: int) -> Flag | None: ...


class RandomBot:
    """Picks any legal move at random, with the right words unless it is set to forget them.

    ``forget_calls`` is the chance of leaving out a required call, so that a
    learner at the table has missed calls to point out.
    """

    def __init__(self, seed: int | None = None, *, forget_calls: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.forget_calls = forget_calls

    def choose(self, round_: Round) -> Action:
        return self._words(self.rng.choice(round_.legal_actions()))

    def _words(self, action: Action) -> Action:
        """The action, with its words dropped now and then when the bot is set to forget."""
        if self.forget_calls and isinstance(action, Play) and action.say and self.rng.random() < self.forget_calls:
            return action._replace(say=())
        return action

    def notice(self, round_: Round, me: int) -> Flag | None:
        """Notice another player's missed call with the rules' ``flag_chance``."""
        for missed in round_.missed:
            if missed.player != me and self.rng.random() < round_.rules.flag_chance:
                return Flag(me, missed.player)
        return None


class GreedyBot(RandomBot):
    """A sensible player: answers sevens, keeps wild cards for emergencies, follows its long suit.

    It plays the first card that helps most: a draw card when a penalty is
    waiting, otherwise a non-wild card of the suit it holds most of, a wild
    card only when nothing else fits (naming its longest suit), and it draws
    only when it must. It always makes its calls.
    """

    def choose(self, round_: Round) -> Action:
        actions = round_.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return next((a for a in actions if isinstance(a, Draw)), actions[0])
        hand = round_.hands[round_.turn]
        held = Counter(card.suit for card in hand if card.rank is not round_.rules.wild_card)
        wild = round_.rules.wild_card

        def value(action: Play) -> tuple[int, int, int, int]:
            card = action.card
            is_wild = card.rank is wild
            named = held[action.suit] if action.suit is not None else 0
            return (not is_wild, len(action.cards), held[card.suit] + named, card.rank.order)

        best = max(plays, key=value)
        if best.card.rank is wild and any(isinstance(a, Pass) for a in actions) and len(hand) > 1:
            return next(a for a in actions if isinstance(a, Pass))  # keep a drawn jack for later
        return self._words(best)


class MaoBot(RandomBot):
    """A Mao player who knows the secret law and keeps to it, except for deliberate blunders.

    With chance ``blunder`` it tries a card that matches but breaks the law,
    takes the referee's penalty, and so shows a learner one more thing the law
    forbids.
    """

    def __init__(self, seed: int | None = None, *, blunder: float = 0.0) -> None:
        super().__init__(seed)
        self.blunder = blunder

    def choose(self, round_: Round) -> Action:
        if self.blunder and self.rng.random() < self.blunder:
            me = round_.turn
            breaking = [
                card
                for card in round_.hands[me]
                if (refusal := round_.why_not(card, me)) is not None and refusal.code == "secret-law"
            ]
            if breaking:
                return Play(me, (self.rng.choice(breaking),), None, ())
        return super().choose(round_)


def play_round(round_: Round, bots: list[Bot] | list[RandomBot]) -> RoundResult:
    """Let the bots play ``round_`` to its end, giving each a chance to flag after every move."""
    flagging = round_.rules.flagger == "opponents" and not round_.auto_flag
    for _ in range(MAX_MOVES):
        if round_.result is not None:
            return round_.result
        round_.apply(bots[round_.turn].choose(round_))
        if flagging and round_.missed:
            for seat, bot in enumerate(bots):
                flag = bot.notice(round_, seat)
                if flag is not None and round_.check(flag) is None:
                    round_.apply(flag)
    round_.call_off(MAX_MOVES)
    assert round_.result is not None
    return round_.result

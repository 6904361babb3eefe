"""Strategy bots: one small policy per tip of the rule sheets, and one that combines them.

Every bot chooses among ``round.legal_actions()`` only, so it can never
break a rule or touch the state; the tips only change *which* legal move it
prefers. Each one ranks the plays with a key (higher is better) and plays
the best, or draws when there is nothing to play; ties go to the card that
comes first in deck order, so a bot's choice is repeatable. The lab pits
them against each other to see which tips really help.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play
from maumau_core.engine.bots import GreedyBot, RandomBot
from maumau_core.engine.cards import Suit, matches
from maumau_core.engine.round import Round

Key = tuple[float, ...]


class TipBot(RandomBot):
    """The shared shape of a tip bot: rank the legal plays by :meth:`key`, play the best, else draw or pass."""

    def choose(self, round_: Round) -> Action:
        actions = round_.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return next(a for a in actions if isinstance(a, (Draw, Pass)))
        return max(plays, key=lambda play: (*self.key(round_, play), *_first(play)))

    def key(self, round_: Round, play: Play) -> Key:
        """How much this bot likes a play (higher is better); the baseline likes them all the same."""
        return ()

    def notice(self, round_: Round, me: int) -> Flag | None:
        """Every tip bot points out a missed call at once."""
        return next((Flag(me, m.player) for m in round_.missed if m.player != me), None)


_SUITS = list(Suit)


def _first(play: Play) -> tuple[int, int, int]:
    """Tie-break toward the first card in deck order (suit, then rank) and the first suit named."""
    card = play.card
    return (-_SUITS.index(card.suit), -card.rank.order, -_SUITS.index(play.suit) if play.suit else 0)


class FirstCardBot(TipBot):
    """The greedy baseline: the first legal card in deck order, drawing only when nothing fits.

    It follows no tip at all, which makes it the yardstick for the others.
    """


class KeepAJackBot(TipBot):
    """Keep a jack in reserve: play a jack only when nothing else fits (or it is the last card)."""

    def key(self, round_: Round, play: Play) -> Key:
        last = len(round_.hands[round_.turn]) == len(play.cards)
        return (play.card.rank is not round_.rules.wild_card or last,)


class AnswerSevensBot(TipBot):
    """Answer a seven with your own seven instead of taking the cards."""

    def key(self, round_: Round, play: Play) -> Key:
        return (bool(round_.pending_draw) and play.card.rank is round_.rules.draw_card,)


class TakeTheCardsBot(TipBot):
    """The opposite of answering sevens: when a 7 is waiting, take the cards rather than answer."""

    def choose(self, round_: Round) -> Action:
        if round_.pending_draw:
            draw = next((a for a in round_.legal_actions() if isinstance(a, Draw)), None)
            if draw is not None:
                return draw
        return super().choose(round_)


class SkipTheThreatBot(TipBot):
    """When the next player is down to one or two cards, stop them: a skip (8) first, else a 7."""

    def key(self, round_: Round, play: Play) -> Key:
        threat = len(round_.hands[(round_.turn + round_.direction) % round_.players]) <= 2
        rules = round_.rules
        return (threat and play.card.rank is rules.skip_card, threat and play.card.rank is rules.draw_card)


class SuitSpreadBot(TipBot):
    """Keep your hand spread over the suits: leave the suit you hold most of on top (play from it, or name
    it with a jack), so the other suits stay covered for when the suit changes."""

    def key(self, round_: Round, play: Play) -> Key:
        held = Counter(card.suit for card in round_.hands[round_.turn] if card is not play.card)
        return (held[play.suit or play.card.suit],)


class CounterBot(TipBot):
    """Count the sevens, eights and jacks already played: keep a 7 while unseen 7s can still come at you,
    and hold a jack back while the other jacks are still out there."""

    def key(self, round_: Round, play: Play) -> Key:
        rules = round_.rules
        seen = Counter(card.rank for card in round_.discard)
        per_rank = 8 if rules.deck_size(round_.players) == 104 else 4  # every deck has each rank once per suit
        mine = Counter(card.rank for card in round_.hands[round_.turn])
        rank = play.card.rank
        unseen = per_rank - seen[rank] - mine[rank]
        keep_back = rank in (rules.draw_card, rules.wild_card) and unseen > 0 and not round_.pending_draw
        return (not keep_back,)


class DoubleMatcherBot(TipBot):
    """Keep the well-connected cards: play the card that shares rank or suit with the fewest others in hand."""

    def key(self, round_: Round, play: Play) -> Key:
        hand = round_.hands[round_.turn]
        card = play.card
        links = sum(1 for other in hand if other is not card and matches(other, card))
        return (-links,)


class CombinedBot(TipBot):
    """The tips that pass the lab's test, in order of urgency: answer a seven, stop a threat, keep sevens
    and jacks back while they can still be needed, keep a jack, then leave your longest suit on top."""

    parts = (AnswerSevensBot, SkipTheThreatBot, CounterBot, KeepAJackBot, SuitSpreadBot)

    def key(self, round_: Round, play: Play) -> Key:
        return tuple(value for part in self.parts for value in part.key(self, round_, play))  # type: ignore[arg-type]


#: The lab's bots by name; ``greedy`` is the first-legal-card baseline, ``sensible`` the course's table bot.
BOTS: dict[str, Callable[[int], RandomBot]] = {
    "random": RandomBot,
    "greedy": FirstCardBot,
    "sensible": GreedyBot,
    "keep-a-jack": KeepAJackBot,
    "answer-sevens": AnswerSevensBot,
    "take-the-cards": TakeTheCardsBot,
    "skip-the-threat": SkipTheThreatBot,
    "suit-spread": SuitSpreadBot,
    "counter": CounterBot,
    "double-matcher": DoubleMatcherBot,
    "combined": CombinedBot,
}


#: The tip bots a learner may combine, by name, in the order the lab lists them.
TIP_PARTS: dict[str, type[TipBot]] = {
    "answer-sevens": AnswerSevensBot,
    "skip-the-threat": SkipTheThreatBot,
    "counter": CounterBot,
    "keep-a-jack": KeepAJackBot,
    "double-matcher": DoubleMatcherBot,
    "suit-spread": SuitSpreadBot,
}


def built_bot(tips: Sequence[str]) -> type[TipBot]:
    """A bot following the named tips, the first one deciding first (none: the greedy baseline)."""
    return type(
        "BuiltBot",
        (CombinedBot,),
        {"parts": tuple(TIP_PARTS[tip] for tip in tips), "__doc__": "A bot built from tips: " + ", ".join(tips)},
    )

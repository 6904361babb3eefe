"""One round at the table: the state, what may be done, and what doing it causes.

Every action has two forms. :meth:`Round.check` answers "may I, and if not,
why not?" with a :class:`~maumau_core.errors.Refusal` (code and sentence) and
changes nothing. :meth:`Round.apply` does it and returns the events it
caused, or raises :class:`~maumau_core.errors.IllegalAction` and changes
nothing. Where a rule set punishes a bad play instead of refusing it (Mao,
the invalid-play house rule), ``apply`` accepts it and returns the penalty.

>>> from maumau_core import Card, preset, play
>>> r = Round(preset("classic"), hands=[["7C", "4H"], ["2S", "QS"]], discard=["9C"], stock=["2D", "3D"])
>>> print(r.check(play(1, Card.parse("2S"))))
It is Player 0's turn, not Player 1's.
>>> [e.sentence for e in r.apply(play(0, Card.parse("7C"), say=["Mau"]))][:2]
['Player 0 plays 7♣.', 'Player 0 says “Mau”.']
>>> r.pending_draw, r.turn
(2, 1)
"""

from __future__ import annotations

import random
from collections import Counter

from maumau_core.engine.actions import Action, Draw, Flag, Play, Say
from maumau_core.engine.cards import Card, Suit, make_deck
from maumau_core.engine.events import Event
from maumau_core.engine.laws import Law
from maumau_core.engine.refusals import IllegalAction, Refusal
from maumau_core.engine.round_state import RoundResult, _event
from maumau_core.engine.rules import Rules
from maumau_core.engine.turns import Turns
from maumau_core.errors import BadOption

__all__ = ["PENALISABLE", "Round", "RoundResult"]

_NOTHING_OFFERED: list[Action] = []

#: Refusal codes that a rule set may punish with penalty cards instead of refusing.
PENALISABLE = frozenset({"no-match", "must-answer-seven", "jack-on-jack", "jack-last", "secret-law"})


class Round(Turns):
    """One round at the table. Build one with :meth:`deal` or from an explicit table.

    The layers below (:mod:`~maumau_core.engine.round_state`) hold the state and decide each part of the rules;
    this class composes them into the actions: :meth:`check`, :meth:`apply`, and the deal.
    """

    __slots__ = ()

    @classmethod
    def deal(
        cls,
        rules: Rules,
        players: int,
        *,
        seed: int | random.Random | None = None,
        dealer: int = 0,
        law: Law | None = None,
        auto_flag: bool | None = None,
        dealer_suit: Suit | None = None,
    ) -> Round:
        """Shuffle with ``seed`` and deal one card at a time from the dealer's left.

        A turned-up wild card lets the dealer name a suit: ``dealer_suit``, or
        else the suit the dealer holds most of. ``seed`` may also be a
        ``random.Random`` that a simulation keeps drawing from, round after round.
        """
        if not rules.min_players <= players <= rules.max_players:
            raise BadOption(f"{rules.name} is for {rules.min_players}–{rules.max_players} players, not {players}.")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = make_deck(rules.deck_size(players))
        rng.shuffle(deck)
        size = rules.deal_size(players)
        if size * players >= len(deck):
            raise BadOption(f"A {len(deck)}-card deck cannot deal {size} cards to {players} players.")
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(size * players):
            hands[(dealer + 1 + i) % players].append(deck[i])
        first = deck[size * players]
        stock = deck[size * players + 1 :]
        if auto_flag is None:
            auto_flag = rules.flagger == "referee"
        round_ = cls(
            rules,
            hands,
            [first],
            stock,
            turn=(dealer + 1) % players,
            law=law,
            seed=rng,
            auto_flag=auto_flag,
            dealer=dealer,
        )
        round_._turn_up(first, dealer_suit)
        return round_

    def _turn_up(self, first: Card, dealer_suit: Suit | None) -> None:
        """Apply what the turned-up card does: a wild card's suit, and the first_card option."""
        rules = self.rules
        if first.rank is rules.wild_card:
            assert self.dealer is not None
            self.named_suit = dealer_suit or _most_held_suit(self.hands[self.dealer])
            self.log.append(Event("dealer-names", self.dealer, suit=self.named_suit))
        if rules.first_card != "applies" or self.dealer is None:
            return
        # As if the dealer had just played it: the same effect, and the turn moves on from the dealer.
        self.turn = self.dealer
        events: list[Event] = []
        steps = self._effect(self.dealer, first.rank, 1, events)
        self._move_turn(steps, events, first.rank)
        self.log += events

    def apply(self, action: Action) -> list[Event]:
        """Take the action and return its events; a refused action raises and changes nothing."""
        offered = self._offered
        self._offered = _NOTHING_OFFERED
        # A move just offered by legal_actions() on this very state needs no second check.
        refusal = None if id(action) in map(id, offered) else self.check(action)
        if refusal is not None and not self._penalised(action, refusal):
            self._offered = offered
            raise IllegalAction(refusal)
        events: list[Event] = []
        kind = action.__class__
        if self.owed is not None and not (kind is Say and action.player == self.owed.player):
            self._settle_owed(events)
            if self.result is not None:  # the penalty emptied the stock for good: the round has stopped
                self.log += events
                return events
        if refusal is not None:
            self._penalty(action, refusal, events)  # type: ignore[arg-type]
        elif kind is Flag:
            self._flag(action, events)  # type: ignore[arg-type]
        elif kind is Say:
            self._say(action, events)  # type: ignore[arg-type]
        elif self.missed and self._close_windows_at_move(events):
            pass  # the round ended on a missed call's window; the move is moot
        elif kind is Play:
            self._play(action, events)  # type: ignore[arg-type]
        elif kind is Draw:
            self._draw(events)
        else:
            self._pass(events)
        self.log += events
        return events

    def _penalised(self, action: Action, refusal: Refusal) -> bool:
        if not isinstance(action, Play):
            return False
        if refusal.code == "not-your-turn":
            return self.rules.out_of_turn_penalty > 0
        return refusal.code in PENALISABLE and self.rules.invalid_play_penalty > 0

    def _penalty(self, action: Play, refusal: Refusal, events: list[Event]) -> None:
        """A bad play the rule set punishes: the card stays in hand, penalty cards are drawn."""
        rules = self.rules
        out_of_turn = refusal.code == "not-your-turn"
        count = rules.out_of_turn_penalty if out_of_turn else rules.invalid_play_penalty
        if rules.speech == "mao" and refusal.code not in ("secret-law", "not-your-turn"):
            refusal = Refusal("referee", player=action.player)  # Mao's referee says only "no match"
        events.append(Event("penalty", action.player, action.cards, count, reason=refusal))
        self._give(action.player, count, events, penalty=True, quiet=True)
        if not out_of_turn and rules.invalid_play_ends_turn and self.result is None:
            self._end_turn(1, events)

    def _play(self, action: Play, events: list[Event]) -> None:
        rules = self.rules
        p, cards = action.player, action.cards
        hand, discard, law = self.hands[p], self.discard, self.law
        for card in cards:
            hand.remove(card)
            if law is not None:
                self.law_state = law.after(self.law_state, discard[-1], card)
            discard.append(card)
        self.named_suit = self.drawn = None
        self.acted = True
        events.append(_event(("play", p, cards, 0, None, "", None)))
        rank, count = cards[-1].rank, len(cards)
        steps = 1
        if rank is rules.wild_card:
            self.named_suit = action.suit
            events.append(Event("name-suit", p, suit=action.suit, text=rank.value))
        if hand:  # the card that ends a player's hand has no power: the round is (about to be) won
            steps = self._effect(p, rank, count, events)
        if not self._judge_words(action, events):
            return
        if self.result is None:
            self._end_turn(steps, events, cards[-1].rank)

    def _draw(self, events: list[Event]) -> None:
        rules = self.rules
        p = self.turn
        if self.pending_draw:
            owed, self.pending_draw, self.chain = self.pending_draw, 0, 0
            self._give(p, owed, events, penalty=True, kind="take-penalty")
            if self.result is None:
                self._end_turn(1, events)
            return
        self.has_drawn = True
        drawn: list[Card] = []
        while True:
            got = self._give(p, 1, events)
            if self.result is not None:
                return
            drawn.extend(got)
            if not got or not rules.draw_until_playable or self._card_fault(p, got[0]) is None:
                break
        last = drawn[-1] if drawn else None
        if last is not None and rules.play_drawn and self._card_fault(p, last) is None:
            self.drawn = last
            events.append(Event("drawn-playable" if rules.keep_drawn else "drawn-must-play", p, (last,)))
            return
        self._end_turn(1, events)

    def _pass(self, events: list[Event]) -> None:
        p = self.turn
        if self.pending_skip:
            self.pending_skip -= 1  # this player's skip is spent; any others wait for the players after
            events.append(Event("accept-skip", p))
        else:
            events.append(Event("keep", p))
        self._end_turn(1, events)

    def copy(self) -> Round:
        """An independent round in the same state, random stream included: for "what if?" questions
        (a practice answer tried out, a lesson's step) without touching the round at the table."""
        twin = Round(
            self.rules,
            self.hands,
            self.discard,
            self.stock,
            turn=self.turn,
            suit=self.named_suit,
            pending_draw=self.pending_draw,
            direction=self.direction,
            law=self.law,
            auto_flag=self.auto_flag,
            dealer=self.dealer,
        )
        twin.rng.setstate(self.rng.getstate())
        twin.law_state, twin.chain, twin.pending_skip = self.law_state, self.chain, self.pending_skip
        twin.drawn, twin.has_drawn, twin.turn_no, twin.acted = self.drawn, self.has_drawn, self.turn_no, self.acted
        twin.idle_turns, twin.missed, twin.unpaid = self.idle_turns, list(self.missed), list(self.unpaid)
        twin.rebuilt = self.rebuilt
        twin.result, twin.log, twin.owed = self.result, list(self.log), self.owed
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> Round:
        """A deep copy is :meth:`copy` (the compiled class has no other): an exercise's case holds a round,
        and each check gets its own."""
        return self.copy()


def _most_held_suit(hand: list[Card]) -> Suit:
    counts = Counter(card.suit for card in hand)
    return max(Suit, key=lambda suit: counts[suit])

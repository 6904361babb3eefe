"""What may be done at the table now, and why not: the refusals, and the moves a bot may choose from.

Rules only, no state changes: every method here reads the round and answers. :meth:`Legality.check` is
the one entry point for "may I?"; :meth:`Legality.legal_actions` lists every allowed move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from maumau_core.engine import speech
from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play, Say
from maumau_core.engine.cards import Card, Suit, matches
from maumau_core.engine.refusals import Refusal
from maumau_core.engine.round_state import RoundState


class Legality(RoundState):
    """Which cards fit, which words a play calls for, and the refusal of anything the rules forbid."""

    __slots__ = ()

    def playable_cards(self, player: int | None = None) -> list[Card]:
        """The cards in a hand that may be played now (on its owner's turn)."""
        player = self.turn if player is None else player
        return [card for card in dict.fromkeys(self.hands[player]) if self._card_fault(player, card) is None]

    def why_not(self, card: Card, player: int | None = None) -> Refusal | None:
        """Why ``card`` may not be played by ``player`` now, or None if it may."""
        player = self.turn if player is None else player
        return self._play_refusal(Play(player, (card,)), need_suit=False)

    def required_words(self, player: int, cards: Sequence[Card]) -> tuple[str, ...]:
        """The words to say with a legal play of ``cards`` (the calls, or Mao's speech)."""
        left = len(self.hands[player]) - len(cards)
        rules = self.rules
        if left > 1 and rules.speech == "calls":
            return ()
        if rules.speech == "mao":
            return tuple(speech.mao_words(cards, left, rules.call_one or "Mao"))
        if left == 1 and rules.call_one:
            return (rules.call_one,)
        if left == 0 and rules.call_out:
            return (rules.call_out,)
        return ()

    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make without breaking a rule, with the right words."""
        if self.result is not None:
            return []
        p = self.turn
        rules = self.rules
        hand = self.hands[p]
        drawn = self.drawn
        candidates = [drawn] if drawn is not None else dict.fromkeys(hand) if self._copies else hand
        playable = self._playable(p, candidates)
        moves: list[Action] = []
        if len(hand) > 2 and rules.speech == "calls" and not (rules.several_cards and drawn is None):
            # The commonest case of all: single cards, nothing to say. Made once per round.
            made = self._silent_plays[p]
            for card in playable:
                plays = made.get(id(card))
                if plays is None:
                    plays = made[id(card)] = self._plays(p, (card,), ())
                moves += plays
        else:
            several = rules.several_cards and drawn is None
            for card in playable:
                for cards in self._groups(p, card) if several else ((card,),):
                    moves += self._plays(p, cards, self.required_words(p, cards))
        if not (self.pending_skip or self.has_drawn) and (self.pending_draw or rules.draw_when_able or not playable):
            moves.append(Draw(p))
        if self.pending_skip or (drawn is not None and rules.keep_drawn):
            moves.append(Pass(p))
        self._offered = moves
        return list(moves)

    def _plays(self, player: int, cards: tuple[Card, ...], say: tuple[str, ...]) -> tuple[Play, ...]:
        """The plays of these cards: one, or one per suit to name when the last card is wild."""
        if cards[-1].rank is self.rules.wild_card:
            return tuple(Play(player, cards, suit, say) for suit in Suit)
        return (Play(player, cards, None, say),)

    def _playable(self, player: int, candidates: Iterable[Card]) -> list[Card]:
        """The candidates :meth:`_card_fault` accepts, with a fast lane for a plain turn.

        A plain turn (nothing pending, no law, no jack house rules) is most of
        every simulation, and there a card fits if it is wild or matches the
        top card; tests check that both lanes always agree.
        """
        rules = self.rules
        if (
            self.drawn is None
            and not self.pending_skip
            and not self.pending_draw
            and self.law is None
            and rules.wild_on_wild
            and rules.wild_last
        ):
            top, named, wild = self.discard[-1], self.named_suit, rules.wild_card
            return [c for c in candidates if c.rank is wild or matches(c, top, named)]
        return [card for card in candidates if self._card_fault(player, card) is None]

    def _groups(self, player: int, first: Card) -> list[tuple[Card, ...]]:
        """The card alone and with its same-rank companions (several cards of one rank allowed)."""
        rest = list(self.hands[player])
        rest.remove(first)
        mates = tuple(card for card in rest if card.rank is first.rank)
        groups: list[tuple[Card, ...]] = [(first,)]
        if mates:
            group = (first, *mates)
            if self._play_refusal(Play(player, group), need_suit=False) is None:
                groups.append(group)
        return groups

    def check(self, action: Action) -> Refusal | None:
        """May this action be taken now? None if yes, else the refusal. Changes nothing."""
        if self.result is not None:
            return Refusal("round-over")
        if not 0 <= action.player < len(self.hands):
            return Refusal("not-your-turn", "no-seat", action.player)
        if isinstance(action, Play):
            return self._play_refusal(action)
        if isinstance(action, Flag):
            return self._flag_refusal(action)
        if isinstance(action, Say):
            return None
        if action.player != self.turn:
            return Refusal("not-your-turn", player=action.player, seat=self.turn)
        if isinstance(action, Draw):
            return self._draw_refusal()
        return self._pass_refusal()

    def _play_refusal(self, action: Play, *, need_suit: bool = True) -> Refusal | None:
        """Why this play is refused; ``need_suit=False`` asks about the cards alone (a wild card
        shown before its player has named a suit)."""
        p, cards = action.player, action.cards
        if not cards:
            return Refusal("bad-card", player=p)
        hand = self.hands[p]
        missing = [c for c in cards if c not in hand] if len(cards) == 1 else list(Counter(cards) - Counter(hand))
        if missing:
            return Refusal("not-in-hand", player=p, card=missing[0])
        if p != self.turn:
            return Refusal("not-your-turn", player=p, seat=self.turn)
        if len(cards) > 1:
            if not self.rules.several_cards:
                return Refusal("not-allowed", "one-card-only", p)
            if any(card.rank is not cards[0].rank for card in cards):
                return Refusal("no-match", "mixed-ranks", p)
        refusal = self._card_refusal(p, cards[0], len(cards))
        if refusal is not None:
            return refusal
        if need_suit and action.suit is None and cards[-1].rank is self.rules.wild_card:
            return Refusal("suit-required", player=p, rank=cards[-1].rank)
        return None

    def _card_fault(self, player: int, card: Card, count: int = 1) -> str | None:
        """The refusal code for playing ``card`` (leading ``count`` cards of its rank), or None.

        Rules only, no words: this is the hot path of every simulation. The
        sentence comes from :meth:`_card_refusal` when someone asks why.
        """
        rules = self.rules
        rank = card.rank
        if self.drawn is not None and card != self.drawn:
            return "not-allowed"
        if self.pending_skip:
            return None if rank is rules.skip_card else "no-match"
        if self.pending_draw:
            if not rules.draw_stacking or rank is not rules.draw_card:
                return "must-answer-seven"
            if rules.draw_stack_max is not None and self.chain + count > rules.draw_stack_max:
                return "must-answer-seven"
            return None
        if rank is rules.wild_card:
            if not rules.wild_on_wild and self.discard[-1].rank is rank:
                return "jack-on-jack"
            if not rules.wild_last and len(self.hands[player]) == count:
                return "jack-last"
            return None
        top = self.discard[-1]
        if not matches(card, top, self.named_suit):
            return "no-match"
        if self.law is not None and not self.law.allows(self.law_state, top, card):
            return "secret-law"
        return None

    def _card_refusal(self, player: int, card: Card, count: int = 1) -> Refusal | None:
        """:meth:`_card_fault` with what the sentence about it names."""
        code = self._card_fault(player, card, count)
        if code is None:
            return None
        rules = self.rules
        pending = self.pending_draw
        if code == "not-allowed":
            return Refusal(code, "drawn-only" if rules.keep_drawn else "drawn-must-play", player, card=self.drawn)
        if self.pending_skip:
            return Refusal(code, "skip-waiting", player, rank=rules.skip_card)
        if code == "must-answer-seven":
            why = (
                "seven-no-answer"
                if not rules.draw_stacking
                else "chain-full"
                if card.rank is rules.draw_card
                else "must-answer-seven"
            )
            return Refusal(code, why, player, rank=rules.draw_card, amount=pending)
        if code in ("jack-on-jack", "jack-last"):
            return Refusal(code, player=player, rank=rules.wild_card, suit=self.suit)
        if code == "secret-law":
            assert self.law is not None
            return Refusal(code, player=player, card=card, text=self.law.reason)
        if self.named_suit is not None:
            return Refusal(
                code, "named-suit", player, card=card, rank=rules.wild_card, suit=self.named_suit, wild=rules.wild_card
            )
        top = self.top
        return Refusal(code, player=player, card=card, top=top, rank=top.rank, suit=top.suit, wild=rules.wild_card)

    def _draw_refusal(self) -> Refusal | None:
        rules = self.rules
        if self.pending_skip:
            return Refusal("cannot-draw", "skip-answer-or-pass", self.turn)
        if self.has_drawn:
            return Refusal("cannot-draw", "drawn-already", self.turn)
        if self.pending_draw or rules.draw_when_able:
            return None
        playable = self.playable_cards(self.turn)
        if playable:
            return Refusal("cannot-draw", "can-play", self.turn, card=playable[0])
        return None

    def _pass_refusal(self) -> Refusal | None:
        if self.drawn is not None and not self.pending_skip and not self.rules.keep_drawn:
            return Refusal("cannot-pass", "must-play-drawn", self.turn, card=self.drawn)
        if self.pending_skip or self.drawn is not None:
            return None
        return Refusal("cannot-pass", player=self.turn)

    def _flag_refusal(self, action: Flag) -> Refusal | None:
        if self.rules.speech == "mao":
            return Refusal("not-allowed", "mao-no-flags", action.player)
        if action.target == action.player or not 0 <= action.target < len(self.hands):
            return Refusal("bad-flag", player=action.player)
        if not any(m.player == action.target for m in self.missed):
            return Refusal("bad-flag", "no-missed-call", action.player, seat=action.target)
        return None

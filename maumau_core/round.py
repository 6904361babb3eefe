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
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from maumau_core import speech
from maumau_core.actions import Action, Draw, Flag, Pass, Play, Say
from maumau_core.cards import Card, Rank, Suit, make_deck, matches
from maumau_core.errors import BadOption, IllegalAction, Refusal
from maumau_core.events import Event
from functools import partial
from maumau_core.laws import Law
from maumau_core.rules import Rules

_NOTHING_OFFERED: list[Action] = []
#: Makes an Event from a full 7-tuple without NamedTuple's keyword handling: for the hot path.
_event = partial(tuple.__new__, Event)

#: Refusal codes that a rule set may punish with penalty cards instead of refusing.
PENALISABLE = frozenset({"no-match", "must-answer-seven", "jack-on-jack", "jack-last", "secret-law"})


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


class Round:
    """The mutable state of one round. Build one with :meth:`deal` or from an explicit table."""

    __slots__ = (  # fixed attributes: faster to read and write in simulations, and no typos
        "_copies", "_offered", "_silent_plays", "_stock", "acted", "auto_flag", "chain", "dealer",
        "direction", "discard", "drawn", "hands", "has_drawn", "idle_turns", "law", "law_state", "log",
        "missed", "named_suit", "owed", "pending_draw", "pending_skip", "rebuilt", "result", "rng", "rules", "turn",
        "turn_no", "unpaid",
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

    # ------------------------------------------------------------------ construction

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
        stock = deck[size * players + 1:]
        if auto_flag is None:
            auto_flag = rules.flagger == "referee"
        round_ = cls(
            rules, hands, [first], stock, turn=(dealer + 1) % players, law=law,
            seed=rng, auto_flag=auto_flag, dealer=dealer,
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

    # ------------------------------------------------------------------ reading the table

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

    def _seat(self, steps: int) -> int:
        return (self.turn + self.direction * steps) % len(self.hands)

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
        if (self.drawn is None and not self.pending_skip and not self.pending_draw and self.law is None
                and rules.wild_on_wild and rules.wild_last):
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

    # ------------------------------------------------------------------ checking

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
            why = ("seven-no-answer" if not rules.draw_stacking
                   else "chain-full" if card.rank is rules.draw_card else "must-answer-seven")
            return Refusal(code, why, player, rank=rules.draw_card, amount=pending)
        if code in ("jack-on-jack", "jack-last"):
            return Refusal(code, player=player, rank=rules.wild_card, suit=self.suit)
        if code == "secret-law":
            assert self.law is not None
            return Refusal(code, player=player, card=card, text=self.law.reason)
        if self.named_suit is not None:
            return Refusal(code, "named-suit", player, card=card, rank=rules.wild_card, suit=self.named_suit,
                           wild=rules.wild_card)
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

    # ------------------------------------------------------------------ acting

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

    def _effect(self, player: int, rank: Rank, count: int, events: list[Event]) -> int:
        """What ``count`` cards of ``rank`` just played by ``player`` do; returns how many seats the turn moves on.

        Each card counts once: two draw cards add two penalties, two skip cards skip two players (under
        ``skip_stacking`` they wait as two skips, each answered or accepted by the player it reaches)."""
        rules = self.rules
        if rank is rules.draw_card:
            self.pending_draw += rules.draw_count * count
            self.chain += count
        elif rank is rules.skip_card:
            if not rules.skip_stacking:
                return 1 + count
            # A skip card answers the skip that reached its player and sends one skip on per card; the
            # skips still waiting behind the answered one go on to the players after.
            self.pending_skip = max(self.pending_skip - 1, 0) + count
        elif rank is Rank.ACE:
            return self._ace(player, count, events)
        return 1

    def _ace(self, player: int, count: int, events: list[Event]) -> int:
        """What aces do; returns how many seats the turn moves on."""
        power = self.rules.ace
        if power == "skip":
            return 1 + count
        if power == "again":
            events.append(Event("again", player))
            return 0
        if power == "reverse":
            for _ in range(count):
                self.direction = -self.direction
            events.append(Event("reverse", player, amount=self.direction))
            return 2 if len(self.hands) == 2 else 1
        if power == "draw-all":
            events.append(Event("draw-all", player, amount=count))
            for other in range(len(self.hands)):
                if other != player and self.result is None:
                    self._give(other, count, events)
        return 1

    def _judge_words(self, action: Play, events: list[Event]) -> bool:
        """Record the calls made with a play; returns False when the round has ended."""
        p = action.player
        left = len(self.hands[p])
        if left > 1 and not action.say and self.rules.speech == "calls":
            return True
        if self.rules.speech == "mao":
            for said_word in action.say:
                events.append(Event("call", p, text=said_word))
            return self._judge_mao_words(action, left, events)
        word = self.rules.call_one if left == 1 else self.rules.call_out if left == 0 else None
        for said_word in action.say:  # a call that is not due is answered, not silently ignored
            due = word is not None and speech.said(word, [said_word])
            events.append(Event("call" if due else "idle-word", p, text=said_word))
        if word is not None and left == 0 and self.rules.out_call_forgotten == "draw-and-play-on" \
                and not speech.said(word, action.say):
            self._pay_missed(MissedCall(p, word, self.turn_no), events)  # no win without the call
            return self.result is None
        if word is not None and not speech.said(word, action.say):
            missed = MissedCall(p, word, self.turn_no)
            events.append(Event("missed-call", p, text=word))
            if self.auto_flag:
                self._pay_missed(missed, events)
            else:
                self.missed.append(missed)
            return True
        if left == 0:
            self._finish(p, "out", events)
            return False
        return True

    def _judge_mao_words(self, action: Play, left: int, events: list[Event]) -> bool:
        """Mao: words said with the play are judged now; words missing may still follow (``owed``)."""
        rules = self.rules
        required = speech.mao_words(action.cards, left, rules.call_one or "Mao")
        missing, extra = speech.compare(required, action.say)
        for word in extra:
            self._speech_penalty(action.player, "extra-word", word, events)
        if self.result is not None:
            return False
        if missing:
            self.owed = OwedWords(action.player, tuple(missing))
            return True
        if not self.hands[action.player]:
            self._finish(action.player, "out", events)
            return False
        return True

    def _speech_penalty(self, player: int, code: str, word: str, events: list[Event]) -> None:
        """Mao: one missing or superfluous word costs ``call_penalty`` cards."""
        amount = self.rules.call_penalty
        events.append(Event("penalty", player, amount=amount, reason=Refusal(code, player=player, text=word)))
        self._give(player, amount, events, penalty=True, quiet=True)

    def _settle_owed(self, events: list[Event]) -> None:
        """The next action has come: every word still owed costs its penalty (and an empty hand no longer wins)."""
        owed, self.owed = self.owed, None
        assert owed is not None
        for word in owed.words:
            if self.result is None:
                self._speech_penalty(owed.player, "missing-word", word, events)

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

    def _say(self, action: Say, events: list[Event]) -> None:
        p = action.player
        if self.rules.speech == "mao":
            self._say_mao(action, events)
            return
        for word in action.words:
            late = next((m for m in self.missed if m.player == p and speech.said(m.word, [word])), None)
            if late is not None and not self._still_in_time(late):
                events.append(Event("too-late", p, text=word))
            elif late is not None:
                self.missed.remove(late)
                events.append(Event("late-call", p, text=word))
                if not self.hands[p]:
                    self._finish(p, "out", events)
                    return
            else:
                events.append(Event("idle-word", p, text=word))

    def _say_mao(self, action: Say, events: list[Event]) -> None:
        """Mao: words right after one's own legal play pay what it owes; any other word is talking."""
        p = action.player
        owed = list(self.owed.words) if self.owed is not None and self.owed.player == p else []
        for word in action.words:
            events.append(Event("call", p, text=word))
            due = next((w for w in owed if speech.said(w, [word])), None)
            if due is not None:
                owed.remove(due)
            elif self.result is None:
                self._speech_penalty(p, "extra-word", word, events)
        if self.owed is not None and self.owed.player == p:
            self.owed = OwedWords(p, tuple(owed)) if owed else None
            if self.owed is None and not self.hands[p] and self.result is None:
                self._finish(p, "out", events)

    def _still_in_time(self, missed: MissedCall) -> bool:
        """A call may still be said until the next player acts (a turn that started, no play or draw yet)."""
        return self.turn_no == missed.turn_no + 1 and not self.acted

    def _flag(self, action: Flag, events: list[Event]) -> None:
        missed = next(m for m in self.missed if m.player == action.target)
        self.missed.remove(missed)
        self._pay_missed(missed, events)

    def _pay_missed(self, missed: MissedCall, events: list[Event]) -> None:
        events.append(Event("call-penalty", missed.player, amount=self.rules.call_penalty, text=missed.word))
        self._give(missed.player, self.rules.call_penalty, events, penalty=True, quiet=True)

    # ------------------------------------------------------------------ turns and the stock

    def _end_turn(self, steps: int, events: list[Event], cause: Rank | None = None) -> None:
        """Pass the turn on ``steps`` seats (0: the same player again) and close what expires.

        ``cause`` is the rank that skipped the seats passed over (a skip card, an ace), for the sentence."""
        n = len(self.hands)
        self.idle_turns = 0 if self.acted else self.idle_turns + 1
        self.turn_no += 1
        self.drawn = None
        self.has_drawn = self.acted = False
        self._move_turn(steps, events, cause)
        if self.rules.stuck == "void" and self.idle_turns >= n:
            self._finish(None, "void", events)
            return
        if not self.missed:
            return
        if self.rules.call_window == "next-turn-end":
            for missed in [m for m in self.missed if self.turn_no > m.turn_no + 1]:
                if self._close_window(missed, events):
                    return
        emptied = next((m for m in self.missed if m.player == self.turn and not self.hands[m.player]), None)
        if emptied is not None:
            self._close_window(emptied, events)

    def _move_turn(self, steps: int, events: list[Event], cause: Rank | None) -> None:
        """The turn moves ``steps`` seats on; the seats passed over are skipped, and what waits for the
        player it reaches (a skip, a draw penalty) is announced."""
        n = len(self.hands)
        turn = self.turn = (self.turn + self.direction * steps) % n
        if self.pending_skip:
            assert self.rules.skip_card is not None
            events.append(Event("skip-pending", turn, amount=self.pending_skip, text=self.rules.skip_card.value))
        for skipped in range(1, steps):
            events.append(Event("skip", (turn - self.direction * (steps - skipped)) % n,
                                text=cause.value if cause is not None else ""))
        if self.pending_draw:
            draw_card = self.rules.draw_card
            answer = draw_card.value if self.rules.draw_stacking and draw_card is not None else ""
            events.append(Event("draw-pending", turn, amount=self.pending_draw, text=answer))

    def _close_windows_at_move(self, events: list[Event]) -> bool:
        """Before a move: windows that close when the next turn starts. True if the round ended."""
        if self.rules.call_window != "next-turn-start":
            return False
        for missed in [m for m in self.missed if self.turn_no > m.turn_no]:
            if self._close_window(missed, events):
                return True
        return False

    def _close_window(self, missed: MissedCall, events: list[Event]) -> bool:
        """A missed call nobody pointed out; an empty hand then wins. True if the round ended."""
        self.missed.remove(missed)
        events.append(Event("window-closed", missed.player, text=missed.word))
        if not self.hands[missed.player]:
            self._finish(missed.player, "out", events)
            return True
        return False

    def _give(
        self, player: int, count: int, events: list[Event], *, penalty: bool = False,
        kind: str = "draw", quiet: bool = False,
    ) -> list[Card]:
        """Move up to ``count`` cards from the stock to a hand, reshuffling when it runs out."""
        if count == 1 and self._stock and not quiet:  # the everyday draw
            card = self._stock.pop()
            self.hands[player].append(card)
            self.acted = self.acted or player == self.turn
            events.append(_event((kind, player, (), 1, None, "", None)))
            return [card]
        got: list[Card] = []
        for _ in range(count):
            if not self._stock and not self._reshuffle(events):
                break
            got.append(self._stock.pop())
        self.hands[player].extend(got)
        if got:
            self.acted = self.acted or player == self.turn
        if not quiet or len(got) < count:
            events.append(Event(kind, player, amount=len(got), text="limit" if self._rebuilds_used_up() else ""))
        short = count - len(got)
        if short and penalty:
            self.unpaid[player] += short
        if short and self.rules.stuck == "count":
            self._stop_stuck(events)
        return got

    def _rebuilds_used_up(self) -> bool:
        """The pile under the top card could be shuffled, but the rules' ``rebuilds`` limit forbids it."""
        limit = self.rules.rebuilds
        return limit is not None and self.rebuilt >= limit and len(self.discard) >= 2

    def _reshuffle(self, events: list[Event]) -> bool:
        if len(self.discard) < 2 or self._rebuilds_used_up():
            return False
        self.rebuilt += 1
        top = self.discard.pop()
        self._stock = self.discard
        self.rng.shuffle(self._stock)
        self.discard = [top]
        events.append(Event("reshuffle", amount=len(self._stock)))
        return True

    def _stop_stuck(self, events: list[Event]) -> None:
        counts = [len(hand) + unpaid for hand, unpaid in zip(self.hands, self.unpaid)]
        best = min(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        events.append(Event("stuck", text="limit" if self._rebuilds_used_up() else ""))
        winner = leaders[0] if len(leaders) == 1 else None
        events.append(Event("stuck-winner", winner) if winner is not None else Event("stuck-tie"))
        self._finish(winner, "stuck", events, announce=False)

    def call_off(self, moves: int) -> list[Event]:
        """End a round that bots alone have played for ``moves`` moves without finishing: a void round.

        A law can leave cards nobody may ever play (Mao's "not 7" once every player holds a seven) while
        the pile is reshuffled for ever; a simulation needs an end, a person at the table does not (they
        may stop the match), so only bot-only play calls this."""
        events = [Event("called-off", amount=moves)]
        if self.result is None:
            self._finish(None, "called-off", events, announce=False)
            self.log += events
        return events

    def _finish(self, winner: int | None, reason: str, events: list[Event], *, announce: bool = True) -> None:
        if self.rules.speech == "mao":
            scores = [len(hand) + unpaid for hand, unpaid in zip(self.hands, self.unpaid)]
        else:
            scores = [sum(card.points for card in hand) for hand in self.hands]
        if winner is not None and reason == "out":
            scores[winner] = 0
        void = winner is None
        self.result = RoundResult(winner, void, reason, tuple(scores))
        if announce:
            events.append(Event("out", winner) if winner is not None else Event("void"))

    # ------------------------------------------------------------------ snapshots

    def copy(self) -> Round:
        """An independent round in the same state, random stream included: for "what if?" questions
        (a practice answer tried out, a lesson's step) without touching the round at the table."""
        twin = Round(self.rules, self.hands, self.discard, self.stock, turn=self.turn, suit=self.named_suit,
                     pending_draw=self.pending_draw, direction=self.direction, law=self.law,
                     auto_flag=self.auto_flag, dealer=self.dealer)
        twin.rng.setstate(self.rng.getstate())
        twin.law_state, twin.chain, twin.pending_skip = self.law_state, self.chain, self.pending_skip
        twin.drawn, twin.has_drawn, twin.turn_no, twin.acted = self.drawn, self.has_drawn, self.turn_no, self.acted
        twin.idle_turns, twin.missed, twin.unpaid = self.idle_turns, list(self.missed), list(self.unpaid)
        twin.rebuilt = self.rebuilt
        twin.result, twin.log, twin.owed = self.result, list(self.log), self.owed
        return twin

    def snapshot(self) -> tuple[object, ...]:
        """Everything that defines the state, as one comparable value (for tests and undo)."""
        return (
            tuple(tuple(h) for h in self.hands), tuple(self.discard), tuple(self._stock), self.turn,
            self.named_suit, self.pending_draw, self.direction, self.law_state, self.chain,
            self.pending_skip, self.drawn, self.has_drawn, self.turn_no, self.acted, self.idle_turns,
            tuple(self.missed), tuple(self.unpaid), self.result, self.owed, self.rebuilt, self.rng.getstate(),
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


def _most_held_suit(hand: list[Card]) -> Suit:
    counts = Counter(card.suit for card in hand)
    return max(Suit, key=lambda suit: counts[suit])

"""Endless practice: random table moments with answers and explanations from the engine.

The web page runs no learner code, so practice is made of questions a
widget can ask: click the cards you may play, choose who moves next, choose
what to say, type a hand's points. Each :class:`Drill` is drawn from a seeded
random stream, builds a real :class:`Round` for its moment, and judges an
answer with a :class:`Verdict` whose sentence comes from the engine's own
explanations wherever the engine has one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from maumau_core.actions import play
from maumau_core.cards import Card, Rank, Suit, make_deck, sort_hand
from maumau_core.round import Round
from maumau_core.rules import preset
from maumau_core.sentences import practice as say
from maumau_core.sentences.table import Seats, event_sentence, player_name, seat_label
from maumau_core.session import LEARNER
from maumau_core.situations import on_its_rank, table

#: The rule sets practice draws from: they differ in what 7s, 8s and aces do, and in tschau-sepp the 6
#: is the draw card (its 7 is an ordinary card).
PRACTICE_RULES = ("classic", "simple32", "german32", "tschau-sepp")


@dataclass(frozen=True)
class Verdict:
    """Right or not, and the one sentence that says why."""

    right: bool
    sentence: str


@dataclass
class Drill:
    """One practice question. ``answer`` is the input kind the widget offers:
    ``"cards"`` (pick cards of ``round.hands[round.turn]``), ``"choice"`` (one of
    ``choices``) or ``"number"`` (type a whole number)."""

    topic: str
    prompt: str
    answer: str
    round: Round | None
    judge: Callable[[Any], Verdict]
    choices: Sequence[str] = field(default_factory=tuple)
    cards: Sequence[Card] = field(default_factory=tuple)


def playable(rng: random.Random) -> Drill:
    """Which cards may be played? A plain turn, a suit named by a jack, or a draw card waiting (a 7; a 6 in
    tschau-sepp)."""
    rules = preset(rng.choice(PRACTICE_RULES))
    deck = make_deck(rules.deck_size(2))
    rng.shuffle(deck)
    hand, rest = deck[:5], deck[5:]
    moment = rng.choice(("plain", "plain", "jack", "seven"))
    wanted = {"plain": None, "jack": rules.wild_card, "seven": rules.draw_card}[moment]
    top = next((card for card in rest if card.rank is wanted), rest[0]) if wanted else rest[0]
    round_ = table(rules, hand, top, rng=rng, suit=rng.choice(list(Suit)) if top.rank is rules.wild_card else None,
                   pending_draw=rules.draw_count if top.rank is rules.draw_card and moment == "seven" else 0)
    hand = round_.hands[round_.turn]
    answer = set(round_.playable_cards())

    def judge(picked: Any) -> Verdict:
        chosen = set(picked)
        wrong = sorted(chosen - answer, key=str)
        missed = sorted(answer - chosen, key=str)
        if wrong:
            return Verdict(False, say.cannot_be_played(wrong[0], str(round_.why_not(wrong[0]))))
        if missed:
            return Verdict(False, say.may_be_played_too(missed[0]))
        blocked = next((card for card in hand if card not in answer), None)
        rule = str(round_.why_not(blocked)) if blocked else say.every_card_fits()
        return Verdict(True, say.playable_right(sort_hand(list(answer)), rule))

    return Drill("playable", say.playable_prompt(rules.name), "cards", round_, judge, cards=hand)


def next_player(rng: random.Random) -> Drill:
    """A special card (or a plain one) is played at a table of 3–5: who moves next?"""
    rules = rng.choice(PRACTICE_RULES)
    players = rng.randint(3, 5)
    deck = make_deck(preset(rules).deck_size(players))
    # The ranks with a power somewhere (a 7 is plain in tschau-sepp, where the 6 makes the next player draw).
    ranks = {Rank.SEVEN, Rank.EIGHT, Rank.JACK, Rank.ACE, preset(rules).draw_card}
    special = [card for card in deck if card.rank in ranks]
    card = rng.choice(special if rng.random() < 0.8 else deck)
    # The learner always plays the card from seat 0, as at the play table where they are player 0 ("you").
    round_ = on_its_rank(preset(rules), card, players=players, turn=LEARNER, rng=rng)
    after = round_.copy()
    events = after.apply(play(LEARNER, card, suit=rng.choice(list(Suit)) if card.rank is Rank.JACK else None))
    answer = after.turn
    seats = Seats.of([seat_label(seat, LEARNER) for seat in range(players)], LEARNER)
    why = " ".join(event_sentence(event, seats) for event in events[1:]) or say.no_power(card, rules)
    choices = list(seats.names)

    def judge(choice: Any) -> Verdict:
        if choice == choices[answer]:
            return Verdict(True, say.right(why))
        return Verdict(False, say.moves_next(choices[answer], answer == LEARNER, why))

    return Drill("next", say.next_player_prompt(rules, players, card), "choice", round_, judge, choices=choices)


def words(rng: random.Random) -> Drill:
    """A card is played and some cards are left: what must its player say?"""
    rules = rng.choice(("classic", "simple32", "german32", "tschau-sepp"))
    left = rng.choice((0, 1, 1, 2, 3))
    round_ = table(preset(rules), ["9D"], "9C", fill=left)
    required = round_.required_words(0, [round_.hands[0][0]])
    said = required[0] if required else say.say_nothing()
    r = round_.rules
    choices = list(dict.fromkeys([say.say_nothing(), r.call_one or "Mau", *([r.call_out] if r.call_out else [])]))
    why = say.words_due(left, rules, required[0] if required else None)

    def judge(choice: Any) -> Verdict:
        return Verdict(True, say.right(why)) if choice == said else Verdict(False, say.not_quite(why))

    return Drill("words", say.words_prompt(rules, left), "choice", round_, judge, choices=choices)


def points_verdict(hand: Sequence[Card], typed: Any) -> Verdict:
    """Judge a typed points total for a hand, showing the count card by card."""
    total = sum(card.points for card in hand)
    text = str(typed).strip()
    if not text.isdigit():
        return Verdict(False, say.whole_number_please())
    if int(text) == total:
        return Verdict(True, say.points_right(hand, total))
    return Verdict(False, say.points_wrong(hand, total))


def points(rng: random.Random) -> Drill:
    """Type the points of a hand left at the end of a round."""
    hand = sort_hand(rng.sample(make_deck(52), rng.randint(2, 5)))
    return Drill("points", say.points_prompt(), "number", None, lambda typed: points_verdict(hand, typed), cards=hand)


#: Practice topics: the key saved with progress -> (the name the page shows, the question maker).
TOPICS: dict[str, tuple[str, Callable[[random.Random], Drill]]] = {
    "playable": ("May I play it?", playable),
    "next": ("Who moves next?", next_player),
    "words": ("What do I say?", words),
    "points": ("Count the points", points),
}

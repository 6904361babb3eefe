"""Mao practice: questions under an open law, judged by the referee of a real Mao round.

The campaign's laws are secrets to be found on the puzzle page, so practice
never uses them: it has its own open laws, written in the same notation and
shown with the question (a test checks that none of them is a campaign law
in disguise). Each question builds a Mao :class:`Round` with the law and the
cards of its moment and asks the engine: may this card go down
(:meth:`Round.why_not`), which words does this play call for
(:meth:`Round.required_words`), what did the referee penalise (the penalty
events of :meth:`Round.apply`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from maumau_core.course.drills import Drill, Verdict
from maumau_core.engine import speech
from maumau_core.engine.actions import Action, Draw, play
from maumau_core.engine.cards import Card, Suit, make_deck, matches
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules, preset
from maumau_core.engine.table_sentences import event_sentence, player_name
from maumau_core.i18n import N_, _
from maumau_core.mao.notation import WrittenLaw, parse_law
from maumau_core.sentences import practice as say


@dataclass(frozen=True)
class OpenLaw:
    """A law for practice, shown to the learner: its notation and what it means in plain words (an English
    message: say it with ``_()``)."""

    notation: str
    description: str

    @cached_property
    def law(self) -> WrittenLaw:
        return parse_law(self.notation)


#: The open laws of practice: each notation form once (a rank, a colour, a suit, "after", "until", "prev").
OPEN_LAWS: tuple[OpenLaw, ...] = (
    OpenLaw("after 5: red", N_("after a 5 is played, the next card must be red")),
    OpenLaw("not 2", N_("a 2 may never be played")),
    OpenLaw("after K until K: not clubs", N_("after a king, no club may be played until another king comes")),
    OpenLaw("after 9: face", N_("after a 9, the next card must be a picture card (J, Q or K)")),
    OpenLaw("prev black or odd", N_("after a red card, the next card must be odd (J = 11 and K = 13 count as odd)")),
)

PLAYERS = 3
HAND = 4  # cards in each hand before the moment, so that one play never empties a hand by accident


#: How many histories a question may try to find one where the law forbids a matching card.
TRIES = 30


def _law_and_history(rng: random.Random, *, telling: bool) -> tuple[OpenLaw, list[Card], list[Card]]:
    """An open law, the turned-up card and 0–3 legal plays after it, and the rest of the shuffled deck.
    ``telling`` asks for a moment where the law forbids some card that matches the top card (most laws
    forbid nothing most of the time, and a question where the law never matters teaches little)."""
    entry = rng.choice(OPEN_LAWS)
    for _try in range(TRIES):
        pile, deck = _history(rng, entry)
        state = _state(entry, pile)
        if not telling or any(matches(c, pile[-1]) and not entry.law.allows(state, pile[-1], c) for c in deck):
            break
    return entry, pile, deck


def _history(rng: random.Random, entry: OpenLaw) -> tuple[list[Card], list[Card]]:
    """A shuffled deck's turned-up card and 0–3 plays the law allows after it; and the rest of the deck."""
    deck = make_deck(52)
    rng.shuffle(deck)
    pile = [deck.pop()]
    state = entry.law.start()
    for _step in range(rng.choice((0, 1, 1, 2, 3))):
        fitting = [card for card in deck if matches(card, pile[-1]) and entry.law.allows(state, pile[-1], card)]
        if not fitting:
            break
        card = rng.choice(fitting)
        state = entry.law.after(state, pile[-1], card)
        deck.remove(card)
        pile.append(card)
    return pile, deck


def _round(law: OpenLaw, pile: Sequence[Card], hands: list[list[Card]], stock: Sequence[Card]) -> Round:
    """A Mao round at the moment after ``pile`` was played (the turned-up card first), with the law's state
    that those plays left."""
    round_ = Round(preset("mao"), hands, list(pile), list(stock), law=law.law, seed=0)
    round_.law_state = _state(law, pile)
    return round_


def _state(law: OpenLaw, pile: Sequence[Card]) -> Hashable:
    """The law's state after the plays of ``pile`` (its first card was turned up and sets nothing off)."""
    state = law.law.start()
    for top, card in zip(pile, pile[1:]):
        state = law.law.after(state, top, card)
    return state


def _deal(deck: list[Card], *first: Card) -> tuple[list[list[Card]], list[Card]]:
    """Hands of ``HAND`` cards (the first hand begins with ``first``) and the stock left, from ``deck``."""
    rest = [card for card in deck if card not in first]
    hands = [[*first, *rest[: HAND - len(first)]]]
    del rest[: HAND - len(first)]
    for _seat in range(PLAYERS - 1):
        hands.append(rest[:HAND])
        del rest[:HAND]
    return hands, rest


def mao_law(rng: random.Random, rules: Rules | None = None) -> Drill:
    """May this card be played under this open law? No match, forbidden by the law, or allowed."""
    entry, pile, deck = _law_and_history(rng, telling=rng.random() < 0.6)
    top = pile[-1]
    fitting = [card for card in deck if matches(card, top)]
    state = _state(entry, pile)
    forbidden = [card for card in fitting if not entry.law.allows(state, top, card)]
    roll = rng.random()
    pool = forbidden if forbidden and roll < 0.5 else fitting if roll < 0.85 else deck
    card = rng.choice(pool)
    hands, stock = _deal(deck, card)
    round_ = _round(entry, pile, hands, stock)
    refusal = round_.why_not(card)
    choices = [_(choice) for choice in say.MAO_LAW_CHOICES]
    answer = choices[0] if refusal is None else choices[2] if refusal.code == "secret-law" else choices[1]
    parts = [say.mao_matches(card, top, card.rank is top.rank, card.suit is top.suit)]
    if matches(card, top):
        parts.append(
            say.mao_law_allows(entry.notation) if refusal is None else say.mao_law_forbids(entry.notation, str(refusal))
        )
    if len(pile) == 1 and entry.law.trigger is not None:
        parts.append(say.turned_up_sets_nothing())
    why = " ".join(parts)

    def judge(choice: Any) -> Verdict:
        return Verdict(True, say.right(why)) if choice == answer else Verdict(False, say.not_quite(why))

    prompt = say.mao_law_prompt(entry.notation, _(entry.description), pile[0], pile[1:], card)
    return Drill("mao-law", prompt, "choice", None, judge, choices=choices, cards=pile + [card])


def mao_words(rng: random.Random, rules: Rules | None = None) -> Drill:
    """A legal Mao play leaves 0–3 cards: which words must its player say?"""
    deck = make_deck(52)
    rng.shuffle(deck)
    card = next(c for c in deck if c.suit is Suit.SPADES) if rng.random() < 0.5 else deck[0]
    top = next(c for c in deck if c is not card and matches(c, card))
    left = rng.choice((0, 1, 1, 2, 3))
    rest = [c for c in deck if c not in (card, top)]
    round_ = Round(
        preset("mao"),
        [[card, *rest[:left]], rest[left : left + 5], rest[left + 5 : left + 10]],
        [top],
        rest[left + 10 :],
        seed=0,
    )
    required = list(round_.required_words(0, [card]))
    named = speech.spade_call(card) if card.suit is Suit.SPADES else say.card_name(card)
    options = [[], [round_.rules.call_one or "Mao"], [named], [named, round_.rules.call_one or "Mao"]]
    choices = [say.said_words(words) for words in options]
    answer = next(text for text, words in zip(choices, options) if speech.compare(required, words) == ([], []))
    why = say.mao_words_due(card, left, card.suit is Suit.SPADES, left <= 1)

    def judge(choice: Any) -> Verdict:
        return Verdict(True, say.right(why)) if choice == answer else Verdict(False, say.not_quite(why))

    return Drill("mao-words", say.mao_words_prompt(card, left), "choice", round_, judge, choices=choices)


#: The moments of a referee question: the fault the story is built around (the referee has the last word).
MOMENTS = ("fine", "no-match", "law", "missing-word", "extra-word", "out-of-turn")


def mao_referee(rng: random.Random, rules: Rules | None = None) -> Drill:
    """A play at a Mao table, perhaps with a fault: which one did the referee penalise?"""
    moment = rng.choice(MOMENTS)
    entry, pile, deck = _law_and_history(rng, telling=moment == "law")
    top = pile[-1]
    state = _state(entry, pile)
    allowed = [c for c in deck if matches(c, top) and entry.law.allows(state, top, c)]
    forbidden = [c for c in deck if matches(c, top) and not entry.law.allows(state, top, c)]
    unmatched = [c for c in deck if not matches(c, top)]
    pool = {
        "no-match": unmatched,
        "law": forbidden or allowed,
        "missing-word": [c for c in allowed if c.suit is Suit.SPADES] or allowed,
    }.get(moment, allowed)
    if not pool:  # nothing may follow this top card under the law: then a card that does not match is played
        pool = unmatched
    card = rng.choice(pool)
    hands, stock = _deal(deck, card)
    player = 1 if moment == "out-of-turn" else 0
    if player:
        hands[0], hands[1] = hands[1], hands[0]
    round_ = _round(entry, pile, hands, stock)
    due = list(round_.required_words(player, [card]))
    words = {"missing-word": [], "extra-word": [*due, round_.rules.call_one or "Mao"]}.get(moment, due)
    actions: list[Action] = [play(player, card, say=tuple(words))]
    story = [say.mao_play_story(player_name(player), card, top, words, player == round_.turn)]
    if moment == "missing-word" or (moment == "fine" and not due):
        actions.append(Draw(1))  # the next action: a word still owed is too late now
        story.append(say.then_draws(player_name(1)))
    told = round_.copy()
    events = [event for action in actions for event in told.apply(action)]
    penalty = next((event for event in events if event.kind == "penalty" and event.reason is not None), None)
    code = penalty.reason.code if penalty is not None and penalty.reason is not None else ""
    choices = [_(choice) for choice in say.PENALISED.values()]
    happened = event_sentence(penalty) if penalty is not None else say.no_penalty()

    def judge(choice: Any) -> Verdict:
        right = choice == _(say.PENALISED[code])
        return Verdict(right, say.referee_verdict(right, code, happened))

    prompt = say.mao_referee_prompt(entry.notation, " ".join(story))
    return Drill("mao-referee", prompt, "choice", None, judge, choices=choices, cards=[*pile, card])

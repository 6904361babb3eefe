"""Endless practice: random table moments with answers and explanations from the engine.

The web page runs no learner code, so practice is made of questions a
widget can ask: click the cards you may play, choose who moves next, choose
what to say, type a hand's points. Each :class:`Drill` is drawn from a seeded
random stream, builds a real :class:`Round` for its moment, and judges an
answer with a :class:`Verdict` whose sentence comes from the engine's own
explanations wherever the engine has one. The Mao questions live in
``practice_mao.py``; :data:`TOPICS` lists both kinds.

Practice remembers misses: :func:`review_weights` and :func:`review_topic`
bring back, more often, the topics the learner's progress records as
answered wrong (a simple spaced repetition, seeded like everything else).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from maumau_core.course.drills import Drill as Drill
from maumau_core.course.drills import DrillMaker as DrillMaker
from maumau_core.course.drills import Verdict as Verdict
from maumau_core.course.practice_mao import mao_law, mao_referee, mao_words
from maumau_core.course.session import LEARNER
from maumau_core.engine.actions import play
from maumau_core.engine.cards import Card, Rank, Suit, make_deck, sort_hand
from maumau_core.engine.options import OPTIONS
from maumau_core.engine.round import Round
from maumau_core.engine.rules import Rules, preset
from maumau_core.engine.situations import on_its_rank, table
from maumau_core.engine.table_sentences import Seats, event_sentence, seat_label
from maumau_core.i18n import N_
from maumau_core.sentences import practice as say

#: The rule sets practice draws from: they differ in what 7s, 8s and aces do, and in tschau-sepp the 6
#: is the draw card (its 7 is an ordinary card).
PRACTICE_RULES = ("classic", "simple32", "german32", "tschau-sepp")


def rules_label(rules: Rules) -> str:
    """How a question names its rule set: the preset, and any house rule changed from it."""
    house = [(OPTIONS[name].local_label, OPTIONS[name].show(getattr(rules, name))) for name in rules.changes()]
    return say.rules_label(rules.name, house)


def why_playable(round_: Round, card: Card) -> str:
    """The rule that lets ``card`` (one the round allows) go on the pile now: it answers the waiting draw
    card, it is wild, it is of the named suit, or it matches the top card by rank or suit."""
    rules, top = round_.rules, round_.top
    if round_.pending_draw:
        return say.answers_draw_card(card)
    if card.rank is rules.wild_card:
        return say.wild_card(card)
    if round_.named_suit is not None:
        return say.named_suit_card(card, round_.named_suit)
    return say.matches_top(card, top, card.rank is top.rank)


def playable(rng: random.Random, rules: Rules | None = None) -> Drill:
    """Which cards may be played? A plain turn, a suit named by a jack, or a draw card waiting (a 7; a 6 in
    tschau-sepp)."""
    rules = rules or preset(rng.choice(PRACTICE_RULES))
    deck = make_deck(rules.deck_size(2))
    rng.shuffle(deck)
    hand, rest = deck[:5], deck[5:]
    moment = rng.choice(("plain", "plain", "jack", "seven"))
    wanted = {"plain": None, "jack": rules.wild_card, "seven": rules.draw_card}[moment]
    top = next((card for card in rest if card.rank is wanted), rest[0]) if wanted else rest[0]
    round_ = table(
        rules,
        hand,
        top,
        rng=rng,
        suit=rng.choice(list(Suit)) if top.rank is rules.wild_card else None,
        pending_draw=rules.draw_count if top.rank is rules.draw_card and moment == "seven" else 0,
    )
    hand = round_.hands[round_.turn]
    answer = set(round_.playable_cards())

    def judge(picked: Any) -> Verdict:
        chosen = set(picked)
        wrong = sorted(chosen - answer, key=str)
        missed = sorted(answer - chosen, key=str)
        if wrong:
            return Verdict(False, say.cannot_be_played(wrong[0], str(round_.why_not(wrong[0]))))
        if missed:
            return Verdict(False, say.may_be_played_too(missed[0], why_playable(round_, missed[0])))
        blocked = next((card for card in hand if card not in answer), None)
        rule = str(round_.why_not(blocked)) if blocked else say.every_card_fits()
        return Verdict(True, say.playable_right(sort_hand(list(answer)), rule))

    return Drill("playable", say.playable_prompt(rules_label(rules)), "cards", round_, judge, cards=hand)


def next_player(rng: random.Random, rules: Rules | None = None) -> Drill:
    """A special card (or a plain one) is played at a table of 3–5: who moves next?"""
    rules = rules or preset(rng.choice(PRACTICE_RULES))
    players = rng.randint(3, 5)
    deck = make_deck(rules.deck_size(players))
    # The ranks with a power somewhere (a 7 is plain in tschau-sepp, where the 6 makes the next player draw).
    ranks = {Rank.SEVEN, Rank.EIGHT, Rank.JACK, Rank.ACE, rules.draw_card}
    special = [card for card in deck if card.rank in ranks]
    card = rng.choice(special if rng.random() < 0.8 else deck)
    # The learner always plays the card from seat 0, as at the play table where they are player 0 ("you").
    round_ = on_its_rank(rules, card, players=players, turn=LEARNER, rng=rng)
    after = round_.copy()
    events = after.apply(play(LEARNER, card, suit=rng.choice(list(Suit)) if card.rank is Rank.JACK else None))
    answer = after.turn
    seats = Seats.of([seat_label(seat, LEARNER) for seat in range(players)], LEARNER)
    why = " ".join(event_sentence(event, seats) for event in events[1:]) or say.no_power(card, rules_label(rules))
    choices = list(seats.names)

    def judge(choice: Any) -> Verdict:
        if choice == choices[answer]:
            return Verdict(True, say.right(why))
        return Verdict(False, say.moves_next(choices[answer], answer == LEARNER, why))

    return Drill(
        "next", say.next_player_prompt(rules_label(rules), players, card), "choice", round_, judge, choices=choices
    )


def words(rng: random.Random, rules: Rules | None = None) -> Drill:
    """A card is played and some cards are left: what must its player say?"""
    rules = rules or preset(rng.choice(PRACTICE_RULES))
    left = rng.choice((0, 1, 1, 2, 3))
    round_ = table(rules, ["9D"], "9C", fill=left)
    required = round_.required_words(0, [round_.hands[0][0]])
    said = required[0] if required else say.say_nothing()
    r = round_.rules
    choices = list(dict.fromkeys([say.say_nothing(), r.call_one or "Mau", *([r.call_out] if r.call_out else [])]))
    why = say.words_due(left, rules_label(rules), required[0] if required else None)

    def judge(choice: Any) -> Verdict:
        return Verdict(True, say.right(why)) if choice == said else Verdict(False, say.not_quite(why))

    return Drill("words", say.words_prompt(rules_label(rules), left), "choice", round_, judge, choices=choices)


def points_verdict(hand: Sequence[Card], typed: Any) -> Verdict:
    """Judge a typed points total for a hand, showing the count card by card."""
    total = sum(card.points for card in hand)
    text = str(typed).strip()
    if not text.isdigit():
        return Verdict(False, say.whole_number_please())
    if int(text) == total:
        return Verdict(True, say.points_right(hand, total))
    return Verdict(False, say.points_wrong(hand, total))


def points(rng: random.Random, rules: Rules | None = None) -> Drill:
    """Type the points of a hand left at the end of a round (counted alike in every rule set that counts)."""
    hand = sort_hand(rng.sample(make_deck(52), rng.randint(2, 5)))
    return Drill("points", say.points_prompt(), "number", None, lambda typed: points_verdict(hand, typed), cards=hand)


#: Practice topics: the key saved with progress -> (the name the page shows, as an English message to translate
#: where shown, and the question maker).
TOPICS: dict[str, tuple[str, DrillMaker]] = {
    "playable": (N_("May I play it?"), playable),
    "next": (N_("Who moves next?"), next_player),
    "words": (N_("What do I say?"), words),
    "points": (N_("Count the points"), points),
    "mao-law": (N_("Mao: may it be played?"), mao_law),
    "mao-words": (N_("Mao: what must be said?"), mao_words),
    "mao-referee": (N_("Mao: what was penalised?"), mao_referee),
}

#: How much a topic's unmade-good misses raise its weight in a review, and the most misses that count
#: (so one bad day does not crowd out every other topic for weeks).
MISS_WEIGHT = 2
MISSES_COUNTED = 4


def review_weights(misses: Mapping[str, int]) -> dict[str, int]:
    """Each topic's weight in a mixed review: 1, plus ``MISS_WEIGHT`` for each wrong answer not yet made
    good by a right one (see :meth:`maumau_core.course.progress.Progress.answer`), up to ``MISSES_COUNTED``."""
    return {topic: 1 + MISS_WEIGHT * min(max(misses.get(topic, 0), 0), MISSES_COUNTED) for topic in TOPICS}


def review_topic(rng: random.Random, misses: Mapping[str, int]) -> str:
    """The topic of a review's next question, drawn by :func:`review_weights` (so missed topics come back
    more often, and every topic still comes now and then)."""
    weights = review_weights(misses)
    return rng.choices(list(weights), weights=list(weights.values()))[0]
